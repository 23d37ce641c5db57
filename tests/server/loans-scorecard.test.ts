/**
 * The assessment's scorecard (docs/operations.md "Assessment"): points per rule, the hard rules, and the limit as
 * a share of the borrower's ceiling on the repeat-borrower ladder.
 */
import { describe, expect, it } from 'vitest'
import { score, type ScoreFacts } from '../../server/loans/scorecard'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'

const tz = DEMO_PRODUCTS.find((p) => p.config.id === 'tz-haraka')!.config
const TZS = 100

const facts = (over: Partial<ScoreFacts> = {}): ScoreFacts => ({
  employmentType: 'employee',
  jobExperience: 'in1_3Years',
  monthlySalary: '180001-280000',
  ageYears: 33,
  loansRepaidOnTime: 0,
  loansRepaidLate: 0,
  worstOverdueDays: 0,
  missingRequiredFlags: [],
  ...over,
})

describe('The scorecard', () => {
  it('approves an employee earning 180,001–280,000 with 1–3 years at work at the full ceiling', () => {
    const card = score(facts(), tz)
    expect(card).toMatchObject({ decision: 'approve', points: 70, refusedBy: [], limitMinor: 300_000 * TZS })
    expect(card.lines.map((l) => l.rule)).toEqual([
      'employment:employee',
      'salary:180001-280000',
      'experience:in1_3Years',
    ])
  })

  it('reads both enumeration variants and a salary given as a number', () => {
    const b = score(
      facts({ employmentType: 'Employee', jobExperience: '1-3 years', monthlySalary: 200_000 }),
      tz,
    )
    expect(b.points).toBe(70)
  })

  it('gives three quarters of the ceiling from 55 points and half from 40, and rejects below 40', () => {
    expect(score(facts({ jobExperience: null, monthlySalary: '70001-180000' }), tz)).toMatchObject({
      points: 50,
      limitMinor: 150_000 * TZS,
    })
    expect(
      score(facts({ monthlySalary: '70001-180000', jobExperience: 'moreThan3Years' }), tz),
    ).toMatchObject({
      points: 65,
      limitMinor: 220_000 * TZS,
    })
    expect(
      score(facts({ employmentType: 'Student', monthlySalary: '70001-180000', jobExperience: null }), tz),
    ).toMatchObject({
      decision: 'reject',
      points: 30,
      limitMinor: 0,
    })
  })

  it('rejects whatever the points when a hard rule says so', () => {
    expect(score(facts({ ageYears: 17 }), tz).refusedBy).toEqual(['age'])
    expect(score(facts({ ageYears: 70 }), tz).decision).toBe('reject')
    expect(score(facts({ missingRequiredFlags: ['location'] }), tz).refusedBy).toEqual([
      'missingData:location',
    ])
    expect(score(facts({ worstOverdueDays: 31 }), tz).refusedBy).toEqual(['seriousOverdue'])
    expect(score(facts({ worstOverdueDays: 30 }), tz).decision).toBe('approve')
  })

  it('raises the ceiling for loans repaid on time and lowers the score for late ones', () => {
    expect(score(facts({ loansRepaidOnTime: 2 }), tz)).toMatchObject({
      points: 90,
      limitMinor: 500_000 * TZS,
    })
    expect(score(facts({ loansRepaidLate: 2 }), tz)).toMatchObject({ points: 40, limitMinor: 150_000 * TZS })
  })
})
