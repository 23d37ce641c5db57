/**
 * Coupons: the pure effect of a coupon on a loan's figures, and through the real server the draw (earned by
 * joining and by repaying, never by rating), the lists by status, expiry, applying a coupon to an approved order
 * with its effect on what is repaid, using it at confirmation, and every refusal — on every database, through
 * inject and HTTP.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { quote } from '../../domain/pricing'
import { confirmCouponFields, redeemCoupon } from '../../server/coupons/coupons'
import { couponEffect, couponProblem } from '../../server/coupons/effect'
import { createCouponsModule } from '../../server/coupons/module'
import { coupons } from '../../server/db/schema/coupons'
import { loanOrders } from '../../server/db/schema/loans'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { approvedBorrower, repaidBorrower, startServicesServer } from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { TRANSPORTS, type TestServer } from './helpers/server'
import { advance, register, type Borrower, type LoanServer } from './loans-harness'

const DAY = 24 * 3_600_000
const TZS = 100

describe('A coupon’s effect on a loan', () => {
  const product = DEMO_PRODUCTS[0]!.config
  const tz = (amountUnits: number, tenureDays = 91) =>
    quote(product, { amountMinor: amountUnits * TZS, tenureDays, disbursedOn: '2026-03-01' })

  it('takes its face value off the interest and the total, and leaves what reaches the wallet alone', () => {
    // 200,000 × 0.09% × 91 days = 16,380 interest.
    const q = tz(200_000)
    expect(q.interestMinor).toBe(16_380 * TZS)
    const effect = couponEffect(
      { discountMinor: 3_000 * TZS, minLoanMinor: 100_000 * TZS, currency: 'TZS' },
      q,
    )
    expect(effect.discountMinor).toBe(3_000 * TZS)
    expect(effect.interestMinor).toBe(13_380 * TZS)
    expect(effect.totalRepayableMinor).toBe(213_380 * TZS)
    expect(effect.installments[0]!.totalMinor).toBe(213_380 * TZS)
  })

  it('never takes more than the interest, and never a part of a shilling', () => {
    const q = tz(50_000)
    const effect = couponEffect({ discountMinor: 9_999_999, minLoanMinor: 0, currency: 'TZS' }, q)
    expect(effect.discountMinor).toBe(q.interestMinor)
    expect(effect.totalRepayableMinor).toBe(q.principalMinor)
    const odd = couponEffect({ discountMinor: 1_050, minLoanMinor: 0, currency: 'TZS' }, q)
    expect(odd.discountMinor).toBe(1_000)
  })

  it('does not apply to a loan below its minimum or in another currency', () => {
    const q = tz(50_000)
    expect(couponProblem({ discountMinor: 100, minLoanMinor: 50_001 * TZS, currency: 'TZS' }, q)).toBe(
      'belowMinimum',
    )
    expect(couponProblem({ discountMinor: 100, minLoanMinor: 0, currency: 'KES' }, q)).toBe('currency')
    expect(() => couponEffect({ discountMinor: 100, minLoanMinor: 0, currency: 'KES' }, q)).toThrow(
      RangeError,
    )
  })

  it('keeps every installment whole and the schedule adding up to the new total, for any product and coupon', () => {
    const installmentProduct = { ...product, installments: 3 }
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom(91, 120, 180),
        fc.integer({ min: 1, max: 30_000_00 }),
        fc.boolean(),
        (steps, tenureDays, face, split) => {
          const p = split ? installmentProduct : product
          const q = quote(p, {
            amountMinor: p.amount.minMinor + steps * p.amount.stepMinor,
            tenureDays,
            disbursedOn: '2026-03-01',
          })
          const e = couponEffect({ discountMinor: face, minLoanMinor: 0, currency: 'TZS' }, q)
          expect(e.discountMinor).toBeLessThanOrEqual(Math.min(face, q.interestMinor))
          expect(e.discountMinor % q.minorPerUnit).toBe(0)
          expect(e.totalRepayableMinor).toBe(q.totalRepayableMinor - e.discountMinor)
          expect(e.installments.reduce((sum, i) => sum + i.totalMinor, 0)).toBe(e.totalRepayableMinor)
          expect(e.installments.every((i) => i.interestMinor >= 0)).toBe(true)
          expect(e.installments.map((i) => [i.dueDate, i.principalMinor])).toEqual(
            q.installments.map((i) => [i.dueDate, i.principalMinor]),
          )
        },
      ),
    )
  })
})

describeOnEachDatabase('Coupons', (target) => {
  let ls: LoanServer
  /** The draw's roll out of 100 (Tanzania: 0–49 the small prize, 50–79 the middle, 80–89 the large, 90–99 nothing). */
  let roll = 0
  beforeAll(async () => {
    ls = await startServicesServer(target, {
      config: { tokenTtlMs: 400 * DAY },
      replace: [createCouponsModule({ random: () => roll })],
    })
  })
  afterAll(() => ls.close())

  async function grant(b: Borrower, body: Record<string, unknown>) {
    const res = await ls.s.raw({
      method: 'POST',
      url: '/dev/coupons/grant',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: b.country, mobile: b.mobile, ...body }),
    })
    return { status: res.status, body: JSON.parse(res.body) as T.Coupon & { error?: string } }
  }

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await ls.s.as(transport)
    })
    const as = (b: Borrower, lang = 'en') => ({ token: b.token, lang })
    const quantity = async (b: Borrower) =>
      (await s.call<T.CouponQuantity>('/lottery-draw/coupon/quantity', {}, as(b))).data.available
    const isShow = async (b: Borrower) =>
      (await s.call<T.LotteryVisibility>('/lottery-draw/is-show', {}, as(b))).data.show
    const list = async (b: Borrower, status?: string) =>
      (await s.call<T.Page<T.Coupon>>('/lottery-draw/coupons', status ? { status } : {}, as(b))).data

    it('gives a new borrower one welcome draw, which wins a 30-day interest discount', async () => {
      const b = await register(ls.s)
      expect(await isShow(b)).toBe(true)
      expect(await quantity(b)).toBe(0)
      roll = 0
      const drawn = await s.call<T.LotteryDraw>('/lottery-draw/create', {}, as(b))
      expect(drawn.code).toBe(ApiCode.Ok)
      const coupon = drawn.data.coupon!
      expect(coupon).toMatchObject({
        titleKey: 'server.coupon.luckyDraw',
        currency: 'TZS',
        discountMinor: 1_000 * TZS,
        minLoanMinor: 50_000 * TZS,
        status: 'available',
        usedAt: null,
        loanOrderId: null,
      })
      const validFor = Date.parse(coupon.expiresAt) - ls.s.server.ctx.clock.nowMs()
      expect(validFor).toBeGreaterThan(30 * DAY - 10_000)
      expect(validFor).toBeLessThanOrEqual(30 * DAY)
      expect(await isShow(b)).toBe(false)
      expect(await quantity(b)).toBe(1)

      const again = await s.call('/lottery-draw/create', {}, as(b, 'es_MX'))
      expect(again.code).toBe(ApiCode.LotteryNoDraw)
      expect(again.msg).toBe('No tienes un sorteo de cupones disponible por ahora')
      expect((await list(b)).items.map((c) => c.couponId)).toEqual([coupon.couponId])
      expect((await s.call<T.Page<T.Coupon>>('/lottery-draw/coupon/used', {}, as(b))).data.total).toBe(0)
    })

    it('may give nothing, and the draw is still spent', async () => {
      const b = await register(ls.s)
      roll = 95
      const drawn = await s.call<T.LotteryDraw>('/lottery-draw/create', {}, as(b))
      expect(drawn).toMatchObject({ code: ApiCode.Ok, data: { coupon: null } })
      expect(await isShow(b)).toBe(false)
      expect(await quantity(b)).toBe(0)
    })

    it('lets an unused coupon expire after 30 days', async () => {
      const b = await register(ls.s)
      roll = 85
      const won = (await s.call<T.LotteryDraw>('/lottery-draw/create', {}, as(b))).data.coupon!
      expect(won.discountMinor).toBe(5_000 * TZS)
      await advance(ls, 30 * DAY + 1000)
      expect(await quantity(b)).toBe(0)
      expect((await list(b, 'available')).total).toBe(0)
      expect((await list(b, 'expired')).items).toMatchObject([{ couponId: won.couponId, status: 'expired' }])
    })

    it('applies a coupon to an approved loan, shows what it takes off, and is used when the loan is confirmed', async () => {
      const { b, order } = await approvedBorrower(ls)
      roll = 55
      const won = (await s.call<T.LotteryDraw>('/lottery-draw/create', {}, as(b))).data.coupon!
      expect(won).toMatchObject({ discountMinor: 3_000 * TZS, minLoanMinor: 100_000 * TZS })

      // 200,000 for 91 days: interest 16,380, total 216,380; the coupon takes 3,000 off.
      const applied = await s.call<T.CouponApplied>(
        '/lottery-draw/coupon/use',
        { couponId: won.couponId, loanOrderId: order.loanOrderId },
        as(b),
      )
      expect(applied).toMatchObject({
        code: ApiCode.Ok,
        data: {
          loanOrderId: order.loanOrderId,
          couponId: won.couponId,
          discountMinor: 3_000 * TZS,
          payableAfterCouponMinor: 213_380 * TZS,
        },
      })

      // What confirm borrow shows (the loans module's /loan/confirm/product-info takes these fields).
      const db = ls.s.server.ctx.db
      const [row] = await db
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.id, Number(order.loanOrderId)))
      const q = (row!.terms as { quote: T.ConfirmProductInfo }).quote
      const ref = { userId: b.userId, orderId: row!.id }
      const now = () => ls.s.server.ctx.clock.now()
      expect(await confirmCouponFields(db, ref, q, now())).toEqual({
        coupon: { couponId: won.couponId, discountMinor: 3_000 * TZS },
        payableAfterCouponMinor: 213_380 * TZS,
        usableCoupons: 0,
      })

      // A gift coupon chosen instead replaces the first, which becomes choosable again.
      const gift = await grant(b, { discountUnits: 500, minLoanUnits: 0 })
      expect(gift).toMatchObject({
        status: 200,
        body: { titleKey: 'server.coupon.gift', discountMinor: 500 * TZS },
      })
      await s.call(
        '/lottery-draw/coupon/use',
        { couponId: gift.body.couponId, loanOrderId: order.loanOrderId },
        as(b),
      )
      expect(await confirmCouponFields(db, ref, q, now())).toEqual({
        coupon: { couponId: gift.body.couponId, discountMinor: 500 * TZS },
        payableAfterCouponMinor: 215_880 * TZS,
        usableCoupons: 1,
      })

      // Confirming the loan with the coupon uses it (the loans module calls this in its confirmation).
      const used = await db.transaction((tx) => redeemCoupon(tx, ref, won.couponId, q, now()))
      expect(used).toMatchObject({
        couponId: won.couponId,
        discountMinor: 3_000 * TZS,
        totalRepayableMinor: 213_380 * TZS,
      })
      expect(await quantity(b)).toBe(1)
      const history = await s.call<T.Page<T.Coupon>>('/lottery-draw/coupon/used', {}, as(b))
      expect(history.data.items).toMatchObject([
        { couponId: won.couponId, status: 'used', loanOrderId: order.loanOrderId },
      ])
      const twice = await s.call(
        '/lottery-draw/coupon/use',
        { couponId: won.couponId, loanOrderId: order.loanOrderId },
        as(b),
      )
      expect(twice.code).toBe(ApiCode.CouponUsed)
      const [giftRow] = await db
        .select()
        .from(coupons)
        .where(eq(coupons.id, Number(gift.body.couponId)))
      expect(giftRow).toMatchObject({ orderId: null, usedAt: null })
    })

    it('confirms a loan without a coupon and lets go of the one applied', async () => {
      const { b, order } = await approvedBorrower(ls)
      const gift = await grant(b, { discountUnits: 500 })
      await s.call(
        '/lottery-draw/coupon/use',
        { couponId: gift.body.couponId, loanOrderId: order.loanOrderId },
        as(b),
      )
      const db = ls.s.server.ctx.db
      const [row] = await db
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.id, Number(order.loanOrderId)))
      const q = (row!.terms as { quote: T.ConfirmProductInfo }).quote
      const ref = { userId: b.userId, orderId: row!.id }
      expect(
        await db.transaction((tx) => redeemCoupon(tx, ref, undefined, q, ls.s.server.ctx.clock.now())),
      ).toBeNull()
      expect((await list(b)).items).toMatchObject([{ couponId: gift.body.couponId, status: 'available' }])
    })

    it('refuses a coupon that does not fit the loan, is someone else’s, has expired, or an order not awaiting confirmation', async () => {
      const { b, order } = await approvedBorrower(ls, 100_000)
      const use = (couponId: string, loanOrderId = order.loanOrderId, who = b) =>
        s.call<Record<string, unknown>>('/lottery-draw/coupon/use', { couponId, loanOrderId }, as(who))

      const big = await grant(b, { discountUnits: 5_000, minLoanUnits: 150_000 })
      const below = await use(big.body.couponId)
      expect(below).toMatchObject({
        code: ApiCode.CouponBelowMinimum,
        data: { minLoanMinor: 150_000 * TZS, currency: 'TZS' },
      })

      const stranger = await register(ls.s)
      const theirs = await grant(stranger, { discountUnits: 100 })
      expect((await use(theirs.body.couponId)).code).toBe(ApiCode.CouponNotFound)
      expect((await use('nonsense')).code).toBe(ApiCode.CouponNotFound)

      const old = await grant(b, { discountUnits: 100 })
      await ls.s.server.ctx.db
        .update(coupons)
        .set({ expiresAt: new Date(ls.s.server.ctx.clock.nowMs() - 1000) })
        .where(eq(coupons.id, Number(old.body.couponId)))
      expect((await use(old.body.couponId)).code).toBe(ApiCode.CouponExpired)

      const fine = await grant(b, { discountUnits: 100 })
      expect((await use(fine.body.couponId, '999999999')).code).toBe(ApiCode.LoanOrderNotFound)
      expect((await use(fine.body.couponId, order.loanOrderId, stranger)).code).toBe(
        ApiCode.LoanOrderNotFound,
      )
      const onboarding = await register(ls.s)
      const applied = await s.call<T.ApplyResult>(
        '/loan/loan-order/apply-market',
        { productId: 'tz-haraka', amountMinor: 100_000 * TZS, tenureDays: 91 },
        as(onboarding),
      )
      expect(applied.data.status).toBe(6)
      const early = await grant(onboarding, { discountUnits: 100 })
      expect((await use(early.body.couponId, applied.data.loanOrderId, onboarding)).code).toBe(
        ApiCode.LoanActionNotAllowed,
      )

      const missing = await s.call<{ fields: Record<string, string> }>(
        '/lottery-draw/coupon/use',
        { loanOrderId: order.loanOrderId },
        as(b, 'sw_KE'),
      )
      expect(missing.code).toBe(ApiCode.ValidationFailed)
      expect(missing.data.fields.couponId).toBe('Tafadhali chagua kuponi')
      expect((await s.call('/lottery-draw/coupons', { status: 'lost' }, as(b))).code).toBe(
        ApiCode.ValidationFailed,
      )
    })

    it('gives another draw for each loan repaid', async () => {
      const { b } = await repaidBorrower(ls)
      roll = 95
      expect((await s.call('/lottery-draw/create', {}, as(b))).code).toBe(ApiCode.Ok)
      expect(await isShow(b)).toBe(true)
      roll = 0
      expect((await s.call<T.LotteryDraw>('/lottery-draw/create', {}, as(b))).data.coupon).not.toBeNull()
      expect(await isShow(b)).toBe(false)
    })

    it('answers the development grant endpoint’s mistakes plainly', async () => {
      const b = await register(ls.s)
      expect((await grant(b, {})).status).toBe(400)
      expect((await grant(b, { discountUnits: 1.5 })).status).toBe(400)
      expect((await grant({ ...b, mobile: '0754999999' }, { discountUnits: 10 })).status).toBe(404)
    })
  })
})
