/**
 * repay_detail — what is owed (by kind: penalties, interest, principal), the due date, overdue days with the
 * daily penalty (or, once the charges cap is reached, that no more is added), the reduction (penalties written
 * off under the charges cap), the installments, the form to pay (parts/repay-form.tsx), and the rollover when
 * the order allows one, and a link to the loan's signed contract. A borrower with more than one loan to repay
 * picks which one first (parts/repayable-choice.tsx). A failed pay-out (10) is explained here instead, with
 * "Edit" to correct the wallet (decisions: the same order is sent back to assessment).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { showsEntryOrder, type RepaymentDetail } from '../../machines/repayment.machine'
import { homeStateFor } from '../../src/domain/order-status'
import { Button } from '../../src/ui/button'
import { Money } from '../../src/ui/display'
import { PageHeader } from '../../src/ui/page-header'
import { ErrorState } from '../../src/ui/states'
import type { JourneyRef, ScreenProps } from '../screen-props'
import { DayText } from '../shared/display-text'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { InstallmentList } from './parts/installment-list'
import { RepayForm, type RepaymentRef } from './parts/repay-form'
import { RepayableChoice } from './parts/repayable-choice'

export default function RepayDetailScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const payoutFailed = useSelector(
    journey,
    (s) => !!s.context.order && homeStateFor(s.context.order.status) === 'failed',
  )
  const repayment = useSelector(journey, (s) => s.children.repayment) as RepaymentRef | undefined
  const canExtend = useSelector(journey, (s) =>
    s.can({ type: 'xstate.route', to: '#exhibitionPeriodDetail' }),
  )
  const canEditWallet = useSelector(journey, (s) => s.can({ type: 'xstate.route', to: '#addBankCard' }))
  return (
    <div className="k-page">
      <PageHeader
        title={t('repay.detail.title')}
        onBack={() => journey.send({ type: 'xstate.route', to: '#home' })}
      />
      {payoutFailed ? (
        <section className="k-card k-stack" role="alert">
          <h2 className="k-section-title">{t('repay.failed.title')}</h2>
          <p>{t('repay.failed.text')}</p>
          <Button
            block
            disabled={!canEditWallet}
            onClick={() => journey.send({ type: 'xstate.route', to: '#addBankCard' })}
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
            onExtend={() => journey.send({ type: 'xstate.route', to: '#exhibitionPeriodDetail' })}
          />
        )
      )}
    </div>
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
  const editing = useSelector(repayment, (s) => s.hasTag('canSubmit') || s.matches('creatingOrder'))
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
function ContractLink({ journey, detail }: { journey: JourneyRef; detail: RepaymentDetail }): ReactElement | null {
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

function Owed({ detail }: { detail: RepaymentDetail }): ReactElement {
  const { t } = useTranslation()
  const overdue = detail.overdueDays > 0
  // The charges cap was reached: penalties were written off and another day adds nothing, so the notice must
  // not say that a penalty is still added each day.
  const capped = overdue && detail.penaltyPerDayMinor === 0 && detail.reductionMinor > 0
  return (
    <section className={overdue ? 'k-card' : 'k-card k-card--brand'} aria-labelledby="k-owed">
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
      <dl className="k-kv">
        {detail.dueDate && (
          <div>
            <dt>{t('repay.detail.dueDate')}</dt>
            <dd>
              <DayText day={detail.dueDate} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('repay.detail.principal')}</dt>
          <dd>
            <Money minor={detail.balance.principalMinor} />
          </dd>
        </div>
        <div>
          <dt>{t('repay.detail.interest')}</dt>
          <dd>
            <Money minor={detail.balance.interestMinor} />
          </dd>
        </div>
        <div>
          <dt>{t('repay.detail.penalty')}</dt>
          <dd>
            <Money minor={detail.balance.penaltyMinor} />
          </dd>
        </div>
        {overdue && (
          <div>
            <dt>{t('repay.detail.penaltyPerDay')}</dt>
            <dd>
              <Money minor={detail.penaltyPerDayMinor} />
            </dd>
          </div>
        )}
        {detail.reductionMinor > 0 && (
          <div>
            <dt>{t('repay.detail.reduction')}</dt>
            <dd>
              <Money minor={-detail.reductionMinor} />
            </dd>
          </div>
        )}
        {detail.paidMinor > 0 && (
          <div>
            <dt>{t('repay.detail.paid')}</dt>
            <dd>
              <Money minor={detail.paidMinor} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}
