/**
 * rollover — paying the rollover's fee: the payment order with its 15-minute window (parts/payment-wait.tsx);
 * the due date moves once the server confirms the payment. Before a payment exists it shows the offer
 * (parts/rollover-offer.tsx), which the machine refuses when no rollover is left.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { PaymentWait } from './parts/payment-wait'
import { RolloverOffer, type RolloverRef } from './parts/rollover-offer'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'
import { rolloverView } from '../../machines/rollover.machine'

export default function RolloverScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const rollover = useSelector(journey, (s) => s.children.rollover)
  return (
    <main className="k-page">
      <PageHeader title={t('repay.rollover.title')} />
      {rollover && <Paying rollover={rollover} onDone={() => journey.send(routeTo('repayDetail'))} />}
    </main>
  )
}

function Paying({ rollover, onDone }: { rollover: RolloverRef; onDone: () => void }): ReactElement {
  const { paymentOrder, extension } = useView(rollover, rolloverView)
  if (!paymentOrder) return <RolloverOffer rollover={rollover} onDone={onDone} onRepay={onDone} />
  return (
    <PaymentWait
      paymentOrder={paymentOrder}
      channels={extension?.channels}
      onPaid={() => rollover.send({ type: 'payment.checked' })}
    />
  )
}
