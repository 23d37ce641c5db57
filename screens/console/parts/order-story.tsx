/**
 * An order's story: what it is now (status, amounts, dates), every status change, every transfer and its state,
 * the schedule, the journal's entries, and the decision for members who may read it.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderStory } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { Button } from '../../../ui/button'
import { formatDateTime } from '../../../ui/format'
import { DataTable } from './data-table'
import { DecisionCard, LedgerTable } from './order-ledger'

export function OrderStoryView({
  story,
  timeZone,
  onClose,
  actions,
}: {
  story: OrderStory
  timeZone: string
  onClose: () => void
  /** The order's actions and their form (parts/order-actions.tsx). */
  actions?: ReactNode
}): ReactElement {
  const { t, i18n } = useTranslation()
  const money = (minor: number) => formatMoney(minor, story.currency, i18n.language)
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone)
  const figures: [string, string][] = [
    ['requested', money(story.requestedMinor)],
    ['principal', story.principalMinor === null ? '—' : money(story.principalMinor)],
    ['term', t('console.loans.days', { count: story.termDays })],
    ['product', `${story.productId} v${story.productVersion}`],
    ['duePrincipal', money(story.due.principalMinor)],
    ['dueInterest', money(story.due.interestMinor)],
    ['duePenalty', money(story.due.penaltyMinor)],
    ['repaid', money(story.repaidMinor)],
  ]
  const status = (code: number | null) => (code === null ? '—' : t(`console.loans.status.${code}`))
  return (
    <div className="k-stack">
      <section className="k-card k-stack" aria-labelledby="order-title">
        <h2 id="order-title" className="k-section-title">
          {t('console.loans.order', { orderNo: story.orderNo })}
        </h2>
        <p>
          <strong>{status(story.status)}</strong> · {story.borrower.name ?? t('console.loans.noName')} ·{' '}
          {story.borrower.mobile}
        </p>
        <dl className="c-figures">
          {figures.map(([name, value]) => (
            <div key={name}>
              <dt>{t(`console.loans.figure.${name}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Button variant="secondary" onClick={onClose}>
          {t('console.loans.back')}
        </Button>
      </section>
      {actions}
      {story.decision && <DecisionCard decision={story.decision} currency={story.currency} />}
      <DataTable
        id="order-timeline"
        title={t('console.loans.timeline')}
        empty={t('console.loans.nothing')}
        head={['at', 'from', 'to', 'event'].map((h) => t(`console.loans.column.${h}`))}
        rows={story.timeline.map((e) => [when(e.at), status(e.from), status(e.to), e.event])}
      />
      <DataTable
        id="order-transfers"
        title={t('console.loans.transfers')}
        empty={t('console.loans.nothing')}
        head={['created', 'reference', 'purpose', 'provider', 'state', 'amount', 'moved'].map((h) =>
          t(`console.loans.column.${h}`),
        )}
        rows={story.transfers.map((x) => [
          when(x.createdAt),
          x.reference,
          x.purpose,
          x.provider,
          x.failureReason ? `${x.state} (${x.failureReason})` : x.state,
          money(x.amountMinor),
          x.movedMinor === null ? '—' : money(x.movedMinor),
        ])}
      />
      <DataTable
        id="order-schedule"
        title={t('console.loans.schedule')}
        empty={t('console.loans.noSchedule')}
        head={['number', 'dueDate', 'principal', 'interest', 'total'].map((h) =>
          t(`console.loans.column.${h}`),
        )}
        rows={story.schedule.map((i) => [
          i.number,
          i.dueDate,
          money(i.principalMinor),
          money(i.interestMinor),
          money(i.totalMinor),
        ])}
      />
      <LedgerTable story={story} />
    </div>
  )
}
