/**
 * The M-Pesa adapter against a local fake of Safaricom's Daraja endpoints (a tiny HTTP server on 127.0.0.1):
 * OAuth, B2C pay-out (/mpesa/b2c/v3/paymentrequest) with its Result callback, STK push
 * (/mpesa/stkpush/v1/processrequest) with its stkCallback, and the STK query. The fake checks the request shapes
 * Daraja requires and posts its callbacks over real HTTP to the server's callback route, retrying like a provider
 * when the server asks it to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../src/domain/api-types'
import {
  darajaTimestamp,
  MpesaProvider,
  stkPassword,
  toMsisdn,
  type MpesaConfig,
} from '../../server/payments/mpesa'
import { describeOnEachDatabase } from './helpers/databases'
import {
  PRODUCT,
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

const KES = 100
const KEY = 'consumer-key'
const SECRET = 'consumer-secret'
const CALLBACK_TOKEN = 'daraja-callback-token-0123456789'

interface Seen {
  path: string
  auth: string
  body: Record<string, unknown>
}

/** A fake Daraja: answers like Safaricom's sandbox and calls back like it, asynchronously. */
class FakeDaraja {
  readonly seen: Seen[] = []
  readonly callbacks: { url: string; body: unknown; status: number }[] = []
  tokensIssued = 0
  private server: Server | null = null
  private pending: Promise<void>[] = []
  url = ''

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.pending)
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  /** Waits until every callback the fake has scheduled was delivered. */
  async drain(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending
      this.pending = []
      await Promise.allSettled(batch)
    }
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    const auth = req.headers.authorization ?? ''
    if (url.pathname === '/oauth/v1/generate') {
      const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`
      if (
        req.method !== 'GET' ||
        url.searchParams.get('grant_type') !== 'client_credentials' ||
        auth !== expected
      ) {
        return this.json(res, 400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' })
      }
      this.tokensIssued += 1
      return this.json(res, 200, { access_token: `token-${this.tokensIssued}`, expires_in: '3599' })
    }
    if (!/^Bearer token-\d+$/.test(auth)) {
      return this.json(res, 401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' })
    }
    const body = JSON.parse(raw) as Record<string, unknown>
    this.seen.push({ path: url.pathname, auth, body })

    if (url.pathname === '/mpesa/b2c/v3/paymentrequest') {
      const conversation = `AG_20260101_${this.seen.length}`
      this.json(res, 200, {
        ConversationID: conversation,
        OriginatorConversationID: body.OriginatorConversationID,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      })
      const fails = String(body.PartyB).endsWith('0000')
      const result = fails
        ? {
            ResultType: 0,
            ResultCode: 2040,
            ResultDesc: 'Credit Party customer type can not be supported by the service.',
            OriginatorConversationID: body.OriginatorConversationID,
            ConversationID: conversation,
            TransactionID: 'NLJ0000000',
          }
        : {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: body.OriginatorConversationID,
            ConversationID: conversation,
            TransactionID: `NLJ${this.seen.length}AAAA`,
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: body.Amount },
                { Key: 'TransactionReceipt', Value: `NLJ${this.seen.length}AAAA` },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'ReceiverPartyPublicName', Value: `${String(body.PartyB)} - Customer` },
                { Key: 'TransactionCompletedDateTime', Value: '01.01.2026 10:00:00' },
              ],
            },
            ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internal/timeout' } },
          }
      this.callBack(String(body.ResultURL), { Result: result })
      return
    }
    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      const checkout = `ws_CO_${Date.now()}_${this.seen.length}`
      const merchant = `29115-${this.seen.length}`
      this.json(res, 200, {
        MerchantRequestID: merchant,
        CheckoutRequestID: checkout,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      })
      const declined = String(body.PhoneNumber).endsWith('0000')
      const stkCallback = declined
        ? {
            MerchantRequestID: merchant,
            CheckoutRequestID: checkout,
            ResultCode: 1032,
            ResultDesc: 'Request cancelled by user',
          }
        : {
            MerchantRequestID: merchant,
            CheckoutRequestID: checkout,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: body.Amount },
                { Name: 'MpesaReceiptNumber', Value: `RKT${this.seen.length}QWERTY` },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20260101101010 },
                { Name: 'PhoneNumber', Value: Number(body.PhoneNumber) },
              ],
            },
          }
      this.callBack(String(body.CallBackURL), { Body: { stkCallback } })
      return
    }
    if (url.pathname === '/mpesa/stkpushquery/v1/query') {
      return this.json(res, 200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: 'x',
        CheckoutRequestID: body.CheckoutRequestID,
        ResultCode: '0',
        ResultDesc: 'The service request is processed successfully.',
      })
    }
    return this.json(res, 404, { errorMessage: 'not found' })
  }

  /** Posts a callback a little later; retries while the server answers 503 (not ready for it yet). */
  callBack(url: string, body: unknown): void {
    const send = async () => {
      for (let attempt = 0; attempt < 40; attempt++) {
        await new Promise((r) => setTimeout(r, 25))
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        this.callbacks.push({ url, body, status: res.status })
        if (res.status !== 503) return
      }
    }
    this.pending.push(send())
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
    expect(p.verifyCallback({ headers: {}, query: {}, body: stk, rawBody: '' }).ok).toBe(false)
    expect(p.verifyCallback({ headers: {}, query: { token: 'wrong' }, body: stk, rawBody: '' }).ok).toBe(
      false,
    )
    expect(
      p.verifyCallback({ headers: {}, query: { token: CALLBACK_TOKEN }, body: { x: 1 }, rawBody: '' }).ok,
    ).toBe(false)
    expect(
      p.verifyCallback({ headers: {}, query: { token: CALLBACK_TOKEN }, body: stk, rawBody: '' }),
    ).toMatchObject({
      ok: true,
      outcome: { kind: 'collection', providerRef: 'ws_1', state: 'succeeded' },
    })
  })

  it('refuses to send a fraction of a shilling rather than round it', async () => {
    const p = new MpesaProvider(baseConfig('http://127.0.0.1:9'))
    await expect(
      p.disburse({
        reference: 'r',
        amountMinor: 1_050,
        currency: 'KES',
        account: '0712345678',
        walletProvider: 'mpesa',
      }),
    ).rejects.toThrow(/whole shillings/)
  })
})

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

describeOnEachDatabase('Loans paid out and repaid through M-Pesa', (target) => {
  const daraja = new FakeDaraja()
  let ls: LoanServer
  const config = baseConfig('')

  beforeAll(async () => {
    await daraja.start()
    config.baseUrl = daraja.url
    ls = await startLoanServer(target, 'http', {
      payments: { routes: { 'KE:mpesa': 'mpesa' } },
      providers: [new MpesaProvider(config)],
    })
    const address = ls.s.server.app.server.address() as AddressInfo
    config.callbackBaseUrl = `http://127.0.0.1:${address.port}`
    config.now = () => ls.s.server.ctx.clock.nowMs()
  })
  afterAll(async () => {
    await daraja.stop()
    await ls.close()
  })
  afterEach(() => expectBooksBalanced(ls))

  const latest = (b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')

  /** Runs jobs and waits for the fake's callbacks until the order reaches one of `statuses`. */
  async function until(b: Borrower, statuses: number[]) {
    for (let i = 0; i < 40; i++) {
      await settle(ls)
      await daraja.drain()
      const order = await latest(b)
      if (statuses.includes(order.status)) return order
    }
    throw new Error(`the order never reached ${statuses.join(' or ')}`)
  }

  async function approvedKenyan(wallet: string, mobile = mobileFor('KE')) {
    const b = await register(ls.s, 'KE', mobile)
    await completeSteps(ls, b, undefined, { wallet })
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.KE,
      amountMinor: 10_000 * KES,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    return { b, applied }
  }

  it('pays out with a B2C request and repays with an STK push, each completed by its callback', async () => {
    const { b, applied } = await approvedKenyan('0712345678')
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    expect(paid.remainingMinor).toBe(info.totalRepayableMinor)

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

    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 2_000 * KES,
      channelId: 'mpesa',
    })
    expect(pay.instructions.pushSent).toBe(true)
    for (let i = 0; i < 40 && (await latest(b)).remainingMinor === paid.remainingMinor; i++)
      await daraja.drain()
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
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect((await until(b, [10, 2])).status).toBe(10)
  })

  it('leaves the balance as it was when the payer cancels the STK prompt', async () => {
    const { b, applied } = await approvedKenyan('0712345670', mobileFor('KE', '0000'))
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await until(b, [2])
    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 2_000 * KES,
      channelId: 'mpesa',
    })
    await daraja.drain()
    const after = await ok<T.PayOrder>(ls, b, '/portal/repayment/pay-order', { payOrderId: pay.payOrderId })
    expect(after.status).toBe('failed')
    expect((await latest(b)).remainingMinor).toBe(paid.remainingMinor)
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
