/**
 * After the money is out: overdue marking with the daily penalty up to its cap, rollover, partial repayment and
 * the repeat borrower's better terms — the clock moved through the development endpoint, never waited for.
 * After each story the books must balance and every loan must equal its journal.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { ApiCode, type ValidationFailure } from '../../src/domain/api-codes'
import type * as T from '../../src/domain/api-types'
import { accountBalances } from '../../server/money/ledger'
import { describeOnEachDatabase } from './helpers/databases'
import {
  DAY,
  PRODUCT,
  advance,
  call,
  completeSteps,
  expectBooksBalanced,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

async function latest(ls: LoanServer, b: Borrower) {
  return ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
}

/** Applies (as a first or repeat borrower), is approved, confirms and is paid out. */
async function borrowAndReceive(ls: LoanServer, b: Borrower, amountUnits = 200_000, again = false) {
  const applied = await ok<T.ApplyResult>(
    ls,
    b,
    again ? '/loan/loan-order/apply-market-again' : '/loan/loan-order/apply-market',
    {
      productId: PRODUCT.TZ,
      amountMinor: amountUnits * TZS,
      tenureDays: 91,
    },
  )
  expect(applied.status).toBe(19)
  await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
    loanOrderId: applied.loanOrderId,
  })
  await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
  await settle(ls)
  const order = await latest(ls, b)
  expect(order.status).toBe(2)
  return { applied, info, order }
}

async function newRepayingBorrower(ls: LoanServer, amountUnits = 200_000) {
  const b = await register(ls.s, 'TZ')
  await completeSteps(ls, b)
  return { b, ...(await borrowAndReceive(ls, b, amountUnits)) }
}

async function repay(ls: LoanServer, b: Borrower, orderNo: string, amountMinor: number) {
  const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
    orderNo,
    amountMinor,
    channelId: 'mpesa',
  })
  await settle(ls)
  return pay
}

describeOnEachDatabase('Repaying a loan', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  it('marks a loan overdue the day after its due date and charges 2% a day until the charges cap, writing off the rest', async () => {
    const { b, info, order } = await newRepayingBorrower(ls)
    expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('normal')

    await advance(ls, 91 * DAY)
    expect(await latest(ls, b)).toMatchObject({ status: 2, overdueDays: 0, dueDate: order.dueDate })
    expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('dueToday')

    await advance(ls, DAY)
    const overdue = await latest(ls, b)
    expect(overdue).toMatchObject({ status: 3, overdueDays: 1 })
    const perDay = 4_000 * TZS // 2% of 200,000
    expect(overdue.remainingMinor).toBe(info.totalRepayableMinor + perDay)
    expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('overdue')

    await advance(ls, 60 * DAY)
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    const cap = info.principalMinor // in duplum: all charges together at most the principal
    const room = cap - info.interestMinor - info.processingFeeMinor - info.feeTaxMinor
    expect(detail.overdueDays).toBe(61)
    expect(detail.balance.penaltyMinor).toBe(room)
    expect(detail.reductionMinor).toBe(61 * perDay - room)
    expect(detail.penaltyPerDayMinor).toBe(0)
    expect(detail.balance.totalMinor).toBe(info.principalMinor + info.interestMinor + room)
    const journal = await accountBalances(ls.s.server.ctx.db, Number(order.loanOrderId))
    expect(journal['receivable.penalty']).toBe(room)
    expect(journal['writeOff.penalty']).toBe(61 * perDay - room)
    expect(-journal['income.penalty']!).toBe(61 * perDay)

    await repay(ls, b, order.orderNo, detail.balance.totalMinor)
    expect(await latest(ls, b)).toMatchObject({ status: 4, remainingMinor: 0 })
  })

  it('rolls a loan over for its fee: the due date moves by 7 days, at most three times', async () => {
    const { b, order } = await newRepayingBorrower(ls)
    const offer = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    expect(offer).toMatchObject({ available: true, rolloversLeft: 3 })
    expect(offer.quote).toMatchObject({
      feeMinor: 4_000 * TZS,
      feeTaxMinor: 720 * TZS,
      totalMinor: 4_720 * TZS,
      days: 7,
    })
    expect(offer.quote!.dueDate).toBe(order.dueDate)

    let due = order.dueDate!
    for (let i = 1; i <= 3; i++) {
      const pay = await ok<T.PayOrder>(ls, b, '/repay/confirmExtensionOrder', {
        orderNo: order.orderNo,
        channelId: 'tigo',
      })
      expect(pay).toMatchObject({ purpose: 'rollover', amountMinor: 4_720 * TZS, status: 'pending' })
      await settle(ls)
      const moved = await latest(ls, b)
      const expected = new Date(Date.parse(`${due}T00:00:00Z`) + 7 * DAY).toISOString().slice(0, 10)
      expect(moved).toMatchObject({ status: 2, dueDate: expected, remainingMinor: order.remainingMinor })
      due = expected
    }
    const spent = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    expect(spent).toMatchObject({
      available: false,
      unavailableReason: 'limit',
      rolloversLeft: 0,
      quote: null,
    })
    const refused = await call(ls, b, '/repay/confirmExtensionOrder', {
      orderNo: order.orderNo,
      channelId: 'tigo',
    })
    expect(refused.code).toBe(ApiCode.LoanRolloverLimit)

    const journal = await accountBalances(ls.s.server.ctx.db, Number(order.loanOrderId))
    expect(-journal['income.rolloverFee']!).toBe(3 * 4_000 * TZS)
  })

  it('brings an overdue loan back to repaying when a rollover moves its due date past today', async () => {
    const { b, order } = await newRepayingBorrower(ls)
    await advance(ls, 93 * DAY)
    const overdue = await latest(ls, b)
    expect(overdue).toMatchObject({ status: 3, overdueDays: 2 })
    await ok(ls, b, '/repay/confirmExtensionOrder', { orderNo: order.orderNo, channelId: 'mpesa' })
    await settle(ls)
    const back = await latest(ls, b)
    expect(back).toMatchObject({ status: 2, overdueDays: 0 })
    // The penalties of the two overdue days stay due.
    expect(back.remainingMinor).toBe(overdue.remainingMinor)
  })

  it('takes partial payments that follow the rules, refuses the rest with their reason, and finishes on the exact balance', async () => {
    const { b, info, order } = await newRepayingBorrower(ls)
    const tries: [number, string][] = [
      [500 * TZS, 'validation.repay.belowFloor'],
      [1_050 * TZS, 'validation.repay.notMultiple'],
      [info.totalRepayableMinor + 100 * TZS, 'validation.repay.aboveBalance'],
    ]
    for (const [amountMinor] of tries) {
      const res = await call<ValidationFailure>(ls, b, '/portal/repayment/confirm', {
        orderNo: order.orderNo,
        amountMinor,
        channelId: 'mpesa',
      })
      expect(res.code).toBe(ApiCode.ValidationFailed)
      expect(res.data.fields.amountMinor).toBeTruthy()
      expect(res.msg).not.toMatch(/^validation\./)
    }

    await repay(ls, b, order.orderNo, 50_000 * TZS)
    const after = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(after.paidMinor).toBe(50_000 * TZS)
    // Interest is paid first, then principal.
    expect(after.balance.interestMinor).toBe(0)
    expect(after.balance.principalMinor).toBe(info.principalMinor - (50_000 * TZS - info.interestMinor))
    expect((await latest(ls, b)).status).toBe(2)

    await repay(ls, b, order.orderNo, after.balance.totalMinor)
    expect(await latest(ls, b)).toMatchObject({ status: 4, remainingMinor: 0 })
  })

  it('gives a borrower who repaid on time a higher limit and a lower rate on the next loan, without onboarding again', async () => {
    const b = await register(ls.s, 'TZ')
    const notYet = await call(ls, b, '/loan/loan-order/apply-market-again', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000 * TZS,
      tenureDays: 91,
    })
    expect(notYet.code).toBe(ApiCode.LoanNotRepeatBorrower)

    await completeSteps(ls, b)
    const before = await ok<T.CreditInfo>(ls, b, '/loan/get-credit-info')
    expect(before).toMatchObject({
      limitMinor: 300_000 * TZS,
      loansRepaidOnTime: 0,
      nextLimitMinor: 400_000 * TZS,
    })
    const first = await borrowAndReceive(ls, b, 300_000)
    await repay(ls, b, first.order.orderNo, first.order.remainingMinor!)

    const after = await ok<T.CreditInfo>(ls, b, '/loan/get-credit-info')
    expect(after.loansRepaidOnTime).toBe(1)
    expect(after.limitMinor).toBe(400_000 * TZS)
    expect(after.dailyRatePercent).toBeLessThan(before.dailyRatePercent)
    const tooMuch = await call(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 410_000 * TZS,
      tenureDays: 91,
    })
    expect(tooMuch.code).toBe(ApiCode.ValidationFailed)

    const second = await borrowAndReceive(ls, b, 400_000, true)
    expect(second.info.principalMinor).toBe(400_000 * TZS)
    expect(second.info.interestRate.dailyPercent).toBeLessThan(first.info.interestRate.dailyPercent)
    const home = await ok<T.HomeIndex>(ls, b, '/loan/loan-product/index')
    expect(home).toMatchObject({ repeatBorrower: true, canApply: false })
  })
})
