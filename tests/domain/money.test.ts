import { describe, expect, it } from 'vitest'
import {
  addMinor,
  assertSafeInteger,
  bpsOf,
  floorToUnit,
  formatMoney,
  formatPercent,
  MoneyError,
  ppmOf,
  ratio,
  roundHalfUpToUnit,
  subMinor,
  unitsToMinor,
} from '../../domain/money'

describe('integer money helpers', () => {
  it('accept safe integers and refuse fractions, NaN and amounts beyond 2^53', () => {
    expect(assertSafeInteger(74_800)).toBe(74_800)
    expect(() => assertSafeInteger(0.1 + 0.2)).toThrow(MoneyError)
    expect(() => assertSafeInteger(Number.NaN)).toThrow(MoneyError)
    expect(() => assertSafeInteger(2 ** 53)).toThrow(MoneyError)
  })

  it('add and subtract only safe integers and refuse a result that is no longer safe', () => {
    expect(addMinor(1_000_000, 74_800, 200)).toBe(1_075_000)
    expect(subMinor(1_000_000, 105_100)).toBe(894_900)
    expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(MoneyError)
    expect(() => addMinor(1, 0.5)).toThrow(MoneyError)
  })

  it('round half up to the whole unit: exactly half goes up, just below half goes down', () => {
    expect(roundHalfUpToUnit(ratio(74_750), 100)).toBe(74_800)
    expect(roundHalfUpToUnit(ratio(7_474_999, 100), 100)).toBe(74_700)
    expect(roundHalfUpToUnit(ratio(74_749), 100)).toBe(74_700)
    expect(roundHalfUpToUnit(0, 100)).toBe(0)
    expect(roundHalfUpToUnit(ratio(149, 2), 1)).toBe(75)
  })

  it('round down to the unit when splitting', () => {
    expect(floorToUnit(ratio(1_000_000, 3), 100)).toBe(333_300)
  })

  it('take basis points and parts per million of an amount exactly', () => {
    // 18% of 89,200 is 16,056 minor = 160.56 units → 161 units.
    expect(bpsOf(89_200, 1_800, 100)).toBe(16_100)
    // 0.09% a day of 10,000 units is 9 units.
    expect(ppmOf(1_000_000, 900, 100)).toBe(900)
    // 2% of 10,025 units is 200.5 units → 201 units.
    expect(bpsOf(1_002_500, 200, 100)).toBe(20_100)
  })

  it('turn whole units into minor units', () => {
    expect(unitsToMinor(10_000, 100)).toBe(1_000_000)
    expect(() => unitsToMinor(1.5, 100)).toThrow(MoneyError)
  })
})

describe('formatting money for people', () => {
  it('shows a whole amount without decimals in the borrower’s locale', () => {
    expect(formatMoney(74_800, 'TZS', 'sw-TZ')).toBe('TSh\u00a0748')
    expect(formatMoney(1_000_000, 'KES', 'en-KE')).toBe('Ksh\u00a010,000')
    expect(formatMoney(1_234_500, 'MXN', 'es-MX')).toBe('$12,345')
  })

  it('shows every decimal of an amount that is not whole', () => {
    expect(formatMoney(1_234_550, 'MXN', 'es-MX')).toBe('$12,345.50')
    expect(formatMoney(5, 'KES', 'en-KE')).toBe('Ksh\u00a00.05')
  })

  it('formats amounts beyond float precision exactly', () => {
    expect(formatMoney(9_007_199_254_740_991, 'TZS', 'en')).toBe('TZS\u00a090,071,992,547,409.91')
  })

  it('formats a negative amount and refuses a fractional one', () => {
    expect(formatMoney(-74_800, 'TZS', 'en')).toBe('-TZS\u00a0748')
    expect(() => formatMoney(748.5, 'TZS', 'en')).toThrow(MoneyError)
  })

  it('formats a rate as a percentage with two decimals', () => {
    expect(formatPercent(0.34512, 'en')).toBe('34.51%')
    expect(formatPercent(0.34512, 'es-MX', 1)).toBe('34.5%')
  })
})
