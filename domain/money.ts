/**
 * Money as integers (decisions.md "Pricing": all amounts are integer minor units).
 *
 * Amounts are JavaScript numbers that must be safe integers of minor units (cents of a TZS, KES or MXN). Every
 * product of an amount and a rate is done exactly with BigInt over a rational rate (`Ratio`), then rounded once,
 * half up, to the currency's whole unit. No amount ever passes through a float: even formatting builds a decimal
 * string and hands it to Intl.NumberFormat, which formats numeric strings exactly.
 */

export class MoneyError extends Error {
  override readonly name = 'MoneyError'
}

/** An exact non-negative rational number, e.g. a rate: 30% a year is { num: 3000n, den: 10000n }. */
export interface Ratio {
  readonly num: bigint
  readonly den: bigint
}

export const BPS = 10_000n
export const PPM = 1_000_000n

export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  const n = BigInt(num)
  const d = BigInt(den)
  if (d <= 0n) throw new MoneyError(`A ratio needs a positive denominator, got ${d}`)
  if (n < 0n) throw new MoneyError(`A ratio here is never negative, got ${n}/${d}`)
  const g = gcd(n, d)
  return { num: n / g, den: d / g }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b]
  return a === 0n ? 1n : a
}

export const bps = (value: number): Ratio => ratio(integer(value, 'basis points'), BPS)
export const ppm = (value: number): Ratio => ratio(integer(value, 'parts per million'), PPM)

export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den)
}

export function scaleRatio(a: Ratio, factor: number): Ratio {
  return ratio(a.num * BigInt(integer(factor, 'factor')), a.den)
}

export function subRatioFloorZero(a: Ratio, b: Ratio): Ratio {
  const num = a.num * b.den - b.num * a.den
  return num <= 0n ? ratio(0n) : ratio(num, a.den * b.den)
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareRatio(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const l = a.num * b.den
  const r = b.num * a.den
  return l < r ? -1 : l > r ? 1 : 0
}

/** For display only (rates, never amounts). */
export function ratioToNumber(a: Ratio): number {
  return Number(a.num) / Number(a.den)
}

function integer(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new MoneyError(`${what} must be a non-negative safe integer, got ${value}`)
  }
  return value
}

/** Throws unless `value` is a safe integer (an amount of minor units); returns it for chaining. */
export function assertSafeInteger(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value))
    throw new MoneyError(`${what} must be a safe integer of minor units, got ${value}`)
  return value
}

export function addMinor(...amounts: number[]): number {
  return assertSafeInteger(
    amounts.reduce((sum, a) => sum + assertSafeInteger(a), 0),
    'sum',
  )
}

export function subMinor(a: number, b: number): number {
  return assertSafeInteger(assertSafeInteger(a) - assertSafeInteger(b), 'difference')
}

/**
 * The rounding rule of every charge: an exact amount of minor units `x` (a Ratio) becomes the nearest multiple of
 * `unitMinor`, halves rounded up (away from zero; amounts here are never negative).
 * floor((x + unit/2) / unit) × unit, computed as floor((2·num + den·unit) / (2·den·unit)) × unit.
 */
export function roundHalfUpToUnit(x: Ratio | number, unitMinor: number): number {
  const exact = typeof x === 'number' ? ratio(assertSafeInteger(x)) : x
  const unit = BigInt(integer(unitMinor, 'rounding unit'))
  if (unit === 0n) throw new MoneyError('The rounding unit must be positive')
  const units = (2n * exact.num + exact.den * unit) / (2n * exact.den * unit)
  return assertSafeInteger(Number(units * unit), 'rounded amount')
}

/** Rounds a non-negative exact amount down to a multiple of `unitMinor` (used to split amounts into parts). */
export function floorToUnit(x: Ratio, unitMinor: number): number {
  const unit = BigInt(integer(unitMinor, 'rounding unit'))
  if (unit === 0n) throw new MoneyError('The rounding unit must be positive')
  return assertSafeInteger(Number((x.num / (x.den * unit)) * unit), 'rounded amount')
}

/** `amountMinor × rate`, exact, as a Ratio of minor units. */
export function times(amountMinor: number, rate: Ratio): Ratio {
  return ratio(BigInt(assertSafeInteger(amountMinor)) * rate.num, rate.den)
}

/** `amountMinor × rate`, rounded half up to the whole unit. */
export function chargeOf(amountMinor: number, rate: Ratio, unitMinor: number): number {
  return roundHalfUpToUnit(times(amountMinor, rate), unitMinor)
}

/** `amountMinor × bps / 10 000`, rounded half up to the whole unit. */
export function bpsOf(amountMinor: number, basisPoints: number, unitMinor: number): number {
  return chargeOf(amountMinor, bps(basisPoints), unitMinor)
}

/** `amountMinor × ppm / 1 000 000`, rounded half up to the whole unit. */
export function ppmOf(amountMinor: number, partsPerMillion: number, unitMinor: number): number {
  return chargeOf(amountMinor, ppm(partsPerMillion), unitMinor)
}

/** Whole currency units to minor units: unitsToMinor(10_000, 100) = 1_000_000. */
export function unitsToMinor(units: number, minorPerUnit: number): number {
  return assertSafeInteger(
    assertSafeInteger(units, 'units') * integer(minorPerUnit, 'minor per unit'),
    'amount',
  )
}

/** The number of minor units in one unit of an ISO 4217 currency, as Intl knows it (100 for TZS, KES, MXN). */
export function minorPerUnitOf(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits
  return 10 ** (digits ?? 2)
}

/**
 * Formats minor units for people: `formatMoney(74_800, 'TZS', 'sw-TZ')` → "TSh 748". Whole amounts have no
 * decimals; others show all of the currency's decimals. The number reaches Intl as an exact decimal string.
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string | readonly string[],
  options: { minorPerUnit?: number } = {},
): string {
  assertSafeInteger(minor)
  const perUnit = options.minorPerUnit ?? minorPerUnitOf(currency)
  const digits = decimalDigits(perUnit)
  const abs = BigInt(Math.abs(minor))
  const whole = abs / BigInt(perUnit)
  const fraction = abs % BigInt(perUnit)
  const decimal = `${minor < 0 ? '-' : ''}${whole}${digits > 0 ? `.${String(fraction).padStart(digits, '0')}` : ''}`
  const shown = fraction === 0n ? 0 : digits
  return new Intl.NumberFormat(locale as string | string[], {
    style: 'currency',
    currency,
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
  }).format(decimal as Intl.StringNumericLiteral)
}

function decimalDigits(minorPerUnit: number): number {
  const digits = Math.log10(minorPerUnit)
  if (!Number.isInteger(digits) || digits < 0)
    throw new MoneyError(`minorPerUnit must be a power of ten, got ${minorPerUnit}`)
  return digits
}

/** Formats a rate (a fraction: 0.3449 is 34.49%) as a percentage with `fractionDigits` decimals. */
export function formatPercent(rate: number, locale: string | readonly string[], fractionDigits = 2): string {
  return new Intl.NumberFormat(locale as string | string[], {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(rate)
}
