/**
 * The repayment machine's input, context, events and output (machines/repayment.machine.ts).
 */
import type { RepaymentDetail as ApiRepaymentDetail, RepayProduct } from '../../domain/api-types'
import type { Message, ServerTime } from '../kit/call-failure'
import type { PaymentOrder } from '../payment-order.machine'

export interface RepaymentInput {
  orderNo: string
}

/** The repay detail as the server sends it (domain/api-types.ts), with the clocks of its answer. */
export type RepaymentDetail = ApiRepaymentDetail & ServerTime

export interface RepaymentContext {
  /** The order being repaid: the journey's, or another with something to repay that the borrower chose. */
  orderNo: string
  /** The journey's order (the input): its rollover is the one repay detail offers. */
  entryOrderNo: string
  /** The borrower's orders with something to repay (/loanMarket/repay/products); empty until read. */
  repayables: RepayProduct[]
  detail: RepaymentDetail | null
  /** What the borrower typed, and its value in minor units (null when it is not a number). */
  amountText: string
  amountMinor: number | null
  channelId: string | null
  payment: PaymentOrder | null
  fieldErrors: { amountMinor?: Message; channelId?: Message }
  error: Message | null
}

export type RepaymentEvent =
  | { type: 'amount.changed'; text: string }
  | { type: 'amount.full' }
  | { type: 'channel.chosen'; channelId: string }
  | { type: 'repayment.submitted' }
  | { type: 'payment.checked' }
  | { type: 'repayment.retried' }
  | { type: 'detail.retried' }
  | { type: 'app.foregrounded'; at: number }
  | { type: 'repayment.orderChosen'; orderNo: string }

export type RepaymentOutput = { outcome: 'paid'; amountMinor: number } | { outcome: 'sessionEnded' }
