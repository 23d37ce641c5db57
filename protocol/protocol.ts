/**
 * The Kopa wire protocol (docs/wire-protocol.md): one module shared by the app's API client and the reference
 * server, so both sides encode and decode the same bytes.
 *
 * Every request payload gets a timestamp `t`, is serialised as JSON and AES-256-CBC encrypted with the key
 * SHA-256(packageName); the call's path is encrypted the same way. The key derives from the public package
 * name, so this is obfuscation, not security: TLS is the security.
 *
 * Imports only crypto-js by module and domain/; no axios, no DOM, nothing app-specific.
 */
import AES from 'crypto-js/aes'
import Core from 'crypto-js/core'
import SHA256 from 'crypto-js/sha256'
import NoPadding from 'crypto-js/pad-nopadding'
import { ApiCode } from '../domain/api-codes'
import type { HttpMethod } from '../domain/api'

type WordArray = Core.lib.WordArray

/** Refuse a request whose `t` is further than this from the server's clock (either way). */
export const DEFAULT_REPLAY_WINDOW_MS = 5 * 60 * 1000
/** AES block size and IV length, in bytes. */
export const IV_BYTES = 16
/** Form field of an upload that carries the encrypted payload. */
export const UPLOAD_EXTRA_FIELD = 'extra'
/** JSON field of a POST body that carries the encrypted payload. */
export const POST_BODY_FIELD = 'data'

export type WireBase = '/api' | '/cou'
export type WirePayload = Readonly<Record<string, unknown>>

// ---------------------------------------------------------------------------------------------------------
// Bytes and encodings

/** base64url of `bytes` (RFC 4648 §5), without '=' padding. */
export function toBase64Url(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0
    const b1 = bytes[i + 1] ?? 0
    const b2 = bytes[i + 2] ?? 0
    const n = (b0 << 16) | (b1 << 8) | b2
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4
    for (let c = 0; c < chars; c++) out += alphabet[(n >> (18 - 6 * c)) & 63]
  }
  return out
}

/** Strict inverse of toBase64Url: null for any character outside the alphabet, padding, or a bad length. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null
  const value = (ch: string): number => {
    const c = ch.charCodeAt(0)
    if (c >= 65 && c <= 90) return c - 65
    if (c >= 97 && c <= 122) return c - 71
    if (c >= 48 && c <= 57) return c + 4
    return ch === '-' ? 62 : 63
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4))
  let bits = 0
  let acc = 0
  let j = 0
  for (const ch of text) {
    acc = (acc << 6) | value(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[j++] = (acc >> bits) & 0xff
    }
  }
  // Leftover bits must be zero, so that every byte string has exactly one encoding.
  if ((acc & ((1 << bits) - 1)) !== 0) return null
  return out
}

function toWords(bytes: Uint8Array): WordArray {
  const words: number[] = []
  for (let i = 0; i < bytes.length; i++)
    words[i >>> 2] = (words[i >>> 2] ?? 0) | ((bytes[i] ?? 0) << (24 - (i % 4) * 8))
  return Core.lib.WordArray.create(words, bytes.length)
}

function fromWords(words: WordArray): Uint8Array {
  const out = new Uint8Array(words.sigBytes)
  for (let i = 0; i < words.sigBytes; i++)
    out[i] = ((words.words[i >>> 2] ?? 0) >>> (24 - (i % 4) * 8)) & 0xff
  return out
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** Cryptographically random bytes (Web Crypto: present in browsers, WebViews and Node ≥ 19). */
export function randomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n))
}

// ---------------------------------------------------------------------------------------------------------
// The cipher: AES-256-CBC, PKCS#7, key = SHA-256(UTF-8 packageName), token = base64url(IV ‖ ciphertext)

const keyCache = new Map<string, WordArray>()

/** The 32-byte AES key: SHA-256 of the package name's UTF-8 bytes. */
export function deriveKey(packageName: string): Uint8Array {
  return fromWords(keyOf(packageName))
}

function keyOf(packageName: string): WordArray {
  let key = keyCache.get(packageName)
  if (!key) {
    key = SHA256(packageName)
    keyCache.set(packageName, key)
  }
  return key
}

function pad(bytes: Uint8Array): Uint8Array {
  const n = IV_BYTES - (bytes.length % IV_BYTES)
  return concat(bytes, new Uint8Array(n).fill(n))
}

function unpad(bytes: Uint8Array): Uint8Array | null {
  const n = bytes[bytes.length - 1] ?? 0
  if (n < 1 || n > IV_BYTES || n > bytes.length) return null
  for (let i = bytes.length - n; i < bytes.length; i++) if (bytes[i] !== n) return null
  return bytes.subarray(0, bytes.length - n)
}

/** Encrypt a UTF-8 text into a token: base64url(IV ‖ AES-256-CBC(key, IV, PKCS#7(text))). */
export function encryptText(
  packageName: string,
  text: string,
  iv: Uint8Array = randomBytes(IV_BYTES),
): string {
  if (iv.length !== IV_BYTES) throw new RangeError(`the IV must be ${IV_BYTES} bytes`)
  const plain = pad(new TextEncoder().encode(text))
  const sealed = AES.encrypt(toWords(plain), keyOf(packageName), {
    iv: toWords(iv),
    mode: Core.mode.CBC,
    padding: NoPadding,
  })
  return toBase64Url(concat(iv, fromWords(sealed.ciphertext)))
}

/** Decrypt a token made by encryptText; null when it is not one (bad encoding, length, padding or UTF-8). */
export function decryptText(packageName: string, token: string): string | null {
  const bytes = fromBase64Url(token)
  if (!bytes || bytes.length < 2 * IV_BYTES || bytes.length % IV_BYTES !== 0) return null
  const opened = AES.decrypt(
    Core.lib.CipherParams.create({ ciphertext: toWords(bytes.subarray(IV_BYTES)) }),
    keyOf(packageName),
    { iv: toWords(bytes.subarray(0, IV_BYTES)), mode: Core.mode.CBC, padding: NoPadding },
  )
  const plain = unpad(fromWords(opened))
  if (!plain) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain)
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------------
// Client side: encode a call

export interface EncodeRequestInput {
  packageName: string
  method: HttpMethod
  /** The call's spec path, e.g. '/security/login'. */
  path: string
  base: WireBase
  payload: WirePayload
  /** Milliseconds since the epoch (UTC); becomes `t`. */
  now: number
  /** IV of the payload token; random when absent (fix it only for test vectors). */
  iv?: Uint8Array
  /** IV of the path token; random when absent. */
  pathIv?: Uint8Array
  /** GET only: the query parameter's name; 6–10 random letters a–z when absent. */
  paramName?: string
}

export interface EncodedRequest {
  /** `<base>/<path token>`, relative to the server's origin. */
  url: string
  /** GET: exactly one parameter, `{ <random name>: <payload token> }`. */
  params?: Record<string, string>
  /** POST: the JSON body `{ "data": <payload token> }`. */
  data?: { data: string }
}

/** The JSON text that gets encrypted: the payload's own fields followed by `t`. */
export function payloadText(payload: WirePayload, now: number): string {
  if (!Number.isSafeInteger(now)) throw new RangeError('t must be an integer number of milliseconds')
  return JSON.stringify({ ...payload, t: now })
}

/** 6–10 random lower-case letters. */
export function randomParamName(): string {
  const bytes = randomBytes(11)
  const length = 6 + ((bytes[0] ?? 0) % 5)
  let name = ''
  for (let i = 1; i <= length; i++) name += String.fromCharCode(97 + ((bytes[i] ?? 0) % 26))
  return name
}

/** The cipher a codec uses: crypto-js here (the app), Node's crypto on the server (server/wire.ts). */
export interface WireCipher {
  encryptText(packageName: string, text: string, iv?: Uint8Array): string
  decryptText(packageName: string, token: string): string | null
}

export type EncodeUploadInput = Omit<EncodeRequestInput, 'method' | 'paramName'>

// ---------------------------------------------------------------------------------------------------------
// Server side: decode a call

export type WireErrorCode = typeof ApiCode.Undecryptable | typeof ApiCode.ReplayWindow

/** Why a request was refused. `reason` is for logs and never contains request content. */
export class WireError extends Error {
  readonly code: WireErrorCode
  readonly reason: string
  constructor(code: WireErrorCode, reason: string) {
    super(`wire: ${reason}`)
    this.name = 'WireError'
    this.code = code
    this.reason = reason
  }
}

export interface DecodeRequestInput {
  packageName: string
  method: HttpMethod
  /** The URL's last path segment: the path token after '/api/' or '/cou/'. */
  pathSegment: string
  /** GET: the parsed query string; it must hold exactly one parameter, whatever its name. */
  query?: Readonly<Record<string, unknown>>
  /** POST (JSON): the parsed body, `{ "data": <token> }`. */
  body?: unknown
  /** POST (multipart upload): the value of the `extra` form field. */
  extra?: string
  /** The server's clock, ms since the epoch. */
  now: number
  replayWindowMs?: number
}

export interface DecodedRequest {
  /** The call's spec path, e.g. '/security/login'. */
  path: string
  /** The payload without `t`. */
  payload: Record<string, unknown>
  t: number
}

const undecryptable = (reason: string) => new WireError(ApiCode.Undecryptable, reason)

function payloadToken(input: DecodeRequestInput): string | WireError {
  if (input.method === 'GET') {
    const values = Object.values(input.query ?? {})
    if (values.length !== 1)
      return undecryptable(`GET needs exactly one query parameter, got ${values.length}`)
    const [value] = values
    return typeof value === 'string' ? value : undecryptable('the query parameter is not a single string')
  }
  if (input.extra !== undefined) return input.extra
  const body = input.body
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Record<string, unknown>)[POST_BODY_FIELD] === 'string'
  )
    return (body as Record<string, string>)[POST_BODY_FIELD] as string
  return undecryptable('POST needs a JSON body {"data": <token>} or an upload field "extra"')
}

/**
 * The protocol over one cipher: encoding a call (the app) and decoding one (the server). Everything but the cipher
 * is here, once; the app uses crypto-js (below), the server Node's crypto (server/wire.ts), byte for byte the same.
 */
export function createWireCodec({ encryptText, decryptText }: WireCipher) {
  const urlOf = (packageName: string, base: WireBase, path: string, pathIv?: Uint8Array) =>
    `${base}/${encryptText(packageName, path, pathIv)}`

  /** Encode a JSON call (GET or POST) for the wire. */
  function encodeRequest(input: EncodeRequestInput): EncodedRequest {
    const url = urlOf(input.packageName, input.base, input.path, input.pathIv)
    const token = encryptText(input.packageName, payloadText(input.payload, input.now), input.iv)
    if (input.method === 'GET') {
      const name = input.paramName ?? randomParamName()
      if (!/^[a-z]{6,10}$/.test(name)) throw new RangeError('the parameter name must be 6–10 letters a–z')
      return { url, params: { [name]: token } }
    }
    return { url, data: { [POST_BODY_FIELD]: token } }
  }

  /** Encode an upload: POST multipart to `url`, with the file part(s) and the form field `extra`. */
  function encodeUploadExtra(input: EncodeUploadInput): { url: string; extra: string } {
    return {
      url: urlOf(input.packageName, input.base, input.path, input.pathIv),
      extra: encryptText(input.packageName, payloadText(input.payload, input.now), input.iv),
    }
  }

  /** Decode and check a request; a WireError (Undecryptable or ReplayWindow) when it must be refused. */
  function decodeRequest(input: DecodeRequestInput): DecodedRequest | WireError {
    const path = decryptText(input.packageName, input.pathSegment)
    if (path === null || !/^\/[A-Za-z0-9_\-./]*$/.test(path))
      return undecryptable('the path token does not decrypt')

    const token = payloadToken(input)
    if (token instanceof WireError) return token
    const text = decryptText(input.packageName, token)
    if (text === null) return undecryptable('the payload token does not decrypt')
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return undecryptable('the payload is not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return undecryptable('the payload is not a JSON object')

    const { t, ...payload } = parsed as Record<string, unknown>
    if (typeof t !== 'number' || !Number.isSafeInteger(t))
      return new WireError(ApiCode.ReplayWindow, 't is missing')
    const window = input.replayWindowMs ?? DEFAULT_REPLAY_WINDOW_MS
    if (Math.abs(input.now - t) > window)
      return new WireError(ApiCode.ReplayWindow, 't is outside the replay window')
    return { path, payload, t }
  }

  return { encodeRequest, encodeUploadExtra, decodeRequest }
}

const codec = createWireCodec({ encryptText, decryptText })
export const { encodeRequest, encodeUploadExtra, decodeRequest } = codec
