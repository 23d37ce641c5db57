/**
 * The scorecard's money figures, per product (decisions.md "Scorecard per country"): what each salary band of the
 * additional-info form stands for in the product's currency, the salary points by monthly income in that
 * currency, and the points that approve. The wire keeps the spec's five band ids in every country; their amounts
 * differ by country because incomes do (a monthly 70,000 is a low income in TZS and a high one in KES or MXN), so
 * the form must label each band with this product's amounts (`StepAmounts.pricing.scorecard.salaryBands`).
 *
 * `validateScorecard` (domain/product-rules.ts) runs within validateProduct, so a product with malformed or
 * implausible bands stops the server at start-up. server/loans/scorecard.ts applies the policy.
 */
import type { CountryCode } from './countries'
import { SALARY_BANDS, type SalaryBand, type SalaryBandBounds } from './enums'

export interface SalaryPointsFrom {
  /** A monthly income of at least this many whole units of the product's currency… */
  readonly fromMajor: number
  /** …earns these points. */
  readonly points: number
}

export interface ScorecardPolicy {
  /** The currency of every amount below: must be the product's (a scorecard copied from another currency is refused). */
  readonly currency: string
  /**
   * What each band id of the form means in the product's currency: whole units a month, inclusive; the lowest
   * band starts at 0, each next one where the previous ends, and only the highest is open-ended (maxMajor null).
   */
  readonly salaryBands: Readonly<Record<SalaryBand, SalaryBandBounds>>
  /** Salary points by monthly income in the product's currency, lowest threshold first, the first at 0. */
  readonly salaryPoints: readonly SalaryPointsFrom[]
  /** Points that approve (hard rules aside). */
  readonly approveAt: number
}

/** The five band ids, lowest first (the same in both enumeration variants). */
export const SALARY_BAND_ORDER: readonly SalaryBand[] = SALARY_BANDS.A
/** No salary line is worth more than this (the card's other rules are weighed against it). */
export const MAX_SALARY_POINTS = 40
export const DEFAULT_APPROVE_AT = 40
/**
 * Hard rule: an earlier loan more than this many days overdue refuses every later application (the FAQ says so,
 * "What happens if I repay late?").
 */
export const SERIOUS_OVERDUE_DAYS = 30

function bands(
  edges: readonly [number, number, number, number],
): Readonly<Record<SalaryBand, SalaryBandBounds>> {
  const [a, b, c, d] = edges
  const [b1, b2, b3, b4, b5] = SALARY_BAND_ORDER as readonly [
    SalaryBand,
    SalaryBand,
    SalaryBand,
    SalaryBand,
    SalaryBand,
  ]
  return {
    [b1]: { minMajor: 0, maxMajor: a },
    [b2]: { minMajor: a + 1, maxMajor: b },
    [b3]: { minMajor: b + 1, maxMajor: c },
    [b4]: { minMajor: c + 1, maxMajor: d },
    [b5]: { minMajor: d + 1, maxMajor: null },
  } as Record<SalaryBand, SalaryBandBounds>
}

/** Each band above the lowest earns 20, 30, 35 and 40 points: the salary points start at each band's floor. */
function pointsAtBands(policy: Readonly<Record<SalaryBand, SalaryBandBounds>>): SalaryPointsFrom[] {
  const points = [0, 20, 30, 35, 40]
  return SALARY_BAND_ORDER.map((band, i) => ({ fromMajor: policy[band].minMajor, points: points[i]! }))
}

function policyOf(currency: string, edges: readonly [number, number, number, number]): ScorecardPolicy {
  const salaryBands = bands(edges)
  return { currency, salaryBands, salaryPoints: pointsAtBands(salaryBands), approveAt: DEFAULT_APPROVE_AT }
}

/**
 * The product owner's scorecard per country, in the country's currency (monthly incomes, whole units). A typical
 * salaried borrower (1–3 years in the job, the middle band) scores 70 and is approved at the full ceiling; a
 * typical self-employed one (1–3 years in business, the second band) scores 55 and is approved at three quarters.
 * - TZ, TZS: the spec's bands — up to 70,000 / 180,000 / 280,000 / 400,000 / more.
 * - KE, KES: up to 10,000 / 25,000 / 50,000 / 100,000 / more (the usual salaried income is 25,000–50,000).
 * - MX, MXN: up to 6,000 / 12,000 / 20,000 / 35,000 / more (a minimum-wage month is about 8,400).
 */
export const COUNTRY_SCORECARDS: Readonly<Record<CountryCode, ScorecardPolicy>> = {
  TZ: policyOf('TZS', [70_000, 180_000, 280_000, 400_000]),
  KE: policyOf('KES', [10_000, 25_000, 50_000, 100_000]),
  MX: policyOf('MXN', [6_000, 12_000, 20_000, 35_000]),
}

/** The band a monthly income (whole units of the product's currency) falls in. */
export function salaryBandOf(policy: ScorecardPolicy, major: number): SalaryBand {
  const found = SALARY_BAND_ORDER.find((band) => {
    const { minMajor, maxMajor } = policy.salaryBands[band]
    return major >= minMajor && (maxMajor === null || major <= maxMajor)
  })
  return found ?? SALARY_BAND_ORDER[0]!
}

/** Salary points for a monthly income in whole units of the product's currency. */
export function salaryPointsFor(policy: ScorecardPolicy, major: number): number {
  let points = 0
  for (const t of policy.salaryPoints) if (major >= t.fromMajor) points = t.points
  return points
}
