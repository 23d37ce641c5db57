import { describe, expect, it } from 'vitest'
import { medianAmountMinor, onAmountGrid, suggestedAmountMinor } from '../../domain/suggested-amount'

// TZS 10,000 to 300,000 by 10,000 (minor units: ×100); the reference server's default is the maximum.
const range = {
  minAmountMinor: 10_000_00,
  maxAmountMinor: 300_000_00,
  stepMinor: 10_000_00,
  defaultAmountMinor: 300_000_00,
}

describe('where the amount starts (issue 13: it started at the maximum)', () => {
  it('is the middle step of the range for a first loan, never the maximum', () => {
    expect(suggestedAmountMinor(range, null)).toBe(150_000_00)
    expect(suggestedAmountMinor(range, null)).toBeLessThan(range.maxAmountMinor)
    expect(medianAmountMinor({ ...range, maxAmountMinor: 20_000_00 })).toBe(10_000_00)
  })

  it("is the last repaid loan's amount for a repeat borrower, on today's grid and within today's range", () => {
    expect(suggestedAmountMinor(range, 120_000_00)).toBe(120_000_00)
    expect(suggestedAmountMinor(range, 125_000_00)).toBe(120_000_00)
    expect(suggestedAmountMinor(range, 500_000_00)).toBe(300_000_00)
    expect(suggestedAmountMinor(range, 5_000_00)).toBe(10_000_00)
  })

  it("keeps a lender's own default when it is on the grid and below the maximum", () => {
    expect(suggestedAmountMinor({ ...range, defaultAmountMinor: 50_000_00 }, null)).toBe(50_000_00)
    expect(suggestedAmountMinor({ ...range, defaultAmountMinor: 55_000_00 }, null)).toBe(150_000_00)
  })

  it('keeps an amount on the grid', () => {
    expect(onAmountGrid(range, 299_999_00)).toBe(290_000_00)
    expect(onAmountGrid({ ...range, maxAmountMinor: range.minAmountMinor }, 50_000_00)).toBe(10_000_00)
  })
})
