/**
 * Tokens. A token is 32 random bytes (base64url); only its SHA-256 is stored. It expires after the configured
 * TTL (10010303). A borrower has one active device: a new login marks the older sessions replaced, and their
 * tokens answer 10010304. An unknown token answers 100103, a missing one 10010301 (spec §8).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, sql, type Placeholder } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import { isCountryCode } from '../../domain/countries'
import type { Session } from '../context'
import { cachedOn } from '../cache'
import { preparedOn, type Queryable } from '../db/client'
import { sessions, users } from '../db/schema/core'

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

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
  const tokenHash = hashToken(token)
  const prepared = preparedOn(q, 'kopa_session_of_token', (db) =>
    build(db, sql.placeholder('tokenHash')).prepare('kopa_session_of_token'),
  )
  const [row] = await cachedOn(q, `session:${tokenHash}`, () =>
    prepared ? prepared.execute({ tokenHash }) : build(q, tokenHash),
  )
  if (!row) return ApiCode.TokenInvalid
  if (row.replacedAt) return ApiCode.LoggedInElsewhere
  if (row.expiresAt.getTime() <= now.getTime()) return ApiCode.TokenExpired
  if (!isCountryCode(row.country)) return ApiCode.TokenInvalid
  return { sessionId: row.sessionId, userId: row.userId, country: row.country, mobile: row.mobile }
}
