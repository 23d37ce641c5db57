/**
 * The assessment's scorecard: a handful of transparent rules, each worth points, documented in
 * docs/operations.md "Assessment". Pure: the assessment job gathers the facts and stores the card with the order
 * (`loan_orders.assessment`): each rule's points with its reason in plain words, the hard rules that refused, the
 * borrower's step on the repeat-borrower ladder with how each earlier loan moved it, and how the limit was reached.
 *
 * The money figures are the product's (`product.scorecard`, domain/scorecard-policy.ts): what each salary band
 * means in its currency, the salary points and the points that approve. The ladder is domain/ladder.ts.
 *
 * Hard rules reject whatever the points: age outside 18–65, a data flag the country's policy requires but the
 * collector did not deliver, an earlier loan more than 30 days overdue, or a KYC vendor's verdict other than
 * passed (its vendor, result and score are a line of the card whenever a vendor checked the identity). Otherwise
 * the points decide: at least `scorecard.approveAt` approves, with a limit that is a share of the borrower's
 * ceiling on the ladder: 100% from 70 points, 75% from 55, 50% below.
 */
import { ladderPosition, type RepaidLoan } from '../../domain/ladder'
import { repeatBorrowerTerms } from '../../domain/pricing'
import type { ProductConfig } from '../../domain/product'
import { formatMoney } from '../../domain/money'
import type { SalaryBand } from '../../domain/enums'
import {
  SALARY_BAND_ORDER,
  SERIOUS_OVERDUE_DAYS,
  salaryBandOf,
  salaryPointsFor,
  type ScorecardPolicy,
} from '../../domain/scorecard-policy'

export { SERIOUS_OVERDUE_DAYS }
export const MIN_AGE = 18
export const MAX_AGE = 65
/** Points for each earlier loan repaid on time; half when it needed a rollover. */
export const ON_TIME_POINTS = 10
export const ON_TIME_AFTER_ROLLOVER_POINTS = 5
/** The most that loans repaid on time add together. */
export const MAX_HISTORY_POINTS = 30
/** Points off for each earlier loan repaid late: up to LATE_DAYS_MINOR days, and beyond. */
export const LATE_DAYS_MINOR = 7
export const LATE_MINOR_POINTS = -10
export const LATE_POINTS = -20

export interface ScoreFacts {
  employmentType: string | null
  /** Years in the job (employees; the form asks only them). */
  jobExperience: string | null
  /** How long at this employer or business: the experience of the self-employed, who are not asked the above. */
  workThereTime: string | null
  /** A salary band id, or an amount in whole units of the product's currency. */
  monthlySalary: string | number | null
  ageYears: number | null
  /** The borrower's earlier loans repaid in full, oldest first (server/loans/service.ts `borrowerHistory`). */
  repaidLoans: readonly RepaidLoan[]
  /** The most days any earlier loan of this borrower was overdue, repaid or not. */
  worstOverdueDays: number
  /** Data flags the country's policy requires that the collector has not delivered. */
  missingRequiredFlags: readonly string[]
  /** The KYC vendor's latest final verdict on the borrower (server/kyc/smile-id.ts); none with the development KYC. */
  identity?: IdentityFact | null
}

/** What the KYC vendor concluded about the borrower's ID, selfie and liveness. */
export interface IdentityFact {
  /** The vendor's name as configured, e.g. 'smileid'. */
  vendor: string
  jobId: string
  result: 'passed' | 'failed' | 'notRecognised'
  resultCode: string | null
  resultText: string | null
  /** The vendor's confidence, 0..1. */
  score: number | null
  reason: string
}

export interface ScoreLine {
  rule: string
  points: number
  /** Why, in plain words. */
  reason: string
}

export interface Scorecard {
  decision: 'approve' | 'reject'
  points: number
  /** The points that approve (the product's `scorecard.approveAt`). */
  approveAt: number
  lines: ScoreLine[]
  /** Hard rules that rejected the application. */
  refusedBy: string[]
  /** The same, in plain words. */
  refusals: string[]
  /** The borrower's step on the repeat-borrower ladder (the ceiling) and how each repaid loan moved it. */
  ladder: { step: number; topStep: number; reasons: string[] }
  /** Approved credit limit in minor units (0 when rejected). */
  limitMinor: number
  /** How the limit or the rejection came about, in plain words. */
  outcome: string
  /** The KYC vendor's verdict the decision read (vendor, result, score), when a vendor checked the identity. */
  identity?: IdentityFact
}

const VENDOR_NAMES: Readonly<Record<string, string>> = { smileid: 'Smile ID' }

/** The identity check as a line of the explanation: no points, but a verdict other than passed refuses. */
function identityLine(fact: IdentityFact): ScoreLine {
  const vendor = VENDOR_NAMES[fact.vendor] ?? fact.vendor
  const score = fact.score === null ? 'no score' : `score ${Math.round(fact.score * 100)}/100`
  const verdict = fact.result === 'notRecognised' ? 'not recognised' : fact.result
  return {
    rule: `identity:${fact.vendor}:${fact.result}`,
    points: 0,
    reason: `Identity checked by ${vendor} (job ${fact.jobId}): ${verdict}, ${score}; ${fact.reason}.`,
  }
}

const EMPLOYMENT: Readonly<Record<string, { points: number; what: string }>> = {
  employee: { points: 30, what: 'Employee' },
  Employee: { points: 30, what: 'Employee' },
  self_employed: { points: 25, what: 'Self-employed' },
  'Self employed': { points: 25, what: 'Self-employed' },
  auto: { points: 25, what: 'Freelance' },
  ParttimeEmployee: { points: 15, what: 'Part-time employee' },
  Student: { points: 10, what: 'Student' },
  Other: { points: 10, what: 'Other work' },
  Unemployed: { points: 0, what: 'Unemployed' },
  no_work: { points: 0, what: 'No work' },
}

const EXPERIENCE: Readonly<Record<string, { points: number; what: string }>> = {
  lessThan1Year: { points: 5, what: 'less than 1 year' },
  'Less than 1 year': { points: 5, what: 'less than 1 year' },
  in1_3Years: { points: 10, what: '1–3 years' },
  '1-3 years': { points: 10, what: '1–3 years' },
  moreThan3Years: { points: 15, what: 'more than 3 years' },
  'More than 3 years': { points: 15, what: 'more than 3 years' },
}

function money(product: ProductConfig, major: number): string {
  return formatMoney(major * product.minorPerUnit, product.currency, 'en', {
    minorPerUnit: product.minorPerUnit,
  }).replace(/\u00a0/g, ' ')
}

function bandWords(product: ProductConfig, band: SalaryBand): string {
  const { minMajor, maxMajor } = product.scorecard.salaryBands[band]
  return maxMajor === null
    ? `more than ${money(product, minMajor - 1)}`
    : minMajor === 0
      ? `up to ${money(product, maxMajor)}`
      : `${money(product, minMajor)} to ${money(product, maxMajor)}`
}

function salaryLine(facts: ScoreFacts, product: ProductConfig): ScoreLine {
  const policy: ScorecardPolicy = product.scorecard
  const value = facts.monthlySalary
  if (typeof value === 'string' && (SALARY_BAND_ORDER as readonly string[]).includes(value)) {
    const band = value as SalaryBand
    // A band scores as its lowest income: the least the applicant said they earn.
    const points = salaryPointsFor(policy, policy.salaryBands[band].minMajor)
    return {
      rule: `salary:${band}`,
      points,
      reason: `Monthly income ${bandWords(product, band)}: ${points} points.`,
    }
  }
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[^\d]/g, '')) : NaN
  if (value === null || (typeof value === 'string' && value.trim() === '') || !Number.isFinite(n)) {
    return { rule: 'salary:none', points: 0, reason: 'No monthly income given: 0 points.' }
  }
  const band = salaryBandOf(policy, n)
  const points = salaryPointsFor(policy, n)
  return {
    rule: `salary:${band}`,
    points,
    reason: `Monthly income ${bandWords(product, band)}: ${points} points.`,
  }
}

function historyLines(loans: readonly RepaidLoan[]): ScoreLine[] {
  const lines: ScoreLine[] = []
  const onTime = loans.filter((l) => l.daysLate === 0 && l.rollovers === 0).length
  const onTimeRolled = loans.filter((l) => l.daysLate === 0 && l.rollovers > 0).length
  const earned = Math.min(
    MAX_HISTORY_POINTS,
    ON_TIME_POINTS * onTime + ON_TIME_AFTER_ROLLOVER_POINTS * onTimeRolled,
  )
  if (onTime + onTimeRolled > 0) {
    const parts = [
      onTime > 0 && `${onTime} repaid on time (${ON_TIME_POINTS} each)`,
      onTimeRolled > 0 &&
        `${onTimeRolled} repaid by an extended due date (${ON_TIME_AFTER_ROLLOVER_POINTS} each)`,
    ].filter(Boolean)
    lines.push({
      rule: `repaidOnTime:${onTime}${onTimeRolled > 0 ? `+${onTimeRolled}rolledOver` : ''}`,
      points: earned,
      reason: `Earlier loans ${parts.join(', ')}, at most ${MAX_HISTORY_POINTS}: ${earned} points.`,
    })
  }
  const late = loans.filter((l) => l.daysLate > 0)
  if (late.length > 0) {
    const minor = late.filter((l) => l.daysLate <= LATE_DAYS_MINOR).length
    const major = late.length - minor
    const points = LATE_MINOR_POINTS * minor + LATE_POINTS * major
    const parts = [
      minor > 0 && `${minor} up to ${LATE_DAYS_MINOR} days late (${LATE_MINOR_POINTS} each)`,
      major > 0 && `${major} more than ${LATE_DAYS_MINOR} days late (${LATE_POINTS} each)`,
    ].filter(Boolean)
    lines.push({
      rule: `repaidLate:${late.map((l) => l.daysLate).join(',')}`,
      points,
      reason: `Earlier loans repaid late: ${parts.join(', ')}: ${points} points.`,
    })
  }
  return lines
}

export function score(facts: ScoreFacts, product: ProductConfig): Scorecard {
  const lines: ScoreLine[] = []
  const refusedBy: string[] = []
  const refusals: string[] = []
  const approveAt = product.scorecard.approveAt

  const work = EMPLOYMENT[facts.employmentType ?? '']
  lines.push({
    rule: `employment:${facts.employmentType ?? 'none'}`,
    points: work?.points ?? 0,
    reason: work ? `${work.what}: ${work.points} points.` : 'Work not given: 0 points.',
  })
  lines.push(salaryLine(facts, product))
  // Employees state their years in the job; the self-employed only how long they have run their business.
  const jobExperience = EXPERIENCE[facts.jobExperience ?? '']
  const inBusiness = jobExperience ? undefined : EXPERIENCE[facts.workThereTime ?? '']
  lines.push(
    jobExperience
      ? {
          rule: `experience:${facts.jobExperience}`,
          points: jobExperience.points,
          reason: `In the job ${jobExperience.what}: ${jobExperience.points} points.`,
        }
      : inBusiness
        ? {
            rule: `experience:workThereTime:${facts.workThereTime}`,
            points: inBusiness.points,
            reason: `At this work or business ${inBusiness.what}: ${inBusiness.points} points.`,
          }
        : { rule: 'experience:none', points: 0, reason: 'Time at work not given: 0 points.' },
  )
  lines.push(...historyLines(facts.repaidLoans))
  const identity = facts.identity ?? null
  if (identity) lines.push(identityLine(identity))

  if (facts.ageYears !== null && (facts.ageYears < MIN_AGE || facts.ageYears > MAX_AGE)) {
    refusedBy.push('age')
    refusals.push(`Age outside ${MIN_AGE}–${MAX_AGE}.`)
  }
  if (facts.missingRequiredFlags.length > 0) {
    refusedBy.push(`missingData:${facts.missingRequiredFlags.join(',')}`)
    refusals.push(`Required data not received: ${facts.missingRequiredFlags.join(', ')}.`)
  }
  if (identity && identity.result !== 'passed') {
    refusedBy.push(`identity:${identity.vendor}`)
    refusals.push(
      `Identity not confirmed by ${VENDOR_NAMES[identity.vendor] ?? identity.vendor}: ${identity.reason}.`,
    )
  }
  if (facts.worstOverdueDays > SERIOUS_OVERDUE_DAYS) {
    refusedBy.push('seriousOverdue')
    refusals.push(
      `An earlier loan was ${facts.worstOverdueDays} days overdue, more than ${SERIOUS_OVERDUE_DAYS}.`,
    )
  }

  const position = ladderPosition(facts.repaidLoans, product)
  const ladder = { step: position.step, topStep: position.topStep, reasons: [...position.reasons] }
  const points = lines.reduce((sum, l) => sum + l.points, 0)
  if (refusedBy.length > 0 || points < approveAt) {
    const outcome =
      refusedBy.length > 0
        ? `Rejected by a hard rule: ${refusals.join(' ')}`
        : `Rejected: ${points} points, below the ${approveAt} that approve.`
    return {
      decision: 'reject',
      points,
      approveAt,
      lines,
      refusedBy,
      refusals,
      ladder,
      limitMinor: 0,
      outcome,
      ...(identity ? { identity } : {}),
    }
  }

  const ceiling = repeatBorrowerTerms(product, position.step).maxAmountMinor
  const share = points >= 70 ? 4 : points >= 55 ? 3 : 2
  const { minMinor, stepMinor } = product.amount
  const raw = Math.floor((ceiling * share) / 4)
  const onGrid = minMinor + Math.floor(Math.max(0, raw - minMinor) / stepMinor) * stepMinor
  const limitMinor = Math.min(ceiling, Math.max(minMinor, onGrid))
  const unit = product.minorPerUnit
  return {
    decision: 'approve',
    points,
    approveAt,
    lines,
    refusedBy,
    refusals,
    ladder,
    limitMinor,
    outcome:
      `Approved: ${points} points (${approveAt} approve). Limit ${money(product, limitMinor / unit)}: ` +
      `${share * 25}% of the ceiling ${money(product, ceiling / unit)} at step ${position.step} of the ladder ` +
      `(100% from 70 points, 75% from 55, 50% below), on the amount grid.`,
    ...(identity ? { identity } : {}),
  }
}
