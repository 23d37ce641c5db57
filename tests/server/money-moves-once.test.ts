/**
 * Money moves exactly once: the figures of the audit, re-measured. Concurrent confirms charge once; a time-out,
 * a duplicate answer, a lost callback, a wrong amount, a failure that was not true, a callback that arrives before
 * the acknowledgement, replays by the hundred and a crash while applying — each converges on what the provider
 * did, booked once, with the books check clean after every story.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import { OrderStatus } from '../../domain/order-status'
import {
  journalEntries,
  paymentObservations,
  paymentTransfers,
  sandboxTransfers,
} from '../../server/db/schema/loans'
import { accountBalances } from '../../server/money/ledger'
import type { FaultPoint } from '../../server/payments/service'
import { describeOnEachDatabase } from './helpers/databases'
import { ScriptedProvider } from './helpers/scripted-provider'
import {
  HOUR,
  MINUTE,
  PRODUCT,
  call,
  completeSteps,
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

/** A payment order for `amountMinor` of the loan, through M-Pesa (asserting success, or the whole answer). */
const repay = (ls: LoanServer, b: Borrower, orderNo: string, amountMinor: number | null) =>
  ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', { orderNo, amountMinor, channelId: 'mpesa' })
const tryRepay = (ls: LoanServer, b: Borrower, orderNo: string, amountMinor: number | null) =>
  call<T.PayOrder>(ls, b, '/portal/repayment/confirm', { orderNo, amountMinor, channelId: 'mpesa' })
const TZ_WALLETS = ['mpesa', 'airtel', 'tigo', 'halopesa']

describeOnEachDatabase('Money moves once', (target) => {
  describe('through the sandbox', () => {
    let ls: LoanServer
    beforeAll(async () => {
      ls = await startLoanServer(target, 'inject')
    })
    afterAll(() => ls.close())
    afterEach(() => expectBooksBalanced(ls))

    const latest = (b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    const collections = async (orderNo: string) =>
      ls.s.server.ctx.db
        .select()
        .from(sandboxTransfers)
        .where(and(eq(sandboxTransfers.kind, 'collection')))
        .then((r) => r.filter((t) => t.reference.startsWith(`PY${orderNo}`)))

    it('charges once when 50 confirms for the whole balance arrive together', async () => {
      const { b } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 120 })
      const order = await latest(b)
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          call<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
            orderNo: order.orderNo,
            amountMinor: order.remainingMinor,
            channelId: 'mpesa',
          }),
        ),
      )
      expect(answers.map((a) => a.code)).toEqual(answers.map(() => ApiCode.Ok))
      expect(new Set(answers.map((a) => a.data.payOrderId)).size).toBe(1)
      expect(await collections(order.orderNo)).toHaveLength(1)
      await settle(ls)
      const after = await latest(b)
      expect(after.status).toBe(OrderStatus.Finish)
      const charged = (await collections(order.orderNo)).reduce((sum, t) => sum + t.amountMinor, 0)
      expect(charged).toBe(order.remainingMinor)
    })

    it('makes one payment order and one rollover of 50 concurrent rollover confirms', async () => {
      const { b } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 120 })
      const order = await latest(b)
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          call<T.PayOrder>(ls, b, '/repay/confirmExtensionOrder', {
            orderNo: order.orderNo,
            channelId: 'mpesa',
          }),
        ),
      )
      expect(new Set(answers.filter((a) => a.code === ApiCode.Ok).map((a) => a.data.payOrderId)).size).toBe(1)
      expect(await collections(order.orderNo)).toHaveLength(1)
      await settle(ls)
      const [o] = await ls.s.server.ctx.db
        .select({ rollovers: paymentTransfers.id })
        .from(paymentTransfers)
        .where(and(eq(paymentTransfers.purpose, 'rollover'), eq(paymentTransfers.state, 'succeeded')))
        .then((rows) => rows.filter(() => true))
      expect(o).toBeDefined()
      const events = await ls.s.server.ctx.db.execute(
        `SELECT COUNT(*)::int AS n FROM loan_order_events e JOIN loan_orders o ON o.id = e.order_id
         WHERE o.order_no = '${order.orderNo}' AND e.event = 'rollover.confirmed'`,
      )
      expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
    })

    it('refuses a second payment order for another amount while the first waits, with a translated reason', async () => {
      const { b } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 120 })
      const order = await latest(b)
      const first = await repay(ls, b, order.orderNo, 20_000 * TZS)
      const other = await tryRepay(ls, b, order.orderNo, 30_000 * TZS)
      expect(other.code).toBe(ApiCode.PaymentInProgress)
      expect(other.msg).not.toBe('')
      expect(JSON.stringify(other.data)).toContain(first.payOrderId)
      await settle(ls)
    })

    it('replays every callback of a loan 100 times and the ledger stays exact', async () => {
      const { b } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 120 })
      const order = await latest(b)
      await repay(ls, b, order.orderNo, 20_000 * TZS)
      await settle(ls)
      const journal = await ls.s.server.ctx.db.select({ n: count() }).from(journalEntries)
      const balance = (await latest(b)).remainingMinor
      const sent = await ls.s.server.ctx.db.select().from(sandboxTransfers)
      const mine = sent.filter((t) => t.reference.includes(order.orderNo))
      expect(mine).toHaveLength(2)
      for (let i = 0; i < 100; i++) {
        await ls.s.server.ctx.db.update(sandboxTransfers).set({ deliveredAt: null, deliveries: 0 })
        await settle(ls)
      }
      expect(await ls.s.server.ctx.db.select({ n: count() }).from(journalEntries)).toEqual(journal)
      expect((await latest(b)).remainingMinor).toBe(balance)
    })
  })

  describe('through a provider that times out, lies and answers late', () => {
    let ls: LoanServer
    let provider: ScriptedProvider
    /** The next crash: at this point, this many times. */
    const crash: { point: FaultPoint | null; times: number } = { point: null, times: 0 }
    beforeAll(async () => {
      provider = new ScriptedProvider()
      ls = await startLoanServer(target, 'inject', {
        faults: (point) => {
          if (point === crash.point && crash.times > 0) {
            crash.times -= 1
            throw new Error(`simulated crash at ${point}`)
          }
        },
        providers: [provider],
        payments: { routes: Object.fromEntries(TZ_WALLETS.map((w) => [`TZ:${w}`, provider.name])) },
      })
    })
    afterAll(() => ls.close())
    afterEach(() => expectBooksBalanced(ls))

    const latest = (b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    const post = (cb: { body: string; headers: Record<string, string> }) =>
      ls.s.raw({
        method: 'POST',
        url: `/payments/callback/${provider.name}`,
        headers: cb.headers,
        body: cb.body,
      })
    const clock = () => ls.s.server.ctx.clock

    /** A borrower confirmed and waiting for the pay-out (7), whose request reached the provider or not. */
    async function lending(): Promise<{ b: Borrower; orderNo: string }> {
      const b = await register(ls.s, 'TZ')
      await completeSteps(ls, b)
      const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
        productId: PRODUCT.TZ,
        amountMinor: 100_000 * TZS,
        tenureDays: 120,
      })
      await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
      await settle(ls)
      await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
      await settle(ls)
      return { b, orderNo: applied.orderNo }
    }

    /** Moves the clock and lets the worker and reconciliation run. */
    async function later(ms: number) {
      await clock().advance(ms)
      await settle(ls)
    }

    async function repaying(): Promise<{ b: Borrower; order: T.LatestOrder }> {
      provider.defaultTruth = 'succeeded'
      const { b, orderNo } = await lending()
      await post(provider.callback(provider.only(`PO${orderNo}`), { state: 'succeeded' }))
      await settle(ls)
      provider.defaultTruth = 'pending'
      const order = await latest(b)
      expect(order.status).toBe(OrderStatus.Repaying)
      return { b, order }
    }

    it('pays out once when the server crashed between the provider accepting and the commit', async () => {
      Object.assign(crash, { point: 'send.afterProvider', times: 1 })
      provider.defaultTruth = 'succeeded'
      const { b, orderNo } = await lending()
      await later(MINUTE)
      await later(5 * MINUTE)
      expect(provider.only(`PO${orderNo}`).requests).toBe(2)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      provider.defaultTruth = 'pending'
    })

    it('pays out once when the request timed out at the provider and was sent again', async () => {
      provider.next.push('timeoutAfter')
      provider.defaultTruth = 'succeeded'
      const { b, orderNo } = await lending()
      expect((await latest(b)).status).toBe(OrderStatus.Lending)
      await later(MINUTE)
      await later(5 * MINUTE)
      const t = provider.only(`PO${orderNo}`)
      expect(t.requests).toBe(2)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      provider.defaultTruth = 'pending'
    })

    it('asks the provider before telling the borrower a pay-out failed, and pays once when it had not', async () => {
      provider.defaultTruth = 'succeeded'
      const { b, orderNo } = await lending()
      const t = provider.only(`PO${orderNo}`)
      expect((await post(provider.callback(t, { state: 'failed' }))).status).toBe(200)
      expect((await latest(b)).status).toBe(OrderStatus.Lending)
      await settle(ls)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      // The real success arrives too, and changes nothing more.
      await post(provider.callback(t, { state: 'succeeded' }))
      expect(t.requests).toBe(1)
      provider.defaultTruth = 'pending'
    })

    it('treats a duplicate answer as "look it up", never as a refusal', async () => {
      provider.next.push('timeoutAfter', 'duplicate')
      provider.defaultTruth = 'succeeded'
      const { b } = await lending()
      await later(MINUTE)
      await later(5 * MINUTE)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      provider.defaultTruth = 'pending'
    })

    it('applies a callback that arrived before the acknowledgement once the transfer is known', async () => {
      provider.next.push('timeoutAfter')
      provider.defaultTruth = 'succeeded'
      const { b, orderNo } = await lending()
      const t = provider.only(`PO${orderNo}`)
      expect((await post(provider.callback(t, { state: 'succeeded', by: 'providerRef' }))).status).toBe(200)
      const [kept] = await ls.s.server.ctx.db
        .select()
        .from(paymentObservations)
        .where(eq(paymentObservations.providerRef, t.providerRef))
      expect(kept?.outcome).toBe('unmatched')
      await later(MINUTE)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      provider.defaultTruth = 'pending'
    })

    it('ends a refused pay-out in 10 and tells the borrower, never a permanent 7', async () => {
      provider.next.push('refuse')
      const { b } = await lending()
      expect((await latest(b)).status).toBe(OrderStatus.PayFail)
    })

    it('reports a pay-out with no final word after its window failed, and opens the loan when it succeeds late', async () => {
      const { b, orderNo } = await lending()
      await later(61 * MINUTE)
      expect((await latest(b)).status).toBe(OrderStatus.PayFail)
      const t = provider.only(`PO${orderNo}`)
      t.truth = 'succeeded'
      await later(6 * HOUR)
      expect((await latest(b)).status).toBe(OrderStatus.Repaying)
      const [row] = await ls.s.server.ctx.db
        .select()
        .from(paymentTransfers)
        .where(eq(paymentTransfers.reference, t.reference))
      expect(row).toMatchObject({ state: 'succeeded', late: true })
    })

    it('does not apply a payment callback with a wrong amount, and applies the true one', async () => {
      const { b, order } = await repaying()
      const pay = await repay(ls, b, order.orderNo, 20_000 * TZS)
      const t = provider.only(pay.payOrderId)
      await post(provider.callback(t, { state: 'succeeded', amountMinor: 2_000_000 * TZS, key: 'wrong' }))
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor)
      await post(provider.callback(t, { state: 'succeeded', key: 'right' }))
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 20_000 * TZS)
      await settle(ls)
    })

    it('confirms a success callback that names no amount by asking the provider before booking it', async () => {
      const { b, order } = await repaying()
      const pay = await repay(ls, b, order.orderNo, 20_000 * TZS)
      const t = provider.only(pay.payOrderId)
      await post(provider.callback(t, { state: 'succeeded', amountMinor: null }))
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor)
      t.truth = 'succeeded'
      await settle(ls)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 20_000 * TZS)
    })

    it('books a payment that succeeds after its 15 minutes, and refunds what the loan no longer owes', async () => {
      const { b, order } = await repaying()
      const first = await repay(ls, b, order.orderNo, order.remainingMinor)
      await later(16 * MINUTE)
      const timedOut = await call(ls, b, '/portal/repayment/pay-order', { payOrderId: first.payOrderId })
      expect(timedOut.code).toBe(ApiCode.PaymentTimedOut)
      const second = await repay(ls, b, order.orderNo, order.remainingMinor)
      await post(provider.callback(provider.only(second.payOrderId), { state: 'succeeded' }))
      expect((await latest(b)).status).toBe(OrderStatus.Finish)
      // The first one went through after all: the money is booked, owed back, and refunded.
      provider.defaultTruth = 'succeeded'
      await post(provider.callback(provider.only(first.payOrderId), { state: 'succeeded' }))
      await settle(ls)
      const refund = provider.only(`RF${first.payOrderId}`)
      expect(refund).toMatchObject({ kind: 'payout', amountMinor: order.remainingMinor })
      await post(provider.callback(refund, { state: 'succeeded' }))
      const books = await accountBalances(ls.s.server.ctx.db)
      expect(books.refundDue ?? 0).toBe(0)
      provider.defaultTruth = 'pending'
    })

    it('asks the provider about a lapsed payment order before asking the borrower to pay again', async () => {
      const { b, order } = await repaying()
      const first = await repay(ls, b, order.orderNo, order.remainingMinor)
      // Paid in the last minute; its callback was lost, and nothing has looked it up yet.
      provider.only(first.payOrderId).truth = 'succeeded'
      await clock().advance(16 * MINUTE)
      const again = await tryRepay(ls, b, order.orderNo, order.remainingMinor)
      expect(again.code).toBe(ApiCode.LoanNothingToRepay)
      expect((await latest(b)).status).toBe(OrderStatus.Finish)
      expect([...provider.transfers.keys()].filter((r) => r.startsWith(`PY${order.orderNo}`))).toEqual([
        first.payOrderId,
      ])
      await settle(ls)
    })

    it('finds a payment whose callback was lost within minutes, not at the end of its window', async () => {
      const { b, order } = await repaying()
      const pay = await repay(ls, b, order.orderNo, 20_000 * TZS)
      provider.only(pay.payOrderId).truth = 'succeeded'
      await later(2 * MINUTE)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 20_000 * TZS)
    })

    it('stores a callback whose application failed, answers it, and finds the truth by asking', async () => {
      const { b, order } = await repaying()
      const pay = await repay(ls, b, order.orderNo, 20_000 * TZS)
      const t = provider.only(pay.payOrderId)
      t.truth = 'succeeded'
      Object.assign(crash, { point: 'callback.beforeCommit', times: 1 })
      const res = await post(provider.callback(t, { state: 'succeeded', key: 'crashes' }))
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor)
      const [stored] = await ls.s.server.ctx.db
        .select()
        .from(paymentObservations)
        .where(eq(paymentObservations.idempotencyKey, 'crashes'))
      expect(stored?.outcome).toBe('error')
      expect(res.status).toBe(200)
      await settle(ls)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 20_000 * TZS)
    })
  })
})
