/**
 * The cashier screens (push and pay-at-reference): the payment order while it waits, or — when the journey shows
 * this route before the repayment child has a payment (it then moves to the detail) — the form to start one.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { repaymentView } from '../../../machines/repayment.machine'
import { PageHeader } from '../../../ui/page-header'
import type { ScreenProps } from '../../screen-props'
import { useView } from '../../shared/use-view'
import { PaymentWait } from './payment-wait'
import { RepayForm, type RepaymentRef } from './repay-form'

export function RepaymentWaiting({ journey, titleKey }: ScreenProps & { titleKey: string }): ReactElement {
  const { t } = useTranslation()
  const repayment = useSelector(journey, (s) => s.children.repayment)
  return (
    <main className="k-page">
      <PageHeader title={t(titleKey)} />
      {repayment && <Waiting repayment={repayment} />}
    </main>
  )
}

function Waiting({ repayment }: { repayment: RepaymentRef }): ReactElement | null {
  const paymentOrder = useSelector(repayment, (s) => s.children.paymentOrder)
  const view = useView(repayment, repaymentView)
  if (!paymentOrder) return <RepayForm view={view} repayment={repayment} />
  return (
    <PaymentWait
      paymentOrder={paymentOrder}
      channels={view.detail?.channels}
      onPaid={() => repayment.send({ type: 'payment.checked' })}
    />
  )
}
