/** An order's journal entries, line by line, and the assessment's decision with each rule's points and reason. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { DecisionView, OrderStory } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { formatDateTime } from '../../../ui/format'
import { DataTable } from './data-table'

export function LedgerTable({ story }: { story: OrderStory }): ReactElement {
  const { t, i18n } = useTranslation()
  const money = (minor: number) => (minor === 0 ? '' : formatMoney(minor, story.currency, i18n.language))
  return (
    <DataTable
      id="order-ledger"
      title={t('console.loans.ledger')}
      empty={t('console.loans.nothing')}
      head={['at', 'entry', 'account', 'debit', 'credit'].map((h) => t(`console.loans.column.${h}`))}
      rows={story.ledger.flatMap((entry) =>
        entry.lines.map((line, i) => [
          i === 0 ? formatDateTime(entry.at, i18n.language, 'UTC') : '',
          i === 0 ? entry.kind : '',
          line.account,
          money(line.debitMinor),
          money(line.creditMinor),
        ]),
      )}
    />
  )
}

export function DecisionCard({
  decision,
  currency,
}: {
  decision: DecisionView
  currency: string
}): ReactElement {
  const { t, i18n } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby="order-decision">
      <h2 id="order-decision" className="k-section-title">
        {t('console.loans.decision')}
      </h2>
      <p className={decision.decision === 'approve' ? 'k-notice' : 'k-notice c-alarm'}>
        {t(`console.loans.decided.${decision.decision}`, {
          points: decision.points,
          approveAt: decision.approveAt,
          limit: formatMoney(decision.limitMinor, currency, i18n.language),
        })}
      </p>
      <p>{decision.outcome}</p>
      <ul className="c-problems">
        {decision.lines.map((line) => (
          <li key={line.rule}>{t('console.loans.rule', { points: line.points, reason: line.reason })}</li>
        ))}
        {decision.refusals.map((refusal) => (
          <li key={refusal}>
            <strong>{refusal}</strong>
          </li>
        ))}
      </ul>
      {decision.identity && (
        <p className="k-small">
          {t('console.loans.identity', {
            vendor: decision.identity.vendor,
            result: decision.identity.result,
            score: decision.identity.score === null ? '—' : Math.round(decision.identity.score * 100),
          })}
        </p>
      )}
    </section>
  )
}
