/**
 * AzamPay's API as the fault simulation's local fake: the real adapter (server/payments/azampay.ts) calls it
 * through its `fetch`, in process, and every answer comes from the faulty provider's book (faulty-provider.ts) —
 * so the same seeded faults (requests that time out before or after they were recorded, `duplicate` on first
 * sight, refusals, status queries that time out or lag, callbacks dropped, doubled, late, shuffled, without our
 * reference, contradicting or naming a wrong amount) reach the server in AzamPay's shapes:
 *
 *   POST /AppRegistration/GenerateToken  a bearer token that does not expire within a scenario
 *   POST /azampay/mno/checkout           the book's answer to a collection: `{ success, transactionId, message }`,
 *                                        "Duplicate externalId …", or a 400 problem document when refused
 *   POST /azampay/createtransfer         the same for a pay-out (`{ data, transactionId, success, statusCode }`)
 *   GET  /azampay/gettransactionstatus   the book's status in AzamPay's words, or "Transaction not found"
 *   POST /azampay/namelookup             the wallet is registered to the simulation's borrower (Asha Juma)
 *   callbacks                            `{ msisdn, amount, utilityref, operator, reference, transactionstatus, … }`
 *                                        to POST /payments/callback/azampay?token=…
 *
 * A time-out of the book throws out of `fetch`, as an unanswered HTTP call does.
 */
import type { HeldTransfer, CallbackWire, FaultyCallbackBody, FaultyProvider } from './faulty-provider'
import { AZAMPAY_OPERATORS, AZAMPAY_PATHS, AzamPayProvider } from '../../server/payments/azampay'

export const SIM_AZAMPAY_CALLBACK_TOKEN = 'fault-simulation-azampay-token'
/** Whom every simulated wallet is registered to: the harness's borrower (tests/server/loans-harness.ts), surname first. */
const REGISTERED_NAME = 'JUMA ASHA'
const PER_UNIT = 100

type Json = Record<string, unknown>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const national = (msisdn: string) => (msisdn.startsWith('255') ? `0${msisdn.slice(3)}` : msisdn)

export class FaultyAzamPay implements CallbackWire {
  /** The operator each reference was asked through (a callback names it). */
  private readonly operators = new Map<string, string>()

  constructor(
    private readonly book: FaultyProvider,
    private readonly now: () => number,
  ) {}

  /** The real adapter, talking to this fake. */
  adapter(): AzamPayProvider {
    return new AzamPayProvider({
      authBaseUrl: 'https://authenticator-sandbox.azampay.co.tz',
      baseUrl: 'https://sandbox.azampay.co.tz',
      appName: 'kopa-fault-simulation',
      clientId: 'sim-client',
      clientSecret: 'sim-secret',
      apiKey: 'sim-api-key',
      callbackToken: SIM_AZAMPAY_CALLBACK_TOKEN,
      payoutSource: { fullName: 'Kopa Lender Ltd', bankName: 'Azampesa', accountNumber: '255700000001' },
      now: this.now,
      fetch: this.fetch,
    })
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Json
    const now = new Date(this.now())
    if (url.pathname === '/AppRegistration/GenerateToken')
      return json(200, {
        data: { accessToken: 'sim-token', expire: '2100-01-01T00:00:00Z' },
        message: 'Token generated successfully',
        success: true,
        statusCode: 200,
      })
    if (url.pathname === AZAMPAY_PATHS.checkout) {
      const reference = String(body.externalId)
      this.operators.set(reference, String(body.provider))
      const amountMinor = Number(body.amount) * PER_UNIT
      const ack = await this.book.receive('collection', reference, amountMinor, national(String(body.accountNumber)), now)
      return this.answer(ack, (providerRef) => ({ success: true, transactionId: providerRef, message: 'Request in progress. You will receive a callback shortly' }))
    }
    if (url.pathname === AZAMPAY_PATHS.transfer) {
      const reference = String(body.externalReferenceId)
      const destination = body.destination as Json
      const details = body.transferDetails as Json
      this.operators.set(reference, String(destination.bankName))
      const amountMinor = Number(details.amount) * PER_UNIT
      const ack = await this.book.receive('payout', reference, amountMinor, national(String(destination.accountNumber)), now)
      return this.answer(ack, (providerRef) => ({ data: 'Transfer initiated', transactionId: providerRef, message: 'Success', success: true, statusCode: 200 }))
    }
    if (url.pathname === AZAMPAY_PATHS.status) {
      const id = url.searchParams.get('pgReferenceId') ?? ''
      const status = await this.book.status({ kind: 'payout', reference: id, providerRef: id, amountMinor: 0 }, { q: null as never, now })
      if (status.state === 'notFound') return json(200, { data: null, message: 'Transaction not found', success: false, statusCode: 404 })
      const words = {
        pending: 'Transaction pending.',
        succeeded: 'Transaction successful.',
        failed: `Transaction failed: ${status.reason ?? ''}`,
        reversed: 'Transaction reversed.',
      }[status.state]
      return json(200, { data: words, message: 'Status retrieved', success: true, statusCode: 200 })
    }
    if (url.pathname === AZAMPAY_PATHS.nameLookup)
      return json(200, { name: REGISTERED_NAME, message: 'Name found', success: true, accountNumber: body.accountNumber, bankName: body.bankName })
    return json(404, { message: `no such path ${url.pathname}`, success: false })
  }

  private answer(ack: Awaited<ReturnType<FaultyProvider['receive']>>, accepted: (providerRef: string) => Json): Response {
    if (ack.result === 'accepted') return json(200, accepted(ack.providerRef))
    if (ack.result === 'duplicate') return json(200, { success: false, message: 'Duplicate externalId: this reference has already been used' })
    return json(400, {
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { accountNumber: [ack.reason] },
    })
  }

  render(body: FaultyCallbackBody, held: HeldTransfer): { path: string; headers: Record<string, string>; raw: string } {
    const operator = this.operators.get(held.reference) ?? AZAMPAY_OPERATORS.mpesa!
    const raw = JSON.stringify({
      msisdn: `255${held.account.slice(1)}`,
      ...(body.amountMinor !== undefined ? { amount: String(body.amountMinor / PER_UNIT) } : {}),
      message: body.status === 'SUCCESS' ? 'Transaction successful' : (body.reason ?? 'Transaction failed'),
      ...(body.reference ? { utilityref: body.reference } : {}),
      operator,
      reference: body.providerRef,
      transactionstatus: body.status === 'SUCCESS' ? 'success' : 'failure',
      submerchantAcc: null,
      additionalProperties: { notification: body.notificationId },
    })
    return {
      path: `/payments/callback/azampay?token=${SIM_AZAMPAY_CALLBACK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      raw,
    }
  }
}
