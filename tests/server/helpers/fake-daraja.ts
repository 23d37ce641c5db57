/**
 * A local fake of Safaricom's Daraja endpoints (a tiny HTTP server on 127.0.0.1): OAuth, B2C pay-out
 * (/mpesa/b2c/v3/paymentrequest, and v1) with its Result and queue time-out callbacks, the Transaction Status query
 * (/mpesa/transactionstatus/v1/query) with its asynchronous Result, STK push (/mpesa/stkpush/v1/processrequest)
 * with its stkCallback, the STK query, and Pull Transactions (/pulltransactions/v1/query: the pushes paid between
 * two times, with their AccountReference as `billreference`). It checks the request shapes Daraja requires, refuses a reused
 * OriginatorConversationID the way Daraja documents (500.002.1001), can be told to answer a call otherwise (a
 * status and body, no answer at all, a dropped connection, or a lost answer after it did the work), and posts its
 * callbacks over real HTTP, retrying like a provider while the receiver answers 503. A wallet number ending in
 * 0000 fails (a B2C pay-out is not delivered, a payer cancels the STK prompt).
 *
 * Shared by the adapter's tests (tests/server/payments-mpesa.test.ts) and the browser journeys' `rails: 'daraja'`
 * (tests/e2e/fixtures.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeProviderServer } from './fake-provider-server'

/** The consumer key and secret the fake's OAuth accepts. */
export const DARAJA_TEST_CREDENTIALS = { consumerKey: 'consumer-key', consumerSecret: 'consumer-secret' } as const
const KEY = DARAJA_TEST_CREDENTIALS.consumerKey
const SECRET = DARAJA_TEST_CREDENTIALS.consumerSecret

export interface Seen {
  path: string
  auth: string
  body: Record<string, unknown>
}

/** What the fake does with the next call to a path instead of its usual answer. */
export type Scripted =
  /** Answer with this HTTP status and JSON body (or these raw bytes), doing nothing else. */
  | { answer: number; body?: unknown; raw?: string }
  /** Never answer (the caller times out). */
  | { hang: true }
  /** Close the connection without an answer, doing nothing. */
  | { drop: true }
  /**
   * Do the work (a pay-out: record it and call back), then close the connection instead of answering; with
   * `loseCallback`, its callback is lost as well (only Pull Transactions still shows a push's money).
   */
  | { loseAnswer: true; loseCallback?: boolean }
  /** B2C: accept, post a queue time-out to QueueTimeOutURL, then the real result to ResultURL. */
  | { queueTimeout: true }

/** A paid STK push, as Pull Transactions lists it. */
export interface FakePush {
  billReference: string
  amount: unknown
  receipt: string
  phone: string
  at: number
}

/** `yyyy-MM-dd HH:mm:ss` in East Africa Time (UTC+3) → ms since the epoch. */
function fromPullDate(value: unknown): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(value))
  if (!m) return Number.NaN
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h - 3, mi, se)
}

export interface FakeTransfer {
  originator: string
  conversation: string
  amount: unknown
  fails: boolean
  receipt: string
}

/** A fake Daraja: answers like Safaricom's sandbox and calls back like it, asynchronously. */
export class FakeDaraja extends FakeProviderServer<Scripted> {
  readonly seen: Seen[] = []
  readonly callbacks: { url: string; body: unknown; status: number }[] = []
  /** B2C pay-outs by OriginatorConversationID. */
  readonly transfers = new Map<string, FakeTransfer>()
  /** STK pushes paid, in order. */
  readonly paidPushes: FakePush[] = []
  /** The fake's clock (a test sets the server's, so Pull Transactions' dates agree with it). */
  now: () => number = Date.now
  tokensIssued = 0
  private serial = 0

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  private invalid(res: ServerResponse, field: string) {
    this.json(res, 400, {
      requestId: `req-${++this.serial}`,
      errorCode: '400.002.02',
      errorMessage: `Bad Request - Invalid ${field}`,
    })
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
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

    const scripted = this.scripts.get(url.pathname)?.shift()
    if (scripted && 'answer' in scripted) {
      res.writeHead(scripted.answer, { 'content-type': 'application/json' })
      return res.end(scripted.raw ?? JSON.stringify(scripted.body ?? {}))
    }
    if (scripted && 'hang' in scripted) return void this.hanging.push(res)
    if (scripted && 'drop' in scripted) return void req.socket.destroy()
    const reply = (status: number, answer: unknown) =>
      scripted && 'loseAnswer' in scripted ? req.socket.destroy() : this.json(res, status, answer)

    const b2c = /^\/mpesa\/b2c\/(v1|v3)\/paymentrequest$/.exec(url.pathname)
    if (b2c) {
      const v3 = b2c[1] === 'v3'
      if (body.CommandID !== 'BusinessPayment') return this.invalid(res, 'CommandID')
      if (!Number.isInteger(body.Amount) || Number(body.Amount) <= 0) return this.invalid(res, 'Amount')
      if (!/^254\d{9}$/.test(String(body.PartyB))) return this.invalid(res, 'PartyB')
      for (const field of ['InitiatorName', 'SecurityCredential', 'PartyA', 'ResultURL', 'QueueTimeOutURL']) {
        if (typeof body[field] !== 'string' || !body[field]) return this.invalid(res, field)
      }
      if (v3 && (typeof body.OriginatorConversationID !== 'string' || !body.OriginatorConversationID))
        return this.invalid(res, 'OriginatorConversationID')
      const originator = v3 ? String(body.OriginatorConversationID) : `29115-${++this.serial}-1`
      if (this.transfers.has(originator)) {
        // Daraja's documented answer to a reused OriginatorConversationID (BusinessToCustomer, "Sample Error").
        return this.json(res, 500, {
          requestId: `req-${++this.serial}`,
          errorCode: '500.002.1001',
          errorMessage: 'Duplicate OriginatorConversationID.',
        })
      }
      const conversation = `AG_20260101_${++this.serial}`
      const transfer: FakeTransfer = {
        originator,
        conversation,
        amount: body.Amount,
        fails: String(body.PartyB).endsWith('0000'),
        receipt: `NLJ${this.serial}AAAA`,
      }
      this.transfers.set(originator, transfer)
      reply(200, {
        ConversationID: conversation,
        OriginatorConversationID: originator,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      })
      if (scripted && 'queueTimeout' in scripted) {
        this.callBack(String(body.QueueTimeOutURL), {
          Result: {
            ResultType: 0,
            ResultCode: 1,
            ResultDesc: 'The service request timed out.',
            OriginatorConversationID: originator,
            ConversationID: conversation,
          },
        })
      }
      this.callBack(String(body.ResultURL), { Result: this.b2cResult(transfer, body) })
      return
    }
    if (url.pathname === '/mpesa/transactionstatus/v1/query') {
      if (body.CommandID !== 'TransactionStatusQuery') return this.invalid(res, 'CommandID')
      if (body.IdentifierType !== '4') return this.invalid(res, 'IdentifierType')
      for (const field of [
        'Initiator',
        'SecurityCredential',
        'PartyA',
        'ResultURL',
        'QueueTimeOutURL',
        'Remarks',
      ]) {
        if (typeof body[field] !== 'string' || !body[field]) return this.invalid(res, field)
      }
      const asked = String(body.OriginalConversationID ?? '')
      if (!asked && !body.TransactionID) return this.invalid(res, 'OriginalConversationID')
      const conversation = `AG_20260102_${++this.serial}`
      const originator = `status-${this.serial}-1`
      reply(200, {
        OriginatorConversationID: originator,
        ConversationID: conversation,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      })
      const t = this.transfers.get(asked)
      const result = t
        ? {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: originator,
            ConversationID: conversation,
            TransactionID: 'MBN0000000',
            ResultParameters: {
              ResultParameter: [
                { Key: 'DebitPartyName', Value: '600998 - Kopa Lender' },
                { Key: 'OriginatorConversationID', Value: t.originator },
                { Key: 'InitiatedTime', Value: '20260101100000' },
                { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
                { Key: 'TransactionStatus', Value: t.fails ? 'Failed' : 'Completed' },
                { Key: 'FinalisedTime', Value: '20260101100001' },
                { Key: 'Amount', Value: String(t.amount) },
                { Key: 'ConversationID', Value: t.conversation },
                { Key: 'ReceiptNo', Value: t.receipt },
              ],
            },
            ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
          }
        : {
            ResultType: 0,
            ResultCode: 2001,
            ResultDesc: 'The transaction is not found.',
            OriginatorConversationID: originator,
            ConversationID: conversation,
            TransactionID: 'MBN0000000',
          }
      this.callBack(String(body.ResultURL), { Result: result })
      return
    }
    if (url.pathname === '/pulltransactions/v1/query') {
      const from = fromPullDate(body.StartDate)
      const to = fromPullDate(body.EndDate)
      const offset = Number(body.OffSetValue)
      if (typeof body.ShortCode !== 'string' || !body.ShortCode) return this.invalid(res, 'ShortCode')
      if (!Number.isFinite(from) || !Number.isFinite(to)) return this.invalid(res, 'StartDate')
      if (!Number.isSafeInteger(offset) || offset < 0) return this.invalid(res, 'OffSetValue')
      const rows = this.paidPushes
        .filter((p) => p.at >= from && p.at < to + 1_000)
        .slice(offset, offset + 100)
        .map((p) => ({
          transactionId: p.receipt,
          trxDate: new Date(p.at).toISOString(),
          msisdn: Number(p.phone),
          sender: 'UAT2',
          transactiontype: 'c2b-pay-bill-debit',
          billreference: p.billReference,
          amount: String(p.amount),
          organizationname: 'Kopa Lender',
        }))
      return this.json(res, 200, {
        ResponseRefID: `req-${++this.serial}`,
        ResponseCode: '1000',
        ResponseMessage: 'Success',
        Response: [rows],
      })
    }
    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      if (!Number.isInteger(body.Amount) || Number(body.Amount) <= 0) return this.invalid(res, 'Amount')
      const checkout = `ws_CO_${Date.now()}_${++this.serial}`
      const merchant = `29115-${this.serial}`
      reply(200, {
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
                { Name: 'MpesaReceiptNumber', Value: `RKT${this.serial}QWERTY` },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20260101101010 },
                { Name: 'PhoneNumber', Value: Number(body.PhoneNumber) },
              ],
            },
          }
      if (!declined)
        this.paidPushes.push({
          billReference: String(body.AccountReference),
          amount: body.Amount,
          receipt: `RKT${this.serial}QWERTY`,
          phone: String(body.PhoneNumber),
          at: this.now(),
        })
      if (scripted && 'loseAnswer' in scripted && scripted.loseCallback) return
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

  private b2cResult(t: FakeTransfer, body: Record<string, unknown>) {
    return t.fails
      ? {
          ResultType: 0,
          ResultCode: 2040,
          ResultDesc: 'Credit Party customer type can not be supported by the service.',
          OriginatorConversationID: t.originator,
          ConversationID: t.conversation,
          TransactionID: 'NLJ0000000',
        }
      : {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: t.originator,
          ConversationID: t.conversation,
          TransactionID: t.receipt,
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: t.amount },
              { Key: 'TransactionReceipt', Value: t.receipt },
              { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
              { Key: 'ReceiverPartyPublicName', Value: `${String(body.PartyB)} - Customer` },
              { Key: 'TransactionCompletedDateTime', Value: '01.01.2026 10:00:00' },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internal/timeout' } },
        }
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
