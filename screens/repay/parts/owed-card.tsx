/**
 * The card of what is owed on repay detail (repay-detail.tsx), from the repayment view's detail.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { RepaymentDetail } from '../../../machines/repayment/repayment-context'
import { Money } from '../../../ui/display'
import { DayText, useDisplayText } from '../../shared/display-text'

/**
 * What is owed, line by line as the server's `breakdown` has it: principal + interest to date + penalties accrued
 * − written off − paid = the amount due. The interest not earned yet (not owed if repaid in full today) and the
 * penalty of one more day sit apart, since they are not part of that sum. At the charges cap one message says that
 * no more penalty or extension fee is added, with the cap.
 */
export function Owed({ detail }: { detail: RepaymentDetail }): ReactElement {
  const { t } = useTranslation()
  const { money } = useDisplayText()
  const b = detail.breakdown
  const overdue = detail.overdueDays > 0
  const capped = detail.chargesCap.reached
  const cap = capped ? detail.chargesCap.capMinor : null
  return (
    // The brand colour is for a loan in good standing; an overdue or capped one reads on the plain card.
    <section className={overdue || capped ? 'k-card' : 'k-card k-card--brand'} aria-labelledby="k-owed">
      <h2 id="k-owed" className="k-section-title">
        {t('repay.detail.due')}
      </h2>
      <p className="k-amount">
        <Money minor={detail.balance.totalMinor} className="k-money" />
      </p>
      {overdue && (
        <p className="k-notice k-notice--danger">
          {t(capped ? 'repay.detail.overdueCapped' : 'repay.detail.overdue', { count: detail.overdueDays })}
        </p>
      )}
      {cap !== null && <p className="k-notice">{t('repay.detail.capReached', { cap: money(cap) })}</p>}
      {detail.dueDate && (
        <dl className="k-kv">
          <div>
            <dt>{t('repay.detail.dueDate')}</dt>
            <dd>
              <DayText day={detail.dueDate} />
            </dd>
          </div>
        </dl>
      )}
      <dl className="k-kv">
        <div>
          <dt>{t('repay.detail.principal')}</dt>
          <dd>
            <Money minor={b.principalMinor} />
          </dd>
        </div>
        <div>
          <dt>
            {b.interestDays === null
              ? t('repay.detail.interestToDate')
              : t('repay.detail.interestToDate', { count: b.interestDays })}
          </dt>
          <dd>
            <Money minor={b.interestToDateMinor} />
          </dd>
        </div>
        {(overdue || b.penaltyAccruedMinor > 0) && (
          <div>
            <dt>{t('repay.detail.penaltyAccrued')}</dt>
            <dd>
              <Money minor={b.penaltyAccruedMinor} />
            </dd>
          </div>
        )}
        {b.penaltyWrittenOffMinor > 0 && (
          <div>
            <dt>{t('repay.detail.reduction')}</dt>
            <dd>
              <Money minor={-b.penaltyWrittenOffMinor} />
            </dd>
          </div>
        )}
        {b.paidMinor > 0 && (
          <div>
            <dt>{t('repay.detail.paid')}</dt>
            <dd>
              <Money minor={-b.paidMinor} />
            </dd>
          </div>
        )}
        <div className="k-kv__total">
          <dt>{t('repay.detail.due')}</dt>
          <dd>
            <Money minor={b.dueMinor} />
          </dd>
        </div>
      </dl>
      {(b.interestNotYetEarnedMinor > 0 || (overdue && !capped)) && (
        <dl className="k-kv">
          {b.interestNotYetEarnedMinor > 0 && (
            <div>
              <dt>{t('repay.detail.interestNotYetEarned')}</dt>
              <dd>
                <Money minor={b.interestNotYetEarnedMinor} />
              </dd>
            </div>
          )}
          {overdue && !capped && (
            <div>
              <dt>{t('repay.detail.penaltyPerDay')}</dt>
              <dd>
                <Money minor={detail.penaltyPerDayMinor} />
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  )
}
