/**
 * M-Pesa through Safaricom's Daraja API: B2C for pay-outs (/mpesa/b2c/v3/paymentrequest, or v1), M-Pesa Express
 * (STK push, /mpesa/stkpush/v1/processrequest) for repayments, the STK query for a collection's status, and the
 * two callback shapes: B2C's `{ Result: { ResultCode, OriginatorConversationID, ConversationID, TransactionID,
 * ResultParameters: { ResultParameter: [{ Key, Value }] } } }` and STK's `{ Body: { stkCallback: {
 * MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata: { Item: [{ Name, Value }] } } } }`.
 *
 * Daraja does not sign its callbacks, so the callback URLs we hand it carry a secret token (`?token=`), and
 * verifyCallback refuses a callback without it (put an IP allowlist in front as well in production).
 * Amounts go to Daraja in whole shillings; a fractional amount is refused rather than rounded.
 */
import { timingSafeEqual } from 'node:crypto'
import {
  ProviderError,
  type CallbackInput,
  type CollectionRequest,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderAck,
  type ProviderStatus,
  type TransferKind,
  type VerifiedCallback,
} from './provider'

export interface MpesaConfig {
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke (tests: the local fake). */
  baseUrl: string
  consumerKey: string
  consumerSecret: string
  /** B2C shortcode (PartyA of pay-outs). */
  b2cShortcode: string
  initiatorName: string
  /** The initiator password encrypted with Safaricom's public certificate, base64 (from the portal). */
  securityCredential: string
  /** Lipa na M-Pesa shortcode (BusinessShortCode of STK pushes). */
  stkShortcode: string
  passkey: string
  /** Our public base URL that Daraja posts results to, e.g. https://api.lender.example. */
  callbackBaseUrl: string
  /** Secret carried in our callback URLs; verifyCallback requires it. */
  callbackToken: string
  /** Country calling code used to turn 07… into 2547…; 254 for Kenya. */
  dialCode: string
  /** B2C API version: v3 (current, with OriginatorConversationID) or v1. */
  b2cVersion: 'v1' | 'v3'
  /** The one clock (server/clock.ts), ms since the epoch. */
  now: () => number
  fetch?: typeof fetch
  /** Minor units per shilling (100). */
  minorPerUnit?: number
}

interface TokenCache {
  token: string
  expiresAt: number
}

const TIME_ZONE = 'Africa/Nairobi'

/** Daraja's Timestamp: yyyyMMddHHmmss in East Africa Time. */
export function darajaTimestamp(at: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${get('year')}${get('month')}${get('day')}${get('hour')}${get('minute')}${get('second')}`
}

/** STK Password: base64(BusinessShortCode + Passkey + Timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64')
}

/** 0712345678 / 712345678 / 254712345678 → 254712345678. */
export function toMsisdn(account: string, dialCode: string): string {
  const digits = account.replace(/\D/g, '')
  if (digits.startsWith(dialCode)) return digits
  if (digits.startsWith('0')) return dialCode + digits.slice(1)
  return dialCode + digits
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

export class MpesaProvider implements PaymentProvider {
  readonly name = 'mpesa'
  private token: TokenCache | null = null
  private readonly http: typeof fetch
  private readonly perUnit: number

  constructor(private readonly config: MpesaConfig) {
    this.http = config.fetch ?? fetch
    this.perUnit = config.minorPerUnit ?? 100
  }

  private callbackUrl(kind: 'b2c-result' | 'b2c-timeout' | 'stk'): string {
    const base = this.config.callbackBaseUrl.replace(/\/$/, '')
    return `${base}/payments/callback/mpesa?kind=${kind}&token=${encodeURIComponent(this.config.callbackToken)}`
  }

  private wholeUnits(amountMinor: number): number {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % this.perUnit !== 0) {
      throw new ProviderError(`M-Pesa moves whole shillings only; got ${amountMinor} minor units`)
    }
    return amountMinor / this.perUnit
  }

  /** OAuth: GET /oauth/v1/generate?grant_type=client_credentials with Basic key:secret; cached until expiry. */
  async accessToken(): Promise<string> {
    const now = this.config.now()
    if (this.token && this.token.expiresAt > now) return this.token.token
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64')
    const res = await this.http(`${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { Authorization: `Basic ${basic}` },
    })
    const body = record(await res.json().catch(() => null))
    const token = body?.access_token
    if (!res.ok || typeof token !== 'string')
      throw new ProviderError(`M-Pesa OAuth failed with HTTP ${res.status}`)
    const seconds = Number(body?.expires_in ?? 3599)
    // Renew a minute early so a request never carries a token that expires in flight.
    this.token = {
      token,
      expiresAt: now + Math.max(0, (Number.isFinite(seconds) ? seconds : 3599) - 60) * 1000,
    }
    return token
  }

  private async post(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = await this.accessToken()
    const res = await this.http(`${this.config.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    })
    const body = record(await res.json().catch(() => null)) ?? {}
    if (!res.ok) {
      const message = typeof body.errorMessage === 'string' ? body.errorMessage : `HTTP ${res.status}`
      return { ResponseCode: String(body.errorCode ?? res.status), ResponseDescription: message }
    }
    return body
  }

  async disburse(request: PayoutRequest): Promise<ProviderAck> {
    const payload: Record<string, unknown> = {
      InitiatorName: this.config.initiatorName,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: this.wholeUnits(request.amountMinor),
      PartyA: this.config.b2cShortcode,
      PartyB: toMsisdn(request.account, this.config.dialCode),
      Remarks: `Loan ${request.reference}`.slice(0, 100),
      QueueTimeOutURL: this.callbackUrl('b2c-timeout'),
      ResultURL: this.callbackUrl('b2c-result'),
      Occassion: request.reference.slice(0, 100),
    }
    if (this.config.b2cVersion === 'v3') payload.OriginatorConversationID = request.reference
    const body = await this.post(`/mpesa/b2c/${this.config.b2cVersion}/paymentrequest`, payload)
    if (String(body.ResponseCode) !== '0')
      return { accepted: false, reason: String(body.ResponseDescription ?? 'refused') }
    // v3 echoes our OriginatorConversationID; v1 generates one. The result callback carries both IDs.
    const ref = body.OriginatorConversationID ?? body.ConversationID
    if (typeof ref !== 'string') return { accepted: false, reason: 'no conversation id in the response' }
    return { accepted: true, providerRef: ref }
  }

  async requestPayment(request: CollectionRequest): Promise<ProviderAck> {
    const timestamp = darajaTimestamp(this.config.now())
    const phone = toMsisdn(request.payer, this.config.dialCode)
    const body = await this.post('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: this.config.stkShortcode,
      Password: stkPassword(this.config.stkShortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: this.wholeUnits(request.amountMinor),
      PartyA: phone,
      PartyB: this.config.stkShortcode,
      PhoneNumber: phone,
      CallBackURL: this.callbackUrl('stk'),
      AccountReference: request.reference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    })
    if (String(body.ResponseCode) !== '0')
      return { accepted: false, reason: String(body.ResponseDescription ?? 'refused') }
    if (typeof body.CheckoutRequestID !== 'string') return { accepted: false, reason: 'no CheckoutRequestID' }
    return { accepted: true, providerRef: body.CheckoutRequestID }
  }

  /**
   * Collections: the STK push query answers synchronously. Pay-outs: Daraja's transaction status API answers on a
   * callback too, so a pay-out stays `pending` here until its B2C result arrives.
   */
  async status(kind: TransferKind, providerRef: string): Promise<ProviderStatus> {
    if (kind === 'payout') return { state: 'pending' }
    const timestamp = darajaTimestamp(this.config.now())
    const body = await this.post('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: this.config.stkShortcode,
      Password: stkPassword(this.config.stkShortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: providerRef,
    })
    if (String(body.ResponseCode) !== '0' || body.ResultCode === undefined) return { state: 'pending' }
    return String(body.ResultCode) === '0'
      ? { state: 'succeeded' }
      : { state: 'failed', reason: String(body.ResultDesc ?? 'failed') }
  }

  verifyCallback(input: CallbackInput): VerifiedCallback {
    const token = input.query.token
    if (typeof token !== 'string' || !sameSecret(token, this.config.callbackToken)) {
      return { ok: false, reason: 'missing or wrong callback token' }
    }
    const body = record(input.body)
    const result = record(body?.Result)
    if (result) return this.b2cResult(result, input.query.kind === 'b2c-timeout')
    const stk = record(record(body?.Body)?.stkCallback)
    if (stk) return this.stkResult(stk)
    return { ok: false, reason: 'neither a B2C Result nor an stkCallback' }
  }

  private b2cResult(result: Record<string, unknown>, timedOut: boolean): VerifiedCallback {
    const ref = result.OriginatorConversationID
    const conversation = result.ConversationID
    if (typeof ref !== 'string' || result.ResultCode === undefined)
      return { ok: false, reason: 'malformed B2C Result' }
    const params = new Map<string, unknown>()
    const list = record(result.ResultParameters)?.ResultParameter
    for (const item of Array.isArray(list) ? list : list ? [list] : []) {
      const p = record(item)
      if (p && typeof p.Key === 'string') params.set(p.Key, p.Value)
    }
    const ok = !timedOut && String(result.ResultCode) === '0'
    const amount = Number(params.get('TransactionAmount'))
    const receipt = params.get('TransactionReceipt') ?? result.TransactionID
    return {
      ok: true,
      outcome: {
        kind: 'payout',
        providerRef: ref,
        state: ok ? 'succeeded' : 'failed',
        idempotencyKey: `b2c:${typeof conversation === 'string' ? conversation : ref}:${String(result.ResultCode)}`,
        ...(ok && Number.isFinite(amount) ? { amountMinor: Math.round(amount * this.perUnit) } : {}),
        ...(typeof receipt === 'string' && receipt ? { receipt } : {}),
        ...(ok ? {} : { reason: timedOut ? 'queue timeout' : String(result.ResultDesc ?? 'failed') }),
      },
    }
  }

  private stkResult(stk: Record<string, unknown>): VerifiedCallback {
    const ref = stk.CheckoutRequestID
    if (typeof ref !== 'string' || stk.ResultCode === undefined)
      return { ok: false, reason: 'malformed stkCallback' }
    const items = new Map<string, unknown>()
    const list = record(stk.CallbackMetadata)?.Item
    for (const item of Array.isArray(list) ? list : []) {
      const i = record(item)
      if (i && typeof i.Name === 'string') items.set(i.Name, i.Value)
    }
    const ok = String(stk.ResultCode) === '0'
    const amount = Number(items.get('Amount'))
    const receipt = items.get('MpesaReceiptNumber')
    return {
      ok: true,
      outcome: {
        kind: 'collection',
        providerRef: ref,
        state: ok ? 'succeeded' : 'failed',
        idempotencyKey: `stk:${ref}`,
        ...(ok && Number.isFinite(amount) ? { amountMinor: Math.round(amount * this.perUnit) } : {}),
        ...(typeof receipt === 'string' ? { receipt } : {}),
        ...(ok ? {} : { reason: String(stk.ResultDesc ?? 'failed') }),
      },
    }
  }

  callbackReply(accepted: boolean): unknown {
    return { ResultCode: accepted ? 0 : 1, ResultDesc: accepted ? 'Accepted' : 'Rejected' }
  }
}
