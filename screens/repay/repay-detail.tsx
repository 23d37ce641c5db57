/**
 * repay_detail — what is owed, line by line as the server's breakdown has it (principal, interest to date,
 * penalties accrued, written off under the charges cap, paid, adding up to the amount due), the due date, overdue
 * days with the daily penalty (or, once the charges cap is reached, that no more is added, and the cap), the
 * installments, the form to pay (parts/repay-form.tsx), and the rollover when
 * the order allows one, and a link to the loan's signed contract. A borrower with more than one loan to repay
 * picks which one first (parts/repayable-choice.tsx). A failed pay-out (10) is explained here instead, with
 * "Edit" to correct the wallet (decisions: the same order is sent back to assessment).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { showsEntryOrder, type RepaymentDetail } from '../../machines/repayment.machine'
import { lifecycleOf } from '../../machines/latest-order'
import { Button } from '../../ui/button'
import { Money } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { JourneyRef, ScreenProps } from '../screen-props'
import { DayText, useDisplayText } from '../shared/display-text'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { InstallmentList } from './parts/installment-list'
import { RepayForm, type RepaymentRef } from './parts/repay-form'
import { RepayableChoice } from './parts/repayable-choice'
import { routeTo } from '../shared/route-to'

export default function RepayDetailScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const payoutFailed = useSelector(journey, (s) => lifecycleOf(s.context.order).hasTag('payoutFailed'))
  const repayment = useSelector(journey, (s) => s.children.repayment)
  const canExtend = useSelector(journey, (s) =>
    s.can(routeTo('exhibitionPeriodDetail')),
  )
  const canEditWallet = useSelector(journey, (s) => s.can(routeTo('addBankCard')))
  return (
    <main className="k-page">
      <PageHeader
        title={t('repay.detail.title')}
        onBack={() => journey.send(routeTo('home'))}
      />
      {payoutFailed ? (
        <section className="k-card k-stack" role="alert">
          <h2 className="k-section-title">{t('repay.failed.title')}</h2>
          <p>{t('repay.failed.text')}</p>
          <Button
            block
            disabled={!canEditWallet}
            onClick={() => journey.send(routeTo('addBankCard'))}
          >
            {t('repay.failed.edit')}
          </Button>
        </section>
      ) : (
        repayment && (
          <Detail
            journey={journey}
            repayment={repayment}
            canExtend={canExtend}
            onExtend={() => journey.send(routeTo('exhibitionPeriodDetail'))}
          />
        )
      )}
    </main>
  )
}

function Detail({
  journey,
  repayment,
  canExtend,
  onExtend,
}: {
  journey: JourneyRef
  repayment: RepaymentRef
  canExtend: boolean
  onExtend: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const detail = useSelector(repayment, (s) => s.context.detail)
  const error = useSelector(repayment, (s) => s.context.error)
  const loadFailed = useSelector(repayment, (s) => s.hasTag('loadFailed'))
  const editing = useSelector(repayment, (s) => s.hasTag('cashier'))
  const canRetry = useSelector(repayment, (s) => s.can({ type: 'repayment.retried' }))
  // The rollover child extends the journey's own order, so it is offered only while that order is shown.
  const entryOrder = useSelector(repayment, (s) => showsEntryOrder(s.context))
  if (loadFailed)
    return (
      <>
        <RepayableChoice repayment={repayment} />
        <ErrorState
          text={error ? text(error) : undefined}
          onRetry={() => repayment.send({ type: 'detail.retried' })}
        />
      </>
    )
  if (!detail) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <div className="k-stack">
      <RepayableChoice repayment={repayment} />
      <Owed detail={detail} />
      {detail.installments.length > 1 && <InstallmentList installments={detail.installments} />}
      {canRetry && (
        <>
          <MessageNotice message={error} />
          <Button block onClick={() => repayment.send({ type: 'repayment.retried' })}>
            {t('repay.retry')}
          </Button>
        </>
      )}
      {editing && <RepayForm repayment={repayment} />}
      {detail.rollover.available && entryOrder && (
        <Button variant="secondary" block disabled={!canExtend} onClick={onExtend}>
          {t('repay.detail.rollover', { count: detail.rollover.rolloversLeft })}
        </Button>
      )}
      <ContractLink journey={journey} detail={detail} />
    </div>
  )
}

/** The signed contract of the loan shown (the agreement screen, with the order's own figures). */
function ContractLink({
  journey,
  detail,
}: {
  journey: JourneyRef
  detail: RepaymentDetail
}): ReactElement | null {
  const { t } = useTranslation()
  const event = { type: 'contract.opened', loanOrderId: detail.loanOrderId, status: detail.status } as const
  const canOpen = useSelector(journey, (s) => s.can(event))
  if (!canOpen) return null
  return (
    <Button variant="text" onClick={() => journey.send(event)}>
      {t('repay.detail.contract')}
    </Button>
  )
}

/**
 * What is owed, line by line as the server's `breakdown` has it: principal + interest to date + penalties accrued
 * − written off − paid = the amount due. The interest not earned yet (not owed if repaid in full today) and the
 * penalty of one more day sit apart, since they are not part of that sum. At the charges cap one message says that
 * no more penalty or extension fee is added, with the cap.
 */
function Owed({ detail }: { detail: RepaymentDetail }): ReactElement {
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
