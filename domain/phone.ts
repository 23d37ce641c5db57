/**
 * Mobile numbers per country (ITU-T E.164 national numbering plans): Tanzania and Kenya use a 9-digit
 * national significant number (NSN) after the trunk prefix 0; Mexico a 10-digit number without trunk prefix
 * since 2019. Numbers are kept as the NSN (no '+', no dial code, no 0) and shown with `formatMobile`.
 * Also the field rules of spec §5 for WhatsApp, spare and emergency-contact phones.
 */
import { COUNTRIES, type CountryCode } from './countries'

interface MobilePlan {
  readonly nsnLength: number
  /**
   * The NSNs allocated to mobile networks, as libphonenumber's metadata records the regulators' allocations
   * (docs/decisions.md "Identity numbers and phone plans (issue 18)"): TZ 61–63, 65–69 and 70–79 (TCRA; 60 and 64
   * are not allocated); KE 07xx and the 01 ranges opened since 2019 (100–108, 11x, 120, 121, 124, 130, 140–145,
   * 18x; Communications Authority); MX the 10-digit numbers of the allocated area codes (IFT; Mexico numbers
   * mobiles and landlines alike since 2019, so a mobile can be any number of an allocated area code).
   */
  readonly pattern: RegExp
  /** Domestic trunk prefix, or null where there is none. */
  readonly trunk: string | null
}

/** Mexico's allocated area codes (2 or 3 digits) followed by the rest of the 10-digit number. */
const MX_NUMBER =
  /^(?:2(?:2\d|3[1-35-8]|4[13-9]|7[1-689]|8[1-578]|9[467])|3(?:1[1-79]|[2458][1-9]|3\d|7[1-8]|9[1-5])|4(?:1[1-57-9]|[267][1-9]|3[1-8]|[45]\d|8[1-35-9]|9[2-689])|5(?:[56]\d|88|9[1-79])|6(?:1[2-68]|[2-4][1-9]|5[1-36-9]|6[0-57-9]|7[1-7]|8[67]|9[4-8])|7(?:[1346][1-9]|[27]\d|5[13-9]|8[1-69]|9[17])|8(?:1\d|2[13-689]|3[1-6]|4[124-6]|6[1246-9]|7[0-378]|9[12479])|9(?:1[346-9]|2[1-4]|3[2-46-8]|5[1348]|[69]\d|7[12]|8[1-8]))\d{7}$/

export const MOBILE_PLANS: Readonly<Record<CountryCode, MobilePlan>> = {
  TZ: { nsnLength: 9, pattern: /^(?:6[1-35-9]|7\d)\d{7}$/, trunk: '0' },
  KE: { nsnLength: 9, pattern: /^(?:1(?:0[0-8]|[18]\d|2[014]|30|4[0-5])|7\d\d)\d{6}$/, trunk: '0' },
  MX: { nsnLength: 10, pattern: MX_NUMBER, trunk: null },
}

/** Characters a typed phone number may hold besides its digits: spaces, dashes, dots, brackets (and one leading +). */
const PHONE_FORMATTING = /[\s\-.()]/g

/**
 * Whether text is written like a phone number: digits, with any spaces, dashes, dots or brackets people type, and
 * at most one + in front. Says nothing of whether it is a real number.
 */
export function isPhoneText(input: string): boolean {
  return /^\+?\d+$/.test(input.trim().replace(PHONE_FORMATTING, ''))
}

/**
 * The national part of a typed number, digits only: formatting removed, and the country's international prefix
 * (`+255`, `00255`, or `255` followed by a whole national number) dropped; a trunk 0 typed stays. '' when the text is
 * not written like a phone number, or carries another country's code.
 */
export function nationalDigits(country: CountryCode, input: string): string {
  const { dialCode } = COUNTRIES[country]
  const plan = MOBILE_PLANS[country]
  const compact = input.trim().replace(PHONE_FORMATTING, '')
  if (!/^\+?\d+$/.test(compact)) return ''
  if (compact.startsWith('+')) return compact.startsWith(`+${dialCode}`) ? compact.slice(1 + dialCode.length) : ''
  if (compact.startsWith(`00${dialCode}`)) return compact.slice(2 + dialCode.length)
  if (compact.startsWith(dialCode) && compact.length >= dialCode.length + plan.nsnLength)
    return compact.slice(dialCode.length)
  return compact
}

/**
 * The NSN of a mobile number typed in any usual way — `+255 712 345 678`, `00255712345678`, `255712345678`,
 * `0712-345-678`, `712345678` — or null if it is not a mobile number of that country. Mexico also accepts
 * the old mobile prefix 1 after +52 (`+52 1 55 1234 5678`). The one reading of a typed mobile number: every form
 * that takes one (login, contacts, WhatsApp, spare phone, wallet, feedback) checks and stores what this returns.
 */
export function normalizeMobile(country: CountryCode, input: string): string | null {
  const plan = MOBILE_PLANS[country]
  let digits = nationalDigits(country, input)
  if (plan.trunk && digits.startsWith(plan.trunk) && digits.length === plan.nsnLength + plan.trunk.length)
    digits = digits.slice(plan.trunk.length)
  if (country === 'MX' && digits.length === plan.nsnLength + 1 && digits.startsWith('1')) digits = digits.slice(1)
  return isValidMobile(country, digits) ? digits : null
}

/** Whether an NSN is a mobile number of the country. */
export function isValidMobile(country: CountryCode, national: string): boolean {
  return MOBILE_PLANS[country].pattern.test(national)
}

/** Mexico's three metropolitan areas with two-digit area codes (Mexico City, Guadalajara, Monterrey). */
const MX_TWO_DIGIT_AREAS = ['55', '56', '33', '81']

/**
 * A mobile NSN for display: international `+255 712 345 678`, `+52 55 1234 5678`, or national
 * `0712 345 678`, `55 1234 5678`. Anything that is not a valid NSN is returned unchanged.
 */
export function formatMobile(
  country: CountryCode,
  national: string,
  style: 'international' | 'national' = 'international',
): string {
  if (!isValidMobile(country, national)) return national
  let grouped: string
  if (country === 'MX') {
    const area = MX_TWO_DIGIT_AREAS.includes(national.slice(0, 2)) ? 2 : 3
    const rest = national.slice(area)
    grouped = `${national.slice(0, area)} ${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`
  } else {
    grouped = `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`
  }
  if (style === 'international') return `+${COUNTRIES[country].dialCode} ${grouped}`
  const trunk = MOBILE_PLANS[country].trunk ?? ''
  return `${trunk}${grouped}`
}

/** The number in E.164 form without '+', e.g. 255712345678 (what the wire and the native shell use). */
export function toE164(country: CountryCode, national: string): string {
  return `${COUNTRIES[country].dialCode}${national}`
}

/** Whether two typed numbers are the same mobile (spec §5: contacts must differ from each other and the login). */
export function sameMobile(country: CountryCode, a: string, b: string): boolean {
  const x = normalizeMobile(country, a)
  return x !== null && x === normalizeMobile(country, b)
}

// ---------------------------------------------------------------- spec §5 field rules

export type PhoneField = 'whatsapp' | 'sparePhone' | 'emergencyContact'

/** Keeps only the digits of what was typed. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '')
}

/**
 * The most digits a phone input's national number may have (spec §5): WhatsApp 10, spare phone 13, emergency
 * contact 9, or 10 when it starts with 0. The emergency rule is the country's NSN length (+1 with the trunk 0),
 * which is 9/10 in Tanzania and Kenya and 10 in Mexico. The digits are counted without the country's code, so
 * `+255 713 111 223` is as long as `0713 111 223` (issue 13).
 */
export function phoneFieldMaxLength(field: PhoneField, country: CountryCode, value = ''): number {
  switch (field) {
    case 'whatsapp':
      return 10
    case 'sparePhone':
      return 13
    case 'emergencyContact': {
      const plan = MOBILE_PLANS[country]
      return plan.nsnLength + (plan.trunk && value.startsWith(plan.trunk) ? plan.trunk.length : 0)
    }
  }
}

/** Whether a phone input's national number is within the field's length (see phoneFieldMaxLength). */
export function isPhoneFieldLengthOk(field: PhoneField, country: CountryCode, value: string): boolean {
  const national = nationalDigits(country, value)
  return national.length <= phoneFieldMaxLength(field, country, national)
}

/**
 * Whether a phone field's value is acceptable: written like a phone number (digits, spaces, dashes, a leading +),
 * within the field's length, and a mobile number of the country ("must be correct").
 */
export function isValidPhoneField(field: PhoneField, country: CountryCode, value: string): boolean {
  return isPhoneText(value) && isPhoneFieldLengthOk(field, country, value) && normalizeMobile(country, value) !== null
}
