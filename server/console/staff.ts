/**
 * Staff accounts and their sessions (issue 20). Signing in takes the username, the password and the current code
 * of the authenticator app; five wrong tries lock the account for 15 minutes (counted in the database, so every
 * instance agrees). A session lasts 30 minutes from the last request and 12 hours at most; only the SHA-256 of its
 * token is stored. Each sign-in, failed try, lock and sign-out is written to the audit log.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db, Queryable } from '../db/client'
import { staff, staffSessions, type StaffRole } from '../db/schema/staff'
import { appendAudit } from './audit'
import { hashPassword, verifyPassword } from './passwords'
import { acceptTotp, newTotpSecret } from './totp'

export const MAX_FAILED_SIGN_INS = 5
export const LOCK_MS = 15 * 60 * 1000
export const SESSION_IDLE_MS = 30 * 60 * 1000
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000

export interface StaffMember {
  id: number
  username: string
  displayName: string
  role: StaffRole
}

export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex')

/** A new staff member with a password and a fresh TOTP secret (to be shown once, as an otpauth URI). */
export async function createStaff(
  db: Db,
  now: Date,
  input: { username: string; displayName: string; role: StaffRole; password: string },
  by: number | null,
): Promise<{ member: StaffMember; totpSecret: string }> {
  const totpSecret = newTotpSecret()
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({
        username: input.username,
        displayName: input.displayName,
        role: input.role,
        passwordHash,
        totpSecret,
        createdAt: now,
      })
      .returning()
    const member = memberOf(row!)
    await appendAudit(tx, now, {
      staffId: by,
      action: 'staff.created',
      subject: `staff:${member.id}`,
      after: { username: member.username, displayName: member.displayName, role: member.role },
    })
    return { member, totpSecret }
  })
}

const memberOf = (row: typeof staff.$inferSelect): StaffMember => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  role: row.role,
})

export type SignInResult =
  | { ok: true; token: string; member: StaffMember; expiresAt: Date }
  | { ok: false; reason: 'wrongCredentials' | 'locked'; retryAt?: Date }

/**
 * Checks the three factors. A wrong password or code counts one failed try (the answer does not say which was
 * wrong); the fifth locks the account. A username that does not exist is answered the same way, after the same
 * password work, so answers and timing do not tell which usernames exist.
 */
export async function signIn(
  db: Db,
  now: Date,
  input: { username: string; password: string; code: string },
): Promise<SignInResult> {
  const [row] = await db.select().from(staff).where(eq(staff.username, input.username))
  if (!row || row.disabledAt) {
    await verifyPassword(input.password, await dummyHash())
    return { ok: false, reason: 'wrongCredentials' }
  }
  if (row.lockedUntil && row.lockedUntil > now)
    return { ok: false, reason: 'locked', retryAt: row.lockedUntil }
  const passwordOk = await verifyPassword(input.password, row.passwordHash)
  const step = passwordOk ? acceptTotp(row.totpSecret, input.code, now.getTime(), row.totpLastStep) : null
  return db.transaction(async (tx) => {
    if (step === null) {
      // Counted in the row, under its lock: two instances' failed tries add up.
      const [after] = await tx
        .update(staff)
        .set({ failedAttempts: sql`${staff.failedAttempts} + 1` })
        .where(eq(staff.id, row.id))
        .returning({ failedAttempts: staff.failedAttempts })
      const locked = after!.failedAttempts >= MAX_FAILED_SIGN_INS
      if (locked) {
        const lockedUntil = new Date(now.getTime() + LOCK_MS)
        await tx.update(staff).set({ failedAttempts: 0, lockedUntil }).where(eq(staff.id, row.id))
        await appendAudit(tx, now, {
          staffId: row.id,
          action: 'session.locked',
          subject: `staff:${row.id}`,
          after: { lockedUntil },
        })
        return { ok: false, reason: 'locked', retryAt: lockedUntil } as const
      }
      await appendAudit(tx, now, { staffId: row.id, action: 'session.refused', subject: `staff:${row.id}` })
      return { ok: false, reason: 'wrongCredentials' } as const
    }
    // The code's step is taken only if no other sign-in took it first (a code is good once).
    const taken = await tx
      .update(staff)
      .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(staff.id, row.id), sql`${staff.totpLastStep} < ${step}`))
      .returning({ id: staff.id })
    if (taken.length === 0) {
      await appendAudit(tx, now, { staffId: row.id, action: 'session.refused', subject: `staff:${row.id}` })
      return { ok: false, reason: 'wrongCredentials' } as const
    }
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS)
    await tx.insert(staffSessions).values({
      tokenHash: tokenHashOf(token),
      staffId: row.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    await appendAudit(tx, now, { staffId: row.id, action: 'session.signedIn', subject: `staff:${row.id}` })
    return { ok: true, token, member: memberOf(row), expiresAt } as const
  })
}

/** A password no one has, hashed once, so an unknown username costs the same scrypt work as a known one. */
let dummy: Promise<string> | null = null
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')))

/**
 * The staff member a token signs in, if its session is live: not revoked, used within the idle time, younger than
 * the maximum, its member neither disabled nor locked. Each use moves the idle deadline (never past the maximum).
 */
export async function resolveStaffSession(
  q: Queryable,
  now: Date,
  token: string,
): Promise<StaffMember | null> {
  if (!token) return null
  const tokenHash = tokenHashOf(token)
  const [found] = await q
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
  if (!found || found.member.disabledAt) return null
  const hardEnd = found.session.createdAt.getTime() + SESSION_MAX_MS
  if (now.getTime() >= hardEnd) return null
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, hardEnd))
  await q
    .update(staffSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(staffSessions.tokenHash, tokenHash))
  return memberOf(found.member)
}

/**
 * A staff member's new password, once the current one is given again; every other session of theirs ends (a
 * password changed because it leaked must not leave a thief signed in).
 */
export async function changePassword(
  db: Db,
  now: Date,
  member: StaffMember,
  token: string,
  passwords: { current: string; next: string },
): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, member.id))
  if (!row || !(await verifyPassword(passwords.current, row.passwordHash))) return false
  const passwordHash = await hashPassword(passwords.next)
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id))
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, member.id),
          isNull(staffSessions.revokedAt),
          sql`${staffSessions.tokenHash} <> ${tokenHashOf(token)}`,
        ),
      )
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'staff.passwordChanged',
      subject: `staff:${member.id}`,
    })
  })
  return true
}

export async function signOut(db: Db, now: Date, token: string, member: StaffMember): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.tokenHash, tokenHashOf(token)), isNull(staffSessions.revokedAt)))
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'session.signedOut',
      subject: `staff:${member.id}`,
    })
  })
}
