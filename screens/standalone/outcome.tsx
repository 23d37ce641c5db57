/**
 * outcome — what a money event did, right after it (issue 13; docs/decisions.md "Outcome screens"): the money sent
 * (the order moved from 7 to 2), a payment received (the loan repaid in full, or in part), the rollover done, the
 * loan cancelled. It shows the event's amount and, from the order read just after it, what is still owed and by
 * when, or that a new loan may be applied for — every figure the server's, from the journey's `context.outcome`.
 * Continue sends 'outcome.dismissed'; the journey opens what the order's status names (repay detail while a loan is
 * owed, else home).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { LoanOutcome } from '../../machines/loan-outcome'
import { Button } from '../../ui/button'
import { Money } from '../../ui/display'
import { Icon } from '../../ui/icons'
import { KvLine } from '../../ui/kv-line'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectOutcome } from '../shared/journey-selectors'
import { DayText, useDisplayText } from '../shared/display-text'

export default function OutcomeScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const outcome = useSelector(journey, selectOutcome)
  const canContinue = useSelector(journey, (s) => s.can({ type: 'outcome.dismissed' }))
  if (!outcome) return <main className="k-page" />
  const { kind } = outcome
  return (
    <main className="k-page">
      <PageHeader title={t(`outcome.${kind}.title`)} />
      <div className="k-stack">
        <section
          className="k-card k-card--brand k-stack k-center"
          role="status"
          aria-labelledby="outcome-heading"
        >
          <Icon name="check" size={48} />
          <h2 className="k-section-title" id="outcome-heading">
            {t(`outcome.${kind}.heading`)}
          </h2>
          <p className="k-muted">{t(`outcome.${kind}.amount`)}</p>
          <p className="k-amount">
            <Money minor={outcome.amountMinor} className="k-money" />
          </p>
        </section>
        <dl className="k-kv k-card">
          <KvLine label={t('outcome.orderNo')}>{outcome.orderNo}</KvLine>
          {outcome.remainingMinor !== null && (
            <KvLine label={t('outcome.remaining')}>
              <Money minor={outcome.remainingMinor} />
            </KvLine>
          )}
          {outcome.dueDate && (
            <KvLine label={t('outcome.dueDate')}>
              <DayText day={outcome.dueDate} />
            </KvLine>
          )}
        </dl>
        <section className="k-card k-stack" aria-labelledby="outcome-next">
          <h2 className="k-section-title" id="outcome-next">
            {t('outcome.nextTitle')}
          </h2>
          <NextStep outcome={outcome} />
        </section>
        <div className="k-actions">
          <Button block disabled={!canContinue} onClick={() => journey.send({ type: 'outcome.dismissed' })}>
            {t('outcome.continue')}
          </Button>
        </div>
      </div>
    </main>
  )
}

/** What happens next, in one sentence with the server's figures. */
function NextStep({ outcome }: { outcome: LoanOutcome }): ReactElement {
  const { t } = useTranslation()
  const { money, day } = useDisplayText()
  const { kind, remainingMinor, dueDate, canApplyAgain } = outcome
  if (kind === 'repaidInFull' || kind === 'cancelled')
    return <p>{t(canApplyAgain ? `outcome.${kind}.next` : `outcome.${kind}.nextClosed`)}</p>
  if (remainingMinor === null || !dueDate) return <p>{t('outcome.seeLoan')}</p>
  return <p>{t(`outcome.${kind}.next`, { amount: money(remainingMinor), date: day(dueDate) })}</p>
}
