/**
 * Country-aware fields used by more than one form: e-mail, phone inputs, postal code, state and city, and the
 * national ID. Rules of spec §5; the country profile (domain/countries.ts) supplies what differs.
 */
import * as v from 'valibot'
import { COUNTRIES, isAllowedEmailDomain, type CountryCode, type NationalIdKind } from '../countries'
import { findState, isKnownCity } from '../admin-areas'
import {
  isNidaWellFormed,
  isValidCurp,
  isValidKenyanId,
  isValidNida,
  nssProblem,
  rfcProblem,
} from '../identity-numbers'
import {
  MOBILE_PLANS,
  isPhoneFieldLengthOk,
  isPhoneText,
  isValidPhoneField,
  normalizeMobile,
  type PhoneField,
} from '../phone'
import { blankOr, cleanText, crossField, filled, textOf } from './common'

const EMAIL_REQUIRED = 'validation.email.required'

/**
 * Spec §5 e-mail: required; no spaces; a well-formed address; only letters, digits, dot, underscore and hyphen
 * before the @; a domain from the country's allowlist. Checked in that order, so the first message is the
 * most useful one.
 */
export function emailField(country: CountryCode) {
  return v.pipe(
    v.string(EMAIL_REQUIRED),
    v.check(filled, EMAIL_REQUIRED),
    v.check((s) => !/\s/.test(s), 'validation.email.spaces'),
    v.check((s) => s.length <= 254 && /^[^@]+@[^@.]+(?:\.[^@.]+)+$/.test(s), 'validation.email.format'),
    v.check((s) => /^[A-Za-z0-9._-]+@/.test(s), 'validation.email.symbols'),
    v.check((s) => isAllowedEmailDomain(country, s), 'validation.email.domain'),
  )
}

/** A general e-mail address (a feedback contact): well formed, any domain. */
export function isEmailAddress(s: string): boolean {
  return s.length <= 254 && /^[A-Za-z0-9._%+-]+@[^@\s.]+(?:\.[^@\s.]+)+$/.test(s)
}

/** The "too long" message of each phone input; an emergency contact's depends on whether the country dials a 0. */
function tooLongMessage(field: PhoneField, country: CountryCode): string {
  switch (field) {
    case 'whatsapp':
      return 'validation.phone.whatsappLength'
    case 'sparePhone':
      return 'validation.phone.spareLength'
    case 'emergencyContact':
      return MOBILE_PLANS[country].trunk ? 'validation.contact.phoneLength' : 'validation.contact.phoneLengthNoTrunk'
  }
}

/**
 * The checks of a phone input (spec §5), on the number as people type it (issue 13): written like a phone number
 * (digits, spaces, dashes, a leading +), within the field's length counted without the country code, a mobile
 * number of the country. The value then becomes the national number (normalizeMobile), so `0713 456 789`,
 * `+255713456789` and `713456789` are stored, compared and shown as one.
 */
function phoneChecks(field: PhoneField, country: CountryCode, allowBlank: boolean) {
  const when = allowBlank ? blankOr : (test: (s: string) => boolean) => test
  return [
    v.check(when(isPhoneText), 'validation.phone.digits'),
    v.check(
      when((s) => isPhoneFieldLengthOk(field, country, s)),
      tooLongMessage(field, country),
    ),
    v.check(when((s) => isValidPhoneField(field, country, s)), 'validation.phone.invalid'),
    v.transform((s: string) => normalizeMobile(country, s) ?? s),
  ] as const
}

/** An optional phone input: WhatsApp (max 10 digits) or spare phone (max 13). */
export function optionalPhone(field: 'whatsapp' | 'sparePhone', country: CountryCode) {
  return v.optional(v.pipe(v.string('validation.phone.digits'), v.trim(), ...phoneChecks(field, country, true)))
}

/** An emergency contact's mobile: required; 9 national digits, or 10 starting with 0 (spec §5); any usual form. */
export function contactPhone(country: CountryCode) {
  const required = 'validation.contact.phoneRequired'
  return v.pipe(
    v.string(required),
    v.trim(),
    v.check(filled, required),
    ...phoneChecks('emergencyContact', country, false),
  )
}

/** Whether two typed numbers are the same mobile of the country, or the same digits when either is no mobile. */
export function samePhone(country: CountryCode, a: string, b: string): boolean {
  const x = normalizeMobile(country, a)
  const y = normalizeMobile(country, b)
  return x !== null && y !== null ? x === y : a.replace(/\D/g, '') === b.replace(/\D/g, '')
}

/** A postal code: five digits in Tanzania, Kenya and Mexico; optional. */
export function optionalPinCode() {
  return v.optional(v.pipe(v.string('validation.pinCode.format'), v.check(blankOr((s) => /^\d{5}$/.test(s)), 'validation.pinCode.format')))
}

/**
 * The messages about the first-level area name it as the country does (issue 13: Kiswahili said "mkoa au kaunti",
 * Kenya's county, to a Tanzanian): `validation.area.<region|county|state>.*`, one set per level.
 */
export function areaMessages(country: CountryCode) {
  const level = `validation.area.${COUNTRIES[country].adminLevels.first}`
  return { required: `${level}.required`, unknown: `${level}.unknown`, first: `${level}.first` } as const
}

/** A state (region, county) of the country's list, by code or name. */
export function stateField(country: CountryCode, required: boolean) {
  const messages = areaMessages(country)
  const known = (s: string) => findState(country, s) !== null
  return required
    ? v.pipe(v.string(messages.required), v.check(filled, messages.required), v.check(known, messages.unknown))
    : v.optional(v.pipe(v.string(messages.required), v.check(blankOr(known), messages.unknown)))
}

/** A city (district): chosen from the state's list where the country lists them, otherwise typed in. */
export function cityField() {
  return v.optional(
    v.pipe(v.string('validation.city.required'), cleanText(), v.maxLength(100, 'validation.text.tooLong')),
  )
}

/**
 * The state → city rules, reported at the city field: a city only after a state (spec §5), a city that belongs
 * to its state, and a city where the country requires one (Tanzania's districts). They read the state from the
 * whole value, so "choose the state first" shows even while the state is missing.
 */
export function cityRules<T extends Record<string, unknown>>(
  country: CountryCode,
  stateKey: keyof T & string,
  cityKey: keyof T & string,
  opts: { required: boolean },
) {
  const { secondRequired } = COUNTRIES[country].adminLevels
  const state = (input: T) => textOf(input[stateKey])
  const city = (input: T) => textOf(input[cityKey])
  return [
    crossField<T>([cityKey], (i) => !filled(city(i)) || filled(state(i)), areaMessages(country).first, cityKey),
    crossField<T>(
      [cityKey],
      (i) => !filled(city(i)) || findState(country, state(i)) === null || isKnownCity(country, state(i), city(i)),
      'validation.city.notInState',
      cityKey,
    ),
    crossField<T>(
      [cityKey],
      (i) => !(opts.required && secondRequired) || filled(city(i)),
      'validation.city.required',
      cityKey,
    ),
  ] as const
}

interface NationalIdRule {
  readonly test: (s: string) => boolean
  readonly message: string
}

/** The checks of each kind of national ID, in order; the first that fails gives the message. */
function nationalIdRules(today: Date): Readonly<Record<NationalIdKind, readonly NationalIdRule[]>> {
  return {
    nida: [
      { test: isNidaWellFormed, message: 'validation.nationalId.nida' },
      { test: (s) => isValidNida(s, today), message: 'validation.nationalId.nidaBirthDate' },
    ],
    kenyaId: [{ test: isValidKenyanId, message: 'validation.nationalId.kenyaId' }],
    curp: [{ test: isValidCurp, message: 'validation.nationalId.curp' }],
  }
}

/**
 * The national ID of the country's kind: NIDA 8-5-5-2 starting with a real birth date (TZ), Kenyan ID (KE), CURP
 * (MX). `today` bounds the NIDA birth date.
 */
export function nationalIdField(country: CountryCode, today: Date = new Date()) {
  const rules = nationalIdRules(today)[COUNTRIES[country].idRules.nationalId]
  const required = 'validation.nationalId.required'
  return v.pipe(
    v.string(required),
    v.check(filled, required),
    ...rules.map((rule) => v.check(rule.test, rule.message)),
  )
}

const RFC_MESSAGES = {
  format: 'validation.rfc.format',
  generic: 'validation.rfc.generic',
  inconvenient: 'validation.rfc.invalid',
} as const

/**
 * Mexico's optional RFC (spec §5: exactly 13 letters/digits), checked when given: the structure and birth date,
 * then not a generic RFC, then not one the SAT cannot have issued (an inconvenient word).
 */
export function optionalRfc() {
  const problem = (s: string) => (filled(s) ? rfcProblem(s) : null)
  return v.optional(
    v.pipe(
      v.string(RFC_MESSAGES.format),
      v.check((s) => problem(s) !== 'format', RFC_MESSAGES.format),
      v.check((s) => problem(s) !== 'generic', RFC_MESSAGES.generic),
      v.check((s) => problem(s) !== 'inconvenient', RFC_MESSAGES.inconvenient),
    ),
  )
}

/**
 * Mexico's optional NSS (spec §5: exactly 11 digits), checked when given: eleven digits, then the check digit and a
 * year of registration not before the year of birth. `today` reads the two-digit years.
 */
export function optionalNss(today: Date = new Date()) {
  const problem = (s: string) => (filled(s) ? nssProblem(s, today) : null)
  return v.optional(
    v.pipe(
      v.string('validation.nss.format'),
      v.check((s) => problem(s) !== 'format', 'validation.nss.format'),
      v.check((s) => problem(s) === null, 'validation.nss.invalid'),
    ),
  )
}
