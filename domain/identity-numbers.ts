/**
 * Identity and account numbers of the three countries: Tanzania's NIDA number, Kenya's national ID number,
 * Mexico's CURP, RFC and NSS, and the CLABE bank account Mexican borrowers are paid to. Pure checks of
 * structure and check digits; whether a number belongs to the borrower is the back end's business.
 */

// ---------------------------------------------------------------- Tanzania: NIDA

/**
 * Spec §5: a NIDA number is 20 digits in four parts of 8, 5, 5 and 2, e.g. 19900517-12345-00002-26. NIDA's published
 * structure: the first part is the holder's date of birth written YYYYMMDD, the other twelve digits are the
 * person's own number (docs/decisions.md, issue 18). What the twelve digits encode is not published, so nothing
 * more of them is checked.
 */
export const NIDA_PARTS = [8, 5, 5, 2] as const
export const NIDA_LENGTH = 20

export type NidaParts = readonly [string, string, string, string]

/** The digits of a NIDA number written in one of its accepted forms, or null if it is not 20 digits in 8-5-5-2. */
function nidaDigits(input: string | readonly string[]): string | null {
  const parts = typeof input === 'string' ? input.trim().split(/[-\s]+/) : input
  if (parts.length === 1) return new RegExp(`^\\d{${NIDA_LENGTH}}$`).test(parts[0] ?? '') ? (parts[0] ?? null) : null
  const wellFormed =
    parts.length === NIDA_PARTS.length && parts.every((p, i) => new RegExp(`^\\d{${NIDA_PARTS[i]}}$`).test(p))
  return wellFormed ? parts.join('') : null
}

/**
 * Whether a NIDA number is written right: the four parts joined by dashes (or spaces), 20 digits run together,
 * or the four boxes of the form as an array. Says nothing of its birth date (see isValidNida).
 */
export function isNidaWellFormed(input: string | readonly string[]): boolean {
  return nidaDigits(input) !== null
}

/**
 * The birth date a NIDA number carries in its first eight digits (YYYYMMDD), as 'YYYY-MM-DD'; null when the number
 * is not well formed or those digits are no date a holder can be born on: not a calendar date (a 13th month,
 * 30 February, 29 February outside a leap year), before 1900, or after `today`.
 */
export function nidaBirthDate(input: string | readonly string[], today: Date = new Date()): string | null {
  const digits = nidaDigits(input)
  if (digits === null) return null
  const year = Number(digits.slice(0, 4))
  const month = Number(digits.slice(4, 6))
  const day = Number(digits.slice(6, 8))
  if (year < 1900 || !isRealDate(year, month, day)) return null
  if (Date.UTC(year, month - 1, day) > today.getTime()) return null
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`
}

/** Whether a NIDA number is well formed and begins with a birth date that can be real (see nidaBirthDate). */
export function isValidNida(input: string | readonly string[], today: Date = new Date()): boolean {
  return nidaBirthDate(input, today) !== null
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

/** The four boxes as the wire sends the number: dash-joined, e.g. 19900517-12345-00002-26. */
export function joinNida(parts: readonly string[]): string {
  return parts.map((p) => p.trim()).join('-')
}

/** Whether box `index` (0–3) holds all its digits, so focus moves on to the next box. */
export function isNidaPartComplete(index: number, value: string): boolean {
  const len = NIDA_PARTS[index]
  return len !== undefined && new RegExp(`^\\d{${len}}$`).test(value)
}

// ---------------------------------------------------------------- Kenya: national ID card number

/**
 * A Kenyan national ID card number: 7 or 8 digits. The Maisha card (from November 2023) keeps the holder's ID number
 * as the Maisha Namba and prints it on the card; the new 14-digit personal identifier is given at birth registration
 * from 2023, so no borrower of 18 has one yet (docs/decisions.md, issue 18). No source shows ID numbers shorter than
 * 7 digits in use, so none are accepted.
 */
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

/**
 * RENAPO's catalogue of inconvenient words (Instructivo Normativo para la Asignación de la CURP, annex 2): when the
 * first four letters of a CURP would spell one of these, RENAPO writes an X as the second letter instead
 * (PENE… becomes PXNE…), so no CURP is issued starting with one of them.
 */
export const CURP_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    'BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO GETA GUEI ' +
    'GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO ' +
    'MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO ' +
    'RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY'
  ).split(' '),
)

/**
 * Whether a CURP has the official structure, no inconvenient word in its first four letters, a real birth date and
 * the right check digit.
 */
export function isValidCurp(input: string): boolean {
  const curp = input.trim().toUpperCase()
  const match = CURP_PATTERN.exec(curp)
  if (!match) return false
  if (CURP_INCONVENIENT_WORDS.has(curp.slice(0, 4))) return false
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
 * SAT's inconvenient words for the RFC (the list of the SAT's RFC and homoclave procedure, annex IV): when the four
 * letters of a persona física's RFC would spell one of these, the SAT replaces the last letter with an X, so no
 * RFC is issued starting with one of them.
 */
export const RFC_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    'BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KAKA ' +
    'KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN'
  ).split(' '),
)

/**
 * The SAT's generic RFCs (Resolución Miscelánea Fiscal, rule 2.7.1.26): XAXX010101000 stands for the general public
 * and XEXX010101000 for foreign residents on invoices to someone without an RFC. They are nobody's own RFC.
 */
export const GENERIC_RFCS: ReadonlySet<string> = new Set(['XAXX010101000', 'XEXX010101000'])

/** What is wrong with an RFC, if anything: 'format' (structure or date), 'generic', or 'inconvenient'. */
export type RfcProblem = 'format' | 'generic' | 'inconvenient'

/**
 * RFC of a persona física (spec §5: exactly 13 letters/digits): four letters from the name, birth date YYMMDD, and a
 * three-character homoclave whose last character is a digit or 'A'. The generic RFCs and a first part on the SAT's
 * list of inconvenient words are refused. The SAT's check digit is not enforced: numbers it issued long ago do not
 * always satisfy it (docs/decisions.md).
 */
export function rfcProblem(input: string): RfcProblem | null {
  const rfc = input.trim().toUpperCase()
  const match = /^[A-ZÑ]{4}(\d{2})(\d{2})(\d{2})[A-Z\d]{2}[\dA]$/.exec(rfc)
  if (!match) return 'format'
  const [, yy, mm, dd] = match
  // The century is not written; accept the date if it exists in either (29 Feb only in leap years).
  const dated =
    isRealDate(1900 + Number(yy), Number(mm), Number(dd)) || isRealDate(2000 + Number(yy), Number(mm), Number(dd))
  if (!dated) return 'format'
  if (GENERIC_RFCS.has(rfc)) return 'generic'
  if (RFC_INCONVENIENT_WORDS.has(rfc.slice(0, 4))) return 'inconvenient'
  return null
}

/** Whether an RFC can be a borrower's own (see rfcProblem). */
export function isValidRfc(input: string): boolean {
  return rfcProblem(input) === null
}

/**
 * The years an NSS carries (IMSS: subdelegation, year of first registration, year of birth, serial, check digit),
 * each written with two digits. For a borrower — born 18 to 65 years ago, so within one century — a two-digit year
 * up to this year's is in this century and a later one in the last: the one reading in which neither is in the
 * future.
 */
export function nssYears(nss: string, today: Date = new Date()): { registered: number; born: number } | null {
  if (!/^\d{11}$/.test(nss)) return null
  const now = today.getUTCFullYear()
  const full = (yy: number) => (yy <= now % 100 ? now - (now % 100) + yy : now - (now % 100) - 100 + yy)
  return { registered: full(Number(nss.slice(2, 4))), born: full(Number(nss.slice(4, 6))) }
}

/** The NSS check digit of the first ten digits: Luhn, weights 1, 2, 1, 2, … from the left. */
export function nssCheckDigit(first10: string): number {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const product = Number(first10[i]) * (i % 2 === 0 ? 1 : 2)
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** What is wrong with an NSS, if anything: 'format' (not 11 digits), 'checkDigit', or 'registeredBeforeBirth'. */
export type NssProblem = 'format' | 'checkDigit' | 'registeredBeforeBirth'

/**
 * IMSS social security number (NSS, spec §5: exactly 11 digits): the Luhn check digit over the first ten digits, and
 * a year of registration (digits 3–4) not before the year of birth (digits 5–6).
 */
export function nssProblem(input: string, today: Date = new Date()): NssProblem | null {
  const nss = input.trim()
  const years = nssYears(nss, today)
  if (!years) return 'format'
  if (nssCheckDigit(nss.slice(0, 10)) !== Number(nss[10])) return 'checkDigit'
  if (years.registered < years.born) return 'registeredBeforeBirth'
  return null
}

/** Whether an NSS is well formed, has its check digit and was registered no earlier than its holder's birth year. */
export function isValidNss(input: string, today: Date = new Date()): boolean {
  return nssProblem(input, today) === null
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
