/**
 * After the money is out: overdue marking with the daily penalty up to its cap, rollover (from the old due date,
 * never leaving the loan overdue, its fee within the cap), interest to the day on early repayment, partial
 * repayment and the repeat borrower's better terms — the clock moved through the development endpoint, never
 * waited for. After each story the books must balance, every loan must equal its journal, and no loan's charges
 * in the journal pass its cap.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { ApiCode, type ValidationFailure } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { LoanState } from '../../domain/pricing'
import { journalEntries, loanOrders, paymentTransfers } from '../../server/db/schema/loans'
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

/** Interest, fees, tax, rollover fees and penalties an order's journal kept (charged, less written off and rebated). */
async function chargesInJournal(ls: LoanServer, orderId: number): Promise<number> {
  const j = await accountBalances(ls.s.server.ctx.db, orderId)
  const credit = (account: keyof typeof j) => -(j[account] ?? 0)
  return (
    credit('income.interest') +
    credit('income.processingFee') +
    credit('income.penalty') +
    credit('income.rolloverFee') +
    credit('taxPayable') -
    (j['writeOff.penalty'] ?? 0)
  )
}

/** The repay detail's lines add up: principal + interest to date + penalties − written off − paid = due. */
function expectAddsUp(detail: T.RepaymentDetail) {
  const b = detail.breakdown
  expect(
    b.principalMinor + b.interestToDateMinor + b.penaltyAccruedMinor - b.penaltyWrittenOffMinor - b.paidMinor,
  ).toBe(b.dueMinor)
  expect(b.dueMinor).toBe(detail.balance.totalMinor)
  expect(b.paidMinor).toBe(detail.paidMinor)
  expect(b.penaltyWrittenOffMinor).toBe(detail.reductionMinor)
}

/** One day of interest of a quote: its interest spread over its days, rounded half up to the shilling. */
const interestFor = (info: { interestMinor: number; tenureDays: number }, days: number) =>
  Math.round((info.interestMinor * days) / info.tenureDays / TZS) * TZS

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
  afterEach(async () => {
    // In duplum, in the ledger: no order's charges pass its cap (the principal for these products).
    const orders = await ls.s.server.ctx.db.execute(
      sql`SELECT id, principal_minor, (terms->'product'->'penalty'->>'chargesCapBps')::int AS cap_bps
          FROM loan_orders WHERE loan IS NOT NULL`,
    )
    for (const o of (
      orders as unknown as { rows: { id: string; principal_minor: string; cap_bps: number }[] }
    ).rows) {
      const cap = Math.floor((Number(o.principal_minor) * o.cap_bps) / 10_000 / TZS) * TZS
      expect(await chargesInJournal(ls, Number(o.id))).toBeLessThanOrEqual(cap)
    }
  })

  it('marks a loan overdue the day after its due date and charges 2% a day until the charges cap, writing off the rest', async () => {
    const { b, info, order } = await newRepayingBorrower(ls)
    expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('normal')

    await advance(ls, 91 * DAY)
    expect(await latest(ls, b)).toMatchObject({ status: 2, overdueDays: 0, dueDate: order.dueDate })
    expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('dueToday')

    await advance(ls, DAY)
    const overdue = await latest(ls, b)
    expect(overdue).toMatchObject({ status: 3, overdueDays: 1, chargesCapReached: false })
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
    // Line by line: 200,000 + the whole interest + 61 days' penalties − the part above the cap − nothing paid.
    expect(detail.breakdown).toMatchObject({
      principalMinor: info.principalMinor,
      interestToDateMinor: info.interestMinor,
      interestNotYetEarnedMinor: 0,
      penaltyAccruedMinor: 61 * perDay,
      penaltyWrittenOffMinor: 61 * perDay - room,
      paidMinor: 0,
    })
    expectAddsUp(detail)
    expect(detail.chargesCap).toEqual({ capMinor: cap, chargedMinor: cap, leftMinor: 0, reached: true })
    // Home hears the same: its overdue warning must not say a penalty is still added each day.
    expect(await latest(ls, b)).toMatchObject({ status: 3, overdueDays: 61, chargesCapReached: true })
    // No rollover either: 61 days late, one would leave the loan overdue.
    expect(detail.rollover.available).toBe(false)
    expect(await chargesInJournal(ls, Number(order.loanOrderId))).toBe(cap)
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
      reducedByCapMinor: 0,
      days: 7,
    })
    expect(offer.quote!.dueDate).toBe(order.dueDate)
    // The new total: what repays the loan on the new due date (interest of the whole tenure by then).
    const info = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(offer.quote!.newBalanceMinor).toBe(info.principalMinor + info.interestMinor)

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
      // One counter holds the rollovers: the loan's, which the lifecycle and the offer's rolloversLeft read.
      const [row] = await ls.s.server.ctx.db
        .select({ loan: loanOrders.loan })
        .from(loanOrders)
        .where(eq(loanOrders.id, Number(order.loanOrderId)))
      expect((row!.loan as LoanState).rolloversDone).toBe(i)
      if (i < 3) {
        const left = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
        expect(left.rolloversLeft).toBe(3 - i)
      }
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
    const offer = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    // From the old due date, not from today; the new total keeps the two days' penalties.
    const newDue = new Date(Date.parse(`${order.dueDate}T00:00:00Z`) + 7 * DAY).toISOString().slice(0, 10)
    expect(offer.quote).toMatchObject({ dueDate: order.dueDate, newDueDate: newDue })
    expect(offer.quote!.newBalanceMinor).toBe(overdue.remainingMinor)
    await ok(ls, b, '/repay/confirmExtensionOrder', { orderNo: order.orderNo, channelId: 'mpesa' })
    await settle(ls)
    const back = await latest(ls, b)
    expect(back).toMatchObject({ status: 2, overdueDays: 0, dueDate: newDue })
    // The penalties of the two overdue days stay due.
    expect(back.remainingMinor).toBe(overdue.remainingMinor)
  })

  it('never offers or sells a rollover that would leave the loan overdue: 62 days late, no fee is asked', async () => {
    const { b, order } = await newRepayingBorrower(ls)
    await advance(ls, (91 + 62) * DAY)
    const before = await latest(ls, b)
    expect(before).toMatchObject({ status: 3, overdueDays: 62 })
    const offer = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    expect(offer).toMatchObject({
      available: false,
      unavailableReason: 'tooLate',
      quote: null,
      rolloversLeft: 3,
    })
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(detail.rollover).toEqual({ available: false, rolloversLeft: 3 })
    const refused = await call(ls, b, '/repay/confirmExtensionOrder', {
      orderNo: order.orderNo,
      channelId: 'mpesa',
    })
    expect(refused.code).toBe(ApiCode.LoanRolloverTooLate)
    expect(refused.msg).toMatch(/repay/i)
    // No payment order was created: no money was asked for.
    const asked = await ls.s.server.ctx.db
      .select()
      .from(paymentTransfers)
      .where(
        and(
          eq(paymentTransfers.orderId, Number(order.loanOrderId)),
          eq(paymentTransfers.purpose, 'rollover'),
        ),
      )
    expect(asked).toEqual([])
    expect(await latest(ls, b)).toMatchObject({ status: 3, remainingMinor: before.remainingMinor })
  })

  it('refunds a rollover fee that arrives once the rollover would no longer bring the loan back to date', async () => {
    const { b, order } = await newRepayingBorrower(ls)
    await advance(ls, (91 + 6) * DAY)
    // Six days late: the new due date (the old one + 7) is tomorrow, so the fee is asked for.
    const pay = await ok<T.PayOrder>(ls, b, '/repay/confirmExtensionOrder', {
      orderNo: order.orderNo,
      channelId: 'mpesa',
    })
    expect(pay.purpose).toBe('rollover')
    // The money only arrives two days later: the rollover would leave the loan overdue, so it is refunded.
    await advance(ls, 2 * DAY)
    const after = await latest(ls, b)
    expect(after).toMatchObject({ status: 3, dueDate: order.dueDate, overdueDays: 8 })
    const journal = await accountBalances(ls.s.server.ctx.db, Number(order.loanOrderId))
    expect(journal['income.rolloverFee'] ?? 0).toBe(0)
    const refunds = await ls.s.server.ctx.db
      .select()
      .from(paymentTransfers)
      .where(
        and(eq(paymentTransfers.orderId, Number(order.loanOrderId)), eq(paymentTransfers.purpose, 'refund')),
      )
    expect(refunds.map((r) => r.amountMinor)).toEqual([4_720 * TZS])
  })

  it('lowers a rollover fee to the room the charges cap leaves, then refuses one, and the ledger stays under the cap', async () => {
    const { b, order } = await newRepayingBorrower(ls)
    const id = Number(order.loanOrderId)
    // This loan's terms with a cap of 15%: 30,000 on 200,000 (interest 16,380, fee 6,000 and VAT 1,080 take 23,460).
    await ls.s.server.ctx.db.execute(
      sql`UPDATE loan_orders SET terms = jsonb_set(terms, '{product,penalty,chargesCapBps}', '1500') WHERE id = ${id}`,
    )
    await advance(ls, 92 * DAY)
    // One day late: 4,000 of penalty leaves 2,540 of room, less than the 4,720 of a rollover.
    const offer = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    expect(offer.quote).toMatchObject({
      feeMinor: 2_152 * TZS,
      feeTaxMinor: 387 * TZS,
      totalMinor: 2_539 * TZS,
      reducedByCapMinor: (4_720 - 2_539) * TZS,
    })
    const pay = await ok<T.PayOrder>(ls, b, '/repay/confirmExtensionOrder', {
      orderNo: order.orderNo,
      channelId: 'mpesa',
    })
    expect(pay.amountMinor).toBe(2_539 * TZS)
    await settle(ls)
    expect(await latest(ls, b)).toMatchObject({ status: 2, overdueDays: 0 })
    expect(await chargesInJournal(ls, id)).toBe(30_000 * TZS - 1 * TZS)

    // Late again after the new due date: the shilling left is charged, the rest written off; no rollover fits.
    await advance(ls, 8 * DAY)
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(detail.chargesCap).toEqual({
      capMinor: 30_000 * TZS,
      chargedMinor: 30_000 * TZS,
      leftMinor: 0,
      reached: true,
    })
    expectAddsUp(detail)
    expect(await chargesInJournal(ls, id)).toBe(30_000 * TZS)
    const none = await ok<T.RolloverOffer>(ls, b, '/repay/getExtensionData', { orderNo: order.orderNo })
    expect(none).toMatchObject({ available: false, unavailableReason: 'capReached', quote: null })
    const refused = await call(ls, b, '/repay/confirmExtensionOrder', {
      orderNo: order.orderNo,
      channelId: 'mpesa',
    })
    expect(refused.code).toBe(ApiCode.LoanRolloverCapReached)
    await repay(ls, b, order.orderNo, detail.balance.totalMinor)
    expect(await latest(ls, b)).toMatchObject({ status: 4, remainingMinor: 0 })
  })

  it('charges one day of interest when the loan is repaid on the day of pay-out, and books the rest as rebated', async () => {
    const { b, info, order } = await newRepayingBorrower(ls)
    const oneDay = interestFor(info, 1)
    expect(oneDay).toBe(180 * TZS) // 16,380 over 91 days
    // Home, the repay detail and the amount check agree on the payoff, interest to today only.
    expect(order.remainingMinor).toBe(info.principalMinor + oneDay)
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(detail.balance).toEqual({
      penaltyMinor: 0,
      interestMinor: oneDay,
      principalMinor: info.principalMinor,
      totalMinor: info.principalMinor + oneDay,
    })
    expect(detail.breakdown).toMatchObject({
      interestToDateMinor: oneDay,
      interestDays: 1,
      interestNotYetEarnedMinor: info.interestMinor - oneDay,
    })
    expectAddsUp(detail)
    // More than the payoff is refused, as above the balance.
    const above = await call<ValidationFailure>(ls, b, '/portal/repayment/confirm', {
      orderNo: order.orderNo,
      amountMinor: info.principalMinor + oneDay + 100 * TZS,
      channelId: 'mpesa',
    })
    expect(above.data.fields.amountMinor).toBeTruthy()

    const pay = await repay(ls, b, order.orderNo, detail.balance.totalMinor)
    expect(pay.amountMinor).toBe(info.principalMinor + oneDay)
    expect(await latest(ls, b)).toMatchObject({ status: 4, remainingMinor: 0 })
    const id = Number(order.loanOrderId)
    const journal = await accountBalances(ls.s.server.ctx.db, id)
    expect(-journal['income.interest']!).toBe(oneDay)
    expect(journal['receivable.interest'] ?? 0).toBe(0)
    expect(journal['receivable.principal'] ?? 0).toBe(0)
    const rebates = await ls.s.server.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, id), eq(journalEntries.kind, 'interestRebate')))
    expect(rebates).toHaveLength(1)
    const done = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(done.breakdown).toMatchObject({ interestToDateMinor: oneDay, dueMinor: 0 })
    expectAddsUp(done)
  })

  it('charges interest to the day when repaid in full 30 days in, and the whole interest from the due date on', async () => {
    const { b, info, order } = await newRepayingBorrower(ls)
    await advance(ls, 30 * DAY)
    const at30 = await latest(ls, b)
    expect(at30.remainingMinor).toBe(info.principalMinor + interestFor(info, 30))
    expect(await chargesInJournal(ls, Number(order.loanOrderId))).toBeLessThanOrEqual(info.principalMinor)
    await advance(ls, 61 * DAY)
    expect(await latest(ls, b)).toMatchObject({ status: 2, remainingMinor: info.totalRepayableMinor })
    await repay(ls, b, order.orderNo, info.totalRepayableMinor)
    expect(await latest(ls, b)).toMatchObject({ status: 4, remainingMinor: 0 })
    const journal = await accountBalances(ls.s.server.ctx.db, Number(order.loanOrderId))
    expect(-journal['income.interest']!).toBe(info.interestMinor)
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
    // Interest is paid first, then principal; repaid in full today, only today's interest is owed, so the
    // interest paid ahead of its days comes off the principal of the payoff.
    expect(after.balance.interestMinor).toBe(0)
    expect(after.balance.principalMinor).toBe(info.principalMinor + interestFor(info, 1) - 50_000 * TZS)
    expect(after.breakdown).toMatchObject({
      paidMinor: 50_000 * TZS,
      interestToDateMinor: interestFor(info, 1),
    })
    expectAddsUp(after)
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
