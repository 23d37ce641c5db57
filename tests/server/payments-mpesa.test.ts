/**
 * The M-Pesa adapter against a local fake of Safaricom's Daraja endpoints (tests/server/helpers/fake-daraja.ts,
 * shared with the browser journey 27): OAuth, B2C pay-out with its Result and queue time-out callbacks, the
 * Transaction Status query, STK push with its stkCallback, and the STK query — misbehaving on request.
 *
 * The first suites test MpesaProvider on its own: its callbacks go to a small recording receiver and are read
 * with verifyCallback. The last suite drives the whole loan server through it; it loads the server's harness only
 * when it runs, so the adapter's own tests do not depend on the server.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { desc, eq, like } from 'drizzle-orm'
import { journalEntries, paymentTransfers } from '../../server/db/schema/loans'
import { suspenseResolutions } from '../../server/db/schema/staff'
import { resolveSuspense } from '../../server/console/actions'
import { createStaff } from '../../server/console/staff'
import { checkBooks } from '../../server/money/check'
import type { FaultPoint } from '../../server/payments/service'
import { DARAJA_TEST_CREDENTIALS, FakeDaraja, type Scripted } from './helpers/fake-daraja'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import {
  darajaTimestamp,
  MpesaProvider,
  pushesIn,
  stkAccountReference,
  stkPassword,
  toMsisdn,
  type MpesaConfig,
} from '../../server/payments/mpesa'
import {
  ProviderError,
  type CallbackInput,
  type CallbackOutcome,
  type PayoutRequest,
  type VerifiedCallback,
} from '../../server/payments/provider'
import { describeOnEachDatabase } from './helpers/databases'
import type { Borrower, LoanServer } from './loans-harness'

const KES = 100
const KEY = DARAJA_TEST_CREDENTIALS.consumerKey
const SECRET = DARAJA_TEST_CREDENTIALS.consumerSecret
const CALLBACK_TOKEN = 'daraja-callback-token-0123456789'

/** Our callback route, as far as the adapter's own tests need one: it records what Daraja posts. */
class CallbackReceiver {
  readonly received: { url: URL; body: unknown; raw: string }[] = []
  private server: Server | null = null
  url = ''

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        this.received.push({ url: new URL(req.url ?? '/', this.url), body: JSON.parse(raw) as unknown, raw })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }))
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  /** The callbacks whose URL has this kind (and, for status results, this ref). */
  find(kind: string, ref?: string) {
    return this.received.filter(
      (c) =>
        c.url.searchParams.get('kind') === kind &&
        (ref === undefined || c.url.searchParams.get('ref') === ref),
    )
  }
}

function baseConfig(baseUrl: string): MpesaConfig {
  return {
    baseUrl,
    consumerKey: KEY,
    consumerSecret: SECRET,
    b2cShortcode: '600998',
    initiatorName: 'testapi',
    securityCredential: 'c2VjdXJpdHktY3JlZGVudGlhbA==',
    stkShortcode: '174379',
    passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
    callbackBaseUrl: 'http://127.0.0.1:9',
    callbackToken: CALLBACK_TOKEN,
    dialCode: '254',
    b2cVersion: 'v3',
    now: () => Date.now(),
  }
}

/** verifyCallback of an adapter without a push ledger, which answers at once. */
function verifyNow(p: MpesaProvider, input: CallbackInput): VerifiedCallback {
  return p.verifyCallback(input) as VerifiedCallback
}

/** A callback as our route hands it to verifyCallback. */
function verify(p: MpesaProvider, cb: { url: URL; body: unknown; raw: string }): VerifiedCallback {
  return verifyNow(p, {
    headers: { 'content-type': 'application/json' },
    query: Object.fromEntries(cb.url.searchParams),
    body: cb.body,
    rawBody: cb.raw,
  })
}

/** The outcome of a callback that must verify. */
function outcomeOf(verified: VerifiedCallback | Promise<VerifiedCallback>): CallbackOutcome {
  const v = verified as VerifiedCallback
  if (!v.ok) throw new Error(`callback refused: ${v.reason}`)
  return v.outcome
}

/** A hand-made callback with the right token. */
function callback(p: MpesaProvider, query: Record<string, string>, body: unknown): VerifiedCallback {
  return verifyNow(p, {
    headers: {},
    query: { token: CALLBACK_TOKEN, ...query },
    body,
    rawBody: JSON.stringify(body),
  })
}

let refs = 0
/** A fresh reference shaped like the server's (PO<order>-<attempt>). */
const nextRef = () => `PO${Date.now() % 1_000_000}${++refs}-1`

function payout(reference: string, overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    reference,
    amountMinor: 5_000 * KES,
    currency: 'KES',
    account: '0712345678',
    walletProvider: 'mpesa',
    ...overrides,
  }
}

describe('The M-Pesa adapter', () => {
  it('builds the STK password and timestamp the way Daraja checks them', () => {
    const at = Date.UTC(2026, 0, 31, 21, 5, 9) // 00:05:09 on 1 February in Nairobi
    expect(darajaTimestamp(at)).toBe('20260201000509')
    expect(stkPassword('174379', 'passkey', '20260201000509')).toBe(
      Buffer.from('174379passkey20260201000509').toString('base64'),
    )
    expect(toMsisdn('0712345678', '254')).toBe('254712345678')
    expect(toMsisdn('712345678', '254')).toBe('254712345678')
    expect(toMsisdn('254712345678', '254')).toBe('254712345678')
  })

  it('refuses a callback without its token and one that is neither a B2C Result nor an stkCallback', () => {
    const p = new MpesaProvider({
      ...baseConfig('http://127.0.0.1:9'),
      callbackBaseUrl: 'https://lender.example',
    })
    const stk = { Body: { stkCallback: { CheckoutRequestID: 'ws_1', ResultCode: 0 } } }
    expect(verifyNow(p, { headers: {}, query: {}, body: stk, rawBody: '' }).ok).toBe(false)
    expect(verifyNow(p, { headers: {}, query: { token: 'wrong' }, body: stk, rawBody: '' }).ok).toBe(false)
    expect(
      verifyNow(p, { headers: {}, query: { token: CALLBACK_TOKEN }, body: { x: 1 }, rawBody: '' }).ok,
    ).toBe(false)
    expect(
      verifyNow(p, { headers: {}, query: { token: CALLBACK_TOKEN }, body: stk, rawBody: '' }),
    ).toMatchObject({
      ok: true,
      outcome: { kind: 'collection', providerRef: 'ws_1', state: 'succeeded' },
    })
  })

  it('refuses a fraction of a shilling or another currency without calling Daraja', async () => {
    const calls: string[] = []
    const p = new MpesaProvider({
      ...baseConfig('http://127.0.0.1:9'),
      fetch: (input) => {
        calls.push(String(input))
        return Promise.reject(new Error('no call expected'))
      },
    })
    await expect(p.disburse(payout('r1', { amountMinor: 1_050 }))).resolves.toEqual({
      result: 'refused',
      reason: expect.stringMatching(/whole shillings/) as string,
    })
    await expect(p.disburse(payout('r2', { currency: 'TZS' }))).resolves.toMatchObject({ result: 'refused' })
    await expect(
      p.requestPayment({
        reference: 'r3',
        amountMinor: 99,
        currency: 'KES',
        payer: '0712345678',
        description: 'Order 1',
      }),
    ).resolves.toMatchObject({
      result: 'refused',
      reason: expect.stringMatching(/whole shillings/) as string,
    })
    expect(calls).toEqual([])
  })
})

describe('The M-Pesa adapter against a fake Daraja', () => {
  const daraja = new FakeDaraja()
  const receiver = new CallbackReceiver()
  let p: MpesaProvider
  const make = (overrides: Partial<MpesaConfig> = {}) =>
    new MpesaProvider({
      ...baseConfig(daraja.url),
      callbackBaseUrl: receiver.url,
      requestTimeoutMs: 300,
      ...overrides,
    })

  beforeAll(async () => {
    await Promise.all([daraja.start(), receiver.start()])
    p = make()
  })
  afterAll(async () => {
    await daraja.stop()
    await receiver.stop()
  })

  const sent = (path: string, match: (body: Record<string, unknown>) => boolean) =>
    daraja.seen.filter((s) => s.path === path && match(s.body))
  const B2C = '/mpesa/b2c/v3/paymentrequest'
  const STATUS = '/mpesa/transactionstatus/v1/query'
  const STK = '/mpesa/stkpush/v1/processrequest'
  const STK_QUERY = '/mpesa/stkpushquery/v1/query'

  describe('paying out with B2C v3', () => {
    it('sends our reference as the OriginatorConversationID and takes it as the providerRef', async () => {
      const ref = nextRef()
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'accepted', providerRef: ref })
      const [request] = sent(B2C, (b) => b.OriginatorConversationID === ref)
      expect(request!.body).toMatchObject({
        OriginatorConversationID: ref,
        InitiatorName: 'testapi',
        SecurityCredential: 'c2VjdXJpdHktY3JlZGVudGlhbA==',
        CommandID: 'BusinessPayment',
        Amount: 5_000,
        PartyA: '600998',
        PartyB: '254712345678',
        Occassion: ref,
      })
      expect(request!.body.ResultURL).toBe(
        `${receiver.url}/payments/callback/mpesa?kind=b2c-result&token=${CALLBACK_TOKEN}`,
      )
      expect(request!.body.QueueTimeOutURL).toBe(
        `${receiver.url}/payments/callback/mpesa?kind=b2c-timeout&token=${CALLBACK_TOKEN}`,
      )
    })

    it('reads a successful result with its amount, receipt and our reference, under a key without the result code', async () => {
      const ref = nextRef()
      await p.disburse(payout(ref))
      await daraja.drain()
      const t = daraja.transfers.get(ref)!
      const cb = receiver.find('b2c-result').find((c) => JSON.stringify(c.body).includes(ref))!
      expect(outcomeOf(verify(p, cb))).toEqual({
        kind: 'payout',
        providerRef: ref,
        reference: ref,
        state: 'succeeded',
        idempotencyKey: `b2c:${t.conversation}:result`,
        amountMinor: 5_000 * KES,
        receipt: t.receipt,
      })
    })

    it('gives the same key to a replay of a result whatever its result code', () => {
      const result = (ResultCode: number) => ({
        Result: {
          ResultType: 0,
          ResultCode,
          ResultDesc: 'x',
          OriginatorConversationID: 'PO1-1',
          ConversationID: 'AG_1',
        },
      })
      const first = outcomeOf(callback(p, { kind: 'b2c-result' }, result(0)))
      const second = outcomeOf(callback(p, { kind: 'b2c-result' }, result(2040)))
      expect(first.idempotencyKey).toBe('b2c:AG_1:result')
      expect(second.idempotencyKey).toBe(first.idempotencyKey)
    })

    it('puts no receipt and no amount on a failed result, even when Daraja sends a TransactionID', async () => {
      const ref = nextRef()
      await p.disburse(payout(ref, { account: '0712340000' }))
      await daraja.drain()
      const cb = receiver.find('b2c-result').find((c) => JSON.stringify(c.body).includes(ref))!
      const outcome = outcomeOf(verify(p, cb))
      expect(outcome).toMatchObject({
        kind: 'payout',
        reference: ref,
        state: 'failed',
        reason: 'Credit Party customer type can not be supported by the service.',
      })
      expect(outcome.receipt).toBeUndefined()
      expect(outcome.amountMinor).toBeUndefined()
    })

    it('reads a queue time-out as pending, and the real result that follows as final under another key', async () => {
      const ref = nextRef()
      daraja.script(B2C, { queueTimeout: true })
      await p.disburse(payout(ref))
      await daraja.drain()
      const t = daraja.transfers.get(ref)!
      const timeout = receiver.find('b2c-timeout').find((c) => JSON.stringify(c.body).includes(ref))!
      const result = receiver.find('b2c-result').find((c) => JSON.stringify(c.body).includes(ref))!
      const first = outcomeOf(verify(p, timeout))
      const then = outcomeOf(verify(p, result))
      expect(first).toMatchObject({ kind: 'payout', reference: ref, providerRef: ref, state: 'pending' })
      expect(first.idempotencyKey).toBe(`b2c:${t.conversation}:timeout`)
      expect(then).toMatchObject({
        state: 'succeeded',
        reference: ref,
        idempotencyKey: `b2c:${t.conversation}:result`,
      })
    })

    it('reads a result of ResultType 1 as pending whatever its result code', () => {
      for (const ResultCode of [0, 2040]) {
        const outcome = outcomeOf(
          callback(
            p,
            { kind: 'b2c-result' },
            {
              Result: {
                ResultType: 1,
                ResultCode,
                ResultDesc: 'Waiting for further messages',
                OriginatorConversationID: 'PO2-1',
                ConversationID: 'AG_2',
                TransactionID: 'NLJ2AAAA',
                ResultParameters: { ResultParameter: [{ Key: 'TransactionAmount', Value: 10 }] },
              },
            },
          ),
        )
        expect(outcome).toMatchObject({
          state: 'pending',
          reference: 'PO2-1',
          idempotencyKey: 'b2c:AG_2:interim',
        })
        expect(outcome.receipt).toBeUndefined()
        expect(outcome.amountMinor).toBeUndefined()
      }
    })

    it('answers duplicate, never refused, when Daraja already has the OriginatorConversationID', async () => {
      const ref = nextRef()
      await expect(p.disburse(payout(ref))).resolves.toMatchObject({ result: 'accepted' })
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'duplicate', providerRef: ref })
      await daraja.drain()
      expect(sent(B2C, (b) => b.OriginatorConversationID === ref)).toHaveLength(2)
      expect(receiver.find('b2c-result').filter((c) => JSON.stringify(c.body).includes(ref))).toHaveLength(1)
    })

    it('answers duplicate to a ResponseCode whose description says the request is a duplicate', async () => {
      daraja.script(B2C, {
        answer: 200,
        body: { ResponseCode: '1', ResponseDescription: 'Duplicate OriginatorConversationID' },
      })
      const ref = nextRef()
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'duplicate', providerRef: ref })
    })

    it('pays once when the first answer was lost: the retry with the same reference is a duplicate', async () => {
      const ref = nextRef()
      daraja.script(B2C, { loseAnswer: true })
      await expect(p.disburse(payout(ref))).rejects.toBeInstanceOf(ProviderError)
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'duplicate', providerRef: ref })
      await daraja.drain()
      expect(receiver.find('b2c-result').filter((c) => JSON.stringify(c.body).includes(ref))).toHaveLength(1)
    })

    it('refuses a pay-out that Daraja rejects with a 400.002.02 validation error', async () => {
      const ref = nextRef()
      await expect(p.disburse(payout(ref, { account: '12345' }))).resolves.toEqual({
        result: 'refused',
        reason: '400.002.02 Bad Request - Invalid PartyB',
      })
    })

    it('throws, for the outbox to retry with the same reference, on every answer that leaves the outcome unknown', async () => {
      const ref = nextRef()
      const unknown: Scripted[] = [
        { hang: true },
        { drop: true },
        { answer: 503, raw: '<html>Service Unavailable</html>' },
        { answer: 429, body: { errorCode: '500.003.03', errorMessage: 'Quota Violation' } },
        {
          answer: 500,
          body: { errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' },
        },
        { answer: 500, body: { errorCode: '500.003.1001', errorMessage: 'Internal Server Error' } },
        { answer: 502, body: { errorCode: '500.002.1001', errorMessage: 'Internal Server Error' } },
        { answer: 200, raw: 'not json' },
        { answer: 200, body: { ResponseCode: '1', ResponseDescription: 'The service request has failed' } },
      ]
      daraja.script(B2C, ...unknown)
      for (const behaviour of unknown) {
        await expect(p.disburse(payout(ref)), JSON.stringify(behaviour)).rejects.toBeInstanceOf(ProviderError)
      }
      expect(daraja.transfers.has(ref)).toBe(false)
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'accepted', providerRef: ref })
      expect(sent(B2C, (b) => b.OriginatorConversationID === ref)).toHaveLength(unknown.length + 1)
    })

    it('drops an access token Daraja rejects and fetches a new one for the next call', async () => {
      const q = make()
      const before = daraja.tokensIssued
      daraja.script(B2C, {
        answer: 404,
        body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
      })
      await expect(q.disburse(payout(nextRef()))).rejects.toBeInstanceOf(ProviderError)
      await expect(q.disburse(payout(nextRef()))).resolves.toMatchObject({ result: 'accepted' })
      expect(daraja.tokensIssued).toBe(before + 2)
    })
  })

  describe('paying out with B2C v1', () => {
    it("takes Daraja's OriginatorConversationID as the providerRef and sets no reference of ours on the result", async () => {
      const v1 = make({ b2cVersion: 'v1' })
      const ack = await v1.disburse(payout('PO-v1-1'))
      expect(ack).toMatchObject({
        result: 'accepted',
        providerRef: expect.stringMatching(/^29115-/) as string,
      })
      const providerRef = (ack as { providerRef: string }).providerRef
      const [request] = sent('/mpesa/b2c/v1/paymentrequest', () => true)
      expect(request!.body.OriginatorConversationID).toBeUndefined()
      await daraja.drain()
      const cb = receiver.find('b2c-result').find((c) => JSON.stringify(c.body).includes(providerRef))!
      const outcome = outcomeOf(verify(v1, cb))
      expect(outcome).toMatchObject({ providerRef, state: 'succeeded' })
      expect(outcome.reference).toBeUndefined()
    })
  })

  describe("a pay-out's status through Daraja's Transaction Status API", () => {
    it('queries by our reference, answers pending, and reads the result Daraja posts to our URL', async () => {
      const ref = `PO77-1 #2&x=1`
      await p.disburse(payout(ref))
      await daraja.drain()
      const t = daraja.transfers.get(ref)!
      await expect(
        p.status({ kind: 'payout', reference: ref, providerRef: ref, amountMinor: 5_000 * KES }),
      ).resolves.toEqual({ state: 'pending', providerRef: ref })
      const [query] = sent(STATUS, (b) => b.OriginalConversationID === ref)
      expect(query!.body).toMatchObject({
        Initiator: 'testapi',
        SecurityCredential: 'c2VjdXJpdHktY3JlZGVudGlhbA==',
        CommandID: 'TransactionStatusQuery',
        OriginalConversationID: ref,
        PartyA: '600998',
        IdentifierType: '4',
        Occasion: ref,
      })
      expect(query!.body.ResultURL).toBe(
        `${receiver.url}/payments/callback/mpesa?kind=status&ref=${encodeURIComponent(ref)}&token=${CALLBACK_TOKEN}`,
      )
      expect(String(query!.body.QueueTimeOutURL)).toContain(
        `kind=status-timeout&ref=${encodeURIComponent(ref)}`,
      )

      await daraja.drain()
      const [cb] = receiver.find('status', ref)
      const outcome = outcomeOf(verify(p, cb!))
      expect(outcome).toMatchObject({
        kind: 'payout',
        reference: ref,
        providerRef: ref,
        state: 'succeeded',
        amountMinor: 5_000 * KES,
        receipt: t.receipt,
      })
      expect(outcome.idempotencyKey).toMatch(/^b2c-status:AG_/)
      const result = receiver.find('b2c-result').find((c) => JSON.stringify(c.body).includes(t.conversation))!
      expect(outcome.idempotencyKey).not.toBe(outcomeOf(verify(p, result)).idempotencyKey)
    })

    it('reads a status result of a failed pay-out as failed, without its receipt', async () => {
      const ref = nextRef()
      await p.disburse(payout(ref, { account: '0712340000' }))
      await p.status({ kind: 'payout', reference: ref, providerRef: ref, amountMinor: 5_000 * KES })
      await daraja.drain()
      const outcome = outcomeOf(verify(p, receiver.find('status', ref)[0]!))
      expect(outcome).toMatchObject({ reference: ref, state: 'failed', reason: 'TransactionStatus Failed' })
      expect(outcome.receipt).toBeUndefined()
      expect(outcome.amountMinor).toBeUndefined()
    })

    // Found by the fault simulation: read as pending, a pay-out that never reached Daraja stayed expired and was
    // asked about for ever. B2C v3 names it by our OriginatorConversationID, so "not found" means never received.
    it('reads a status query that found no transaction as not found (never received), not as a failure', async () => {
      const ref = nextRef()
      await expect(
        p.status({ kind: 'payout', reference: ref, providerRef: null, amountMinor: 5_000 * KES }),
      ).resolves.toMatchObject({ state: 'pending' })
      await daraja.drain()
      const outcome = outcomeOf(verify(p, receiver.find('status', ref)[0]!))
      expect(outcome).toMatchObject({
        kind: 'payout',
        reference: ref,
        state: 'notFound',
        confirmed: true,
        reason: 'The transaction is not found.',
      })
      expect(outcome.receipt).toBeUndefined()
    })

    it('maps each TransactionStatus, a ResultType 1 and a queue time-out of the query', () => {
      const status = (TransactionStatus: string, extra: Record<string, unknown> = {}) => ({
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: 'q-1',
          ConversationID: 'AG_Q1',
          ResultParameters: {
            ResultParameter: [
              { Key: 'OriginatorConversationID', Value: 'PO9-1' },
              { Key: 'TransactionStatus', Value: TransactionStatus },
              { Key: 'Amount', Value: '300' },
              { Key: 'ReceiptNo', Value: 'MBN31H462N' },
            ],
          },
          ...extra,
        },
      })
      const read = (body: unknown, kind = 'status') => outcomeOf(callback(p, { kind, ref: 'PO9-1' }, body))
      expect(read(status('Completed'))).toEqual({
        kind: 'payout',
        reference: 'PO9-1',
        providerRef: 'PO9-1',
        // The answer to our own query speaks from Daraja's books.
        confirmed: true,
        state: 'succeeded',
        idempotencyKey: 'b2c-status:AG_Q1',
        amountMinor: 300 * KES,
        receipt: 'MBN31H462N',
      })
      for (const final of ['Failed', 'Cancelled', 'Expired']) {
        const outcome = read(status(final))
        expect(outcome).toMatchObject({ state: 'failed', reason: `TransactionStatus ${final}` })
        expect(outcome.receipt).toBeUndefined()
      }
      expect(read(status('Authorized'))).toMatchObject({ state: 'pending' })
      expect(read(status('Completed', { ResultType: 1 }))).toMatchObject({
        state: 'pending',
        idempotencyKey: 'b2c-status:AG_Q1:interim',
      })
      expect(
        read(
          {
            Result: {
              ResultType: 0,
              ResultCode: 1,
              OriginatorConversationID: 'q-1',
              ConversationID: 'AG_Q1',
            },
          },
          'status-timeout',
        ),
      ).toMatchObject({ state: 'pending', reference: 'PO9-1', idempotencyKey: 'b2c-status:AG_Q1:timeout' })
    })

    it('refuses a status result without our reference or about another transfer', () => {
      const body = {
        Result: {
          ResultType: 0,
          ResultCode: 0,
          OriginatorConversationID: 'q-2',
          ConversationID: 'AG_Q2',
          ResultParameters: {
            ResultParameter: [
              { Key: 'OriginatorConversationID', Value: 'PO-other-1' },
              { Key: 'TransactionStatus', Value: 'Completed' },
            ],
          },
        },
      }
      expect(callback(p, { kind: 'status' }, body)).toMatchObject({ ok: false })
      expect(callback(p, { kind: 'status', ref: 'PO10-1' }, body)).toMatchObject({ ok: false })
      expect(callback(p, { kind: 'status', ref: 'PO-other-1' }, body)).toMatchObject({ ok: true })
    })

    it('throws when Daraja does not take the status query', async () => {
      daraja.script(STATUS, {
        answer: 500,
        body: { errorCode: '500.003.1001', errorMessage: 'Internal Server Error' },
      })
      await expect(
        p.status({ kind: 'payout', reference: nextRef(), providerRef: null, amountMinor: 100 }),
      ).rejects.toBeInstanceOf(ProviderError)
      daraja.script(STATUS, { hang: true })
      await expect(
        p.status({ kind: 'payout', reference: nextRef(), providerRef: null, amountMinor: 100 }),
      ).rejects.toBeInstanceOf(ProviderError)
    })
  })

  describe('collecting with M-Pesa Express', () => {
    const collection = (reference: string, payer = '0712345678') => ({
      reference,
      amountMinor: 2_000 * KES,
      currency: 'KES',
      payer,
      description: 'Order 123456789',
    })

    it('sends an STK push and reads its callback as a success with amount and receipt', async () => {
      const ref = nextRef()
      const ack = await p.requestPayment(collection(ref))
      expect(ack).toMatchObject({
        result: 'accepted',
        providerRef: expect.stringMatching(/^ws_CO_/) as string,
      })
      const checkout = (ack as { providerRef: string }).providerRef
      const [request] = sent(STK, (b) => b.AccountReference === stkAccountReference(ref))
      const timestamp = String(request!.body.Timestamp)
      expect(request!.body).toMatchObject({
        BusinessShortCode: '174379',
        Password: stkPassword('174379', baseConfig('').passkey, timestamp),
        TransactionType: 'CustomerPayBillOnline',
        Amount: 2_000,
        PartyA: '254712345678',
        PartyB: '174379',
        PhoneNumber: '254712345678',
        CallBackURL: `${receiver.url}/payments/callback/mpesa?kind=stk&token=${CALLBACK_TOKEN}`,
        TransactionDesc: 'Order 1234567',
      })
      await daraja.drain()
      const cb = receiver.find('stk').find((c) => JSON.stringify(c.body).includes(checkout))!
      expect(outcomeOf(verify(p, cb))).toEqual({
        kind: 'collection',
        providerRef: checkout,
        state: 'succeeded',
        idempotencyKey: `stk:${checkout}:paid:${2_000 * KES}`,
        amountMinor: 2_000 * KES,
        receipt: expect.stringMatching(/^RKT/) as string,
      })
    })

    it('reads a cancelled prompt as failed, without a receipt', async () => {
      const ack = await p.requestPayment(collection(nextRef(), '0712340000'))
      const checkout = (ack as { providerRef: string }).providerRef
      await daraja.drain()
      const cb = receiver.find('stk').find((c) => JSON.stringify(c.body).includes(checkout))!
      const outcome = outcomeOf(verify(p, cb))
      expect(outcome).toMatchObject({ state: 'failed', reason: 'Request cancelled by user' })
      expect(outcome.receipt).toBeUndefined()
    })

    it('claims no amount for a successful callback without an Amount item, and no receipt on a failure', () => {
      const ok = outcomeOf(
        callback(
          p,
          { kind: 'stk' },
          {
            Body: {
              stkCallback: {
                CheckoutRequestID: 'ws_CO_9',
                ResultCode: 0,
                ResultDesc: 'The service request is processed successfully.',
                CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: 'RKT9' }] },
              },
            },
          },
        ),
      )
      expect(ok).toEqual({
        kind: 'collection',
        providerRef: 'ws_CO_9',
        state: 'succeeded',
        idempotencyKey: 'stk:ws_CO_9:paid:',
        receipt: 'RKT9',
      })
      const failed = outcomeOf(
        callback(
          p,
          { kind: 'stk' },
          {
            Body: {
              stkCallback: {
                CheckoutRequestID: 'ws_CO_10',
                ResultCode: 2001,
                ResultDesc: 'The initiator information is invalid.',
                CallbackMetadata: {
                  Item: [
                    { Name: 'MpesaReceiptNumber', Value: 'RKT10' },
                    { Name: 'Amount', Value: 5 },
                  ],
                },
              },
            },
          },
        ),
      )
      expect(failed).toEqual({
        kind: 'collection',
        providerRef: 'ws_CO_10',
        state: 'failed',
        idempotencyKey: 'stk:ws_CO_10',
        reason: 'The initiator information is invalid.',
      })
    })

    it("reads the STK query's result codes, its 'being processed' answer, and throws on errors", async () => {
      const lookup = {
        kind: 'collection' as const,
        reference: 'PAY1',
        providerRef: 'ws_CO_Q',
        amountMinor: 100,
      }
      const answer = (ResultCode: string, ResultDesc: string): Scripted => ({
        answer: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'accepted',
          CheckoutRequestID: 'ws_CO_Q',
          ResultCode,
          ResultDesc,
        },
      })
      daraja.script(STK_QUERY, answer('0', 'The service request is processed successfully.'))
      await expect(p.status(lookup)).resolves.toEqual({ state: 'succeeded', providerRef: 'ws_CO_Q' })
      for (const [code, desc] of [
        ['1032', 'Request cancelled by user'],
        ['1037', 'DS timeout user cannot be reached'],
        ['1', 'The balance is insufficient for the transaction'],
        ['2001', 'The initiator information is invalid.'],
      ] as const) {
        daraja.script(STK_QUERY, answer(code, desc))
        await expect(p.status(lookup)).resolves.toEqual({
          state: 'failed',
          providerRef: 'ws_CO_Q',
          reason: desc,
        })
      }
      daraja.script(STK_QUERY, {
        answer: 500,
        body: {
          requestId: 'ws_CO_Q',
          errorCode: '500.001.1001',
          errorMessage: 'The transaction is being processed',
        },
      })
      await expect(p.status(lookup)).resolves.toMatchObject({ state: 'pending' })
      const errors: Scripted[] = [
        {
          answer: 500,
          body: { errorCode: '500.001.1001', errorMessage: '[MerchantValidate] - Wrong credentials' },
        },
        { answer: 503, raw: 'busy' },
        { answer: 429, body: { errorCode: '500.003.03', errorMessage: 'Quota Violation' } },
        { drop: true },
      ]
      daraja.script(STK_QUERY, ...errors)
      for (const _ of errors) await expect(p.status(lookup)).rejects.toBeInstanceOf(ProviderError)
    })

    it('refuses an STK push that fails validation and throws when the system is busy', async () => {
      daraja.script(STK, {
        answer: 400,
        body: { requestId: 'r', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' },
      })
      await expect(p.requestPayment(collection(nextRef()))).resolves.toEqual({
        result: 'refused',
        reason: '400.002.02 Bad Request - Invalid PhoneNumber',
      })
      daraja.script(STK, {
        answer: 500,
        body: { errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' },
      })
      await expect(p.requestPayment(collection(nextRef()))).rejects.toBeInstanceOf(ProviderError)
    })
  })
})

describeOnEachDatabase('Loans paid out and repaid through M-Pesa', (target) => {
  const daraja = new FakeDaraja()
  let ls: LoanServer
  // The server's harness, loaded here so that the adapter's own suites above never depend on the server.
  let h: typeof import('./loans-harness')
  const config = baseConfig('')
  let crashAt: FaultPoint | null = null
  /** Work a test runs once, as a send has the provider's answer and before it records it. */
  let beforeAnswerRecorded: (() => Promise<void>) | null = null

  beforeAll(async () => {
    h = await import('./loans-harness')
    await daraja.start()
    config.baseUrl = daraja.url
    ls = await h.startLoanServer(target, 'http', {
      payments: { routes: { 'KE:mpesa': 'mpesa' } },
      providers: [new MpesaProvider(config)],
      // A crash at one point, once, when a test asks for it (as a restart would leave it).
      faults: async (point) => {
        if (point === 'send.afterProvider' && beforeAnswerRecorded) {
          const work = beforeAnswerRecorded
          beforeAnswerRecorded = null
          await work()
        }
        if (point !== crashAt) return
        crashAt = null
        throw new Error(`simulated crash at ${point}`)
      },
    })
    const address = ls.s.server.app.server.address() as AddressInfo
    config.callbackBaseUrl = `http://127.0.0.1:${address.port}`
    config.now = () => ls.s.server.ctx.clock.nowMs()
    config.pushes = pushesIn(ls.s.server.ctx.db)
    daraja.now = config.now
  })
  afterAll(async () => {
    await daraja.stop()
    await ls?.close()
  })
  afterEach(() => h.expectBooksBalanced(ls))

  const latest = (b: Borrower) => h.ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')

  /** Runs jobs and waits for the fake's callbacks until the order reaches one of `statuses`. */
  async function until(b: Borrower, statuses: number[]) {
    for (let i = 0; i < 40; i++) {
      await h.settle(ls)
      await daraja.drain()
      const order = await latest(b)
      if (statuses.includes(order.status)) return order
    }
    throw new Error(`the order never reached ${statuses.join(' or ')}`)
  }

  async function approvedKenyan(wallet: string, mobile = h.mobileFor('KE')) {
    const b = await h.register(ls.s, 'KE', mobile)
    await h.completeSteps(ls, b, undefined, { wallet })
    const applied = await h.ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: h.PRODUCT.KE,
      amountMinor: 10_000 * KES,
      tenureDays: 91,
    })
    await h.ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await h.settle(ls)
    return { b, applied }
  }

  it('pays out with a B2C request and repays with an STK push, each completed by its callback', async () => {
    const { b, applied } = await approvedKenyan('0712345678')
    const info = await h.ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    // Interest to the day: repaid on the day of pay-out, the loan costs one day of interest.
    expect(paid.remainingMinor).toBe(
      info.principalMinor + Math.round(info.interestMinor / info.tenureDays / KES) * KES,
    )

    const b2c = daraja.seen.find(
      (s) =>
        s.path === '/mpesa/b2c/v3/paymentrequest' &&
        s.body.OriginatorConversationID === `PO${applied.orderNo}-1`,
    )!
    expect(b2c.body).toMatchObject({
      InitiatorName: 'testapi',
      SecurityCredential: config.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: info.disbursalMinor / KES,
      PartyA: '600998',
      PartyB: '254712345678',
    })
    expect(String(b2c.body.ResultURL)).toBe(
      `${config.callbackBaseUrl}/payments/callback/mpesa?kind=b2c-result&token=${CALLBACK_TOKEN}`,
    )
    expect(String(b2c.body.QueueTimeOutURL)).toContain('kind=b2c-timeout')

    const pay = await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 2_000 * KES,
      channelId: 'mpesa',
    })
    expect(pay.instructions.pushSent).toBe(true)
    // Runs the jobs too (the push is sent, and its callback applied, by jobs), as `until` does: not on a timer.
    for (let i = 0; i < 40 && (await latest(b)).remainingMinor === paid.remainingMinor; i++) {
      await h.settle(ls)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 2_000 * KES)

    const stk = daraja.seen.find((s) => s.path === '/mpesa/stkpush/v1/processrequest')!
    const timestamp = String(stk.body.Timestamp)
    expect(timestamp).toMatch(/^\d{14}$/)
    expect(stk.body).toMatchObject({
      BusinessShortCode: '174379',
      Password: stkPassword('174379', config.passkey, timestamp),
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2_000,
      PartyA: toMsisdn(b.mobile, '254'),
      PartyB: '174379',
      PhoneNumber: toMsisdn(b.mobile, '254'),
    })
    expect(String(stk.body.CallBackURL)).toContain(
      `/payments/callback/mpesa?kind=stk&token=${CALLBACK_TOKEN}`,
    )
    expect(daraja.tokensIssued).toBe(1)

    // Daraja sending the same stkCallback again changes nothing.
    const sent = daraja.callbacks.find((c) => c.url.includes('kind=stk') && c.status === 200)!
    daraja.callBack(sent.url, sent.body)
    await daraja.drain()
    expect(daraja.callbacks.at(-1)!.status).toBe(200)
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 2_000 * KES)
  })

  it('marks the order 10 when the B2C result reports a failure', async () => {
    const { b, applied } = await approvedKenyan('0712340000')
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect((await until(b, [10, 2])).status).toBe(10)
  })

  // Found by the fault simulation: Daraja's Transaction Status query answers `pending` every time (its result comes
  // on a callback), so a pay-out failed for certain was asked about again and again, for ever.
  it('stops asking Daraja about a pay-out once its failure is certain', async () => {
    const { b, applied } = await approvedKenyan('0712350000')
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect((await until(b, [10, 2])).status).toBe(10)
    const { db } = ls.s.server.ctx
    const byRef = eq(paymentTransfers.reference, `PO${applied.orderNo}-1`)
    // A status query already due when the failure was applied (a queued check) still runs…
    await db.update(paymentTransfers).set({ checkAt: ls.s.server.ctx.clock.now() }).where(byRef)
    const [before] = await db.select().from(paymentTransfers).where(byRef)
    for (let i = 0; i < 5; i++) {
      await h.advance(ls, 60_000)
      await daraja.drain()
    }
    const [after] = await db.select().from(paymentTransfers).where(byRef)
    // …and its `pending` answer schedules none after it.
    expect(after).toMatchObject({ state: 'failed', checkAt: null })
    expect(after!.statusQueries).toBe(before!.statusQueries + 1)
  })

  it('leaves the balance as it was when the payer cancels the STK prompt', async () => {
    const { b, applied } = await approvedKenyan('0712345670', h.mobileFor('KE', '0000'))
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    const pay = await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 2_000 * KES,
      channelId: 'mpesa',
    })
    await daraja.drain()
    const after = await h.ok<T.PayOrder>(ls, b, '/portal/repayment/pay-order', { payOrderId: pay.payOrderId })
    expect(after.status).toBe('failed')
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor)
  })

  // Found by the fault simulation (npm run sim -- --adapter daraja): a push whose answer never reached us has no
  // CheckoutRequestID of ours, so neither the STK query nor the stkCallback could name it, and money the payer paid
  // was never booked. Its success callback carries the payer's number and the amount: by them it finds the push.
  it('books a push whose answer was lost when its callback comes, by the payer and the amount', async () => {
    const { b, applied } = await approvedKenyan('0712345671')
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    daraja.script('/mpesa/stkpush/v1/processrequest', { loseAnswer: true })
    await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 1_500 * KES,
      channelId: 'mpesa',
    })
    for (let i = 0; i < 40 && (await latest(b)).remainingMinor === paid.remainingMinor; i++) {
      await h.settle(ls)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_500 * KES)
    const pushes = daraja.seen.filter(
      (s) =>
        s.path === '/mpesa/stkpush/v1/processrequest' && s.body.PhoneNumber === toMsisdn(b.mobile, '254'),
    )
    // Daraja made one push (an STK push is never sent again), and the server now knows it by its id.
    expect(pushes).toHaveLength(1)
    const checkout = daraja.callbacks.find((c) => c.url.includes('kind=stk') && c.status === 200)!.body as {
      Body: { stkCallback: { CheckoutRequestID: string } }
    }
    expect(await config.pushes!.knownPush(checkout.Body.stkCallback.CheckoutRequestID)).toBe(true)
  })

  // Found by the fault simulation: a push whose answer was lost and whose callback was lost too named no id of ours
  // anywhere; its money stayed unbooked and the push was failed at its window.
  it('books a push whose answer and callback were both lost, found in Pull Transactions by its AccountReference', async () => {
    const { b, applied } = await approvedKenyan('0712345677')
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    daraja.script('/mpesa/stkpush/v1/processrequest', { loseAnswer: true, loseCallback: true })
    await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 1_700 * KES,
      channelId: 'mpesa',
    })
    for (let i = 0; i < 20 && (await latest(b)).remainingMinor === paid.remainingMinor; i++) {
      await h.advance(ls, 60_000)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_700 * KES)
    const push = daraja.seen.find(
      (s) =>
        s.path === '/mpesa/stkpush/v1/processrequest' && s.body.PhoneNumber === toMsisdn(b.mobile, '254'),
    )!
    expect(
      daraja.seen.some((s) => s.path === '/pulltransactions/v1/query' && s.body.ShortCode === '174379'),
    ).toBe(true)
    // Booked once: the next hours of look-ups find the receipt taken and book nothing more.
    await h.advance(ls, 3 * 60 * 60_000)
    await daraja.drain()
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_700 * KES)
    expect(
      await config.pushes!.receiptTaken!(
        daraja.paidPushes.find((p) => p.billReference === push.body.AccountReference)!.receipt,
      ),
    ).toBe(true)
  })

  /** Posts an stkCallback to the server as Daraja would. */
  async function stkCallback(
    checkout: string,
    paid: { amount: number; receipt: string; phone: string } | null,
  ) {
    const stk = paid
      ? {
          MerchantRequestID: `M-${checkout}`,
          CheckoutRequestID: checkout,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: paid.amount },
              { Name: 'MpesaReceiptNumber', Value: paid.receipt },
              { Name: 'TransactionDate', Value: 20260101101010 },
              { Name: 'PhoneNumber', Value: Number(paid.phone) },
            ],
          },
        }
      : {
          MerchantRequestID: `M-${checkout}`,
          CheckoutRequestID: checkout,
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        }
    const res = await ls.s.raw({
      method: 'POST',
      url: `/payments/callback/mpesa?kind=stk&token=${CALLBACK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Body: { stkCallback: stk } }),
    })
    expect(res.status).toBe(200)
    await h.settle(ls)
  }

  /** A Kenyan borrower paid out, with a repayment whose push never reached Daraja (no CheckoutRequestID). */
  async function withLostPush(wallet: string, amount: number) {
    const { b, applied } = await approvedKenyan(wallet)
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    daraja.script('/mpesa/stkpush/v1/processrequest', { drop: true })
    await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: amount * KES,
      channelId: 'mpesa',
    })
    await h.settle(ls)
    await daraja.drain()
    return { b, applied, paid }
  }

  // Found by the fault simulation: the key of an stkCallback named only its CheckoutRequestID, so Daraja's success
  // after a (contradicting) failure under the same id was dropped as a replay, and the money never booked.
  it('books a success that comes after a failure under the same CheckoutRequestID', async () => {
    const { b, paid } = await withLostPush('0712345672', 1_200)
    const phone = toMsisdn(b.mobile, '254')
    await stkCallback('ws_CO_AFTER_FAILURE', null)
    await stkCallback('ws_CO_AFTER_FAILURE', { amount: 1_200, receipt: 'RKTAFTER1', phone })
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_200 * KES)
    // The same success again books nothing more.
    await stkCallback('ws_CO_AFTER_FAILURE', { amount: 1_200, receipt: 'RKTAFTER1', phone })
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_200 * KES)
  })

  // Found by the fault simulation: a payment tried again after its push's answer was lost leaves two pushes of the
  // same payer and amount that Daraja names by no id of ours; the money of one was booked nowhere.
  it('books money that several waiting pushes could be to suspense, once per receipt, and onto no order', async () => {
    const { b, applied, paid } = await withLostPush('0712345673', 1_300)
    // The first push's window passes; the borrower tries again, and that push's answer is lost too.
    await h.advance(ls, 16 * 60_000)
    daraja.script('/mpesa/stkpush/v1/processrequest', { drop: true })
    await h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 1_300 * KES,
      channelId: 'mpesa',
    })
    await h.settle(ls)
    const phone = toMsisdn(b.mobile, '254')
    const { db } = ls.s.server.ctx
    const before = await checkBooks(db, { now: ls.s.server.ctx.clock.now() })
    await stkCallback('ws_CO_ONE_OF_TWO', { amount: 1_300, receipt: 'RKTSUSP1', phone })
    await stkCallback('ws_CO_ONE_OF_TWO', { amount: 1_300, receipt: 'RKTSUSP1', phone })
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor)
    const held = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, 'unmatched:mpesa:RKTSUSP1'))
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ kind: 'unapplied', orderId: null, transferId: null, currency: 'KES' })
    const report = await checkBooks(db, { now: ls.s.server.ctx.clock.now() })
    expect(report.problems).toEqual([])
    expect(report.figures.receiptsInSuspense).toBe(before.figures.receiptsInSuspense + 1)
    expect(report.figures.suspenseMinor.KES ?? 0).toBe((before.figures.suspenseMinor.KES ?? 0) - 1_300 * KES)
  })

  /**
   * The race docs/decisions.md named: the borrower pays again after a push whose answer was lost, and Daraja's
   * success callback for the new push arrives while its answer is being recorded. Two pushes of that payer and
   * amount wait with no CheckoutRequestID, so the money goes to suspense; then the answer names the push.
   */
  async function pushAnsweredAfterItsCallback(
    wallet: string,
    amount: number,
    meanwhile?: (orderNo: string) => Promise<void>,
  ) {
    const lost = await withLostPush(wallet, amount)
    await h.advance(ls, 16 * 60_000)
    const { db } = ls.s.server.ctx
    const before = await checkBooks(db, { now: ls.s.server.ctx.clock.now() })
    beforeAnswerRecorded = async () => {
      await daraja.drain()
      await meanwhile?.(lost.applied.orderNo)
    }
    const confirmed = await h.call<T.PayOrder>(ls, lost.b, '/portal/repayment/confirm', {
      orderNo: lost.applied.orderNo,
      amountMinor: amount * KES,
      channelId: 'mpesa',
    })
    await h.settle(ls)
    expect(beforeAnswerRecorded).toBeNull()
    const [push] = await db
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.kind, 'collection'))
      .orderBy(desc(paymentTransfers.id))
      .limit(1)
    const receipt = daraja.paidPushes.at(-1)!.receipt
    const [held] = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, `unmatched:mpesa:${receipt}`))
    expect(held).toBeDefined()
    return { ...lost, before, confirmed: confirmed.code, push: push!, receipt, held: held! }
  }

  it('books once a push whose answer is recorded after its callback went to suspense, unwinding the receipt', async () => {
    const { b, paid, before, confirmed, push, receipt, held } = await pushAnsweredAfterItsCallback(
      '0712345677',
      1_700,
    )
    const { db } = ls.s.server.ctx
    expect(confirmed).toBe(ApiCode.Ok)
    expect(push).toMatchObject({ state: 'succeeded', receipt, movedMinor: 1_700 * KES })
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_700 * KES)
    const [resolution] = await db
      .select()
      .from(suspenseResolutions)
      .where(eq(suspenseResolutions.entryId, held.id))
    expect(resolution).toMatchObject({ outcome: 'matched', transferId: push.id, staffId: null })
    const report = await checkBooks(db, { now: ls.s.server.ctx.clock.now() })
    expect(report.problems).toEqual([])
    expect(report.figures.receiptsInSuspense).toBe(before.figures.receiptsInSuspense)
    expect(report.figures.suspenseMinor.KES ?? 0).toBe(before.figures.suspenseMinor.KES ?? 0)
    // Daraja's callback again, and the STK queries of the look-up: nothing more is booked.
    await stkCallback(push.providerRef!, { amount: 1_700, receipt, phone: toMsisdn(b.mobile, '254') })
    for (let i = 0; i < 5; i++) {
      await h.advance(ls, 10 * 60_000)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_700 * KES)
  })

  it('fails a push whose receipt a person resolved from suspense before its answer named it, booking it no more', async () => {
    const { db } = ls.s.server.ctx
    const { b, paid, confirmed, push, held } = await pushAnsweredAfterItsCallback(
      '0712345678',
      1_800,
      async (orderNo) => {
        // Finance applies the receipt to the borrower's order from the console before the answer is recorded.
        const [entry] = await db
          .select()
          .from(journalEntries)
          .where(like(journalEntries.uniqueKey, 'unmatched:mpesa:%'))
          .orderBy(desc(journalEntries.id))
          .limit(1)
        const now = ls.s.server.ctx.clock.now()
        const { member } = await createStaff(
          db,
          now,
          {
            username: 'finance-race',
            displayName: 'Finance',
            role: 'finance',
            password: 'a long enough password 1',
          },
          null,
        )
        await resolveSuspense({ db, staffId: member.id, role: 'finance', now }, entry!.id, {
          requestId: 'race-1',
          outcome: 'applied',
          orderNo,
          note: 'paid by M-Pesa',
        })
      },
    )
    // The push fails as it is answered (a rare window: the receipt resolved between its callback and its answer),
    // so the borrower's confirm hears the payment failed; the balance shows the money applied by hand.
    expect(confirmed).toBe(ApiCode.PaymentRequestFailed)
    expect(push).toMatchObject({ state: 'failed', checkAt: null })
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_800 * KES)
    const [resolution] = await db
      .select()
      .from(suspenseResolutions)
      .where(eq(suspenseResolutions.entryId, held.id))
    expect(resolution).toMatchObject({ outcome: 'applied', transferId: null })
    for (let i = 0; i < 3; i++) {
      await h.advance(ls, 10 * 60_000)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_800 * KES)
  })

  // Found by the fault simulation: a callback whose application crashed is stored as an error and answered 200 (so
  // Daraja does not send it again); the CheckoutRequestID it named was lost with the rollback, and the push, whose
  // answer was lost too, could never be asked about: its money stayed unbooked.
  it('keeps the CheckoutRequestID of a callback whose application failed, and books the push once asked', async () => {
    const { b, paid } = await withLostPush('0712345676', 1_600)
    crashAt = 'changed.beforeCommit'
    await stkCallback('ws_CO_CRASHED', {
      amount: 1_600,
      receipt: 'RKTCRASH',
      phone: toMsisdn(b.mobile, '254'),
    })
    expect(crashAt).toBeNull()
    expect(await config.pushes!.knownPush('ws_CO_CRASHED')).toBe(true)
    for (let i = 0; i < 10 && (await latest(b)).remainingMinor === paid.remainingMinor; i++) {
      await h.advance(ls, 60_000)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_600 * KES)
  })

  // Found by the fault simulation: a success callback naming no amount could not be matched by payer and amount.
  it('books a success naming no amount to the payer’s one waiting push once the STK query confirms it', async () => {
    const { b, paid } = await withLostPush('0712345674', 1_400)
    const res = await ls.s.raw({
      method: 'POST',
      url: `/payments/callback/mpesa?kind=stk&token=${CALLBACK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Body: {
          stkCallback: {
            CheckoutRequestID: 'ws_CO_NO_AMOUNT',
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'MpesaReceiptNumber', Value: 'RKTNOAMT' },
                { Name: 'PhoneNumber', Value: Number(toMsisdn(b.mobile, '254')) },
              ],
            },
          },
        },
      }),
    })
    expect(res.status).toBe(200)
    for (let i = 0; i < 10 && (await latest(b)).remainingMinor === paid.remainingMinor; i++) {
      await h.advance(ls, 60_000)
      await daraja.drain()
    }
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor! - 1_400 * KES)
    expect(
      daraja.seen.some(
        (s) => s.path === '/mpesa/stkpushquery/v1/query' && s.body.CheckoutRequestID === 'ws_CO_NO_AMOUNT',
      ),
    ).toBe(true)
  })

  // Found by the fault simulation: a pay-out that never reached Daraja was read as pending by Transaction Status
  // ("not found"), left expired, and asked about for ever. Now nothing moved, for certain: it fails, and is not
  // asked about again (a still submitted one would be sent again under the same OriginatorConversationID).
  it('fails a pay-out Daraja says it never received, and stops asking about it', async () => {
    const { b, applied } = await approvedKenyan('0712345675')
    // Every request of this pay-out is lost before it reaches Daraja (more than the outbox's sends).
    const lost: Scripted[] = Array.from({ length: 8 }, () => ({ drop: true }))
    daraja.script('/mpesa/b2c/v3/paymentrequest', ...lost)
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const { db } = ls.s.server.ctx
    const byRef = eq(paymentTransfers.reference, `PO${applied.orderNo}-1`)
    let order = await latest(b)
    for (let i = 0; i < 40 && order.status !== 10; i++) {
      await h.advance(ls, 10 * 60_000)
      await daraja.drain()
      order = await latest(b)
    }
    expect(order.status).toBe(10)
    const [t] = await db.select().from(paymentTransfers).where(byRef)
    expect(t).toMatchObject({ state: 'failed', checkAt: null })
    const asked = t!.statusQueries
    await h.advance(ls, 24 * 60 * 60_000)
    await daraja.drain()
    const [later] = await db.select().from(paymentTransfers).where(byRef)
    expect(later!.statusQueries).toBe(asked)
  })

  it('refuses a Daraja callback that does not carry the secret token', async () => {
    const res = await ls.s.raw({
      method: 'POST',
      url: '/payments/callback/mpesa?kind=stk',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode: 0 } } }),
    })
    expect(res.status).toBe(401)
    expect(JSON.parse(res.body)).toEqual({ ResultCode: 1, ResultDesc: 'Rejected' })
  })
})
