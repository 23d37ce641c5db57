import { describe, expect, it } from 'vitest'
import { unitsToMinor } from '../../domain/money'
import { CHARGES_CAP_BPS_BY_COUNTRY, defineProduct, type ProductConfig } from '../../domain/product'
import { assertValidProduct, ProductConfigError, validateProduct } from '../../domain/product-rules'
import { mxInstallments, tzStandard } from './pricing-products'

const tzs = (units: number) => unitsToMinor(units, 100)
const fields = (product: ProductConfig) => validateProduct(product).map((p) => p.field)

describe('a product configuration', () => {
  it('is accepted when it is fair: the example products start', () => {
    expect(validateProduct(tzStandard)).toEqual([])
    expect(validateProduct(mxInstallments)).toEqual([])
    expect(assertValidProduct(tzStandard)).toBe(tzStandard)
  })

  it('gets the defaults of the decisions: 2% a day penalty, in duplum cap, 7-day rollover, 100-unit repayments', () => {
    expect(tzStandard.annualRateCapBps).toBe(3_600)
    expect(tzStandard.penalty).toEqual({ dailyBps: 200, chargesCapBps: 10_000 })
    expect(tzStandard.rollover.days).toBe(7)
    expect(tzStandard.repayment).toEqual({ unitMinor: tzs(100), minMinor: tzs(1_000) })
    expect(tzStandard.repeatLadder.dailyRateFloorPpm).toBe(100)
    expect(tzStandard.installments).toBe(1)
    expect(tzStandard.aprExcludesFeeTax).toBe(false)
    expect(mxInstallments.aprExcludesFeeTax).toBe(true)
  })

  it('is refused when the fees would eat the principal: 0.98% a day for 91 days plus 18% VAT', () => {
    const greedy = defineProduct({ ...tzStandard, id: 'tz-greedy', processingFee: { dailyPpm: 9_800 } })
    const problems = validateProduct(greedy)
    expect(problems[0]).toEqual({
      field: 'processingFee',
      message:
        'at TZS 10,000 for 91 days the processing fee TZS 8,918 and its tax TZS 1,605 leave a disbursal of ' +
        '-TZS 523; it must be above 0',
    })
    expect(() => assertValidProduct(greedy)).toThrow(ProductConfigError)
    expect(() => assertValidProduct(greedy)).toThrow(/Product "tz-greedy" is refused/)
  })

  it('is refused with a processing fee above 0.98% a day (spec §9), per day or flat over the shortest tenure', () => {
    const daily = defineProduct({ ...tzStandard, id: 'tz-fee', processingFee: { dailyPpm: 9_801 } })
    expect(validateProduct(daily)[0]).toEqual({
      field: 'processingFee.dailyPpm',
      message: '0.9801% a day is above the ceiling of 0.98% a day',
    })
    // 0.98% × 91 days = 89.18%: a flat fee one basis point above is refused, at it the ceiling lets it through
    // (what is left of the disbursal is another rule's business).
    const flat = (bps: number) =>
      defineProduct({ ...tzStandard, id: 'tz-flat', tenureDays: [91, 120], processingFee: { bps } })
    expect(fields(flat(8_919))).toContain('processingFee.bps')
    expect(validateProduct(flat(8_919)).find((p) => p.field === 'processingFee.bps')?.message).toBe(
      '89.19% is above the ceiling of 0.98% a day for the shortest tenure of 91 days (89.18%)',
    )
    expect(fields(flat(8_918))).not.toContain('processingFee.bps')
    expect(
      fields(defineProduct({ ...tzStandard, id: 'tz-ok', processingFee: { dailyPpm: 9_800 } })),
    ).not.toContain('processingFee.dailyPpm')
  })

  it('is refused when the annual interest rate is above the 36% cap', () => {
    const high = defineProduct({ ...tzStandard, id: 'tz-37', interest: { annualBps: 3_700 } })
    expect(validateProduct(high)).toEqual([
      { field: 'interest', message: 'the annual rate 37% (365-day year) is above the cap of 36%' },
    ])
    // The spec's "0.1% a day" is 36.5% a year: above the cap too. 0.09% a day (32.85%) is fine.
    expect(fields(defineProduct({ ...tzStandard, interest: { dailyPpm: 1_000 } }))).toEqual(['interest'])
    expect(fields(defineProduct({ ...tzStandard, interest: { dailyPpm: 900 } }))).toEqual([])
    expect(fields(defineProduct({ ...tzStandard, interest: { annualBps: 3_600 } }))).toEqual([])
  })

  it('follows a lower cap when the product sets one', () => {
    expect(fields(defineProduct({ ...tzStandard, annualRateCapBps: 2_500 }))).toEqual(['interest'])
  })

  it('is refused with a tenure under the app-store minimum of 91 days', () => {
    expect(validateProduct(defineProduct({ ...tzStandard, tenureDays: [60, 91] }))).toEqual([
      { field: 'tenureDays[0]', message: '60 days is shorter than the app-store minimum of 91 days' },
    ])
  })

  it('is refused when interest, fees and every allowed rollover would already break the in duplum cap', () => {
    const rollovers = defineProduct({ ...tzStandard, rollover: { feeBps: 2_000, maxCount: 5 } })
    expect(fields(rollovers)).toEqual([
      'penalty.chargesCapBps',
      'penalty.chargesCapBps',
      'penalty.chargesCapBps',
    ])
    // Where the country sets no cap (Mexico) a product may have none; where it does, it may not.
    const mx = defineProduct({ ...mxInstallments, rollover: { feeBps: 2_000, maxCount: 5 } })
    expect(fields(mx)).toContain('penalty.chargesCapBps')
    expect(fields(defineProduct({ ...mx, penalty: { chargesCapBps: null } }))).toEqual([])
  })

  it('takes its charges cap from its country: a lower one may be set, a higher one or none where the country caps is refused', () => {
    expect(CHARGES_CAP_BPS_BY_COUNTRY).toEqual({ TZ: 10_000, KE: 10_000, MX: null })
    expect(tzStandard.penalty.chargesCapBps).toBe(10_000)
    expect(mxInstallments.penalty.chargesCapBps).toBe(10_000)
    expect(fields(defineProduct({ ...tzStandard, penalty: { chargesCapBps: 8_000 } }))).toEqual([])
    expect(validateProduct(defineProduct({ ...tzStandard, penalty: { chargesCapBps: null } }))).toEqual([
      {
        field: 'penalty.chargesCapBps',
        message: 'TZ caps all charges at 100% of the principal; a product may set a lower cap, not none',
      },
    ])
    expect(fields(defineProduct({ ...tzStandard, penalty: { chargesCapBps: 12_000 } }))).toEqual([
      'penalty.chargesCapBps',
    ])
  })

  it('is refused with amounts off the whole-unit grid or malformed numbers, naming each field', () => {
    const broken = defineProduct({
      ...tzStandard,
      amount: { minMinor: tzs(10_000) + 50, maxMinor: tzs(300_000), stepMinor: tzs(1_000) },
      feeTaxBps: 18.5,
      rollover: { feeBps: 500, maxCount: -1 },
    })
    expect(fields(broken)).toEqual([
      'amount.minMinor',
      'amount',
      'feeTaxBps',
      'rollover.maxCount',
      'repeatLadder.maxLimitMinor',
    ])
  })

  it('is refused when the repeat-borrower ladder leaves the amount grid', () => {
    const ladder = defineProduct({
      ...tzStandard,
      repeatLadder: { limitIncreaseMinor: tzs(1_500), maxLimitMinor: tzs(500_000), dailyRateDecreasePpm: 10 },
    })
    expect(fields(ladder)).toEqual(['repeatLadder.limitIncreaseMinor'])
  })

  it('is refused with more installments than days in its shortest tenure', () => {
    expect(fields(defineProduct({ ...mxInstallments, installments: 120 }))).toEqual([])
    expect(fields(defineProduct({ ...mxInstallments, installments: 121 }))).toEqual(['installments'])
  })

  it('is refused when its smallest amount cannot give every installment a whole unit of principal', () => {
    const amount = {
      minMinor: unitsToMinor(100, 100),
      maxMinor: unitsToMinor(20_000, 100),
      stepMinor: unitsToMinor(100, 100),
    }
    const small = { ...mxInstallments, amount, tenureDays: [180] }
    expect(fields(defineProduct({ ...small, installments: 100 }))).toEqual([])
    expect(fields(defineProduct({ ...small, installments: 101 }))).toEqual(['installments'])
  })
})
