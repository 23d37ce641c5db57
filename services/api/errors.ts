/**
 * Turning what came back from the network into an ApiResult (domain/api-result.ts): the `{ code, msg, data }`
 * envelope of decisions.md "Envelope and protocol", or the transport error when nothing usable came back.
 */
import { isAxiosError } from 'axios'
import { ApiCode, isSessionCode } from '../../domain/api-codes'
import type { ApiFailure, ApiResult, ErrorKey, SessionEndedCode } from '../../domain/api-result'

/** The app's own message for a response code: `errors.code.<code>` when the code is known. */
export function messageKeyForCode(code: number): ErrorKey {
  return (Object.values(ApiCode) as number[]).includes(code) ? `errors.code.${code}` : 'errors.requestFailed'
}

function fieldsOf(data: unknown): Record<string, string> {
  const fields = typeof data === 'object' && data !== null ? (data as { fields?: unknown }).fields : undefined
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {}
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}

/** Map a response body to a result; anything that is not the envelope is a failed request. */
export function resultFromEnvelope<T>(body: unknown): ApiResult<T> {
  if (typeof body !== 'object' || body === null)
    return { ok: false, kind: 'network', message: 'errors.requestFailed' }
  const { code, msg, data } = body as { code?: unknown; msg?: unknown; data?: unknown }
  if (typeof code !== 'number' || !Number.isInteger(code))
    return { ok: false, kind: 'network', message: 'errors.requestFailed' }
  if (code === ApiCode.Ok) return { ok: true, data: data as T }
  if (isSessionCode(code)) return { ok: false, kind: 'sessionEnded', code: code as SessionEndedCode }
  const message = typeof msg === 'string' ? msg : ''
  const messageKey = messageKeyForCode(code)
  if (code === ApiCode.ValidationFailed)
    return { ok: false, kind: 'invalid', fields: fieldsOf(data), message, messageKey }
  return { ok: false, kind: 'rejected', code, message, messageKey }
}

/** Map an error thrown by the axios call to a failure: a timeout, or anything else that left no answer. */
export function resultFromError(error: unknown): ApiFailure {
  if (
    isAxiosError(error) &&
    (error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message)))
  )
    return { ok: false, kind: 'timeout', message: 'errors.timeout' }
  return { ok: false, kind: 'network', message: 'errors.network' }
}
