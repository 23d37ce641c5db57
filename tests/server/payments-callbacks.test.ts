/**
 * Provider callbacks on POST /payments/callback/<provider>, through inject and through real HTTP: a verified
 * callback is applied once; a replay, a wrong signature, an unknown transfer or garbage changes no money.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { journalEntries, paymentObservations, sandboxTransfers } from '../../server/db/schema/loans'
import { SANDBOX_CALLBACK_PATH, SANDBOX_SIGNATURE_HEADER, signSandbox } from '../../server/payments/sandbox'
import { describeOnEachDatabase } from './helpers/databases'
import { TRANSPORTS } from './helpers/server'
import {
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const SECRET = 'callback-test-secret'
const TZS = 100

describeOnEachDatabase('Payment callbacks', (target) => {
  describe.each(TRANSPORTS)('over %s', (transport) => {
    let ls: LoanServer
    beforeAll(async () => {
      ls = await startLoanServer(target, transport, { payments: { sandboxSecret: SECRET } })
    })
    afterAll(() => ls.close())
    afterEach(() => expectBooksBalanced(ls))

    const latest = (b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')

    async function repaying() {
      const { b } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 120 })
      return { b, order: await latest(b) }
    }

    /** The callback the sandbox would send for a transfer, signed or not. */
    async function sandboxCallback(reference: string) {
      const [row] = await ls.s.server.ctx.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, reference))
      const body = JSON.stringify({
        providerRef: row!.providerRef,
        kind: row!.kind,
        reference,
        status: 'SUCCESS',
        amountMinor: row!.amountMinor,
        receipt: 'SBXTEST01',
        reason: null,
      })
      return { body, signature: signSandbox(SECRET, body) }
    }

    const post = (body: string, headers: Record<string, string>, provider = 'sandbox') =>
      ls.s.raw({
        method: 'POST',
        url: provider === 'sandbox' ? SANDBOX_CALLBACK_PATH : `/payments/callback/${provider}`,
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })

    const entries = async () => (await ls.s.server.ctx.db.select({ n: count() }).from(journalEntries))[0]!.n

    it('applies a repayment callback once; the same callback again changes nothing', async () => {
      const { b, order } = await repaying()
      const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
        orderNo: order.orderNo,
        amountMinor: 20_000 * TZS,
        channelId: 'mpesa',
      })
      const cb = await sandboxCallback(pay.payOrderId)
      const first = await post(cb.body, { [SANDBOX_SIGNATURE_HEADER]: cb.signature })
      expect(first.status).toBe(200)
      const afterFirst = await latest(b)
      expect(afterFirst.remainingMinor).toBe(order.remainingMinor! - 20_000 * TZS)
      const journal = await entries()

      const replay = await post(cb.body, { [SANDBOX_SIGNATURE_HEADER]: cb.signature })
      expect(replay.status).toBe(200)
      expect((await latest(b)).remainingMinor).toBe(afterFirst.remainingMinor)
      expect(await entries()).toBe(journal)
      const seen = await ls.s.server.ctx.db
        .select()
        .from(paymentObservations)
        .where(eq(paymentObservations.idempotencyKey, `sandbox:${JSON.parse(cb.body).providerRef as string}`))
      expect(seen.map((o) => o.outcome)).toEqual(['applied'])

      // The sandbox's own delivery of the same result is a replay too.
      await settle(ls)
      expect((await latest(b)).remainingMinor).toBe(afterFirst.remainingMinor)
      expect(await entries()).toBe(journal)
    })

    it('recovers a payment whose callback was lost by asking the provider when the 15 minutes are over', async () => {
      const { b, order } = await repaying()
      const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
        orderNo: order.orderNo,
        amountMinor: 30_000 * TZS,
        channelId: 'halopesa',
      })
      // No callback is delivered; the expiry job finds out from the provider's status.
      await ls.s.server.ctx.clock.advance(15 * 60_000)
      await ls.s.server.ctx.jobs.runDue()
      const recovered = await ok<T.PayOrder>(ls, b, '/portal/repayment/pay-order', {
        payOrderId: pay.payOrderId,
      })
      expect(recovered.status).toBe('paid')
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 30_000 * TZS)
      const journal = await entries()
      // The late callback is then a no-op.
      await settle(ls)
      expect(await entries()).toBe(journal)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor! - 30_000 * TZS)
    })

    it('refuses a callback with a wrong or missing signature, and it changes nothing', async () => {
      const { b, order } = await repaying()
      const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
        orderNo: order.orderNo,
        amountMinor: 20_000 * TZS,
        channelId: 'airtel',
      })
      const cb = await sandboxCallback(pay.payOrderId)
      const forged = cb.body.replace('"amountMinor":2000000', '"amountMinor":9900000')
      expect((await post(forged, { [SANDBOX_SIGNATURE_HEADER]: cb.signature })).status).toBe(401)
      expect((await post(cb.body, {})).status).toBe(401)
      expect((await post(cb.body, { [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) })).status).toBe(401)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor)
      await settle(ls)
    })

    it('keeps a callback about a transfer it does not know, answers it, and changes no money', async () => {
      const body = JSON.stringify({
        providerRef: 'SBX-unknown',
        kind: 'collection',
        reference: 'PYnothing-1',
        status: 'SUCCESS',
        amountMinor: 100,
        receipt: null,
        reason: null,
      })
      const journal = await entries()
      const res = await post(body, { [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, body) })
      expect(res.status).toBe(200)
      const kept = await ls.s.server.ctx.db
        .select()
        .from(paymentObservations)
        .where(eq(paymentObservations.idempotencyKey, 'sandbox:SBX-unknown'))
      expect(kept.map((o) => [o.outcome, o.transferId])).toEqual([['unmatched', null]])
      expect(await entries()).toBe(journal)
      // Its replay is recognised and kept once.
      expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, body) })).status).toBe(200)
      const again = await ls.s.server.ctx.db
        .select()
        .from(paymentObservations)
        .where(eq(paymentObservations.idempotencyKey, 'sandbox:SBX-unknown'))
      expect(again).toHaveLength(1)
    })

    it('answers garbage and unknown providers with a client error, never a 500', async () => {
      expect(
        (await post('{not json', { [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, '{not json') })).status,
      ).toBe(400)
      const empty = await post('', {})
      expect(empty.status).toBeGreaterThanOrEqual(400)
      expect(empty.status).toBeLessThan(500)
      expect((await post('{}', {}, 'nobody')).status).toBe(404)
      const signedNonsense = JSON.stringify({ hello: 'world' })
      expect(
        (await post(signedNonsense, { [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, signedNonsense) }))
          .status,
      ).toBe(401)
    })

    it('never pays a loan out twice when the pay-out callback is replayed', async () => {
      const { b, order } = await repaying()
      const [row] = await ls.s.server.ctx.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, `PO${order.orderNo}-1`))
      expect(row).toMatchObject({ kind: 'payout', outcome: 'succeeded' })
      const journal = await entries()
      const body = JSON.stringify({
        providerRef: row!.providerRef,
        kind: 'payout',
        reference: row!.reference,
        status: 'SUCCESS',
        amountMinor: row!.amountMinor,
        receipt: 'SBXAGAIN',
        reason: null,
      })
      expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, body) })).status).toBe(200)
      expect(await entries()).toBe(journal)
      expect((await latest(b)).remainingMinor).toBe(order.remainingMinor)
    })
  })
})
