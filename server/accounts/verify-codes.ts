/**
 * SMS verification codes: 6 digits, valid 5 minutes, dead after 5 wrong tries; a number may ask again after a
 * minute and a few times an hour, an address a few more times an hour (config.verifyCode). Only hashes are kept:
 * of the code (with the number) and of the asking address.
 *
 * Sending and checking lock the number (an advisory lock on its hash), so two requests at once cannot both pass a
 * limit or both spend the same wrong try.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { CountryCode } from '../../domain/countries'
import type { VerifyCodePolicy } from '../config'
import type { Queryable, Tx } from '../db/client'
import { verifyCodes } from '../db/schema/core'

const HOUR = 60 * 60 * 1000

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
export const hashAddress = (ip: string) => sha256(`address:${ip}`)
const hashCode = (country: CountryCode, mobile: string, code: string) =>
  sha256(`code:${country}:${mobile}:${code}`)

/** Serialises everything about one number (sending, checking) across connections and instances. */
async function lockNumber(tx: Tx, country: CountryCode, mobile: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kopa.verify.${country}.${mobile}`}))`)
}

export type IssueResult = { ok: true; code: string } | { ok: false; retryAfterMs: number }

/**
 * Creates a new code for the number unless a limit forbids it. Call inside a transaction; send the SMS in the
 * same transaction so a failed send leaves no code behind.
 */
export async function issueCode(
  tx: Tx,
  policy: VerifyCodePolicy,
  country: CountryCode,
  mobile: string,
  ip: string,
  now: Date,
): Promise<IssueResult> {
  await lockNumber(tx, country, mobile)
  const hourAgo = new Date(now.getTime() - HOUR)
  const recent = await tx
    .select({ createdAt: verifyCodes.createdAt })
    .from(verifyCodes)
    .where(
      and(
        eq(verifyCodes.country, country),
        eq(verifyCodes.mobile, mobile),
        gt(verifyCodes.createdAt, hourAgo),
      ),
    )
    .orderBy(desc(verifyCodes.createdAt))
  const last = recent[0]
  if (last && now.getTime() - last.createdAt.getTime() < policy.resendAfterMs) {
    return { ok: false, retryAfterMs: policy.resendAfterMs - (now.getTime() - last.createdAt.getTime()) }
  }
  if (recent.length >= policy.perNumberPerHour) {
    const oldest = recent[recent.length - 1]!
    return { ok: false, retryAfterMs: oldest.createdAt.getTime() + HOUR - now.getTime() }
  }
  const addressHash = hashAddress(ip)
  const [byAddress] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<string | Date | null>`min(${verifyCodes.createdAt})`,
    })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.addressHash, addressHash), gt(verifyCodes.createdAt, hourAgo)))
  if ((byAddress?.n ?? 0) >= policy.perAddressPerHour) {
    const oldest = byAddress?.oldest ? new Date(byAddress.oldest).getTime() : now.getTime()
    return { ok: false, retryAfterMs: Math.max(0, oldest + HOUR - now.getTime()) }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  // A new code replaces the older ones of the number.
  await tx
    .update(verifyCodes)
    .set({ usedAt: now })
    .where(and(eq(verifyCodes.country, country), eq(verifyCodes.mobile, mobile), isNull(verifyCodes.usedAt)))
  await tx.insert(verifyCodes).values({
    country,
    mobile,
    codeHash: hashCode(country, mobile, code),
    addressHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + policy.ttlMs),
  })
  return { ok: true, code }
}

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'locked'

/**
 * Spends the number's current code if `code` matches it. A wrong code counts a try; at maxWrongTries the code
 * is locked (even the right code no longer works) and the borrower asks for a new one. Commits the count whatever
 * the outcome, so call it in its own transaction and act on the result afterwards.
 */
export async function checkCode(
  q: Queryable,
  policy: VerifyCodePolicy,
  country: CountryCode,
  mobile: string,
  code: string,
  now: Date,
): Promise<CheckResult> {
  return q.transaction(async (tx) => {
    await lockNumber(tx, country, mobile)
    const [current] = await tx
      .select()
      .from(verifyCodes)
      .where(
        and(eq(verifyCodes.country, country), eq(verifyCodes.mobile, mobile), isNull(verifyCodes.usedAt)),
      )
      .orderBy(desc(verifyCodes.createdAt), desc(verifyCodes.id))
      .limit(1)
    if (!current || current.expiresAt.getTime() <= now.getTime()) return 'expired'
    if (current.wrongTries >= policy.maxWrongTries) return 'locked'
    const given = Buffer.from(hashCode(country, mobile, code), 'hex')
    if (!timingSafeEqual(given, Buffer.from(current.codeHash, 'hex'))) {
      await tx
        .update(verifyCodes)
        .set({ wrongTries: sql`${verifyCodes.wrongTries} + 1` })
        .where(eq(verifyCodes.id, current.id))
      // The last allowed wrong try already says the code is dead, so the borrower asks for a new one.
      return current.wrongTries + 1 >= policy.maxWrongTries ? 'locked' : 'wrong'
    }
    await tx.update(verifyCodes).set({ usedAt: now }).where(eq(verifyCodes.id, current.id))
    return 'ok'
  })
}
