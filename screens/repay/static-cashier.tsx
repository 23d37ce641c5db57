/**
 * static_cashier — a repayment the borrower pays themselves (pay-bill number, bank reference): the details with
 * copy buttons, the proof checked within 48 hours, the window's time left and "I have paid"
 * (parts/payment-wait.tsx).
 */
import type { ReactElement } from 'react'
import type { ScreenProps } from '../screen-props'
import { RepaymentWaiting } from './parts/repayment-waiting'

export default function StaticCashierScreen({ journey }: ScreenProps): ReactElement {
  return <RepaymentWaiting journey={journey} titleKey="repay.static.screenTitle" />
}
