/**
 * Repayment: the amount a borrower enters (spec §5 via repayment-rules.ts `checkRepaymentAmount`), the channel
 * ("channelId cannot be empty"), the order ("orderNo cannot be empty") and the pay order the cashier shows
 * ("payOrderId cannot be empty please try again"); and the rollover (7-day extension) calls.
 */
import * as v from 'valibot'
import { checkRepaymentAmount } from '../repayment-rules'
import { REQUIRED, channelId, orderNo, payOrderId } from './common'

/** What the server knows about the order when it checks an amount (from the repayment detail). */
export interface RepaymentLimits {
  readonly remainingMinor: number
  readonly productMinMinor: number
  readonly unitMinor: number
  readonly minorPerUnit: number
}

/**
 * POST /portal/repayment/confirm: pay `amountMinor` of order `orderNo` through channel `channelId`. Without limits
 * the amount must be a positive whole number of minor units; with them, every rule of checkRepaymentAmount.
 */
export function repaymentSchema(limits?: RepaymentLimits) {
  return v.pipe(
    v.object(
      {
        orderNo: orderNo(),
        amountMinor: v.pipe(
          v.number('validation.repay.amountRequired'),
          v.safeInteger('validation.repay.notInteger'),
          v.minValue(1, 'validation.repay.amountRequired'),
        ),
        channelId: channelId(),
      },
      REQUIRED,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const value = dataset.value as { amountMinor?: unknown }
      if (!limits || typeof value.amountMinor !== 'number') return
      const problem = checkRepaymentAmount({ amountMinor: value.amountMinor, ...limits })
      if (problem === null) return
      addIssue({
        message: problem,
        path: [{ type: 'object', origin: 'value', input: value, key: 'amountMinor', value: value.amountMinor }],
      })
    }),
  )
}

/** The values the repayment messages interpolate: {{min}} and {{unit}} in whole currency units. */
export function repaymentMessageValues(limits: RepaymentLimits): { min: number; unit: number } {
  return {
    min: limits.productMinMinor / limits.minorPerUnit,
    unit: limits.unitMinor / limits.minorPerUnit,
  }
}

/** A pay order the cashier shows or polls. */
export function payOrderQuery() {
  return v.object({ payOrderId: payOrderId() }, REQUIRED)
}

/** Confirm a rollover: pay its fee through a channel (GET /repay/confirmExtensionOrder). */
export function rolloverConfirmSchema() {
  return v.object({ orderNo: orderNo(), channelId: channelId() }, REQUIRED)
}

export type RepaymentInput = v.InferInput<ReturnType<typeof repaymentSchema>>
