/**
 * Personal info (spec §2 "basic info and residence info", §3 fields, §5 rules), sent to
 * POST /user/saveBasicInfo-market. The country decides the enumeration variant, the national ID kind, the
 * e-mail allowlist and whether a district is required; `today` decides the birthday range.
 */
import * as v from 'valibot'
import { COUNTRIES, type CountryCode } from '../countries'
import { EDUCATION, GENDERS, MARITAL_STATUS, RESIDENCE_TYPES, ageOn, isBirthdayAllowed } from '../enums'
import {
  REQUIRED,
  choice,
  cleanText,
  filled,
  optionalPersonName,
  optionalText,
  personName,
} from './common'
import {
  cityField,
  cityRules,
  emailField,
  nationalIdField,
  optionalNss,
  optionalPhone,
  optionalPinCode,
  optionalRfc,
  stateField,
} from './fields'

export const ADDRESS_MIN = 2
export const ADDRESS_MAX = 100

/** A street address: 2–100 characters (spec §5). */
export function addressField() {
  const required = 'validation.address.required'
  return v.pipe(
    v.string(required),
    cleanText(),
    v.check(filled, required),
    v.check((s) => s.trim().length >= ADDRESS_MIN && s.trim().length <= ADDRESS_MAX, 'validation.address.length'),
  )
}

/** Date of birth as 'YYYY-MM-DD': a real date, the borrower at least 18, within the picker's years. */
export function birthdayField(today: Date) {
  const required = 'validation.birthday.required'
  return v.pipe(
    v.string(required),
    v.check(filled, required),
    v.check((s) => ageOn(s, today) !== null, 'validation.birthday.format'),
    v.check((s) => ageOn(s, today) === null || isBirthdayAllowed(s, today), 'validation.birthday.range'),
  )
}

function personalInfoEntries(country: CountryCode, today: Date) {
  const profile = COUNTRIES[country]
  const variant = profile.enumVariant
  return {
    firstName: personName(),
    middleName: optionalPersonName(profile.idRules.middleNameMinLetters),
    lastName: personName(),
    gender: choice(GENDERS[variant]),
    /** The card photographed at the ID step: the country's usual card unless the borrower picks another it accepts. */
    cardType: v.optional(choice(profile.idRules.cardTypes), profile.idRules.cardTypes[0]),
    /** TZ: the four NIDA parts dash-joined (19900517-12345-00002-26); KE: ID number; MX: CURP. */
    nationalId: nationalIdField(country, today),
    birthday: birthdayField(today),
    education: choice(EDUCATION[variant]),
    maritalStatus: choice(MARITAL_STATUS[variant]),
    residenceType: choice(RESIDENCE_TYPES[variant]),
    pinCode: optionalPinCode(),
    /** Region (TZ), county (KE) or state (MX), by code or name. */
    state: stateField(country, true),
    /** District (TZ, from the region's list, required), sub-county (KE) or municipality (MX). */
    city: cityField(),
    county: optionalText(100),
    address: addressField(),
    email: emailField(country),
    whatsappNo: optionalPhone('whatsapp', country),
    sparePhone: optionalPhone('sparePhone', country),
    /** Preferred language for messages, one of the country's interface languages. */
    language: v.optional(choice(profile.languages)),
    cityOfBirth: optionalText(100),
    rfc: optionalRfc(),
    nss: optionalNss(today),
  }
}

type PersonalInfoShape = v.InferOutput<v.ObjectSchema<ReturnType<typeof personalInfoEntries>, string>>

/**
 * Spec §3's `age` is derived, never typed: whole years on the day the form is checked, from the birthday the
 * schema has just accepted (a second typed number could only contradict it; decisions.md).
 */
export function personalInfoSchema(country: CountryCode, ctx: { today: Date }) {
  return v.pipe(
    v.object(personalInfoEntries(country, ctx.today), REQUIRED),
    ...cityRules<PersonalInfoShape>(country, 'state', 'city', { required: true }),
    v.transform((info: PersonalInfoShape) => ({ ...info, age: ageOn(info.birthday, ctx.today) ?? 0 })),
  )
}

export type PersonalInfoInput = v.InferInput<ReturnType<typeof personalInfoSchema>>
export type PersonalInfo = v.InferOutput<ReturnType<typeof personalInfoSchema>>
