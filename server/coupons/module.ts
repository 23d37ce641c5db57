/**
 * Coupons (spec §7 /lottery-draw/*): whether the draw is offered, how many coupons are usable, the list by status,
 * drawing, applying a coupon to an approved order (the reply carries its effect on what is repaid), and the used
 * ones. In demo and test mode POST /dev/coupons/grant gives a borrower a coupon.
 *
 * For the loans module (confirm borrow): `confirmCouponFields` (GET /loan/confirm/product-info) and `redeemCoupon`
 * (GET /loan/get-money) in server/coupons/coupons.ts, and the pure `couponEffect` in server/coupons/effect.ts.
 */
import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import { isCountryCode } from '../../domain/countries'
import { OrderStatus } from '../../domain/order-status'
import type { Quote } from '../../domain/pricing'
import { normalizeMobile } from '../../domain/phone'
import { devEndpointsEnabled } from '../config'
import type { ServerContext, ServerModule } from '../context'
import { users } from '../db/schema/core'
import { fail } from '../envelope'
import { ownOrder } from '../content/orders'
import {
  applyCoupon,
  availableCoupons,
  couponPage,
  couponView,
  DEFAULT_LOTTERY,
  draw,
  drawsLeft,
  grantCoupon,
  type LotteryConfig,
} from './coupons'

export interface CouponsOptions {
  lottery?: LotteryConfig
  /** An integer in [0, n) (tests pin the draw). */
  random?: (n: number) => number
}

/** Statuses at which an order waits for the borrower to confirm (decisions.md: 14 and 18). */
const AWAITING_CONFIRMATION: readonly number[] = [OrderStatus.Confirm, OrderStatus.GetMoney]

/** The quote frozen at approval (loan_orders.terms, written by the loans module). */
const quoteOf = (terms: unknown): Quote | null => (terms as { quote?: Quote } | null)?.quote ?? null

/** POST /dev/coupons/grant { country, mobile, discountUnits, minLoanUnits, validDays } (demo and test only). */
function mountDevGrant(app: FastifyInstance, ctx: ServerContext) {
  app.post('/dev/coupons/grant', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const whole = (v: unknown, min: number) =>
      Number.isSafeInteger(v) && (v as number) >= min ? (v as number) : null
    const country = isCountryCode(body.country) ? body.country : null
    const mobile = country && typeof body.mobile === 'string' ? normalizeMobile(country, body.mobile) : null
    const discountUnits = whole(body.discountUnits, 1)
    const minLoanUnits = whole(body.minLoanUnits ?? 0, 0)
    const validDays = whole(body.validDays ?? 30, 1)
    if (!country || !mobile || discountUnits === null || minLoanUnits === null || validDays === null) {
      return reply.code(400).send({
        error:
          'Send { country, mobile, discountUnits, minLoanUnits?, validDays? } with whole numbers of units and days',
      })
    }
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.country, country), eq(users.mobile, mobile)))
    if (!user) return reply.code(404).send({ error: 'No borrower with this number' })
    await ctx.clock.current()
    const now = ctx.clock.now()
    const coupon = await grantCoupon(
      ctx.db,
      user.id,
      country,
      { discountUnits, minLoanUnits, validDays },
      now,
    )
    return couponView(coupon, now)
  })
}

export function createCouponsModule(options: CouponsOptions = {}): ServerModule {
  const lottery = options.lottery ?? DEFAULT_LOTTERY
  const random = options.random ?? randomInt
  return {
    name: 'coupons',
    register(host) {
      host.registerHandler('/lottery-draw/is-show', async (req, ctx) => {
        const { userId, country } = req.session!
        const offered = lottery.countries[country].prizes.length > 0
        return { show: offered && (await drawsLeft(ctx.db, userId)).length > 0 }
      })

      host.registerHandler('/lottery-draw/coupon/quantity', async (req, ctx) => ({
        available: (await availableCoupons(ctx.db, req.session!.userId, ctx.clock.now())).length,
      }))

      host.registerHandler('/lottery-draw/coupons', async (req, ctx) =>
        couponPage(
          ctx.db,
          req.session!.userId,
          req.input.status ?? 'available',
          req.input.page,
          req.input.pageSize,
          ctx.clock.now(),
        ),
      )

      host.registerHandler('/lottery-draw/coupon/used', async (req, ctx) =>
        couponPage(ctx.db, req.session!.userId, 'used', req.input.page, req.input.pageSize, ctx.clock.now()),
      )

      host.registerHandler('/lottery-draw/create', async (req, ctx) => {
        const { userId, country } = req.session!
        const now = ctx.clock.now()
        const coupon = await draw(ctx.db, userId, country, lottery, random, now)
        return { coupon: coupon ? couponView(coupon, now) : null }
      })

      host.registerHandler('/lottery-draw/coupon/use', async (req, ctx) => {
        const { userId } = req.session!
        const now = ctx.clock.now()
        return ctx.db.transaction(async (tx) => {
          const order = await ownOrder(tx, userId, req.input.loanOrderId, true)
          if (!order) fail(ApiCode.LoanOrderNotFound)
          const quote = quoteOf(order.terms)
          if (!AWAITING_CONFIRMATION.includes(order.status) || !quote)
            fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
          const { coupon, effect } = await applyCoupon(tx, userId, order.id, req.input.couponId, quote, now)
          return {
            loanOrderId: String(order.id),
            couponId: String(coupon.id),
            discountMinor: effect.discountMinor,
            payableAfterCouponMinor: effect.totalRepayableMinor,
          }
        })
      })

      if (devEndpointsEnabled(host.config)) mountDevGrant(host.fastify, host)
    },
  }
}

export const couponsModule = createCouponsModule()
