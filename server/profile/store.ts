/**
 * Reading and writing the borrower's profile: the saved forms, which onboarding steps are done, the wallet, and
 * the `UserInfo` the app keeps after login.
 */
import { desc, eq, inArray, and, sql } from 'drizzle-orm'
import type { ProfileProgress, UserInfo, WalletSummary } from '../../domain/api-types'
import { COUNTRIES, type CountryCode, type Language } from '../../domain/countries'
import { ONBOARDING_STATUSES, OrderStatus, type OrderStatusCode } from '../../domain/order-status'
import { formatMobile, normalizeMobile } from '../../domain/phone'
import type { AdditionalInfo } from '../../domain/schemas/additional-info'
import type { PersonalInfo } from '../../domain/schemas/personal-info'
import { findProvider } from '../../domain/wallets'
import type { ServerContext } from '../context'
import { cachedOn } from '../cache'
import { preparedIn, preparedOn, type Queryable } from '../db/client'
import { users } from '../db/schema/core'
import { images, profiles, walletAccounts } from '../db/schema/profile'

export type ProfileRow = typeof profiles.$inferSelect
type ProfilePatch = Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>

export async function profileRow(q: Queryable, userId: number): Promise<ProfileRow | null> {
  const [row] = await q.select().from(profiles).where(eq(profiles.userId, userId))
  return row ?? null
}

/** One letter per field a save may set: the name of the prepared upsert of that set of fields. */
const PATCH_FIELD_CODES: Readonly<Record<keyof ProfilePatch, string>> = {
  basicInfo: 'b',
  basicInfoAt: 'B',
  additionInfo: 'a',
  additionInfoAt: 'A',
  questionnaire: 'q',
  questionnaireAt: 'Q',
  ocr: 'o',
  identityAt: 'I',
  personKey: 'p',
  walletKey: 'w',
}

/** Creates or updates the borrower's profile row. */
export async function saveProfile(
  q: Queryable,
  userId: number,
  patch: ProfilePatch,
  now: Date,
): Promise<void> {
  // Built once per set of fields (issue 17: building the upsert was a sizeable part of a profile save's CPU); the
  // fields left undefined are left out, as drizzle leaves them out of a statement built with the values.
  const fields = (Object.keys(patch) as (keyof ProfilePatch)[]).filter((k) => patch[k] !== undefined).sort()
  const name = `kopa_save_profile_${fields.map((f) => PATCH_FIELD_CODES[f]).join('')}`
  const upsert = preparedIn(q, name, (h) => {
    const set = Object.fromEntries(fields.map((f) => [f, sql.placeholder(f)])) as Record<string, unknown>
    return h
      .insert(profiles)
      .values({ userId: sql.placeholder('userId'), ...set, updatedAt: sql.placeholder('updatedAt') } as never)
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { ...set, updatedAt: sql.placeholder('updatedAt') } as never,
      })
      .prepare(name)
  })
  await upsert.execute({ ...patch, userId, updatedAt: now })
}

/** The tables the cached reads below read (server/cache.ts). */
const WALLETS = [walletAccounts]
const USER_AND_PROFILE = [users, profiles]

export async function latestWallet(q: Queryable, userId: number) {
  const prepared = preparedOn(q, 'kopa_latest_wallet', (db) =>
    db
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.userId, sql.placeholder('userId')))
      .orderBy(desc(walletAccounts.createdAt), desc(walletAccounts.id))
      .limit(1)
      .prepare('kopa_latest_wallet'),
  )
  if (prepared)
    return cachedOn(
      q,
      `latestWallet:${userId}`,
      WALLETS,
      async () => (await prepared.execute({ userId }))[0] ?? null,
    )
  const [row] = await q
    .select()
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId))
    .orderBy(desc(walletAccounts.createdAt), desc(walletAccounts.id))
    .limit(1)
  return row ?? null
}

/** An account number with its middle hidden: '0712 *** 678', '0021 **** **** 3456 7'. */
export function maskAccount(country: CountryCode, provider: string, account: string): string {
  if (findProvider(country, provider)?.accountKind === 'clabe') {
    const groups = account.match(/.{1,4}/g) ?? [account]
    return groups.map((g, i) => (i === 0 || i >= groups.length - 2 ? g : '*'.repeat(g.length))).join(' ')
  }
  const parts = formatMobile(country, normalizeMobile(country, account) ?? account, 'national').split(' ')
  if (parts.length < 3) {
    // Not a number of the country's plan (an account stored before a rule changed): never show it whole.
    const digits = account.replace(/\D/g, '')
    return digits.length > 7 ? `${digits.slice(0, 4)} *** ${digits.slice(-3)}` : '*'.repeat(digits.length)
  }
  return parts.map((p, i) => (i === 0 || i === parts.length - 1 ? p : '*'.repeat(p.length))).join(' ')
}

/** Which identity images the borrower has had accepted (only accepted images are kept). */
export async function identityImages(q: Queryable, userId: number) {
  const rows = await q
    .selectDistinct({ kind: images.kind })
    .from(images)
    .where(and(eq(images.userId, userId), inArray(images.kind, ['idFront', 'idBack', 'face', 'liveness'])))
  const kinds = new Set(rows.map((r) => r.kind))
  return {
    front: kinds.has('idFront'),
    back: kinds.has('idBack'),
    face: kinds.has('face') || kinds.has('liveness'),
  }
}

export function progressOf(
  country: CountryCode,
  row: ProfileRow | null,
  hasWallet: boolean,
): ProfileProgress {
  return {
    basicInfo: row?.basicInfoAt != null,
    identity: row?.identityAt != null,
    additionalInfo: row?.additionInfoAt != null,
    wallet: hasWallet,
    questionnaire: !COUNTRIES[country].questionnaireRequired || row?.questionnaireAt != null,
  }
}

export async function profileProgress(
  q: Queryable,
  userId: number,
  country: CountryCode,
): Promise<ProfileProgress> {
  return progressOf(country, await profileRow(q, userId), (await latestWallet(q, userId)) !== null)
}

const STEP_DONE: Readonly<Partial<Record<OrderStatusCode, keyof ProfileProgress>>> = {
  6: 'basicInfo',
  12: 'identity',
  11: 'additionalInfo',
  5: 'wallet',
  17: 'questionnaire',
}

/**
 * The status a profile save reports (StepResult): the open order's, when there is one (the loan module moved it);
 * before any application, the onboarding status of the first step still to do, or 4 when nothing is left, which
 * opens no screen (home offers Apply).
 */
export async function stepStatus(
  ctx: ServerContext,
  userId: number,
  country: CountryCode,
): Promise<{ status: OrderStatusCode; orderNo: string | null }> {
  const open = await ctx.loans.openOrder(ctx.db, userId)
  if (open) return open
  const progress = await profileProgress(ctx.db, userId, country)
  const next = ONBOARDING_STATUSES.find((s) => {
    const step = STEP_DONE[s]
    return step !== undefined && !progress[step]
  })
  return { status: next ?? OrderStatus.Finish, orderNo: null }
}

/** GET /security/getUserInfo. */
export async function userInfo(ctx: ServerContext, userId: number): Promise<UserInfo> {
  const q = ctx.db
  // The borrower and their profile in one query (issue 17), prepared on the database handle.
  const userAndProfile = preparedOn(q, 'kopa_user_and_profile', (db) =>
    db
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('kopa_user_and_profile'),
  )!
  const [found] = await cachedOn(q, `userAndProfile:${userId}`, USER_AND_PROFILE, () =>
    userAndProfile.execute({ userId }),
  )
  if (!found) throw new Error('session without a user')
  const { user, profile: row } = found
  const country = user.country as CountryCode
  const wallet = await latestWallet(q, userId)
  const personal = (row?.basicInfo ?? null) as PersonalInfo | null
  const summary: WalletSummary | null = wallet
    ? {
        provider: wallet.provider as WalletSummary['provider'],
        maskedNumber: maskAccount(country, wallet.provider, wallet.account),
        addedAt: wallet.createdAt.toISOString(),
      }
    : null
  return {
    basicInfo: {
      userId: String(user.id),
      country,
      mobile: user.mobile,
      language: user.lang as Language,
      firstName: personal?.firstName ?? null,
      lastName: personal?.lastName ?? null,
      registeredAt: user.createdAt.toISOString(),
    },
    profile: progressOf(country, row, wallet !== null),
    personalInfo: personal,
    additionalInfo: (row?.additionInfo ?? null) as AdditionalInfo | null,
    wallet: summary,
    credit: await ctx.loans.creditInfo(q, userId, country),
  }
}
