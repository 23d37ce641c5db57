/**
 * Applying money to a loan, one rule for both ways it arrives: a repayment a provider moved (server/loans/service.ts,
 * debited from the provider's clearing account) and a receipt in suspense that staff apply to an order
 * (server/console/actions.ts, debited from suspense). Both book the same two entries — the interest not earned by
 * `asOf` taken back off the receivables when the loan is repaid in full early, then the amount allocated penalty →
 * interest → principal (domain/pricing.ts applyPaymentOn), with what was received beyond it owed back — and leave
 * the order with the same dues; repaid to zero, the order finishes.
 */
import { applyPaymentOn, balanceOf, type IsoDate, type LoanState } from '../../domain/pricing'
import type { Account } from '../db/schema/loans'
import type { EntryInput } from '../money/ledger'
import type { OrderChanges, OrderRow } from './lifecycle'

export interface RepaymentBooking {
  /** The interest rebate (all lines zero, and so dropped, unless the loan is repaid in full before its term). */
  rebate: EntryInput
  /** The repayment: `from` debited with what was received, the receivables credited, any excess owed back. */
  repayment: EntryInput
  /** The order's loan and dues after it, and what it has been repaid in all. */
  changes: OrderChanges
  /** Nothing is owed any more: the order finishes (`repayment.full`), else `repayment.partial`. */
  full: boolean
}

export function repaymentBooking(o: {
  order: Pick<OrderRow, 'id' | 'currency' | 'repaidMinor'>
  loan: LoanState
  /** Applied to the loan: at most what it owes on `asOf`. */
  amountMinor: number
  /** What was received (at least `amountMinor`); the difference is owed back to the payer (refundDue). */
  receivedMinor: number
  asOf: IsoDate
  at: Date
  key: string
  /** The provider movement it books, when it is one. */
  transferId?: number
  from: Account
}): RepaymentBooking {
  const { loan: next, allocation, rebate } = applyPaymentOn(o.loan, o.amountMinor, o.asOf)
  const base = { orderId: o.order.id, currency: o.order.currency, at: o.at }
  const b = balanceOf(next)
  return {
    rebate: {
      ...base,
      kind: 'interestRebate',
      key: `interestRebate:${o.order.id}`,
      lines: [
        { account: 'income.interest', debitMinor: rebate.totalMinor },
        { account: 'receivable.interest', creditMinor: rebate.interestMinor },
        { account: 'receivable.principal', creditMinor: rebate.principalMinor },
      ],
    },
    repayment: {
      ...base,
      kind: 'repayment',
      key: o.key,
      ...(o.transferId !== undefined ? { transferId: o.transferId } : {}),
      lines: [
        { account: o.from, debitMinor: o.receivedMinor },
        { account: 'receivable.penalty', creditMinor: allocation.penaltyMinor },
        { account: 'receivable.interest', creditMinor: allocation.interestMinor },
        { account: 'receivable.principal', creditMinor: allocation.principalMinor },
        { account: 'refundDue', creditMinor: o.receivedMinor - o.amountMinor },
      ],
    },
    changes: {
      loan: next,
      principalDueMinor: b.principalMinor,
      interestDueMinor: b.interestMinor,
      penaltyDueMinor: b.penaltyMinor,
      repaidMinor: o.order.repaidMinor + o.amountMinor,
    },
    full: b.totalMinor === 0,
  }
}
