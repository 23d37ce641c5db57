/**
 * What the staff console's machines share (issue 20): how a refused console call becomes something to show at a
 * field or above the form, and the event a form's machine sends the console when its call found the session ended,
 * with what the member had typed, so nothing is lost by signing in again (machines/console-app.machine.ts).
 */
import * as v from 'valibot'
import { consoleFailureOf, type ConsoleFailure } from '../domain/console'
import { CONSOLE_MESSAGE_VALUES } from '../domain/schemas/console'
import { fieldErrors } from '../domain/schemas/field-errors'
import type { Message } from './kit/call-failure'
import { errorParams } from './kit/params'

export type { Message }

/** A message by its i18n key (the borrower's machines' shape, machines/submit.machine.ts). */
export const msg = (key: string, values?: Record<string, string | number>): Message =>
  values ? { key, values } : { key }

/** A form message with the values it interpolates (a password's least length, say). */
const formMessage = (key: string): Message => msg(key, CONSOLE_MESSAGE_VALUES[key])

/** A form's own messages at its fields (i18n keys of the schema) — `{}` when the values pass. */
export function localFieldErrors<F extends string>(
  schema: v.GenericSchema,
  values: Record<F, string>,
  fields: readonly F[],
): Partial<Record<F, Message>> {
  const errors = fieldErrors(schema, values)
  const out: Partial<Record<F, Message>> = {}
  for (const field of fields) if (errors[field]) out[field] = formMessage(errors[field]!)
  return out
}

/**
 * The server's refusal of fields (400 `invalidInput` with their names) as messages at those fields: each field's
 * own rule, as the form checks it (`rules`), since the server says which field, not why.
 */
export function refusedFields<F extends string>(
  error: unknown,
  rules: Readonly<Record<F, string>>,
): Partial<Record<F, Message>> | null {
  const failure = consoleFailureOf(error)
  if (failure.kind !== 'refused' || failure.status !== 400 || failure.error !== 'invalidInput') return null
  const out: Partial<Record<F, Message>> = {}
  for (const field of failure.fields) if (field in rules) out[field as F] = formMessage(rules[field as F])
  return Object.keys(out).length > 0 ? out : null
}

/**
 * The message above the form for a failed call: no answer, too many tries (with the seconds to wait), not allowed
 * for this role, or any other refusal.
 */
export function failureMessage(error: unknown): Message {
  const failure: ConsoleFailure = consoleFailureOf(error)
  if (failure.kind === 'network') return msg('console.error.network')
  if (failure.status === 429)
    return failure.retryAfterSeconds
      ? msg('console.error.tooManyWait', { seconds: failure.retryAfterSeconds })
      : msg('console.error.tooMany')
  if (failure.status === 403) return msg('console.error.notAllowed')
  return msg('console.error.failed')
}

/** Whether a failed call was refused with this status and code. */
export function refusedWith(error: unknown, status: number, code: string): boolean {
  const failure = consoleFailureOf(error)
  return failure.kind === 'refused' && failure.status === status && failure.error === code
}

/** The forms whose typing the console keeps across a new sign-in. */
export interface ConsoleDrafts {
  staff?: Record<string, string>
  password?: Record<string, string>
  audit?: Record<string, string>
  products?: Record<string, string>
  books?: Record<string, string>
  loans?: Record<string, string>
  inbox?: Record<string, string>
}

/**
 * Sent to the console by a form's machine whose call answered 401 `signedOut`: the session ended (30 minutes
 * without a call, 12 hours since sign-in, signed out elsewhere). `draft` is what the member had typed.
 */
export interface ConsoleSessionEndedEvent {
  type: 'console.sessionEnded'
  form?: keyof ConsoleDrafts
  draft?: Record<string, string>
}

/**
 * How every console machine answers a failed call: a session that ended goes to `target` and is reported to the
 * console, which signs in again with the typing kept (`reportSessionEnded`); the machine names `sessionEnded` and
 * `reportSessionEnded` in its setup().
 */
export const sessionEndedTo = <const T extends string>(target: T) =>
  ({ guard: { type: 'sessionEnded', params: errorParams }, target, actions: 'reportSessionEnded' }) as const

/** Any other failure of a console call, to `target`, shown by the action named (`showFailure`, say). */
export const failureTo = <const T extends string, const A extends string>(target: T, show: A) =>
  ({ target, actions: { type: show, params: errorParams } }) as const

/** Both, in order: `onError: consoleCallErrors('failed')`. */
export const consoleCallErrors = <const T extends string>(target: T) =>
  [sessionEndedTo(target), failureTo(target, 'showFailure')] as const
