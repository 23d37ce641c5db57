/**
 * The lender's console API (issue 20), under /console/api, beside the borrower's wire protocol and apart from it:
 * plain JSON, a bearer token from POST /console/api/session. Every answer to bad input is a 4xx with a code
 * (`{ error }`), never a 5xx; every staff action is in the audit log.
 *
 *   POST   /console/api/session      { username, password, code } → { token, expiresAt, staff }
 *   DELETE /console/api/session      signs out
 *   GET    /console/api/me           → { staff, permissions }
 *   POST   /console/api/password     { current, next } → 204; the member's other sessions end
 *   POST   /console/api/staff        admin: { username, displayName, role, password } → { staff, otpauthUri }
 *   GET    /console/api/audit        admin: ?from&to&afterId&limit → { rows, nextAfterId }
 *   GET    /console/api/audit.csv    admin: ?from&to → the rows as CSV (the export itself is audited)
 *   GET    /console/api/products     risk, admin: every product with its configuration and version
 *   GET    /console/api/products/:id/versions   risk, admin: the product's versions, newest first
 *   PUT    /console/api/products/:id risk, admin: { baseVersion, config, names, active, note } → { product, changed }
 *                                    (422 invalidProduct {problems}; 409 changedMeanwhile {version}); new orders only
 *   GET    /console/api/books        finance, admin: ?from&to (UTC days, ≤ 92) → the books check, settlement, daily
 *                                    totals per account, receipts in suspense
 *   GET    /console/api/borrowers    support, risk, finance, admin: ?q= phone, ID number or order number → { borrowers }
 *   GET    /console/api/orders/:orderNo   the same: the order's story (its decision for risk and admin only)
 *   GET    /console/api/books.csv    finance, admin: ?from&to&report=settlement|accounts → that report as CSV (audited)
 *   GET    /console/api/tickets      support, admin: ?status=open|waiting|done&page → the inbox (tickets.ts)
 *   GET    /console/api/tickets/:id  the same: the thread with its receipts
 *   GET    /console/api/tickets/:id/files/:fileId   the same: a receipt's image
 *   POST   /console/api/tickets/:id/replies  the same: { text, pictures? } → status 3 and the red dot (audited,
 *                                    rate-limited)
 *   POST   /console/api/tickets/:id/status   the same: { status } along TICKET_TRANSITIONS (audited)
 *   GET    /console/api/repayment-proofs             finance, admin: ?state=waiting|approved|rejected → { proofs }
 *   GET    /console/api/repayment-proofs/:ticketId   the same: the proof, what the borrower wrote, its receipts
 *   GET    /console/api/repayment-proofs/:ticketId/receipts/:fileId   the same: a receipt's image
 *   POST   /console/api/repayment-proofs/:ticketId/approve   { amountMinor, reference } → { proof, decidedNow }
 *                                    booked as a provider's callback, once per ticket (409 aboveBalance
 *                                    {dueNowMinor}, notRepayable, noLoan, receiptUsed, paymentInProgress,
 *                                    alreadyDecided); audited
 *   POST   /console/api/repayment-proofs/:ticketId/reject    { reason } → { proof, decidedNow }; audited

 *   POST   /console/api/orders/:orderNo/{cancel,waive,write-off}, /console/api/suspense/:id/resolve: the actions
 *                                    (server/console/action-routes.ts)
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { ModuleHost, ServerModule } from '../context'
import { STAFF_ROLES } from '../db/schema/staff'
import { isUniqueViolation } from '../db/client'
import { appendAudit, auditCsv, readAudit } from './audit'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords'
import { may, PERMISSIONS, type Permission } from './roles'
import { editProduct, listProducts, productVersions } from './products'
import { BOOKS_MAX_DAYS, BOOKS_REPORTS } from '../../domain/console'
import { booksCsv, booksPage, booksPeriod } from './books'
import { orderStory, searchBorrowers } from './loans'
import {
  approveProof,
  proofDetail,
  proofQueue,
  proofReceiptImage,
  rejectProof,
  type ProofResult,
} from './proofs'
import { PROOF_REASON_MAX, PROOF_STATES } from '../../domain/console'

import { mountActionRoutes } from './action-routes'
import { loansRuntime } from '../loans/module'
import { refreshProducts } from '../loans/products'
import { changePassword, createStaff, resolveStaffSession, signIn, signOut, type StaffMember } from './staff'
import { otpauthUri } from './totp'
import { answerTicket, changeTicketStatus, consoleTicket, inboxPage, ticketFile } from './tickets'
import {
  INBOX_FILTERS,
  TICKET_PICTURE_MAX_BYTES,
  TICKET_PICTURES_MAX,
  TICKET_REPLY_MAX,
} from '../../domain/console-inbox'
import { inspectImage } from '../uploads'

export const CONSOLE_API = '/console/api'
/** The issuer an authenticator app shows beside the code. */
const TOTP_ISSUER = 'Kopa console'
const AUDIT_PAGE_MAX = 500
const AUDIT_EXPORT_MAX = 100_000
const DAY_MS = 24 * 60 * 60 * 1000

const SignInBody = v.object({
  username: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9._-]{3,40}$/)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/)),
})

const NewStaffBody = v.object({
  username: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9._-]{3,40}$/)),
  displayName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
  role: v.picklist(STAFF_ROLES),
  password: v.pipe(v.string(), v.minLength(PASSWORD_MIN_LENGTH), v.maxLength(PASSWORD_MAX_LENGTH)),
})

const PasswordBody = v.object({
  current: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  next: v.pipe(v.string(), v.minLength(PASSWORD_MIN_LENGTH), v.maxLength(PASSWORD_MAX_LENGTH)),
})

const isoDate = v.pipe(v.string(), v.isoTimestamp())
const AuditQuery = v.object({
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  afterId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1), v.maxValue(AUDIT_PAGE_MAX)),
  ),
})

const productName = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)))
const ProductEditBody = v.object({
  baseVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
  config: v.unknown(),
  names: v.object({ en: productName, sw: productName, es: productName }),
  active: v.boolean(),
  note: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
})
const ProductId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/))
/** A product's configuration is a few kilobytes; far more is a mistake, refused before it is read. */
const PRODUCT_BODY_MAX_BYTES = 64 * 1024

const SearchQuery = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(40)) })
const OrderNo = v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,40}$/))

const utcDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))
const BooksQuery = v.object({ from: utcDay, to: utcDay, report: v.optional(v.picklist(BOOKS_REPORTS)) })

const ProofsQuery = v.object({ state: v.optional(v.picklist(PROOF_STATES)) })
const RowId = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))
const ApproveBody = v.object({
  amountMinor: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  /** The provider's receipt code on the proof: letters, digits and dashes, kept in upper case. */
  reference: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9-]{4,40}$/)),
})
const RejectBody = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(PROOF_REASON_MAX)),
})

const InboxQuery = v.object({
  status: v.optional(v.picklist(INBOX_FILTERS), 'open'),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
})
const TicketId = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))
/** A reply's pictures: at most TICKET_PICTURES_MAX, each a JPEG, PNG or WebP of at most TICKET_PICTURE_MAX_BYTES, in base64. */
const ReplyBody = v.object({
  text: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(TICKET_REPLY_MAX)),
  pictures: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.maxLength(Math.ceil(TICKET_PICTURE_MAX_BYTES / 3) * 4),
          v.regex(/^[A-Za-z0-9+/]+={0,2}$/),
          v.transform((b64) => inspectImage(Buffer.from(b64, 'base64'))),
          v.check((image) => image !== null),
          v.transform((image) => image!),
        ),
      ),
      v.maxLength(TICKET_PICTURES_MAX),
    ),
    [],
  ),
})
/** The reply's body with its pictures in base64, and a little for the text. */
const REPLY_BODY_MAX_BYTES = TICKET_PICTURES_MAX * Math.ceil(TICKET_PICTURE_MAX_BYTES / 3) * 4 + 64 * 1024
const StatusBody = v.object({ status: v.picklist([1, 2, 3, 4] as const) })
/** Replies one member may send a minute (checked before any work). */
const REPLIES_PER_MINUTE = 30

/** The fields a schema refused, by name (no values: they may be a password). */
function refused(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return [...new Set(issues.map((i) => i.path?.map((p) => String(p.key)).join('.') || '(body)'))]
}

const bearerOf = (req: FastifyRequest): string => {
  const header = req.headers.authorization ?? ''
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
}

export const consoleModule: ServerModule = {
  name: 'console',
  register(host: ModuleHost) {
    const app = host.fastify
    const now = () => host.clock.now()

    /** The signed-in staff member with `permission`, or the 401/403 answer already sent. */
    async function staffWith(
      req: FastifyRequest,
      reply: FastifyReply,
      permission?: Permission,
    ): Promise<StaffMember | null> {
      const member = await resolveStaffSession(host.db, now(), bearerOf(req))
      if (!member) {
        await reply.code(401).send({ error: 'signedOut' })
        return null
      }
      if (permission && !may(member.role, permission)) {
        await reply.code(403).send({ error: 'notAllowed' })
        return null
      }
      return member
    }

    app.post(`${CONSOLE_API}/session`, async (req, reply) => {
      // Limits before any password work: per address and per username tried.
      const byAddress = host.limits.rate.hit('console.signIn.ip', req.ip, 30, 60_000)
      if (!byAddress.ok)
        return reply.code(429).header('retry-after', byAddress.retryAfterSeconds).send({ error: 'tooMany' })
      const body = v.safeParse(SignInBody, req.body)
      if (!body.success) return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
      const byUser = host.limits.rate.hit('console.signIn.user', body.output.username, 10, 60_000)
      if (!byUser.ok)
        return reply.code(429).header('retry-after', byUser.retryAfterSeconds).send({ error: 'tooMany' })
      const result = await signIn(host.db, now(), body.output)
      if (!result.ok) {
        if (result.reason === 'locked')
          return reply.code(423).send({ error: 'locked', retryAt: result.retryAt?.toISOString() })
        return reply.code(401).send({ error: 'wrongCredentials' })
      }
      return { token: result.token, expiresAt: result.expiresAt.toISOString(), staff: result.member }
    })

    app.delete(`${CONSOLE_API}/session`, async (req, reply) => {
      const member = await staffWith(req, reply)
      if (!member) return reply
      await signOut(host.db, now(), bearerOf(req), member)
      return reply.code(204).send()
    })

    app.get(`${CONSOLE_API}/me`, async (req, reply) => {
      const member = await staffWith(req, reply)
      if (!member) return reply
      return { staff: member, permissions: PERMISSIONS.filter((p) => may(member.role, p)) }
    })

    app.post(`${CONSOLE_API}/password`, async (req, reply) => {
      const member = await staffWith(req, reply)
      if (!member) return reply
      const limited = host.limits.rate.hit('console.password', String(member.id), 10, 60_000)
      if (!limited.ok)
        return reply.code(429).header('retry-after', limited.retryAfterSeconds).send({ error: 'tooMany' })
      const body = v.safeParse(PasswordBody, req.body)
      if (!body.success) return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
      const changed = await changePassword(host.db, now(), member, bearerOf(req), body.output)
      if (!changed) return reply.code(400).send({ error: 'invalidInput', fields: ['current'] })
      return reply.code(204).send()
    })

    app.post(`${CONSOLE_API}/staff`, async (req, reply) => {
      const member = await staffWith(req, reply, 'staff.manage')
      if (!member) return reply
      const body = v.safeParse(NewStaffBody, req.body)
      if (!body.success) return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
      try {
        const created = await createStaff(host.db, now(), body.output, member.id)
        return reply.code(201).send({
          staff: created.member,
          otpauthUri: otpauthUri(TOTP_ISSUER, created.member.username, created.totpSecret),
        })
      } catch (err) {
        if (isUniqueViolation(err)) return reply.code(409).send({ error: 'usernameTaken' })
        throw err
      }
    })

    /** The audit query's window: the last day unless said, `to` after `from`. */
    function auditRange(query: unknown) {
      const parsed = v.safeParse(AuditQuery, query ?? {})
      if (!parsed.success) return { error: refused(parsed.issues) } as const
      const to = parsed.output.to ? new Date(parsed.output.to) : new Date(now().getTime() + 1)
      const from = parsed.output.from ? new Date(parsed.output.from) : new Date(to.getTime() - DAY_MS)
      if (!(from < to)) return { error: ['from'] } as const
      return { from, to, afterId: parsed.output.afterId, limit: parsed.output.limit } as const
    }

    app.get(`${CONSOLE_API}/audit`, async (req, reply) => {
      const member = await staffWith(req, reply, 'audit.read')
      if (!member) return reply
      const range = auditRange(req.query)
      if ('error' in range) return reply.code(400).send({ error: 'invalidInput', fields: range.error })
      const limit = range.limit ?? 100
      const rows = await readAudit(host.db, { ...range, limit })
      return { rows, nextAfterId: rows.length === limit ? rows.at(-1)!.id : null }
    })

    app.get(`${CONSOLE_API}/audit.csv`, async (req, reply) => {
      const member = await staffWith(req, reply, 'audit.export')
      if (!member) return reply
      const range = auditRange(req.query)
      if ('error' in range) return reply.code(400).send({ error: 'invalidInput', fields: range.error })
      const rows = await readAudit(host.db, { ...range, limit: AUDIT_EXPORT_MAX + 1 })
      if (rows.length > AUDIT_EXPORT_MAX)
        return reply.code(413).send({ error: 'tooLarge', max: AUDIT_EXPORT_MAX })
      await appendAudit(host.db, now(), {
        staffId: member.id,
        action: 'audit.exported',
        subject: 'audit',
        after: { from: range.from.toISOString(), to: range.to.toISOString(), rows: rows.length },
      })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="kopa-audit-${range.from.toISOString().slice(0, 10)}.csv"`,
        )
        .send(auditCsv(rows))
    })

    app.get(`${CONSOLE_API}/products`, async (req, reply) => {
      const member = await staffWith(req, reply, 'products.edit')
      if (!member) return reply
      return { products: await listProducts(host.db) }
    })

    app.get<{ Params: { id: string } }>(`${CONSOLE_API}/products/:id/versions`, async (req, reply) => {
      const member = await staffWith(req, reply, 'products.edit')
      if (!member) return reply
      const id = v.safeParse(ProductId, req.params.id)
      const versions = id.success ? await productVersions(host.db, id.output) : null
      if (!versions) return reply.code(404).send({ error: 'notFound' })
      return { versions }
    })

    app.put<{ Params: { id: string } }>(
      `${CONSOLE_API}/products/:id`,
      { bodyLimit: PRODUCT_BODY_MAX_BYTES },
      async (req, reply) => {
        const member = await staffWith(req, reply, 'products.edit')
        if (!member) return reply
        const limited = host.limits.rate.hit('console.product', String(member.id), 30, 60_000)
        if (!limited.ok)
          return reply.code(429).header('retry-after', limited.retryAfterSeconds).send({ error: 'tooMany' })
        const id = v.safeParse(ProductId, req.params.id)
        if (!id.success) return reply.code(404).send({ error: 'notFound' })
        const body = v.safeParse(ProductEditBody, req.body)
        if (!body.success)
          return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
        const result = await editProduct(host.db, now(), member, id.output, body.output)
        if (!result.ok) {
          if (result.reason === 'notFound') return reply.code(404).send({ error: 'notFound' })
          if (result.reason === 'changedMeanwhile')
            return reply.code(409).send({ error: 'changedMeanwhile', version: result.version })
          return reply.code(422).send({ error: 'invalidProduct', problems: result.problems })
        }
        // This instance serves the change from its next request; the others hear the database's notice.
        if (result.changed) await refreshProducts(host.db, loansRuntime(host).products)
        return { product: result.product, changed: result.changed }
      },
    )

    /** The books query's UTC days, or the fields at fault (a period of at most BOOKS_MAX_DAYS, `to` not before `from`). */
    function booksQuery(query: unknown) {
      const parsed = v.safeParse(BooksQuery, query ?? {})
      if (!parsed.success) return { error: refused(parsed.issues) } as const
      const period = booksPeriod(parsed.output.from, parsed.output.to)
      if (!period) return { error: ['to'] } as const
      return { period, report: parsed.output.report ?? 'settlement', days: parsed.output } as const
    }

    app.get(`${CONSOLE_API}/books`, async (req, reply) => {
      const member = await staffWith(req, reply, 'books.read')
      if (!member) return reply
      const query = booksQuery(req.query)
      if ('error' in query)
        return reply.code(400).send({ error: 'invalidInput', fields: query.error, maxDays: BOOKS_MAX_DAYS })
      return booksPage(host.db, now(), query.period)
    })

    app.get(`${CONSOLE_API}/books.csv`, async (req, reply) => {
      const member = await staffWith(req, reply, 'books.read')
      if (!member) return reply
      const query = booksQuery(req.query)
      if ('error' in query)
        return reply.code(400).send({ error: 'invalidInput', fields: query.error, maxDays: BOOKS_MAX_DAYS })
      const page = await booksPage(host.db, now(), query.period)
      await appendAudit(host.db, now(), {
        staffId: member.id,
        action: 'books.exported',
        subject: 'books',
        after: { report: query.report, from: query.days.from, to: query.days.to },
      })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="kopa-${query.report}-${query.days.from}-${query.days.to}.csv"`,
        )
        .send(booksCsv(page, query.report))
    })

    // Cancel, waive, write off; resolve a receipt in suspense (server/console/action-routes.ts).
    mountActionRoutes({ app, db: host.db, now, staffWith, refused })

    app.get(`${CONSOLE_API}/borrowers`, async (req, reply) => {
      const member = await staffWith(req, reply, 'loans.read')
      if (!member) return reply
      const limited = host.limits.rate.hit('console.search', String(member.id), 60, 60_000)
      if (!limited.ok)
        return reply.code(429).header('retry-after', limited.retryAfterSeconds).send({ error: 'tooMany' })
      const query = v.safeParse(SearchQuery, req.query ?? {})
      if (!query.success) return reply.code(400).send({ error: 'invalidInput', fields: ['q'] })
      const borrowers = await searchBorrowers(
        host.db,
        { role: member.role, personKeySecret: host.config.personKeySecret },
        query.output.q,
      )
      // Who looked for whom: the borrowers found, never the number typed.
      await appendAudit(host.db, now(), {
        staffId: member.id,
        action: 'borrowers.searched',
        subject: 'borrowers',
        after: { found: borrowers.map((b) => ({ userId: b.userId, matchedBy: b.matchedBy })) },
      })
      return { borrowers }
    })

    app.get<{ Params: { orderNo: string } }>(`${CONSOLE_API}/orders/:orderNo`, async (req, reply) => {
      const member = await staffWith(req, reply, 'loans.read')
      if (!member) return reply
      const orderNo = v.safeParse(OrderNo, req.params.orderNo)
      const story = orderNo.success
        ? await orderStory(
            host.db,
            { role: member.role, mayReadDecision: may(member.role, 'decisions.read') },
            orderNo.output,
          )
        : null
      if (!story) return reply.code(404).send({ error: 'notFound' })
      await appendAudit(host.db, now(), {
        staffId: member.id,
        action: 'order.viewed',
        subject: `order:${story.orderNo}`,
        after: { decision: story.decision !== null },
      })
      return story
    })

    app.get(`${CONSOLE_API}/repayment-proofs`, async (req, reply) => {
      const member = await staffWith(req, reply, 'repayments.review')
      if (!member) return reply
      const query = v.safeParse(ProofsQuery, req.query ?? {})
      if (!query.success)
        return reply.code(400).send({ error: 'invalidInput', fields: refused(query.issues) })
      return { proofs: await proofQueue(host.db, now(), query.output.state ?? 'waiting') }
    })

    app.get<{ Params: { ticketId: string } }>(
      `${CONSOLE_API}/repayment-proofs/:ticketId`,
      async (req, reply) => {
        const member = await staffWith(req, reply, 'repayments.review')
        if (!member) return reply
        const id = v.safeParse(RowId, req.params.ticketId)
        const proof = id.success ? await proofDetail(host.db, now(), id.output) : null
        if (!proof) return reply.code(404).send({ error: 'notFound' })
        return proof
      },
    )

    app.get<{ Params: { ticketId: string; fileId: string } }>(
      `${CONSOLE_API}/repayment-proofs/:ticketId/receipts/:fileId`,
      async (req, reply) => {
        const member = await staffWith(req, reply, 'repayments.review')
        if (!member) return reply
        reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff')
        const ticketId = v.safeParse(RowId, req.params.ticketId)
        const fileId = v.safeParse(RowId, req.params.fileId)
        const file =
          ticketId.success && fileId.success
            ? await proofReceiptImage(host.db, ticketId.output, fileId.output)
            : null
        const stored = file
          ? await host.images.read(host.db, file.userId, file.imageId).catch(() => null)
          : null
        if (!stored) return reply.code(404).send({ error: 'notFound' })
        return reply.type(stored.mime).send(stored.bytes)
      },
    )

    /** A decision's answer: the proof, or the refusal as a 404 or a 409 with its code. */
    const decided = (reply: FastifyReply, result: ProofResult) => {
      if (result.ok) return reply.send({ proof: result.proof, decidedNow: result.decidedNow })
      const { ok: _ok, reason, ...detail } = result
      return reply.code(reason === 'notFound' ? 404 : 409).send({ error: reason, ...detail })
    }

    app.post<{ Params: { ticketId: string } }>(
      `${CONSOLE_API}/repayment-proofs/:ticketId/approve`,
      async (req, reply) => {
        const member = await staffWith(req, reply, 'repayments.review')
        if (!member) return reply
        const id = v.safeParse(RowId, req.params.ticketId)
        if (!id.success) return reply.code(404).send({ error: 'notFound' })
        const body = v.safeParse(ApproveBody, req.body)
        if (!body.success)
          return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
        const rt = loansRuntime(host)
        const result = await approveProof(
          { db: host.db, payments: rt.payments, t: host.t },
          now(),
          member,
          id.output,
          body.output,
        )
        return decided(reply, result)
      },
    )

    app.post<{ Params: { ticketId: string } }>(
      `${CONSOLE_API}/repayment-proofs/:ticketId/reject`,
      async (req, reply) => {
        const member = await staffWith(req, reply, 'repayments.review')
        if (!member) return reply
        const id = v.safeParse(RowId, req.params.ticketId)
        if (!id.success) return reply.code(404).send({ error: 'notFound' })
        const body = v.safeParse(RejectBody, req.body)
        if (!body.success)
          return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
        const result = await rejectProof(
          { db: host.db, payments: loansRuntime(host).payments, t: host.t },
          now(),
          member,
          id.output,
          body.output,
        )
        return decided(reply, result)
      },
    )

    app.get(`${CONSOLE_API}/tickets`, async (req, reply) => {
      const member = await staffWith(req, reply, 'tickets.answer')
      if (!member) return reply
      const query = v.safeParse(InboxQuery, req.query ?? {})
      if (!query.success)
        return reply.code(400).send({ error: 'invalidInput', fields: refused(query.issues) })
      return inboxPage(host.db, member.role, now(), query.output.status, query.output.page)
    })

    app.get<{ Params: { id: string } }>(`${CONSOLE_API}/tickets/:id`, async (req, reply) => {
      const member = await staffWith(req, reply, 'tickets.answer')
      if (!member) return reply
      const id = v.safeParse(TicketId, req.params.id)
      const ticket = id.success ? await consoleTicket(host.db, member.role, now(), id.output) : null
      if (!ticket) return reply.code(404).send({ error: 'notFound' })
      return ticket
    })

    app.get<{ Params: { id: string; fileId: string } }>(
      `${CONSOLE_API}/tickets/:id/files/:fileId`,
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff')
        const member = await staffWith(req, reply, 'tickets.answer')
        if (!member) return reply
        const id = v.safeParse(TicketId, req.params.id)
        const fileId = v.safeParse(TicketId, req.params.fileId)
        const file = id.success && fileId.success ? await ticketFile(host.db, id.output, fileId.output) : null
        const stored = file
          ? await host.images.read(host.db, file.userId, file.imageId).catch(() => null)
          : null
        if (!stored) return reply.code(404).send({ error: 'notFound' })
        return reply.type(stored.mime).send(stored.bytes)
      },
    )

    app.post<{ Params: { id: string } }>(
      `${CONSOLE_API}/tickets/:id/replies`,
      { bodyLimit: REPLY_BODY_MAX_BYTES },
      async (req, reply) => {
        const member = await staffWith(req, reply, 'tickets.answer')
        if (!member) return reply
        const limited = host.limits.rate.hit(
          'console.ticketReply',
          String(member.id),
          REPLIES_PER_MINUTE,
          60_000,
        )
        if (!limited.ok)
          return reply.code(429).header('retry-after', limited.retryAfterSeconds).send({ error: 'tooMany' })
        const id = v.safeParse(TicketId, req.params.id)
        if (!id.success) return reply.code(404).send({ error: 'notFound' })
        const body = v.safeParse(ReplyBody, req.body ?? {})
        if (!body.success)
          return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
        const done = await answerTicket(
          host.db,
          host.images,
          now(),
          member,
          id.output,
          body.output.text,
          body.output.pictures,
        )
        if (!done.ok) return reply.code(done.reason === 'notFound' ? 404 : 409).send({ error: done.reason })
        return { status: done.status, messageId: done.messageId === null ? null : String(done.messageId) }
      },
    )

    app.post<{ Params: { id: string } }>(`${CONSOLE_API}/tickets/:id/status`, async (req, reply) => {
      const member = await staffWith(req, reply, 'tickets.answer')
      if (!member) return reply
      const id = v.safeParse(TicketId, req.params.id)
      if (!id.success) return reply.code(404).send({ error: 'notFound' })
      const body = v.safeParse(StatusBody, req.body ?? {})
      if (!body.success) return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
      const done = await changeTicketStatus(host.db, now(), member, id.output, body.output.status)
      if (!done.ok)
        return reply
          .code(done.reason === 'notFound' ? 404 : 409)
          .send({ error: done.reason, status: done.status })
      return { status: done.status }
    })
  },
}
