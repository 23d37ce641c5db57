/**
 * One loan at a time per person, on the server (docs/decisions.md "One loan at a time per person";
 * domain/one-loan-per-person.ts decides).
 *
 * A borrower's national ID number and payout account are each kept as a key: HMAC-SHA256, under the configured
 * `personKeySecret`, of the number's canonical form with its country — never the number itself, and not a plain
 * hash either (a Kenyan ID number has 8 digits: a plain hash would give every number back in seconds). The profile
 * module saves the keys with the profile (`profiles.person_key`, `wallet_key`); an order carries the keys it was
 * applied for and paid out under (`loan_orders.person_key`, `wallet_key`), and the database allows one held order
 * per key (migration 0005).
 *
 * The checks run where a key meets an order: at apply (server/loans/service.ts), and at every profile step of a
 * borrower with an open order (`claimPersonKeys`), so an application started before the ID number was known is
 * refused at the step that names it.
 */
import { createHmac } from 'node:crypto'
import { and, eq, exists, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { RETRY_AFTER_MS } from '../../machines/order-lifecycle.machine'
import { OPEN_STATUSES } from '../../machines/order-lifecycle/order-policy'
import { ApiCode } from '../../domain/api-codes'
import type { CountryCode } from '../../domain/countries'
import {
  PERSON_HELD_STATUSES,
  canonicalNationalId,
  canonicalWallet,
  holdsPerson,
  samePersonRefusal,
} from '../../domain/one-loan-per-person'
import { OrderStatus, type OrderStatusCode } from '../../domain/order-status'
import { isUniqueViolation, pgErrorOf, preparedIn, type Db, type Queryable } from '../db/client'
import { users } from '../db/schema/core'
import { loanOrders, PERSON_KEY_INDEX, WALLET_KEY_INDEX } from '../db/schema/loans'
import { profiles, walletAccounts } from '../db/schema/profile'
import { fail } from '../envelope'
import type { LoanOrderRow } from '../context'
import type { Log } from '../log'
import { latestWallet } from './store'

/** A borrower's keys (null: not known yet). */
export interface PersonKeys {
  readonly idNumber: string | null
  readonly wallet: string | null
}

function keyed(secret: string, kind: 'id' | 'wallet', country: CountryCode, canonical: string): string {
  return createHmac('sha256', secret).update(`${kind}:${country}:${canonical}`).digest('base64url')
}

/** The key of a national ID number (any typing of the same number gives the same key); null if not valid. */
export function idNumberKey(secret: string, country: CountryCode, nationalId: unknown): string | null {
  const canonical = typeof nationalId === 'string' ? canonicalNationalId(country, nationalId) : null
  return canonical === null ? null : keyed(secret, 'id', country, canonical)
}

/** The key of a payout account; null if the number is not valid for the provider (e.g. a deleted account's). */
export function walletKey(
  secret: string,
  country: CountryCode,
  provider: string,
  account: string,
): string | null {
  const canonical = canonicalWallet(country, provider, account)
  return canonical === null ? null : keyed(secret, 'wallet', country, canonical)
}

/** The borrower's keys as the profile module saved them. */
export async function personKeysOf(q: Queryable, userId: number): Promise<PersonKeys> {
  const [row] = await q
    .select({ idNumber: profiles.personKey, wallet: profiles.walletKey })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return { idNumber: row?.idNumber ?? null, wallet: row?.wallet ?? null }
}

/**
 * Refuses when another account's order holds either key (2116 for the ID number, 2117 for the wallet), or was
 * rejected under either less than 30 days ago (2118 with `{ retryAt }`). Names nothing of the other account.
 */
export async function refuseSamePerson(
  q: Queryable,
  userId: number,
  keys: PersonKeys,
  now: Date,
): Promise<void> {
  const shared: SQL[] = []
  if (keys.idNumber !== null) shared.push(eq(loanOrders.personKey, keys.idNumber))
  if (keys.wallet !== null) shared.push(eq(loanOrders.walletKey, keys.wallet))
  if (shared.length === 0) return
  const others = await q
    .select({
      status: loanOrders.status,
      personKey: loanOrders.personKey,
      walletKey: loanOrders.walletKey,
      rejectedAt: loanOrders.rejectedAt,
      retryAt: loanOrders.retryAt,
    })
    .from(loanOrders)
    .where(
      and(
        ne(loanOrders.userId, userId),
        or(...shared),
        or(
          inArray(loanOrders.status, [...PERSON_HELD_STATUSES]),
          and(
            eq(loanOrders.status, OrderStatus.Reject),
            or(isNull(loanOrders.retryAt), gt(loanOrders.retryAt, now)),
          ),
        ),
      ),
    )
  const refusal = samePersonRefusal(
    others.map((o) => ({
      status: o.status as OrderStatusCode,
      sameIdNumber: keys.idNumber !== null && o.personKey === keys.idNumber,
      sameWallet: keys.wallet !== null && o.walletKey === keys.wallet,
      retryAtMs:
        o.status !== OrderStatus.Reject
          ? null
          : (o.retryAt?.getTime() ?? (o.rejectedAt?.getTime() ?? 0) + RETRY_AFTER_MS),
    })),
    now.getTime(),
  )
  if (!refusal) return
  if (refusal.code === ApiCode.LoanPersonRetryLater)
    fail(refusal.code, undefined, { retryAt: new Date(refusal.retryAtMs).toISOString() })
  fail(refusal.code)
}

/**
 * The database refused a second held order under a key (another account got there first, in a race the checks
 * above cannot see): its message. Returns for any other error, which the caller rethrows.
 */
export function refuseSharedKey(err: unknown): void {
  if (isUniqueViolation(err, PERSON_KEY_INDEX)) fail(ApiCode.LoanIdNumberInUse)
  if (isUniqueViolation(err, WALLET_KEY_INDEX)) fail(ApiCode.LoanWalletInUse)
}

/**
 * A profile step of a borrower with an open order, in the step's transaction, before the loan module moves the
 * order. The order takes the borrower's keys while they may still change: the ID number's until the order is
 * submitted (19; later it keeps the one it was assessed under), the wallet's until the borrower confirms (and again
 * while a failed pay-out is corrected). An onboarding order is checked at every step — the borrower learns it at
 * the step that names the number — and a submitted one whenever a key changes. Answers the open order as this
 * transaction locked it (with its new keys), or null when there is none, so the loan module does not read it again.
 */
export async function claimPersonKeys(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<LoanOrderRow | null> {
  // The open order, locked, with the keys the profile holds: one statement (issue 17), built once (preparedIn).
  const claim = preparedIn(q, 'kopa_claim_person_keys', (tx) =>
    tx
      .select({ order: loanOrders, idNumber: profiles.personKey, wallet: profiles.walletKey })
      .from(loanOrders)
      .leftJoin(profiles, eq(profiles.userId, loanOrders.userId))
      .where(
        and(eq(loanOrders.userId, sql.placeholder('userId')), inArray(loanOrders.status, [...OPEN_STATUSES])),
      )
      .for('update', { of: loanOrders })
      .prepare('kopa_claim_person_keys'),
  )
  const [found] = await claim.execute({ userId })
  if (!found) return null
  const { order } = found
  const keys: PersonKeys = { idNumber: found.idNumber ?? null, wallet: found.wallet ?? null }
  const held = holdsPerson(order.status as OrderStatusCode)
  const walletOpen = order.walletAccountId === null || order.status === OrderStatus.PayFail
  const next: PersonKeys = {
    idNumber: held && order.personKey !== null ? order.personKey : (keys.idNumber ?? order.personKey),
    wallet: walletOpen ? (keys.wallet ?? order.walletKey) : order.walletKey,
  }
  const changed = next.idNumber !== order.personKey || next.wallet !== order.walletKey
  if (held && !changed) return order
  await refuseSamePerson(q, userId, next, now)
  if (!changed) return order
  try {
    const [updated] = await q
      .update(loanOrders)
      .set({ personKey: next.idNumber, walletKey: next.wallet })
      .where(eq(loanOrders.id, order.id))
      .returning()
    return updated ?? order
  } catch (err) {
    refuseSharedKey(err)
    throw err
  }
}

/**
 * At start-up: the keys of what was saved before migration 0005 — profiles with an ID number or a wallet and no
 * key, then the orders that hold a person (or wait out a rejection) without one. Two such orders under one key
 * cannot both take it: the later one stays without and is logged (by order number) for a person to look at.
 */
export async function backfillPersonKeys(db: Db, secret: string, log: Log, now: Date): Promise<void> {
  const hasWallet = db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, profiles.userId))
  const unkeyed = await db
    .select({
      userId: profiles.userId,
      country: users.country,
      basicInfo: profiles.basicInfo,
      personKey: profiles.personKey,
      walletKey: profiles.walletKey,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      or(
        and(isNull(profiles.personKey), sql`${profiles.basicInfo} ->> 'nationalId' IS NOT NULL`),
        and(isNull(profiles.walletKey), exists(hasWallet)),
      ),
    )
  let profilesKeyed = 0
  for (const p of unkeyed) {
    const country = p.country as CountryCode
    const nationalId = (p.basicInfo as { nationalId?: unknown } | null)?.nationalId
    const newest = p.walletKey === null ? await latestWallet(db, p.userId) : null
    const keys = {
      personKey: p.personKey ?? idNumberKey(secret, country, nationalId),
      walletKey: p.walletKey ?? (newest ? walletKey(secret, country, newest.provider, newest.account) : null),
    }
    if (keys.personKey === p.personKey && keys.walletKey === p.walletKey) continue
    await db.update(profiles).set(keys).where(eq(profiles.userId, p.userId))
    profilesKeyed += 1
  }

  const paidTo = alias(walletAccounts, 'paid_to')
  const orders = await db
    .select({
      id: loanOrders.id,
      orderNo: loanOrders.orderNo,
      country: loanOrders.country,
      personKey: loanOrders.personKey,
      walletKey: loanOrders.walletKey,
      walletAccountId: loanOrders.walletAccountId,
      profilePerson: profiles.personKey,
      profileWallet: profiles.walletKey,
      paidProvider: paidTo.provider,
      paidAccount: paidTo.account,
    })
    .from(loanOrders)
    .innerJoin(profiles, eq(profiles.userId, loanOrders.userId))
    .leftJoin(paidTo, eq(paidTo.id, loanOrders.walletAccountId))
    .where(
      and(
        or(
          inArray(loanOrders.status, [...PERSON_HELD_STATUSES]),
          and(eq(loanOrders.status, OrderStatus.Reject), gt(loanOrders.retryAt, now)),
        ),
        or(
          and(isNull(loanOrders.personKey), isNotNull(profiles.personKey)),
          and(isNull(loanOrders.walletKey), or(isNotNull(profiles.walletKey), isNotNull(paidTo.id))),
        ),
      ),
    )
    .orderBy(loanOrders.id)
  let ordersKeyed = 0
  for (const o of orders) {
    const paid =
      o.paidProvider !== null && o.paidAccount !== null
        ? walletKey(secret, o.country as CountryCode, o.paidProvider, o.paidAccount)
        : null
    // A confirmed order's wallet is the one it was paid out to; before that, the newest (the profile's).
    const wallet = o.walletAccountId === null ? o.profileWallet : paid
    const changes: { personKey?: string; walletKey?: string }[] = []
    if (o.personKey === null && o.profilePerson !== null) changes.push({ personKey: o.profilePerson })
    if (o.walletKey === null && wallet !== null) changes.push({ walletKey: wallet })
    // One at a time, so a key another order holds leaves the other key in place.
    for (const change of changes) {
      try {
        await db.update(loanOrders).set(change).where(eq(loanOrders.id, o.id))
        ordersKeyed += 1
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        log.warn(
          { order: o.orderNo, constraint: pgErrorOf(err).constraint },
          'one loan per person: another open order already holds this key; this one is left without it',
        )
      }
    }
  }
  if (profilesKeyed + ordersKeyed > 0)
    log.info({ profiles: profilesKeyed, orders: ordersKeyed }, 'person keys filled in (migration 0005)')
}
