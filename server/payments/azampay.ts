/**
 * Tanzania's four wallets — Vodacom M-Pesa, Airtel Money, Mixx by Yas (formerly Tigo Pesa) and HaloPesa — through
 * the AzamPay aggregator: MNO checkout (a USSD push) for repayments, createtransfer for pay-outs, the transaction
 * status query for both, name lookup before the first pay-out to a wallet, and AzamPay's checkout callback.
 *
 * AzamPay's API, as its open-source clients show it (docs/operations.md "Tanzania: AzamPay" lists the sources):
 *   - Token: POST <authenticator>/AppRegistration/GenerateToken `{ appName, clientId, clientSecret }` →
 *     `{ data: { accessToken, expire }, message, success, statusCode }` (423 "Provided detail is not valid for this
 *     app or secret key has been expired"). Every other call carries `Authorization: Bearer <accessToken>` and
 *     `X-API-Key: <the API key from the merchant portal>`. We cache the token until a minute before `expire`, drop
 *     it on a 401 and ask once more with a fresh one (a 401 is refused before anything is processed).
 *   - MNO checkout: POST /azampay/mno/checkout `{ accountNumber, amount, currency: "TZS", externalId, provider }`,
 *     provider one of Airtel, Tigo, Halopesa, Azampesa, Mpesa; externalId "belongs to the calling application",
 *     at most 128 characters → `{ success, transactionId, message }`. A validation error is HTTP 400 with a
 *     problem document `{ type, title, status, traceId, errors: { field: [...] } }`.
 *   - Disbursement: POST /azampay/createtransfer `{ source, destination: { countryCode, fullName, bankName,
 *     accountNumber, currency }, transferDetails: { type, amount, date }, externalReferenceId, remarks }` →
 *     `{ data, message, success, statusCode }` (some clients read a `transactionId` too: we take it when present).
 *   - Transaction status: GET /azampay/gettransactionstatus?pgReferenceId=<the transaction id>&bankName=<operator>
 *     → `{ data: "<the transaction's status in words>", message, success, statusCode }`.
 *   - Name lookup: POST /azampay/namelookup `{ bankName, accountNumber }` → `{ name, message, success,
 *     accountNumber, bankName }`.
 *   - Callback (to the URL registered in AzamPay's portal, one for the merchant): `{ msisdn, amount, message,
 *     utilityref, operator, reference, transactionstatus, submerchantAcc, additionalProperties }`, where utilityref
 *     is our externalId and reference AzamPay's transaction id.
 *
 * What the clients do not settle, and what this adapter assumes (docs/decisions.md "Tanzania through AzamPay"):
 *   - Our stable reference is the externalId / externalReferenceId; a pay-out without a transactionId in its answer
 *     is known to AzamPay by it, and a status query asks by AzamPay's id when we have one, else by ours.
 *   - An answer that says the reference was used before ("duplicate", "already exists") is `duplicate`; nothing
 *     says AzamPay dedupes on it, so the outbox never sends a pay-out or a push twice on its own: it asks first
 *     (idempotentRequests false) and sends again only when the status query says "not found".
 *   - The status is words in `data`: failure words (failed, unsuccessful, declined, rejected, cancelled, expired,
 *     insufficient, invalid) are `failed`, reversal words `reversed`, success words (success, successful,
 *     completed) `succeeded`; anything else is `pending` — never a guess at a final word.
 *
 * AzamPay does not sign its callbacks. The callback URL registered in its portal carries a secret (`?token=`),
 * verifyCallback refuses one without it, and then asks AzamPay for the transaction's status: the outcome is
 * AzamPay's answer (`confirmed`), never the callback's claim. A forged, replayed, contradictory or out-of-order
 * callback can at most make us ask. Put AzamPay's addresses on an allow-list at the proxy as well.
 *
 * Amounts go to AzamPay in whole shillings (TZS has minor units in domain/countries.ts); a fraction is refused,
 * never rounded. Wallet numbers go as 255XXXXXXXXX.
 */
import { timingSafeEqual } from 'node:crypto'
import { COUNTRIES } from '../../domain/countries'
import { toMsisdn } from './mpesa'
import {
  ProviderError,
  type CallbackInput,
  type CollectionRequest,
  type NameLookupRequest,
  type NameLookupResult,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderAck,
  type ProviderStatus,
  type TransferLookup,
  type VerifiedCallback,
} from './provider'

export interface AzamPayConfig {
  /** https://authenticator-sandbox.azampay.co.tz or https://authenticator.azampay.co.tz (tests: the local fake). */
  authBaseUrl: string
  /** https://sandbox.azampay.co.tz or https://checkout.azampay.co.tz (tests: the local fake). */
  baseUrl: string
  appName: string
  clientId: string
  clientSecret: string
  /** The API key ("token") from the merchant portal's settings, sent as X-API-Key. */
  apiKey: string
  /** Secret carried in the callback URL registered in AzamPay's portal (`?token=`); verifyCallback requires it. */
  callbackToken: string
  /** The lender's disbursement account at AzamPay: createtransfer's `source`. */
  payoutSource: { fullName: string; bankName: string; accountNumber: string }
  /** createtransfer's transferDetails.type (default "MNO"). */
  transferType?: string
  /** The one clock (server/clock.ts), ms since the epoch. */
  now: () => number
  fetch?: typeof fetch
  /** How long one HTTP call to AzamPay may take before it counts as unanswered (default 30 s). */
  requestTimeoutMs?: number
}

/** Our wallet provider codes (domain/countries.ts TZ.walletProviders) → AzamPay's provider / bankName. */
export const AZAMPAY_OPERATORS: Readonly<Record<string, string>> = {
  mpesa: 'Mpesa',
  airtel: 'Airtel',
  // Mixx by Yas, the former Tigo Pesa: AzamPay still calls it Tigo.
  tigo: 'Tigo',
  halopesa: 'Halopesa',
}

const COUNTRY = 'TZ'
const CURRENCY = COUNTRIES.TZ.currency
const DIAL_CODE = COUNTRIES.TZ.dialCode
const PER_UNIT = 10 ** COUNTRIES.TZ.minorUnits
const TOKEN_PATH = '/AppRegistration/GenerateToken'
export const AZAMPAY_PATHS = {
  checkout: '/azampay/mno/checkout',
  transfer: '/azampay/createtransfer',
  status: '/azampay/gettransactionstatus',
  nameLookup: '/azampay/namelookup',
} as const

const DUPLICATE = /duplicate|already (exists|been used|been processed|been submitted|used|processed)/i
const NOT_FOUND = /not found|does not exist|no (such )?(transaction|record|account)|not registered/i
const FAILED = /fail|unsuccessful|declin|reject|cancel|expired|insufficient|invalid/i
const REVERSED = /revers|refunded/i
const SUCCEEDED = /success|completed?\b/i

interface Answer {
  status: number
  body: Record<string, unknown> | null
}

function record(value: unknown): Record<string, unknown> | null {
  // Some clients show AzamPay's answers wrapped in a one-element array.
  if (Array.isArray(value) && value.length === 1) return record(value[0])
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Everything an answer says in words: message, data, a problem document's title and its field errors. */
function said(body: Record<string, unknown> | null): string {
  if (!body) return ''
  const errors = record(body.errors)
  const fields = errors
    ? Object.entries(errors).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : String(v)}`)
    : []
  return [text(body.message), text(body.msg), text(body.data), text(body.title), ...fields]
    .filter(Boolean)
    .join('; ')
}

/** The wallet provider code of an AzamPay operator name (case-insensitive), or undefined. */
export function walletOfOperator(operator: string | undefined): string | undefined {
  if (!operator) return undefined
  const lower = operator.toLowerCase()
  return Object.keys(AZAMPAY_OPERATORS).find((w) => AZAMPAY_OPERATORS[w]!.toLowerCase() === lower)
}

/** A transaction's status in AzamPay's words as our states (unknown words: pending). */
export function statusOfWords(words: string): ProviderStatus['state'] {
  if (REVERSED.test(words)) return 'reversed'
  if (FAILED.test(words)) return 'failed'
  if (SUCCEEDED.test(words)) return 'succeeded'
  return 'pending'
}

export class AzamPayProvider implements PaymentProvider {
  readonly name = 'azampay'
  readonly countries = [COUNTRY] as const
  /** Nothing says AzamPay dedupes on our externalId: a request that may have reached it is looked up first. */
  readonly idempotentRequests = { payout: false, collection: false } as const
  private token: { token: string; expiresAt: number } | null = null
  private readonly http: typeof fetch
  private readonly timeoutMs: number

  constructor(private readonly config: AzamPayConfig) {
    this.http = config.fetch ?? fetch
    this.timeoutMs = config.requestTimeoutMs ?? 30_000
  }

  /** Whole shillings, or why AzamPay cannot be asked for this amount. */
  private wholeUnits(amountMinor: number, currency: string): number | { refused: string } {
    if (currency !== CURRENCY) return { refused: `AzamPay moves ${CURRENCY} only; got ${currency}` }
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % PER_UNIT !== 0)
      return { refused: `AzamPay moves whole shillings only; got ${amountMinor} minor units` }
    return amountMinor / PER_UNIT
  }

  private async fetchWithin(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.http(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) })
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      throw new ProviderError(`AzamPay did not answer ${new URL(url).pathname}: ${why}`)
    }
  }

  private async read(res: Response): Promise<Record<string, unknown> | null> {
    try {
      return record(JSON.parse(await res.text()) as unknown)
    } catch {
      return null
    }
  }

  /** AppRegistration/GenerateToken, cached until a minute before its `expire`. */
  async accessToken(): Promise<string> {
    const now = this.config.now()
    if (this.token && this.token.expiresAt > now) return this.token.token
    const res = await this.fetchWithin(`${this.config.authBaseUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        appName: this.config.appName,
        clientId: this.config.clientId,
        clientSecret: this.config.clientSecret,
      }),
    })
    const body = await this.read(res)
    const data = record(body?.data)
    const token = text(data?.accessToken)
    if (!res.ok || !token) throw new ProviderError(`AzamPay token: HTTP ${res.status} ${said(body)}`.trim())
    const expires = Date.parse(text(data?.expire) ?? '')
    // No readable expiry: keep it 55 minutes; an expiry already passed on our clock: do not keep it.
    const expiresAt = Number.isFinite(expires) ? expires - 60_000 : now + 55 * 60_000
    this.token = { token, expiresAt }
    return token
  }

  /** One call with the bearer token and API key; a 401 drops the token and is tried once more with a new one. */
  private async call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken()
      const res = await this.fetchWithin(`${this.config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-API-Key': this.config.apiKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      })
      const answer = { status: res.status, body: await this.read(res) }
      if (res.status !== 401) return answer
      this.token = null
      if (attempt >= 1) return answer
    }
  }

  /**
   * A checkout's or a transfer's answer as a ProviderAck:
   *   says the reference was used before           duplicate: look it up
   *   2xx with success true                        accepted, with AzamPay's transactionId (or `fallbackRef`)
   *   HTTP 400 (validation)                        refused: AzamPay did not take the request, nothing moved
   *   anything else (5xx, 2xx success false, …)    thrown: unknown; the outbox looks it up before sending again
   */
  private ack(path: string, answer: Answer, fallbackRef: string | undefined): ProviderAck {
    const { status, body } = answer
    if (!body) throw new ProviderError(`AzamPay ${path}: unreadable answer (HTTP ${status})`)
    const words = said(body)
    if (DUPLICATE.test(words)) return { result: 'duplicate' }
    if (status >= 200 && status < 300 && body.success === true) {
      const providerRef = text(body.transactionId) ?? fallbackRef
      if (!providerRef) throw new ProviderError(`AzamPay ${path}: accepted without a transactionId`)
      return { result: 'accepted', providerRef }
    }
    if (status === 400)
      return { result: 'refused', reason: `AzamPay: ${words || 'bad request'}`.slice(0, 200) }
    throw new ProviderError(`AzamPay ${path}: HTTP ${status} ${words}`.trim())
  }

  async disburse(request: PayoutRequest): Promise<ProviderAck> {
    const amount = this.wholeUnits(request.amountMinor, request.currency)
    if (typeof amount !== 'number') return { result: 'refused', reason: amount.refused }
    const operator = AZAMPAY_OPERATORS[request.walletProvider]
    if (!operator) return { result: 'refused', reason: `AzamPay pays no ${request.walletProvider} wallet` }
    const account = toMsisdn(request.account, DIAL_CODE)
    let fullName = request.payeeName
    if (!fullName) {
      const found = await this.lookupName({ account, walletProvider: request.walletProvider })
      if (!found.found) return { result: 'refused', reason: `name lookup: ${found.reason}`.slice(0, 200) }
      fullName = found.name
    }
    const { payoutSource } = this.config
    const answer = await this.call('POST', AZAMPAY_PATHS.transfer, {
      source: {
        countryCode: COUNTRY,
        fullName: payoutSource.fullName,
        bankName: payoutSource.bankName,
        accountNumber: payoutSource.accountNumber,
        currency: CURRENCY,
      },
      destination: {
        countryCode: COUNTRY,
        fullName,
        bankName: operator,
        accountNumber: account,
        currency: CURRENCY,
      },
      transferDetails: {
        type: this.config.transferType ?? 'MNO',
        amount,
        date: new Date(this.config.now()).toISOString(),
      },
      externalReferenceId: request.reference,
      remarks: `Loan ${request.reference}`.slice(0, 100),
    })
    return this.ack(AZAMPAY_PATHS.transfer, answer, request.reference)
  }

  async requestPayment(request: CollectionRequest): Promise<ProviderAck> {
    const amount = this.wholeUnits(request.amountMinor, request.currency)
    if (typeof amount !== 'number') return { result: 'refused', reason: amount.refused }
    const operator = AZAMPAY_OPERATORS[request.walletProvider ?? '']
    if (!operator)
      return {
        result: 'refused',
        reason: `AzamPay collects from no ${request.walletProvider ?? 'unnamed'} wallet`,
      }
    const answer = await this.call('POST', AZAMPAY_PATHS.checkout, {
      accountNumber: toMsisdn(request.payer, DIAL_CODE),
      amount: String(amount),
      currency: CURRENCY,
      externalId: request.reference,
      provider: operator,
    })
    return this.ack(AZAMPAY_PATHS.checkout, answer, undefined)
  }

  /** The transaction status query, by AzamPay's transaction id when we have it, else by our reference. */
  async status(lookup: TransferLookup): Promise<ProviderStatus> {
    const operator = AZAMPAY_OPERATORS[lookup.walletProvider ?? '']
    if (!operator) return { state: 'pending', reason: 'no AzamPay operator to ask' }
    const id = lookup.providerRef ?? lookup.reference
    const query = new URLSearchParams({ pgReferenceId: id, bankName: operator })
    const answer = await this.call('GET', `${AZAMPAY_PATHS.status}?${query.toString()}`)
    const { status, body } = answer
    const words = said(body)
    const ok = status >= 200 && status < 300 && body?.success === true
    if (!ok && (status === 404 || body?.success === false) && NOT_FOUND.test(words))
      return { state: 'notFound', reason: words }
    if (!ok) throw new ProviderError(`AzamPay ${AZAMPAY_PATHS.status}: HTTP ${status} ${words}`.trim())
    const data = text(body?.data) ?? ''
    const state = statusOfWords(data)
    return {
      state,
      providerRef: id,
      ...(state === 'succeeded' || !data ? {} : { reason: data.slice(0, 200) }),
    }
  }

  async lookupName(request: NameLookupRequest): Promise<NameLookupResult> {
    const operator = AZAMPAY_OPERATORS[request.walletProvider]
    if (!operator) return { found: false, reason: `AzamPay looks up no ${request.walletProvider} wallet` }
    const answer = await this.call('POST', AZAMPAY_PATHS.nameLookup, {
      bankName: operator,
      accountNumber: toMsisdn(request.account, DIAL_CODE),
    })
    const { status, body } = answer
    const name = text(body?.name)
    if (status >= 200 && status < 300 && body?.success === true && name) return { found: true, name }
    const words = said(body)
    // Only a clear "no such wallet" is an answer; anything else is asked again later.
    if (status === 400 || status === 404 || (body?.success === false && NOT_FOUND.test(words)))
      return { found: false, reason: (words || `HTTP ${status}`).slice(0, 200) }
    throw new ProviderError(`AzamPay ${AZAMPAY_PATHS.nameLookup}: HTTP ${status} ${words}`.trim())
  }

  /**
   * A callback names a transaction (utilityref: our reference; reference: AzamPay's id; operator); what happened
   * to it is what AzamPay's status query says. The key names the transaction and the confirmed state, so the same
   * news twice — whatever the callback claimed — is a replay, and a change AzamPay confirms later is not.
   */
  async verifyCallback(input: CallbackInput): Promise<VerifiedCallback> {
    const token = input.query.token
    if (typeof token !== 'string' || !sameSecret(token, this.config.callbackToken))
      return { ok: false, reason: 'missing or wrong callback token' }
    const body = record(input.body)
    const ours = text(body?.utilityref)
    const theirs = text(body?.reference)
    if (!body || (!ours && !theirs)) return { ok: false, reason: 'not an AzamPay callback' }
    const walletProvider = walletOfOperator(text(body.operator))
    if (!walletProvider) return { ok: false, reason: 'callback from an operator we do not route to AzamPay' }
    const status = await this.status({
      kind: 'collection',
      reference: ours ?? theirs!,
      providerRef: theirs ?? null,
      amountMinor: 0,
      walletProvider,
    })
    if (status.state === 'notFound')
      return { ok: false, reason: 'AzamPay does not know the transaction this callback names' }
    const claimed = text(body.transactionstatus) ?? text(body.transactionStatus) ?? 'no status'
    const base = {
      // AzamPay documents its callback for checkouts; the transfer is found by its references, whatever its kind.
      kind: 'collection' as const,
      ...(theirs ? { providerRef: theirs } : {}),
      ...(ours ? { reference: ours } : {}),
      idempotencyKey: `azampay:${theirs ?? ours!}:${status.state}`,
    }
    if (status.state === 'pending')
      return {
        ok: true,
        outcome: {
          ...base,
          state: 'pending',
          reason: `callback said ${claimed}; AzamPay's status is not final`,
        },
      }
    if (status.state === 'succeeded') {
      const receipt = text(body.mnoreference) ?? theirs
      return {
        ok: true,
        outcome: { ...base, state: 'succeeded', confirmed: true, ...(receipt ? { receipt } : {}) },
      }
    }
    return {
      ok: true,
      outcome: {
        ...base,
        state: status.state,
        confirmed: true,
        ...(status.state === 'failed' ? { reason: status.reason ?? 'failed' } : {}),
      },
    }
  }

  callbackReply(accepted: boolean): unknown {
    return { success: accepted, message: accepted ? 'Accepted' : 'Rejected' }
  }
}
