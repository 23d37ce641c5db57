import { describe, expect, it } from 'vitest'
import { checkRepaymentAmount } from '../../domain/repayment-rules'

// A Tanzanian loan with 5,432.10 TZS left, a product minimum of 2,000 TZS and the default unit of 100 TZS.
const check = (amountMinor: number, remainingMinor = 543_210, productMinMinor = 200_000) =>
  checkRepaymentAmount({ amountMinor, remainingMinor, productMinMinor, unitMinor: 10_000, minorPerUnit: 100 })

describe('a repayment amount', () => {
  it('of 999 is below the 1,000 floor', () => {
    expect(check(99_900, 543_210, 0)).toBe('validation.repay.belowFloor')
  })

  it('of 1,050 is not a multiple of the 100 unit', () => {
    expect(check(105_000, 543_210, 0)).toBe('validation.repay.notMultiple')
  })

  it('of 1,500 is below a product minimum of 2,000', () => {
    expect(check(150_000)).toBe('validation.repay.belowMinimum')
  })

  it('of 2,000 or 5,400 is accepted as a partial payment', () => {
    expect(check(200_000)).toBeNull()
    expect(check(540_000)).toBeNull()
  })

  it('of exactly the odd remaining balance is accepted', () => {
    expect(check(543_210)).toBeNull()
  })

  it('of exactly a remaining balance below the floor is accepted', () => {
    expect(check(55_000, 55_000)).toBeNull()
  })

  it('above the remaining balance is refused', () => {
    expect(check(550_000)).toBe('validation.repay.aboveBalance')
    expect(check(100_000, 0)).toBe('validation.repay.aboveBalance')
  })

  it('with cents or that is not a number at all is not an integer amount', () => {
    expect(check(200_050)).toBe('validation.repay.notInteger')
    expect(check(2_000.5)).toBe('validation.repay.notInteger')
    expect(check(Number.NaN)).toBe('validation.repay.notInteger')
  })

  it('of zero or less is below the floor', () => {
    expect(check(0)).toBe('validation.repay.belowFloor')
    expect(check(-100_000)).toBe('validation.repay.belowFloor')
    expect(check(0, 0)).toBe('validation.repay.belowFloor')
  })
})
