/**
 * The assessment's scorecard: a handful of transparent rules, each worth points, documented in
 * docs/operations.md "Assessment". Pure: the assessment job gathers the facts and stores the card with the order,
 * so every decision can be explained afterwards.
 *
 * Hard rules reject whatever the points: age outside 18–65, a data flag the country's policy requires but the
 * collector did not deliver, or an earlier loan more than 30 days overdue. Otherwise the points decide: at least
 * APPROVE_AT approves, with a limit that is a share of the borrower's ceiling (the repeat-borrower ladder's
 * maxAmount): 100% from 70 points, 75% from 55, 50% below.
 */
import { SALARY_BANDS, salaryBandFor, type SalaryBand } from '../../src/domain/enums'
import { repeatBorrowerTerms } from '../../src/domain/pricing'
import type { ProductConfig } from '../../src/domain/product'

export const APPROVE_AT = 40
export const MIN_AGE = 18
export const MAX_AGE = 65
export const SERIOUS_OVERDUE_DAYS = 30

export interface ScoreFacts {
  employmentType: string | null
  jobExperience: string | null
  /** A salary band code, or an amount in whole currency units. */
  monthlySalary: string | number | null
  ageYears: number | null
  loansRepaidOnTime: number
  loansRepaidLate: number
  /** The most days any earlier loan of this borrower was overdue. */
  worstOverdueDays: number
  /** Data flags the country's policy requires that the collector has not delivered. */
  missingRequiredFlags: readonly string[]
}

export interface ScoreLine {
  rule: string
  points: number
}

export interface Scorecard {
  decision: 'approve' | 'reject'
  points: number
  lines: ScoreLine[]
  /** Hard rules that rejected the application. */
  refusedBy: string[]
  /** Approved credit limit in minor units (0 when rejected). */
  limitMinor: number
}

const EMPLOYMENT_POINTS: Readonly<Record<string, number>> = {
  employee: 30,
  Employee: 30,
  self_employed: 25,
  'Self employed': 25,
  auto: 25,
  ParttimeEmployee: 15,
  Student: 10,
  Other: 10,
  Unemployed: 0,
  no_work: 0,
}

const EXPERIENCE_POINTS: Readonly<Record<string, number>> = {
  lessThan1Year: 5,
  'Less than 1 year': 5,
  in1_3Years: 10,
  '1-3 years': 10,
  moreThan3Years: 15,
  'More than 3 years': 15,
}

const SALARY_BAND_CODES_ORDERED: readonly SalaryBand[] = SALARY_BANDS.A

/** Points per salary band, lowest band first. */
const SALARY_POINTS = [0, 20, 30, 35, 40] as const

function salaryBand(value: string | number | null): SalaryBand | null {
  if (value === null) return null
  if (typeof value === 'number') return Number.isFinite(value) ? salaryBandFor(value) : null
  if ((SALARY_BAND_CODES_ORDERED as readonly string[]).includes(value)) return value as SalaryBand
  const n = Number(value.replace(/[^\d]/g, ''))
  return value.trim() !== '' && Number.isFinite(n) ? salaryBandFor(n) : null
}

export function score(facts: ScoreFacts, product: ProductConfig): Scorecard {
  const lines: ScoreLine[] = []
  const refusedBy: string[] = []

  lines.push({
    rule: `employment:${facts.employmentType ?? 'none'}`,
    points: EMPLOYMENT_POINTS[facts.employmentType ?? ''] ?? 0,
  })
  const band = salaryBand(facts.monthlySalary)
  lines.push({
    rule: `salary:${band ?? 'none'}`,
    points: band === null ? 0 : (SALARY_POINTS[SALARY_BAND_CODES_ORDERED.indexOf(band)] ?? 0),
  })
  lines.push({
    rule: `experience:${facts.jobExperience ?? 'none'}`,
    points: EXPERIENCE_POINTS[facts.jobExperience ?? ''] ?? 0,
  })
  if (facts.loansRepaidOnTime > 0) {
    lines.push({
      rule: `repaidOnTime:${facts.loansRepaidOnTime}`,
      points: Math.min(30, 10 * facts.loansRepaidOnTime),
    })
  }
  if (facts.loansRepaidLate > 0)
    lines.push({ rule: `repaidLate:${facts.loansRepaidLate}`, points: -15 * facts.loansRepaidLate })

  if (facts.ageYears !== null && (facts.ageYears < MIN_AGE || facts.ageYears > MAX_AGE)) refusedBy.push('age')
  if (facts.missingRequiredFlags.length > 0)
    refusedBy.push(`missingData:${facts.missingRequiredFlags.join(',')}`)
  if (facts.worstOverdueDays > SERIOUS_OVERDUE_DAYS) refusedBy.push('seriousOverdue')

  const points = lines.reduce((sum, l) => sum + l.points, 0)
  if (refusedBy.length > 0 || points < APPROVE_AT)
    return { decision: 'reject', points, lines, refusedBy, limitMinor: 0 }

  const ceiling = repeatBorrowerTerms(product, facts.loansRepaidOnTime).maxAmountMinor
  const share = points >= 70 ? 4 : points >= 55 ? 3 : 2
  const { minMinor, stepMinor } = product.amount
  const raw = Math.floor((ceiling * share) / 4)
  const onGrid = minMinor + Math.floor(Math.max(0, raw - minMinor) / stepMinor) * stepMinor
  return {
    decision: 'approve',
    points,
    lines,
    refusedBy,
    limitMinor: Math.min(ceiling, Math.max(minMinor, onGrid)),
  }
}
