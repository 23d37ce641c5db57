import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, openLoan, quote, remainingBalance } from '../../src/domain/pricing'
import { defineProduct, type ProductConfig, validateProduct } from '../../src/domain/product'

const UNIT = 100

/** Random products in the ranges a lender would configure; validateProduct decides which are valid. */
const productArb: fc.Arbitrary<ProductConfig> = fc
  .record({
    country: fc.constantFrom('TZ' as const, 'KE' as const, 'MX' as const),
    minUnits: fc.integer({ min: 100, max: 20_000 }),
    stepUnits: fc.integer({ min: 1, max: 5_000 }),
    steps: fc.integer({ min: 0, max: 60 }),
    tenureDays: fc.uniqueArray(fc.integer({ min: 91, max: 400 }), { minLength: 1, maxLength: 4 }),
    interest: fc.oneof(
      fc.record({ annualBps: fc.integer({ min: 0, max: 3_600 }) }),
      fc.record({ dailyPpm: fc.integer({ min: 0, max: 986 }) }),
    ),
    processingFee: fc.oneof(
      fc.record({ bps: fc.integer({ min: 0, max: 3_000 }) }),
      fc.record({ dailyPpm: fc.integer({ min: 0, max: 2_000 }) }),
    ),
    feeTaxBps: fc.constantFrom(1_600, 1_800, 2_000),
    installments: fc.integer({ min: 1, max: 6 }),
    rolloverBps: fc.integer({ min: 0, max: 1_000 }),
    rolloverMax: fc.integer({ min: 0, max: 3 }),
  })
  .map((r) =>
    defineProduct({
      id: 'random',
      country: r.country,
      currency: { TZ: 'TZS', KE: 'KES', MX: 'MXN' }[r.country],
      minorPerUnit: UNIT,
      amount: {
        minMinor: r.minUnits * UNIT,
        maxMinor: (r.minUnits + r.stepUnits * r.steps) * UNIT,
        stepMinor: r.stepUnits * UNIT,
      },
      tenureDays: r.tenureDays,
      interest: r.interest,
      processingFee: r.processingFee,
      feeTaxBps: r.feeTaxBps,
      installments: r.installments,
      rollover: { feeBps: r.rolloverBps, maxCount: r.rolloverMax },
    }),
  )

const caseArb = productArb
  .filter((p) => validateProduct(p).length === 0)
  .chain((product) =>
    fc.record({
      product: fc.constant(product),
      step: fc.integer({
        min: 0,
        max: (product.amount.maxMinor - product.amount.minMinor) / product.amount.stepMinor,
      }),
      tenureDays: fc.constantFrom(...product.tenureDays),
      day: fc.integer({ min: 0, max: 3_650 }),
    }),
  )

describe('every quote of a valid product', () => {
  it('is made of safe integers that add up: disbursal + fee + tax = principal, total ≥ principal', () => {
    fc.assert(
      fc.property(caseArb, ({ product, step, tenureDays, day }) => {
        const amountMinor = product.amount.minMinor + step * product.amount.stepMinor
        const q = quote(product, { amountMinor, tenureDays, disbursedOn: addDays('2025-01-01', day) })
        const amounts = [
          q.principalMinor,
          q.interestMinor,
          q.processingFeeMinor,
          q.feeTaxMinor,
          q.disbursalMinor,
          q.totalRepayableMinor,
          ...q.installments.flatMap((i) => [i.principalMinor, i.interestMinor, i.totalMinor]),
        ]
        for (const a of amounts) {
          expect(Number.isSafeInteger(a)).toBe(true)
          expect(a % UNIT).toBe(0)
        }
        expect(q.disbursalMinor + q.processingFeeMinor + q.feeTaxMinor).toBe(q.principalMinor)
        expect(q.disbursalMinor).toBeGreaterThan(0)
        expect(q.totalRepayableMinor).toBeGreaterThanOrEqual(q.principalMinor)
        expect(q.installments.reduce((s, i) => s + i.totalMinor, 0)).toBe(q.totalRepayableMinor)
        expect(q.installments.every((i) => i.principalMinor > 0)).toBe(true)
        expect(Number.isFinite(q.apr.rate) && q.apr.rate >= 0).toBe(true)
        expect(remainingBalance(openLoan(q), [q.totalRepayableMinor]).remaining.totalMinor).toBe(0)
      }),
      { numRuns: 300 },
    )
  })
})
