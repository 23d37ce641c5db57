/**
 * The books' tables: the settlement per provider, UTC day and direction (what the provider moved against what the
 * ledger booked), the journal's daily totals per account, and the receipts waiting in suspense.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { BooksPage } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { Button } from '../../../ui/button'
import { formatDateTime } from '../../../ui/format'
import { DataTable } from './data-table'

export function SettlementTable({ page }: { page: BooksPage }): ReactElement {
  const { t, i18n } = useTranslation()
  const money = (minor: number, currency: string) =>
    currency ? formatMoney(minor, currency, i18n.language) : minor
  return (
    <DataTable
      id="books-settlement"
      title={t('console.books.settlement', { count: page.settlement.differences })}
      empty={t('console.books.noMovements')}
      head={['day', 'provider', 'direction', 'providerMoved', 'ledgerBooked', 'difference'].map((h) =>
        t(`console.books.column.${h}`),
      )}
      rows={page.settlement.rows.map((r) => [
        r.day,
        r.provider,
        t(`console.books.direction.${r.direction}`),
        `${money(r.providerMinor, r.currency)} (${r.providerCount})`,
        `${money(r.ledgerMinor, r.currency)} (${r.ledgerCount})`,
        r.differenceMinor === 0 ? '0' : <strong>{money(r.differenceMinor, r.currency)}</strong>,
      ])}
    />
  )
}

export function TotalsTable({ page }: { page: BooksPage }): ReactElement {
  const { t, i18n } = useTranslation()
  return (
    <DataTable
      id="books-totals"
      title={t('console.books.totals')}
      empty={t('console.books.noEntries')}
      head={['day', 'account', 'debit', 'credit', 'entries'].map((h) => t(`console.books.column.${h}`))}
      rows={page.totals.map((r) => [
        r.day,
        r.account,
        formatMoney(r.debitMinor, r.currency, i18n.language),
        formatMoney(r.creditMinor, r.currency, i18n.language),
        r.entries,
      ])}
    />
  )
}

/** The receipts in suspense; with `onResolve`, a Resolve button on each. */
export function SuspenseList({
  page,
  onResolve,
}: {
  page: BooksPage
  onResolve?: (id: number) => void
}): ReactElement {
  const { t, i18n } = useTranslation()
  const head = ['received', 'provider', 'receipt', 'amount', ...(onResolve ? ['resolve'] : [])]
  return (
    <DataTable
      id="books-suspense"
      title={t('console.books.suspense', { count: page.suspense.length })}
      empty={t('console.books.noSuspense')}
      head={head.map((h) => t(`console.books.column.${h}`))}
      rows={page.suspense.map((r) => [
        formatDateTime(r.at, i18n.language, 'UTC'),
        r.provider,
        r.receipt,
        formatMoney(r.amountMinor, r.currency, i18n.language),
        ...(onResolve
          ? [
              <Button
                key="resolve"
                variant="secondary"
                onClick={() => onResolve(r.id)}
                aria-label={t('console.books.resolve.button', { receipt: r.receipt })}
              >
                {t('console.books.resolve.short')}
              </Button>,
            ]
          : []),
      ])}
    />
  )
}
