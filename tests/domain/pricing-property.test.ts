import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  applyPaymentOn,
  applyRollover,
  balanceOf,
  chargedSoFar,
  chargePenalty,
  chargesCap,
  daysBetween,
  interestEarned,
  type LoanState,
  nextDueDate,
  openLoan,
  overdueDays,
  overduePrincipal,
  penaltyAfter,
  PricingError,
  quote,
  remainingBalance,
  rolloverQuote,
} from '../../domain/pricing'
import { defineProduct, type ProductConfig } from '../../domain/product'
import { validateProduct } from '../../domain/product-rules'

const UNIT = 100

/** Random products in the ranges a lender would configure; validateProduct decides which are valid. */
/** 300 generated stories take about a second; on CI's two shared cores, with a server file beside them, longer. */
const STORIES_TIMEOUT_MS = 30_000

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
    // Up to 30% a day, so that a few late days can fill the cap before a rollover.
    penaltyBps: fc.integer({ min: 0, max: 3_000 }),
    // A lower cap than the country's now and then (the cap must hold whichever charge reaches it first).
    capBps: fc.option(fc.integer({ min: 3_000, max: 10_000 }), { nil: undefined }),
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
      penalty: { dailyBps: r.penaltyBps, ...(r.capBps === undefined ? {} : { chargesCapBps: r.capBps }) },
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
  }, STORIES_TIMEOUT_MS)
})

/**
 * What a borrower does next: let days pass (or until a few days before or after the next due date), pay part (or
 * all) of the payoff, or roll the loan over.
 */
type Step =
  | { kind: 'wait'; days: number }
  | { kind: 'nearDue'; offset: number }
  | { kind: 'pay'; share: number }
  | { kind: 'rollover' }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 60 }) }),
  fc.record({ kind: fc.constant('nearDue' as const), offset: fc.integer({ min: -3, max: 12 }) }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('rollover' as const) }),
)

const storyArb = caseArb.chain((c) =>
  fc.record({ c: fc.constant(c), steps: fc.array(stepArb, { maxLength: 12 }) }),
)

describe('every loan story of a valid product (pay-out, days passing, part-payments, rollovers, lateness)', () => {
  it('keeps charges within the cap, the schedule summing to the total, and the payoff on every day equal to principal + charges to that day − paid', () => {
    fc.assert(
      fc.property(storyArb, ({ c, steps }) => {
        const { product, step, tenureDays, day } = c
        const amountMinor = product.amount.minMinor + step * product.amount.stepMinor
        const day0 = addDays('2025-01-01', day)
        const q = quote(product, { amountMinor, tenureDays, disbursedOn: day0 })
        expect(q.installments.reduce((s, i) => s + i.totalMinor, 0)).toBe(q.totalRepayableMinor)
        expect(q.installments.reduce((s, i) => s + i.principalMinor, 0)).toBe(q.principalMinor)
        expect(q.installments.reduce((s, i) => s + i.interestMinor, 0)).toBe(q.interestMinor)

        const cap = chargesCap(product, q.principalMinor)
        let loan: LoanState = openLoan(q)
        let today = day0
        let paid = 0 // repayments and rollover fees alike: all the borrower handed over

        const check = () => {
          if (cap !== null) expect(chargedSoFar(loan)).toBeLessThanOrEqual(cap)
          const payoff = balanceOf(loan, today).totalMinor
          // principal + fees + tax + interest to today + rollover fees + penalties − paid.
          const expected =
            q.disbursalMinor +
            q.processingFeeMinor +
            q.feeTaxMinor +
            interestEarned(loan, today) +
            loan.rolloverChargesMinor +
            loan.penaltyChargedMinor -
            paid
          expect(payoff).toBe(expected)
          const earnedCharges =
            q.processingFeeMinor +
            q.feeTaxMinor +
            interestEarned(loan, today) +
            loan.rolloverChargesMinor +
            loan.penaltyChargedMinor
          if (cap !== null) expect(earnedCharges).toBeLessThanOrEqual(cap)
          expect(payoff % UNIT).toBe(0)
        }
        check()

        for (const s of steps) {
          if (s.kind === 'wait' || s.kind === 'nearDue') {
            const due = nextDueDate(loan)
            const days =
              s.kind === 'wait'
                ? s.days
                : due === null
                  ? 0
                  : Math.max(0, daysBetween(today, addDays(due, s.offset)))
            // As the server's overdue sweep: each overdue day's penalty on the principal overdue that day.
            for (let d = 0; d < days; d++) {
              today = addDays(today, 1)
              if (overdueDays(loan, today) > 0)
                loan = chargePenalty(loan, penaltyAfter(product, loan, 1, overduePrincipal(loan, today)))
            }
          } else if (s.kind === 'pay') {
            const payoff = balanceOf(loan, today).totalMinor
            const amount = Math.min(payoff, Math.max(UNIT, Math.floor((payoff * s.share) / UNIT) * UNIT))
            if (amount <= 0) continue
            const r = applyPaymentOn(loan, amount, today)
            loan = r.loan
            paid += amount
            if (amount === payoff) {
              expect(balanceOf(loan).totalMinor).toBe(0)
              check()
              return
            }
          } else {
            try {
              const rq = rolloverQuote(product, loan, today)
              loan = applyRollover(loan, rq)
              paid += rq.totalMinor
              // A rollover never leaves the loan overdue.
              expect(overdueDays(loan, today)).toBe(0)
            } catch (e) {
              if (!(e instanceof PricingError)) throw e
              if (e.code === 'pricing.rollover.tooLate') {
                const due = nextDueDate(loan)!
                expect(daysBetween(addDays(due, product.rollover.days), today)).toBeGreaterThan(0)
              } else if (e.code === 'pricing.rollover.capReached') {
                expect(cap !== null && chargedSoFar(loan)).toBe(cap)
              } else expect(['pricing.rollover.limit', 'pricing.rollover.paidOff']).toContain(e.code)
            }
          }
          check()
        }
        // Repaid in full at the end: the loan is closed and cost exactly its charges to that day.
        const payoff = balanceOf(loan, today).totalMinor
        if (payoff > 0) {
          loan = applyPaymentOn(loan, payoff, today).loan
          paid += payoff
        }
        expect(balanceOf(loan).totalMinor).toBe(0)
        expect(paid).toBe(q.principalMinor + chargedSoFar(loan) - q.processingFeeMinor - q.feeTaxMinor)
        check()
      }),
      { numRuns: 300 },
    )
  }, STORIES_TIMEOUT_MS)
})
