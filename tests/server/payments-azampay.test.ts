/**
 * The AzamPay adapter (Tanzania's M-Pesa, Airtel Money, Mixx by Yas and HaloPesa) against a local fake of AzamPay's
 * API (tests/server/helpers/fake-azampay.ts): the token and its renewal, MNO checkout with its callback,
 * createtransfer, the transaction status query, name lookup, and every way the fake misbehaves — time-outs, 5xx,
 * a lost answer, duplicate, out-of-order and contradictory callbacks, a callback before the answer.
 *
 * The first suites test AzamPayProvider on its own (its callbacks go to a recorder and are read with
 * verifyCallback). The last suite drives the whole loan server through it, with the fault cases of the M-Pesa
 * suite: a loan paid out exactly once, a payment booked exactly once, a retry carrying the same externalId, the
 * books balanced after every test; it loads the server's harness only when it runs.
 */
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { paymentTransfers } from '../../server/db/schema/loans'
import { walletAccounts } from '../../server/db/schema/profile'
import { payeeOf } from '../../server/payments/payee'
import { AzamPayProvider, statusOfWords, type AzamPayConfig } from '../../server/payments/azampay'
import { loadPaymentSettings } from '../../server/payments/config'
import { NAME_MISMATCH_REASON, nameParts, namesMatch } from '../../server/payments/names'
import { ProviderError, type CallbackOutcome, type VerifiedCallback } from '../../server/payments/provider'
import { describeOnEachDatabase } from './helpers/databases'
import {
  AZAMPAY_TEST_CREDENTIALS,
  CallbackRecorder,
  FakeAzamPay,
  type Scripted,
} from './helpers/fake-azampay'
import type { Borrower, LoanServer } from './loans-harness'

const TZS = 100
const CALLBACK_TOKEN = 'azampay-callback-token-0123456789'
const CHECKOUT = '/azampay/mno/checkout'
const TRANSFER = '/azampay/createtransfer'
const STATUS = '/azampay/gettransactionstatus'
const LOOKUP = '/azampay/namelookup'

function azamConfig(url: string, overrides: Partial<AzamPayConfig> = {}): AzamPayConfig {
  return {
    authBaseUrl: url,
    baseUrl: url,
    ...AZAMPAY_TEST_CREDENTIALS,
    callbackToken: CALLBACK_TOKEN,
    payoutSource: { fullName: 'Kopa Lender Ltd', bankName: 'Azampesa', accountNumber: '255700000001' },
    transferType: 'MNO',
    now: () => Date.now(),
    requestTimeoutMs: 300,
    ...overrides,
  }
}

let refs = 0
/** A fresh reference shaped like the server's. */
const nextRef = (prefix = 'PO') => `${prefix}${Date.now() % 1_000_000}${++refs}-1`

const payout = (reference: string, overrides: Record<string, unknown> = {}) => ({
  reference,
  amountMinor: 150_000 * TZS,
  currency: 'TZS',
  account: '0754123456',
  walletProvider: 'mpesa',
  payeeName: 'Asha Juma',
  ...overrides,
})

const collection = (reference: string, overrides: Record<string, unknown> = {}) => ({
  reference,
  amountMinor: 20_000 * TZS,
  currency: 'TZS',
  payer: '0754123456',
  description: reference,
  walletProvider: 'airtel',
  ...overrides,
})

/** The outcome of a callback that must verify. */
function outcomeOf(v: VerifiedCallback): CallbackOutcome {
  if (!v.ok) throw new Error(`callback refused: ${v.reason}`)
  return v.outcome
}

describe('Whose wallet: the name comparison', () => {
  it('ignores case, accents, punctuation and the order of the names, and drops initials', () => {
    expect(nameParts("  JOSÉ  N'gwana-Mwita  k. ")).toEqual(['jose', 'ngwana', 'mwita'])
    expect(namesMatch('Asha Juma', 'ASHA JUMA')).toBe(true)
    expect(namesMatch('Asha Juma', 'JUMA ASHA HASSANI')).toBe(true)
    expect(namesMatch('Asha Mwanaidi Juma', 'asha juma')).toBe(true)
    expect(namesMatch('José Ángel Pérez', 'PEREZ JOSE')).toBe(true)
  })

  it('needs two name parts in common: one shared name, a single name or initials are not enough', () => {
    expect(namesMatch('Asha Juma', 'ASHA MUSA')).toBe(false)
    expect(namesMatch('Asha Juma', 'ASHA')).toBe(false)
    expect(namesMatch('Asha Juma', 'A. J. JUMA')).toBe(false)
    expect(namesMatch('Asha Juma', '')).toBe(false)
    expect(namesMatch('', 'ASHA JUMA')).toBe(false)
    expect(namesMatch('Asha Asha', 'ASHA ASHA')).toBe(false)
  })
})

describe('The AzamPay adapter', () => {
  it("reads AzamPay's status words, failure before success and unknown words as pending", () => {
    expect(statusOfWords('Transaction successful.')).toBe('succeeded')
    expect(statusOfWords('Completed')).toBe('succeeded')
    expect(statusOfWords('Transaction unsuccessful')).toBe('failed')
    expect(statusOfWords('Transaction failed.')).toBe('failed')
    expect(statusOfWords('Cancelled by user')).toBe('failed')
    expect(statusOfWords('Insufficient balance')).toBe('failed')
    expect(statusOfWords('Transaction reversed.')).toBe('reversed')
    expect(statusOfWords('Transaction pending.')).toBe('pending')
    expect(statusOfWords('In progress')).toBe('pending')
    expect(statusOfWords('')).toBe('pending')
  })

  it('refuses a fraction of a shilling, another currency or a wallet it does not serve, without calling', async () => {
    const calls: string[] = []
    const p = new AzamPayProvider({
      ...azamConfig('http://127.0.0.1:9'),
      fetch: (input) => {
        calls.push(String(input))
        return Promise.reject(new Error('no call expected'))
      },
    })
    await expect(p.disburse(payout('r1', { amountMinor: 1_050 }))).resolves.toEqual({
      result: 'refused',
      reason: 'AzamPay moves whole shillings only; got 1050 minor units',
    })
    await expect(p.disburse(payout('r2', { currency: 'KES' }))).resolves.toMatchObject({ result: 'refused' })
    await expect(p.disburse(payout('r3', { walletProvider: 'clabe' }))).resolves.toMatchObject({
      result: 'refused',
    })
    await expect(p.requestPayment(collection('r4', { amountMinor: 99 }))).resolves.toMatchObject({
      result: 'refused',
    })
    await expect(p.requestPayment(collection('r5', { walletProvider: undefined }))).resolves.toMatchObject({
      result: 'refused',
    })
    await expect(
      p.verifyCallback({ headers: {}, query: {}, body: { utilityref: 'r4' }, rawBody: '' }),
    ).resolves.toEqual({ ok: false, reason: 'missing or wrong callback token' })
    await expect(
      p.verifyCallback({ headers: {}, query: { token: 'wrong' }, body: { utilityref: 'r4' }, rawBody: '' }),
    ).resolves.toMatchObject({ ok: false })
    expect(calls).toEqual([])
  })
})

describe('The AzamPay adapter against a fake AzamPay', () => {
  const azam = new FakeAzamPay()
  const recorder = new CallbackRecorder()
  let p: AzamPayProvider
  const make = (overrides: Partial<AzamPayConfig> = {}) =>
    new AzamPayProvider(azamConfig(azam.url, overrides))

  beforeAll(async () => {
    await Promise.all([azam.start(), recorder.start()])
    azam.callbackUrl = `${recorder.url}/payments/callback/azampay?token=${CALLBACK_TOKEN}`
    azam.names.set('255754123456', 'JUMA ASHA')
    p = make()
  })
  afterAll(async () => {
    await azam.stop()
    await recorder.stop()
  })

  /** verifyCallback on what the recorder received. */
  const verify = (cb: { url: URL; body: unknown; raw: string }) =>
    p.verifyCallback({
      headers: { 'content-type': 'application/json' },
      query: Object.fromEntries(cb.url.searchParams),
      body: cb.body,
      rawBody: cb.raw,
    })
  /** A hand-made callback with the right token. */
  const callback = (body: unknown) =>
    p.verifyCallback({ headers: {}, query: { token: CALLBACK_TOKEN }, body, rawBody: JSON.stringify(body) })

  describe('tokens', () => {
    it('asks for a token with appName, clientId and clientSecret, keeps it, and sends it with the API key', async () => {
      const q = make()
      const before = azam.tokensIssued
      await q.requestPayment(collection(nextRef('PY')))
      await q.requestPayment(collection(nextRef('PY')))
      expect(azam.tokensIssued).toBe(before + 1)
      const [tokenCall] = azam.calls('/AppRegistration/GenerateToken').slice(-1)
      expect(tokenCall!.body).toEqual({
        appName: AZAMPAY_TEST_CREDENTIALS.appName,
        clientId: AZAMPAY_TEST_CREDENTIALS.clientId,
        clientSecret: AZAMPAY_TEST_CREDENTIALS.clientSecret,
      })
      const [checkout] = azam.calls(CHECKOUT).slice(-1)
      expect(checkout!.headers['x-api-key']).toBe(AZAMPAY_TEST_CREDENTIALS.apiKey)
      expect(checkout!.headers.authorization).toMatch(/^Bearer azam-token-/)
    })

    it('fetches a new token when AzamPay answers 401, and sends the call once more', async () => {
      const q = make()
      await q.requestPayment(collection(nextRef('PY')))
      const before = azam.tokensIssued
      azam.revokeTokens()
      const ref = nextRef('PY')
      await expect(q.requestPayment(collection(ref))).resolves.toMatchObject({ result: 'accepted' })
      expect(azam.tokensIssued).toBe(before + 1)
      expect(azam.calls(CHECKOUT, (s) => s.body.externalId === ref)).toHaveLength(2)
      expect(azam.byExternalId(ref)).toBeDefined()
    })

    it('fetches a new token once the one it has expires', async () => {
      let now = Date.now()
      const q = make({ now: () => now })
      await q.requestPayment(collection(nextRef('PY')))
      const before = azam.tokensIssued
      now += 2 * 3_600_000
      await q.requestPayment(collection(nextRef('PY')))
      expect(azam.tokensIssued).toBe(before + 1)
    })

    it('throws when the credentials are refused', async () => {
      const q = make({ clientSecret: 'wrong' })
      await expect(q.requestPayment(collection(nextRef('PY')))).rejects.toThrow(
        /AzamPay token: HTTP 423 Provided detail is not valid/,
      )
    })
  })

  describe('collecting with MNO checkout', () => {
    it('pushes to each of the four wallets with our reference as externalId', async () => {
      for (const [wallet, provider] of [
        ['mpesa', 'Mpesa'],
        ['airtel', 'Airtel'],
        ['tigo', 'Tigo'],
        ['halopesa', 'Halopesa'],
      ] as const) {
        const ref = nextRef('PY')
        const ack = await p.requestPayment(collection(ref, { walletProvider: wallet }))
        const t = azam.byExternalId(ref)!
        expect(ack).toEqual({ result: 'accepted', providerRef: t.id })
        const [call] = azam.calls(CHECKOUT, (s) => s.body.externalId === ref)
        expect(call!.body).toEqual({
          accountNumber: '255754123456',
          amount: '20000',
          currency: 'TZS',
          externalId: ref,
          provider,
        })
      }
    })

    it("reads a callback by asking AzamPay: a success, confirmed, keyed by AzamPay's id and the state", async () => {
      const ref = nextRef('PY')
      await p.requestPayment(collection(ref))
      await azam.drain()
      const t = azam.byExternalId(ref)!
      const [cb] = recorder.about(ref)
      expect(cb!.url.searchParams.get('token')).toBe(CALLBACK_TOKEN)
      const statusCalls = azam.calls(STATUS).length
      expect(outcomeOf(await verify(cb!))).toEqual({
        kind: 'collection',
        providerRef: t.id,
        reference: ref,
        state: 'succeeded',
        confirmed: true,
        idempotencyKey: `azampay:${t.id}:succeeded`,
        receipt: t.id,
      })
      const [query] = azam.calls(STATUS).slice(statusCalls)
      expect(Object.fromEntries(query!.query)).toEqual({ pgReferenceId: t.id, bankName: 'Airtel' })
    })

    it('reads a declined push as failed, without a receipt', async () => {
      const ref = nextRef('PY')
      await p.requestPayment(collection(ref, { payer: '0754120000' }))
      await azam.drain()
      const outcome = outcomeOf(await verify(recorder.about(ref)[0]!))
      expect(outcome).toMatchObject({ state: 'failed', confirmed: true, reason: 'Transaction failed.' })
      expect(outcome.receipt).toBeUndefined()
    })

    it('believes AzamPay, not the callback: a contradictory claim reads as the truth, under the same key', async () => {
      const ref = nextRef('PY')
      azam.script(CHECKOUT, { callbacks: ['failure', 'success', 'truth'] })
      await p.requestPayment(collection(ref))
      await azam.drain()
      const t = azam.byExternalId(ref)!
      const outcomes = await Promise.all(recorder.about(ref).map((cb) => verify(cb).then(outcomeOf)))
      expect(
        recorder.about(ref).map((c) => (c.body as { transactionstatus: string }).transactionstatus),
      ).toEqual(['failure', 'success', 'success'])
      expect(new Set(outcomes.map((o) => o.idempotencyKey))).toEqual(new Set([`azampay:${t.id}:succeeded`]))
      expect(outcomes.every((o) => o.state === 'succeeded')).toBe(true)
    })

    it('reads a callback whose transaction AzamPay still calls pending as pending, not confirmed', async () => {
      const ref = nextRef('PY')
      await p.requestPayment(collection(ref))
      await azam.drain()
      const t = azam.byExternalId(ref)!
      t.status = 'pending'
      const outcome = outcomeOf(await verify(recorder.about(ref)[0]!))
      expect(outcome).toMatchObject({ state: 'pending', idempotencyKey: `azampay:${t.id}:pending` })
      expect(outcome.confirmed).toBeUndefined()
      t.status = 'reversed'
      expect(outcomeOf(await verify(recorder.about(ref)[0]!))).toMatchObject({
        state: 'reversed',
        confirmed: true,
        idempotencyKey: `azampay:${t.id}:reversed`,
      })
    })

    it('refuses a callback for a transaction AzamPay does not know, or from an operator it does not route', async () => {
      const forged = {
        msisdn: '255754123456',
        amount: '20000',
        message: 'Transaction successful',
        utilityref: 'PY-forged-1',
        operator: 'Airtel',
        reference: 'not-a-transaction',
        transactionstatus: 'success',
        submerchantAcc: '',
      }
      await expect(callback(forged)).resolves.toEqual({
        ok: false,
        reason: 'AzamPay does not know the transaction this callback names',
      })
      await expect(callback({ ...forged, operator: 'Azampesa' })).resolves.toMatchObject({ ok: false })
      await expect(callback({ hello: 'world' })).resolves.toMatchObject({ ok: false })
    })

    it('throws when AzamPay cannot be asked about a callback, so the route answers 500 and it comes again', async () => {
      const ref = nextRef('PY')
      await p.requestPayment(collection(ref))
      await azam.drain()
      azam.script(STATUS, { answer: 503, raw: 'busy' }, { hang: true })
      await expect(verify(recorder.about(ref)[0]!)).rejects.toBeInstanceOf(ProviderError)
      await expect(verify(recorder.about(ref)[0]!)).rejects.toBeInstanceOf(ProviderError)
      await expect(verify(recorder.about(ref)[0]!)).resolves.toMatchObject({ ok: true })
    })

    it('answers duplicate, never refused, to an externalId AzamPay already has', async () => {
      const ref = nextRef('PY')
      await expect(p.requestPayment(collection(ref))).resolves.toMatchObject({ result: 'accepted' })
      await expect(p.requestPayment(collection(ref))).resolves.toEqual({ result: 'duplicate' })
      await azam.drain()
      expect([...azam.transactions.values()].filter((t) => t.externalId === ref)).toHaveLength(1)
    })

    it('refuses a push AzamPay rejects as invalid, naming the field', async () => {
      azam.script(CHECKOUT, {
        answer: 400,
        body: {
          type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
          title: 'One or more validation errors occurred.',
          status: 400,
          traceId: '00-1-00',
          errors: { accountNumber: ['The accountNumber is invalid.'] },
        },
      })
      await expect(p.requestPayment(collection(nextRef('PY')))).resolves.toEqual({
        result: 'refused',
        reason:
          'AzamPay: One or more validation errors occurred.; accountNumber: The accountNumber is invalid.',
      })
    })

    it('throws, for the outbox to look up, on every answer that leaves the outcome unknown', async () => {
      const ref = nextRef('PY')
      const unknown: Scripted[] = [
        { hang: true },
        { drop: true },
        { answer: 503, raw: '<html>Service Unavailable</html>' },
        { answer: 500, body: { message: 'Internal Server Error', status: 'Error' } },
        { answer: 200, raw: 'not json' },
        { answer: 200, body: { success: false, message: 'Request could not be processed' } },
        { answer: 200, body: { success: true, message: 'Received' } },
      ]
      azam.script(CHECKOUT, ...unknown)
      for (const behaviour of unknown) {
        await expect(p.requestPayment(collection(ref)), JSON.stringify(behaviour)).rejects.toBeInstanceOf(
          ProviderError,
        )
      }
      expect(azam.byExternalId(ref)).toBeUndefined()
      await expect(p.requestPayment(collection(ref))).resolves.toMatchObject({ result: 'accepted' })
    })
  })

  describe('paying out with createtransfer', () => {
    it('sends source, destination, whole shillings and our reference as externalReferenceId', async () => {
      const ref = nextRef()
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'accepted', providerRef: ref })
      const [call] = azam.calls(TRANSFER, (s) => s.body.externalReferenceId === ref)
      expect(call!.body).toEqual({
        source: {
          countryCode: 'TZ',
          fullName: 'Kopa Lender Ltd',
          bankName: 'Azampesa',
          accountNumber: '255700000001',
          currency: 'TZS',
        },
        destination: {
          countryCode: 'TZ',
          fullName: 'Asha Juma',
          bankName: 'Mpesa',
          accountNumber: '255754123456',
          currency: 'TZS',
        },
        transferDetails: { type: 'MNO', amount: 150_000, date: expect.any(String) as string },
        externalReferenceId: ref,
        remarks: `Loan ${ref}`,
      })
      expect(azam.calls(LOOKUP, (s) => s.body.accountNumber === '255754123456')).toHaveLength(0)
    })

    it("takes AzamPay's transactionId as the providerRef when the answer has one", async () => {
      azam.transferAnswersWithId = true
      try {
        const ref = nextRef()
        const ack = await p.disburse(payout(ref, { walletProvider: 'halopesa' }))
        expect(ack).toEqual({ result: 'accepted', providerRef: azam.byExternalId(ref)!.id })
      } finally {
        azam.transferAnswersWithId = false
      }
    })

    it('looks the name up for the destination when the pay-out does not bring one', async () => {
      const ref = nextRef()
      await p.disburse(payout(ref, { payeeName: undefined }))
      const [call] = azam.calls(TRANSFER, (s) => s.body.externalReferenceId === ref)
      expect((call!.body.destination as { fullName: string }).fullName).toBe('JUMA ASHA')
      await expect(
        p.disburse(payout(nextRef(), { payeeName: undefined, account: '0754999888' })),
      ).resolves.toEqual({ result: 'refused', reason: 'name lookup: Account not found' })
    })

    it('pays once when the answer was lost: the status query by our reference finds it', async () => {
      const ref = nextRef()
      azam.script(TRANSFER, { loseAnswer: true })
      await expect(p.disburse(payout(ref))).rejects.toBeInstanceOf(ProviderError)
      await expect(
        p.status({
          kind: 'payout',
          reference: ref,
          providerRef: null,
          amountMinor: 150_000 * TZS,
          walletProvider: 'mpesa',
        }),
      ).resolves.toEqual({ state: 'succeeded', providerRef: ref })
      await expect(p.disburse(payout(ref))).resolves.toEqual({ result: 'duplicate' })
      expect([...azam.transactions.values()].filter((t) => t.externalId === ref)).toHaveLength(1)
    })

    it('says notFound for a pay-out that never reached AzamPay, so the outbox sends it again', async () => {
      const ref = nextRef()
      azam.script(TRANSFER, { drop: true })
      await expect(p.disburse(payout(ref))).rejects.toBeInstanceOf(ProviderError)
      await expect(
        p.status({
          kind: 'payout',
          reference: ref,
          providerRef: null,
          amountMinor: 1,
          walletProvider: 'mpesa',
        }),
      ).resolves.toEqual({ state: 'notFound', reason: 'Transaction not found' })
    })

    it("reads a failed pay-out's status as failed, and a reversed one as reversed", async () => {
      const ref = nextRef()
      await p.disburse(payout(ref, { account: '0754120000' }))
      const lookup = {
        kind: 'payout' as const,
        reference: ref,
        providerRef: ref,
        amountMinor: 1,
        walletProvider: 'mpesa',
      }
      await expect(p.status(lookup)).resolves.toEqual({
        state: 'failed',
        providerRef: ref,
        reason: 'Transaction failed.',
      })
      azam.byExternalId(ref)!.status = 'reversed'
      await expect(p.status(lookup)).resolves.toMatchObject({ state: 'reversed' })
    })

    it('throws when the status query fails, and answers pending without an operator to ask', async () => {
      const lookup = {
        kind: 'payout' as const,
        reference: nextRef(),
        providerRef: null,
        amountMinor: 1,
        walletProvider: 'tigo',
      }
      azam.script(STATUS, { answer: 500, body: { message: 'Internal Server Error' } }, { hang: true })
      await expect(p.status(lookup)).rejects.toBeInstanceOf(ProviderError)
      await expect(p.status(lookup)).rejects.toBeInstanceOf(ProviderError)
      await expect(p.status({ ...lookup, walletProvider: undefined })).resolves.toMatchObject({
        state: 'pending',
      })
    })
  })

  describe('name lookup', () => {
    it('asks with the operator and the 255 number, and reads the name, an unknown wallet, and an error', async () => {
      await expect(p.lookupName({ account: '0754123456', walletProvider: 'tigo' })).resolves.toEqual({
        found: true,
        name: 'JUMA ASHA',
      })
      const [call] = azam.calls(LOOKUP).slice(-1)
      expect(call!.body).toEqual({ bankName: 'Tigo', accountNumber: '255754123456' })
      await expect(p.lookupName({ account: '0754000111', walletProvider: 'airtel' })).resolves.toEqual({
        found: false,
        reason: 'Account not found',
      })
      azam.script(
        LOOKUP,
        { answer: 502, raw: 'Bad Gateway' },
        { answer: 200, body: { success: false, message: 'Try later' } },
      )
      await expect(p.lookupName({ account: '0754123456', walletProvider: 'mpesa' })).rejects.toBeInstanceOf(
        ProviderError,
      )
      await expect(p.lookupName({ account: '0754123456', walletProvider: 'mpesa' })).rejects.toBeInstanceOf(
        ProviderError,
      )
    })
  })
})

describe('AzamPay configuration', () => {
  const env = {
    KOPA_AZAMPAY_APP_NAME: 'kopa',
    KOPA_AZAMPAY_CLIENT_ID: 'id',
    KOPA_AZAMPAY_CLIENT_SECRET: 'secret',
    KOPA_AZAMPAY_API_KEY: 'key',
    KOPA_AZAMPAY_CALLBACK_TOKEN: CALLBACK_TOKEN,
    KOPA_AZAMPAY_PAYOUT_ACCOUNT: '255700000001',
  }
  const routes = 'TZ:mpesa=azampay,TZ:airtel=azampay,TZ:tigo=azampay,TZ:halopesa=azampay'

  it('reads the KOPA_AZAMPAY_* keys, sandbox by default, live on request', () => {
    const settings = loadPaymentSettings('production', { ...env, KOPA_PAYMENT_ROUTES: routes })
    expect(settings.routes).toEqual({
      'TZ:mpesa': 'azampay',
      'TZ:airtel': 'azampay',
      'TZ:tigo': 'azampay',
      'TZ:halopesa': 'azampay',
    })
    expect(settings.azampay).toEqual({
      authBaseUrl: 'https://authenticator-sandbox.azampay.co.tz',
      baseUrl: 'https://sandbox.azampay.co.tz',
      appName: 'kopa',
      clientId: 'id',
      clientSecret: 'secret',
      apiKey: 'key',
      callbackToken: CALLBACK_TOKEN,
      payoutSource: { accountNumber: '255700000001', fullName: 'kopa', bankName: 'Azampesa' },
      transferType: 'MNO',
    })
    expect(loadPaymentSettings('production', { ...env, KOPA_AZAMPAY_ENV: 'live' }).azampay).toMatchObject({
      authBaseUrl: 'https://authenticator.azampay.co.tz',
      baseUrl: 'https://checkout.azampay.co.tz',
    })
    expect(loadPaymentSettings('demo', {}).azampay).toBeNull()
  })

  it('stops the start-up on a route to azampay without it, a short callback token, or no pay-out account', () => {
    expect(() => loadPaymentSettings('production', { KOPA_PAYMENT_ROUTES: routes })).toThrow(
      /sends payments to azampay/,
    )
    expect(() => loadPaymentSettings('demo', { ...env, KOPA_AZAMPAY_CALLBACK_TOKEN: 'short' })).toThrow(
      /KOPA_AZAMPAY_CALLBACK_TOKEN/,
    )
    expect(() => loadPaymentSettings('demo', { ...env, KOPA_AZAMPAY_API_KEY: '' })).toThrow(
      /KOPA_AZAMPAY_API_KEY/,
    )
    expect(() =>
      loadPaymentSettings('demo', { ...env, KOPA_AZAMPAY_PAYOUT_ACCOUNT: '', KOPA_PAYMENT_ROUTES: routes }),
    ).toThrow(/KOPA_AZAMPAY_PAYOUT_ACCOUNT/)
    expect(() => loadPaymentSettings('demo', { ...env, KOPA_AZAMPAY_ENV: 'staging' })).toThrow(
      /KOPA_AZAMPAY_ENV/,
    )
  })
})

describeOnEachDatabase('Tanzanian loans paid out and repaid through AzamPay', (target) => {
  const azam = new FakeAzamPay()
  let ls: LoanServer
  let h: typeof import('./loans-harness')
  const config = azamConfig('')

  beforeAll(async () => {
    h = await import('./loans-harness')
    await azam.start()
    config.authBaseUrl = azam.url
    config.baseUrl = azam.url
    const routes = Object.fromEntries(
      ['mpesa', 'airtel', 'tigo', 'halopesa'].map((w) => [`TZ:${w}`, 'azampay']),
    )
    ls = await h.startLoanServer(target, 'http', {
      payments: { routes },
      providers: [new AzamPayProvider(config)],
    })
    const address = ls.s.server.app.server.address() as AddressInfo
    // The one callback URL a lender registers in AzamPay's portal.
    azam.callbackUrl = `http://127.0.0.1:${address.port}/payments/callback/azampay?token=${CALLBACK_TOKEN}`
    config.now = () => ls.s.server.ctx.clock.nowMs()
  })
  afterAll(async () => {
    await azam.stop()
    await ls?.close()
  })
  afterEach(async () => {
    azam.disbursementCallbacks = false
    await h.expectBooksBalanced(ls)
  })

  const latest = (b: Borrower) => h.ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
  const msisdn = (national: string) => `255${national.slice(1)}`

  /** Runs jobs, waits for the fake's callbacks and moves the clock a minute at a time until `done`. */
  async function until<V>(read: () => Promise<V>, done: (v: V) => boolean, what: string): Promise<V> {
    for (let i = 0; i < 30; i++) {
      await h.settle(ls)
      await azam.drain()
      const v = await read()
      if (done(v)) return v
      await h.advance(ls, h.MINUTE)
    }
    throw new Error(`never ${what}`)
  }
  const untilStatus = (b: Borrower, statuses: number[]) =>
    until(
      () => latest(b),
      (o) => statuses.includes(o.status),
      `reached ${statuses.join(' or ')}`,
    )

  /** A Tanzanian borrower (Asha Juma) with a complete profile and a wallet, approved for 100,000 TZS. */
  async function approvedTanzanian(wallet: { provider: string; account: string }) {
    const b = await h.register(ls.s, 'TZ')
    await h.completeSteps(ls, b, ['basicInfo', 'identity', 'additionalInfo'])
    const { db, clock } = ls.s.server.ctx
    await db.transaction(async (tx) => {
      const now = clock.now()
      await tx.insert(walletAccounts).values({ userId: b.userId, ...wallet, createdAt: now })
      await ls.s.server.ctx.onProfileStep(b.userId, 'wallet', { q: tx, now, country: 'TZ' })
    })
    await h.completeSteps(ls, b, ['questionnaire'])
    const applied = await h.ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: h.PRODUCT.TZ,
      amountMinor: 100_000 * TZS,
      tenureDays: 91,
    })
    await h.ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await h.settle(ls)
    return { b, applied }
  }

  const transfersTo = (externalId: string) =>
    [...azam.transactions.values()].filter((t) => t.externalId === externalId)

  async function repay(b: Borrower, orderNo: string, channelId: string, amountMinor = 20_000 * TZS) {
    return h.ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', { orderNo, amountMinor, channelId })
  }

  it('checks the name, pays out to an M-Pesa wallet, and takes a repayment pushed to Airtel Money', async () => {
    const wallet = '0754311111'
    azam.names.set(msisdn(wallet), 'JUMA ASHA HASSANI')
    const { b, applied } = await approvedTanzanian({ provider: 'mpesa', account: wallet })
    const info = await h.ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    const paid = await untilStatus(b, [2])
    const reference = `PO${applied.orderNo}-1`
    const [transfer] = azam.calls(TRANSFER, (s) => s.body.externalReferenceId === reference)
    expect(transfer!.body).toMatchObject({
      destination: {
        fullName: 'Asha Juma',
        bankName: 'Mpesa',
        accountNumber: msisdn(wallet),
        currency: 'TZS',
      },
      transferDetails: { amount: info.disbursalMinor / TZS },
    })
    expect(azam.calls(LOOKUP, (s) => s.body.accountNumber === msisdn(wallet))).toHaveLength(1)
    expect(transfersTo(reference)).toHaveLength(1)

    const pay = await repay(b, applied.orderNo, 'airtel')
    expect(pay.instructions.pushSent).toBe(true)
    const repaid = await until(
      () => latest(b),
      (o) => o.remainingMinor !== paid.remainingMinor,
      'booked the repayment',
    )
    expect(repaid.remainingMinor).toBe(paid.remainingMinor! - 20_000 * TZS)
    const [push] = azam.calls(CHECKOUT, (s) => s.body.externalId === pay.payOrderId)
    expect(push!.body).toEqual({
      accountNumber: msisdn(b.mobile),
      amount: '20000',
      currency: 'TZS',
      externalId: pay.payOrderId,
      provider: 'Airtel',
    })

    // The wallet paid once is confirmed: a later pay-out to it needs no lookup; another wallet or a refund differ.
    const { db } = ls.s.server.ctx
    const [row] = await db.select().from(paymentTransfers).where(eq(paymentTransfers.reference, reference))
    const again = { ...row!, id: -1 }
    await expect(payeeOf(db, again)).resolves.toEqual({ name: 'Asha Juma', confirmWallet: false })
    await expect(payeeOf(db, { ...again, account: '0754399999' })).resolves.toMatchObject({
      confirmWallet: true,
    })
    await expect(payeeOf(db, { ...again, purpose: 'refund' })).resolves.toMatchObject({
      confirmWallet: false,
    })
  })

  it('refuses the pay-out when the wallet is registered to someone else: order 10, nothing sent', async () => {
    const wallet = '0754322222'
    azam.names.set(msisdn(wallet), 'ASHA MUSA')
    const { b, applied } = await approvedTanzanian({ provider: 'airtel', account: wallet })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect((await untilStatus(b, [10, 2])).status).toBe(10)
    const reference = `PO${applied.orderNo}-1`
    expect(azam.calls(TRANSFER, (s) => s.body.externalReferenceId === reference)).toHaveLength(0)
    const [row] = await ls.s.server.ctx.db
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.reference, reference))
    expect(row).toMatchObject({ state: 'failed', failureReason: NAME_MISMATCH_REASON })
  })

  it('pays out to a Mixx by Yas wallet through its callback when AzamPay calls back pay-outs', async () => {
    azam.disbursementCallbacks = true
    const wallet = '0754333333'
    azam.names.set(msisdn(wallet), 'asha juma')
    const { b, applied } = await approvedTanzanian({ provider: 'tigo', account: wallet })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    for (let i = 0; i < 20 && (await latest(b)).status !== 2; i++) {
      await h.settle(ls)
      await azam.drain()
    }
    // Without moving the clock: the callback, confirmed by a status query, completed it.
    expect((await latest(b)).status).toBe(2)
    expect(
      azam.callbacks.some((c) => c.body.utilityref === `PO${applied.orderNo}-1` && c.status === 200),
    ).toBe(true)
  })

  it('marks the order 10 when AzamPay reports the pay-out failed', async () => {
    const wallet = '0754340000'
    azam.names.set(msisdn(wallet), 'Asha Juma')
    const { b, applied } = await approvedTanzanian({ provider: 'halopesa', account: wallet })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect((await untilStatus(b, [10, 2])).status).toBe(10)
  })

  it('pays out exactly once when the answer to createtransfer is lost: it is looked up, never sent again', async () => {
    const wallet = '0754355555'
    azam.names.set(msisdn(wallet), 'Asha Juma')
    const { b, applied } = await approvedTanzanian({ provider: 'mpesa', account: wallet })
    azam.script(TRANSFER, { loseAnswer: true })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await untilStatus(b, [2])
    const reference = `PO${applied.orderNo}-1`
    expect(azam.calls(TRANSFER, (s) => s.body.externalReferenceId === reference)).toHaveLength(1)
    expect(transfersTo(reference)).toHaveLength(1)
  })

  it('sends a pay-out that never reached AzamPay again, with the same externalReferenceId, and pays once', async () => {
    const wallet = '0754366666'
    azam.names.set(msisdn(wallet), 'Asha Juma')
    const { b, applied } = await approvedTanzanian({ provider: 'mpesa', account: wallet })
    azam.script(TRANSFER, { drop: true })
    await h.ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await untilStatus(b, [2])
    const reference = `PO${applied.orderNo}-1`
    const sent = azam.calls(TRANSFER, (s) => s.body.externalReferenceId === reference)
    expect(sent.length).toBe(2)
    expect(transfersTo(reference)).toHaveLength(1)
  })

  describe('repayments through misbehaving callbacks', () => {
    let b: Borrower
    let orderNo: string
    let remaining: number

    beforeAll(async () => {
      const wallet = '0754377777'
      azam.names.set(msisdn(wallet), 'Asha Juma')
      const approved = await approvedTanzanian({ provider: 'mpesa', account: wallet })
      b = approved.b
      orderNo = approved.applied.orderNo
      await h.ok(ls, b, '/loan/get-money', { loanOrderId: approved.applied.loanOrderId, agreed: true })
      remaining = (await untilStatus(b, [2])).remainingMinor!
    })

    /** Repays 20,000 TZS through `channel` with the fake scripted so, and waits for the balance to move. */
    async function repayScripted(channel: string, ...script: Scripted[]) {
      if (script.length) azam.script(CHECKOUT, ...script)
      const pay = await repay(b, orderNo, channel)
      const after = await until(
        () => latest(b),
        (o) => o.remainingMinor !== remaining,
        'booked the repayment',
      )
      expect(after.remainingMinor).toBe(remaining - 20_000 * TZS)
      remaining = after.remainingMinor!
      // Every callback the fake still had to send was taken and changed nothing more.
      await h.settle(ls)
      await azam.drain()
      expect((await latest(b)).remainingMinor).toBe(remaining)
      expect(transfersTo(pay.payOrderId)).toHaveLength(1)
      return pay
    }

    it('books once when the callback comes twice and then a failure follows the success', async () => {
      const pay = await repayScripted('halopesa', { callbacks: ['truth', 'truth', 'failure'] })
      const delivered = azam.callbacks.filter((c) => c.body.utilityref === pay.payOrderId)
      expect(delivered.map((c) => [c.body.transactionstatus, c.status])).toEqual([
        ['success', 200],
        ['success', 200],
        ['failure', 200],
      ])
    })

    it('books the success AzamPay confirms when the only callback claims a failure', async () => {
      await repayScripted('tigo', { callbacks: ['failure'] })
    })

    it('books once when the callback arrives before the answer to the push', async () => {
      await repayScripted('airtel', { callbackFirst: true })
    })

    it('pushes again with the same externalId after a time-out that never reached AzamPay, and books once', async () => {
      const pay = await repayScripted('mpesa', { hang: true })
      const pushes = azam.calls(CHECKOUT, (s) => s.body.externalId === pay.payOrderId)
      expect(pushes).toHaveLength(2)
    })

    it('books once when the answer to the push was lost after AzamPay took it', async () => {
      await repayScripted('mpesa', { loseAnswer: true })
    })

    it('refuses a callback with the right token that names a transaction AzamPay does not know', async () => {
      const res = await ls.s.raw({
        method: 'POST',
        url: `/payments/callback/azampay?token=${CALLBACK_TOKEN}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          msisdn: msisdn(b.mobile),
          amount: '20000',
          message: 'Transaction successful',
          utilityref: `PY${orderNo}-99`,
          operator: 'Mpesa',
          reference: 'forged-reference',
          transactionstatus: 'success',
          submerchantAcc: '',
        }),
      })
      expect(res.status).toBe(401)
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Rejected' })
      await h.settle(ls)
      expect((await latest(b)).remainingMinor).toBe(remaining)
    })
  })

  it('refuses a callback without the secret token', async () => {
    const res = await ls.s.raw({
      method: 'POST',
      url: '/payments/callback/azampay',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        utilityref: 'PY1-1',
        reference: 'x',
        operator: 'Mpesa',
        transactionstatus: 'success',
      }),
    })
    expect(res.status).toBe(401)
  })
})
