/**
 * The scorecard's money figures per product (domain/scorecard-policy.ts): each country's salary bands are its
 * own currency's, and validateProduct refuses a scorecard that is malformed or stated in another currency, so the
 * server stops at start-up instead of scoring KES or MXN incomes against TZS bands.
 */
import { describe, expect, it } from 'vitest'
import { SALARY_BANDS } from '../../domain/enums'
import { defineProduct } from '../../domain/product'
import { assertValidProduct, validateProduct } from '../../domain/product-rules'
import {
  COUNTRY_SCORECARDS,
  salaryBandOf,
  salaryPointsFor,
  type ScorecardPolicy,
} from '../../domain/scorecard-policy'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'

const product = (id: string) => DEMO_PRODUCTS.find((p) => p.config.id === id)!.config
const tz = product('tz-haraka')
const ke = product('ke-flex')
const mx = product('mx-kopa')
const fields = (p: Parameters<typeof validateProduct>[0]) => validateProduct(p).map((x) => x.field)
const withScorecard = (base: typeof tz, scorecard: unknown) => ({
  ...base,
  scorecard: scorecard as ScorecardPolicy,
})

describe('salary bands per country and currency', () => {
  it('gives every demo product its own country’s scorecard, in its currency', () => {
    expect(tz.scorecard).toEqual(COUNTRY_SCORECARDS.TZ)
    expect(ke.scorecard).toEqual(COUNTRY_SCORECARDS.KE)
    expect(mx.scorecard).toEqual(COUNTRY_SCORECARDS.MX)
    for (const p of [tz, ke, mx]) expect(p.scorecard.currency).toBe(p.currency)
  })

  it('keeps the spec’s band ids on the wire and gives them each country’s amounts', () => {
    const mid = SALARY_BANDS.A[2]
    expect(mid).toBe('180001-280000')
    expect(tz.scorecard.salaryBands[mid]).toEqual({ minMajor: 180_001, maxMajor: 280_000 })
    expect(ke.scorecard.salaryBands[mid]).toEqual({ minMajor: 25_001, maxMajor: 50_000 })
    expect(mx.scorecard.salaryBands[mid]).toEqual({ minMajor: 12_001, maxMajor: 20_000 })
  })

  it('scores the same income differently in each currency', () => {
    // 40,000 a month: a low income in TZS, a typical salary in KES, a high one in MXN.
    expect(salaryBandOf(tz.scorecard, 40_000)).toBe('Less than 70000')
    expect(salaryPointsFor(tz.scorecard, 40_000)).toBe(0)
    expect(salaryPointsFor(ke.scorecard, 40_000)).toBe(30)
    expect(salaryPointsFor(mx.scorecard, 40_000)).toBe(40)
  })

  it('fills the country’s scorecard in a product defined without one', () => {
    const { scorecard, ...rest } = ke
    void scorecard
    expect(defineProduct(rest).scorecard).toEqual(COUNTRY_SCORECARDS.KE)
  })
})

describe('a product’s scorecard is checked at start-up', () => {
  it('accepts the demo products', () => {
    for (const p of [tz, ke, mx]) expect(validateProduct(p)).toEqual([])
  })

  it('refuses a scorecard copied from another currency, naming both', () => {
    const copied = withScorecard(ke, COUNTRY_SCORECARDS.TZ)
    expect(() => assertValidProduct(copied)).toThrow(
      /ke-flex[\s\S]*scorecard\.currency: is TZS, not the product's KES/,
    )
  })

  it('refuses a product row stored without a scorecard', () => {
    expect(validateProduct(withScorecard(mx, undefined))).toEqual([
      { field: 'scorecard', message: 'is missing: state the salary bands and salary points in MXN' },
    ])
  })

  it('refuses bands that leave a gap, lack a band, close the top band or name a band the form does not send', () => {
    const b = COUNTRY_SCORECARDS.KE.salaryBands
    const gap = { ...b, '70001-180000': { minMajor: 10_002, maxMajor: 25_000 } }
    expect(fields(withScorecard(ke, { ...ke.scorecard, salaryBands: gap }))).toEqual([
      'scorecard.salaryBands["70001-180000"]',
    ])
    const { 'More than 400000': _top, ...missing } = b
    void _top
    expect(fields(withScorecard(ke, { ...ke.scorecard, salaryBands: missing }))).toEqual([
      'scorecard.salaryBands["More than 400000"]',
    ])
    const closed = { ...b, 'More than 400000': { minMajor: 100_001, maxMajor: 200_000 } }
    expect(fields(withScorecard(ke, { ...ke.scorecard, salaryBands: closed }))).toEqual([
      'scorecard.salaryBands["More than 400000"]',
    ])
    const extra = { ...b, 'More than 1000000': { minMajor: 1, maxMajor: null } }
    expect(fields(withScorecard(ke, { ...ke.scorecard, salaryBands: extra }))).toEqual([
      'scorecard.salaryBands',
    ])
  })

  it('refuses salary points that do not start at 0, go down as income goes up, or exceed 40', () => {
    const s = ke.scorecard
    const check = (salaryPoints: unknown) => fields(withScorecard(ke, { ...s, salaryPoints }))
    expect(check([{ fromMajor: 5_000, points: 0 }])).toEqual(['scorecard.salaryPoints[0]'])
    expect(
      check([
        { fromMajor: 0, points: 0 },
        { fromMajor: 10_000, points: 30 },
        { fromMajor: 20_000, points: 20 },
      ]),
    ).toEqual(['scorecard.salaryPoints[2]'])
    expect(check([{ fromMajor: 0, points: 41 }])).toEqual(['scorecard.salaryPoints[0]'])
    expect(check([])).toEqual(['scorecard.salaryPoints'])
  })

  it('refuses approval points that are not a whole number from 1', () => {
    expect(fields(withScorecard(ke, { ...ke.scorecard, approveAt: 0 }))).toEqual(['scorecard.approveAt'])
    expect(fields(withScorecard(ke, { ...ke.scorecard, approveAt: 39.5 }))).toEqual(['scorecard.approveAt'])
  })

  it('refuses a ladder whose reset threshold is not a whole number of days from 1', () => {
    const ladder = (resetAfterDaysLate: number) => ({
      ...tz,
      repeatLadder: { ...tz.repeatLadder, resetAfterDaysLate },
    })
    expect(fields(ladder(0))).toEqual(['repeatLadder.resetAfterDaysLate'])
    expect(validateProduct(ladder(14))).toEqual([])
  })
})
