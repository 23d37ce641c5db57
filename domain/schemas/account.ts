/**
 * Account: log in and register with a mobile number and an SMS code (spec §5 "Login: mobile and captcha
 * required"), ask for a code, check whether a number is registered, and delete the account (decisions.md:
 * one reason plus an SMS code).
 *
 * Before login the server knows no country, so the bodies of these calls name it (`country`); `withCountry`
 * turns a country's form schema into that wire schema. The form itself validates without it.
 */
import * as v from 'valibot'
import type { CountryCode } from '../countries'
import { DELETE_ACCOUNT_REASONS } from '../enums'
import { normalizeMobile } from '../phone'
import { REQUIRED, filled, oneReason, optionalText, smsCode } from './common'

const MOBILE_REQUIRED = 'validation.mobile.required'

/** A mobile number of the country, typed in any usual way (+255…, 0…, spaces). */
export function mobileNumber(country: CountryCode) {
  return v.pipe(
    v.string(MOBILE_REQUIRED),
    v.check(filled, MOBILE_REQUIRED),
    v.check((s) => normalizeMobile(country, s) !== null, 'validation.mobile.invalid'),
  )
}

/** The login form: mobile number and the 6-digit code. */
export function loginSchema(country: CountryCode) {
  return v.object({ mobile: mobileNumber(country), code: smsCode() }, REQUIRED)
}

/** The register form: the same fields; the server refuses a number already registered. */
export function registerSchema(country: CountryCode) {
  return v.object({ mobile: mobileNumber(country), code: smsCode() }, REQUIRED)
}

export const VERIFY_CODE_PURPOSES = ['login', 'register'] as const
export type VerifyCodePurpose = (typeof VERIFY_CODE_PURPOSES)[number]

/** Ask for an SMS code for logging in or registering. */
export function verifyCodeSchema(country: CountryCode) {
  return v.object(
    { mobile: mobileNumber(country), purpose: v.picklist(VERIFY_CODE_PURPOSES, 'validation.select') },
    REQUIRED,
  )
}

/** Is this number registered? (login vs register screen) */
export function existsByMobileSchema(country: CountryCode) {
  return v.object({ mobile: mobileNumber(country) }, REQUIRED)
}

/** Delete the account: exactly one reason, an optional remark, and the SMS code sent to the login number. */
export function deleteAccountSchema() {
  return v.object(
    { reasons: oneReason(DELETE_ACCOUNT_REASONS), remark: optionalText(200), code: smsCode() },
    REQUIRED,
  )
}

/**
 * The wire schema of a call made before login: the country's form fields plus `country`, checked with that
 * country's rules (a variant on `country`).
 */
export function withCountry<const TEntries extends v.ObjectEntries>(
  form: (country: CountryCode) => v.ObjectSchema<TEntries, string>,
) {
  const option = <const C extends CountryCode>(country: C) =>
    v.object({ country: v.literal(country), ...form(country).entries }, REQUIRED)
  return v.variant('country', [option('TZ'), option('KE'), option('MX')], 'validation.country.unknown')
}
