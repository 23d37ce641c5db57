/**
 * Building blocks shared by the schemas of every area: text that must be filled, optional text, names, digits,
 * identifiers, pickers, the "exactly one reason" rule, pages and image uploads. Every message is an i18n key
 * under `validation.*` (locales/<lang>/validation.json).
 */
import * as v from 'valibot'

export const REQUIRED = 'validation.required'
export const SELECT = 'validation.select'

/** Spec §5 / §9: an uploaded file (ID side, face, receipt) is at most 20 MB, checked before compression. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** Images a borrower may upload; phones' own HEIC/HEIF photos are compressed to JPEG before they leave. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const

/** A string with something in it besides spaces. */
export const filled = (s: string): boolean => s.trim() !== ''
/** An optional field passes its rule when left empty. */
export const blankOr =
  (test: (s: string) => boolean) =>
  (s: string): boolean =>
    s === '' || test(s)

export const isDigits = (s: string): boolean => /^\d+$/.test(s)

/**
 * Characters no text a person types contains: C0 and C1 controls other than tab, line feed and carriage return
 * (a NUL cannot even be stored by PostgreSQL), and lone UTF-16 surrogates (not text; JSON columns refuse them).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNTYPEABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Free text without the characters nobody types (see UNTYPEABLE); everything else is kept as typed. */
export const stripUntypeable = (s: string): string => s.replace(UNTYPEABLE, '')

/**
 * The first step of every free-text field (issue 14): drops control characters and lone surrogates, so what is
 * checked and stored is what a person could have typed. (Identifiers are refused instead: see `identifier`.)
 */
export const cleanText = () => v.transform(stripUntypeable)

/** What the app passes back as an identifier: printable ASCII without spaces (order numbers, ids, SDK names). */
export const isPlainIdentifier = (s: string): boolean => /^[\x21-\x7E]+$/.test(s)

/**
 * Letters only (spec §5), in any script: "Zoë", "Núñez", "Ñandú". A compound name keeps its single inner space,
 * hyphen or apostrophe ("De la Cruz", "Jean-Pierre", "O'Neil"), so real Mexican and Swahili names are not refused.
 */
const NAME_PATTERN = /^(?:\p{L}\p{M}*)+(?:[ '’-](?:\p{L}\p{M}*)+)*$/u
export const isLettersName = (s: string): boolean => NAME_PATTERN.test(s.normalize('NFC'))
export const letterCount = (s: string): number => s.match(/\p{L}/gu)?.length ?? 0

export const MIN_NAME_LETTERS = 3
export const MAX_NAME_LENGTH = 50

/** A text field that must be filled; `message` is shown when it is empty or missing. */
export function requiredText(message: string = REQUIRED, maxLength = 200) {
  return v.pipe(
    v.string(message),
    cleanText(),
    v.check(filled, message),
    v.maxLength(maxLength, 'validation.text.tooLong'),
  )
}

/** A text field that may be left empty. */
export function optionalText(maxLength = 200) {
  return v.optional(v.pipe(v.string(REQUIRED), cleanText(), v.maxLength(maxLength, 'validation.text.tooLong')))
}

/** A first or last name: letters only, at least 3 letters (spec §5). */
export function personName() {
  return v.pipe(
    v.string('validation.name.required'),
    v.check(filled, 'validation.name.required'),
    v.check(isLettersName, 'validation.name.letters'),
    v.check((s) => letterCount(s) >= MIN_NAME_LETTERS, 'validation.name.tooShort'),
    v.maxLength(MAX_NAME_LENGTH, 'validation.name.tooLong'),
  )
}

/**
 * A middle name: optional, letters only when given (spec §5); `minLetters` when given, where the country applies
 * the spec's "at least 3 in one variant" (COUNTRIES[…].idRules.middleNameMinLetters).
 */
export function optionalPersonName(minLetters = 1) {
  return v.optional(
    v.pipe(
      v.string('validation.name.letters'),
      v.check(blankOr(isLettersName), 'validation.name.letters'),
      v.check(blankOr((s) => letterCount(s) >= minLetters), 'validation.name.tooShort'),
      v.maxLength(MAX_NAME_LENGTH, 'validation.name.tooLong'),
    ),
  )
}

/** One value of a list (a picker); an empty or unknown value asks the borrower to choose. */
export function choice<const T extends readonly (string | number)[]>(options: T, message: string = SELECT) {
  return v.picklist(options, message)
}

/** A six-digit SMS verification code (login, register, account deletion). */
export function smsCode() {
  return v.pipe(
    v.string('validation.captcha.required'),
    v.check(filled, 'validation.captcha.required'),
    v.regex(/^\d{6}$/, 'validation.captcha.format'),
  )
}

/**
 * An identifier the app passes back (orderNo, payOrderId, …) with the spec's own "cannot be empty" message: at most
 * 64 printable ASCII characters, no spaces and no control characters (a NUL once reached PostgreSQL as a 500).
 */
export function identifier(message: string) {
  return v.pipe(v.string(message), v.check(filled, message), v.maxLength(64, message), v.check(isPlainIdentifier, message))
}

export const orderNo = () => identifier('validation.orderNo.required')
export const loanOrderId = () => identifier('validation.loanOrderId.required')
export const payOrderId = () => identifier('validation.payOrderId.required')
export const channelId = () => identifier('validation.channel.required')

/**
 * "Exactly one reason" (cancellation, account deletion). The body carries an array, so both of the spec's
 * messages can occur: none chosen, or more than one.
 */
export function oneReason<const T extends readonly string[]>(options: T) {
  return v.pipe(
    v.array(v.picklist(options, 'validation.reason.unknown'), 'validation.reason.required'),
    v.minLength(1, 'validation.reason.required'),
    v.maxLength(1, 'validation.reason.onlyOne'),
  )
}

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 50
/** The last page anyone can ask for (10 000 pages of 50: far beyond any borrower's records; bounds the offset). */
export const MAX_PAGE = 10_000

/** Page and page size of a list call; both optional (first page of 20). */
export const pageEntries = {
  page: v.optional(
    v.pipe(
      v.number(REQUIRED),
      v.integer('validation.page'),
      v.minValue(1, 'validation.page'),
      v.maxValue(MAX_PAGE, 'validation.page'),
    ),
    1,
  ),
  pageSize: v.optional(
    v.pipe(
      v.number(REQUIRED),
      v.integer('validation.page'),
      v.minValue(1, 'validation.page'),
      v.maxValue(MAX_PAGE_SIZE, 'validation.page'),
    ),
    DEFAULT_PAGE_SIZE,
  ),
}

/** An image the borrower uploads: present, an image, at most 20 MB. */
export function imageFile() {
  return v.pipe(
    v.blob('validation.file.required'),
    v.check((file) => file.size > 0, 'validation.file.required'),
    v.mimeType(UPLOAD_IMAGE_TYPES, 'validation.file.type'),
    v.maxSize(MAX_UPLOAD_BYTES, 'validation.file.tooLarge'),
  )
}

/** A body with nothing in it (calls that take no fields). */
export const emptyRequest = () => v.object({}, REQUIRED)

/**
 * A rule between fields of an object, reported at one field (`target`): `v.forward(v.partialCheck(…))`.
 * It runs as soon as the fields named in `paths` are valid, even while other fields still have errors, so the
 * borrower sees it at once. `test` gets the whole value; only the fields in `paths` are known to be valid.
 * (valibot's own types for a forwarded partial check cannot be spelled for a key chosen at run time, hence the
 * one cast here.)
 */
export function crossField<T extends Record<string, unknown>>(
  paths: readonly (keyof T & string)[],
  test: (input: T) => boolean,
  message: string,
  target: keyof T & string,
): v.BaseValidation<T, T, v.BaseIssue<unknown>> {
  const check = v.partialCheck(
    paths.map((path) => [path]) as unknown as [[string]],
    test as unknown as (input: unknown) => boolean,
    message,
  )
  return v.forward(check as never, [target] as never) as unknown as v.BaseValidation<T, T, v.BaseIssue<unknown>>
}

/** A string field of a value whose fields may be missing or invalid ('' when not a string). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')
