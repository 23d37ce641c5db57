/**
 * The books' tables: the settlement per provider, UTC day and direction (what the provider moved against what the
 * ledger booked), the journal's daily totals per account, and the receipts waiting in suspense.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BooksPage } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { formatDateTime } from '../../../ui/format'

function Table({
  id,
  title,
  empty,
  head,
  rows,
}: {
  id: string
  title: string
  empty: string
  head: string[]
  rows: ReactNode[][]
}): ReactElement {
  return (
    <section className="k-card k-stack" aria-labelledby={id}>
      <h2 id={id} className="k-section-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="k-muted">{empty}</p>
      ) : (
        <div className="c-table-scroll" tabIndex={0}>
          <table className="c-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function SettlementTable({ page }: { page: BooksPage }): ReactElement {
  const { t, i18n } = useTranslation()
  const money = (minor: number, currency: string) =>
    currency ? formatMoney(minor, currency, i18n.language) : minor
  return (
    <Table
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
    <Table
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

export function SuspenseList({ page }: { page: BooksPage }): ReactElement {
  const { t, i18n } = useTranslation()
  return (
    <Table
      id="books-suspense"
      title={t('console.books.suspense', { count: page.suspense.length })}
      empty={t('console.books.noSuspense')}
      head={['received', 'provider', 'receipt', 'amount'].map((h) => t(`console.books.column.${h}`))}
      rows={page.suspense.map((r) => [
        formatDateTime(r.at, i18n.language, 'UTC'),
        r.provider,
        r.receipt,
        formatMoney(r.amountMinor, r.currency, i18n.language),
      ])}
    />
  )
}
