/**
 * The outcome of one API call, as the app's client (services/api/client.ts) returns it and as machines type their
 * call actors. Every failure is a value, never a thrown error, and the HTTP layer neither navigates nor shows
 * toasts: machines decide what each outcome means.
 */
import type { ApiCode } from './api-codes'

/** i18n keys (locales/<lang>/errors.json) for failures that have no server message. */
export type ErrorKey = 'errors.network' | 'errors.timeout' | 'errors.requestFailed' | `errors.code.${number}`

export type SessionEndedCode =
  | typeof ApiCode.NotLoggedIn
  | typeof ApiCode.TokenExpired
  | typeof ApiCode.LoggedInElsewhere
  | typeof ApiCode.TokenInvalid

export type ApiFailure =
  /** Spec §8 session codes: the session is over; clear it and go to login. */
  | { ok: false; kind: 'sessionEnded'; code: SessionEndedCode }
  /** ValidationFailed: `fields` maps each field to its message in the request's language. */
  | { ok: false; kind: 'invalid'; fields: Record<string, string>; message: string; messageKey: ErrorKey }
  /**
   * Any other non-zero code. `message` is the server's text in the request's language (may be empty);
   * `messageKey` is the app's own translation of the code.
   */
  | { ok: false; kind: 'rejected'; code: number; message: string; messageKey: ErrorKey }
  /** No usable answer: offline, DNS, refused, or an answer that is not the envelope. `message` is an i18n key. */
  | { ok: false; kind: 'network'; message: ErrorKey }
  /** No answer within the timeout (60 s). `message` is an i18n key. */
  | { ok: false; kind: 'timeout'; message: ErrorKey }

export type ApiResult<T> = { ok: true; data: T } | ApiFailure
