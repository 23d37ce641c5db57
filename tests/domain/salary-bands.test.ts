/**
 * What the additional-info form's salary bands mean in money (domain/salary-bands.ts): the country's defaults
 * are in the country's own currency, a product's step-amount reply is used only when it states all five bands in
 * the product's currency, and each band reads "less than", "from – to" or "more than" as the scorecard bounds it.
 */
import { describe, expect, it } from 'vitest'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { SALARY_BANDS } from '../../domain/enums'
import { countrySalaryBands, salaryBandWording, salaryBandsOf } from '../../domain/salary-bands'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'

const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[]

const reply = (scorecard: unknown, currency = 'KES') => ({
  currency: currency as 'KES',
  minorPerUnit: 100,
  pricing: { scorecard: scorecard as (typeof COUNTRY_SCORECARDS)['KE'] },
})

describe('the salary bands the form shows', () => {
  it.each(COUNTRY_CODES)('defaults to %s’s own bands, in its own currency', (country) => {
    const terms = countrySalaryBands(country)
    expect(terms.currency).toBe(COUNTRIES[country].currency)
    expect(terms.minorPerUnit).toBe(100)
    expect(terms.bands).toBe(COUNTRY_SCORECARDS[country].salaryBands)
    expect(Object.keys(terms.bands)).toEqual([...SALARY_BANDS.A])
  })

  it('takes the product’s configured bands from its step-amount reply', () => {
    const bands = {
      ...COUNTRY_SCORECARDS.KE.salaryBands,
      'Less than 70000': { minMajor: 0, maxMajor: 8_000 },
      '70001-180000': { minMajor: 8_001, maxMajor: 25_000 },
    }
    expect(salaryBandsOf(reply({ ...COUNTRY_SCORECARDS.KE, salaryBands: bands }))).toEqual({
      currency: 'KES',
      minorPerUnit: 100,
      bands,
    })
  })

  it('refuses a reply without a scorecard, in another currency, or missing a band', () => {
    expect(salaryBandsOf(reply(undefined))).toBeNull()
    expect(salaryBandsOf(reply(COUNTRY_SCORECARDS.TZ))).toBeNull()
    expect(salaryBandsOf(reply(COUNTRY_SCORECARDS.MX, 'KES'))).toBeNull()
    const { 'More than 400000': top, ...four } = COUNTRY_SCORECARDS.KE.salaryBands
    void top
    expect(salaryBandsOf(reply({ ...COUNTRY_SCORECARDS.KE, salaryBands: four }))).toBeNull()
    const fractional = {
      ...COUNTRY_SCORECARDS.KE.salaryBands,
      '70001-180000': { minMajor: 10_000.5, maxMajor: 25_000 },
    }
    expect(salaryBandsOf(reply({ ...COUNTRY_SCORECARDS.KE, salaryBands: fractional }))).toBeNull()
  })

  it('words Tanzania’s bands as the spec lists them', () => {
    const { bands } = countrySalaryBands('TZ')
    expect(SALARY_BANDS.A.map((band) => salaryBandWording(bands[band]))).toEqual([
      { kind: 'below', amountMajor: 70_000 },
      { kind: 'between', fromMajor: 70_001, toMajor: 180_000 },
      { kind: 'between', fromMajor: 180_001, toMajor: 280_000 },
      { kind: 'between', fromMajor: 280_001, toMajor: 400_000 },
      { kind: 'above', amountMajor: 400_000 },
    ])
  })
})
