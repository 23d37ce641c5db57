import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  COUNTRY_CODES,
  DEFAULT_COUNTRY,
  getCountry,
  intlLocale,
  isAllowedEmailDomain,
  startLanguage,
} from '../../domain/countries'
import { citiesOf, isKnownCity, statesOf } from '../../domain/admin-areas'
import { CURP_STATE_CODES, MX_STATES } from '../../domain/admin-areas/mx'

const label = (lang: string, key: string): unknown => {
  const file = JSON.parse(readFileSync(new URL(`../../locales/${lang}/enums.json`, import.meta.url), 'utf8'))
  return key.replace(/^enums\./, '').split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], file)
}

describe('country profiles', () => {
  it('defaults to Tanzania, also for an unknown code', () => {
    expect(DEFAULT_COUNTRY).toBe('TZ')
    expect(getCountry('ZZ').code).toBe('TZ')
    expect(getCountry(undefined).code).toBe('TZ')
    expect(getCountry('MX').currency).toBe('MXN')
  })

  it('uses variant A in Tanzania and variant B in Kenya and Mexico', () => {
    expect(COUNTRY_CODES.map((c) => COUNTRIES[c].enumVariant)).toEqual(['A', 'B', 'B'])
  })

  it('has the real dial codes, currencies and time zones', () => {
    expect(COUNTRY_CODES.map((c) => [COUNTRIES[c].dialCode, COUNTRIES[c].currency])).toEqual([
      ['255', 'TZS'],
      ['254', 'KES'],
      ['52', 'MXN'],
    ])
    for (const c of COUNTRY_CODES) expect(() => new Intl.DateTimeFormat('en', { timeZone: COUNTRIES[c].timeZone })).not.toThrow()
  })

  it('stores amounts with the ISO 4217 minor units Intl knows for each currency', () => {
    for (const c of COUNTRY_CODES) {
      const { currency, minorUnits } = COUNTRIES[c]
      expect(new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits).toBe(minorUnits)
    }
  })

  it('offers Kiswahili first in Tanzania, English first in Kenya and Spanish first in Mexico, each with an Intl locale', () => {
    expect(COUNTRY_CODES.map((c) => COUNTRIES[c].languages)).toEqual([['sw', 'en'], ['en', 'sw'], ['es', 'en']])
    for (const c of COUNTRY_CODES) {
      const p = COUNTRIES[c]
      expect(p.defaultLanguage).toBe(p.languages[0])
      for (const lang of p.languages) expect(Intl.NumberFormat.supportedLocalesOf(intlLocale(c, lang))).toHaveLength(1)
    }
    expect(intlLocale('MX', 'sw')).toBe('es-MX')
  })

  it('sends the lang header values en, sw_KE and es_MX', () => {
    expect(COUNTRIES.TZ.langHeader).toEqual({ en: 'en', sw: 'sw_KE', es: 'es_MX' })
  })

  it('allows only Gmail and Yahoo in Tanzania, and Outlook too in Kenya and Mexico', () => {
    expect(isAllowedEmailDomain('TZ', 'asha@gmail.com')).toBe(true)
    expect(isAllowedEmailDomain('TZ', 'asha@outlook.com')).toBe(false)
    expect(isAllowedEmailDomain('KE', 'wanjiru@Outlook.com')).toBe(true)
    expect(isAllowedEmailDomain('MX', 'lupita@hotmail.com')).toBe(false)
    expect(isAllowedEmailDomain('MX', 'no-at-sign')).toBe(false)
  })

  it('taxes the fee at 18% VAT in Tanzania, 20% excise duty in Kenya and 16% IVA in Mexico', () => {
    expect(COUNTRY_CODES.map((c) => COUNTRIES[c].feeTaxBps)).toEqual([1800, 2000, 1600])
  })

  it('asks NIDA in Tanzania, the ID number in Kenya, and CURP with optional RFC and NSS in Mexico', () => {
    expect(COUNTRY_CODES.map((c) => COUNTRIES[c].idRules)).toEqual([
      { nationalId: 'nida', optional: [], cardTypes: ['nidaCard'], middleNameMinLetters: 3 },
      { nationalId: 'kenyaId', optional: [], cardTypes: ['nationalIdCard', 'maishaCard'], middleNameMinLetters: 1 },
      { nationalId: 'curp', optional: ['rfc', 'nss'], cardTypes: ['ine', 'passport'], middleNameMinLetters: 1 },
    ])
  })

  it('requires the questionnaire and labels the annual cost CAT only in Mexico', () => {
    expect(COUNTRY_CODES.map((c) => [COUNTRIES[c].questionnaireRequired, COUNTRIES[c].aprLabel])).toEqual([
      [false, 'APR'],
      [false, 'APR'],
      [true, 'CAT'],
    ])
  })

  it('shows a demo lender and reachable customer service in every country', () => {
    for (const c of COUNTRY_CODES) {
      const { lender, customerService, dialCode } = COUNTRIES[c]
      expect(lender.legalName).toMatch(/\(demo\)$/)
      expect(lender.licenceNumber).toBe(`DEMO-${c}-0001`)
      expect(customerService.phone.startsWith(dialCode)).toBe(true)
      expect(customerService.email).toMatch(/^[\w.]+@kopa\.example$/)
      expect(customerService.opens < customerService.closes).toBe(true)
    }
  })

  it('has a label in every language for each key a profile names', () => {
    const keys = COUNTRY_CODES.flatMap((c) => {
      const p = COUNTRIES[c]
      return [p.nameKey, p.feeTaxNameKey, p.lender.regulatorKey, `enums.adminLevel.${p.adminLevels.first}`,
        `enums.adminLevel.${p.adminLevels.second}`, `enums.aprLabel.${p.aprLabel}`]
    })
    for (const lang of ['en', 'sw', 'es']) for (const key of keys) expect(label(lang, key), `${lang} ${key}`).toEqual(expect.any(String))
  })
})

describe('administrative areas', () => {
  it('lists Tanzania\'s 31 regions, each with its districts, under the ISO codes 01 to 31', () => {
    const regions = statesOf('TZ')
    expect(regions).toHaveLength(31)
    expect(regions.map((r) => Number(r.code)).sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1))
    for (const r of regions) expect(r.districts.length, r.name).toBeGreaterThan(1)
    expect(new Set(regions.map((r) => r.name)).size).toBe(31)
  })

  it('lists Kenya\'s 47 counties coded 001 Mombasa to 047 Nairobi', () => {
    const counties = statesOf('KE')
    expect(counties).toHaveLength(47)
    expect(counties.map((c) => Number(c.code))).toEqual(Array.from({ length: 47 }, (_, i) => i + 1))
    expect([counties[0]?.name, counties[46]?.name]).toEqual(['Mombasa', 'Nairobi'])
  })

  it('lists Mexico\'s 32 states under their CURP codes, with NE (born abroad) only as a CURP code', () => {
    expect(MX_STATES).toHaveLength(32)
    expect(new Set(MX_STATES.map((s) => s.code)).size).toBe(32)
    expect(MX_STATES.find((s) => s.code === 'DF')?.name).toBe('Ciudad de México')
    expect(MX_STATES.find((s) => s.inegi === '32')?.code).toBe('ZS')
    expect(CURP_STATE_CODES).toContain('NE')
    expect(MX_STATES.map((s) => s.code)).not.toContain('NE')
  })

  it('offers the districts of the chosen region only, found by name or code', () => {
    expect(citiesOf('TZ', 'Arusha')).toContain('Karatu')
    expect(citiesOf('TZ', '02')).toContain('Kinondoni')
    expect(citiesOf('TZ', 'Atlantis')).toEqual([])
    expect(isKnownCity('TZ', 'Arusha', 'Karatu')).toBe(true)
    expect(isKnownCity('TZ', 'Arusha', 'Ilala')).toBe(false)
  })

  it('takes a typed-in sub-county or municipality once the county or state is known', () => {
    expect(isKnownCity('KE', 'Nairobi', 'Westlands')).toBe(true)
    expect(isKnownCity('MX', 'JC', 'Zapopan')).toBe(true)
    expect(isKnownCity('KE', 'Gotham', 'Westlands')).toBe(false)
  })
})

describe('The language the app starts in', () => {
  it('is the one chosen on this phone, whatever the phone or the country say', () => {
    expect(startLanguage('es', 'TZ', ['sw-TZ'])).toBe('es')
  })

  it('is a visitor’s phone language when the country offers it: English on an English Tanzanian phone', () => {
    expect(startLanguage(null, 'TZ', ['en-US', 'sw'])).toBe('en')
    expect(startLanguage(null, null, ['EN_gb'])).toBe('en')
    expect(startLanguage(null, 'KE', ['fr-FR', 'sw-KE'])).toBe('sw')
  })

  it('is the country’s default when the phone speaks none of its languages', () => {
    expect(startLanguage(null, 'KE', ['es-MX'])).toBe('en')
    expect(startLanguage('fr', 'MX', [])).toBe('es')
    expect(startLanguage(undefined, 'XX', ['de'])).toBe('sw')
  })
})
