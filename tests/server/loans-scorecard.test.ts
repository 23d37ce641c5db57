/**
 * The assessment's scorecard (docs/operations.md "Assessment"): points per rule with their reasons, the hard
 * rules, salary bands in each country's currency, the borrower's history (days late, rollovers), and the limit as
 * a share of the borrower's ceiling on the repeat-borrower ladder (domain/ladder.ts) — then the same rules
 * through the real calls: a late repayment never raises the limit or lowers the rate, an on-time one still does,
 * and the explanation is stored with each decision.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { RepaidLoan } from '../../domain/ladder'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'
import { loanOrders, loanProducts } from '../../server/db/schema/loans'
import { createLoansModule } from '../../server/loans/module'
import { score, type Scorecard, type ScoreFacts } from '../../server/loans/scorecard'
import { MODULES } from '../../server/modules'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer } from './helpers/server'
import {
  DAY,
  PRODUCT,
  advance,
  call,
  completeSteps,
  expectBooksBalanced,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const product = (id: string) => DEMO_PRODUCTS.find((p) => p.config.id === id)!.config
const tz = product(PRODUCT.TZ)
const ke = product(PRODUCT.KE)
const mx = product(PRODUCT.MX)
const TZS = 100
const KES = 100
const MXN = 100
const onTime: RepaidLoan = { daysLate: 0, rollovers: 0 }

const facts = (over: Partial<ScoreFacts> = {}): ScoreFacts => ({
  employmentType: 'employee',
  jobExperience: 'in1_3Years',
  workThereTime: null,
  monthlySalary: '180001-280000',
  ageYears: 33,
  repaidLoans: [],
  worstOverdueDays: 0,
  missingRequiredFlags: [],
  ...over,
})

describe('The scorecard', () => {
  it('approves an employee earning 180,001–280,000 TZS with 1–3 years at work at the full ceiling, each point explained', () => {
    const card = score(facts(), tz)
    expect(card).toMatchObject({
      decision: 'approve',
      points: 70,
      approveAt: 40,
      refusedBy: [],
      limitMinor: 300_000 * TZS,
    })
    expect(card.lines).toEqual([
      { rule: 'employment:employee', points: 30, reason: 'Employee: 30 points.' },
      {
        rule: 'salary:180001-280000',
        points: 30,
        reason: 'Monthly income TZS 180,001 to TZS 280,000: 30 points.',
      },
      { rule: 'experience:in1_3Years', points: 10, reason: 'In the job 1–3 years: 10 points.' },
    ])
    expect(card.ladder).toEqual({ step: 0, topStep: 8, reasons: [] })
    expect(card.outcome).toBe(
      'Approved: 70 points (40 approve). Limit TZS 300,000: 100% of the ceiling TZS 300,000 at step 0 of the ' +
        'ladder (100% from 70 points, 75% from 55, 50% below), on the amount grid.',
    )
  })

  it('reads both enumeration variants and a salary given as an amount of the product’s currency', () => {
    const b = score(
      facts({ employmentType: 'Employee', jobExperience: '1-3 years', monthlySalary: 200_000 }),
      tz,
    )
    expect(b.points).toBe(70)
    expect(score(facts({ monthlySalary: 30_000 }), ke).lines[1]).toMatchObject({
      rule: 'salary:180001-280000',
      points: 30,
    })
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
      outcome: 'Rejected: 30 points, below the 40 that approve.',
    })
  })

  it('follows the product’s approval points', () => {
    const stricter = { ...tz, scorecard: { ...tz.scorecard, approveAt: 75 } }
    expect(score(facts(), stricter)).toMatchObject({ decision: 'reject', points: 70, approveAt: 75 })
  })

  it('rejects whatever the points when a hard rule says so, and says why', () => {
    expect(score(facts({ ageYears: 17 }), tz)).toMatchObject({
      refusedBy: ['age'],
      refusals: ['Age outside 18–65.'],
    })
    expect(score(facts({ ageYears: 70 }), tz).decision).toBe('reject')
    expect(score(facts({ missingRequiredFlags: ['location'] }), tz).refusedBy).toEqual([
      'missingData:location',
    ])
    expect(score(facts({ worstOverdueDays: 31 }), tz)).toMatchObject({
      refusedBy: ['seriousOverdue'],
      refusals: ['An earlier loan was 31 days overdue, more than 30.'],
      outcome: 'Rejected by a hard rule: An earlier loan was 31 days overdue, more than 30.',
    })
    expect(score(facts({ worstOverdueDays: 30 }), tz).decision).toBe('approve')
  })
})

describe('Typical applicants in each country are decided as the product owner intends', () => {
  // The form sends the spec's band ids in every country; each product says what they mean in its currency, and
  // the form labels them so (StepAmounts.pricing.scorecard.salaryBands).
  const salaried = (country: 'A' | 'B') =>
    facts(
      country === 'A'
        ? { employmentType: 'employee', jobExperience: 'in1_3Years', monthlySalary: '180001-280000' }
        : { employmentType: 'Employee', jobExperience: '1-3 years', monthlySalary: '180001-280000' },
    )
  const selfEmployed = (country: 'A' | 'B') =>
    facts(
      country === 'A'
        ? {
            employmentType: 'self_employed',
            jobExperience: null,
            workThereTime: 'in1_3Years',
            monthlySalary: '70001-180000',
          }
        : {
            employmentType: 'Self employed',
            jobExperience: null,
            workThereTime: '1-3 years',
            monthlySalary: '70001-180000',
          },
    )

  it('TZ: an employee of 1–3 years earning TZS 180,001–280,000 is approved at the full TZS 300,000', () => {
    expect(score(salaried('A'), tz)).toMatchObject({
      decision: 'approve',
      points: 70,
      limitMinor: 300_000 * TZS,
    })
  })

  it('TZ: a self-employed trader of 1–3 years earning TZS 70,001–180,000 is approved at three quarters (TZS 220,000)', () => {
    const card = score(selfEmployed('A'), tz)
    expect(card).toMatchObject({ decision: 'approve', points: 55, limitMinor: 220_000 * TZS })
    expect(card.lines[2]).toEqual({
      rule: 'experience:workThereTime:in1_3Years',
      points: 10,
      reason: 'At this work or business 1–3 years: 10 points.',
    })
  })

  it('KE: an employee of 1–3 years earning KES 25,001–50,000 is approved at the full KES 50,000', () => {
    const card = score(salaried('B'), ke)
    expect(card).toMatchObject({ decision: 'approve', points: 70, limitMinor: 50_000 * KES })
    expect(card.lines[1]!.reason).toBe('Monthly income KES 25,001 to KES 50,000: 30 points.')
  })

  it('KE: a self-employed trader of 1–3 years earning KES 10,001–25,000 is approved at three quarters (KES 37,500), no longer refused', () => {
    expect(score(selfEmployed('B'), ke)).toMatchObject({
      decision: 'approve',
      points: 55,
      limitMinor: 37_500 * KES,
    })
    // Scored against the TZS bands (the bug), the same applicant had 0 salary points and was refused.
    const tzsBands = { ...ke, scorecard: { ...COUNTRY_SCORECARDS.TZ, currency: 'KES' } }
    expect(score({ ...selfEmployed('B'), monthlySalary: 20_000 }, tzsBands).decision).toBe('reject')
  })

  it('MX: an employee of 1–3 years earning MXN 12,001–20,000 is approved at the full MXN 20,000', () => {
    expect(score(salaried('B'), mx)).toMatchObject({
      decision: 'approve',
      points: 70,
      limitMinor: 20_000 * MXN,
    })
  })

  it('MX: a self-employed worker of 1–3 years earning MXN 6,001–12,000 is approved at three quarters (MXN 15,000), no longer refused', () => {
    expect(score(selfEmployed('B'), mx)).toMatchObject({
      decision: 'approve',
      points: 55,
      limitMinor: 15_000 * MXN,
    })
  })

  it.each([
    ['TZ', tz, 'A'],
    ['KE', ke, 'B'],
    ['MX', mx, 'B'],
  ] as const)(
    '%s: a self-employed applicant in the lowest band with under a year in business is refused (30 points)',
    (_c, p, v) => {
      const card = score(
        {
          ...selfEmployed(v),
          monthlySalary: 'Less than 70000',
          workThereTime: v === 'A' ? 'lessThan1Year' : 'Less than 1 year',
        },
        p,
      )
      expect(card).toMatchObject({ decision: 'reject', points: 30 })
    },
  )
})

describe('The borrower’s history on the scorecard', () => {
  it('adds 10 points per loan repaid on time and 5 when it needed a rollover, at most 30, and raises the ceiling', () => {
    const card = score(facts({ repaidLoans: [onTime, onTime] }), tz)
    expect(card).toMatchObject({ points: 90, limitMinor: 500_000 * TZS })
    expect(card.lines[3]).toEqual({
      rule: 'repaidOnTime:2',
      points: 20,
      reason: 'Earlier loans 2 repaid on time (10 each), at most 30: 20 points.',
    })
    const rolled = score(facts({ repaidLoans: [onTime, { daysLate: 0, rollovers: 2 }] }), tz)
    expect(rolled.lines[3]).toMatchObject({ rule: 'repaidOnTime:1+1rolledOver', points: 15 })
    expect(rolled.ladder.step).toBe(2)
    expect(score(facts({ repaidLoans: Array(5).fill(onTime) }), tz).lines[3]!.points).toBe(30)
  })

  it('takes 10 points per loan up to 7 days late and 20 beyond, and never raises the ceiling for a late repayment', () => {
    const card = score(facts({ repaidLoans: [onTime, { daysLate: 3, rollovers: 0 }] }), tz)
    expect(card.lines.slice(3)).toEqual([
      {
        rule: 'repaidOnTime:1',
        points: 10,
        reason: 'Earlier loans 1 repaid on time (10 each), at most 30: 10 points.',
      },
      {
        rule: 'repaidLate:3',
        points: -10,
        reason: 'Earlier loans repaid late: 1 up to 7 days late (-10 each): -10 points.',
      },
    ])
    // One step up, one step down: the first-loan ceiling.
    expect(card).toMatchObject({ points: 70, limitMinor: 300_000 * TZS })
    expect(card.ladder.reasons).toEqual([
      'Loan 1 repaid on time: up to step 1.',
      'Loan 2 repaid 3 days late: down to step 0 (a lower limit, a higher rate).',
    ])
    const worse = score(facts({ repaidLoans: [{ daysLate: 20, rollovers: 1 }] }), tz)
    expect(worse).toMatchObject({ points: 50, limitMinor: 150_000 * TZS })
    expect(worse.lines[3]).toMatchObject({ rule: 'repaidLate:20', points: -20 })
  })
})

// ------------------------------------------------------------------------------------------------ the real calls

async function borrowAndReceive(ls: LoanServer, b: Borrower, amountUnits: number, again: boolean) {
  const applied = await ok<T.ApplyResult>(
    ls,
    b,
    again ? '/loan/loan-order/apply-market-again' : '/loan/loan-order/apply-market',
    { productId: PRODUCT.TZ, amountMinor: amountUnits * TZS, tenureDays: 91 },
  )
  await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
    loanOrderId: applied.loanOrderId,
  })
  await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
  await settle(ls)
  const order = await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
  expect(order.status).toBe(2)
  return { applied, info, order }
}

/** Repays the whole balance of today (repayment detail: interest to the day, penalties). */
async function repayAll(ls: LoanServer, b: Borrower) {
  const order = await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
  const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
  await ok(ls, b, '/portal/repayment/confirm', {
    orderNo: order.orderNo,
    amountMinor: detail.balance.totalMinor,
    channelId: 'mpesa',
  })
  await settle(ls)
  expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(4)
}

async function stored(ls: LoanServer, orderNo: string): Promise<Scorecard> {
  const [row] = await ls.s.server.ctx.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo))
  return row!.assessment as Scorecard
}

const credit = (ls: LoanServer, b: Borrower) => ok<T.CreditInfo>(ls, b, '/loan/get-credit-info')

describeOnEachDatabase('The repeat-borrower ladder through the real calls', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  async function newBorrower() {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    return b
  }

  it('still climbs for a borrower who repaid on time: a higher limit, a lower rate, and the reason stored with the decision', async () => {
    const b = await newBorrower()
    await borrowAndReceive(ls, b, 300_000, false)
    await repayAll(ls, b)
    expect(await credit(ls, b)).toMatchObject({
      limitMinor: 400_000 * TZS,
      dailyRatePercent: 0.08,
      loansRepaidOnTime: 1,
      nextLimitMinor: 500_000 * TZS,
    })
    const second = await borrowAndReceive(ls, b, 400_000, true)
    expect(second.info).toMatchObject({ principalMinor: 400_000 * TZS, interestRate: { dailyPercent: 0.08 } })
    const card = await stored(ls, second.applied.orderNo)
    expect(card).toMatchObject({ decision: 'approve', points: 80, limitMinor: 400_000 * TZS })
    expect(card.ladder).toEqual({ step: 1, topStep: 8, reasons: ['Loan 1 repaid on time: up to step 1.'] })
    expect(card.lines.map((l) => l.reason)).toContain(
      'Earlier loans 1 repaid on time (10 each), at most 30: 10 points.',
    )
  })

  it('gives the issue’s borrower — at 400,000 and 0.08%, then 62 days late — no 500,000 and no 0.07%: back to the first-loan terms, and the next application is refused with its reasons', async () => {
    const b = await newBorrower()
    await borrowAndReceive(ls, b, 300_000, false)
    await repayAll(ls, b)
    expect(await credit(ls, b)).toMatchObject({ limitMinor: 400_000 * TZS, dailyRatePercent: 0.08 })

    await borrowAndReceive(ls, b, 400_000, true)
    await advance(ls, (91 + 62) * DAY)
    await repayAll(ls, b)

    const after = await credit(ls, b)
    expect(after).toMatchObject({
      limitMinor: 300_000 * TZS,
      dailyRatePercent: 0.09,
      loansRepaidOnTime: 0,
      nextLimitMinor: 400_000 * TZS,
    })
    const step = await ok<T.StepAmounts>(ls, b, '/loan/product/step-amount', { productId: PRODUCT.TZ })
    expect(step).toMatchObject({ maxAmountMinor: 300_000 * TZS, loansRepaidOnTime: 0 })
    const tooMuch = await call(ls, b, '/loan/loan-order/apply-market-again', {
      productId: PRODUCT.TZ,
      amountMinor: 500_000 * TZS,
      tenureDays: 91,
    })
    expect(tooMuch.code).toBe(ApiCode.ValidationFailed)

    const third = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market-again', {
      productId: PRODUCT.TZ,
      amountMinor: 300_000 * TZS,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: third.orderNo })
    await settle(ls)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(9)
    const card = await stored(ls, third.orderNo)
    expect(card).toMatchObject({ decision: 'reject', refusedBy: ['seriousOverdue'], limitMinor: 0 })
    expect(card.refusals[0]).toMatch(/^An earlier loan was 6[23] days overdue, more than 30\.$/)
    expect(card.ladder.step).toBe(0)
    expect(card.ladder.reasons[1]).toMatch(/^Loan 2 repaid 6[23] days late, more than 30: back to step 0/)
    expect(card.lines.find((l) => l.rule.startsWith('repaidLate:'))).toMatchObject({ points: -20 })
  })

  it('does not raise the limit or lower the rate after a repayment a few days late, and the next approval is priced at the first-loan terms', async () => {
    const b = await newBorrower()
    const first = await borrowAndReceive(ls, b, 300_000, false)
    await advance(ls, (91 + 5) * DAY)
    await repayAll(ls, b)

    expect(await credit(ls, b)).toMatchObject({
      limitMinor: 300_000 * TZS,
      dailyRatePercent: first.info.interestRate.dailyPercent,
      loansRepaidOnTime: 0,
    })
    const higher = await call(ls, b, '/loan/loan-order/apply-market-again', {
      productId: PRODUCT.TZ,
      amountMinor: 400_000 * TZS,
      tenureDays: 91,
    })
    expect(higher.code).toBe(ApiCode.ValidationFailed)

    const second = await borrowAndReceive(ls, b, 300_000, true)
    expect(second.info.interestRate.dailyPercent).toBe(first.info.interestRate.dailyPercent)
    const card = await stored(ls, second.applied.orderNo)
    // 30 + 30 + 10, and −10 for up to 7 days late: 60 points, three quarters of the first-loan ceiling.
    expect(card).toMatchObject({ decision: 'approve', points: 60, limitMinor: 220_000 * TZS })
    expect(second.info.principalMinor).toBe(220_000 * TZS)
    expect(card.ladder.reasons).toEqual([
      expect.stringMatching(
        /^Loan 1 repaid [56] days late: stays at step 0, the first-loan limit and rate\.$/,
      ),
    ])
  })

  it('promises in the FAQ, in English, Kiswahili and Spanish, what the ladder and the scorecard do with a late repayment', async () => {
    const answer = async (lang: string) => {
      const faq = await ok<T.FaqContent>(ls, null, '/app/faq', {}, { lang })
      return faq.sections.flatMap((s) => s.items).find((i) => i.id === 'repay.late')!.answer
    }
    expect(await answer('en')).toContain(
      'Repaying late also lowers your limit and raises your daily rate by one step for your next loan, never ' +
        "beyond your first loan's terms; repaying more than 30 days late takes you back to your first loan's " +
        'limit and rate. If a loan is more than 30 days overdue, we cannot lend to you again.',
    )
    expect(await answer('en')).not.toContain('stops your limit from rising')
    expect(await answer('sw')).toContain('kwa hatua moja')
    expect(await answer('sw')).toContain('zaidi ya siku 30')
    expect(await answer('es_MX')).toContain('un escalón')
    expect(await answer('es_MX')).toContain('más de 30 días de atraso')
  })

  it('counts a loan rolled over and repaid by its new due date as on time', async () => {
    const b = await newBorrower()
    const first = await borrowAndReceive(ls, b, 300_000, false)
    await ok(ls, b, '/repay/confirmExtensionOrder', { orderNo: first.order.orderNo, channelId: 'mpesa' })
    await settle(ls)
    // Past the first due date (day 91), before the rolled-over one (day 98).
    await advance(ls, 94 * DAY)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(2)
    await repayAll(ls, b)
    expect(await credit(ls, b)).toMatchObject({ limitMinor: 400_000 * TZS, loansRepaidOnTime: 1 })
  })
})

describeOnEachDatabase('Starting with a scorecard in the wrong currency', (target) => {
  it('refuses to start and names the product and the problem', async () => {
    const copied = { ...ke, id: 'ke-copied', scorecard: COUNTRY_SCORECARDS.TZ }
    const insertBad = {
      name: 'bad-scorecard',
      async register(host: { db: import('../../server/db/client').Db }) {
        await host.db.insert(loanProducts).values({
          id: copied.id,
          country: 'KE',
          config: copied,
          names: { en: 'Copied' },
          updatedAt: new Date(),
        })
      },
    }
    const modules = [...MODULES.filter((m) => m.name !== 'loans'), insertBad, createLoansModule()]
    await expect(startTestServer(target, 'inject', { overrides: { modules } })).rejects.toThrow(
      /ke-copied[\s\S]*scorecard\.currency: is TZS, not the product's KES/,
    )
  })
})
