/**
 * The loan lifecycle through the real server, with real encrypted requests: apply, onboarding, assessment,
 * confirmation, pay-out through the sandbox's asynchronous callbacks, repayment — and every way off the happy
 * path the spec names. After each story the books must balance and every loan must equal its journal.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { and, eq } from 'drizzle-orm'
import { loanOrders } from '../../server/db/schema/loans'
import { describeOnEachDatabase } from './helpers/databases'
import {
  DAY,
  HOUR,
  MINUTE,
  PRODUCT,
  advance,
  call,
  completeSteps,
  expectBooksBalanced,
  mobileFor,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

async function applyTz(ls: LoanServer, b: Borrower, amountUnits = 200_000, tenureDays = 91) {
  return ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
    productId: PRODUCT.TZ,
    amountMinor: amountUnits * TZS,
    tenureDays,
  })
}

async function latest(ls: LoanServer, b: Borrower) {
  return ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
}

/** A complete borrower who applied, submitted and was assessed. */
async function approvedBorrower(
  ls: LoanServer,
  opts: { wallet?: string; mobile?: string; amountUnits?: number } = {},
) {
  const b = await register(ls.s, 'TZ', opts.mobile)
  await completeSteps(ls, b, undefined, opts.wallet ? { wallet: opts.wallet } : {})
  const applied = await applyTz(ls, b, opts.amountUnits)
  expect(applied.status).toBe(19)
  await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  const order = await latest(ls, b)
  expect(order.status).toBe(14)
  return { b, order }
}

/** An approved borrower who confirmed and was paid out. */
async function repayingBorrower(ls: LoanServer, opts: { mobile?: string } = {}) {
  const { b, order } = await approvedBorrower(ls, opts)
  await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
  await settle(ls)
  const paid = await latest(ls, b)
  expect(paid.status).toBe(2)
  return { b, order: paid }
}

describeOnEachDatabase('The loan lifecycle', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  it('walks a new borrower from application through onboarding, approval, pay-out and full repayment', async () => {
    const b = await register(ls.s, 'TZ')
    const applied = await applyTz(ls, b)
    expect(applied.status).toBe(6)

    const statuses: number[] = []
    for (const step of ['basicInfo', 'identity', 'additionalInfo', 'wallet'] as const) {
      await completeSteps(ls, b, [step])
      statuses.push((await latest(ls, b)).status)
    }
    expect(statuses).toEqual([12, 11, 5, 19])

    const submitted = await ok<T.StepResult>(ls, b, '/user/submit', { orderNo: applied.orderNo })
    expect(submitted.status).toBe(1)
    await settle(ls)
    const approved = await latest(ls, b)
    expect(approved).toMatchObject({ status: 14, amountMinor: 200_000 * TZS, tenureDays: 91 })
    expect(Date.parse(approved.confirmBy!) - Date.parse(approved.approvedAt!)).toBe(DAY)

    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    expect(info.principalMinor).toBe(200_000 * TZS)
    expect(info.disbursalMinor).toBe(info.principalMinor - info.processingFeeMinor - info.feeTaxMinor)
    expect(info.totalRepayableMinor).toBe(info.principalMinor + info.interestMinor)
    expect(info.apr.basisPoints).toBeGreaterThan(0)
    expect(info.wallet.maskedNumber).toContain('***')

    const refused = await call(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: false })
    expect(refused.code).toBe(ApiCode.ValidationFailed)

    const confirmed = await ok<T.ConfirmResult>(ls, b, '/loan/get-money', {
      loanOrderId: applied.loanOrderId,
      agreed: true,
    })
    expect(confirmed.status).toBe(7)
    await ls.s.server.ctx.jobs.runDue()
    expect((await latest(ls, b)).status).toBe(7)
    expect(await ls.rt.deliverSandbox()).toBe(1)
    const repaying = await latest(ls, b)
    expect(repaying.status).toBe(2)
    // Interest to the day: repaid on the day of pay-out, the loan costs one day of interest.
    const payoffToday = info.principalMinor + Math.round(info.interestMinor / info.tenureDays / TZS) * TZS
    expect(repaying.remainingMinor).toBe(payoffToday)

    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', {
      orderNo: applied.orderNo,
    })
    expect(detail.balance.totalMinor).toBe(payoffToday)
    expect(detail.channels.map((c) => c.channelId)).toEqual(['mpesa', 'airtel', 'tigo', 'halopesa'])

    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: detail.balance.totalMinor,
      channelId: 'mpesa',
    })
    expect(pay.status).toBe('pending')
    expect(Date.parse(pay.expiresAt) - Date.parse(pay.createdAt)).toBe(15 * MINUTE)
    await settle(ls)
    const paid = await ok<T.PayOrder>(ls, b, '/portal/repayment/pay-order', { payOrderId: pay.payOrderId })
    expect(paid.status).toBe('paid')
    const finished = await latest(ls, b)
    expect(finished).toMatchObject({ status: 4, remainingMinor: 0 })
  })

  it('starts an application at the first profile step the borrower has not done yet', async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b, ['basicInfo', 'identity'])
    const applied = await applyTz(ls, b)
    expect(applied.status).toBe(11)
    await completeSteps(ls, b, ['wallet'])
    expect((await latest(ls, b)).status).toBe(11)
    await completeSteps(ls, b, ['additionalInfo'])
    expect((await latest(ls, b)).status).toBe(19)
  })

  it('rejects a borrower the scorecard refuses and lets them apply again only 30 days later', async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b, undefined, { addition: 'poor' })
    const applied = await applyTz(ls, b)
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    const rejected = await latest(ls, b)
    expect(rejected.status).toBe(9)
    const retryIn = Date.parse(rejected.retryAt!) - Date.parse(rejected.createdAt)
    expect(retryIn).toBeGreaterThanOrEqual(30 * DAY)
    expect(retryIn).toBeLessThan(30 * DAY + MINUTE)

    const tooSoon = await call(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000 * TZS,
      tenureDays: 91,
    })
    expect(tooSoon.code).toBe(ApiCode.LoanRetryLater)
    expect(tooSoon.data).toEqual({ retryAt: rejected.retryAt })
    expect(tooSoon.msg).not.toBe('')

    await advance(ls, 30 * DAY)
    const again = await applyTz(ls, b, 100_000)
    expect(again.status).toBe(19)
  })

  it('cancels an approval not confirmed within 24 hours, and refuses a late confirmation', async () => {
    const { b, order } = await approvedBorrower(ls)
    await advance(ls, DAY - MINUTE)
    expect((await latest(ls, b)).status).toBe(14)
    await advance(ls, MINUTE)
    expect((await latest(ls, b)).status).toBe(8)
    const late = await call(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    expect(late.code).toBe(ApiCode.LoanActionNotAllowed)
  })

  it('refuses a confirmation after the 24 hours even before the expiry job has run, and cancels the order', async () => {
    const { b, order } = await approvedBorrower(ls)
    await ls.s.server.ctx.clock.advance(DAY)
    const late = await call(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    expect(late.code).toBe(ApiCode.LoanApprovalExpired)
    expect((await latest(ls, b)).status).toBe(8)
    await settle(ls)
  })

  it('cancels an approved order with exactly one reason, and never a confirmed one', async () => {
    const { b, order } = await approvedBorrower(ls)
    const none = await call(ls, b, '/loan/cancel-draw-money', { loanOrderId: order.loanOrderId, reasons: [] })
    expect(none.code).toBe(ApiCode.ValidationFailed)
    const two = await call(ls, b, '/loan/cancel-draw-money', {
      loanOrderId: order.loanOrderId,
      reasons: ['feesTooHigh', 'other'],
    })
    expect(two.code).toBe(ApiCode.ValidationFailed)
    const done = await ok<T.CancelResult>(ls, b, '/loan/cancel-draw-money', {
      loanOrderId: order.loanOrderId,
      reasons: ['feesTooHigh'],
    })
    expect(done.status).toBe(8)

    const other = await approvedBorrower(ls)
    await ok(ls, other.b, '/loan/get-money', { loanOrderId: other.order.loanOrderId, agreed: true })
    const tooLate = await call(ls, other.b, '/loan/cancel-draw-money', {
      loanOrderId: other.order.loanOrderId,
      reasons: ['other'],
    })
    expect(tooLate.code).toBe(ApiCode.LoanActionNotAllowed)
    await settle(ls)
  })

  it('marks a failed pay-out 10, and after the borrower corrects the wallet pays the same order out', async () => {
    const { b, order } = await approvedBorrower(ls, { wallet: '0754990000' })
    await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    await settle(ls)
    expect((await latest(ls, b)).status).toBe(10)

    await completeSteps(ls, b, ['wallet'], { wallet: '0754991234' })
    const corrected = await latest(ls, b)
    expect(corrected).toMatchObject({ status: 19, orderNo: order.orderNo })
    await ok(ls, b, '/user/submit', { orderNo: order.orderNo })
    await settle(ls)
    expect((await latest(ls, b)).status).toBe(14)
    await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    await settle(ls)
    expect((await latest(ls, b)).status).toBe(2)
  })

  it('allows one open loan per borrower, in the API and in the database', async () => {
    const { b } = await approvedBorrower(ls)
    const second = await call(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000 * TZS,
      tenureDays: 91,
    })
    expect(second.code).toBe(ApiCode.LoanOpenExists)

    const db = ls.s.server.ctx.db
    const [open] = await db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, b.userId), eq(loanOrders.status, 14)))
    const { id: _id, ...copy } = open!
    await expect(
      db.insert(loanOrders).values({ ...copy, orderNo: `${copy.orderNo}X`, status: 6 }),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }) as unknown,
    })
  })

  it('times a payment order out after 15 minutes: "This order has timed out, please try again"', async () => {
    const { b, order } = await repayingBorrower(ls, { mobile: mobileFor('TZ', '9999') })
    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: order.orderNo,
      amountMinor: 10_000 * TZS,
      channelId: 'airtel',
    })
    await advance(ls, 15 * MINUTE)
    const timedOut = await call<T.PayOrder>(ls, b, '/portal/repayment/pay-order', {
      payOrderId: pay.payOrderId,
    })
    expect(timedOut.code).toBe(ApiCode.PaymentTimedOut)
    expect(timedOut.msg).toBe('This order has timed out, please try again')
    expect(timedOut.data.status).toBe('expired')
    expect((await latest(ls, b)).remainingMinor).toBe(order.remainingMinor)
  })

  it('reports a failed payment and leaves the balance as it was', async () => {
    const { b, order } = await repayingBorrower(ls, { mobile: mobileFor('TZ', '0000') })
    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: order.orderNo,
      amountMinor: 10_000 * TZS,
      channelId: 'mpesa',
    })
    await settle(ls)
    const failed = await ok<T.PayOrder>(ls, b, '/portal/repayment/pay-order', { payOrderId: pay.payOrderId })
    expect(failed.status).toBe('failed')
    expect((await latest(ls, b)).remainingMinor).toBe(order.remainingMinor)
  })

  it("takes a coupon's discount off the interest when the borrower confirms with it, and books the lower interest", async () => {
    const { b, order } = await approvedBorrower(ls)
    const granted = await ls.s.raw({
      method: 'POST',
      url: '/dev/coupons/grant',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'TZ', mobile: b.mobile, discountUnits: 5_000, minLoanUnits: 100_000 }),
    })
    expect(granted.status).toBe(200)
    const couponId = (JSON.parse(granted.body) as T.Coupon).couponId
    const before = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: order.loanOrderId,
    })
    expect(before).toMatchObject({
      coupon: null,
      usableCoupons: 1,
      payableAfterCouponMinor: before.totalRepayableMinor,
    })

    await ok(ls, b, '/lottery-draw/coupon/use', { couponId, loanOrderId: order.loanOrderId })
    const applied = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: order.loanOrderId,
    })
    expect(applied.coupon).toEqual({ couponId, discountMinor: 5_000 * TZS })
    expect(applied.payableAfterCouponMinor).toBe(before.totalRepayableMinor - 5_000 * TZS)

    await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true, couponId })
    await settle(ls)
    const repaying = await latest(ls, b)
    // Interest to the day: one day of the interest left after the coupon is owed on the day of pay-out.
    const interest = before.interestMinor - 5_000 * TZS
    const oneDay = Math.round(interest / before.tenureDays / TZS) * TZS
    expect(repaying).toMatchObject({ status: 2, remainingMinor: before.principalMinor + oneDay })
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(detail.interestMinor).toBe(before.interestMinor - 5_000 * TZS)
    expect(detail.disbursalMinor).toBe(before.disbursalMinor)
  })

  it('keeps an hour-old approval open until its 24 hours are up', async () => {
    const { b } = await approvedBorrower(ls)
    await advance(ls, HOUR)
    expect((await latest(ls, b)).status).toBe(14)
  })
})
