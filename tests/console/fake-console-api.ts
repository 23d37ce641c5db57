/**
 * The console API as msw handlers, for the console's service and screen tests: staff with passwords and the one
 * code good now, sessions that can be ended, the admin-only calls refused to other roles, and an append-only audit
 * log — answering as server/console/module.ts does (status, `{ error }`, fields, Retry-After).
 */
import { http, HttpResponse } from 'msw'
import type {
  AuditRow,
  BooksPage,
  BorrowerHit,
  OrderAction,
  OrderStory,
  SuspenseResolveRequest,
  ConsolePermission,
  ConsoleProduct,
  ConsoleProductVersion,
  ProductEditRequest,
  ProofDetail,
  StaffMember,
  StaffRole,
} from '../../domain/console'
import { COUNTRIES } from '../../domain/countries'
import { editedProductProblems } from '../../domain/product-rules'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { FakeInbox } from './fake-console-inbox'

const ALL: ConsolePermission[] = [
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
]
const GRANTS: Record<StaffRole, ConsolePermission[]> = {
  support: ['tickets.answer', 'loans.read', 'loans.cancel'],
  risk: ['decisions.read', 'loans.read', 'products.edit'],
  finance: ['repayments.review', 'loans.read', 'books.read', 'money.adjust'],
  admin: ALL,
}

export const CODE = '246810'
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

interface Account extends StaffMember {
  password: string
}

export class FakeConsoleApi {
  staff: Account[] = [
    {
      id: 1,
      username: 'ana.admin',
      displayName: 'Ana Mwita',
      role: 'admin',
      password: 'correct horse battery',
    },
    {
      id: 2,
      username: 'amina.support',
      displayName: 'Amina Juma',
      role: 'support',
      password: 'support password 1',
    },
    {
      id: 4,
      username: 'rita.risk',
      displayName: 'Rita Mollel',
      role: 'risk',
      password: 'risk password 1',
    },
    {
      id: 3,
      username: 'fatma.finance',
      displayName: 'Fatma Said',
      role: 'finance',
      password: 'finance password 1',
    },
  ]
  sessions = new Map<string, number>()
  /** The support inbox's one ticket (tests/console/fake-console-inbox.ts). */
  inbox = new FakeInbox()
  audit: AuditRow[] = []
  /** Manual repayment proofs: one waiting (overdue), with one receipt. */
  proofs: ProofDetail[] = [
    {
      ticketId: '7',
      state: 'waiting',
      orderNo: 'KP202603080000000007',
      orderStatus: 5,
      currency: 'TZS',
      dueNowMinor: 5_409_500,
      uploadedAt: '2026-03-07T08:00:00.000Z',
      reviewBy: '2026-03-09T08:00:00.000Z',
      overdue: true,
      receipts: 1,
      decidedAt: null,
      amountMinor: null,
      description: 'I paid TSh 54,095 by M-Pesa but the loan still shows as unpaid.',
      receiptsList: [
        {
          fileId: '3',
          contentType: 'image/png',
          size: 68,
          url: '/console/api/repayment-proofs/7/receipts/3',
        },
      ],
      receipt: null,
      reason: null,
    },
  ]
  /** The books as the server would read them: one problem, one difference, one receipt in suspense. */
  books: Omit<BooksPage, 'settlement'> & { settlement: Omit<BooksPage['settlement'], 'from' | 'to'> } = {
    now: '2026-03-10T09:00:00.000Z',
    check: {
      ok: false,
      entries: 42,
      orders: 7,
      transfers: 9,
      problems: ['transfer KP-T-0009 moved 500000 at mpesa but is booked as 499000'],
      figures: {
        suspenseMinor: { KES: 150_000 },
        refundDueMinor: {},
        observationsUnmatched: 0,
        receiptsInSuspense: 1,
        observationsError: 0,
        transfersExpired: 0,
        transfersOverdue: 1,
      },
    },
    settlement: {
      differences: 1,
      rows: [
        {
          day: '2026-03-09',
          provider: 'mpesa',
          direction: 'collection',
          currency: 'KES',
          providerMinor: 1_250_000,
          providerCount: 3,
          ledgerMinor: 1_249_000,
          ledgerCount: 3,
          differenceMinor: 1_000,
        },
      ],
    },
    totals: [
      {
        day: '2026-03-09',
        account: 'receivable.principal',
        currency: 'KES',
        debitMinor: 0,
        creditMinor: 1_100_000,
        entries: 3,
      },
    ],
    suspense: [
      {
        id: 41,
        provider: 'mpesa',
        receipt: 'QK81XYZ',
        at: '2026-03-09T10:15:00.000Z',
        currency: 'KES',
        amountMinor: 150_000,
      },
    ],
  }
  /** One borrower with one repaying order, found by the phone 0754001001 or the order number. */
  story: OrderStory = {
    orderNo: 'KP261128000000001',
    status: 2,
    country: 'TZ',
    currency: 'TZS',
    productId: 'tz-haraka',
    productVersion: 1,
    requestedMinor: 10_000_000,
    principalMinor: 10_000_000,
    termDays: 91,
    due: { principalMinor: 10_000_000, interestMinor: 819_000, penaltyMinor: 0 },
    repaidMinor: 0,
    dates: { created: '2026-03-01T08:00:00.000Z', disbursed: '2026-03-01T09:00:00.000Z' },
    borrower: { userId: 9, name: 'Asha Juma', mobile: '******001' },
    timeline: [
      { event: 'submit', from: 19, to: 1, at: '2026-03-01T08:10:00.000Z' },
      { event: 'assessment.approved', from: 1, to: 14, at: '2026-03-01T08:20:00.000Z' },
      { event: 'loan.confirmed', from: 14, to: 7, at: '2026-03-01T08:30:00.000Z' },
      { event: 'payout.succeeded', from: 7, to: 2, at: '2026-03-01T09:00:00.000Z' },
    ],
    transfers: [
      {
        reference: 'KP-T-0001',
        kind: 'payout',
        purpose: 'disbursal',
        provider: 'mpesa',
        state: 'succeeded',
        amountMinor: 9_646_000,
        movedMinor: 9_646_000,
        createdAt: '2026-03-01T08:30:00.000Z',
        completedAt: '2026-03-01T09:00:00.000Z',
        failureReason: null,
      },
    ],
    schedule: [
      {
        number: 1,
        dueDate: '2026-05-31',
        principalMinor: 10_000_000,
        interestMinor: 819_000,
        totalMinor: 10_819_000,
      },
    ],
    ledger: [
      {
        id: 1,
        kind: 'disbursal',
        key: 'movement:KP-T-0001',
        at: '2026-03-01T09:00:00.000Z',
        lines: [
          { account: 'receivable.principal', debitMinor: 10_000_000, creditMinor: 0 },
          { account: 'clearing.mpesa.payout', debitMinor: 0, creditMinor: 9_646_000 },
          { account: 'income.processingFee', debitMinor: 0, creditMinor: 300_000 },
          { account: 'taxPayable', debitMinor: 0, creditMinor: 54_000 },
        ],
      },
    ],
    decision: {
      decision: 'approve',
      points: 55,
      approveAt: 40,
      lines: [{ rule: 'salary', points: 30, reason: 'Earns 180,001–280,000 a month' }],
      refusals: [],
      outcome: 'Approved up to 200,000 on the first step of the ladder',
      limitMinor: 20_000_000,
      identity: null,
    },
    actions: [],
  }
  /** The request ids of the actions done (a repeat answers again without doing it twice). */
  actionsDone = new Set<string>()
  /** Every action's body, as `action`, in order. */
  actionBodies: { action: string; body: Record<string, unknown> }[] = []
  /** The next action answers this instead (a refusal). */
  nextAction: { status: number; body: object } | null = null

  /** What `role` may do to the story now, as the server derives it from the lifecycle machine. */
  actionsFor(role: StaffRole): OrderAction[] {
    const grants = GRANTS[role]
    const { status, due } = this.story
    const actions: OrderAction[] = []
    if (grants.includes('loans.cancel') && (status === 14 || status === 18)) actions.push('cancel')
    if (grants.includes('money.adjust') && (status === 2 || status === 3) && due.penaltyMinor > 0)
      actions.push('waive')
    if (grants.includes('money.adjust') && status === 3) actions.push('write-off')
    return actions
  }

  private storyFor(role: StaffRole): OrderStory {
    const decides = GRANTS[role].includes('decisions.read')
    return { ...this.story, decision: decides ? this.story.decision : null, actions: this.actionsFor(role) }
  }
  /** The demo products at version 1, each with its versions newest first. */
  products: ConsoleProduct[] = DEMO_PRODUCTS.map((p, position) => ({
    id: p.config.id,
    country: p.config.country,
    version: 1,
    active: true,
    position,
    names: p.names,
    config: p.config,
    updatedAt: '2026-03-01T06:00:00.000Z',
  }))
  versions = new Map<string, ConsoleProductVersion[]>(
    this.products.map((p) => [
      p.id,
      [
        {
          version: 1,
          active: true,
          names: p.names,
          config: p.config,
          staff: null,
          note: null,
          createdAt: p.updatedAt,
        },
      ],
    ]),
  )
  /** The next sign-in answers this instead (a lock, a limit). */
  nextSignIn: { status: number; body: object; headers?: Record<string, string> } | null = null
  /** Every call, as `METHOD path`. */
  calls: string[] = []
  private tokens = 0

  log(staffId: number | null, action: string, subject: string, after: unknown = null): void {
    this.audit.push({
      id: this.audit.length + 1,
      at: new Date(Date.UTC(2026, 2, 10, 6, this.audit.length)).toISOString(),
      staffId,
      action,
      subject,
      before: null,
      after,
    })
  }

  /** Ends every session, as 30 minutes without a call would. */
  endSessions(): void {
    this.sessions.clear()
  }

  private member(request: Request): Account | null {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
    const id = this.sessions.get(token)
    return this.staff.find((s) => s.id === id) ?? null
  }

  private guard(request: Request, permission?: ConsolePermission): Account | Response {
    const member = this.member(request)
    if (!member) return HttpResponse.json({ error: 'signedOut' }, { status: 401 })
    if (permission && !GRANTS[member.role].includes(permission))
      return HttpResponse.json({ error: 'notAllowed' }, { status: 403 })
    return member
  }

  handlers(base = '') {
    const api = `${base}/console/api`
    const seen = (request: Request) => this.calls.push(`${request.method} ${new URL(request.url).pathname}`)
    const view = ({ password: _, ...member }: Account): StaffMember => member
    return [
      http.post(`${api}/session`, async ({ request }) => {
        seen(request)
        if (this.nextSignIn) {
          const { status, body, headers } = this.nextSignIn
          this.nextSignIn = null
          return HttpResponse.json(body, { status, headers })
        }
        const body = (await request.json()) as { username: string; password: string; code: string }
        const account = this.staff.find((s) => s.username === body.username)
        if (!account || account.password !== body.password || body.code !== CODE) {
          if (account) this.log(account.id, 'session.refused', `staff:${account.id}`)
          return HttpResponse.json({ error: 'wrongCredentials' }, { status: 401 })
        }
        const token = `token-${++this.tokens}`
        this.sessions.set(token, account.id)
        this.log(account.id, 'session.signedIn', `staff:${account.id}`)
        return HttpResponse.json({ token, expiresAt: '2026-03-10T07:00:00.000Z', staff: view(account) })
      }),
      http.delete(`${api}/session`, ({ request }) => {
        seen(request)
        const member = this.guard(request)
        if (member instanceof Response) return member
        this.sessions.delete(request.headers.get('authorization')!.replace(/^Bearer /, ''))
        this.log(member.id, 'session.signedOut', `staff:${member.id}`)
        return new HttpResponse(null, { status: 204 })
      }),
      http.get(`${api}/me`, ({ request }) => {
        seen(request)
        const member = this.guard(request)
        if (member instanceof Response) return member
        return HttpResponse.json({ staff: view(member), permissions: GRANTS[member.role] })
      }),
      http.post(`${api}/password`, async ({ request }) => {
        seen(request)
        const member = this.guard(request)
        if (member instanceof Response) return member
        const body = (await request.json()) as { current: string; next: string }
        if (body.current !== member.password)
          return HttpResponse.json({ error: 'invalidInput', fields: ['current'] }, { status: 400 })
        member.password = body.next
        this.log(member.id, 'staff.passwordChanged', `staff:${member.id}`)
        return new HttpResponse(null, { status: 204 })
      }),
      http.post(`${api}/staff`, async ({ request }) => {
        seen(request)
        const member = this.guard(request, 'staff.manage')
        if (member instanceof Response) return member
        const body = (await request.json()) as StaffMember & { password: string }
        if (this.staff.some((s) => s.username === body.username))
          return HttpResponse.json({ error: 'usernameTaken' }, { status: 409 })
        const added: Account = { ...body, id: this.staff.length + 1 }
        this.staff.push(added)
        this.log(member.id, 'staff.created', `staff:${added.id}`, {
          username: added.username,
          displayName: added.displayName,
          role: added.role,
        })
        return HttpResponse.json(
          {
            staff: view(added),
            otpauthUri: `otpauth://totp/${encodeURIComponent(`Kopa console:${added.username}`)}?secret=${SECRET}&issuer=Kopa+console&algorithm=SHA1&digits=6&period=30`,
          },
          { status: 201 },
        )
      }),
      http.get(`${api}/audit`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'audit.read')
        if (member instanceof Response) return member
        const url = new URL(request.url)
        const from = Date.parse(url.searchParams.get('from') ?? '')
        const to = Date.parse(url.searchParams.get('to') ?? '')
        const afterId = Number(url.searchParams.get('afterId') ?? 0)
        const limit = Number(url.searchParams.get('limit') ?? 100)
        const rows = this.audit
          .filter((r) => Date.parse(r.at) >= from && Date.parse(r.at) < to && r.id > afterId)
          .slice(0, limit)
        return HttpResponse.json({ rows, nextAfterId: rows.length === limit ? rows.at(-1)!.id : null })
      }),
      http.get(`${api}/audit.csv`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'audit.export')
        if (member instanceof Response) return member
        const from = new URL(request.url).searchParams.get('from') ?? ''
        this.log(member.id, 'audit.exported', 'audit')
        return new HttpResponse('id,at,staff_id,action,subject,before,after\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="kopa-audit-${from.slice(0, 10)}.csv"`,
          },
        })
      }),
      http.get(`${api}/products`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'products.edit')
        if (member instanceof Response) return member
        return HttpResponse.json({ products: this.products })
      }),
      http.get(`${api}/products/:id/versions`, ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'products.edit')
        if (member instanceof Response) return member
        const versions = this.versions.get(String(params.id))
        return versions
          ? HttpResponse.json({ versions })
          : HttpResponse.json({ error: 'notFound' }, { status: 404 })
      }),
      http.put(`${api}/products/:id`, async ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'products.edit')
        if (member instanceof Response) return member
        const body = (await request.json()) as ProductEditRequest
        const at = this.products.findIndex((p) => p.id === params.id)
        const product = this.products[at]
        if (!product) return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        if (body.baseVersion !== product.version)
          return HttpResponse.json({ error: 'changedMeanwhile', version: product.version }, { status: 409 })
        const problems = editedProductProblems(body.config, {
          id: product.id,
          country: product.country,
          currency: COUNTRIES[product.country].currency,
        })
        if (problems.length > 0)
          return HttpResponse.json({ error: 'invalidProduct', problems }, { status: 422 })
        const saved: ConsoleProduct = {
          ...product,
          version: product.version + 1,
          config: body.config as ConsoleProduct['config'],
          names: body.names,
          active: body.active,
          updatedAt: '2026-03-10T09:00:00.000Z',
        }
        this.products[at] = saved
        this.versions.get(saved.id)!.unshift({
          version: saved.version,
          active: saved.active,
          names: saved.names,
          config: saved.config,
          staff: member.username,
          note: body.note,
          createdAt: saved.updatedAt,
        })
        this.log(member.id, 'product.changed', `product:${saved.id}`, { version: saved.version })
        return HttpResponse.json({ product: saved, changed: true })
      }),
      http.get(`${api}/books`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'books.read')
        if (member instanceof Response) return member
        const url = new URL(request.url)
        const from = url.searchParams.get('from') ?? ''
        const to = url.searchParams.get('to') ?? ''
        return HttpResponse.json({ ...this.books, settlement: { ...this.books.settlement, from, to } })
      }),
      http.get(`${api}/books.csv`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'books.read')
        if (member instanceof Response) return member
        const url = new URL(request.url)
        const report = url.searchParams.get('report')
        this.log(member.id, 'books.exported', 'books', { report })
        return new HttpResponse('day,account,currency,debit_minor,credit_minor,entries\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="kopa-${report}-${url.searchParams.get('from')}-${url.searchParams.get('to')}.csv"`,
          },
        })
      }),
      http.get(`${api}/repayment-proofs`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'repayments.review')
        if (member instanceof Response) return member
        const state = new URL(request.url).searchParams.get('state') ?? 'waiting'
        const proofs = this.proofs
          .filter((p) => p.state === state)
          .map(({ description: _d, receiptsList: _r, receipt: _c, reason: _why, ...item }) => item)
        return HttpResponse.json({ proofs })
      }),
      http.get(`${api}/repayment-proofs/:ticketId`, ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'repayments.review')
        if (member instanceof Response) return member
        const proof = this.proofs.find((p) => p.ticketId === params.ticketId)
        if (!proof) return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        return HttpResponse.json(proof)
      }),
      http.get(`${api}/repayment-proofs/:ticketId/receipts/:fileId`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'repayments.review')
        if (member instanceof Response) return member
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png' },
        })
      }),
      http.post(`${api}/repayment-proofs/:ticketId/:decision`, async ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'repayments.review')
        if (member instanceof Response) return member
        const at = this.proofs.findIndex((p) => p.ticketId === params.ticketId)
        const proof = this.proofs[at]
        if (!proof) return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        const body = (await request.json()) as { amountMinor?: number; reference?: string; reason?: string }
        if (proof.state !== 'waiting') return HttpResponse.json({ proof, decidedNow: false })
        if (params.decision === 'approve') {
          if ((body.amountMinor ?? 0) > (proof.dueNowMinor ?? 0))
            return HttpResponse.json(
              { error: 'aboveBalance', dueNowMinor: proof.dueNowMinor },
              { status: 409 },
            )
          const approved: ProofDetail = {
            ...proof,
            state: 'approved',
            dueNowMinor: null,
            overdue: false,
            amountMinor: body.amountMinor ?? null,
            receipt: body.reference ?? null,
            decidedAt: '2026-03-10T09:00:00.000Z',
          }
          this.proofs[at] = approved
          this.log(member.id, 'repayment.approved', `ticket:${proof.ticketId}`, {
            amountMinor: body.amountMinor,
          })
          return HttpResponse.json({ proof: approved, decidedNow: true })
        }
        const rejected: ProofDetail = {
          ...proof,
          state: 'rejected',
          dueNowMinor: null,
          overdue: false,
          reason: body.reason ?? null,
          decidedAt: '2026-03-10T09:00:00.000Z',
        }
        this.proofs[at] = rejected
        this.log(member.id, 'repayment.rejected', `ticket:${proof.ticketId}`)
        return HttpResponse.json({ proof: rejected, decidedNow: true })
      }),
      http.get(`${api}/borrowers`, ({ request }) => {
        seen(request)
        const member = this.guard(request, 'loans.read')
        if (member instanceof Response) return member
        const q = new URL(request.url).searchParams.get('q') ?? ''
        const found = q === '0754001001' || q === this.story.orderNo
        const hit: BorrowerHit = {
          userId: 9,
          country: 'TZ',
          name: member.role === 'finance' ? 'A…' : 'Asha Juma',
          mobile: '******001',
          matchedBy: q === this.story.orderNo ? 'orderNo' : 'mobile',
          orders: [
            {
              orderNo: this.story.orderNo,
              status: this.story.status,
              currency: 'TZS',
              requestedMinor: this.story.requestedMinor,
              createdAt: this.story.dates.created!,
            },
          ],
        }
        this.log(member.id, 'borrowers.searched', 'borrowers', { found: found ? [9] : [] })
        return HttpResponse.json({ borrowers: found ? [hit] : [] })
      }),
      http.get(`${api}/orders/:orderNo`, ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'loans.read')
        if (member instanceof Response) return member
        if (params.orderNo !== this.story.orderNo)
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        this.log(member.id, 'order.viewed', `order:${this.story.orderNo}`)
        return HttpResponse.json(this.storyFor(member.role))
      }),
      http.post(`${api}/orders/:orderNo/:action`, async ({ request, params }) => {
        seen(request)
        const action = params.action as OrderAction
        const member = this.guard(request, action === 'cancel' ? 'loans.cancel' : 'money.adjust')
        if (member instanceof Response) return member
        if (params.orderNo !== this.story.orderNo)
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        const body = (await request.json()) as { requestId?: string; note?: string; amountMinor?: number }
        this.actionBodies.push({ action, body })
        if (this.nextAction) {
          const { status, body: refusal } = this.nextAction
          this.nextAction = null
          return HttpResponse.json(refusal, { status })
        }
        const fields = [
          ...(typeof body.requestId === 'string' && body.requestId.length >= 8 ? [] : ['requestId']),
          ...(typeof body.note === 'string' && body.note.trim() !== '' ? [] : ['note']),
          ...(action !== 'waive' || (Number.isInteger(body.amountMinor) && body.amountMinor! > 0)
            ? []
            : ['amountMinor']),
        ]
        if (fields.length) return HttpResponse.json({ error: 'invalidInput', fields }, { status: 400 })
        const key = `${member.id}:${action}:${body.requestId}`
        if (!this.actionsDone.has(key)) {
          if (!this.actionsFor(member.role).includes(action))
            return HttpResponse.json({ error: 'notAllowed', status: this.story.status }, { status: 409 })
          const due = this.story.due
          if (action === 'waive' && body.amountMinor! > due.penaltyMinor)
            return HttpResponse.json(
              { error: 'invalidInput', fields: ['amountMinor'], maxMinor: due.penaltyMinor },
              { status: 400 },
            )
          this.actionsDone.add(key)
          const before = this.story.status
          this.story =
            action === 'cancel'
              ? { ...this.story, status: 8 }
              : action === 'waive'
                ? { ...this.story, due: { ...due, penaltyMinor: due.penaltyMinor - body.amountMinor! } }
                : { ...this.story, status: 4, due: { principalMinor: 0, interestMinor: 0, penaltyMinor: 0 } }
          if (this.story.status !== before)
            this.story.timeline = [
              ...this.story.timeline,
              {
                event: action === 'cancel' ? 'staff.cancelled' : 'loan.writtenOff',
                from: before,
                to: this.story.status,
                at: '2026-03-10T06:30:00.000Z',
              },
            ]
          this.log(member.id, `order.${action}`, `order:${this.story.orderNo}`, body)
        }
        return HttpResponse.json({ story: this.storyFor(member.role) })
      }),
      http.post(`${api}/suspense/:id/resolve`, async ({ request, params }) => {
        seen(request)
        const member = this.guard(request, 'money.adjust')
        if (member instanceof Response) return member
        const body = (await request.json()) as SuspenseResolveRequest
        this.actionBodies.push({ action: 'resolve', body: { ...body } })
        const id = Number(params.id)
        if (!this.books.suspense.some((s) => s.id === id))
          return HttpResponse.json({ error: 'alreadyResolved' }, { status: 409 })
        this.books = { ...this.books, suspense: this.books.suspense.filter((s) => s.id !== id) }
        this.log(member.id, 'suspense.resolved', `suspense:${id}`, body)
        return HttpResponse.json({
          id,
          outcome: body.outcome,
          orderNo: body.outcome === 'applied' ? body.orderNo : null,
          reference: body.outcome === 'refunded' ? body.reference : null,
        })
      }),
      ...this.inbox.handlers(api, {
        seen,
        guard: (request, permission) => this.guard(request, permission),
        log: (...entry) => this.log(...entry),
      }),
    ]
  }
}
