/**
 * The rules a loan product must meet (decisions.md "Pricing"): `validateProduct` lists every problem that would make
 * a product unfair or unlawful; the server refuses to start with such a product (`assertValidProduct`), and the
 * console's product editor checks each keystroke with `editedProductProblems`. Kept apart from domain/product.ts so
 * the borrower's app, which never validates a product, does not download these rules.
 */
import { COUNTRY_CODES, type CountryCode } from './countries'
import { bps, compareRatio, formatMoney, ratioToNumber } from './money'
import {
  MAX_SALARY_POINTS,
  SALARY_BAND_ORDER,
  type SalaryPointsFrom,
  type ScorecardPolicy,
} from './scorecard-policy'
import type { SalaryBandBounds } from './enums'
import {
  annualInterestRate,
  charges,
  chargesCap,
  DAYS_PER_YEAR,
  dailyInterestRate,
  rolloverCharges,
} from './pricing'
import {
  CHARGES_CAP_BPS_BY_COUNTRY,
  MAX_AMOUNT_STEPS,
  MAX_PROCESSING_FEE_DAILY_PPM,
  MIN_TENURE_DAYS,
  type ProductConfig,
} from './product'

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

export interface ScorecardProblem {
  readonly field: string
  readonly message: string
}

/** Every problem with a product's scorecard policy ([] when it is fine); `currency` is the product's. */
export function validateScorecard(policy: ScorecardPolicy | undefined, currency: string): ScorecardProblem[] {
  const problems: ScorecardProblem[] = []
  const fail = (field: string, message: string) =>
    problems.push({ field: field ? `scorecard.${field}` : 'scorecard', message })
  if (typeof policy !== 'object' || policy === null) {
    fail('', `is missing: state the salary bands and salary points in ${currency}`)
    return problems
  }
  const whole = (v: unknown, min = 0): v is number =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= min

  if (policy.currency !== currency)
    fail(
      'currency',
      `is ${String(policy.currency)}, not the product's ${currency}: state the bands in ${currency}`,
    )

  if (!whole(policy.approveAt, 1) || policy.approveAt > 100)
    fail('approveAt', `must be a whole number of points from 1 to 100, got ${String(policy.approveAt)}`)

  const b = policy.salaryBands as Record<string, SalaryBandBounds | undefined> | undefined
  if (typeof b !== 'object' || b === null)
    fail('salaryBands', `must give the ${currency} amounts of each band`)
  else {
    let expectedMin = 0
    SALARY_BAND_ORDER.forEach((band, i) => {
      const bounds = b[band]
      const field = `salaryBands["${band}"]`
      const last = i === SALARY_BAND_ORDER.length - 1
      if (!bounds || !whole(bounds.minMajor) || (bounds.maxMajor !== null && !whole(bounds.maxMajor))) {
        fail(field, `must be { minMajor, maxMajor } in whole ${currency}, got ${JSON.stringify(bounds)}`)
        return
      }
      if (bounds.minMajor !== expectedMin)
        fail(
          field,
          `starts at ${bounds.minMajor}; it must start at ${expectedMin}, where the band below ends`,
        )
      if (last && bounds.maxMajor !== null) fail(field, 'is the highest band: its maxMajor must be null')
      if (!last && (bounds.maxMajor === null || bounds.maxMajor < bounds.minMajor))
        fail(field, `must end at or above ${bounds.minMajor}`)
      expectedMin = (bounds.maxMajor ?? expectedMin) + 1
    })
    const extra = Object.keys(b).filter((k) => !(SALARY_BAND_ORDER as readonly string[]).includes(k))
    if (extra.length > 0) fail('salaryBands', `names bands the form does not send: ${extra.join(', ')}`)
  }

  const pts = policy.salaryPoints
  if (!Array.isArray(pts) || pts.length === 0) fail('salaryPoints', 'must list at least one threshold')
  else {
    pts.forEach((t: SalaryPointsFrom, i) => {
      if (!whole(t?.fromMajor) || !whole(t?.points) || t.points > MAX_SALARY_POINTS)
        fail(
          `salaryPoints[${i}]`,
          `must be { fromMajor, points } with points 0–${MAX_SALARY_POINTS}, got ${JSON.stringify(t)}`,
        )
      else if (i === 0 && t.fromMajor !== 0) fail('salaryPoints[0]', 'must start at fromMajor 0')
      else if (i > 0 && !(t.fromMajor > pts[i - 1]!.fromMajor && t.points >= pts[i - 1]!.points))
        fail(`salaryPoints[${i}]`, 'must be above the previous threshold and worth at least as many points')
    })
  }
  return problems
}
