/**
 * Coupons and the coupon draw.
 *
 * A borrower earns a draw when they join and after each loan they repay (never for rating the app: decisions.md).
 * A draw gives one of the country's prizes by weight, or nothing. A coupon takes a fixed amount off the interest
 * of a loan of at least its minimum until it expires (server/coupons/effect.ts). Applied to an approved order
 * (14/18) it stays the borrower's; confirming that loan uses it (`redeemCoupon`, called by the loans module in its
 * confirmation); an order cancelled or expired before that leaves the coupon available again.
 */
import { randomInt } from 'node:crypto'
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { Coupon, Page } from '../../domain/api-types'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import type { CouponStatus } from '../../domain/schemas/coupon'
import type { Queryable } from '../db/client'
import { coupons, lotteryDraws, type CouponSource } from '../db/schema/coupons'
import { fail } from '../envelope'
import { repaidOrderIds } from '../content/orders'
import { couponEffect, couponProblem, type CouponEffect, type QuoteFigures } from './effect'

const DAY = 24 * 60 * 60 * 1000

export type CouponRow = typeof coupons.$inferSelect

/** A prize of the draw, in whole currency units. */
export interface CouponPrize {
  readonly titleKey: string
  readonly discountUnits: number
  readonly minLoanUnits: number
  readonly validDays: number
  /** Relative chance among the country's prizes and `noPrizeWeight`. */
  readonly weight: number
}

export interface LotteryConfig {
  /** Per country: its prizes (none: the draw is not offered there) and the weight of drawing nothing. */
  readonly countries: Readonly<Record<CountryCode, { prizes: readonly CouponPrize[]; noPrizeWeight: number }>>
}

const DRAW_TITLE = 'server.coupon.luckyDraw'
export const GIFT_TITLE = 'server.coupon.gift'

const prize = (discountUnits: number, minLoanUnits: number, weight: number): CouponPrize => ({
  titleKey: DRAW_TITLE,
  discountUnits,
  minLoanUnits,
  validDays: 30,
  weight,
})

/**
 * The demo prizes: a small, medium or large interest discount with a matching minimum loan (the demo products'
 * interest on their smallest loan is about TSh 4,100, KSh 82 and MXN 87), and a one-in-ten chance of nothing.
 */
export const DEFAULT_LOTTERY: LotteryConfig = {
  countries: {
    TZ: {
      prizes: [prize(1_000, 50_000, 50), prize(3_000, 100_000, 30), prize(5_000, 200_000, 10)],
      noPrizeWeight: 10,
    },
    KE: { prizes: [prize(50, 1_000, 50), prize(200, 5_000, 30), prize(500, 20_000, 10)], noPrizeWeight: 10 },
    MX: { prizes: [prize(20, 1_000, 50), prize(100, 5_000, 30), prize(300, 15_000, 10)], noPrizeWeight: 10 },
  },
}

const minorPerUnit = (country: CountryCode) => 10 ** COUNTRIES[country].minorUnits

export function statusOf(c: Pick<CouponRow, 'usedAt' | 'expiresAt'>, now: Date): CouponStatus {
  if (c.usedAt) return 'used'
  return c.expiresAt.getTime() <= now.getTime() ? 'expired' : 'available'
}

export function couponView(c: CouponRow, now: Date): Coupon {
  return {
    couponId: String(c.id),
    titleKey: c.titleKey,
    currency: c.currency as Coupon['currency'],
    discountMinor: c.discountMinor,
    minLoanMinor: c.minLoanMinor,
    expiresAt: c.expiresAt.toISOString(),
    status: statusOf(c, now),
    usedAt: c.usedAt?.toISOString() ?? null,
    loanOrderId: c.usedAt && c.orderId !== null ? String(c.orderId) : null,
  }
}

const STATUS_WHERE = (status: CouponStatus, now: Date) =>
  status === 'used'
    ? isNotNull(coupons.usedAt)
    : status === 'expired'
      ? and(isNull(coupons.usedAt), lte(coupons.expiresAt, now))
      : and(isNull(coupons.usedAt), gt(coupons.expiresAt, now))

const STATUS_ORDER = (status: CouponStatus) =>
  status === 'used'
    ? [desc(coupons.usedAt), desc(coupons.id)]
    : status === 'expired'
      ? [desc(coupons.expiresAt), desc(coupons.id)]
      : [asc(coupons.expiresAt), asc(coupons.id)]

export async function couponPage(
  q: Queryable,
  userId: number,
  status: CouponStatus,
  page: number,
  pageSize: number,
  now: Date,
): Promise<Page<Coupon>> {
  const where = and(eq(coupons.userId, userId), STATUS_WHERE(status, now))
  const [total] = await q.select({ n: count() }).from(coupons).where(where)
  const rows = await q
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...STATUS_ORDER(status))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { items: rows.map((c) => couponView(c, now)), page, pageSize, total: total?.n ?? 0 }
}

export async function availableCoupons(q: Queryable, userId: number, now: Date): Promise<CouponRow[]> {
  return q
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, userId), STATUS_WHERE('available', now)))
    .orderBy(asc(coupons.expiresAt), asc(coupons.id))
}

export async function insertCoupon(
  q: Queryable,
  userId: number,
  country: CountryCode,
  p: Omit<CouponPrize, 'weight'>,
  source: CouponSource,
  now: Date,
): Promise<CouponRow> {
  const unit = minorPerUnit(country)
  const [row] = await q
    .insert(coupons)
    .values({
      userId,
      currency: COUNTRIES[country].currency,
      titleKey: p.titleKey,
      discountMinor: p.discountUnits * unit,
      minLoanMinor: p.minLoanUnits * unit,
      source,
      createdAt: now,
      expiresAt: new Date(now.getTime() + p.validDays * DAY),
    })
    .returning()
  return row!
}

/** A coupon a lender gives outside the draw (a campaign, a goodwill gesture; POST /dev/coupons/grant in demo). */
export function grantCoupon(
  q: Queryable,
  userId: number,
  country: CountryCode,
  p: Omit<CouponPrize, 'weight' | 'titleKey'>,
  now: Date,
): Promise<CouponRow> {
  return insertCoupon(q, userId, country, { ...p, titleKey: GIFT_TITLE }, 'grant', now)
}

/** Draws not yet taken, oldest first: 'welcome', then 'repaid:<order id>' for each repaid loan. */
export async function drawsLeft(q: Queryable, userId: number): Promise<string[]> {
  const earned = ['welcome', ...(await repaidOrderIds(q, userId)).reverse().map((id) => `repaid:${id}`)]
  const taken = new Set(
    (
      await q
        .select({ e: lotteryDraws.entitlement })
        .from(lotteryDraws)
        .where(eq(lotteryDraws.userId, userId))
    ).map((r) => r.e),
  )
  return earned.filter((e) => !taken.has(e))
}

/** Picks a prize by weight (null: nothing); `random(n)` returns an integer in [0, n). */
export function pickPrize(
  config: { prizes: readonly CouponPrize[]; noPrizeWeight: number },
  random: (n: number) => number = randomInt,
): CouponPrize | null {
  const total = config.prizes.reduce((sum, p) => sum + p.weight, config.noPrizeWeight)
  if (total <= 0) return null
  let roll = random(total)
  for (const p of config.prizes) {
    if (roll < p.weight) return p
    roll -= p.weight
  }
  return null
}

/** Spends the oldest draw left and records what it gave; LotteryNoDraw when none is left or none is offered. */
export async function draw(
  q: Queryable,
  userId: number,
  country: CountryCode,
  config: LotteryConfig,
  random: (n: number) => number,
  now: Date,
): Promise<CouponRow | null> {
  return q.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kopa.lottery.${userId}`}))`)
    const offer = config.countries[country]
    const [next] = await drawsLeft(tx, userId)
    if (!next || offer.prizes.length === 0) fail(ApiCode.LotteryNoDraw)
    const won = pickPrize(offer, random)
    const coupon = won ? await insertCoupon(tx, userId, country, won, 'draw', now) : null
    await tx
      .insert(lotteryDraws)
      .values({ userId, entitlement: next, couponId: coupon?.id ?? null, drawnAt: now })
    return coupon
  })
}

/** The borrower's coupon, locked, or CouponNotFound. */
async function ownCoupon(q: Queryable, userId: number, couponId: string): Promise<CouponRow> {
  const id = /^\d{1,15}$/.test(couponId) ? Number(couponId) : null
  const [row] =
    id === null
      ? []
      : await q
          .select()
          .from(coupons)
          .where(and(eq(coupons.id, id), eq(coupons.userId, userId)))
          .for('update')
  if (!row) fail(ApiCode.CouponNotFound)
  return row
}

/** A coupon the borrower may apply to this loan now, with its effect; the coupon codes otherwise. */
async function usableOn(q: Queryable, userId: number, couponId: string, quote: QuoteFigures, now: Date) {
  const coupon = await ownCoupon(q, userId, couponId)
  if (coupon.usedAt) fail(ApiCode.CouponUsed)
  if (coupon.expiresAt.getTime() <= now.getTime()) fail(ApiCode.CouponExpired)
  const problem = couponProblem(coupon, quote)
  if (problem === 'currency') fail(ApiCode.CouponNotFound)
  if (problem === 'belowMinimum')
    fail(ApiCode.CouponBelowMinimum, undefined, {
      minLoanMinor: coupon.minLoanMinor,
      currency: coupon.currency,
    })
  return { coupon, effect: couponEffect(coupon, quote) }
}

/** Lets go of a coupon applied to this order but not used (another one is chosen, or none). */
async function release(q: Queryable, orderId: number, keep: number | null): Promise<void> {
  await q
    .update(coupons)
    .set({ orderId: null, appliedAt: null })
    .where(
      and(
        eq(coupons.orderId, orderId),
        isNull(coupons.usedAt),
        keep === null ? undefined : ne(coupons.id, keep),
      ),
    )
}

/** Applies a coupon to an approved order (the caller checked the order and holds its lock); returns its effect. */
export async function applyCoupon(
  q: Queryable,
  userId: number,
  orderId: number,
  couponId: string,
  quote: QuoteFigures,
  now: Date,
): Promise<{ coupon: CouponRow; effect: CouponEffect }> {
  const found = await usableOn(q, userId, couponId, quote, now)
  await release(q, orderId, found.coupon.id)
  await q.update(coupons).set({ orderId, appliedAt: now }).where(eq(coupons.id, found.coupon.id))
  return found
}

/** The coupon applied to an order and not used, when it is still usable. */
export async function appliedCoupon(q: Queryable, orderId: number, now: Date): Promise<CouponRow | null> {
  const [row] = await q
    .select()
    .from(coupons)
    .where(and(eq(coupons.orderId, orderId), STATUS_WHERE('available', now)))
  return row ?? null
}

// ---------------------------------------------------------------------------------------------- for the loans module

/** ConfirmProductInfo's coupon fields for an approved order (GET /loan/confirm/product-info). */
export interface ConfirmCouponFields {
  coupon: { couponId: string; discountMinor: number } | null
  payableAfterCouponMinor: number
  usableCoupons: number
}

export async function confirmCouponFields(
  q: Queryable,
  order: { userId: number; orderId: number },
  quote: QuoteFigures,
  now: Date,
): Promise<ConfirmCouponFields> {
  const applied = await appliedCoupon(q, order.orderId, now)
  const fits = applied && couponProblem(applied, quote) === null ? applied : null
  const effect = fits ? couponEffect(fits, quote) : null
  const usable = (await availableCoupons(q, order.userId, now)).filter(
    (c) => c.id !== fits?.id && couponProblem(c, quote) === null,
  )
  return {
    coupon: fits && effect ? { couponId: String(fits.id), discountMinor: effect.discountMinor } : null,
    payableAfterCouponMinor: effect ? effect.totalRepayableMinor : quote.totalRepayableMinor,
    usableCoupons: usable.length,
  }
}

/**
 * At confirmation (/loan/get-money), inside the loans module's transaction: with a couponId, uses that coupon on
 * the order and returns its effect, by which the loan is priced (the coupon codes refuse a coupon that is not the
 * borrower's, used, expired or below its minimum); without one, lets go of any coupon applied and returns null.
 */
export async function redeemCoupon(
  tx: Queryable,
  order: { userId: number; orderId: number },
  couponId: string | undefined,
  quote: QuoteFigures,
  now: Date,
): Promise<(CouponEffect & { couponId: string }) | null> {
  if (couponId === undefined) {
    await release(tx, order.orderId, null)
    return null
  }
  const { coupon, effect } = await usableOn(tx, order.userId, couponId, quote, now)
  await release(tx, order.orderId, coupon.id)
  await tx
    .update(coupons)
    .set({
      orderId: order.orderId,
      appliedAt: coupon.appliedAt ?? now,
      usedAt: now,
      usedDiscountMinor: effect.discountMinor,
    })
    .where(eq(coupons.id, coupon.id))
  return { ...effect, couponId: String(coupon.id) }
}
