/**
 * A loan product is configuration (decisions.md "Pricing"). `defineProduct` fills the defaults the decisions name;
 * `validateProduct` lists every problem that would make the product unfair or unlawful, and the server refuses to
 * start with such a product (`assertValidProduct`). The arithmetic lives in pricing.ts; docs/pricing.md explains it.
 */
import { COUNTRY_CODES, type CountryCode } from './countries'
import { bps, compareRatio, formatMoney, ratioToNumber } from './money'
import { COUNTRY_SCORECARDS, validateScorecard, type ScorecardPolicy } from './scorecard-policy'
import {
  annualInterestRate,
  charges,
  chargesCap,
  DAYS_PER_YEAR,
  dailyInterestRate,
  rolloverCharges,
} from './pricing'

/** Interest, stated exactly: an annual rate in basis points over a 365-day year, or a daily rate in ppm. */
export type InterestRate = { readonly annualBps: number } | { readonly dailyPpm: number }

/** Processing fee as a share of the principal: once (basis points), or per day of tenure (ppm per day). */
export type FeeRate = { readonly bps: number } | { readonly dailyPpm: number }

export interface ProductConfig {
  readonly id: string
  readonly country: CountryCode
  /** ISO 4217 code, e.g. 'TZS'. */
  readonly currency: string
  /** Minor units in one whole unit (100 for TZS, KES, MXN). Every charge is rounded to a whole unit. */
  readonly minorPerUnit: number
  readonly amount: { readonly minMinor: number; readonly maxMinor: number; readonly stepMinor: number }
  /** The tenures a borrower may choose, in days; app-store rule: each at least 91. */
  readonly tenureDays: readonly number[]
  readonly interest: InterestRate
  /** The highest annual interest rate allowed (interest only, fees excluded), in basis points. */
  readonly annualRateCapBps: number
  readonly processingFee: FeeRate
  /** Tax on fees in basis points (TZ VAT 1800, KE excise 2000, MX IVA 1600); the server fills it per country. */
  readonly feeTaxBps: number
  readonly penalty: {
    /** Per day of the overdue principal, in basis points (200 = 2%). */
    readonly dailyBps: number
    /**
     * Interest + fees + their tax + rollover charges + penalties never exceed this share of the principal
     * (10 000 = 100%: the in duplum rule). Defaults to the country's cap (CHARGES_CAP_BPS_BY_COUNTRY); a product may
     * set a lower one, never a higher one or none where the country has a cap. `null`: no cap.
     */
    readonly chargesCapBps: number | null
  }
  readonly rollover: {
    readonly days: number
    /** Rollover fee as a share of the principal, in basis points; the fee tax applies to it. */
    readonly feeBps: number
    readonly maxCount: number
  }
  /** 1 = one payment at the due date; n > 1 = n installments. */
  readonly installments: number
  readonly repayment: {
    /** A partial payment must be a multiple of this (default 100 whole units). */
    readonly unitMinor: number
    /** A partial payment must be at least this (never below the 1,000-unit floor). */
    readonly minMinor: number
  }
  /**
   * Repeat borrowers (domain/ladder.ts): each loan repaid on time is one step up, each loan repaid late one
   * step down, and one repaid more than resetAfterDaysLate days late goes back to step 0.
   */
  readonly repeatLadder: {
    readonly limitIncreaseMinor: number
    /** The highest limit the ladder reaches. */
    readonly maxLimitMinor: number
    readonly dailyRateDecreasePpm: number
    /** The daily rate never falls below this (100 ppm = 0.01% a day). */
    readonly dailyRateFloorPpm: number
    /** A loan repaid more than this many days late sends the borrower back to step 0 (default 30). */
    readonly resetAfterDaysLate: number
  }
  /** The assessment's salary bands, salary points and approval points, in this product's currency. */
  readonly scorecard: ScorecardPolicy
  /** The APR leaves the fee tax out (Mexico's CAT is "sin IVA"). Default: true for MX, false elsewhere. */
  readonly aprExcludesFeeTax: boolean
}

/** Fewest whole units a partial repayment may be (decisions.md "Repayment"). */
export const REPAYMENT_FLOOR_UNITS = 1_000
/** App-store rule for loan apps (decisions.md "Pricing"). */
export const MIN_TENURE_DAYS = 91
/**
 * Spec §9: "Processing fee up to 0.98% per day plus 18% tax, deducted upfront": the most a processing fee may be,
 * per day of tenure, in parts per million (0.98% = 9 800 ppm). A flat fee (`bps`) may be at most that much for the
 * product's shortest tenure (98 bps a day).
 */
export const MAX_PROCESSING_FEE_DAILY_PPM = 9_800
export const DEFAULT_ANNUAL_RATE_CAP_BPS = 3_600
export const DEFAULT_PENALTY_DAILY_BPS = 200
export const DEFAULT_CHARGES_CAP_BPS = 10_000
/**
 * The charges cap (in duplum) of each country, in basis points of the principal: the most interest, fees, tax,
 * rollover fees and penalties may add up to (decisions.md "Pricing details"). Kenya: the in duplum rule (Banking
 * Act s. 44A, which the courts apply to every lender, digital credit providers included). Tanzania: the Bank of
 * Tanzania's guidance for digital lenders asks for fair, disclosed charges without a figure; Kopa applies the same
 * rule. Mexico: no statutory cap (null); products default to DEFAULT_CHARGES_CAP_BPS all the same.
 */
export const CHARGES_CAP_BPS_BY_COUNTRY: Readonly<Record<CountryCode, number | null>> = {
  TZ: 10_000,
  KE: 10_000,
  MX: null,
}
export const DEFAULT_ROLLOVER_DAYS = 7
export const DEFAULT_REPAYMENT_UNIT_UNITS = 100
export const DEFAULT_DAILY_RATE_FLOOR_PPM = 100
export const DEFAULT_LADDER_RESET_AFTER_DAYS_LATE = 30
/** validateProduct checks every amount; a product with more steps than this is refused as a likely typo. */
export const MAX_AMOUNT_STEPS = 100_000

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] }

/** What a product definition must state; everything else has the defaults of decisions.md. */
export type ProductInput = Pick<
  ProductConfig,
  | 'id'
  | 'country'
  | 'currency'
  | 'minorPerUnit'
  | 'amount'
  | 'tenureDays'
  | 'interest'
  | 'processingFee'
  | 'feeTaxBps'
> & {
  readonly rollover: Pick<ProductConfig['rollover'], 'feeBps' | 'maxCount'> & { readonly days?: number }
} & DeepPartial<Omit<ProductConfig, 'rollover' | 'interest' | 'processingFee' | 'amount' | 'tenureDays'>>

export function defineProduct(input: ProductInput): ProductConfig {
  const unit = input.minorPerUnit
  return {
    ...input,
    annualRateCapBps: input.annualRateCapBps ?? DEFAULT_ANNUAL_RATE_CAP_BPS,
    penalty: {
      dailyBps: input.penalty?.dailyBps ?? DEFAULT_PENALTY_DAILY_BPS,
      chargesCapBps:
        input.penalty?.chargesCapBps === undefined
          ? (CHARGES_CAP_BPS_BY_COUNTRY[input.country] ?? DEFAULT_CHARGES_CAP_BPS)
          : input.penalty.chargesCapBps,
    },
    rollover: { days: DEFAULT_ROLLOVER_DAYS, ...input.rollover },
    installments: input.installments ?? 1,
    repayment: {
      unitMinor: input.repayment?.unitMinor ?? DEFAULT_REPAYMENT_UNIT_UNITS * unit,
      minMinor: input.repayment?.minMinor ?? REPAYMENT_FLOOR_UNITS * unit,
    },
    repeatLadder: {
      limitIncreaseMinor: input.repeatLadder?.limitIncreaseMinor ?? 0,
      maxLimitMinor: input.repeatLadder?.maxLimitMinor ?? input.amount.maxMinor,
      dailyRateDecreasePpm: input.repeatLadder?.dailyRateDecreasePpm ?? 0,
      dailyRateFloorPpm: input.repeatLadder?.dailyRateFloorPpm ?? DEFAULT_DAILY_RATE_FLOOR_PPM,
      resetAfterDaysLate: input.repeatLadder?.resetAfterDaysLate ?? DEFAULT_LADDER_RESET_AFTER_DAYS_LATE,
    },
    scorecard: { ...COUNTRY_SCORECARDS[input.country], ...input.scorecard },
    aprExcludesFeeTax: input.aprExcludesFeeTax ?? input.country === 'MX',
  }
}

export interface ProductProblem {
  /** The configuration field at fault, e.g. 'processingFee'. */
  readonly field: string
  readonly message: string
}

export class ProductConfigError extends Error {
  override readonly name = 'ProductConfigError'
  constructor(
    readonly productId: string,
    readonly problems: readonly ProductProblem[],
  ) {
    super(
      `Product "${productId}" is refused:\n${problems.map((p) => `  - ${p.field}: ${p.message}`).join('\n')}`,
    )
  }
}

/** Throws a ProductConfigError naming every problem; the server calls it for each product at start-up. */
export function assertValidProduct(product: ProductConfig): ProductConfig {
  const problems = validateProduct(product)
  if (problems.length > 0) throw new ProductConfigError(product.id, problems)
  return product
}

/**
 * Every problem with a product, or [] when it is fine. Refused: amounts that are not whole units on a step grid;
 * a tenure under 91 days; an annual interest rate above the cap; any amount/tenure whose disbursal would be ≤ 0;
 * any amount/tenure whose interest, fees, tax and every allowed rollover already exceed the charges cap (so that
 * only penalties are ever written off); and malformed numbers.
 */
export function validateProduct(product: ProductConfig): ProductProblem[] {
  const problems: ProductProblem[] = []
  const fail = (field: string, message: string) => problems.push({ field, message })
  const count = (field: string, value: unknown, min = 0) => {
    const ok = typeof value === 'number' && Number.isSafeInteger(value) && value >= min
    if (!ok) fail(field, `must be a whole number ≥ ${min}, got ${String(value)}`)
    return ok
  }
  const p = product
  const unit = p.minorPerUnit

  if (typeof p.id !== 'string' || p.id.trim() === '') fail('id', 'must be a non-empty string')
  if (!COUNTRY_CODES.includes(p.country))
    fail('country', `must be one of ${COUNTRY_CODES.join(', ')}, got ${p.country}`)
  if (typeof p.currency !== 'string' || !/^[A-Z]{3}$/.test(p.currency)) {
    fail('currency', `must be an ISO 4217 code like TZS, got ${String(p.currency)}`)
  }
  if (count('minorPerUnit', unit, 1) && !Number.isInteger(Math.log10(unit))) {
    fail('minorPerUnit', `must be a power of ten, got ${unit}`)
  }
  const unitOk = problems.length === 0
  const wholeUnits = (field: string, value: number, min = 0) => {
    if (count(field, value, min) && unitOk && value % unit !== 0) {
      fail(field, `must be whole ${p.currency} units (a multiple of ${unit} minor units), got ${value}`)
    }
  }

  const { minMinor, maxMinor, stepMinor } = p.amount
  wholeUnits('amount.minMinor', minMinor, 1)
  wholeUnits('amount.maxMinor', maxMinor, 1)
  wholeUnits('amount.stepMinor', stepMinor, 1)
  if (maxMinor < minMinor) fail('amount', `maxMinor ${maxMinor} is below minMinor ${minMinor}`)
  else if (stepMinor > 0 && (maxMinor - minMinor) % stepMinor !== 0) {
    fail('amount', `maxMinor − minMinor (${maxMinor - minMinor}) is not a multiple of stepMinor ${stepMinor}`)
  }

  if (!Array.isArray(p.tenureDays) || p.tenureDays.length === 0)
    fail('tenureDays', 'must list at least one tenure')
  else {
    p.tenureDays.forEach((days, i) => {
      if (count(`tenureDays[${i}]`, days, 1) && days < MIN_TENURE_DAYS) {
        fail(
          `tenureDays[${i}]`,
          `${days} days is shorter than the app-store minimum of ${MIN_TENURE_DAYS} days`,
        )
      }
    })
    if (new Set(p.tenureDays).size !== p.tenureDays.length) fail('tenureDays', 'lists a tenure twice')
  }

  const rateOk =
    'annualBps' in p.interest
      ? count('interest.annualBps', p.interest.annualBps)
      : count('interest.dailyPpm', p.interest.dailyPpm)
  const capOk = count('annualRateCapBps', p.annualRateCapBps, 1)
  if (rateOk && capOk && compareRatio(annualInterestRate(p.interest), bps(p.annualRateCapBps)) > 0) {
    const annual = (ratioToNumber(annualInterestRate(p.interest)) * 100).toFixed(4).replace(/\.?0+$/, '')
    fail(
      'interest',
      `the annual rate ${annual}% (${DAYS_PER_YEAR}-day year) is above the cap of ${p.annualRateCapBps / 100}%`,
    )
  }
  if ('bps' in p.processingFee) {
    const fee = p.processingFee.bps
    const shortest = Array.isArray(p.tenureDays) && p.tenureDays.length > 0 ? Math.min(...p.tenureDays) : null
    // 9 800 ppm a day is 98 bps a day.
    const ceiling =
      shortest !== null && Number.isSafeInteger(shortest)
        ? (MAX_PROCESSING_FEE_DAILY_PPM / 100) * shortest
        : null
    if (count('processingFee.bps', fee) && ceiling !== null && fee > ceiling)
      fail(
        'processingFee.bps',
        `${fee / 100}% is above the ceiling of ${MAX_PROCESSING_FEE_DAILY_PPM / 10_000}% a day for the shortest ` +
          `tenure of ${shortest} days (${ceiling / 100}%)`,
      )
  } else if (
    count('processingFee.dailyPpm', p.processingFee.dailyPpm) &&
    p.processingFee.dailyPpm > MAX_PROCESSING_FEE_DAILY_PPM
  )
    fail(
      'processingFee.dailyPpm',
      `${p.processingFee.dailyPpm / 10_000}% a day is above the ceiling of ${MAX_PROCESSING_FEE_DAILY_PPM / 10_000}% a day`,
    )
  if (count('feeTaxBps', p.feeTaxBps) && p.feeTaxBps > 10_000)
    fail('feeTaxBps', 'must be at most 10 000 (100%)')
  count('penalty.dailyBps', p.penalty.dailyBps)
  if (p.penalty.chargesCapBps !== null) count('penalty.chargesCapBps', p.penalty.chargesCapBps, 1)
  const countryCap = (CHARGES_CAP_BPS_BY_COUNTRY as Partial<Record<string, number | null>>)[p.country] ?? null
  if (countryCap !== null && (p.penalty.chargesCapBps === null || p.penalty.chargesCapBps > countryCap)) {
    fail(
      'penalty.chargesCapBps',
      `${p.country} caps all charges at ${countryCap / 100}% of the principal; a product may set a lower cap, ` +
        `not ${p.penalty.chargesCapBps === null ? 'none' : `${p.penalty.chargesCapBps / 100}%`}`,
    )
  }
  count('rollover.days', p.rollover.days, 1)
  count('rollover.feeBps', p.rollover.feeBps)
  count('rollover.maxCount', p.rollover.maxCount)
  if (count('installments', p.installments, 1) && Array.isArray(p.tenureDays)) {
    const shortest = Math.min(...p.tenureDays)
    if (p.installments > shortest)
      fail('installments', `${p.installments} installments do not fit in ${shortest} days`)
    if (unitOk && minMinor < p.installments * unit) {
      fail(
        'installments',
        `the smallest amount cannot be split into ${p.installments} parts of at least one unit`,
      )
    }
  }
  wholeUnits('repayment.unitMinor', p.repayment.unitMinor, 1)
  wholeUnits('repayment.minMinor', p.repayment.minMinor)

  const ladder = p.repeatLadder
  wholeUnits('repeatLadder.limitIncreaseMinor', ladder.limitIncreaseMinor)
  wholeUnits('repeatLadder.maxLimitMinor', ladder.maxLimitMinor, 1)
  count('repeatLadder.dailyRateDecreasePpm', ladder.dailyRateDecreasePpm)
  count('repeatLadder.dailyRateFloorPpm', ladder.dailyRateFloorPpm, 1)
  count('repeatLadder.resetAfterDaysLate', ladder.resetAfterDaysLate, 1)
  problems.push(...validateScorecard(p.scorecard, p.currency))
  if (ladder.maxLimitMinor < maxMinor) {
    fail('repeatLadder.maxLimitMinor', `${ladder.maxLimitMinor} is below amount.maxMinor ${maxMinor}`)
  } else if (stepMinor > 0 && (ladder.maxLimitMinor - minMinor) % stepMinor !== 0) {
    fail('repeatLadder.maxLimitMinor', `is not on the amount grid (minMinor + a multiple of stepMinor)`)
  }
  if (stepMinor > 0 && ladder.limitIncreaseMinor % stepMinor !== 0) {
    fail('repeatLadder.limitIncreaseMinor', `must be a multiple of amount.stepMinor ${stepMinor}`)
  }
  if (typeof p.aprExcludesFeeTax !== 'boolean') fail('aprExcludesFeeTax', 'must be true or false')

  if (problems.length > 0) return problems
  if ((ladder.maxLimitMinor - minMinor) / stepMinor + 1 > MAX_AMOUNT_STEPS) {
    fail('amount', `allows more than ${MAX_AMOUNT_STEPS} amounts; use a larger stepMinor`)
    return problems
  }
  checkEveryAmount(p, fail)
  return problems
}

/** Disbursal > 0 and charges within the cap, for every amount (up to the ladder's limit) and tenure. */
function checkEveryAmount(p: ProductConfig, fail: (field: string, message: string) => void) {
  const rate = dailyInterestRate(p.interest)
  const money = (minor: number) =>
    formatMoney(minor, p.currency, 'en', { minorPerUnit: p.minorPerUnit }).replace(/\u00a0/g, ' ')
  for (const tenureDays of p.tenureDays) {
    let disbursalReported = false
    let capReported = false
    for (
      let amount = p.amount.minMinor;
      amount <= p.repeatLadder.maxLimitMinor;
      amount += p.amount.stepMinor
    ) {
      const c = charges(p, amount, tenureDays, rate)
      if (!disbursalReported && c.disbursalMinor <= 0) {
        disbursalReported = true
        fail(
          'processingFee',
          `at ${money(amount)} for ${tenureDays} days the processing fee ${money(c.processingFeeMinor)} and its tax ` +
            `${money(c.feeTaxMinor)} leave a disbursal of ${money(c.disbursalMinor)}; it must be above 0`,
        )
      }
      if (p.penalty.chargesCapBps === null || capReported) continue
      const rollovers = rolloverCharges(p, amount).totalMinor * p.rollover.maxCount
      const total = c.interestMinor + c.processingFeeMinor + c.feeTaxMinor + rollovers
      const cap = chargesCap(p, amount) ?? Number.MAX_SAFE_INTEGER
      if (total > cap) {
        capReported = true
        fail(
          'penalty.chargesCapBps',
          `at ${money(amount)} for ${tenureDays} days interest, fees, tax and ${p.rollover.maxCount} rollover(s) ` +
            `come to ${money(total)}, above the charges cap of ${money(cap)}`,
        )
      }
    }
  }
}

/** The parts of a configuration that must be objects before its rules can be read. */
const PRODUCT_PARTS = [
  'amount',
  'interest',
  'processingFee',
  'penalty',
  'rollover',
  'repayment',
  'repeatLadder',
] as const

/**
 * Every problem with a configuration edited by hand (the console's product editor, issue 20), or [] when it may be
 * saved as product `id` of `country`: anything at all is read (never throws), its parts must be objects, the id,
 * country and the country's currency stay as they were, and then every rule of validateProduct.
 */
export function editedProductProblems(
  value: unknown,
  product: { readonly id: string; readonly country: CountryCode; readonly currency: string },
): ProductProblem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ field: '(configuration)', message: 'must be an object' }]
  const p = value as Record<string, unknown>
  const problems: ProductProblem[] = []
  for (const part of PRODUCT_PARTS) {
    const v = p[part]
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      problems.push({ field: part, message: 'must be an object' })
  }
  if (p.id !== product.id) problems.push({ field: 'id', message: `must stay ${product.id}` })
  if (p.country !== product.country)
    problems.push({ field: 'country', message: `must stay ${product.country}` })
  if (p.currency !== product.currency)
    problems.push({ field: 'currency', message: `must stay ${product.currency}` })
  if (problems.length > 0) return problems
  try {
    return validateProduct(value as ProductConfig)
  } catch {
    return [{ field: '(configuration)', message: 'is not shaped like a product configuration' }]
  }
}
