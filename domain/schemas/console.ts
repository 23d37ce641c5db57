/**
 * The staff console's forms (issue 20): sign-in, a new staff member, a new password, the audit log's days. The
 * rules are the console API's (server/console/module.ts: usernames of 3–40 of a–z 0–9 . _ -, passwords of 12–128
 * characters, 6-digit codes, display names up to 80), checked here first so a member sees the problem at its field
 * before anything is sent. Every message is an i18n key under `console.validation.*` (locales/<lang>/console.json).
 */
import * as v from 'valibot'
import { STAFF_ROLES, isDay } from '../console'
import { cleanText, filled } from './common'

/** A staff password's length (server/console/passwords.ts; NIST SP 800-63B: length rather than composition). */
export const STAFF_PASSWORD_MIN = 12
export const STAFF_PASSWORD_MAX = 128
export const DISPLAY_NAME_MAX = 80

const REQUIRED = 'console.validation.required'

/** The values the messages interpolate ({{min}}, {{max}}), by message key. */
export const CONSOLE_MESSAGE_VALUES: Readonly<Record<string, Record<string, number>>> = {
  'console.validation.passwordShort': { min: STAFF_PASSWORD_MIN },
  'console.validation.passwordLong': { max: STAFF_PASSWORD_MAX },
  'console.validation.displayNameLong': { max: DISPLAY_NAME_MAX },
}

/** A username as the server keeps it: lower case, 3 to 40 of a–z, digits, dot, underscore, dash. */
export const normalUsername = (s: string): string => s.trim().toLowerCase()
export const isUsername = (s: string): boolean => /^[a-z0-9._-]{3,40}$/.test(normalUsername(s))

const username = () =>
  v.pipe(v.string(REQUIRED), v.check(filled, REQUIRED), v.check(isUsername, 'console.validation.username'))

/** A password being typed to sign in or to prove who one is: anything up to the maximum. */
const enteredPassword = () =>
  v.pipe(
    v.string(REQUIRED),
    v.check((s) => s.length > 0, REQUIRED),
    v.maxLength(STAFF_PASSWORD_MAX, 'console.validation.passwordLong'),
  )

/** A password being chosen: long enough, not too long. */
const newPassword = () =>
  v.pipe(
    v.string(REQUIRED),
    v.check((s) => s.length > 0, REQUIRED),
    v.minLength(STAFF_PASSWORD_MIN, 'console.validation.passwordShort'),
    v.maxLength(STAFF_PASSWORD_MAX, 'console.validation.passwordLong'),
  )

export const signInSchema = v.object(
  {
    username: username(),
    password: enteredPassword(),
    code: v.pipe(
      v.string(REQUIRED),
      v.check((s) => s.trim() !== '', REQUIRED),
      v.check((s) => /^\d{6}$/.test(s.trim()), 'console.validation.code'),
    ),
  },
  REQUIRED,
)

export const newStaffSchema = v.object(
  {
    username: username(),
    displayName: v.pipe(
      v.string(REQUIRED),
      cleanText(),
      v.check(filled, REQUIRED),
      v.check((s) => s.trim().length <= DISPLAY_NAME_MAX, 'console.validation.displayNameLong'),
    ),
    role: v.picklist(STAFF_ROLES, 'console.validation.role'),
    password: newPassword(),
  },
  REQUIRED,
)

export const passwordChangeSchema = v.pipe(
  v.object({ current: enteredPassword(), next: newPassword(), repeat: v.string(REQUIRED) }, REQUIRED),
  v.forward(
    v.check((input) => input.next === input.repeat, 'console.validation.repeat'),
    ['repeat'],
  ),
)

/** The audit log's days, both included: real days, the first not after the last. */
export const auditDaysSchema = v.pipe(
  v.object(
    {
      from: v.pipe(v.string(REQUIRED), v.check(filled, REQUIRED), v.check(isDay, 'console.validation.day')),
      to: v.pipe(v.string(REQUIRED), v.check(filled, REQUIRED), v.check(isDay, 'console.validation.day')),
    },
    REQUIRED,
  ),
  v.forward(
    v.check((input) => input.from <= input.to, 'console.validation.dayOrder'),
    ['to'],
  ),
)
