/**
 * Staff passwords, hashed with scrypt (node:crypto; RFC 7914) under a random salt per password, stored as
 * `scrypt$N$r$p$salt$hash` (base64) so the cost can be raised later without losing the old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** Cost: N = 2^15, r = 8, p = 1 (about 32 MiB and ~100 ms on this machine's class); maxmem above 128·N·r. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 32
/** A staff password has at least this many characters (NIST SP 800-63B: length over composition rules). */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Whether `password` is the one `stored` was made from; false for anything unreadable. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return false
  const want = Buffer.from(hash, 'base64')
  const got = await derive(password, Buffer.from(salt, 'base64'), cost)
  return got.length === want.length && timingSafeEqual(got, want)
}
