/**
 * Identity and account numbers of the three countries: Tanzania's NIDA number, Kenya's national ID number,
 * Mexico's CURP, RFC and NSS, and the CLABE bank account Mexican borrowers are paid to. Pure checks of
 * structure and check digits; whether a number belongs to the borrower is the back end's business.
 */

// ---------------------------------------------------------------- Tanzania: NIDA

/** Spec §5: a NIDA number is 20 digits in four parts of 8, 5, 5 and 2, e.g. 12345678-12345-00002-26. */
export const NIDA_PARTS = [8, 5, 5, 2] as const
export const NIDA_LENGTH = 20

export type NidaParts = readonly [string, string, string, string]

/**
 * Whether a NIDA number is well formed: the four parts joined by dashes (or spaces), 20 digits run together,
 * or the four boxes of the form as an array.
 */
export function isValidNida(input: string | readonly string[]): boolean {
  const parts = typeof input === 'string' ? input.trim().split(/[-\s]+/) : input
  if (parts.length === 1) return new RegExp(`^\\d{${NIDA_LENGTH}}$`).test(parts[0] ?? '')
  return parts.length === NIDA_PARTS.length && parts.every((p, i) => new RegExp(`^\\d{${NIDA_PARTS[i]}}$`).test(p))
}

/** The digits of an input spread over the four boxes (what a paste into the first box fills). */
export function splitNida(input: string): NidaParts {
  const digits = input.replace(/\D/g, '').slice(0, NIDA_LENGTH)
  let at = 0
  const parts = NIDA_PARTS.map((len) => {
    const part = digits.slice(at, at + len)
    at += len
    return part
  })
  return [parts[0] ?? '', parts[1] ?? '', parts[2] ?? '', parts[3] ?? '']
}

/** The four boxes as the wire sends the number: dash-joined, e.g. 12345678-12345-00002-26. */
export function joinNida(parts: readonly string[]): string {
  return parts.map((p) => p.trim()).join('-')
}

/** Whether box `index` (0–3) holds all its digits, so focus moves on to the next box. */
export function isNidaPartComplete(index: number, value: string): boolean {
  const len = NIDA_PARTS[index]
  return len !== undefined && new RegExp(`^\\d{${len}}$`).test(value)
}

// ---------------------------------------------------------------- Kenya: national ID card number

/** A Kenyan national ID card number: 7 or 8 digits. */
export function isValidKenyanId(input: string): boolean {
  return /^\d{7,8}$/.test(input.trim())
}

// ---------------------------------------------------------------- Mexico: CURP, RFC, NSS, CLABE

/** CURP state codes (positions 12–13): the 32 federal entities and NE, born abroad. */
const CURP_STATES =
  'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE'

/**
 * CURP structure (Instructivo Normativo para la Asignación de la CURP, DOF 18/10/2021): initial and first
 * inner vowel of the first surname, initial of the second surname, initial of the given name; birth date
 * YYMMDD; sex H, M (or X); state code; first inner consonants of the surnames and name; a differentiator
 * (a digit for births up to 1999, a letter from 2000); the check digit.
 */
const CURP_PATTERN = new RegExp(
  `^[A-Z][AEIOUX][A-Z]{2}(\\d{2})(\\d{2})(\\d{2})[HMX](?:${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}([0-9A-Z])(\\d)$`,
)
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'

/** The CURP check digit of the first 17 characters: Σ value × (18 − position), then 10 − (Σ mod 10). */
export function curpCheckDigit(first17: string): number {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += CURP_ALPHABET.indexOf(first17.charAt(i)) * (18 - i)
  return (10 - (sum % 10)) % 10
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Whether a CURP has the official structure, a real birth date and the right check digit. */
export function isValidCurp(input: string): boolean {
  const curp = input.trim().toUpperCase()
  const match = CURP_PATTERN.exec(curp)
  if (!match) return false
  const [, yy, mm, dd, differentiator, check] = match
  const century = /\d/.test(differentiator ?? '') ? 1900 : 2000
  if (!isRealDate(century + Number(yy), Number(mm), Number(dd))) return false
  return curpCheckDigit(curp.slice(0, 17)) === Number(check)
}

/** The state code (positions 12–13) of a CURP, e.g. 'DF' for Mexico City, 'NE' for born abroad. */
export function curpStateCode(curp: string): string {
  return curp.trim().toUpperCase().slice(11, 13)
}

/**
 * RFC of a persona física (spec §5: exactly 13 letters/digits): four letters from the name, birth date
 * YYMMDD, and a three-character homoclave whose last character is a digit or 'A'. The SAT's check digit is
 * not enforced: numbers it issued long ago do not always satisfy it.
 */
export function isValidRfc(input: string): boolean {
  const rfc = input.trim().toUpperCase()
  const match = /^[A-ZÑ]{4}(\d{2})(\d{2})(\d{2})[A-Z\d]{2}[\dA]$/.exec(rfc)
  if (!match) return false
  const [, yy, mm, dd] = match
  // The century is not written; accept the date if it exists in either (29 Feb only in leap years).
  return isRealDate(1900 + Number(yy), Number(mm), Number(dd)) || isRealDate(2000 + Number(yy), Number(mm), Number(dd))
}

/**
 * IMSS social security number (NSS, spec §5: exactly 11 digits): subdelegation, year of registration,
 * year of birth, a serial and a check digit computed with the Luhn algorithm (weights 1, 2, 1, 2, …) over
 * the first ten digits.
 */
export function isValidNss(input: string): boolean {
  const nss = input.trim()
  if (!/^\d{11}$/.test(nss)) return false
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const product = Number(nss[i]) * (i % 2 === 0 ? 1 : 2)
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10 === Number(nss[10])
}

/** The CLABE check digit of the first 17 digits: weights 3, 7, 1 repeated, each product taken mod 10. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1]
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (weights[i % 3] ?? 1)) % 10
  return (10 - (sum % 10)) % 10
}

/** A CLABE (Mexico's 18-digit interbank account number): bank (3), branch (3), account (11), check digit. */
export function isValidClabe(input: string): boolean {
  const clabe = input.replace(/[\s-]/g, '')
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17])
}
