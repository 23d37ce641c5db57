/**
 * A local fake of AzamPay's API (server/payments/azampay.ts lists the sources it follows) on 127.0.0.1 and a random
 * port: the token endpoint, MNO checkout with its callback, createtransfer, the transaction status query and name
 * lookup. It checks the shapes AzamPay's clients send (bearer token and X-API-Key, 255… numbers, whole-shilling
 * amounts, TZS, the provider names), keeps its own book of transactions, answers a reused externalId as a
 * duplicate, and posts its callbacks over real HTTP to the one callback URL registered "in the portal", retrying
 * while the receiver answers 5xx.
 *
 * It misbehaves on request: the next call to a path can be answered otherwise (a status and body, raw bytes), never
 * answered (a time-out), dropped before any work, or have its answer lost after the work was done; its callbacks
 * can come before the answer, twice, out of order (a failure after the success), or contradict the truth. A
 * wallet number ending in 0000 fails (a pay-out is not delivered, a payer declines the push).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FakeProviderServer } from './fake-provider-server'

export const AZAMPAY_TEST_CREDENTIALS = {
  appName: 'kopa-tz-test',
  clientId: 'azampay-client-id',
  clientSecret: 'azampay-client-secret',
  apiKey: 'azampay-api-key',
} as const

const PROVIDERS = ['Airtel', 'Tigo', 'Halopesa', 'Azampesa', 'Mpesa'] as const

/** What a callback says about a transaction: the truth, or a claim of its own. */
export type Claim = 'truth' | 'success' | 'failure'

/** What the fake does with the next call to a path instead of its usual answer. */
export type Scripted =
  /** Answer with this HTTP status and JSON body (or these raw bytes), doing nothing else. */
  | { answer: number; body?: unknown; raw?: string }
  /** Never answer (the caller times out); nothing is done. */
  | { hang: true }
  /** Close the connection without an answer; nothing is done. */
  | { drop: true }
  /** Do the work (record the transaction, call back), then close the connection instead of answering. */
  | { loseAnswer: true }
  /** Do the work and deliver its callbacks first, then answer. */
  | { callbackFirst: true }
  /** Do the work, and post these callbacks (in this order) instead of the one true callback. */
  | { callbacks: Claim[] }

export interface FakeTransaction {
  /** AzamPay's transaction id. */
  id: string
  /** The caller's externalId / externalReferenceId. */
  externalId: string
  kind: 'checkout' | 'transfer'
  operator: string
  account: string
  amount: number
  status: 'success' | 'failure' | 'pending' | 'reversed'
}

export interface Seen {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}

const STATUS_WORDS: Record<FakeTransaction['status'], string> = {
  success: 'Transaction successful.',
  failure: 'Transaction failed.',
  pending: 'Transaction pending.',
  reversed: 'Transaction reversed.',
}

export class FakeAzamPay extends FakeProviderServer<Scripted> {
  readonly seen: Seen[] = []
  readonly callbacks: { url: string; body: Record<string, unknown>; status: number }[] = []
  readonly transactions = new Map<string, FakeTransaction>()
  /** Wallet numbers (255…) and the names they are registered to; others are not found. */
  readonly names = new Map<string, string>()
  /** The callback URL registered in AzamPay's portal. */
  callbackUrl = ''
  /** Whether pay-outs are called back too (AzamPay documents its callback for checkouts). */
  disbursementCallbacks = false
  /** createtransfer's answer names AzamPay's transactionId (some clients read one). */
  transferAnswersWithId = false
  tokensIssued = 0
  private readonly tokens = new Set<string>()

  /** Every access token issued so far stops being accepted (as an expired one would). */
  revokeTokens(): void {
    this.tokens.clear()
  }

  /** The transaction with this externalId. */
  byExternalId(externalId: string): FakeTransaction | undefined {
    return [...this.transactions.values()].find((t) => t.externalId === externalId)
  }

  /** Calls made to `path` whose body or query matches. */
  calls(path: string, match: (s: Seen) => boolean = () => true): Seen[] {
    return this.seen.filter((s) => s.path === path && match(s))
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  /** AzamPay's validation answer: an RFC 7807 problem document. */
  private invalid(res: ServerResponse, field: string, why: string): void {
    this.json(res, 400, {
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      traceId: `00-${randomUUID()}-00`,
      errors: { [field]: [why] },
    })
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    let body: Record<string, unknown>
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    } catch {
      return this.json(res, 400, { title: 'Unreadable JSON', status: 400 })
    }
    this.seen.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    })

    if (url.pathname === '/AppRegistration/GenerateToken') {
      const c = AZAMPAY_TEST_CREDENTIALS
      if (
        req.method !== 'POST' ||
        body.appName !== c.appName ||
        body.clientId !== c.clientId ||
        body.clientSecret !== c.clientSecret
      ) {
        return this.json(res, 423, {
          data: null,
          message: 'Provided detail is not valid for this app or secret key has been expired',
          success: false,
          statusCode: 423,
        })
      }
      this.tokensIssued += 1
      const token = `azam-token-${this.tokensIssued}-${randomUUID()}`
      this.tokens.add(token)
      return this.json(res, 200, {
        data: { accessToken: token, expire: new Date(Date.now() + 3_600_000).toISOString() },
        message: 'Token generated successfully',
        success: true,
        statusCode: 200,
      })
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !this.tokens.has(bearer) || req.headers['x-api-key'] !== AZAMPAY_TEST_CREDENTIALS.apiKey) {
      return this.json(res, 401, { message: 'Please Provide Valid Authorization', status: 'Error' })
    }

    const scripted = this.scripts.get(url.pathname)?.shift()
    if (scripted && 'answer' in scripted) {
      res.writeHead(scripted.answer, { 'content-type': 'application/json' })
      return void res.end(scripted.raw ?? JSON.stringify(scripted.body ?? {}))
    }
    if (scripted && 'hang' in scripted) return void this.hanging.push(res)
    if (scripted && 'drop' in scripted) return void req.socket.destroy()

    switch (`${req.method} ${url.pathname}`) {
      case 'POST /azampay/mno/checkout':
        return this.checkout(req, res, body, scripted)
      case 'POST /azampay/createtransfer':
        return this.transfer(req, res, body, scripted)
      case 'GET /azampay/gettransactionstatus':
        return this.status(res, url.searchParams)
      case 'POST /azampay/namelookup':
        return this.nameLookup(res, body)
      default:
        return this.json(res, 404, { message: 'Not found', status: 'Error' })
    }
  }

  /** Records a transaction, calls back as scripted, and answers (or loses the answer). */
  private async begin(
    req: IncomingMessage,
    res: ServerResponse,
    t: FakeTransaction,
    answer: Record<string, unknown>,
    scripted: Scripted | undefined,
    callsBack: boolean,
  ): Promise<void> {
    this.transactions.set(t.id, t)
    const claims: Claim[] = scripted && 'callbacks' in scripted ? scripted.callbacks : ['truth']
    const sends =
      callsBack || (scripted && 'callbacks' in scripted) ? claims.map((c) => this.callBack(t, c)) : []
    if (scripted && 'callbackFirst' in scripted) await Promise.allSettled(sends)
    if (scripted && 'loseAnswer' in scripted) return void req.socket.destroy()
    this.json(res, 200, answer)
  }

  private checkout(
    req: IncomingMessage,
    res: ServerResponse,
    body: Record<string, unknown>,
    scripted: Scripted | undefined,
  ): Promise<void> | void {
    const account = String(body.accountNumber ?? '')
    if (!/^255\d{9}$/.test(account))
      return this.invalid(res, 'accountNumber', 'The accountNumber is invalid.')
    if (typeof body.amount !== 'string' || !/^[1-9]\d*$/.test(body.amount))
      return this.invalid(res, 'amount', 'The amount field is invalid.')
    if (body.currency !== 'TZS') return this.invalid(res, 'currency', 'Only TZS is supported.')
    const externalId = body.externalId
    if (typeof externalId !== 'string' || externalId === '' || externalId.length > 128)
      return this.invalid(res, 'externalId', 'The externalId field is required (at most 128 characters).')
    if (!PROVIDERS.includes(body.provider as (typeof PROVIDERS)[number]))
      return this.invalid(res, 'provider', 'The provider field is invalid.')
    if (this.byExternalId(externalId))
      return this.json(res, 400, {
        success: false,
        message: 'Duplicate externalId: transaction already exists',
      })
    const t: FakeTransaction = {
      id: randomUUID().replace(/-/g, ''),
      externalId,
      kind: 'checkout',
      operator: String(body.provider),
      account,
      amount: Number(body.amount),
      status: account.endsWith('0000') ? 'failure' : 'success',
    }
    return this.begin(
      req,
      res,
      t,
      {
        success: true,
        transactionId: t.id,
        message: 'Your request has been received and is being processed.',
      },
      scripted,
      true,
    )
  }

  private transfer(
    req: IncomingMessage,
    res: ServerResponse,
    body: Record<string, unknown>,
    scripted: Scripted | undefined,
  ): Promise<void> | void {
    const source = (body.source ?? {}) as Record<string, unknown>
    const destination = (body.destination ?? {}) as Record<string, unknown>
    const details = (body.transferDetails ?? {}) as Record<string, unknown>
    for (const [part, value] of [
      ['source', source],
      ['destination', destination],
    ] as const) {
      for (const field of ['countryCode', 'fullName', 'bankName', 'accountNumber', 'currency']) {
        if (typeof value[field] !== 'string' || value[field] === '')
          return this.invalid(res, `${part}.${field}`, `The ${field} field is required.`)
      }
    }
    const account = String(destination.accountNumber)
    if (!/^255\d{9}$/.test(account))
      return this.invalid(res, 'destination.accountNumber', 'The accountNumber is invalid.')
    if (!PROVIDERS.includes(destination.bankName as (typeof PROVIDERS)[number]))
      return this.invalid(res, 'destination.bankName', 'The bankName field is invalid.')
    if (destination.currency !== 'TZS' || source.currency !== 'TZS')
      return this.invalid(res, 'destination.currency', 'Only TZS is supported.')
    if (!Number.isInteger(details.amount) || Number(details.amount) <= 0)
      return this.invalid(res, 'transferDetails.amount', 'The amount field is invalid.')
    if (
      typeof details.type !== 'string' ||
      typeof details.date !== 'string' ||
      Number.isNaN(Date.parse(details.date))
    )
      return this.invalid(res, 'transferDetails', 'The type and date fields are required.')
    const externalId = body.externalReferenceId
    if (typeof externalId !== 'string' || externalId === '')
      return this.invalid(res, 'externalReferenceId', 'The externalReferenceId field is required.')
    if (this.byExternalId(externalId))
      return this.json(res, 400, {
        success: false,
        message: 'Duplicate externalReferenceId: transaction already exists',
      })
    const t: FakeTransaction = {
      id: randomUUID().replace(/-/g, ''),
      externalId,
      kind: 'transfer',
      operator: String(destination.bankName),
      account,
      amount: Number(details.amount),
      status: account.endsWith('0000') ? 'failure' : 'success',
    }
    return this.begin(
      req,
      res,
      t,
      {
        data: 'Transaction successful.',
        message: 'Request successful.',
        success: true,
        statusCode: 200,
        ...(this.transferAnswersWithId ? { transactionId: t.id } : {}),
      },
      scripted,
      this.disbursementCallbacks,
    )
  }

  private status(res: ServerResponse, query: URLSearchParams): void {
    const id = query.get('pgReferenceId') ?? ''
    const bankName = query.get('bankName') ?? ''
    if (!id || !bankName)
      return this.invalid(res, id ? 'bankName' : 'pgReferenceId', 'The field is required.')
    const t = this.transactions.get(id) ?? this.byExternalId(id)
    if (!t || t.operator !== bankName)
      return this.json(res, 404, {
        data: null,
        message: 'Transaction not found',
        success: false,
        statusCode: 404,
      })
    this.json(res, 200, {
      data: STATUS_WORDS[t.status],
      message: 'Request successful.',
      success: true,
      statusCode: 200,
    })
  }

  private nameLookup(res: ServerResponse, body: Record<string, unknown>): void {
    const accountNumber = String(body.accountNumber ?? '')
    const bankName = String(body.bankName ?? '')
    if (!PROVIDERS.includes(bankName as (typeof PROVIDERS)[number]))
      return this.invalid(res, 'bankName', 'The bankName field is invalid.')
    const name = this.names.get(accountNumber)
    this.json(res, 200, {
      name: name ?? '',
      message: name ? 'Success' : 'Account not found',
      success: Boolean(name),
      accountNumber,
      bankName,
    })
  }

  /** AzamPay's callback body for a transaction, saying `claim`. */
  callbackBody(t: FakeTransaction, claim: Claim = 'truth'): Record<string, unknown> {
    const status = claim === 'truth' ? t.status : claim
    return {
      msisdn: t.account,
      amount: String(t.amount),
      message: status === 'success' ? 'Transaction successful' : 'Transaction failed',
      utilityref: t.externalId,
      operator: t.operator,
      reference: t.id,
      transactionstatus: status,
      submerchantAcc: '',
      additionalProperties: {},
    }
  }

  /** Posts a callback a little later to the registered URL; retries while the receiver answers 5xx or is down. */
  callBack(t: FakeTransaction, claim: Claim = 'truth'): Promise<void> {
    const body = this.callbackBody(t, claim)
    const url = this.callbackUrl
    // Callbacks of one transaction go in order: each waits for the one before.
    const before = Promise.allSettled(this.pending)
    const send = (async () => {
      await before
      for (let attempt = 0; attempt < 40; attempt++) {
        await new Promise((r) => setTimeout(r, 10))
        // An unreachable receiver counts as status 0 and is tried again, as a provider would.
        const status = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(
          async (res) => (await res.text(), res.status),
          () => 0,
        )
        this.callbacks.push({ url, body, status })
        if (status >= 200 && status < 500) return
      }
    })()
    this.pending.push(send)
    return send
  }
}

/** Our callback route, as far as the adapter's own tests need one: it records what AzamPay posts. */
export class CallbackRecorder {
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
        res.end(JSON.stringify({ success: true }))
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  /** The callbacks about the transaction with this externalId (utilityref). */
  about(externalId: string) {
    return this.received.filter((c) => (c.body as Record<string, unknown>).utilityref === externalId)
  }
}
