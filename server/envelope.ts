/**
 * The `{ code, msg, data }` envelope and how a handler says no. A handler returns its `data` for success, or
 * throws an ApiFailure: a code of domain/api-codes.ts and, when the code's own message is not specific
 * enough, an i18n message key. Field problems use `fieldFailure`, which becomes ValidationFailed with
 * `data.fields` translated into the request's language.
 */
import { ApiCode, type ApiEnvelope } from '../domain/api-codes'

export class ApiFailure extends Error {
  readonly code: number
  /** i18n key of the message; default `errors.code.<code>`. */
  readonly msgKey: string | undefined
  readonly data: unknown
  /** ValidationFailed: field → i18n key (translated by the dispatcher). */
  readonly fields: Record<string, string> | undefined
  constructor(code: number, opts: { msgKey?: string; data?: unknown; fields?: Record<string, string> } = {}) {
    // An answer, not a fault: nothing reads its stack (the dispatcher logs only the other errors' stacks), and
    // capturing one made a refused call cost as much as a whole hot read (issue 17; a flood is all refusals).
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      super(`api failure ${code}`)
    } finally {
      Error.stackTraceLimit = stackTraceLimit
    }
    this.name = 'ApiFailure'
    this.code = code
    this.msgKey = opts.msgKey
    this.data = opts.data ?? null
    this.fields = opts.fields
  }
}

/** A business refusal with its code and (optionally) a more specific message key. */
export function fail(code: number, msgKey?: string, data?: unknown): never {
  throw new ApiFailure(code, { ...(msgKey ? { msgKey } : {}), data })
}

/** ValidationFailed for the given fields (field → i18n key under validation.*). */
export function fieldFailure(fields: Record<string, string>): never {
  const first = Object.values(fields)[0]
  throw new ApiFailure(ApiCode.ValidationFailed, { fields, ...(first ? { msgKey: first } : {}) })
}

/** The default message key of a code. */
export const codeMessageKey = (code: number) => `errors.code.${code}`

export function envelope<T>(code: number, msg: string, data: T): ApiEnvelope<T> {
  return { code, msg, data }
}
