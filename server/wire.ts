/**
 * The wire protocol's cipher on the server, with Node's built-in crypto (OpenSSL) instead of crypto-js (issue 17):
 * the same functions as protocol/protocol.ts — AES-256-CBC, PKCS#7, key SHA-256(UTF-8 package name), token
 * base64url(IV ‖ ciphertext) — byte for byte (tests/server/wire-node-crypto.test.ts proves both produce the same
 * tokens and open each other's). The app keeps crypto-js: protocol/protocol.ts stays what both sides agree
 * on, and everything that is not the cipher (constants, WireError, the payload's text) is taken from it.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes as nodeRandomBytes,
  type Decipher,
} from 'node:crypto'
import { createWireCodec, IV_BYTES } from '../protocol/protocol'

export { UPLOAD_EXTRA_FIELD, WireError } from '../protocol/protocol'
export type { DecodedRequest, DecodeRequestInput } from '../protocol/protocol'

const keys = new Map<string, Buffer>()

function keyOf(packageName: string): Buffer {
  let key = keys.get(packageName)
  if (!key) {
    key = createHash('sha256').update(packageName, 'utf8').digest()
    keys.set(packageName, key)
  }
  return key
}

/** The 32-byte AES key: SHA-256 of the package name's UTF-8 bytes. */
export function deriveKey(packageName: string): Uint8Array {
  return new Uint8Array(keyOf(packageName))
}

const BASE64URL = /^[A-Za-z0-9_-]*$/

/** Strict base64url (no padding, leftover bits zero, so every byte string has one encoding), as the app's. */
function fromBase64Url(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null
  // Buffer ignores non-zero leftover bits; the protocol refuses them: only the canonical encoding is accepted. The
  // last character of a text whose length is 2 or 3 modulo 4 carries 4 or 2 such bits (issue 17: checked here
  // rather than by encoding the bytes again).
  const rest = text.length % 4
  if (rest !== 0 && (sextet(text.charCodeAt(text.length - 1)) & (rest === 2 ? 0b1111 : 0b11)) !== 0) return null
  return Buffer.from(text, 'base64url')
}

/** The value of a base64url character (one BASE64URL accepts). */
function sextet(c: number): number {
  if (c >= 65 && c <= 90) return c - 65 // A–Z
  if (c >= 97 && c <= 122) return c - 71 // a–z: 26…51
  if (c >= 48 && c <= 57) return c + 4 // 0–9: 52…61
  return c === 45 ? 62 : 63 // '-', '_'
}

/** Encrypt a UTF-8 text into a token: base64url(IV ‖ AES-256-CBC(key, IV, PKCS#7(text))). */
export function encryptText(
  packageName: string,
  text: string,
  iv: Uint8Array = nodeRandomBytes(IV_BYTES),
): string {
  if (iv.length !== IV_BYTES) throw new RangeError(`the IV must be ${IV_BYTES} bytes`)
  const cipher = createCipheriv('aes-256-cbc', keyOf(packageName), iv)
  return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]).toString('base64url')
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * One AES-256-ECB decipher per key, without padding, kept for the process (issue 17: creating a CBC decipher per
 * token cost more than the decryption). ECB without padding is stateless from block to block: `update` on whole
 * blocks answers each block's decryption at once and keeps nothing, so one object serves every token. CBC is then
 * the XOR of each decrypted block with the ciphertext block before it (the IV for the first).
 */
const blockDeciphers = new Map<string, Decipher>()

function blockDecipherOf(packageName: string): Decipher {
  let decipher = blockDeciphers.get(packageName)
  if (!decipher) {
    decipher = createDecipheriv('aes-256-ecb', keyOf(packageName), null)
    decipher.setAutoPadding(false)
    blockDeciphers.set(packageName, decipher)
  }
  return decipher
}

/** AES-256-CBC decryption of `bytes` (IV ‖ whole blocks), without removing the padding. */
function cbcDecrypt(packageName: string, bytes: Buffer): Buffer {
  const body = bytes.subarray(IV_BYTES)
  const plain = blockDecipherOf(packageName).update(body)
  if (plain.length !== body.length) throw new Error('the block decipher kept part of a block')
  // Block i of the plain text: its decryption XOR ciphertext block i − 1 (the IV before the first).
  for (let i = 0; i < plain.length; i++) plain[i] = plain[i]! ^ bytes[i]!
  return plain
}

/** Decrypt a token made by encryptText; null when it is not one (bad encoding, length, padding or UTF-8). */
export function decryptText(packageName: string, token: string): string | null {
  const bytes = fromBase64Url(token)
  if (!bytes || bytes.length < 2 * IV_BYTES || bytes.length % IV_BYTES !== 0) return null
  const plain = cbcDecrypt(packageName, bytes)
  // PKCS#7, checked exactly as the app's module does.
  const n = plain[plain.length - 1] ?? 0
  if (n < 1 || n > IV_BYTES || n > plain.length) return null
  for (let i = plain.length - n; i < plain.length; i++) if (plain[i] !== n) return null
  try {
    return utf8.decode(plain.subarray(0, plain.length - n))
  } catch {
    return null
  }
}

/**
 * The last token decrypted and its text: the dispatcher opens a call's path token before it decodes the request,
 * which opens it again (decryption is a function of the package name and the token, so the answer kept is the
 * answer).
 */
let lastOpened: { packageName: string; token: string; text: string | null } | null = null

/** decryptText, answering the token decrypted just before from memory. */
export function decryptTextOnce(packageName: string, token: string): string | null {
  const last = lastOpened
  if (last !== null && last.token === token && last.packageName === packageName) return last.text
  const text = decryptText(packageName, token)
  lastOpened = { packageName, token, text }
  return text
}

/** The protocol (protocol/protocol.ts) over Node's cipher. */
export const { encodeRequest, encodeUploadExtra, decodeRequest } = createWireCodec({
  encryptText,
  decryptText: decryptTextOnce,
})
