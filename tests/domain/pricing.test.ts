import { describe, expect, it } from 'vitest'
import { unitsToMinor } from '../../src/domain/money'
import {
  addDays,
  annualEffectiveRate,
  applyPayment,
  applyRollover,
  chargePenalty,
  checkLoanRequest,
  daysBetween,
  openLoan,
  overdueDays,
  overduePrincipal,
  penaltyAfter,
  PricingError,
  quote,
  remainingBalance,
  repeatBorrowerTerms,
  rolloverQuote,
} from '../../src/domain/pricing'
import { defineProduct } from '../../src/domain/product'
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
    expect(q.rollover).toMatchObject({ newDueDate: '2025-04-23', maxCount: 2 })
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
  it('moves the due date by 7 days for its fee and is refused after the maximum count', () => {
    let loan = openLoan(tz10k())
    const first = rolloverQuote(tzStandard, loan)
    expect(first).toEqual({
      number: 1,
      days: 7,
      feeMinor: 50_000,
      feeTaxMinor: 9_000,
      totalMinor: 59_000,
      dueDate: '2025-04-16',
      newDueDate: '2025-04-23',
    })
    loan = applyRollover(loan, first)
    expect(loan.installments[0]?.dueDate).toBe('2025-04-23')
    const second = rolloverQuote(tzStandard, loan)
    expect(second.newDueDate).toBe('2025-04-30')
    loan = applyRollover(loan, second)
    expect(loan.rolloverChargesMinor).toBe(118_000)
    expect(() => rolloverQuote(tzStandard, loan)).toThrow(
      expect.objectContaining({ code: 'pricing.rollover.limit' }),
    )
  })

  it('keeps principal and interest due', () => {
    const loan = openLoan(tz10k())
    const after = applyRollover(loan, rolloverQuote(tzStandard, loan))
    expect(remainingBalance(after, []).remaining.totalMinor).toBe(1_074_800)
  })

  it('moves every unpaid installment of an installment loan, not the paid ones', () => {
    const q = quote(mxInstallments, {
      amountMinor: unitsToMinor(10_000, 100),
      tenureDays: 120,
      disbursedOn: '2025-01-15',
    })
    const paidFirst = applyPayment(openLoan(q), 277_000).loan
    const moved = applyRollover(paidFirst, rolloverQuote(mxInstallments, paidFirst))
    expect(moved.installments.map((i) => i.dueDate)).toEqual([
      '2025-02-14',
      '2025-03-23',
      '2025-04-22',
      '2025-05-22',
    ])
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
