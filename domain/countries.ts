/**
 * Country profiles (decisions.md "Countries"): everything that differs between Tanzania, Kenya and Mexico
 * is read from here — dial code, currency, languages, time zone, which enumeration variant the forms use,
 * e-mail domains, fee tax, identity documents, wallet providers, administrative levels, the APR label, the
 * lender's licence and customer service. Pure data and look-ups; no I/O.
 */
import type { EnumVariant, Weekday } from './enums'

export type CountryCode = 'TZ' | 'KE' | 'MX'
export const COUNTRY_CODES: readonly CountryCode[] = ['TZ', 'KE', 'MX']
export const DEFAULT_COUNTRY: CountryCode = 'TZ'

export type Language = 'en' | 'sw' | 'es'
export const LANGUAGES: readonly Language[] = ['en', 'sw', 'es']

/** decisions.md: the `lang` request header values. */
export type LangHeader = 'en' | 'sw_KE' | 'es_MX'
export const LANG_HEADER: Readonly<Record<Language, LangHeader>> = { en: 'en', sw: 'sw_KE', es: 'es_MX' }

export type CurrencyCode = 'TZS' | 'KES' | 'MXN'
export type WalletProviderCode = 'mpesa' | 'airtel' | 'tigo' | 'halopesa' | 'clabe'
export type NationalIdKind = 'nida' | 'kenyaId' | 'curp'
export type AdminLevel = 'region' | 'district' | 'county' | 'subCounty' | 'state' | 'municipality' | 'ward' | 'colonia'
/** The identity document the borrower photographs at the ID step (spec §3 `cardType`); each carries the ID number. */
export type CardType = 'nidaCard' | 'nationalIdCard' | 'maishaCard' | 'ine' | 'passport'

/** One first-level administrative area (region, county, state) and its listed second-level areas. */
export interface AdminArea {
  /** Official code: ISO 3166-2 number (TZ), county code 001–047 (KE), CURP state code (MX). */
  readonly code: string
  readonly name: string
  /** Second-level areas (districts); empty when the country's second level is typed in. */
  readonly districts: readonly string[]
}

export interface CustomerService {
  /** E.164 without '+'. */
  readonly phone: string
  readonly whatsapp: string
  readonly email: string
  readonly days: readonly Weekday[]
  /** Local opening and closing time (HH:mm) in the country's time zone. */
  readonly opens: string
  readonly closes: string
}

export interface LenderInfo {
  /** The licensed lender shown on about us; demo values until a lender configures its own. */
  readonly legalName: string
  readonly licenceNumber: string
  /** Label key of the regulator that issued the licence. */
  readonly regulatorKey: string
}

export interface CountryProfile {
  readonly code: CountryCode
  /** Label key of the country's name. */
  readonly nameKey: string
  /** International dialling code, digits only. */
  readonly dialCode: string
  readonly currency: CurrencyCode
  /** ISO 4217 exponent: amounts are stored in minor units (cents); charges are rounded to whole units. */
  readonly minorUnits: number
  /** BCP 47 tags for Intl, per interface language. */
  readonly locales: Readonly<Partial<Record<Language, string>>>
  /** Interface languages, the default first. */
  readonly languages: readonly Language[]
  readonly defaultLanguage: Language
  readonly langHeader: Readonly<Record<Language, LangHeader>>
  /** IANA time zone used to show dates; times are stored in UTC. */
  readonly timeZone: string
  /** Which variant of each enumeration the forms use (decisions.md). */
  readonly enumVariant: EnumVariant
  /** E-mail domains a borrower may use (decisions.md). */
  readonly emailDomains: readonly string[]
  /** Tax on the processing fee, in basis points (1800 = 18%). */
  readonly feeTaxBps: number
  /** Label key of that tax (VAT, excise duty, IVA). */
  readonly feeTaxNameKey: string
  readonly idRules: {
    readonly nationalId: NationalIdKind
    /** Optional extra numbers the personal-info form asks for (spec §5: RFC and NSS, both optional). */
    readonly optional: readonly ('rfc' | 'nss')[]
    /** The cards the ID step accepts, the usual one first; asked only where there is a choice (decisions.md). */
    readonly cardTypes: readonly [CardType, ...CardType[]]
    /** The middle name's least number of letters when given: spec §5's "at least 3 in one variant" (decisions.md). */
    readonly middleNameMinLetters: number
  }
  /** Mexico asks the credit-history questionnaire (status 17) before applying. */
  readonly questionnaireRequired: boolean
  readonly walletProviders: readonly WalletProviderCode[]
  readonly adminLevels: {
    readonly first: AdminLevel
    readonly second: AdminLevel
    /** Second level chosen from a built-in list and required (TZ), or typed in and optional (KE, MX). */
    readonly secondListed: boolean
    readonly secondRequired: boolean
    /** The level below the second, asked as the optional free-text `county` / `workCounty` (decisions.md). */
    readonly third: AdminLevel
  }
  /** How the annual cost is labelled: 'CAT' in Mexico (Costo Anual Total). */
  readonly aprLabel: 'APR' | 'CAT'
  readonly lender: LenderInfo
  readonly customerService: CustomerService
}

const MON_TO_SAT: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

export const COUNTRIES: Readonly<Record<CountryCode, CountryProfile>> = {
  TZ: {
    code: 'TZ',
    nameKey: 'enums.country.TZ',
    dialCode: '255',
    currency: 'TZS',
    minorUnits: 2,
    locales: { sw: 'sw-TZ', en: 'en-TZ' },
    languages: ['sw', 'en'],
    defaultLanguage: 'sw',
    langHeader: LANG_HEADER,
    timeZone: 'Africa/Dar_es_Salaam',
    enumVariant: 'A',
    emailDomains: ['gmail.com', 'yahoo.com'],
    feeTaxBps: 1800,
    feeTaxNameKey: 'enums.feeTax.vat',
    idRules: { nationalId: 'nida', optional: [], cardTypes: ['nidaCard'], middleNameMinLetters: 3 },
    questionnaireRequired: false,
    walletProviders: ['mpesa', 'airtel', 'tigo', 'halopesa'],
    adminLevels: { first: 'region', second: 'district', secondListed: true, secondRequired: true, third: 'ward' },
    aprLabel: 'APR',
    lender: {
      legalName: 'Kopa Microfinance Ltd (demo)',
      licenceNumber: 'DEMO-TZ-0001',
      regulatorKey: 'enums.regulator.TZ',
    },
    customerService: {
      phone: '255800000000',
      whatsapp: '255700000000',
      email: 'support.tz@kopa.example',
      days: MON_TO_SAT,
      opens: '08:00',
      closes: '20:00',
    },
  },
  KE: {
    code: 'KE',
    nameKey: 'enums.country.KE',
    dialCode: '254',
    currency: 'KES',
    minorUnits: 2,
    locales: { en: 'en-KE', sw: 'sw-KE' },
    languages: ['en', 'sw'],
    defaultLanguage: 'en',
    langHeader: LANG_HEADER,
    timeZone: 'Africa/Nairobi',
    enumVariant: 'B',
    emailDomains: ['gmail.com', 'yahoo.com', 'outlook.com'],
    feeTaxBps: 2000,
    feeTaxNameKey: 'enums.feeTax.exciseDuty',
    idRules: { nationalId: 'kenyaId', optional: [], cardTypes: ['nationalIdCard', 'maishaCard'], middleNameMinLetters: 1 },
    questionnaireRequired: false,
    walletProviders: ['mpesa', 'airtel'],
    adminLevels: { first: 'county', second: 'subCounty', secondListed: false, secondRequired: false, third: 'ward' },
    aprLabel: 'APR',
    lender: {
      legalName: 'Kopa Digital Credit Ltd (demo)',
      licenceNumber: 'DEMO-KE-0001',
      regulatorKey: 'enums.regulator.KE',
    },
    customerService: {
      phone: '254800000000',
      whatsapp: '254700000000',
      email: 'support.ke@kopa.example',
      days: MON_TO_SAT,
      opens: '08:00',
      closes: '20:00',
    },
  },
  MX: {
    code: 'MX',
    nameKey: 'enums.country.MX',
    dialCode: '52',
    currency: 'MXN',
    minorUnits: 2,
    locales: { es: 'es-MX', en: 'en-MX' },
    languages: ['es', 'en'],
    defaultLanguage: 'es',
    langHeader: LANG_HEADER,
    timeZone: 'America/Mexico_City',
    enumVariant: 'B',
    emailDomains: ['gmail.com', 'yahoo.com', 'outlook.com'],
    feeTaxBps: 1600,
    feeTaxNameKey: 'enums.feeTax.iva',
    idRules: { nationalId: 'curp', optional: ['rfc', 'nss'], cardTypes: ['ine', 'passport'], middleNameMinLetters: 1 },
    questionnaireRequired: true,
    walletProviders: ['clabe'],
    adminLevels: { first: 'state', second: 'municipality', secondListed: false, secondRequired: false, third: 'colonia' },
    aprLabel: 'CAT',
    lender: {
      legalName: 'Kopa Financiera S.A. de C.V., SOFOM, E.N.R. (demo)',
      licenceNumber: 'DEMO-MX-0001',
      regulatorKey: 'enums.regulator.MX',
    },
    customerService: {
      phone: '528000000000',
      whatsapp: '525500000000',
      email: 'soporte.mx@kopa.example',
      days: MON_TO_SAT,
      opens: '09:00',
      closes: '19:00',
    },
  },
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value)
}

/** The profile of a country; an unknown code gets the default country. */
export function getCountry(code: string | null | undefined): CountryProfile {
  return COUNTRIES[isCountryCode(code) ? code : DEFAULT_COUNTRY]
}

/** The Intl locale tag for a country and interface language (the country's default when it lacks that one). */
/**
 * The interface language the app starts in: the one chosen on this phone (storage `language`); else, for a
 * visitor, the first of the phone's own languages (navigator.languages, e.g. 'en-US') that the country offers;
 * else the country's default. A Tanzanian phone set to English opens in English, not Kiswahili (issue 13).
 */
export function startLanguage(
  stored: unknown,
  country: string | null | undefined,
  deviceLanguages: readonly string[] = [],
): Language {
  if (typeof stored === 'string' && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language
  const profile = getCountry(country)
  for (const tag of deviceLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    const offered = profile.languages.find((language) => language === primary)
    if (offered) return offered
  }
  return profile.defaultLanguage
}

export function intlLocale(country: CountryCode, language: Language): string {
  const profile = COUNTRIES[country]
  return profile.locales[language] ?? profile.locales[profile.defaultLanguage] ?? 'en'
}

/** Whether an e-mail's domain is on the country's allowlist. */
export function isAllowedEmailDomain(country: CountryCode, email: string): boolean {
  const at = email.lastIndexOf('@')
  if (at < 0) return false
  return COUNTRIES[country].emailDomains.includes(email.slice(at + 1).toLowerCase())
}
