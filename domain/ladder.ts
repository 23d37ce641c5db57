/**
 * The repeat-borrower ladder's rule (decisions.md "Repeat-borrower ladder"): where a borrower stands on a product's
 * ladder after the loans they repaid. The step prices the next loan — pricing.ts `repeatBorrowerTerms(product,
 * step)` turns it into the limit and the daily rate — and the server uses this one rule wherever a limit or rate
 * is decided or shown: the application's amount check, the assessment's ceiling, the credit line, the offer.
 *
 * Walking the repaid loans oldest first, from step 0 (the first-loan terms):
 * - repaid on time (never past its due date; a rolled-over due date counts as the due date): one step up, to the
 *   top at most (the step where the limit and the rate stop changing);
 * - repaid 1 to `repeatLadder.resetAfterDaysLate` days late: one step down (never below 0) — the limit falls and
 *   the daily rate rises by one step, never above the product's own rate;
 * - repaid more than `repeatLadder.resetAfterDaysLate` days late: back to step 0.
 * So a late repayment never raises the limit or lowers the rate (the FAQ's promise), and each loan repaid on time
 * afterwards climbs again. Pure: the server gathers the loans (server/loans/service.ts `borrowerHistory`).
 */
import { ppm, subRatioFloorZero, compareRatio } from './money'
import { dailyInterestRate } from './pricing'
import type { ProductConfig } from './product'

/** What the ladder needs of one repaid loan. */
export interface RepaidLoan {
  /**
   * The most whole days it was past its due date before it was repaid in full or a rollover cleared it (a day
   * started counts, as for the daily penalty); 0 = repaid on time.
   */
  readonly daysLate: number
  /** Rollovers taken on it (a rollover is no lateness: a loan repaid by its rolled-over due date is on time). */
  readonly rollovers: number
}

export interface LadderPosition {
  /** The step the borrower's next loan is priced at (`repeatBorrowerTerms(product, step)`). */
  readonly step: number
  /** The step after one more loan repaid on time. */
  readonly nextStep: number
  /** The highest step of this product's ladder: the limit is at its ceiling and the rate at its floor. */
  readonly topStep: number
  /** How each repaid loan moved the step, oldest first, in plain words (stored with each assessment). */
  readonly reasons: readonly string[]
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const MS_PER_DAY = 86_400_000

/** What the order lifecycle tells of one loan's lateness (instants in ms since the epoch). */
export interface LoanTimeline {
  /** The due date in force at the end (after any rollover): the end of its local day. */
  readonly dueAt: number | null
  /** When it was repaid in full (null while it is not). */
  readonly finishedAt: number | null
  /** Each stretch in status 3 (overdue): from entering it to leaving it (repaid, or cleared by a rollover). */
  readonly overdue: readonly { readonly from: number; readonly to: number | null }[]
}

/**
 * How many days late a loan was: the longest stretch it spent overdue, and how long after its (last) due date it
 * was repaid; a started day counts, as for the daily penalty. A stretch still open runs to `now`. 0 = on time,
 * which includes a loan rolled over before it fell due and repaid by the new due date.
 */
export function daysLateOf(loan: LoanTimeline, now: number): number {
  const days = (from: number, to: number) => Math.max(0, Math.ceil((to - from) / MS_PER_DAY))
  let worst = 0
  for (const s of loan.overdue) worst = Math.max(worst, days(s.from, s.to ?? loan.finishedAt ?? now))
  if (loan.dueAt !== null) worst = Math.max(worst, days(loan.dueAt, loan.finishedAt ?? now))
  return worst
}

/** The first step at which neither the limit nor the daily rate changes any more (0 when the product has no ladder). */
export function ladderTopStep(product: ProductConfig): number {
  const ladder = product.repeatLadder
  const limitSteps =
    ladder.limitIncreaseMinor > 0
      ? Math.ceil(Math.max(0, ladder.maxLimitMinor - product.amount.maxMinor) / ladder.limitIncreaseMinor)
      : 0
  let rateSteps = 0
  if (ladder.dailyRateDecreasePpm > 0) {
    // (base − floor) / decrease, rounded up: the steps until the rate reaches its floor.
    const above = subRatioFloorZero(dailyInterestRate(product.interest), ppm(ladder.dailyRateFloorPpm))
    if (compareRatio(above, ppm(0)) > 0) {
      const per = BigInt(ladder.dailyRateDecreasePpm) * above.den
      rateSteps = Number((above.num * 1_000_000n + per - 1n) / per)
    }
  }
  return Math.max(limitSteps, rateSteps)
}

function wholeDays(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number ≥ 0, got ${value}`)
  return value
}

/** Where the borrower stands on the product's ladder after `loans` (repaid in full, oldest first), and why. */
export function ladderPosition(loans: readonly RepaidLoan[], product: ProductConfig): LadderPosition {
  const top = ladderTopStep(product)
  const resetAfter = product.repeatLadder.resetAfterDaysLate
  const reasons: string[] = []
  let step = 0
  loans.forEach((loan, i) => {
    const late = wholeDays(loan.daysLate, 'daysLate')
    const rolled = wholeDays(loan.rollovers, 'rollovers')
    const before = step
    const name = `Loan ${i + 1}`
    if (late === 0) {
      step = Math.min(step + 1, top)
      const how =
        rolled > 0
          ? `repaid by its extended due date (${plural(rolled, 'rollover', 'rollovers')})`
          : 'repaid on time'
      reasons.push(
        step > before
          ? `${name} ${how}: up to step ${step}.`
          : `${name} ${how}: stays at step ${step}, the top of the ladder.`,
      )
    } else if (late > resetAfter) {
      step = 0
      reasons.push(
        `${name} repaid ${plural(late, 'day', 'days')} late, more than ${resetAfter}: back to step 0, the first-loan limit and rate.`,
      )
    } else {
      step = Math.max(step - 1, 0)
      reasons.push(
        step < before
          ? `${name} repaid ${plural(late, 'day', 'days')} late: down to step ${step} (a lower limit, a higher rate).`
          : `${name} repaid ${plural(late, 'day', 'days')} late: stays at step 0, the first-loan limit and rate.`,
      )
    }
  })
  return { step, nextStep: Math.min(step + 1, top), topStep: top, reasons }
}

/** The step the borrower's next loan on this product is priced at: `ladderPosition(loans, product).step`. */
export function ladderStep(loans: readonly RepaidLoan[], product: ProductConfig): number {
  return ladderPosition(loans, product).step
}
