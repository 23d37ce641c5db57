/**
 * The lender's operations console (issue 20): what the web console (src/console, machines/console-*, screens/console)
 * and the reference server's console API (server/console, under /console/api) agree on — the staff roles, what each
 * may do, the console's routes, the shapes of the API's answers and how a refused call reads. Plain JSON, apart from
 * the borrower's encrypted wire protocol (docs/operations.md "Staff console").
 */
import type { CountryCode, Language } from './countries'
import type { ProductConfig } from './product'
import type { ProductProblem } from './product-rules'

/** The staff roles (server/db/schema/staff.ts STAFF_ROLES; a test keeps the two lists equal). */
export const STAFF_ROLES = ['support', 'risk', 'finance', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** What a role may do, as GET /console/api/me lists it (server/console/roles.ts PERMISSIONS; kept equal by a test). */
export const CONSOLE_PERMISSIONS = [
  'audit.read',
  'audit.export',
  'staff.manage',
  'tickets.answer',
  'repayments.review',
  'decisions.read',
  'loans.read',
  'products.edit',
  'books.read',
  'loans.cancel',
  'money.adjust',
] as const
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number]

export interface StaffMember {
  id: number
  username: string
  displayName: string
  role: StaffRole
}

/** POST /console/api/session's body. */
export interface ConsoleSignInRequest {
  username: string
  password: string
  /** The authenticator app's 6-digit code. */
  code: string
}

/** POST /console/api/session. */
export interface ConsoleSignInReply {
  token: string
  /** ISO 8601: the session's idle deadline at sign-in (each call moves it, up to 12 hours from sign-in). */
  expiresAt: string
  staff: StaffMember
}

/** GET /console/api/me. */
export interface ConsoleMe {
  staff: StaffMember
  permissions: ConsolePermission[]
}

/** POST /console/api/staff's body. */
export interface NewStaffRequest {
  username: string
  displayName: string
  role: StaffRole
  /** The member's first password (12 characters at least), theirs to change. */
  password: string
}

/** POST /console/api/staff. */
export interface NewStaffReply {
  staff: StaffMember
  /** The `otpauth://totp/…` URI for the new member's authenticator app, shown once. */
  otpauthUri: string
}

/** A row of GET /console/api/audit, as JSON. */
export interface AuditRow {
  id: number
  /** ISO 8601, UTC. */
  at: string
  /** Who did it; null for the operator's command line (`npm run console:admin`). */
  staffId: number | null
  /** `domain.verb`, e.g. `staff.created`. */
  action: string
  /** What it was done to, e.g. `staff:3`. */
  subject: string
  before: unknown
  after: unknown
}

/** POST /console/api/password's body. */
export interface PasswordChangeRequest {
  current: string
  next: string
}

/** GET /console/api/audit's query (and audit.csv's, without `afterId` and `limit`). */
export interface AuditQuery {
  /** ISO 8601 instants: from (included) to (excluded). */
  from: string
  to: string
  afterId?: number
  limit?: number
}

/** GET /console/api/audit: the rows oldest first; `nextAfterId` names the last row when more may follow. */
export interface AuditPage {
  rows: AuditRow[]
  nextAfterId: number | null
}

/** The audit log's actions the console names in words; any other is shown as its code. */
export const KNOWN_AUDIT_ACTIONS = [
  'session.signedIn',
  'session.refused',
  'session.locked',
  'session.signedOut',
  'staff.created',
  'staff.passwordChanged',
  'audit.exported',
  'product.changed',
  'books.exported',
  'borrowers.searched',
  'order.viewed',
  'repayment.approved',
  'repayment.rejected',
  'ticket.answered',
  'ticket.status',
] as const

// ------------------------------------------------------------------------------------------------ products

/** A product as GET /console/api/products lists it: the row's configuration, names and version. */
export interface ConsoleProduct {
  id: string
  country: CountryCode
  version: number
  active: boolean
  position: number
  names: Partial<Record<Language, string>>
  config: ProductConfig
  /** ISO 8601, UTC. */
  updatedAt: string
}

/** One of GET /console/api/products/:id/versions, newest first. */
export interface ConsoleProductVersion {
  version: number
  active: boolean
  names: Partial<Record<Language, string>>
  config: ProductConfig
  /** The username of whoever saved it in the console; null for the seed, a migration or SQL by hand. */
  staff: string | null
  note: string | null
  /** ISO 8601, UTC. */
  createdAt: string
}

/** PUT /console/api/products/:id's body. */
export interface ProductEditRequest {
  /** The version the editor started from: the save is refused (409 changedMeanwhile) if another came since. */
  baseVersion: number
  /** Checked as the server checks a product at start-up (422 invalidProduct with the problems). */
  config: unknown
  names: Partial<Record<Language, string>>
  active: boolean
  /** Why: kept with the version and in the audit log (1–200 characters). */
  note: string
}

/** PUT /console/api/products/:id: the product as saved; `changed` false when nothing differed (no new version). */
export interface ProductEditReply {
  product: ConsoleProduct
  changed: boolean
}

// ------------------------------------------------------------------------------------------------ books

/** The books check's figures (server/money/check.ts BooksFigures). */
export interface BooksFigures {
  suspenseMinor: Record<string, number>
  refundDueMinor: Record<string, number>
  observationsUnmatched: number
  receiptsInSuspense: number
  observationsError: number
  transfersExpired: number
  transfersOverdue: number
}

/** The books check as GET /console/api/books gives it: each problem one line naming an order, transfer or entry. */
export interface BooksCheck {
  ok: boolean
  entries: number
  orders: number
  transfers: number
  problems: string[]
  figures: BooksFigures
}

/** One row of the settlement report: what a provider moved one UTC day against what the ledger booked. */
export interface SettlementLine {
  day: string
  provider: string
  direction: 'payout' | 'collection'
  currency: string
  providerMinor: number
  providerCount: number
  ledgerMinor: number
  ledgerCount: number
  differenceMinor: number
}

/** What one account moved one UTC day, in one currency. */
export interface DailyTotal {
  day: string
  account: string
  currency: string
  debitMinor: number
  creditMinor: number
  /** Journal entries with a line on the account that day. */
  entries: number
}

/** Money a provider moved that no single payment order accounts for, booked to suspense for a person. */
export interface SuspenseReceipt {
  /** Its journal entry: what POST /console/api/suspense/:id/resolve names. */
  id: number
  provider: string
  receipt: string
  /** ISO 8601, UTC. */
  at: string
  currency: string
  amountMinor: number
}

/** The longest period of UTC days the books page reads at once. */
export const BOOKS_MAX_DAYS = 92
/** The reports the books export as CSV: the settlement rows, or the daily totals per account. */
export const BOOKS_REPORTS = ['settlement', 'accounts'] as const
export type BooksReportName = (typeof BOOKS_REPORTS)[number]

/** GET /console/api/books's query: UTC days YYYY-MM-DD, both included. */
export interface BooksQuery {
  from: string
  to: string
}

/** GET /console/api/books?from&to: the check as of `now`, and the period's settlement and daily totals. */
export interface BooksPage {
  now: string
  check: BooksCheck
  settlement: { from: string; to: string; rows: SettlementLine[]; differences: number }
  totals: DailyTotal[]
  suspense: SuspenseReceipt[]
}

// ------------------------------------------------------------------------------------------------ borrowers and loans

/** A borrower found by GET /console/api/borrowers?q=: their data as the member's role may see it. */
export interface BorrowerHit {
  userId: number
  country: CountryCode
  /** Masked by role (server/console/roles.ts `shownTo`); null before the borrower gave a name. */
  name: string | null
  mobile: string
  /** How the search found them. */
  matchedBy: 'mobile' | 'nationalId' | 'orderNo'
  /** Their latest orders, newest first. */
  orders: { orderNo: string; status: number; currency: string; requestedMinor: number; createdAt: string }[]
}

/** One journal entry of an order with its lines. */
export interface LedgerEntryView {
  id: number
  kind: string
  key: string
  at: string
  lines: { account: string; debitMinor: number; creditMinor: number }[]
}

/** A scorecard line: a rule, its points, why. */
export interface DecisionLine {
  rule: string
  points: number
  reason: string
}

/** The assessment's decision and its explanation (risk and admin only). */
export interface DecisionView {
  decision: 'approve' | 'reject'
  points: number
  approveAt: number
  lines: DecisionLine[]
  refusals: string[]
  outcome: string
  limitMinor: number
  identity: { vendor: string; result: string; score: number | null; reason: string } | null
}

/** GET /console/api/orders/:orderNo: an order's whole story. */
export interface OrderStory {
  orderNo: string
  status: number
  country: CountryCode
  currency: string
  productId: string
  productVersion: number
  requestedMinor: number
  principalMinor: number | null
  termDays: number
  due: { principalMinor: number; interestMinor: number; penaltyMinor: number }
  repaidMinor: number
  dates: Partial<
    Record<
      'created' | 'submitted' | 'approved' | 'rejected' | 'confirmed' | 'disbursed' | 'due' | 'finished',
      string
    >
  >
  borrower: { userId: number; name: string | null; mobile: string }
  /** Every status change, oldest first. */
  timeline: { event: string; from: number | null; to: number; at: string }[]
  /** Every money transfer and its state. */
  transfers: {
    reference: string
    kind: string
    purpose: string
    provider: string
    state: string
    amountMinor: number
    movedMinor: number | null
    createdAt: string
    completedAt: string | null
    failureReason: string | null
  }[]
  /** The repayment schedule frozen at approval (empty before). */
  schedule: {
    number: number
    dueDate: string
    principalMinor: number
    interestMinor: number
    totalMinor: number
  }[]
  ledger: LedgerEntryView[]
  /** Present for members who may read decisions, once assessed. */
  decision: DecisionView | null
  /**
   * What this member may do to the order now: the lifecycle machine accepts the action's event from its status
   * (and a waiver needs a penalty due), and the member's role grants it. The console shows these buttons only.
   */
  actions: OrderAction[]
}

// ------------------------------------------------------------------------------------------------ actions

/** The console's actions on an order (POST /console/api/orders/:orderNo/<action>). */
export const ORDER_ACTIONS = ['cancel', 'waive', 'write-off'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

/**
 * Every action's body carries a `requestId` the console makes once per intent (a UUID): the same request sent
 * twice (a retry, a double tap) does its work once and answers the first outcome again.
 */
export interface OrderActionRequest {
  requestId: string
  /** Why, in the member's words: kept in the audit log. */
  note: string
}

/** POST …/waive: the penalty to waive, at most what is due (minor units). */
export interface WaiveRequest extends OrderActionRequest {
  amountMinor: number
}

/** What the console's actOnOrder actor is given: the order, the action and its body. */
export interface ActOnOrderInput {
  orderNo: string
  action: OrderAction
  request: OrderActionRequest | WaiveRequest
}

/** The answer to an order action: the order's new story. */
export interface OrderActionReply {
  story: OrderStory
}

/** POST /console/api/suspense/:id/resolve: apply the receipt to an order, or record it paid back by hand. */
export type SuspenseResolveRequest =
  | { requestId: string; outcome: 'applied'; orderNo: string; note: string }
  | { requestId: string; outcome: 'refunded'; reference: string; note: string }

export interface SuspenseResolveReply {
  id: number
  /** `matched`: the system found the push it was (server/payments/service.ts), before anyone resolved it. */
  outcome: 'applied' | 'refunded' | 'matched'
  orderNo: string | null
  reference: string | null
}

// ------------------------------------------------------------------------------------------------ repayment proofs

/** How long finance has to check a manual repayment proof (spec: "checked within 48 hours"). */
export const PROOF_REVIEW_MS = 48 * 60 * 60 * 1000
export const PROOF_STATES = ['waiting', 'approved', 'rejected'] as const
export type ProofState = (typeof PROOF_STATES)[number]
/** The longest rejection reason, as the borrower reads it in their ticket. */
export const PROOF_REASON_MAX = 300

/** A manual repayment proof in finance's queue (GET /console/api/repayment-proofs). */
export interface ProofItem {
  ticketId: string
  state: ProofState
  /** The order the proof is for (the ticket's, else the borrower's latest); null when the borrower has none. */
  orderNo: string | null
  orderStatus: number | null
  currency: string | null
  /** What the loan takes today, by the server's own repayment figure; null when it takes no repayment. */
  dueNowMinor: number | null
  uploadedAt: string
  /** uploadedAt + 48 hours: the promise to the borrower. */
  reviewBy: string
  /** Still waiting after reviewBy. */
  overdue: boolean
  receipts: number
  decidedAt: string | null
  amountMinor: number | null
}

export interface ProofReceipt {
  fileId: string
  contentType: string
  size: number
  /** Under /console/api, with the member's bearer token. */
  url: string
}

/** One proof with what the borrower wrote and their receipts (GET /console/api/repayment-proofs/:ticketId). */
export interface ProofDetail extends ProofItem {
  description: string
  receiptsList: ProofReceipt[]
  /** The receipt code finance read on the proof, once approved. */
  receipt: string | null
  reason: string | null
}

export interface ProofApproveRequest {
  amountMinor: number
  /** The provider's receipt code on the proof (e.g. an M-Pesa code). */
  reference: string
}

export interface ProofRejectRequest {
  reason: string
}

/** What an approval or a rejection answers: the proof as it now is, and the order's status after it. */
export interface ProofDecisionReply {
  proof: ProofDetail
  /** True when this call decided it; false when it had been decided already (the first decision is answered). */
  decidedNow: boolean
}

// ------------------------------------------------------------------------------------------------ routes

export interface ConsoleRouteDef {
  readonly name: string
  /** Hash path, without the '#'. */
  readonly path: string
  /** What the signed-in member must be allowed to see it; null: every member; 'signedOut': the sign-in page. */
  readonly needs: ConsolePermission | null | 'signedOut'
}

const route = <const N extends string>(name: N, path: string, needs: ConsoleRouteDef['needs']) => ({
  name,
  path,
  needs,
})

/**
 * The console's pages, in the navigation's order. Only pages that exist are here: the inbox comes with its API
 * (issue 20 item 2).
 */
export const CONSOLE_ROUTES = [
  route('signIn', '/sign-in', 'signedOut'),
  route('overview', '/', null),
  route('staff', '/staff', 'staff.manage'),
  route('audit', '/audit', 'audit.read'),
  route('inbox', '/inbox', 'tickets.answer'),
  route('loans', '/loans', 'loans.read'),
  route('products', '/products', 'products.edit'),
  route('books', '/books', 'books.read'),
  route('proofs', '/repayment-proofs', 'repayments.review'),
  route('password', '/password', null),
] as const satisfies readonly ConsoleRouteDef[]

export type ConsoleRouteName = (typeof CONSOLE_ROUTES)[number]['name']
/** The pages behind sign-in. */
export type ConsolePage = Exclude<ConsoleRouteName, 'signIn'>

export function consoleRouteByName(name: ConsoleRouteName): ConsoleRouteDef {
  return CONSOLE_ROUTES.find((r) => r.name === name)!
}

export function consoleRouteByPath(path: string): (ConsoleRouteDef & { name: ConsoleRouteName }) | undefined {
  const clean =
    '/' +
    path
      .split('?')[0]!
      .replace(/^#?\/*/, '')
      .replace(/\/+$/, '')
  return CONSOLE_ROUTES.find((r) => r.path === clean)
}

/** Whether a member with `permissions` may open `page`. */
export function mayOpen(page: ConsoleRouteName, permissions: readonly ConsolePermission[]): boolean {
  const needs = consoleRouteByName(page).needs
  if (needs === 'signedOut') return false
  return needs === null || permissions.includes(needs)
}

// ------------------------------------------------------------------------------------------------ failures

/**
 * How a console call fails: the server refused it (`status`, its `error` code, the fields it named, when to try
 * again), or it never got an answer (`network`). A call with a session the server no longer knows is refused
 * 401 `signedOut` (expired, signed out elsewhere, password changed elsewhere).
 */
export type ConsoleFailure =
  | {
      kind: 'refused'
      status: number
      error: string
      fields: string[]
      /** ISO 8601: a locked account opens again then (423). */
      retryAt?: string
      /** Seconds before another try is counted (429's Retry-After). */
      retryAfterSeconds?: number
      /** The most rows an export may hold (413). */
      max?: number
      /** What is wrong with a product's configuration (422 invalidProduct). */
      problems?: ProductProblem[]
      /** The version someone else saved meanwhile (409 changedMeanwhile). */
      version?: number
    }
  | { kind: 'network' }

const isFailure = (error: unknown): error is ConsoleFailure =>
  typeof error === 'object' &&
  error !== null &&
  ((error as ConsoleFailure).kind === 'refused' || (error as ConsoleFailure).kind === 'network')

/** The failure an actor rejected with; anything else (a bug) reads as a refusal with no code. */
export function consoleFailureOf(error: unknown): ConsoleFailure {
  return isFailure(error) ? error : { kind: 'refused', status: 0, error: 'unknown', fields: [] }
}

/** The session behind a call has ended: the member must sign in again. */
export function isSignedOut(error: unknown): boolean {
  const failure = consoleFailureOf(error)
  return failure.kind === 'refused' && failure.status === 401 && failure.error === 'signedOut'
}

// ------------------------------------------------------------------------------------------------ TOTP set-up

/** What an authenticator app needs when its camera cannot be used: the account's name and the setup key. */
export interface SetupKey {
  issuer: string
  account: string
  /** Base32, as given. */
  secret: string
}

/** Reads an `otpauth://totp/Issuer:account?secret=…&issuer=…` URI (Key Uri Format); null for anything else. */
export function setupKeyOf(uri: string): SetupKey | null {
  const match = /^otpauth:\/\/totp\/([^?]+)\?(.*)$/.exec(uri)
  if (!match) return null
  let label: string
  try {
    label = decodeURIComponent(match[1]!)
  } catch {
    return null
  }
  const query = new URLSearchParams(match[2])
  const secret = query.get('secret')
  if (!secret || !/^[A-Z2-7]+=*$/i.test(secret)) return null
  const colon = label.indexOf(':')
  const account = colon >= 0 ? label.slice(colon + 1) : label
  const issuer = query.get('issuer') ?? (colon >= 0 ? label.slice(0, colon) : '')
  return { issuer, account, secret: secret.toUpperCase() }
}

/** The setup key in groups of four, as authenticator apps print it: `ABCD EFGH …`. */
export const groupedKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ')

// ------------------------------------------------------------------------------------------------ days

const DAY_MS = 24 * 60 * 60 * 1000
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `day` is a calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  const m = DAY.exec(day)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === day
}

/** The calendar day (YYYY-MM-DD) `at` (epoch ms) falls on in `timeZone`. */
export function dayIn(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** `day` moved by `days` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms). */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at))
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'))
  return wall - Math.floor(at / 1000) * 1000
}

/** The instant (epoch ms) `day` begins in `timeZone`: its midnight there, whatever the zone's offset that day. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const utcMidnight = Date.UTC(y, m - 1, d)
  // Twice: the offset at the first guess may differ from the offset at midnight itself (a change of offset).
  let at = utcMidnight - offsetAt(utcMidnight, timeZone)
  at = utcMidnight - offsetAt(at, timeZone)
  return at
}

/** The audit query's window for the days `from` to `to` (both included) in `timeZone`, as the API takes it. */
export function auditWindow(from: string, to: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(dayStart(from, timeZone)).toISOString(),
    to: new Date(dayStart(addDays(to, 1), timeZone)).toISOString(),
  }
}
