/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 6 digits, 30-second steps): what every
 * authenticator app reads from an `otpauth://` URI. A code is accepted for its step and one step either side (a
 * phone's clock a little off), and only once: the step accepted is kept (`totp_last_step`) and no code of that
 * step or an earlier one is taken again.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const STEP_SECONDS = 30
const DIGITS = 6
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, without padding. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = ALPHABET.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (RFC 4226 §4 recommends 160 bits), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** HOTP (RFC 4226 §5.3) of `counter`, `digits` long. */
export function hotp(secret: Buffer, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', secret).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(code).padStart(digits, '0')
}

export const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / STEP_SECONDS)

/** The code of `secret` (base32) at `nowMs`. */
export function totpAt(secret: string, nowMs: number): string {
  return hotp(base32Decode(secret), stepAt(nowMs))
}

/**
 * The step `code` belongs to, if it is good at `nowMs` (this step or one either side) and later than `lastStep`;
 * null otherwise.
 */
export function acceptTotp(secret: string, code: string, nowMs: number, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const key = base32Decode(secret)
  const now = stepAt(nowMs)
  for (const step of [now - 1, now, now + 1]) {
    if (step <= lastStep) continue
    const want = Buffer.from(hotp(key, step))
    if (timingSafeEqual(want, Buffer.from(code))) return step
  }
  return null
}

/** What an authenticator app scans (Key Uri Format): the lender's name as issuer, the staff member's username. */
export function otpauthUri(issuer: string, username: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${username}`)
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(STEP_SECONDS),
  })
  return `otpauth://totp/${label}?${query.toString()}`
}
