/**
 * The API client (spec §7): one axios instance, calls typed by the API table (domain/api.ts), every payload
 * encoded by the wire protocol (protocol/protocol.ts, docs/wire-protocol.md) and every answer returned as an
 * ApiResult value. It never navigates, toasts or touches the session: machines decide what an outcome means.
 *
 * The wire module (and crypto-js with it) is loaded with a dynamic import on the first request, so neither is in
 * the initial bundle.
 *
 * `t` is stamped in the server's time (issue 13): the client learns how far the server's clock is from the device's
 * from each answer's HTTP `Date` header, and uses it once they differ by more than a minute — a phone whose clock is
 * wrong, or a demo whose server clock was moved (/dev/clock) — instead of failing every call with "Your phone's date
 * and time look wrong" (1003). A call refused with 1003 all the same (the first after the server's clock moved) is
 * sent once more with the offset its own answer taught: the refusal happens before the server does anything, so
 * sending again is safe. Without a readable `Date` header (a cross-origin server that does not expose it) nothing
 * changes.
 */
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios'
import * as v from 'valibot'
import type { API, CallDef } from '../../domain/api'
import { routeOf, type CallRoute } from '../../domain/api-routes'
import { ApiCode } from '../../domain/api-codes'
import type { ApiFailure, ApiResult } from '../../domain/api-result'
import { LANG_HEADER, type Language } from '../../domain/countries'
import type { KopaStorage } from '../storage/storage'
import type { WirePayload } from '../../protocol/protocol'
import { resultFromEnvelope, resultFromError } from './errors'

/** Spec §7 and §9: 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000

/**
 * Below this the device's own clock stamps `t`: the server's window is ±5 minutes (docs/wire-protocol.md), and the
 * `Date` header is cut to the second, so a smaller difference is noise, not a wrong clock.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000

/** The server clock minus the device clock, read from an answer's `Date` header at device time `at`; null if none. */
export function offsetFromDateHeader(headers: unknown, at: number): number | null {
  const raw =
    headers && typeof headers === 'object'
      ? ((headers as Record<string, unknown>).date ?? (headers as { get?: (n: string) => unknown }).get?.('date'))
      : undefined
  const server = typeof raw === 'string' ? Date.parse(raw) : Number.NaN
  // The header is cut to the second: the server's moment lies within the following second.
  return Number.isNaN(server) ? null : server + 500 - at
}

type Table = Readonly<Record<string, CallDef>>
type Wire = typeof import('../../protocol/protocol')

/** Paths whose calls send JSON (GET or POST), and paths that are multipart uploads. */
export type JsonPathOf<T extends Table> = {
  [K in keyof T]: 'json' extends T[K]['body'] ? K : never
}[keyof T] &
  string
export type UploadPathOf<T extends Table> = {
  [K in keyof T]: 'form' extends T[K]['body'] ? K : never
}[keyof T] &
  string
type SchemaOf<D> = D extends CallDef<infer S, unknown> ? S : never
export type RequestOf<T extends Table, P extends keyof T> = v.InferInput<SchemaOf<T[P]>>
export type ResponseOf<T extends Table, P extends keyof T> =
  T[P] extends CallDef<v.GenericSchema, infer R> ? R : never

/** Request fields typed as files, if a table's schema lists them: they go in `files`, not in `extra`. */
export type FileKeys<R> = { [K in keyof R]-?: NonNullable<R[K]> extends Blob ? K : never }[keyof R]
export type UploadFilesOf<T extends Table, P extends keyof T> = Pick<
  RequestOf<T, P>,
  FileKeys<RequestOf<T, P>>
>
export type UploadFieldsOf<T extends Table, P extends keyof T> = Omit<
  RequestOf<T, P>,
  FileKeys<RequestOf<T, P>>
>

/** What the client reads before every call; usually clientContextFromStorage(storage, …). */
export interface ClientContext {
  token(): string | null
  packageName(): string
  appName(): string
  afid(): string | null
  language(): Language
  platform(): string
}

export interface CallOptions {
  /** Abort the call (an XState actor that stops passes its signal); an aborted call reads as 'network'. */
  signal?: AbortSignal
  /** The token to send instead of the stored one: /security/logout, sent after the stored session is cleared. */
  token?: string
}

export interface ApiClientOptions<T extends Table> {
  /** The API's origin (and prefix, if any); '' for the page's own origin. */
  baseURL: string
  context: ClientContext
  /** An axios adapter; the default is the platform's (XHR in the browser, http in Node). */
  adapter?: AxiosAdapter
  timeoutMs?: number
  /** The clock that stamps `t`, ms since the epoch. */
  now?: () => number
  /** The call table; the app's own API by default. */
  table?: T
  /**
   * What every call waits for before it reads the context: the shell's device info kept in storage
   * (services/bridge/device-identity.ts). A rejection is ignored: the stored values stand.
   */
  ready?: () => Promise<unknown>
}

export interface ApiClient<T extends Table = typeof API> {
  request<P extends JsonPathOf<T>>(
    path: P,
    payload: RequestOf<T, P>,
    options?: CallOptions,
  ): Promise<ApiResult<ResponseOf<T, P>>>
  /**
   * A multipart upload: each entry of `files` (the API table's convention: `{ file: image }`) is a file part under
   * its name; `payload`, the request's fields, travels encrypted in `extra`.
   */
  upload<P extends UploadPathOf<T>>(
    path: P,
    files: Readonly<Record<string, Blob>> & UploadFilesOf<T, P>,
    payload: UploadFieldsOf<T, P>,
    onProgress?: (fraction: number) => void,
    options?: CallOptions,
  ): Promise<ApiResult<ResponseOf<T, P>>>
  /** The one axios instance, for the rare caller that needs it (for example to add an interceptor). */
  readonly axios: AxiosInstance
  /** The offset added to the device's clock to stamp `t` (0 until the server's clock is seen to differ). */
  clockOffsetMs(): number
}

/** The context read from local storage; the language falls back to the country's default. */
export function clientContextFromStorage(
  storage: KopaStorage,
  defaultLanguage: () => Language,
): ClientContext {
  return {
    token: () => storage.get('token'),
    packageName: () => storage.get('packageName'),
    appName: () => storage.get('appName'),
    afid: () => storage.get('afid'),
    language: () => storage.get('language') ?? defaultLanguage(),
    platform: () => storage.get('deviceMsg').platform,
  }
}

let wireModule: Promise<Wire> | undefined
/** Load the wire module once; a failed load (offline on first use) is retried on the next call. */
function loadWire(): Promise<Wire> {
  wireModule ??= import('../../protocol/protocol').catch((error: unknown) => {
    wireModule = undefined
    throw error
  })
  return wireModule
}

export function createApiClient<T extends Table = typeof API>(options: ApiClientOptions<T>): ApiClient<T> {
  // The app's own calls by their routes alone (domain/api-routes.ts): the table's schemas stay out of the page.
  const table = options.table as Readonly<Record<string, CallRoute>> | undefined
  const { context } = options
  const deviceNow = options.now ?? Date.now
  /** Server clock − device clock, once it is seen to be off by more than the tolerance; else 0. */
  let offset = 0
  const now = () => deviceNow() + offset
  /** Learns the server's clock from an answer; true when the offset changed. */
  const learn = (headers: unknown, at: number): boolean => {
    const seen = offsetFromDateHeader(headers, at)
    if (seen === null) return false
    const next = Math.abs(seen) > CLOCK_SKEW_TOLERANCE_MS ? seen : 0
    const changed = Math.abs(next - offset) > CLOCK_SKEW_TOLERANCE_MS || (next === 0) !== (offset === 0)
    if (changed) offset = next
    return changed
  }
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    // Every answer with a body is read as the envelope, whatever its HTTP status.
    validateStatus: () => true,
    transitional: { clarifyTimeoutError: true },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  })

  function headersFor(tokenOverride: string | undefined): Record<string, string> {
    const token = tokenOverride ?? context.token()
    const afid = context.afid()
    return {
      packageName: context.packageName(),
      appName: context.appName(),
      lang: LANG_HEADER[context.language()],
      platform: context.platform(),
      ...(afid ? { afid } : {}),
      // Every call carries the session when there is one: a call marked `auth` needs it, any other one uses it
      // (docs/api.md: the home index and the products are the borrower's own — their country, their limit).
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    }
  }

  function defOf(path: string, body: CallRoute['body']): CallRoute {
    const def = table ? table[path] : routeOf(path)
    if (!def) throw new TypeError(`${path} is not a call of the API table`)
    if (def.body !== body)
      throw new TypeError(
        `${path} is a ${def.body} call: use ${def.body === 'form' ? 'upload' : 'request'}()`,
      )
    return def
  }

  async function send<R>(
    def: CallRoute,
    build: (wire: Wire) => AxiosRequestConfig,
    callOptions: CallOptions | undefined,
  ): Promise<ApiResult<R>> {
    // Without a token the server can only answer NotLoggedIn: say so without spending the borrower's data.
    if (def.auth && !(callOptions?.token ?? context.token())) return { ok: false, kind: 'sessionEnded', code: ApiCode.NotLoggedIn }
    await options.ready?.().catch(() => {})
    let wire: Wire
    try {
      wire = await loadWire()
    } catch {
      return { ok: false, kind: 'network', message: 'errors.network' } satisfies ApiFailure
    }
    const attempt = async (): Promise<{ result: ApiResult<R>; relearned: boolean }> => {
      // Built outside the try: a bug here must surface, not read as a network failure.
      const config: AxiosRequestConfig = {
        ...build(wire),
        method: def.method,
        headers: headersFor(callOptions?.token),
        ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
      }
      try {
        const response = await instance.request(config)
        const relearned = learn(response.headers, deviceNow())
        return { result: resultFromEnvelope<R>(response.data), relearned }
      } catch (error) {
        return { result: resultFromError(error), relearned: false }
      }
    }
    const first = await attempt()
    const refusedStale =
      !first.result.ok && first.result.kind === 'rejected' && first.result.code === ApiCode.ReplayWindow
    // Refused for its `t` by a server whose clock the answer just taught us: once more, in the server's time.
    if (refusedStale && first.relearned && !callOptions?.signal?.aborted) return (await attempt()).result
    return first.result
  }

  return {
    axios: instance,
    clockOffsetMs: () => offset,
    request(path, payload, callOptions) {
      const def = defOf(path, 'json')
      return send(
        def,
        (wire) => {
          const encoded = wire.encodeRequest({
            packageName: context.packageName(),
            method: def.method,
            path,
            base: def.base,
            payload: payload as WirePayload,
            now: now(),
          })
          return { url: encoded.url, params: encoded.params, data: encoded.data }
        },
        callOptions,
      )
    },
    upload(path, files, payload, onProgress, callOptions) {
      const def = defOf(path, 'form')
      return send(
        def,
        (wire) => {
          const { url, extra } = wire.encodeUploadExtra({
            packageName: context.packageName(),
            path,
            base: def.base,
            payload: payload as WirePayload,
            now: now(),
          })
          // `extra` goes first so that a streaming server knows the call's fields before the file bytes arrive.
          const form = new FormData()
          form.append(wire.UPLOAD_EXTRA_FIELD, extra)
          for (const [field, file] of Object.entries(files as Record<string, Blob>))
            form.append(field, file, file instanceof File && file.name ? file.name : field)
          return {
            url,
            data: form,
            ...(onProgress
              ? {
                  onUploadProgress: (event: { loaded: number; total?: number }) => {
                    if (event.total) onProgress(Math.min(1, event.loaded / event.total))
                  },
                }
              : {}),
          }
        },
        callOptions,
      )
    },
  }
}
