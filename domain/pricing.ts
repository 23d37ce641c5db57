/**
 * The pricing engine (decisions.md "Pricing"; docs/pricing.md explains each formula with worked examples).
 *
 * Amounts are integer minor units. Rates are exact ratios (money.ts `Ratio`), so `principal × rate × days` is
 * computed exactly with BigInt and rounded once.
 *
 * ROUNDING RULE: every charge (interest, processing fee, fee tax, rollover fee and its tax, the penalty of one
 * day) is computed exactly and then rounded HALF UP to the currency's whole unit (`minorPerUnit`, 100 minor units
 * for TZS/KES/MXN): 747.50 → 748, 747.49… → 747. Splitting an amount into installments rounds each part DOWN to
 * the whole unit and gives the remainder to the last part, so the parts always add up exactly.
 *
 * INTEREST TO THE DAY: the contractual interest (the quote's, for the whole tenure) is what is booked at pay-out and
 * what is due on the due date; repaid in full earlier, the loan costs only the interest earned by the day of
 * repayment — the contractual interest spread evenly over the tenure's days, at least MIN_INTEREST_DAYS — and the
 * rest is rebated (`balanceOf(loan, asOf)`, `applyPaymentOn`). Days after the tenure (rollovers, overdue days) earn
 * no interest: a rollover has its fee, lateness its penalty.
 *
 * THE CHARGES CAP (in duplum): interest, processing fee, fee tax, rollover fees with their tax and penalties never
 * add up to more than `chargesCap`. Whichever charge comes later is reduced to the room left (`roomUnderCap`): a
 * penalty's excess is written off, a rollover fee is lowered (or the rollover refused when no room is left).
 *
 * Pure: no I/O, no clock. Dates are UTC calendar dates 'YYYY-MM-DD'; the caller says what "today" is.
 */
import {
  addMinor,
  assertSafeInteger,
  bps,
  bpsOf,
  chargeOf,
  compareRatio,
  floorToUnit,
  ppm,
  ratio,
  ratioToNumber,
  type Ratio,
  roundHalfUpToUnit,
  scaleRatio,
  subRatioFloorZero,
  times,
} from './money'
import type { FeeRate, InterestRate, ProductConfig } from './product'

/** Interest is simple over a 365-day year; the APR is annual effective over the same year. */
export const DAYS_PER_YEAR = 365

/** A UTC calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string

export type LoanRequestProblem =
  'validation.loan.amountRange' | 'validation.loan.amountStep' | 'validation.loan.tenure'

export type PricingErrorCode =
  | LoanRequestProblem
  | 'pricing.date.invalid'
  | 'pricing.days.invalid'
  | 'pricing.rollover.limit'
  | 'pricing.rollover.paidOff'
  | 'pricing.rollover.tooLate'
  | 'pricing.rollover.capReached'
  | 'pricing.payment.notPositive'
  | 'pricing.payment.aboveBalance'

export class PricingError extends Error {
  override readonly name = 'PricingError'
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message)
  }
}

// ---------------------------------------------------------------------------------------------------- rates

/** The daily interest rate, exactly: annualBps / (10 000 × 365), or dailyPpm / 1 000 000. */
export function dailyInterestRate(rate: InterestRate): Ratio {
  return 'annualBps' in rate ? ratio(rate.annualBps, 10_000 * DAYS_PER_YEAR) : ppm(rate.dailyPpm)
}

/** The annual interest rate, exactly: the daily rate × 365. */
export function annualInterestRate(rate: InterestRate): Ratio {
  return scaleRatio(dailyInterestRate(rate), DAYS_PER_YEAR)
}

/** The processing fee's share of the principal for a tenure: bps / 10 000, or dailyPpm × days / 1 000 000. */
export function processingFeeRate(fee: FeeRate, tenureDays: number): Ratio {
  return 'bps' in fee ? bps(fee.bps) : scaleRatio(ppm(fee.dailyPpm), tenureDays)
}

// ---------------------------------------------------------------------------------------------------- dates

const MS_PER_DAY = 86_400_000

/**
 * Day numbers of the dates already read (issue 17: an order's balance and days late read the same few dates — its
 * disbursal, due dates, today — on every call, and the parse with its round trip through toISOString was a tenth of
 * a latest-order read). A function of the text alone; only valid dates are kept; emptied when full.
 */
const dayNumbers = new Map<string, number>()
const MAX_DAY_NUMBERS = 10_000

function dayNumber(date: IsoDate): number {
  const kept = dayNumbers.get(date)
  if (kept !== undefined) return kept
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN
  if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) {
    throw new PricingError('pricing.date.invalid', `Not a calendar date 'YYYY-MM-DD': ${date}`)
  }
  if (dayNumbers.size >= MAX_DAY_NUMBERS) dayNumbers.clear()
  dayNumbers.set(date, t / MS_PER_DAY)
  return t / MS_PER_DAY
}

/** `date` plus `days` calendar days (UTC). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date((dayNumber(date) + wholeDays(days, true)) * MS_PER_DAY).toISOString().slice(0, 10)
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from)
}

function wholeDays(days: number, allowNegative = false): number {
  if (!Number.isSafeInteger(days) || (!allowNegative && days < 0)) {
    throw new PricingError('pricing.days.invalid', `A number of days must be a whole number, got ${days}`)
  }
  return days
}

// ---------------------------------------------------------------------------------------------------- ladder

export interface BorrowerTerms {
  /** The highest amount this borrower may take. */
  readonly maxAmountMinor: number
  /** The daily interest rate this borrower pays, exactly. */
  readonly dailyRate: Ratio
}

/**
 * Repeat-borrower ladder: at step n the limit is amount.maxMinor + n × limitIncreaseMinor (at most maxLimitMinor)
 * and the daily rate is the product's minus n × dailyRateDecreasePpm, never below dailyRateFloorPpm (and never
 * above the product's own rate). The step is ladder.ts `ladderStep`: loans repaid on time climb it, late ones
 * step down (the `loansRepaidOnTime` of a LoanRequest is this step).
 */
export function repeatBorrowerTerms(product: ProductConfig, step: number): BorrowerTerms {
  const n = BigInt(wholeCount(step))
  const ladder = product.repeatLadder
  const raised = BigInt(product.amount.maxMinor) + n * BigInt(ladder.limitIncreaseMinor)
  const maxAmountMinor = Number(raised < BigInt(ladder.maxLimitMinor) ? raised : BigInt(ladder.maxLimitMinor))
  const base = dailyInterestRate(product.interest)
  const lowered = subRatioFloorZero(base, ratio(n * BigInt(ladder.dailyRateDecreasePpm), 1_000_000n))
  const floor = ppm(ladder.dailyRateFloorPpm)
  const floored = compareRatio(lowered, floor) < 0 ? floor : lowered
  return { maxAmountMinor, dailyRate: compareRatio(floored, base) > 0 ? base : floored }
}

function wholeCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`A count must be a whole number ≥ 0, got ${count}`)
  return count
}

// ---------------------------------------------------------------------------------------------------- charges

export interface Charges {
  readonly principalMinor: number
  /** principal × daily rate × days, rounded half up to the unit. */
  readonly interestMinor: number
  /** principal × fee rate (× days when stated per day), rounded half up to the unit. */
  readonly processingFeeMinor: number
  /** processing fee × feeTaxBps / 10 000, rounded half up to the unit. */
  readonly feeTaxMinor: number
  /** principal − processing fee − fee tax: what reaches the wallet. */
  readonly disbursalMinor: number
  /** principal + interest: what the borrower pays back if on time. */
  readonly totalRepayableMinor: number
}

export function charges(
  product: ProductConfig,
  principalMinor: number,
  tenureDays: number,
  dailyRate: Ratio,
): Charges {
  const unit = product.minorPerUnit
  const interestMinor = chargeOf(principalMinor, scaleRatio(dailyRate, tenureDays), unit)
  const processingFeeMinor = chargeOf(
    principalMinor,
    processingFeeRate(product.processingFee, tenureDays),
    unit,
  )
  const feeTaxMinor = bpsOf(processingFeeMinor, product.feeTaxBps, unit)
  return {
    principalMinor,
    interestMinor,
    processingFeeMinor,
    feeTaxMinor,
    disbursalMinor: principalMinor - processingFeeMinor - feeTaxMinor,
    totalRepayableMinor: addMinor(principalMinor, interestMinor),
  }
}

/** One rollover's fee (principal × rollover.feeBps, rounded half up) and the fee tax on it. */
export function rolloverCharges(product: ProductConfig, principalMinor: number) {
  const feeMinor = bpsOf(principalMinor, product.rollover.feeBps, product.minorPerUnit)
  const feeTaxMinor = bpsOf(feeMinor, product.feeTaxBps, product.minorPerUnit)
  return { feeMinor, feeTaxMinor, totalMinor: feeMinor + feeTaxMinor }
}

/**
 * The most a loan of `principalMinor` may be charged in all — interest, processing fee, fee tax, rollover fees and
 * their tax, penalties — or null when the product has no cap. principal × chargesCapBps / 10 000, rounded DOWN to
 * the unit (in the borrower's favour); with the default 10 000 it is the principal itself (in duplum).
 */
export function chargesCap(product: ProductConfig, principalMinor: number): number | null {
  const capBps = product.penalty.chargesCapBps
  return capBps === null ? null : floorToUnit(times(principalMinor, bps(capBps)), product.minorPerUnit)
}

/**
 * What may still be charged on this loan before the charges cap is reached (never below 0), or null when the
 * product has no cap. Every later charge — a day's penalty, a rollover fee and its tax — is limited to it.
 */
export function roomUnderCap(product: ProductConfig, loan: LoanState): number | null {
  const cap = chargesCap(product, loan.principalMinor)
  return cap === null ? null : Math.max(0, cap - chargedSoFar(loan))
}

// ---------------------------------------------------------------------------------------------------- request

export interface LoanRequest {
  readonly amountMinor: number
  readonly tenureDays: number
  /** Loans this borrower repaid on time before (the repeat-borrower ladder); default 0. */
  readonly loansRepaidOnTime?: number
}

/** null when the product offers this amount and tenure to this borrower, else the i18n key of the problem. */
export function checkLoanRequest(product: ProductConfig, request: LoanRequest): LoanRequestProblem | null {
  const { maxAmountMinor } = repeatBorrowerTerms(product, request.loansRepaidOnTime ?? 0)
  const amount = request.amountMinor
  if (!Number.isSafeInteger(amount) || amount < product.amount.minMinor || amount > maxAmountMinor) {
    return 'validation.loan.amountRange'
  }
  if ((amount - product.amount.minMinor) % product.amount.stepMinor !== 0) return 'validation.loan.amountStep'
  if (!product.tenureDays.includes(request.tenureDays)) return 'validation.loan.tenure'
  return null
}

// ---------------------------------------------------------------------------------------------------- schedule

export interface Installment {
  /** 1-based. */
  readonly number: number
  /** Days after disbursal. */
  readonly day: number
  readonly dueDate: IsoDate
  readonly principalMinor: number
  readonly interestMinor: number
  readonly totalMinor: number
}

/**
 * n installments: installment i falls due floor(tenure × i / n) days after disbursal (the last on the due date).
 * Principal in equal parts rounded down to the unit; interest shared pro rata to the days of each period, rounded
 * down to the unit; the last installment takes both remainders. With n = 1 it is the single payment.
 */
export function installmentSchedule(
  product: ProductConfig,
  c: Pick<Charges, 'principalMinor' | 'interestMinor'>,
  tenureDays: number,
  disbursedOn: IsoDate,
): Installment[] {
  const n = product.installments
  const unit = product.minorPerUnit
  const principalPart = floorToUnit(ratio(c.principalMinor, n), unit)
  const result: Installment[] = []
  let previousDay = 0
  let principalLeft = c.principalMinor
  let interestLeft = c.interestMinor
  for (let i = 1; i <= n; i++) {
    const last = i === n
    const day = last ? tenureDays : Math.floor((tenureDays * i) / n)
    const principalMinor = last ? principalLeft : principalPart
    const interestMinor = last
      ? interestLeft
      : floorToUnit(ratio(BigInt(c.interestMinor) * BigInt(day - previousDay), tenureDays), unit)
    principalLeft -= principalMinor
    interestLeft -= interestMinor
    result.push({
      number: i,
      day,
      dueDate: addDays(disbursedOn, day),
      principalMinor,
      interestMinor,
      totalMinor: principalMinor + interestMinor,
    })
    previousDay = day
  }
  return result
}

// ---------------------------------------------------------------------------------------------------- APR

export interface CashFlow {
  /** Days after disbursal. */
  readonly day: number
  readonly amountMinor: number
}

/**
 * The APR: the ANNUAL EFFECTIVE rate i (365-day year, actual days) that makes what the borrower receives at day 0
 * equal to the present value of what they pay:  received = Σ payment_k / (1 + i)^(day_k / 365).
 * Solved by bisection to 1e-12. A float, since it is a rate, never an amount.
 */
export function annualEffectiveRate(receivedMinor: number, payments: readonly CashFlow[]): number {
  if (!(receivedMinor > 0) || payments.length === 0)
    throw new RangeError('An APR needs money received and payments')
  const surplus = (i: number) =>
    payments.reduce((sum, p) => sum + p.amountMinor * Math.exp(-(p.day / DAYS_PER_YEAR) * Math.log1p(i)), 0) -
    receivedMinor
  // surplus() falls as i rises. Bracket the root, then halve the bracket.
  let lo: number
  let hi: number
  if (surplus(0) === 0) return 0
  if (surplus(0) > 0) {
    lo = 0
    hi = 1
    while (surplus(hi) > 0 && hi < 1e300) [lo, hi] = [hi, hi * 2]
  } else {
    lo = -1 + 1e-12
    hi = 0
  }
  for (let k = 0; k < 2000 && hi - lo > 1e-12 * Math.max(1, Math.abs(hi)); k++) {
    const mid = (lo + hi) / 2
    if (surplus(mid) > 0) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

export interface Apr {
  /** The annual effective rate as a fraction (0.3451 = 34.51%); display only. */
  readonly rate: number
  /** The same, rounded half up to 0.01% (1 bp): what is shown. */
  readonly basisPoints: number
  /** Mexico's CAT is "sin IVA": the fee tax is then left out of the cash flows. */
  readonly excludesFeeTax: boolean
}

function aprOf(product: ProductConfig, c: Charges, schedule: readonly Installment[]): Apr {
  const excludesFeeTax = product.aprExcludesFeeTax
  const received = c.disbursalMinor + (excludesFeeTax ? c.feeTaxMinor : 0)
  const rate = annualEffectiveRate(
    received,
    schedule.map((i) => ({ day: i.day, amountMinor: i.totalMinor })),
  )
  return { rate, basisPoints: Math.floor(rate * 10_000 + 0.5), excludesFeeTax }
}

// ---------------------------------------------------------------------------------------------------- quote

export interface QuoteRequest extends LoanRequest {
  /** The UTC date the money is sent; day 0 of the tenure. */
  readonly disbursedOn: IsoDate
}

export interface Quote extends Charges {
  readonly productId: string
  readonly currency: string
  readonly minorPerUnit: number
  readonly tenureDays: number
  readonly disbursedOn: IsoDate
  /** The last installment's date: disbursedOn + tenureDays. */
  readonly dueDate: IsoDate
  /** For display only (floats); the engine uses the exact ratio. */
  readonly interestRate: { readonly dailyPercent: number; readonly annualPercent: number }
  readonly feeTaxBps: number
  readonly installments: readonly Installment[]
  readonly penalty: {
    readonly dailyBps: number
    /** The penalty of one overdue day if the whole principal is overdue. */
    readonly perDayMinor: number
    /** All charges together never exceed this (null: no cap). */
    readonly chargesCapMinor: number | null
    /** The most penalties can ever add up to for this loan before any rollover (null: no cap). */
    readonly maxPenaltyMinor: number | null
  }
  /** The first rollover's price and date (null when the product allows none). */
  readonly rollover: (RolloverQuote & { readonly maxCount: number }) | null
  readonly apr: Apr
}

/**
 * Everything the borrower sees before confirming (decisions.md: every fee, the total repayable, the APR, the
 * late-penalty rule and the rollover fee). Throws a PricingError whose code is the i18n key of the problem when
 * the product does not offer this amount or tenure to this borrower.
 */
export function quote(product: ProductConfig, request: QuoteRequest): Quote {
  const problem = checkLoanRequest(product, request)
  if (problem)
    throw new PricingError(problem, `Not offered: ${request.amountMinor} for ${request.tenureDays} days`)
  const { dailyRate } = repeatBorrowerTerms(product, request.loansRepaidOnTime ?? 0)
  const c = charges(product, request.amountMinor, request.tenureDays, dailyRate)
  const schedule = installmentSchedule(product, c, request.tenureDays, request.disbursedOn)
  const cap = chargesCap(product, c.principalMinor)
  const opened = openLoan({
    ...c,
    installments: schedule,
    disbursedOn: request.disbursedOn,
    tenureDays: request.tenureDays,
    minorPerUnit: product.minorPerUnit,
  })
  return {
    ...c,
    productId: product.id,
    currency: product.currency,
    minorPerUnit: product.minorPerUnit,
    tenureDays: request.tenureDays,
    disbursedOn: request.disbursedOn,
    dueDate: addDays(request.disbursedOn, request.tenureDays),
    interestRate: {
      dailyPercent: ratioToNumber(dailyRate) * 100,
      annualPercent: ratioToNumber(scaleRatio(dailyRate, DAYS_PER_YEAR)) * 100,
    },
    feeTaxBps: product.feeTaxBps,
    installments: schedule,
    penalty: {
      dailyBps: product.penalty.dailyBps,
      perDayMinor: bpsOf(c.principalMinor, product.penalty.dailyBps, product.minorPerUnit),
      chargesCapMinor: cap,
      maxPenaltyMinor: cap === null ? null : Math.max(0, cap - chargedSoFar(opened)),
    },
    rollover:
      product.rollover.maxCount > 0
        ? { ...rolloverQuote(product, opened, request.disbursedOn), maxCount: product.rollover.maxCount }
        : null,
    apr: aprOf(product, c, schedule),
  }
}

// ---------------------------------------------------------------------------------------------------- loan state

/** What is still owed on one installment. */
export interface OpenInstallment {
  readonly dueDate: IsoDate
  readonly principalMinor: number
  readonly interestMinor: number
}

/** How a loan's interest accrues by the day: day 0, the contractual tenure and the currency's whole unit. */
export interface InterestAccrual {
  /** Day 0 of the tenure: the local date the money was sent. */
  readonly disbursedOn: IsoDate
  /** The contractual tenure: interest is earned over these days and no others. */
  readonly tenureDays: number
  readonly minorPerUnit: number
}

/**
 * A running loan as the server stores it (JSON-safe: numbers and strings). The contractual charges never change;
 * penalties, rollovers and payments move it on through chargePenalty, applyRollover and applyPaymentOn.
 */
export interface LoanState {
  readonly principalMinor: number
  readonly interestMinor: number
  readonly processingFeeMinor: number
  readonly feeTaxMinor: number
  readonly rolloversDone: number
  /** Rollover fees and their tax charged so far (paid when each rollover is taken, never part of the balance). */
  readonly rolloverChargesMinor: number
  /** Penalties charged so far, paid or not (written-off amounts are not charged). */
  readonly penaltyChargedMinor: number
  /** Penalties charged and not yet paid. */
  readonly penaltyDueMinor: number
  /** What is still owed, by installment, oldest first. */
  readonly installments: readonly OpenInstallment[]
  /**
   * How the interest accrues by the day. Absent on loans opened before interest accrued by the day: their
   * interest is earned in full from day 0 (nothing is rebated).
   */
  readonly accrual?: InterestAccrual
  /** Contractual interest not earned, taken off when the loan was repaid in full early (0 or absent otherwise). */
  readonly interestRebatedMinor?: number
}

/**
 * The loan as paid out. Given the quote's `disbursedOn`, `tenureDays` and `minorPerUnit` (a Quote has them), its
 * interest accrues by the day; without them it is earned in full from day 0.
 */
export function openLoan(
  q: Pick<Charges, 'principalMinor' | 'interestMinor' | 'processingFeeMinor' | 'feeTaxMinor'> & {
    readonly installments: readonly Pick<Installment, 'dueDate' | 'principalMinor' | 'interestMinor'>[]
    readonly disbursedOn?: IsoDate
    readonly tenureDays?: number
    readonly minorPerUnit?: number
  },
): LoanState {
  const accrual =
    q.disbursedOn !== undefined && q.tenureDays !== undefined && q.minorPerUnit !== undefined
      ? { disbursedOn: q.disbursedOn, tenureDays: wholeDays(q.tenureDays), minorPerUnit: q.minorPerUnit }
      : undefined
  return {
    ...(accrual ? { accrual } : {}),
    principalMinor: q.principalMinor,
    interestMinor: q.interestMinor,
    processingFeeMinor: q.processingFeeMinor,
    feeTaxMinor: q.feeTaxMinor,
    rolloversDone: 0,
    rolloverChargesMinor: 0,
    penaltyChargedMinor: 0,
    penaltyDueMinor: 0,
    installments: q.installments.map(({ dueDate, principalMinor, interestMinor }) => ({
      dueDate,
      principalMinor,
      interestMinor,
    })),
  }
}

/**
 * Interest (contractual, less any rebate), fees, fee tax, rollover charges and penalties charged so far: what the
 * charges cap limits.
 */
export function chargedSoFar(loan: LoanState): number {
  return addMinor(
    loan.interestMinor - (loan.interestRebatedMinor ?? 0),
    loan.processingFeeMinor,
    loan.feeTaxMinor,
    loan.rolloverChargesMinor,
    loan.penaltyChargedMinor,
  )
}

export interface Balance {
  readonly penaltyMinor: number
  readonly interestMinor: number
  readonly principalMinor: number
  readonly totalMinor: number
}

/**
 * What is owed. Without `asOf`: the booked balance (contractual interest in full), which the journal's receivables
 * equal. With `asOf`: THE PAYOFF that day — what repays the loan in full on `asOf`, the interest not yet earned taken
 * off (interestNotYetEarned): first off the interest still due, and any rest (interest paid ahead of its days by an
 * earlier part-payment) off the principal. The server shows it, checks amounts against it and collects it.
 */
export function balanceOf(loan: LoanState, asOf?: IsoDate): Balance {
  const interestDue = addMinor(...loan.installments.map((i) => i.interestMinor))
  const principalDue = addMinor(...loan.installments.map((i) => i.principalMinor))
  const waived =
    asOf === undefined ? 0 : Math.min(interestNotYetEarned(loan, asOf), interestDue + principalDue)
  const fromInterest = Math.min(waived, interestDue)
  const interestMinor = interestDue - fromInterest
  const principalMinor = principalDue - (waived - fromInterest)
  return {
    penaltyMinor: loan.penaltyDueMinor,
    interestMinor,
    principalMinor,
    totalMinor: addMinor(loan.penaltyDueMinor, interestMinor, principalMinor),
  }
}

// ---------------------------------------------------------------------------------------------------- interest to the day

/** However early the loan is repaid, at least this many days of interest are owed (decisions.md). */
export const MIN_INTEREST_DAYS = 1

/**
 * The days of interest earned by `asOf`: calendar days since disbursal, at least MIN_INTEREST_DAYS and at most the
 * contractual tenure (days after it — rollovers, lateness — earn no interest). null for a loan without accrual.
 */
export function interestDaysOn(loan: LoanState, asOf: IsoDate): number | null {
  const a = loan.accrual
  if (!a) return null
  return Math.min(a.tenureDays, Math.max(MIN_INTEREST_DAYS, daysBetween(a.disbursedOn, asOf)))
}

/**
 * The interest earned by `asOf`: the contractual interest spread evenly over the tenure's days,
 * round(interest × days / tenure) half up to the unit (within one unit of principal × daily rate × days). The whole
 * contractual interest on and after the due date, and always for a loan without accrual.
 */
export function interestEarned(loan: LoanState, asOf: IsoDate): number {
  const a = loan.accrual
  const days = interestDaysOn(loan, asOf)
  if (!a || days === null || days >= a.tenureDays) return loan.interestMinor
  return roundHalfUpToUnit(ratio(BigInt(loan.interestMinor) * BigInt(days), a.tenureDays), a.minorPerUnit)
}

/** The contractual interest not earned by `asOf` and not rebated yet: what repaying in full on `asOf` saves. */
export function interestNotYetEarned(loan: LoanState, asOf: IsoDate): number {
  return Math.max(0, loan.interestMinor - (loan.interestRebatedMinor ?? 0) - interestEarned(loan, asOf))
}

export interface InterestRebate {
  /** Taken off the interest still due (booked Dr income.interest, Cr receivable.interest). */
  readonly interestMinor: number
  /** Interest paid ahead of its days, credited to the principal (Dr income.interest, Cr receivable.principal). */
  readonly principalMinor: number
  readonly totalMinor: number
}

const NO_REBATE: InterestRebate = { interestMinor: 0, principalMinor: 0, totalMinor: 0 }

/**
 * The loan with the interest not earned by `asOf` taken off (the latest installments first), as when it is repaid
 * in full that day: afterwards balanceOf(loan) = balanceOf(before, asOf).
 */
export function rebateUnearnedInterest(
  loan: LoanState,
  asOf: IsoDate,
): { loan: LoanState; rebate: InterestRebate } {
  const before = balanceOf(loan)
  const after = balanceOf(loan, asOf)
  const rebate = {
    interestMinor: before.interestMinor - after.interestMinor,
    principalMinor: before.principalMinor - after.principalMinor,
    totalMinor: before.totalMinor - after.totalMinor,
  }
  if (rebate.totalMinor === 0) return { loan, rebate: NO_REBATE }
  let interestLeft = rebate.interestMinor
  let principalLeft = rebate.principalMinor
  const installments = [...loan.installments]
    .reverse()
    .map((i) => {
      const interestCut = Math.min(interestLeft, i.interestMinor)
      const principalCut = Math.min(principalLeft, i.principalMinor)
      interestLeft -= interestCut
      principalLeft -= principalCut
      return {
        ...i,
        interestMinor: i.interestMinor - interestCut,
        principalMinor: i.principalMinor - principalCut,
      }
    })
    .reverse()
  return {
    loan: {
      ...loan,
      installments,
      interestRebatedMinor: addMinor(loan.interestRebatedMinor ?? 0, rebate.totalMinor),
    },
    rebate,
  }
}

const isOpen = (i: OpenInstallment) => i.principalMinor + i.interestMinor > 0

/** The oldest unpaid installment's due date, or null when only penalties (or nothing) remain. */
export function nextDueDate(loan: LoanState): IsoDate | null {
  return loan.installments.find(isOpen)?.dueDate ?? null
}

/** Days `asOf` is past the oldest unpaid due date (0 when not overdue). The due date itself is not overdue. */
export function overdueDays(loan: LoanState, asOf: IsoDate): number {
  const due = nextDueDate(loan)
  return due === null ? 0 : Math.max(0, daysBetween(due, asOf))
}

/** Unpaid principal of the installments whose due date is before `asOf`. */
export function overduePrincipal(loan: LoanState, asOf: IsoDate): number {
  return addMinor(
    ...loan.installments.filter((i) => daysBetween(i.dueDate, asOf) > 0).map((i) => i.principalMinor),
  )
}

export interface Allocation {
  readonly penaltyMinor: number
  readonly interestMinor: number
  readonly principalMinor: number
}

/**
 * Applies one payment against the booked balance (no date: no rebate; the server uses applyPaymentOn).
 * ALLOCATION ORDER: penalties first, then each installment oldest first — its interest, then its principal. (For a
 * single-payment loan: penalty, then interest, then principal.) Refuses a payment ≤ 0 or above the balance (the
 * caller checks amounts with checkRepaymentAmount).
 */
export function applyPayment(
  loan: LoanState,
  amountMinor: number,
): { loan: LoanState; allocation: Allocation } {
  assertSafeInteger(amountMinor, 'payment')
  if (amountMinor <= 0)
    throw new PricingError('pricing.payment.notPositive', `A payment must be above 0: ${amountMinor}`)
  const total = balanceOf(loan).totalMinor
  if (amountMinor > total) {
    throw new PricingError(
      'pricing.payment.aboveBalance',
      `Payment ${amountMinor} is above the balance ${total}`,
    )
  }
  let left = amountMinor
  const take = (owed: number) => {
    const paid = Math.min(owed, left)
    left -= paid
    return paid
  }
  const penalty = take(loan.penaltyDueMinor)
  let interest = 0
  let principal = 0
  const installments = loan.installments.map((i) => {
    const paidInterest = take(i.interestMinor)
    const paidPrincipal = take(i.principalMinor)
    interest += paidInterest
    principal += paidPrincipal
    return {
      ...i,
      interestMinor: i.interestMinor - paidInterest,
      principalMinor: i.principalMinor - paidPrincipal,
    }
  })
  return {
    loan: { ...loan, penaltyDueMinor: loan.penaltyDueMinor - penalty, installments },
    allocation: { penaltyMinor: penalty, interestMinor: interest, principalMinor: principal },
  }
}

/**
 * Applies a payment received on `asOf` (the server's local date of the payment): a payment of the whole payoff
 * (balanceOf(loan, asOf).totalMinor) repays the loan in full, the interest not yet earned rebated first — so
 * repaying early costs interest to that day only; a smaller one is a part-payment (applyPayment). Refuses a payment
 * ≤ 0 or above the payoff.
 */
export function applyPaymentOn(
  loan: LoanState,
  amountMinor: number,
  asOf: IsoDate,
): { loan: LoanState; allocation: Allocation; rebate: InterestRebate } {
  assertSafeInteger(amountMinor, 'payment')
  if (amountMinor <= 0)
    throw new PricingError('pricing.payment.notPositive', `A payment must be above 0: ${amountMinor}`)
  const payoff = balanceOf(loan, asOf).totalMinor
  if (amountMinor > payoff) {
    throw new PricingError(
      'pricing.payment.aboveBalance',
      `Payment ${amountMinor} is above the balance ${payoff} on ${asOf}`,
    )
  }
  const base = amountMinor === payoff ? rebateUnearnedInterest(loan, asOf) : { loan, rebate: NO_REBATE }
  return { ...applyPayment(base.loan, amountMinor), rebate: base.rebate }
}

/** The balance after applying `payments` in order, with each payment's allocation. */
export function remainingBalance(
  loan: LoanState,
  payments: readonly number[],
): { loan: LoanState; allocations: Allocation[]; remaining: Balance } {
  const allocations: Allocation[] = []
  let current = loan
  for (const amount of payments) {
    const step = applyPayment(current, amount)
    allocations.push(step.allocation)
    current = step.loan
  }
  return { loan: current, allocations, remaining: balanceOf(current) }
}

// ---------------------------------------------------------------------------------------------------- penalty

export interface PenaltyResult {
  readonly days: number
  /** overdue principal × dailyBps / 10 000, rounded half up to the unit: the penalty of one day. */
  readonly perDayMinor: number
  /** perDay × days, before the cap. */
  readonly accruedMinor: number
  /** What may be charged: accrued, but no more than the room left under the charges cap. */
  readonly chargedMinor: number
  /** accrued − charged: above the cap, never owed; the ledger books it as written off. */
  readonly writtenOffMinor: number
  /** The charges cap of this loan (null: no cap). */
  readonly capMinor: number | null
}

/**
 * The late penalty for `days` more overdue days on `overduePrincipalMinor` (default: all unpaid principal, right
 * for a single-payment loan; for installments pass overduePrincipal(loan, asOf)). Charging it (chargePenalty) and
 * asking again for the next days continues where it stopped: the cap counts penalties already charged.
 */
export function penaltyAfter(
  product: ProductConfig,
  loan: LoanState,
  days: number,
  overduePrincipalMinor: number = balanceOf(loan).principalMinor,
): PenaltyResult {
  wholeDays(days)
  const perDayMinor = bpsOf(overduePrincipalMinor, product.penalty.dailyBps, product.minorPerUnit)
  const accruedMinor = assertSafeInteger(perDayMinor * days, 'penalty')
  const capMinor = chargesCap(product, loan.principalMinor)
  const room = roomUnderCap(product, loan) ?? accruedMinor
  const chargedMinor = Math.min(accruedMinor, room)
  return {
    days,
    perDayMinor,
    accruedMinor,
    chargedMinor,
    writtenOffMinor: accruedMinor - chargedMinor,
    capMinor,
  }
}

/** Adds a penalty's charged part to the loan (the written-off part is never owed). */
export function chargePenalty(loan: LoanState, penalty: Pick<PenaltyResult, 'chargedMinor'>): LoanState {
  return {
    ...loan,
    penaltyChargedMinor: addMinor(loan.penaltyChargedMinor, penalty.chargedMinor),
    penaltyDueMinor: addMinor(loan.penaltyDueMinor, penalty.chargedMinor),
  }
}

// ---------------------------------------------------------------------------------------------------- rollover

export interface RolloverQuote {
  /** 1 for the first rollover of the loan. */
  readonly number: number
  readonly days: number
  /** The rollover fee charged: principal × rollover.feeBps (half up), lowered when the charges cap is near. */
  readonly feeMinor: number
  readonly feeTaxMinor: number
  /** Paid when the rollover is taken (the fee and its tax); principal, interest and penalties stay due. */
  readonly totalMinor: number
  /** What the charges cap took off the fee and its tax (0 unless the loan's charges are near the cap). */
  readonly reducedByCapMinor: number
  /** The oldest unpaid due date now. */
  readonly dueDate: IsoDate
  /** dueDate + rollover.days: every unpaid installment moves by that much. Never before `asOf`. */
  readonly newDueDate: IsoDate
  /** What repays the loan in full on the new due date once the rollover is taken (the fee is not part of it). */
  readonly newBalanceMinor: number
}

/**
 * The next rollover as of `asOf` (the server's local today). Its MEANING: it buys rollover.days more days, counted
 * from the oldest unpaid due date (not from today), for its fee — the same price and the same new date whether it
 * is taken early or on a late day. Penalties already charged stay due. It is offered only when it brings the loan
 * back to date: the new due date must not be before `asOf` ('pricing.rollover.tooLate' otherwise), so a rollover
 * never leaves a loan overdue.
 *
 * Fee = original principal × rollover.feeBps (half up), plus the fee tax — lowered to the room left under the charges
 * cap (the largest whole-unit fee whose fee + tax fits), and refused ('pricing.rollover.capReached') when no room is
 * left. Refused ('pricing.rollover.limit') once rollover.maxCount rollovers were taken, and for a repaid loan
 * ('pricing.rollover.paidOff').
 */
export function rolloverQuote(product: ProductConfig, loan: LoanState, asOf: IsoDate): RolloverQuote {
  if (loan.rolloversDone >= product.rollover.maxCount) {
    throw new PricingError(
      'pricing.rollover.limit',
      `This loan already had ${loan.rolloversDone} of at most ${product.rollover.maxCount} rollovers`,
    )
  }
  const dueDate = nextDueDate(loan)
  if (dueDate === null) throw new PricingError('pricing.rollover.paidOff', 'Nothing is left to roll over')
  const days = product.rollover.days
  const newDueDate = addDays(dueDate, days)
  if (daysBetween(asOf, newDueDate) < 0) {
    throw new PricingError(
      'pricing.rollover.tooLate',
      `A rollover to ${newDueDate} would leave the loan overdue on ${asOf}`,
    )
  }
  const full = rolloverCharges(product, loan.principalMinor)
  const room = roomUnderCap(product, loan)
  const charged =
    room === null || full.totalMinor <= room ? full : rolloverFeeWithin(product, room, full.feeMinor)
  if (full.totalMinor > 0 && charged.totalMinor === 0) {
    throw new PricingError('pricing.rollover.capReached', 'The charges cap leaves no room for a rollover fee')
  }
  const priced = {
    number: loan.rolloversDone + 1,
    days,
    feeMinor: charged.feeMinor,
    feeTaxMinor: charged.feeTaxMinor,
    totalMinor: charged.totalMinor,
    reducedByCapMinor: full.totalMinor - charged.totalMinor,
    dueDate,
    newDueDate,
  }
  return { ...priced, newBalanceMinor: balanceOf(applyRollover(loan, priced), newDueDate).totalMinor }
}

/** The largest whole-unit fee, at most `maxFeeMinor`, whose fee + tax fits in `roomMinor`. */
function rolloverFeeWithin(product: ProductConfig, roomMinor: number, maxFeeMinor: number) {
  const unit = product.minorPerUnit
  const tax = (fee: number) => bpsOf(fee, product.feeTaxBps, unit)
  let fee = Math.min(
    maxFeeMinor,
    floorToUnit(ratio(BigInt(roomMinor) * 10_000n, 10_000 + product.feeTaxBps), unit),
  )
  while (fee > 0 && fee + tax(fee) > roomMinor) fee -= unit
  while (fee + unit <= maxFeeMinor && fee + unit + tax(fee + unit) <= roomMinor) fee += unit
  return { feeMinor: fee, feeTaxMinor: tax(fee), totalMinor: fee + tax(fee) }
}

/** The loan after a rollover is paid: unpaid installments move by its days; its charges are counted. */
export function applyRollover(
  loan: LoanState,
  rollover: Pick<RolloverQuote, 'days' | 'totalMinor'>,
): LoanState {
  return {
    ...loan,
    rolloversDone: loan.rolloversDone + 1,
    rolloverChargesMinor: addMinor(loan.rolloverChargesMinor, rollover.totalMinor),
    installments: loan.installments.map((i) =>
      isOpen(i) ? { ...i, dueDate: addDays(i.dueDate, rollover.days) } : i,
    ),
  }
}
