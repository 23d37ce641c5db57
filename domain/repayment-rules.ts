/**
 * Which repayment amounts a borrower may enter (spec §5 "Repayment amount", decisions.md "Repayment"):
 * - exactly the remaining balance, whatever it is (an odd amount, or less than the floor), or
 * - a partial payment: whole currency units, at least 1,000 units (the floor), at least the product's minimum,
 *   and a multiple of the product's unit (default 100 units);
 * - never above the remaining balance. Early repayment costs nothing extra.
 * The result is null (accepted) or the i18n key of the first rule broken.
 */
import { REPAYMENT_FLOOR_UNITS } from './product'

export type RepaymentProblem =
  | 'validation.repay.notInteger'
  | 'validation.repay.belowFloor'
  | 'validation.repay.belowMinimum'
  | 'validation.repay.notMultiple'
  | 'validation.repay.aboveBalance'

export function checkRepaymentAmount(input: {
  amountMinor: number
  remainingMinor: number
  productMinMinor: number
  unitMinor: number
  minorPerUnit: number
}): null | RepaymentProblem {
  const { amountMinor, remainingMinor, productMinMinor, unitMinor, minorPerUnit } = input
  if (!Number.isSafeInteger(amountMinor)) return 'validation.repay.notInteger'
  if (amountMinor > remainingMinor) return 'validation.repay.aboveBalance'
  if (amountMinor > 0 && amountMinor === remainingMinor) return null
  if (amountMinor % minorPerUnit !== 0) return 'validation.repay.notInteger'
  if (amountMinor < REPAYMENT_FLOOR_UNITS * minorPerUnit) return 'validation.repay.belowFloor'
  if (amountMinor < productMinMinor) return 'validation.repay.belowMinimum'
  if (amountMinor % unitMinor !== 0) return 'validation.repay.notMultiple'
  return null
}
