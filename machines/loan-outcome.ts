/**
 * The outcome screen's figures (docs/decisions.md "Outcome screens"): what a money event did and what happens
 * next, from what its child reported (the payment order's amount, the rollover's new due date) and the latest
 * order the journey read right after it (what is still owed, the next due date, whether a new loan may be applied
 * for). Every figure is the server's: nothing is computed here but which of them to show. Pure: no I/O.
 */
import type { LatestOrder } from '../domain/api-types'
import type { CurrencyCode } from '../domain/countries'
import type { IsoDate } from '../domain/pricing'
import { canApply, lifecycleOf } from './latest-order'
import { isOpenStatus } from './order-lifecycle/order-policy'

/** What a child (or an order reading) reported, before the order is read to complete the figures. */
export type OutcomeNews =
  /** The order the journey knew as approved or on its way (14, 18, 7) is now being repaid (2). */
  | { kind: 'moneySent' }
  /** A repayment's payment order was paid: its amount. */
  | { kind: 'repaid'; paidMinor: number }
  /** A rollover's fee was paid: its amount and the due date the offer named. */
  | { kind: 'rolledOver'; feeMinor: number; newDueDate: IsoDate }
  /** The borrower cancelled the approved order. */
  | { kind: 'cancelled' }

export type OutcomeKind = 'moneySent' | 'repaidInFull' | 'repaidInPart' | 'rolledOver' | 'cancelled'

/** What the outcome screen shows. */
export interface LoanOutcome {
  kind: OutcomeKind
  orderNo: string
  currency: CurrencyCode
  /**
   * The event's own amount: what reached the wallet (moneySent), what was paid (repaidInFull, repaidInPart), the
   * rollover fee paid (rolledOver), the amount of the cancelled loan (cancelled).
   */
  amountMinor: number
  /** What is still owed now (moneySent, repaidInPart, rolledOver); null when nothing is. */
  remainingMinor: number | null
  /** By when to repay it (moneySent, repaidInPart, rolledOver: the new due date); null when nothing is owed. */
  dueDate: IsoDate | null
  /** The borrower may apply for a new loan now (repaidInFull, cancelled). */
  canApplyAgain: boolean
}

/**
 * The outcome of `news` with the order as read right after it (at `now`, server time), or null when there is no
 * order to take the figures from (the journey then opens what the status names, as before outcome screens).
 */
export function outcomeOf(news: OutcomeNews, order: LatestOrder | null, now: number): LoanOutcome | null {
  if (!order) return null
  const owing = isOpenStatus(order.status)
  const base = {
    orderNo: order.orderNo,
    currency: order.currency,
    remainingMinor: owing ? order.remainingMinor : null,
    dueDate: owing ? order.dueDate : null,
    canApplyAgain: canApply(order, now),
  }
  switch (news.kind) {
    case 'moneySent':
      return { ...base, kind: 'moneySent', amountMinor: order.disbursalMinor ?? order.amountMinor }
    case 'repaid':
      return { ...base, kind: owing ? 'repaidInPart' : 'repaidInFull', amountMinor: news.paidMinor }
    case 'rolledOver':
      return { ...base, kind: 'rolledOver', amountMinor: news.feeMinor, dueDate: base.dueDate ?? news.newDueDate }
    case 'cancelled':
      return { ...base, kind: 'cancelled', amountMinor: order.amountMinor, remainingMinor: null, dueDate: null }
  }
}

/** An order on its way to the wallet: approved (14, 18: may be confirmed) or confirmed (7: paying out). */
function beforePayOut(order: LatestOrder): boolean {
  const lifecycle = lifecycleOf(order)
  return lifecycle.hasTag('canConfirm') || lifecycle.hasTag('payingOut')
}

/**
 * A reading shows the money sent: the order the journey knew was approved or on its way, and the same order is
 * now being repaid (2). A start-up read is never news (the journey knew no order then).
 */
export function isMoneySent(known: LatestOrder | null, read: LatestOrder | null): boolean {
  return (
    !!known &&
    !!read &&
    beforePayOut(known) &&
    read.loanOrderId === known.loanOrderId &&
    lifecycleOf(read).value === 'repaying'
  )
}
