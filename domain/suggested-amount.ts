/**
 * The amount to_borrow starts at (issue 13: it started at the borrower's maximum, so the largest loan — and its
 * largest cost — was the one a hurried borrower applied for). Decided in docs/decisions.md "Issue 13":
 *
 * 1. a repeat borrower starts at the amount of their last repaid loan (what they chose before), on the grid and
 *    within today's range;
 * 2. otherwise the lender's own default, when it set one below the maximum;
 * 3. otherwise the middle step of the range (the median of the amounts offered), never the maximum.
 *
 * The borrower can still choose any amount of the range; only the starting point changes.
 */

export interface AmountRange {
  minAmountMinor: number
  maxAmountMinor: number
  stepMinor: number
  /** The lender's default (the server's `defaultAmountMinor`). */
  defaultAmountMinor: number
}

/** The amount of the grid (min + n × step) at or below `amount`, within [min, max]. */
export function onAmountGrid(range: AmountRange, amount: number): number {
  const { minAmountMinor: min, maxAmountMinor: max, stepMinor: step } = range
  if (max <= min || step <= 0) return min
  const top = min + Math.floor((max - min) / step) * step
  const clamped = Math.min(Math.max(amount, min), top)
  return min + Math.floor((clamped - min) / step) * step
}

/** The middle amount of the range's grid (the lower of the two middles when their count is even). */
export function medianAmountMinor(range: AmountRange): number {
  const { minAmountMinor: min, maxAmountMinor: max, stepMinor: step } = range
  if (max <= min || step <= 0) return min
  const steps = Math.floor((max - min) / step)
  return min + Math.floor(steps / 2) * step
}

/** Where the amount starts: see the rules above. `previousAmountMinor` is the last repaid loan's, if any. */
export function suggestedAmountMinor(range: AmountRange, previousAmountMinor: number | null): number {
  if (previousAmountMinor !== null && previousAmountMinor > 0) return onAmountGrid(range, previousAmountMinor)
  const lenderDefault = onAmountGrid(range, range.defaultAmountMinor)
  if (range.defaultAmountMinor === lenderDefault && lenderDefault < range.maxAmountMinor) return lenderDefault
  return medianAmountMinor(range)
}
