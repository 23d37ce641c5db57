/**
 * Safaricom's Daraja as the fault simulation's local fake: the real adapter (server/payments/mpesa.ts, B2C v3) calls
 * it through its `fetch`, in process, and every answer comes from the faulty provider's book (faulty-provider.ts) —
 * so the same seeded faults (requests that time out before or after they were recorded, `duplicate` on first
 * sight, refusals, status queries that time out or lag, callbacks dropped, doubled, late, shuffled, contradicting
 * or naming a wrong amount) reach the server in Daraja's shapes (the same ones tests/server/helpers/fake-daraja.ts
 * checks request by request):
 *
 *   GET  /oauth/v1/generate                   a token that does not expire within a scenario
 *   POST /mpesa/b2c/v3/paymentrequest         a pay-out or refund: `{ ConversationID, OriginatorConversationID,
 *                                             ResponseCode: "0" }`, 500 `500.002.1001 Duplicate
 *                                             OriginatorConversationID.` for a reference seen before, or 400
 *                                             `400.002.02 Bad Request - Invalid PartyB` when refused
 *   POST /mpesa/stkpush/v1/processrequest     a repayment's push: `{ MerchantRequestID, CheckoutRequestID,
 *                                             ResponseCode: "0" }` (Daraja has no duplicate for a push: a request
 *                                             the book already holds is answered with the push it made)
 *   POST /mpesa/stkpushquery/v1/query         the book's status of the push: ResultCode 0, 1032 (cancelled), or
 *                                             `500.001.1001 The transaction is being processed`
 *   POST /pulltransactions/v1/query           the book's collections that moved between StartDate and EndDate (East
 *                                             Africa Time), each with the AccountReference its push carried as
 *                                             `billreference`, its true amount and its receipt (`ResponseCode
 *                                             "1000"`, `Response: [[…]]`); it times out like a status query
 *   POST /mpesa/transactionstatus/v1/query    accepted at once; its Result — the book's status — comes later on
 *                                             the query's ResultURL, as Daraja's does (nothing while it is pending)
 *   callbacks                                 B2C `{ Result: { ResultCode, OriginatorConversationID, ConversationID,
 *                                             ResultParameters } }` to …?kind=b2c-result, the push's `{ Body: {
 *                                             stkCallback: { CheckoutRequestID, ResultCode, CallbackMetadata } } }`
 *                                             to …?kind=stk; POST /payments/callback/mpesa?…&token=…
 *
 * Daraja sees only the first 12 characters of our reference on a push (AccountReference), and no push callback
 * names it; the book keys transfers by our whole reference, so the simulation's adapter tells this fake which
 * reference a push is for (`SimMpesaProvider`, through AsyncLocalStorage) — the server learns nothing from that.
 * A time-out of the book throws out of `fetch`, as an unanswered HTTP call does.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { CollectionRequest, ProviderAck } from '../../server/payments/provider'
import { MpesaProvider, type MpesaPushLedger } from '../../server/payments/mpesa'
import {
  receiptOf,
  type CallbackWire,
  type FaultyCallbackBody,
  type FaultyProvider,
  type HeldTransfer,
  type RenderedCallback,
} from './faulty-provider'

export const SIM_DARAJA_CALLBACK_TOKEN = 'fault-simulation-daraja-token'
const PER_UNIT = 100
const CALLBACKS = '/payments/callback/mpesa'

type Json = Record<string, unknown>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const national = (msisdn: string) => (msisdn.startsWith('254') ? `0${msisdn.slice(3)}` : msisdn)

/** The reference of the push being requested, as our side knows it. */
const pushFor = new AsyncLocalStorage<string>()

/** The real adapter, telling the fake (not Daraja) the whole reference of each push it sends. */
class SimMpesaProvider extends MpesaProvider {
  override requestPayment(request: CollectionRequest): Promise<ProviderAck> {
    return pushFor.run(request.reference, () => super.requestPayment(request))
  }
}

/** `yyyy-MM-dd HH:mm:ss` in East Africa Time (UTC+3, no daylight saving) → ms since the epoch. */
function fromPullDate(value: unknown): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(value))
  if (!m) return Number.NaN
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h - 3, mi, se)
}

export class FaultyDaraja implements CallbackWire {
  private serial = 0
  /** The AccountReference each push carried, by our reference (Pull Transactions reports it). */
  private readonly billReferences = new Map<string, string>()

  constructor(
    private readonly book: FaultyProvider,
    private readonly now: () => number,
  ) {}

  /** The real adapter (B2C v3), talking to this fake, with our records of pushes as the server gives it them. */
  adapter(pushes?: MpesaPushLedger): MpesaProvider {
    return new SimMpesaProvider({
      baseUrl: 'https://sandbox.safaricom.co.ke',
      consumerKey: 'sim-key',
      consumerSecret: 'sim-secret',
      b2cShortcode: '600998',
      initiatorName: 'kopa-sim',
      securityCredential: Buffer.from('sim-credential').toString('base64'),
      stkShortcode: '174379',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      // Relative: the simulation posts callbacks through the server's own inject.
      callbackBaseUrl: '',
      callbackToken: SIM_DARAJA_CALLBACK_TOKEN,
      dialCode: '254',
      b2cVersion: 'v3',
      now: this.now,
      fetch: this.fetch,
      ...(pushes ? { pushes } : {}),
    })
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Json
    const now = new Date(this.now())
    if (url.pathname === '/oauth/v1/generate') return json(200, { access_token: 'sim-token', expires_in: '3599' })
    if (url.pathname === '/mpesa/b2c/v3/paymentrequest') {
      const reference = String(body.OriginatorConversationID)
      const amountMinor = Number(body.Amount) * PER_UNIT
      const ack = await this.book.receive('payout', reference, amountMinor, national(String(body.PartyB)), now)
      if (ack.result === 'accepted')
        return json(200, {
          ConversationID: ack.providerRef,
          OriginatorConversationID: reference,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        })
      if (ack.result === 'duplicate')
        return json(500, {
          requestId: `sim-${++this.serial}`,
          errorCode: '500.002.1001',
          errorMessage: 'Duplicate OriginatorConversationID.',
        })
      return json(400, { requestId: `sim-${++this.serial}`, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' })
    }
    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      const reference = pushFor.getStore()
      if (!reference) throw new Error('a push without its reference: only SimMpesaProvider may call this fake')
      const amountMinor = Number(body.Amount) * PER_UNIT
      this.billReferences.set(reference, String(body.AccountReference))
      const ack = await this.book.receive('collection', reference, amountMinor, national(String(body.PhoneNumber)), now)
      if (ack.result === 'refused')
        return json(400, { requestId: `sim-${++this.serial}`, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' })
      const checkout = this.book.transfer(reference)!.providerRef
      return json(200, {
        MerchantRequestID: `M-${checkout}`,
        CheckoutRequestID: checkout,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      })
    }
    if (url.pathname === '/mpesa/stkpushquery/v1/query') {
      const checkout = String(body.CheckoutRequestID)
      const status = await this.book.status({ kind: 'collection', reference: '', providerRef: checkout, amountMinor: 0 }, { q: null as never, now })
      if (status.state === 'notFound')
        return json(400, { requestId: `sim-${++this.serial}`, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' })
      if (status.state === 'pending')
        return json(500, { requestId: `sim-${++this.serial}`, errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' })
      const paid = status.state === 'succeeded'
      return json(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: `M-${checkout}`,
        CheckoutRequestID: checkout,
        ResultCode: paid ? '0' : '1032',
        ResultDesc: paid ? 'The service request is processed successfully.' : 'Request cancelled by user',
      })
    }
    if (url.pathname === '/pulltransactions/v1/query') {
      const from = fromPullDate(body.StartDate)
      const to = fromPullDate(body.EndDate)
      const offset = Number(body.OffSetValue)
      if (!Number.isFinite(from) || !Number.isFinite(to) || !Number.isSafeInteger(offset) || body.ShortCode !== '174379')
        return json(400, { requestId: `sim-${++this.serial}`, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Request' })
      const rows = this.book
        .movedBy(now)
        // Whole seconds, as the dates are written.
        .filter((m) => m.kind === 'collection' && m.at >= from && m.at < to + 1_000)
        .map((m) => ({
          transactionId: receiptOf(m.providerRef),
          trxDate: new Date(m.at).toISOString(),
          msisdn: Number(`254${m.account.slice(1)}`),
          sender: 'UAT2',
          transactiontype: 'c2b-pay-bill-debit',
          billreference: this.billReferences.get(m.reference) ?? '',
          amount: String(m.amountMinor / PER_UNIT),
          organizationname: 'Kopa',
        }))
      const page = rows.slice(offset, offset + 100)
      return json(200, { ResponseRefID: `sim-${++this.serial}`, ResponseCode: '1000', ResponseMessage: 'Success', Response: [page] })
    }
    if (url.pathname === '/mpesa/transactionstatus/v1/query') {
      const originator = String(body.OriginalConversationID)
      const resultUrl = new URL(String(body.ResultURL), 'http://callbacks.invalid')
      const status = await this.book.status({ kind: 'payout', reference: originator, providerRef: originator, amountMinor: 0 }, { q: null as never, now })
      const conversation = `AG_STATUS_${++this.serial}`
      // Daraja's Result of the query, later, on its ResultURL; while the pay-out is pending, none comes.
      if (status.state !== 'pending') {
        const transaction = status.state === 'succeeded' ? 'Completed' : 'Failed'
        const result = {
          ResultType: 0,
          ResultCode: status.state === 'notFound' ? 2001 : 0,
          ResultDesc: status.state === 'notFound' ? 'The transaction is not found.' : 'The service request is processed successfully.',
          OriginatorConversationID: `status-${this.serial}`,
          ConversationID: conversation,
          TransactionID: 'MBN0000000',
          ...(status.state === 'notFound'
            ? {}
            : {
                ResultParameters: {
                  ResultParameter: [
                    { Key: 'OriginatorConversationID', Value: originator },
                    { Key: 'TransactionStatus', Value: transaction },
                    ...(status.amountMinor !== undefined ? [{ Key: 'Amount', Value: status.amountMinor / PER_UNIT }] : []),
                    ...(status.receipt ? [{ Key: 'ReceiptNo', Value: status.receipt }] : []),
                  ],
                },
              }),
        }
        this.book.sendLater(
          now.getTime(),
          this.book.transfer(originator) ?? { providerRef: originator, reference: originator, kind: 'payout' },
          { path: `${resultUrl.pathname}${resultUrl.search}`, headers: { 'content-type': 'application/json' }, raw: JSON.stringify({ Result: result }) },
          'status result',
        )
      }
      return json(200, {
        OriginatorConversationID: `status-${this.serial}`,
        ConversationID: conversation,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      })
    }
    return json(404, { errorMessage: `no such path ${url.pathname}` })
  }

  render(body: FaultyCallbackBody, held: HeldTransfer): RenderedCallback {
    const ok = body.status === 'SUCCESS'
    const amount = body.amountMinor !== undefined ? body.amountMinor / PER_UNIT : undefined
    const raw =
      held.kind === 'payout'
        ? {
            Result: {
              ResultType: 0,
              ResultCode: ok ? 0 : 2040,
              ResultDesc: ok ? 'The service request is processed successfully.' : (body.reason ?? 'The transaction failed.'),
              // B2C v3 echoes our OriginatorConversationID in every Result: Daraja's callback always names ours.
              OriginatorConversationID: held.reference,
              ConversationID: body.providerRef,
              TransactionID: body.receipt ?? 'NLJ0000000',
              ...(ok
                ? {
                    ResultParameters: {
                      ResultParameter: [
                        ...(amount !== undefined ? [{ Key: 'TransactionAmount', Value: amount }] : []),
                        ...(body.receipt ? [{ Key: 'TransactionReceipt', Value: body.receipt }] : []),
                        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                      ],
                    },
                  }
                : {}),
            },
          }
        : {
            Body: {
              stkCallback: {
                MerchantRequestID: `M-${body.providerRef}`,
                CheckoutRequestID: body.providerRef,
                ResultCode: ok ? 0 : 1032,
                ResultDesc: ok ? 'The service request is processed successfully.' : (body.reason ?? 'Request cancelled by user'),
                ...(ok
                  ? {
                      CallbackMetadata: {
                        Item: [
                          ...(amount !== undefined ? [{ Name: 'Amount', Value: amount }] : []),
                          ...(body.receipt ? [{ Name: 'MpesaReceiptNumber', Value: body.receipt }] : []),
                          { Name: 'TransactionDate', Value: 20300107090000 },
                          { Name: 'PhoneNumber', Value: Number(`254${held.account.slice(1)}`) },
                        ],
                      },
                    }
                  : {}),
              },
            },
          }
    const kind = held.kind === 'payout' ? 'b2c-result' : 'stk'
    return {
      path: `${CALLBACKS}?kind=${kind}&token=${SIM_DARAJA_CALLBACK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify(raw),
    }
  }
}
