/**
 * What every actor factory of services/actors shares: a successful call gives its data, a failed one rejects
 * with the API client's failure value as it came (domain/api-result.ts), which the machines read with
 * `failureOf` (machines/kit/call-failure.ts). A native-bridge failure is turned into the same shape.
 */
import { ApiCode } from '../../domain/api-codes'
import type { ApiFailure, ApiResult } from '../../domain/api-result'
import { isBridgeError } from '../bridge/native-bridge'

/** The data of a successful result; a failure rejects as it came. */
export function dataOf<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data
  throw result
}

/**
 * A native-bridge (or on-device) failure as a refusal, with the shell's text for the borrower when it gave one.
 * A timeout stays a timeout, so the machine says so rather than "refused".
 */
export function failureFromBridge(error: unknown): ApiFailure {
  if (isBridgeError(error, 'timeout')) return { ok: false, kind: 'timeout', message: 'errors.timeout' }
  const message = isBridgeError(error) ? (error.shellMessage ?? '') : ''
  return { ok: false, kind: 'rejected', code: ApiCode.ServerError, message, messageKey: 'errors.requestFailed' }
}
