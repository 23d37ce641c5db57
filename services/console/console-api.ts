/**
 * The staff console's client of the console API (server/console/module.ts, under /console/api): plain JSON over
 * fetch, the session's bearer token from the token store. Every failure is a ConsoleFailure (domain/console.ts):
 * `network` when no answer came (no connection, or none within the time limit), else `refused` with the status,
 * the server's code (`{ error }`), the fields it named, and when to try again. A call whose session the server no
 * longer knows (401 `signedOut`) also forgets the token, so a reload does not try it again.
 *
 * Nothing here logs a body: a sign-in carries a password and a code.
 */
import * as v from 'valibot'
import {
  CONSOLE_PERMISSIONS,
  STAFF_ROLES,
  type AuditPage,
  type AuditQuery,
  type ConsoleFailure,
  type ConsoleMe,
  type ConsoleSignInReply,
  type ConsoleSignInRequest,
  type NewStaffReply,
  type NewStaffRequest,
  type PasswordChangeRequest,
  type BooksPage,
  type BooksQuery,
  type BorrowerHit,
  type OrderStory,
  type BooksReportName,
  type ConsoleProduct,
  type ConsoleProductVersion,
  type ProductEditReply,
  type ProductEditRequest,
  PROOF_STATES,
  type ProofApproveRequest,
  type ProofDecisionReply,
  type ProofDetail,
  type ProofItem,
  type ProofRejectRequest,
  type ProofState,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderActionRequest,
  type SuspenseResolveReply,
  type SuspenseResolveRequest,
  type WaiveRequest,
} from '../../domain/console'
import type { TokenStore } from './token-store'
import type { ConsoleTicket, InboxFilter, InboxPage } from '../../domain/console-inbox'
import type { FeedbackStatusCode } from '../../domain/enums'

export const CONSOLE_API_PATH = '/console/api'
/** A call with no answer in this time is a network failure (the member may try again). */
export const CONSOLE_TIMEOUT_MS = 20_000

const Member = v.object({
  id: v.number(),
  username: v.string(),
  displayName: v.string(),
  role: v.picklist(STAFF_ROLES),
})
const SignInReply = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: v.string(),
  staff: Member,
})
// A permission this console does not know yet (a newer server) is left out rather than refused.
const Me = v.object({
  staff: Member,
  permissions: v.pipe(
    v.array(v.string()),
    v.transform((list) =>
      list.filter((p): p is ConsoleMe['permissions'][number] =>
        (CONSOLE_PERMISSIONS as readonly string[]).includes(p),
      ),
    ),
  ),
})
const NewStaff = v.object({ staff: Member, otpauthUri: v.pipe(v.string(), v.startsWith('otpauth://')) })
const Row = v.object({
  id: v.number(),
  at: v.string(),
  staffId: v.nullable(v.number()),
  action: v.string(),
  subject: v.string(),
  before: v.unknown(),
  after: v.unknown(),
})
const Page = v.object({ rows: v.array(Row), nextAfterId: v.nullable(v.number()) })
const Problem = v.object({ field: v.string(), message: v.string() })
const Refusal = v.looseObject({
  error: v.optional(v.string()),
  fields: v.optional(v.array(v.string())),
  retryAt: v.optional(v.string()),
  max: v.optional(v.number()),
  problems: v.optional(v.array(Problem)),
  version: v.optional(v.number()),
})
// A product's configuration is read by the editor as JSON text and checked there with the domain's rules.
const Product = v.object({
  id: v.string(),
  country: v.picklist(['TZ', 'KE', 'MX']),
  version: v.number(),
  active: v.boolean(),
  position: v.number(),
  names: v.partial(v.object({ en: v.string(), sw: v.string(), es: v.string() })),
  config: v.custom<ConsoleProduct['config']>((x) => typeof x === 'object' && x !== null),
  updatedAt: v.string(),
})
const Products = v.object({ products: v.array(Product) })
const Version = v.object({
  version: v.number(),
  active: v.boolean(),
  names: v.partial(v.object({ en: v.string(), sw: v.string(), es: v.string() })),
  config: v.custom<ConsoleProductVersion['config']>((x) => typeof x === 'object' && x !== null),
  staff: v.nullable(v.string()),
  note: v.nullable(v.string()),
  createdAt: v.string(),
})
const Versions = v.object({ versions: v.array(Version) })
const Edited = v.object({ product: Product, changed: v.boolean() })
const Country = v.picklist(['TZ', 'KE', 'MX'])
const Borrowers = v.object({
  borrowers: v.array(
    v.object({
      userId: v.number(),
      country: Country,
      name: v.nullable(v.string()),
      mobile: v.string(),
      matchedBy: v.picklist(['mobile', 'nationalId', 'orderNo']),
      orders: v.array(
        v.object({
          orderNo: v.string(),
          status: v.number(),
          currency: v.string(),
          requestedMinor: v.number(),
          createdAt: v.string(),
        }),
      ),
    }),
  ),
})
const TicketFile = v.object({
  fileId: v.string(),
  url: v.string(),
  contentType: v.string(),
  size: v.number(),
})
const inboxTicketEntries = {
  ticketId: v.string(),
  type: v.number(),
  status: v.number(),
  summary: v.string(),
  borrowerName: v.nullable(v.string()),
  borrowerMobile: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  lastBorrowerAt: v.nullable(v.string()),
  dueAt: v.nullable(v.string()),
  overdue: v.boolean(),
}
const Inbox = v.object({
  now: v.string(),
  filter: v.picklist(['open', 'waiting', 'done']),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
  tickets: v.array(v.object(inboxTicketEntries)),
})
const Ticket = v.object({
  ...inboxTicketEntries,
  description: v.string(),
  receiverAccount: v.nullable(v.string()),
  contact: v.string(),
  contactTime: v.string(),
  orderNo: v.nullable(v.string()),
  rating: v.nullable(v.number()),
  receipts: v.array(TicketFile),
  messages: v.array(
    v.object({
      messageId: v.string(),
      from: v.picklist(['borrower', 'support']),
      content: v.string(),
      attachments: v.array(TicketFile),
      createdAt: v.string(),
    }),
  ),
  nextStatuses: v.array(v.number()),
})

const Story = v.object({
  orderNo: v.string(),
  status: v.number(),
  country: Country,
  currency: v.string(),
  productId: v.string(),
  productVersion: v.number(),
  requestedMinor: v.number(),
  principalMinor: v.nullable(v.number()),
  termDays: v.number(),
  due: v.object({ principalMinor: v.number(), interestMinor: v.number(), penaltyMinor: v.number() }),
  repaidMinor: v.number(),
  dates: v.record(
    v.picklist(['created', 'submitted', 'approved', 'rejected', 'confirmed', 'disbursed', 'due', 'finished']),
    v.string(),
  ),
  borrower: v.object({ userId: v.number(), name: v.nullable(v.string()), mobile: v.string() }),
  timeline: v.array(
    v.object({ event: v.string(), from: v.nullable(v.number()), to: v.number(), at: v.string() }),
  ),
  transfers: v.array(
    v.object({
      reference: v.string(),
      kind: v.string(),
      purpose: v.string(),
      provider: v.string(),
      state: v.string(),
      amountMinor: v.number(),
      movedMinor: v.nullable(v.number()),
      createdAt: v.string(),
      completedAt: v.nullable(v.string()),
      failureReason: v.nullable(v.string()),
    }),
  ),
  schedule: v.array(
    v.object({
      number: v.number(),
      dueDate: v.string(),
      principalMinor: v.number(),
      interestMinor: v.number(),
      totalMinor: v.number(),
    }),
  ),
  ledger: v.array(
    v.object({
      id: v.number(),
      kind: v.string(),
      key: v.string(),
      at: v.string(),
      lines: v.array(v.object({ account: v.string(), debitMinor: v.number(), creditMinor: v.number() })),
    }),
  ),
  decision: v.nullable(
    v.object({
      decision: v.picklist(['approve', 'reject']),
      points: v.number(),
      approveAt: v.number(),
      lines: v.array(v.object({ rule: v.string(), points: v.number(), reason: v.string() })),
      refusals: v.array(v.string()),
      outcome: v.string(),
      limitMinor: v.number(),
      identity: v.nullable(
        v.object({
          vendor: v.string(),
          result: v.string(),
          score: v.nullable(v.number()),
          reason: v.string(),
        }),
      ),
    }),
  ),
  // An action this console does not know yet (a newer server) is left out rather than refused.
  actions: v.pipe(
    v.optional(v.array(v.string()), []),
    v.transform((list) =>
      list.filter((a): a is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(a)),
    ),
  ),
})
const ActionReply = v.object({ story: Story })
const ResolveReply = v.object({
  id: v.number(),
  outcome: v.picklist(['applied', 'refunded']),
  orderNo: v.nullable(v.string()),
  reference: v.nullable(v.string()),
})
const proofItemEntries = {
  ticketId: v.string(),
  state: v.picklist(PROOF_STATES),
  orderNo: v.nullable(v.string()),
  orderStatus: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  dueNowMinor: v.nullable(v.number()),
  uploadedAt: v.string(),
  reviewBy: v.string(),
  overdue: v.boolean(),
  receipts: v.number(),
  decidedAt: v.nullable(v.string()),
  amountMinor: v.nullable(v.number()),
}
const Proofs = v.object({ proofs: v.array(v.object(proofItemEntries)) })
const Proof = v.object({
  ...proofItemEntries,
  description: v.string(),
  receiptsList: v.array(
    v.object({ fileId: v.string(), contentType: v.string(), size: v.number(), url: v.string() }),
  ),
  receipt: v.nullable(v.string()),
  reason: v.nullable(v.string()),
})
const Decision = v.object({ proof: Proof, decidedNow: v.boolean() })
const Counts = v.record(v.string(), v.number())
const BooksReply = v.object({
  now: v.string(),
  check: v.object({
    ok: v.boolean(),
    entries: v.number(),
    orders: v.number(),
    transfers: v.number(),
    problems: v.array(v.string()),
    figures: v.object({
      suspenseMinor: Counts,
      refundDueMinor: Counts,
      observationsUnmatched: v.number(),
      receiptsInSuspense: v.number(),
      observationsError: v.number(),
      transfersExpired: v.number(),
      transfersOverdue: v.number(),
    }),
  }),
  settlement: v.object({
    from: v.string(),
    to: v.string(),
    differences: v.number(),
    rows: v.array(
      v.object({
        day: v.string(),
        provider: v.string(),
        direction: v.picklist(['payout', 'collection']),
        currency: v.string(),
        providerMinor: v.number(),
        providerCount: v.number(),
        ledgerMinor: v.number(),
        ledgerCount: v.number(),
        differenceMinor: v.number(),
      }),
    ),
  }),
  totals: v.array(
    v.object({
      day: v.string(),
      account: v.string(),
      currency: v.string(),
      debitMinor: v.number(),
      creditMinor: v.number(),
      entries: v.number(),
    }),
  ),
  suspense: v.array(
    v.object({
      id: v.number(),
      provider: v.string(),
      receipt: v.string(),
      at: v.string(),
      currency: v.string(),
      amountMinor: v.number(),
    }),
  ),
})

export interface ConsoleApiDeps {
  fetch: typeof fetch
  /** Where the console API is: '' for the page's own origin. */
  baseUrl: string
  tokens: TokenStore
  timeoutMs?: number
}

/** A file the server sent to be saved (the audit log's CSV). */
export interface DownloadedFile {
  name: string
  blob: Blob
}

export interface ConsoleApi {
  signIn(request: ConsoleSignInRequest, signal?: AbortSignal): Promise<ConsoleSignInReply>
  me(signal?: AbortSignal): Promise<ConsoleMe>
  signOut(signal?: AbortSignal): Promise<void>
  changePassword(request: PasswordChangeRequest, signal?: AbortSignal): Promise<void>
  createStaff(request: NewStaffRequest, signal?: AbortSignal): Promise<NewStaffReply>
  readAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage>
  exportAudit(query: Pick<AuditQuery, 'from' | 'to'>, signal?: AbortSignal): Promise<DownloadedFile>
  searchBorrowers(q: string, signal?: AbortSignal): Promise<BorrowerHit[]>
  readOrder(orderNo: string, signal?: AbortSignal): Promise<OrderStory>
  /** Cancels, waives (with `amountMinor`) or writes off; the order's story after it. */
  actOnOrder(
    orderNo: string,
    action: OrderAction,
    request: OrderActionRequest | WaiveRequest,
    signal?: AbortSignal,
  ): Promise<OrderStory>
  resolveSuspense(
    id: number,
    request: SuspenseResolveRequest,
    signal?: AbortSignal,
  ): Promise<SuspenseResolveReply>
  readInbox(query: { status: InboxFilter; page: number }, signal?: AbortSignal): Promise<InboxPage>
  readTicket(ticketId: string, signal?: AbortSignal): Promise<ConsoleTicket>
  replyToTicket(ticketId: string, text: string, pictures: string[], signal?: AbortSignal): Promise<void>
  moveTicket(ticketId: string, status: FeedbackStatusCode, signal?: AbortSignal): Promise<void>
  /** A ticket's picture (its `url` under /console/api), with the member's token. */
  readTicketFile(url: string, signal?: AbortSignal): Promise<Blob>
  readBooks(query: BooksQuery, signal?: AbortSignal): Promise<BooksPage>
  exportBooks(query: BooksQuery & { report: BooksReportName }, signal?: AbortSignal): Promise<DownloadedFile>
  readProducts(signal?: AbortSignal): Promise<ConsoleProduct[]>
  readProductVersions(id: string, signal?: AbortSignal): Promise<ConsoleProductVersion[]>
  saveProduct(id: string, request: ProductEditRequest, signal?: AbortSignal): Promise<ProductEditReply>
  readProofs(state: ProofState, signal?: AbortSignal): Promise<ProofItem[]>
  readProof(ticketId: string, signal?: AbortSignal): Promise<ProofDetail>
  /** A receipt's picture; `url` as the proof names it (under /console/api). */
  readReceipt(url: string, signal?: AbortSignal): Promise<Blob>
  approveProof(
    ticketId: string,
    request: ProofApproveRequest,
    signal?: AbortSignal,
  ): Promise<ProofDecisionReply>
  rejectProof(
    ticketId: string,
    request: ProofRejectRequest,
    signal?: AbortSignal,
  ): Promise<ProofDecisionReply>
}

const network: ConsoleFailure = { kind: 'network' }

/** A reply the console cannot read: refused with no code the forms know. */
const unreadable = (status: number): ConsoleFailure => ({
  kind: 'refused',
  status,
  error: 'badReply',
  fields: [],
})

function queryString(query: AuditQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to })
  if (query.afterId !== undefined) params.set('afterId', String(query.afterId))
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  return params.toString()
}

/** The file name of a Content-Disposition header, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1]
  return name && /^[\w.-]+$/.test(name) ? name : fallback
}

export function createConsoleApi({
  fetch,
  baseUrl,
  tokens,
  timeoutMs = CONSOLE_TIMEOUT_MS,
}: ConsoleApiDeps): ConsoleApi {
  /** One call; the answer as it came, or a ConsoleFailure thrown. */
  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const token = tokens.get()
    const headers: Record<string, string> = { accept: 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    // Stopped by the machine (the member left the page) or by the time limit, whichever comes first.
    const stop = new AbortController()
    const timer = setTimeout(() => stop.abort(), timeoutMs)
    const onAbort = () => stop.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    let response: Response
    try {
      response = await fetch(`${baseUrl}${CONSOLE_API_PATH}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: stop.signal,
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch (err) {
      // The machine stopped the call: not a failure to show.
      if (signal?.aborted) throw err
      throw network
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    if (response.ok) return response
    const refusal = v.safeParse(Refusal, await response.json().catch(() => null))
    const code = refusal.success ? (refusal.output.error ?? '') : ''
    if (response.status === 401 && code === 'signedOut') tokens.clear()
    const retryAfter = Number(response.headers.get('retry-after'))
    const failure: ConsoleFailure = {
      kind: 'refused',
      status: response.status,
      error: code || 'unknown',
      fields: refusal.success ? (refusal.output.fields ?? []) : [],
      ...(refusal.success && refusal.output.retryAt ? { retryAt: refusal.output.retryAt } : {}),
      ...(refusal.success && refusal.output.max !== undefined ? { max: refusal.output.max } : {}),
      ...(refusal.success && refusal.output.problems ? { problems: refusal.output.problems } : {}),
      ...(refusal.success && refusal.output.version !== undefined ? { version: refusal.output.version } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
    }
    throw failure
  }

  async function json<T>(
    schema: v.GenericSchema<unknown, T>,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const response = await send(method, path, body, signal)
    let data: unknown
    try {
      data = await response.json()
    } catch {
      throw unreadable(response.status)
    }
    const parsed = v.safeParse(schema, data)
    if (!parsed.success) throw unreadable(response.status)
    return parsed.output
  }

  return {
    async signIn(request, signal) {
      const reply = await json(SignInReply, 'POST', '/session', request, signal)
      tokens.set(reply.token)
      return reply
    },
    me: (signal) => json(Me, 'GET', '/me', undefined, signal),
    async signOut(signal) {
      try {
        await send('DELETE', '/session', undefined, signal)
      } finally {
        tokens.clear()
      }
    },
    async changePassword(request, signal) {
      await send('POST', '/password', request, signal)
    },
    createStaff: (request, signal) => json(NewStaff, 'POST', '/staff', request, signal),
    readAudit: (query, signal) => json(Page, 'GET', `/audit?${queryString(query)}`, undefined, signal),
    async exportAudit(query, signal) {
      const response = await send('GET', `/audit.csv?${queryString(query)}`, undefined, signal)
      const blob = await response.blob()
      return {
        name: fileNameOf(
          response.headers.get('content-disposition'),
          `kopa-audit-${query.from.slice(0, 10)}.csv`,
        ),
        blob,
      }
    },
    searchBorrowers: async (q, signal) =>
      (await json(Borrowers, 'GET', `/borrowers?${new URLSearchParams({ q })}`, undefined, signal)).borrowers,
    readOrder: (orderNo, signal) =>
      json(Story, 'GET', `/orders/${encodeURIComponent(orderNo)}`, undefined, signal),
    actOnOrder: async (orderNo, action, request, signal) =>
      (await json(ActionReply, 'POST', `/orders/${encodeURIComponent(orderNo)}/${action}`, request, signal))
        .story,
    resolveSuspense: (id, request, signal) =>
      json(ResolveReply, 'POST', `/suspense/${id}/resolve`, request, signal),
    readInbox: async (query, signal) =>
      (await json(
        Inbox,
        'GET',
        `/tickets?${new URLSearchParams({ status: query.status, page: String(query.page) })}`,
        undefined,
        signal,
      )) as InboxPage,
    readTicket: async (ticketId, signal) =>
      (await json(
        Ticket,
        'GET',
        `/tickets/${encodeURIComponent(ticketId)}`,
        undefined,
        signal,
      )) as ConsoleTicket,
    async replyToTicket(ticketId, text, pictures, signal) {
      const body = pictures.length > 0 ? { text, pictures } : { text }
      await send('POST', `/tickets/${encodeURIComponent(ticketId)}/replies`, body, signal)
    },
    async moveTicket(ticketId, status, signal) {
      await send('POST', `/tickets/${encodeURIComponent(ticketId)}/status`, { status }, signal)
    },
    async readTicketFile(url, signal) {
      const path = url.startsWith(CONSOLE_API_PATH) ? url.slice(CONSOLE_API_PATH.length) : url
      return (await send('GET', path, undefined, signal)).blob()
    },
    readBooks: (query, signal) =>
      json(
        BooksReply,
        'GET',
        `/books?${new URLSearchParams({ from: query.from, to: query.to })}`,
        undefined,
        signal,
      ),
    async exportBooks(query, signal) {
      const params = new URLSearchParams({ from: query.from, to: query.to, report: query.report })
      const response = await send('GET', `/books.csv?${params}`, undefined, signal)
      return {
        name: fileNameOf(
          response.headers.get('content-disposition'),
          `kopa-${query.report}-${query.from}-${query.to}.csv`,
        ),
        blob: await response.blob(),
      }
    },
    readProducts: async (signal) => (await json(Products, 'GET', '/products', undefined, signal)).products,
    readProductVersions: async (id, signal) =>
      (await json(Versions, 'GET', `/products/${encodeURIComponent(id)}/versions`, undefined, signal))
        .versions,
    saveProduct: (id, request, signal) =>
      json(Edited, 'PUT', `/products/${encodeURIComponent(id)}`, request, signal),
    readProofs: async (state, signal) =>
      (await json(Proofs, 'GET', `/repayment-proofs?${new URLSearchParams({ state })}`, undefined, signal))
        .proofs,
    readProof: (ticketId, signal) =>
      json(Proof, 'GET', `/repayment-proofs/${encodeURIComponent(ticketId)}`, undefined, signal),
    async readReceipt(url, signal) {
      const path = url.startsWith(CONSOLE_API_PATH) ? url.slice(CONSOLE_API_PATH.length) : url
      return (await send('GET', path, undefined, signal)).blob()
    },
    approveProof: (ticketId, request, signal) =>
      json(Decision, 'POST', `/repayment-proofs/${encodeURIComponent(ticketId)}/approve`, request, signal),
    rejectProof: (ticketId, request, signal) =>
      json(Decision, 'POST', `/repayment-proofs/${encodeURIComponent(ticketId)}/reject`, request, signal),
  }
}
