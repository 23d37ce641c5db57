import { describe, expect, it } from 'vitest'
import { unitsToMinor } from '../../domain/money'
import {
  addDays,
  annualEffectiveRate,
  applyPayment,
  applyPaymentOn,
  applyRollover,
  balanceOf,
  chargedSoFar,
  chargePenalty,
  chargesCap,
  checkLoanRequest,
  daysBetween,
  interestEarned,
  interestNotYetEarned,
  openLoan,
  overdueDays,
  overduePrincipal,
  penaltyAfter,
  PricingError,
  quote,
  remainingBalance,
  repeatBorrowerTerms,
  roomUnderCap,
  rolloverQuote,
} from '../../domain/pricing'
import { defineProduct } from '../../domain/product'
import { mxInstallments, tzStandard } from './pricing-products'

const tzs = (units: number) => unitsToMinor(units, 100)
const tz10k = () => quote(tzStandard, { amountMinor: tzs(10_000), tenureDays: 91, disbursedOn: '2025-01-15' })

describe('a quote', () => {
  it('charges the spec’s example exactly: 10,000 at 30% a year for 91 days is 748 of interest', () => {
    const q = tz10k()
    expect(q.principalMinor).toBe(1_000_000)
    expect(q.interestMinor).toBe(74_800)
    expect(q.totalRepayableMinor).toBe(1_074_800)
  })

  it('deducts the processing fee and its tax from the disbursal and names the due date', () => {
    const q = tz10k()
    // 0.1% a day × 91 days = 9.1% → 910; VAT 18% of 910 = 163.8 → 164; 10,000 − 910 − 164 = 8,926.
    expect(q.processingFeeMinor).toBe(91_000)
    expect(q.feeTaxMinor).toBe(16_400)
    expect(q.disbursalMinor).toBe(892_600)
    expect(q.dueDate).toBe('2025-04-16')
    expect(q.installments).toEqual([
      {
        number: 1,
        day: 91,
        dueDate: '2025-04-16',
        principalMinor: 1_000_000,
        interestMinor: 74_800,
        totalMinor: 1_074_800,
      },
    ])
  })

  it('shows the late-penalty rule and the first rollover before the borrower confirms', () => {
    const q = tz10k()
    expect(q.penalty).toEqual({
      dailyBps: 200,
      perDayMinor: 20_000,
      chargesCapMinor: 1_000_000,
      maxPenaltyMinor: 817_800,
    })
    expect(q.rollover).toMatchObject({ days: 7, feeMinor: 50_000, feeTaxMinor: 9_000, totalMinor: 59_000 })
    expect(q.rollover).toMatchObject({ newDueDate: '2025-04-23', maxCount: 2, reducedByCapMinor: 0 })
    // Rolled over, the whole loan is repaid on the new due date: principal and interest, the fee paid apart.
    expect(q.rollover?.newBalanceMinor).toBe(1_074_800)
  })

  it('gives an APR that is the annual effective rate of the cash flows', () => {
    const q = tz10k()
    // Receive 8,926 at day 0, pay 10,748 at day 91: (10,748 / 8,926)^(365/91) − 1 = 110.65%.
    expect(q.apr.rate).toBeCloseTo((10_748 / 8_926) ** (365 / 91) - 1, 10)
    expect(q.apr.basisPoints).toBe(11_065)
    expect(q.apr.excludesFeeTax).toBe(false)
  })

  it('rounds interest, fee and tax half up at exactly half a unit, and down just below', () => {
    const product = defineProduct({
      ...tzStandard,
      id: 'tz-boundary',
      amount: { minMinor: tzs(1_000), maxMinor: tzs(5_000), stepMinor: tzs(1) },
      processingFee: { bps: 250 },
      rollover: { feeBps: 0, maxCount: 0 },
    })
    const at = (units: number) =>
      quote(product, { amountMinor: tzs(units), tenureDays: 91, disbursedOn: '2025-01-15' })
    // 1,825 × 30% × 91 / 365 = 136.5 exactly → 137; 1,824 → 136.43 → 136.
    expect(at(1_825).interestMinor).toBe(13_700)
    expect(at(1_824).interestMinor).toBe(13_600)
    // 1,820 × 2.5% = 45.5 → 46; 1,819 × 2.5% = 45.475 → 45.
    expect(at(1_820).processingFeeMinor).toBe(4_600)
    expect(at(1_819).processingFeeMinor).toBe(4_500)
    // 3,000 × 2.5% = 75; 18% of 75 = 13.5 → 14.
    expect(at(3_000).feeTaxMinor).toBe(1_400)
    // 2,920 × 2.5% = 73; 18% of 73 = 13.14 → 13.
    expect(at(2_920).feeTaxMinor).toBe(1_300)
  })

  it('splits an installment loan into equal principal parts with interest pro rata to the days', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: '2025-01-15',
    })
    expect(q.interestMinor).toBe(108_000)
    expect(q.installments.map((i) => [i.dueDate, i.principalMinor, i.interestMinor])).toEqual([
      ['2025-02-14', 250_000, 27_000],
      ['2025-03-16', 250_000, 27_000],
      ['2025-04-15', 250_000, 27_000],
      ['2025-05-15', 250_000, 27_000],
    ])
    // Mexico's CAT leaves the IVA out: the borrower is taken to receive 10,000 − 500 = 9,500.
    expect(q.apr.excludesFeeTax).toBe(true)
    expect(q.disbursalMinor).toBe(942_000)
    const pv = q.installments.reduce((s, i) => s + i.totalMinor / (1 + q.apr.rate) ** (i.day / 365), 0)
    expect(pv).toBeCloseTo(950_000, 4)
  })

  it('gives the remainders of an uneven split to the last installment', () => {
    const product = defineProduct({ ...mxInstallments, id: 'mx-3', installments: 3, tenureDays: [91] })
    const q = quote(product, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 91,
      disbursedOn: '2025-01-15',
    })
    // Interest 10,000 × 0.09% × 91 = 819. Days 30, 60, 91 → periods of 30, 30, 31 days.
    expect(q.installments.map((i) => [i.day, i.principalMinor, i.interestMinor])).toEqual([
      [30, 333_300, 27_000],
      [60, 333_300, 27_000],
      [91, 333_400, 27_900],
    ])
  })

  it('refuses an amount or tenure the product does not offer, with the i18n key of the problem', () => {
    const ask = (amountMinor: number, tenureDays: number) =>
      checkLoanRequest(tzStandard, { amountMinor, tenureDays })
    expect(ask(tzs(9_000), 91)).toBe('validation.loan.amountRange')
    expect(ask(tzs(301_000), 91)).toBe('validation.loan.amountRange')
    expect(ask(tzs(10_500), 91)).toBe('validation.loan.amountStep')
    expect(ask(tzs(10_000), 90)).toBe('validation.loan.tenure')
    expect(ask(tzs(10_000), 120)).toBeNull()
    expect(() =>
      quote(tzStandard, { amountMinor: tzs(10_500), tenureDays: 91, disbursedOn: '2025-01-15' }),
    ).toThrow(expect.objectContaining({ code: 'validation.loan.amountStep' }))
  })

  it('refuses a disbursal date that is not a calendar date', () => {
    expect(() =>
      quote(tzStandard, { amountMinor: tzs(10_000), tenureDays: 91, disbursedOn: '2025-02-30' }),
    ).toThrow(PricingError)
  })
})

describe('the APR solver', () => {
  it('finds 10% for 1,000 received and 1,100 paid a year later', () => {
    expect(annualEffectiveRate(100_000, [{ day: 365, amountMinor: 110_000 }])).toBeCloseTo(0.1, 10)
  })

  it('finds 10% for 1,000 received and 550 then 605 paid after one and two years (500 + 500 discounted)', () => {
    const rate = annualEffectiveRate(100_000, [
      { day: 365, amountMinor: 55_000 },
      { day: 730, amountMinor: 60_500 },
    ])
    expect(rate).toBeCloseTo(0.1, 10)
  })

  it('finds 0 when the borrower pays back exactly what they received, and a negative rate below it', () => {
    expect(annualEffectiveRate(100_000, [{ day: 91, amountMinor: 100_000 }])).toBe(0)
    expect(annualEffectiveRate(100_000, [{ day: 365, amountMinor: 90_000 }])).toBeCloseTo(-0.1, 10)
  })
})

describe('dates', () => {
  it('count UTC calendar days across month ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2025-01-15', 91)).toBe('2025-04-16')
    expect(daysBetween('2024-12-31', '2025-03-01')).toBe(60)
  })
})

describe('the late penalty', () => {
  it('is 2% of the overdue principal a day', () => {
    const loan = openLoan(tz10k())
    expect(penaltyAfter(tzStandard, loan, 5)).toEqual({
      days: 5,
      perDayMinor: 20_000,
      accruedMinor: 100_000,
      chargedMinor: 100_000,
      writtenOffMinor: 0,
      capMinor: 1_000_000,
    })
  })

  it('stops at the in duplum cap and reports the part above it as written off', () => {
    const loan = openLoan(tz10k())
    // Charged before penalties: 748 + 910 + 164 = 1,822; room under the 10,000 cap: 8,178.
    const p = penaltyAfter(tzStandard, loan, 41)
    expect(p.accruedMinor).toBe(820_000)
    expect(p.chargedMinor).toBe(817_800)
    expect(p.writtenOffMinor).toBe(2_200)
    // Charged day by day, the total is the same and later days are wholly written off.
    let daily = loan
    let charged = 0
    let writtenOff = 0
    for (let day = 1; day <= 45; day++) {
      const one = penaltyAfter(tzStandard, daily, 1)
      daily = chargePenalty(daily, one)
      charged += one.chargedMinor
      writtenOff += one.writtenOffMinor
    }
    expect(charged).toBe(817_800)
    expect(writtenOff).toBe(45 * 20_000 - 817_800)
    expect(penaltyAfter(tzStandard, daily, 1)).toMatchObject({ chargedMinor: 0, writtenOffMinor: 20_000 })
  })

  it('has no cap when the product says so', () => {
    const uncapped = defineProduct({ ...tzStandard, id: 'tz-uncapped', penalty: { chargesCapBps: null } })
    const p = penaltyAfter(uncapped, openLoan(tz10k()), 100)
    expect(p).toMatchObject({
      accruedMinor: 2_000_000,
      chargedMinor: 2_000_000,
      writtenOffMinor: 0,
      capMinor: null,
    })
  })

  it('runs only on the installments already due', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: '2025-01-15',
    })
    const loan = openLoan(q)
    expect(overdueDays(loan, '2025-02-14')).toBe(0)
    expect(overduePrincipal(loan, '2025-02-14')).toBe(0)
    expect(overdueDays(loan, '2025-03-20')).toBe(34)
    expect(overduePrincipal(loan, '2025-03-20')).toBe(500_000)
    expect(penaltyAfter(mxInstallments, loan, 1, overduePrincipal(loan, '2025-03-20')).perDayMinor).toBe(
      10_000,
    )
  })
})

describe('a rollover', () => {
  const DUE = '2025-04-16'

  it('moves the due date by 7 days from the due date for its fee and is refused after the maximum count', () => {
    let loan = openLoan(tz10k())
    const first = rolloverQuote(tzStandard, loan, '2025-02-01')
    expect(first).toEqual({
      number: 1,
      days: 7,
      feeMinor: 50_000,
      feeTaxMinor: 9_000,
      totalMinor: 59_000,
      reducedByCapMinor: 0,
      dueDate: DUE,
      newDueDate: '2025-04-23',
      newBalanceMinor: 1_074_800,
    })
    loan = applyRollover(loan, first)
    expect(loan.installments[0]?.dueDate).toBe('2025-04-23')
    const second = rolloverQuote(tzStandard, loan, '2025-02-01')
    expect(second.newDueDate).toBe('2025-04-30')
    loan = applyRollover(loan, second)
    expect(loan.rolloverChargesMinor).toBe(118_000)
    expect(() => rolloverQuote(tzStandard, loan, '2025-02-01')).toThrow(
      expect.objectContaining({ code: 'pricing.rollover.limit' }),
    )
  })

  it('runs from the old due date, not from today, and is the same on a late day as on time', () => {
    const loan = chargePenalty(openLoan(tz10k()), penaltyAfter(tzStandard, openLoan(tz10k()), 3))
    const late = rolloverQuote(tzStandard, loan, addDays(DUE, 3))
    expect(late).toMatchObject({ dueDate: DUE, newDueDate: '2025-04-23', totalMinor: 59_000 })
    const after = applyRollover(loan, late)
    // Back to date, and the three days' penalties already charged stay due.
    expect(overdueDays(after, addDays(DUE, 3))).toBe(0)
    expect(balanceOf(after, addDays(DUE, 3))).toMatchObject({ penaltyMinor: 60_000, totalMinor: 1_134_800 })
    expect(late.newBalanceMinor).toBe(1_134_800)
  })

  it('is never offered when the new due date would already be past: it would leave the loan overdue', () => {
    const loan = openLoan(tz10k())
    // On the new due date itself the loan is not overdue; the next day it would be.
    expect(rolloverQuote(tzStandard, loan, addDays(DUE, 7)).newDueDate).toBe(addDays(DUE, 7))
    expect(() => rolloverQuote(tzStandard, loan, addDays(DUE, 8))).toThrow(
      expect.objectContaining({ code: 'pricing.rollover.tooLate' }),
    )
    // The case: 62 days overdue, a rollover to a date long past is refused.
    expect(() => rolloverQuote(tzStandard, loan, addDays(DUE, 62))).toThrow(
      expect.objectContaining({ code: 'pricing.rollover.tooLate' }),
    )
  })

  it('keeps principal and interest due', () => {
    const loan = openLoan(tz10k())
    const after = applyRollover(loan, rolloverQuote(tzStandard, loan, '2025-01-15'))
    expect(remainingBalance(after, []).remaining.totalMinor).toBe(1_074_800)
  })

  it('moves every unpaid installment of an installment loan, not the paid ones', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: '2025-01-15',
    })
    const paidFirst = applyPayment(openLoan(q), 277_000).loan
    const moved = applyRollover(paidFirst, rolloverQuote(mxInstallments, paidFirst, '2025-02-14'))
    expect(moved.installments.map((i) => i.dueDate)).toEqual([
      '2025-02-14',
      '2025-03-23',
      '2025-04-22',
      '2025-05-22',
    ])
  })
})

describe('the charges cap (in duplum) across every charge', () => {
  // A cap of 25%: 2,500 on 10,000. Interest, fee and VAT take 1,822; two rollovers at 590 would pass it.
  const tight = defineProduct({ ...tzStandard, id: 'tz-tight', penalty: { chargesCapBps: 2_500 } })

  it('lowers a rollover fee to the room penalties left, then refuses a rollover when none is left', () => {
    const opened = openLoan(tz10k())
    expect(roomUnderCap(tight, opened)).toBe(250_000 - 182_200)
    // Two late days: 400 of penalty leaves 278 of room — less than the 590 of a rollover.
    const late = chargePenalty(opened, penaltyAfter(tight, opened, 2))
    expect(late.penaltyChargedMinor).toBe(40_000)
    const rq = rolloverQuote(tight, late, '2025-04-18')
    // The largest whole fee whose fee + 18% VAT fits in 278: 236 + 42 = 278.
    expect(rq).toMatchObject({ feeMinor: 23_600, feeTaxMinor: 4_200, totalMinor: 27_800 })
    expect(rq.reducedByCapMinor).toBe(59_000 - 27_800)
    const rolled = applyRollover(late, rq)
    expect(chargedSoFar(rolled)).toBe(chargesCap(tight, rolled.principalMinor))
    expect(() => rolloverQuote(tight, rolled, '2025-04-18')).toThrow(
      expect.objectContaining({ code: 'pricing.rollover.capReached' }),
    )
    // And a later penalty is wholly written off.
    expect(penaltyAfter(tight, rolled, 1)).toMatchObject({ chargedMinor: 0, writtenOffMinor: 20_000 })
  })

  it('writes a penalty off once rollover fees have filled the cap, whichever came first', () => {
    const opened = openLoan(tz10k())
    const first = rolloverQuote(tight, opened, '2025-01-20')
    const rolled = applyRollover(opened, first)
    const p = penaltyAfter(tight, rolled, 10)
    expect(chargedSoFar(chargePenalty(rolled, p))).toBe(250_000)
    expect(p.chargedMinor).toBe(250_000 - 182_200 - 59_000)
  })
})

describe('interest to the day', () => {
  const DAY0 = '2025-01-15'

  it('repaid on the day of pay-out costs one day of interest, not the tenure’s', () => {
    const loan = openLoan(tz10k())
    // 748 over 91 days: one day is 748 / 91 = 8.22 → 8.
    expect(interestEarned(loan, DAY0)).toBe(800)
    expect(balanceOf(loan, DAY0)).toEqual({
      penaltyMinor: 0,
      interestMinor: 800,
      principalMinor: 1_000_000,
      totalMinor: 1_000_800,
    })
    const repaid = applyPaymentOn(loan, 1_000_800, DAY0)
    expect(repaid.rebate).toEqual({ interestMinor: 74_000, principalMinor: 0, totalMinor: 74_000 })
    expect(repaid.allocation).toEqual({ penaltyMinor: 0, interestMinor: 800, principalMinor: 1_000_000 })
    expect(balanceOf(repaid.loan).totalMinor).toBe(0)
    expect(chargedSoFar(repaid.loan)).toBe(800 + 91_000 + 16_400)
  })

  it('accrues by the day up to the due date and not after it', () => {
    const loan = openLoan(tz10k())
    // 748 × 30 / 91 = 246.59 → 247; 748 × 46 / 91 = 378.10 → 378.
    expect(interestEarned(loan, addDays(DAY0, 30))).toBe(24_700)
    expect(interestEarned(loan, addDays(DAY0, 46))).toBe(37_800)
    expect(interestEarned(loan, addDays(DAY0, 90))).toBe(74_000)
    expect(interestEarned(loan, addDays(DAY0, 91))).toBe(74_800)
    expect(interestEarned(loan, addDays(DAY0, 200))).toBe(74_800)
    expect(interestNotYetEarned(loan, addDays(DAY0, 91))).toBe(0)
    expect(balanceOf(loan, addDays(DAY0, 91))).toEqual(balanceOf(loan))
  })

  it('a part-payment does not rebate; the rest repaid early pays interest to that day, prepaid interest going to principal', () => {
    const loan = openLoan(tz10k())
    const part = applyPaymentOn(loan, 300_000, addDays(DAY0, 10))
    expect(part.rebate.totalMinor).toBe(0)
    // The contractual interest was paid first (748), then 2,252 of principal.
    expect(part.allocation).toEqual({ penaltyMinor: 0, interestMinor: 74_800, principalMinor: 225_200 })
    const day30 = addDays(DAY0, 30)
    const payoff = balanceOf(part.loan, day30)
    // 10,000 + 247 earned − 3,000 paid = 7,247: the 501 of interest paid ahead of its days is off the principal.
    expect(payoff).toEqual({
      penaltyMinor: 0,
      interestMinor: 0,
      principalMinor: 724_700,
      totalMinor: 724_700,
    })
    const done = applyPaymentOn(part.loan, payoff.totalMinor, day30)
    expect(done.rebate).toEqual({ interestMinor: 0, principalMinor: 50_100, totalMinor: 50_100 })
    expect(balanceOf(done.loan).totalMinor).toBe(0)
  })

  it('refuses a payment above the payoff of its day', () => {
    const loan = openLoan(tz10k())
    expect(() => applyPaymentOn(loan, 1_000_900, DAY0)).toThrow(
      expect.objectContaining({ code: 'pricing.payment.aboveBalance' }),
    )
  })

  it('earns the whole interest at once on a loan opened without accrual (stored before this rule)', () => {
    const q = tz10k()
    const legacy = openLoan({ ...q, disbursedOn: undefined })
    expect(legacy.accrual).toBeUndefined()
    expect(balanceOf(legacy, DAY0).totalMinor).toBe(1_074_800)
  })

  it('spreads an installment loan’s interest over its days as its schedule does', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: DAY0,
    })
    const loan = openLoan(q)
    // Paid on its day, an installment's interest is what has been earned by then.
    expect(interestEarned(loan, addDays(DAY0, 30))).toBe(q.installments[0]!.interestMinor)
    const first = applyPaymentOn(loan, 277_000, addDays(DAY0, 30))
    expect(first.rebate.totalMinor).toBe(0)
    // Repaid in full on day 45: 10,000 + 405 − 2,770.
    expect(balanceOf(first.loan, addDays(DAY0, 45)).totalMinor).toBe(1_000_000 + 40_500 - 277_000)
  })
})

describe('partial payments', () => {
  it('go to the penalty, then the interest, then the principal', () => {
    const overdue = openLoan(tz10k())
    const loan = chargePenalty(overdue, penaltyAfter(tzStandard, overdue, 5))
    const { allocations, remaining } = remainingBalance(loan, [tzs(1_500), tzs(3_000)])
    expect(allocations).toEqual([
      { penaltyMinor: 100_000, interestMinor: 50_000, principalMinor: 0 },
      { penaltyMinor: 0, interestMinor: 24_800, principalMinor: 275_200 },
    ])
    expect(remaining).toEqual({
      penaltyMinor: 0,
      interestMinor: 0,
      principalMinor: 724_800,
      totalMinor: 724_800,
    })
  })

  it('pay installments oldest first, interest before principal', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: '2025-01-15',
    })
    const { loan, remaining } = remainingBalance(openLoan(q), [277_000, 100_000])
    expect(loan.installments[0]).toMatchObject({ principalMinor: 0, interestMinor: 0 })
    expect(loan.installments[1]).toMatchObject({ principalMinor: 177_000, interestMinor: 0 })
    expect(remaining.totalMinor).toBe(1_108_000 - 377_000)
  })

  it('refuse a payment above the balance or not above zero', () => {
    const loan = openLoan(tz10k())
    expect(() => applyPayment(loan, 1_074_900)).toThrow(
      expect.objectContaining({ code: 'pricing.payment.aboveBalance' }),
    )
    expect(() => applyPayment(loan, 0)).toThrow(
      expect.objectContaining({ code: 'pricing.payment.notPositive' }),
    )
    expect(remainingBalance(loan, [1_074_800]).remaining.totalMinor).toBe(0)
  })
})

describe('the repeat-borrower ladder', () => {
  it('raises the limit and lowers the daily rate after each loan repaid on time', () => {
    const terms = repeatBorrowerTerms(tzStandard, 3)
    expect(terms.maxAmountMinor).toBe(tzs(450_000))
    // 30% a year is 821.92 ppm a day; minus 3 × 50 ppm.
    expect(terms.dailyRate).toEqual({ num: 981n, den: 1_460_000n })
    const q = quote(tzStandard, {
      amountMinor: tzs(450_000),
      tenureDays: 91,
      disbursedOn: '2025-01-15',
      loansRepaidOnTime: 3,
    })
    // 450,000 × 981 / 1,460,000 × 91 = 27,514.90 → 27,515.
    expect(q.interestMinor).toBe(tzs(27_515))
  })

  it('stops at the product’s ceiling and at the 0.01% a day floor', () => {
    const terms = repeatBorrowerTerms(tzStandard, 20)
    expect(terms.maxAmountMinor).toBe(tzs(500_000))
    expect(terms.dailyRate).toEqual({ num: 1n, den: 10_000n })
  })

  it('does not let a first-time borrower take the raised amounts', () => {
    expect(checkLoanRequest(tzStandard, { amountMinor: tzs(450_000), tenureDays: 91 })).toBe(
      'validation.loan.amountRange',
    )
    expect(
      checkLoanRequest(tzStandard, { amountMinor: tzs(450_000), tenureDays: 91, loansRepaidOnTime: 3 }),
    ).toBeNull()
  })
})
