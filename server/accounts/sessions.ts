/**
 * Tokens. A token is 32 random bytes (base64url); only its SHA-256 is stored. It expires after the configured
 * TTL (10010303). A borrower has one active device: a new login marks the older sessions replaced, and their
 * tokens answer 10010304. An unknown token answers 100103, a missing one 10010301 (spec §8).
 */
import { hash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, sql, type Placeholder } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import { isCountryCode } from '../../domain/countries'
import type { Session } from '../context'
import { cachedOn } from '../cache'
import { preparedOn, type Queryable } from '../db/client'
import { sessions, users } from '../db/schema/core'

/** The SHA-256 of a token, hex — what `sessions.token_hash` stores. One-shot `crypto.hash`, no Hash object. */
export const hashToken = (token: string) => hash('sha256', token, 'hex')

/**
 * The hashes of the tokens seen lately (issue 17: hashing was ~2% of a hot read's CPU). A token's hash is a function
 * of the token alone, so keeping it changes no answer: the session itself is still read through the read cache,
 * whose forget rules make a revocation or a new login count at the next call. Bounded; the oldest goes first.
 */
const TOKEN_HASHES_KEPT = 4096
const tokenHashes = new Map<string, string>()
export function hashTokenKept(token: string): string {
  let tokenHash = tokenHashes.get(token)
  if (tokenHash === undefined) {
    tokenHash = hashToken(token)
    if (tokenHashes.size >= TOKEN_HASHES_KEPT) tokenHashes.delete(tokenHashes.keys().next().value!)
    tokenHashes.set(token, tokenHash)
  }
  return tokenHash
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** Starts a session for the borrower and retires every other one of theirs; returns the token. */
export async function issueToken(q: Queryable, userId: number, now: Date, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const [created] = await q
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning({ id: sessions.id })
  await q
    .update(sessions)
    .set({ replacedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, created!.id), isNull(sessions.replacedAt)))
  return token
}

/** Stands for an Authorization header that is not `Bearer <token>`: no token has this shape (100103). */
const NOT_BEARER = '(not a bearer token)'

/**
 * The bearer token of an Authorization header: '' when there is none, and a value no session has when the header
 * is there but is not `Bearer <token>` (a bare token, another scheme), so it is refused as invalid (100103).
 */
export function bearerToken(header: unknown): string {
  if (header === undefined || header === '') return ''
  if (typeof header !== 'string') return NOT_BEARER
  const match = /^\s*Bearer(?:\s+(\S*))?\s*$/i.exec(header)
  return match ? (match[1] ?? '') : NOT_BEARER
}

/** The tables the session's cached read reads (server/cache.ts). */
const SESSION_AND_USER = [sessions, users]

/** The session of a token, or the session code that refuses it. */
export async function resolveSession(q: Queryable, token: string, now: Date): Promise<Session | number> {
  if (!token) return ApiCode.NotLoggedIn
  if (!TOKEN_SHAPE.test(token)) return ApiCode.TokenInvalid
  // One query for the session and its borrower, prepared on the database handle and kept in the server's read cache
  // until a session or a borrower changes (issue 17): expiry is checked on every call against the clock.
  const build = (db: Queryable, tokenHash: Placeholder | string) =>
    db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        replacedAt: sessions.replacedAt,
        country: users.country,
        mobile: users.mobile,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
  const tokenHash = hashTokenKept(token)
  const prepared = preparedOn(q, 'kopa_session_of_token', (db) =>
    build(db, sql.placeholder('tokenHash')).prepare('kopa_session_of_token'),
  )
  const [row] = await cachedOn(q, `session:${tokenHash}`, SESSION_AND_USER, () =>
    prepared ? prepared.execute({ tokenHash }) : build(q, tokenHash),
  )
  if (!row) return ApiCode.TokenInvalid
  if (row.replacedAt) return ApiCode.LoggedInElsewhere
  if (row.expiresAt.getTime() <= now.getTime()) return ApiCode.TokenExpired
  if (!isCountryCode(row.country)) return ApiCode.TokenInvalid
  return { sessionId: row.sessionId, userId: row.userId, country: row.country, mobile: row.mobile }
}
