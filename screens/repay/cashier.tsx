/**
 * cashier — a repayment pushed to the borrower's phone: approve it there; the screen shows the amount, the time
 * left of the 15-minute window, and "I have paid" (parts/payment-wait.tsx). A timed-out order returns to the
 * detail with "This order has timed out, please try again".
 */
import type { ReactElement } from 'react'
import type { ScreenProps } from '../screen-props'
import { RepaymentWaiting } from './parts/repayment-waiting'

export default function CashierScreen({ journey }: ScreenProps): ReactElement {
  return <RepaymentWaiting journey={journey} titleKey="repay.cashier.title" />
}
