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
import { repaymentView } from '../../machines/repayment.machine'
import { type RepaymentDetail } from '../../machines/repayment/repayment-context'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { JourneyRef, ScreenProps } from '../screen-props'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { selectPayoutFailed } from '../shared/journey-selectors'
import { useView } from '../shared/use-view'
import { InstallmentList } from './parts/installment-list'
import { RepayForm, type RepaymentRef } from './parts/repay-form'
import { Owed } from './parts/owed-card'
import { RepayableChoice } from './parts/repayable-choice'
import { routeTo } from '../shared/route-to'

export default function RepayDetailScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const payoutFailed = useSelector(journey, selectPayoutFailed)
  const repayment = useSelector(journey, (s) => s.children.repayment)
  const canExtend = useSelector(journey, (s) => s.can(routeTo('exhibitionPeriodDetail')))
  const canEditWallet = useSelector(journey, (s) => s.can(routeTo('addBankCard')))
  return (
    <main className="k-page">
      <PageHeader title={t('repay.detail.title')} onBack={() => journey.send(routeTo('home'))} />
      {payoutFailed ? (
        <section className="k-card k-stack" role="alert">
          <h2 className="k-section-title">{t('repay.failed.title')}</h2>
          <p>{t('repay.failed.text')}</p>
          <Button block disabled={!canEditWallet} onClick={() => journey.send(routeTo('addBankCard'))}>
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
  const view = useView(repayment, repaymentView)
  const { detail, error, loadFailed, editing, canRetry, entryOrder } = view
  if (loadFailed)
    return (
      <>
        <RepayableChoice view={view} repayment={repayment} />
        <ErrorState
          text={error ? text(error) : undefined}
          onRetry={() => repayment.send({ type: 'detail.retried' })}
        />
      </>
    )
  if (!detail) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <div className="k-stack">
      <RepayableChoice view={view} repayment={repayment} />
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
      {editing && <RepayForm view={view} repayment={repayment} />}
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
