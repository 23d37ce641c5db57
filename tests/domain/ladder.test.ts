/**
 * The repeat-borrower ladder's rule (domain/ladder.ts): only on-time repayment climbs; a late repayment steps
 * down, a seriously late one goes back to the first-loan terms; a rolled-over loan repaid by its new due date is
 * on time. The step then prices the loan through pricing.ts `repeatBorrowerTerms`.
 */
import { describe, expect, it } from 'vitest'
import {
  daysLateOf,
  ladderPosition,
  ladderStep,
  ladderTopStep,
  type RepaidLoan,
} from '../../domain/ladder'
import { ratioToNumber } from '../../domain/money'
import { repeatBorrowerTerms } from '../../domain/pricing'
import { defineProduct } from '../../domain/product'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { tzStandard } from './pricing-products'

const tz = DEMO_PRODUCTS.find((p) => p.config.id === 'tz-haraka')!.config
const TZS = 100
const onTime: RepaidLoan = { daysLate: 0, rollovers: 0 }
const late = (daysLate: number): RepaidLoan => ({ daysLate, rollovers: 0 })
const termsAfter = (loans: RepaidLoan[]) => {
  const t = repeatBorrowerTerms(tz, ladderStep(loans, tz))
  return { limit: t.maxAmountMinor / TZS, dailyPercent: +(ratioToNumber(t.dailyRate) * 100).toFixed(4) }
}

describe('the repeat-borrower ladder', () => {
  it('climbs one step for each loan repaid on time, up to the top', () => {
    expect(termsAfter([])).toEqual({ limit: 300_000, dailyPercent: 0.09 })
    expect(termsAfter([onTime])).toEqual({ limit: 400_000, dailyPercent: 0.08 })
    expect(termsAfter([onTime, onTime])).toEqual({ limit: 500_000, dailyPercent: 0.07 })
    // TZ: the limit tops out after 2 steps, the rate (0.09% → 0.01% by 0.01%) after 8: the top step is 8.
    expect(ladderTopStep(tz)).toBe(8)
    expect(ladderStep(Array(12).fill(onTime), tz)).toBe(8)
  })

  it('never rewards a late repayment: the issue’s borrower at 400,000 who repaid 62 days late goes back to the first-loan terms, not to 500,000', () => {
    expect(termsAfter([onTime, late(62)])).toEqual({ limit: 300_000, dailyPercent: 0.09 })
    expect(ladderStep([onTime, onTime, onTime, late(31)], tz)).toBe(0)
  })

  it('steps one down for a repayment 1 to 30 days late: a lower limit and a higher rate, never below the first loan’s', () => {
    expect(termsAfter([onTime, onTime, late(1)])).toEqual({ limit: 400_000, dailyPercent: 0.08 })
    expect(termsAfter([onTime, late(30)])).toEqual({ limit: 300_000, dailyPercent: 0.09 })
    expect(termsAfter([late(5)])).toEqual({ limit: 300_000, dailyPercent: 0.09 })
    expect(termsAfter([late(5), late(5)])).toEqual({ limit: 300_000, dailyPercent: 0.09 })
  })

  it('lowers the step at the top too, so a late repayment there still costs a step', () => {
    const top = Array(8).fill(onTime)
    expect(ladderStep([...top, late(2)], tz)).toBe(7)
    expect(ladderStep([...top, onTime, onTime, late(2)], tz)).toBe(7)
  })

  it('climbs again from where a late repayment left the borrower', () => {
    expect(ladderStep([onTime, late(3), onTime], tz)).toBe(1)
    expect(ladderStep([late(45), onTime, onTime], tz)).toBe(2)
  })

  it('counts a rolled-over loan repaid by its new due date as on time', () => {
    expect(ladderStep([{ daysLate: 0, rollovers: 2 }], tz)).toBe(1)
    expect(ladderStep([onTime, { daysLate: 4, rollovers: 1 }], tz)).toBe(0)
  })

  it('follows the product’s reset threshold', () => {
    const strict = { ...tz, repeatLadder: { ...tz.repeatLadder, resetAfterDaysLate: 7 } }
    expect(ladderStep([onTime, onTime, late(7)], strict)).toBe(1)
    expect(ladderStep([onTime, onTime, late(8)], strict)).toBe(0)
  })

  it('has no steps on a product without a ladder', () => {
    const flat = defineProduct({
      ...tzStandard,
      repeatLadder: { limitIncreaseMinor: 0, dailyRateDecreasePpm: 0 },
    })
    expect(ladderTopStep(flat)).toBe(0)
    expect(ladderPosition([onTime, onTime], flat)).toMatchObject({ step: 0, nextStep: 0 })
  })

  it('explains each move in plain words and names the next step', () => {
    expect(ladderPosition([onTime, { daysLate: 0, rollovers: 1 }, late(3), late(62)], tz)).toEqual({
      step: 0,
      nextStep: 1,
      topStep: 8,
      reasons: [
        'Loan 1 repaid on time: up to step 1.',
        'Loan 2 repaid by its extended due date (1 rollover): up to step 2.',
        'Loan 3 repaid 3 days late: down to step 1 (a lower limit, a higher rate).',
        'Loan 4 repaid 62 days late, more than 30: back to step 0, the first-loan limit and rate.',
      ],
    })
  })

  it('refuses a malformed history rather than guess', () => {
    expect(() => ladderStep([{ daysLate: -1, rollovers: 0 }], tz)).toThrow(RangeError)
    expect(() => ladderStep([{ daysLate: 1.5, rollovers: 0 }], tz)).toThrow(RangeError)
  })
})

describe('days late', () => {
  const H = 3_600_000
  const D = 24 * H
  const due = Date.UTC(2026, 0, 31, 20, 59, 59, 999) // the end of 31 January in Dar es Salaam

  it('is 0 for a loan repaid by its due date, a rolled-over due date included', () => {
    expect(daysLateOf({ dueAt: due, finishedAt: due - D, overdue: [] }, due + 90 * D)).toBe(0)
    expect(daysLateOf({ dueAt: due, finishedAt: due, overdue: [] }, due + 90 * D)).toBe(0)
  })

  it('counts each started day after the due date, as the daily penalty does', () => {
    expect(
      daysLateOf({ dueAt: due, finishedAt: due + H, overdue: [{ from: due + 1, to: due + H }] }, 0),
    ).toBe(1)
    expect(
      daysLateOf({ dueAt: due, finishedAt: due + 62 * D, overdue: [{ from: due + H, to: due + 62 * D }] }, 0),
    ).toBe(62)
  })

  it('keeps the lateness a rollover cleared: the longest stretch overdue counts', () => {
    // 10 days overdue, then a rollover moved the due date and the loan was repaid by the new one.
    const rolledDue = due + 17 * D
    const loan = {
      dueAt: rolledDue,
      finishedAt: rolledDue - D,
      overdue: [{ from: due + H, to: due + 10 * D }],
    }
    expect(daysLateOf(loan, 0)).toBe(10)
  })

  it('runs an open stretch to now', () => {
    expect(
      daysLateOf({ dueAt: due, finishedAt: null, overdue: [{ from: due + H, to: null }] }, due + 40 * D),
    ).toBe(40)
  })
})
