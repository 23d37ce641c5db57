/**
 * Feedback tickets (spec §3, §5, §7 /feedback/*): receipt uploads, opening a ticket, messages both ways, the red dot
 * for unread replies, and rating a resolved ticket. Also:
 * - GET /feedback/files/<fileId> — an uploaded image, only to its owner's session (Authorization: Bearer);
 * - POST /dev/feedback/reply — demo and test mode only: the "platform" answers a ticket (server/feedback/tickets.ts
 *   `supportReply`, which a lender's help desk calls in production);
 * - a recurring job that deletes uploads never attached to a ticket (abandoned forms) after a day.
 *
 * Receipts: JPEG, PNG or WebP by their first bytes, at most 20 MB (the dispatcher checks both), stored in the
 * private image store; at most config.maxReceipts per ticket or message (decisions.md: 3).
 *
 * Quotas per borrower (config.quotas, issue 14): uploads waiting to be attached, receipt uploads a day and the bytes
 * of receipts kept in all (2204 beyond either), tickets a day and messages a day (1005).
 */
import type { FastifyInstance } from 'fastify'
import { and, eq, gt, sql } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { UploadedFile } from '../../domain/api-types'
import { FEEDBACK_MESSAGE_MAX } from '../../domain/schemas/feedback'
import { bearerToken, resolveSession } from '../accounts/sessions'
import { devEndpointsEnabled } from '../config'
import type { CallRequest, ModuleHost, RequestContextLoader, ServerContext, ServerModule } from '../context'
import type { Queryable } from '../db/client'
import { feedbackFiles, feedbackMessages, feedbackTickets } from '../db/schema/feedback'
import { codeMessageKey, envelope, fail } from '../envelope'
import { languageOf } from '../i18n'
import { ownOrder } from '../content/orders'
import {
  abandonedFiles,
  addFile,
  addMessage,
  attachFiles,
  FILE_ROUTE,
  fileView,
  markRead,
  messagePage,
  normalizeContact,
  ownTicket,
  pendingFiles,
  rateTicket,
  rowId,
  supportReply,
  SupportReplyError,
  ticketDetail,
  ticketPage,
  ticketsCreatedSince,
  TicketStatus,
  unreadCount,
} from './tickets'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

export interface FeedbackOptions {
  /** Uploads a borrower may have waiting to be attached (default config.quotas.pendingReceipts: 10). */
  maxPendingUploads?: number
  /** Tickets a borrower may open in 24 hours (default config.quotas.ticketsPerDay: 10). */
  maxTicketsPerDay?: number
  /** Messages a borrower may leave in 24 hours (default config.quotas.messagesPerDay: 50). */
  maxMessagesPerDay?: number
  /** Uploads never attached are deleted after this (default one day). */
  abandonedAfterMs?: number
}

/** The receipt cap the request schemas check (config.maxReceipts). */
const receiptCap: RequestContextLoader = async (_call, ctx) => ({ maxReceipts: ctx.config.maxReceipts })

const userOf = (req: CallRequest) => req.session!.userId

/** Serialises one borrower's uploads (or ticket creations), so two requests at once cannot both pass a limit. */
const sqlLock = (key: string) => sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`

async function upload(req: CallRequest, ctx: ServerContext, maxPending: number): Promise<UploadedFile> {
  const userId = userOf(req)
  const image = req.image!
  const now = ctx.clock.now()
  const quotas = ctx.config.quotas
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sqlLock(`kopa.feedback.upload.${userId}`))
    if ((await pendingFiles(tx, userId)) >= maxPending) fail(ApiCode.FeedbackUploadLimit)
    // What one borrower may keep on the server's disk: receipts a day, and their bytes all together.
    const kept = await ctx.images.usage(tx, userId, 'receipt', new Date(now.getTime() - DAY))
    if (
      kept.since >= quotas.receiptUploadsPerDay ||
      kept.bytes + image.bytes.length > quotas.receiptBytesPerBorrower
    )
      fail(ApiCode.FeedbackUploadLimit)
    const stored = await ctx.images.save(tx, userId, 'receipt', image, now)
    const fileId = await addFile(tx, userId, stored.id, now)
    return fileView({ id: fileId, messageId: null, mime: stored.mime, sizeBytes: stored.sizeBytes })
  })
}

/** Messages the borrower left on any of their tickets since `since`. */
async function messagesSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(feedbackMessages)
    .innerJoin(feedbackTickets, eq(feedbackTickets.id, feedbackMessages.ticketId))
    .where(
      and(
        eq(feedbackTickets.userId, userId),
        eq(feedbackMessages.author, 'borrower'),
        gt(feedbackMessages.createdAt, since),
      ),
    )
  return Number(row?.n ?? 0)
}

/** GET /feedback/files/<fileId>: the bytes of one of the session's own images. */
function mountFileRoute(app: FastifyInstance, ctx: ServerContext) {
  app.get<{ Params: { fileId: string } }>(`${FILE_ROUTE}:fileId`, async (req, reply) => {
    await ctx.clock.current()
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff')
    const lang = languageOf(req.headers.lang)
    const session = await resolveSession(ctx.db, bearerToken(req.headers.authorization), ctx.clock.now())
    if (typeof session === 'number') {
      return reply.code(401).send(envelope(session, ctx.t(lang, codeMessageKey(session)), null))
    }
    const id = rowId(req.params.fileId)
    const [file] =
      id === null
        ? []
        : await ctx.db
            .select({ imageId: feedbackFiles.imageId })
            .from(feedbackFiles)
            .where(and(eq(feedbackFiles.id, id), eq(feedbackFiles.userId, session.userId)))
    const stored = file ? await ctx.images.read(ctx.db, session.userId, file.imageId).catch(() => null) : null
    if (!stored) {
      const code = ApiCode.FeedbackFileUnknown
      return reply.code(404).send(envelope(code, ctx.t(lang, codeMessageKey(code)), null))
    }
    return reply.type(stored.mime).send(stored.bytes)
  })
}

/** POST /dev/feedback/reply { feedbackId, content?, status? } (demo and test mode only). */
function mountDevReply(app: FastifyInstance, ctx: ServerContext) {
  app.post('/dev/feedback/reply', async (req, reply) => {
    const body = (req.body ?? {}) as { feedbackId?: unknown; content?: unknown; status?: unknown }
    const ticketId = rowId(String(body.feedbackId ?? ''))
    const content = body.content
    const status = body.status
    if (
      ticketId === null ||
      (content !== undefined && (typeof content !== 'string' || content.length > FEEDBACK_MESSAGE_MAX)) ||
      (status !== undefined && status !== 2 && status !== 3 && status !== 4)
    ) {
      return reply.code(400).send({
        error: `Send { feedbackId, content?, status? }: content up to ${FEEDBACK_MESSAGE_MAX} characters, status 2, 3 or 4`,
      })
    }
    await ctx.clock.current()
    try {
      const done = await supportReply(
        ctx.db,
        {
          ticketId,
          ...(content !== undefined ? { content } : {}),
          ...(status !== undefined ? { status } : {}),
        },
        ctx.clock.now(),
      )
      return {
        feedbackId: String(ticketId),
        status: done.status,
        messageId: done.messageId === null ? null : String(done.messageId),
      }
    } catch (err) {
      if (!(err instanceof SupportReplyError)) throw err
      const code = err.reason === 'notFound' ? 404 : err.reason === 'rated' ? 409 : 400
      return reply.code(code).send({ error: err.message })
    }
  })
}

export function createFeedbackModule(options: FeedbackOptions = {}): ServerModule {
  const abandonedAfter = options.abandonedAfterMs ?? DAY
  return {
    name: 'feedback',
    register(host: ModuleHost) {
      const maxPending = options.maxPendingUploads ?? host.config.quotas.pendingReceipts
      const maxPerDay = options.maxTicketsPerDay ?? host.config.quotas.ticketsPerDay
      const maxMessagesPerDay = options.maxMessagesPerDay ?? host.config.quotas.messagesPerDay
      host.registerHandler('/feedback/upload/credential', (req, ctx) => upload(req, ctx, maxPending))
      host.registerHandler('/feedback/uploadFile', (req, ctx) => upload(req, ctx, maxPending))

      host.registerHandler(
        '/feedback/create',
        async (req, ctx) => {
          const session = req.session!
          const input = req.input
          const now = ctx.clock.now()
          const id = await ctx.db.transaction(async (tx) => {
            await tx.execute(sqlLock(`kopa.feedback.create.${session.userId}`))
            if ((await ticketsCreatedSince(tx, session.userId, new Date(now.getTime() - DAY))) >= maxPerDay)
              fail(ApiCode.RateLimited)
            let loanOrderId: number | null = null
            if (input.loanOrderId !== undefined) {
              const order = await ownOrder(tx, session.userId, input.loanOrderId)
              if (!order) fail(ApiCode.LoanOrderNotFound)
              loanOrderId = order.id
            }
            const [ticket] = await tx
              .insert(feedbackTickets)
              .values({
                userId: session.userId,
                type: input.type,
                description: input.description.trim(),
                receiverAccount: input.receiverAccount?.trim() || null,
                contact: normalizeContact(session.country, input.contact),
                contactTime: input.contactTime,
                loanOrderId,
                status: TicketStatus.Submitted,
                createdAt: now,
                updatedAt: now,
              })
              .returning({ id: feedbackTickets.id })
            await attachFiles(
              tx,
              session.userId,
              input.receipts,
              { ticketId: ticket!.id, messageId: null },
              now,
            )
            return ticket!.id
          })
          return { feedbackId: String(id) }
        },
        { requestContext: receiptCap },
      )

      host.registerHandler(
        '/feedback/add/leaveMsg',
        async (req, ctx) => {
          const userId = userOf(req)
          const now = ctx.clock.now()
          const messageId = await ctx.db.transaction(async (tx) => {
            const ticket = await ownTicket(tx, userId, req.input.feedbackId, true)
            if (ticket.status === TicketStatus.Done) fail(ApiCode.FeedbackClosed)
            if ((await messagesSince(tx, userId, new Date(now.getTime() - DAY))) >= maxMessagesPerDay)
              fail(ApiCode.RateLimited)
            const id = await addMessage(tx, ticket.id, 'borrower', req.input.content.trim(), now)
            await attachFiles(tx, userId, req.input.attachments, { ticketId: ticket.id, messageId: id }, now)
            await tx
              .update(feedbackTickets)
              .set({
                status: ticket.status === TicketStatus.NeedReply ? TicketStatus.InProgress : ticket.status,
                updatedAt: now,
                borrowerReadAt: now,
              })
              .where(eq(feedbackTickets.id, ticket.id))
            return id
          })
          return { messageId: String(messageId) }
        },
        { requestContext: receiptCap },
      )

      host.registerHandler('/feedback/list/feedback', async (req, ctx) =>
        ticketPage(ctx.db, userOf(req), req.input.status, req.input.page, req.input.pageSize),
      )

      host.registerHandler('/feedback/detail', async (req, ctx) => {
        const ticket = await ownTicket(ctx.db, userOf(req), req.input.feedbackId)
        const now = ctx.clock.now()
        await markRead(ctx.db, ticket.id, now)
        return ticketDetail(ctx.db, { ...ticket, borrowerReadAt: now })
      })

      host.registerHandler('/feedback/list/leave-message', async (req, ctx) => {
        const ticket = await ownTicket(ctx.db, userOf(req), req.input.feedbackId)
        await markRead(ctx.db, ticket.id, ctx.clock.now())
        return messagePage(ctx.db, ticket.id, req.input.page, req.input.pageSize)
      })

      host.registerHandler('/feedback/red-dot-marker', async (req, ctx) => ({
        unread: await unreadCount(ctx.db, userOf(req)),
      }))

      host.registerHandler('/feedback/submit-rating', async (req, ctx) => {
        const ticket = await ownTicket(ctx.db, userOf(req), req.input.feedbackId)
        await rateTicket(ctx.db, ticket, req.input.rating, ctx.clock.now())
        return {}
      })

      mountFileRoute(host.fastify, host)
      if (devEndpointsEnabled(host.config)) mountDevReply(host.fastify, host)

      host.jobs.every('feedback.discard-abandoned', HOUR, async (_payload, job) => {
        const stale = await abandonedFiles(job.tx, new Date(job.now.getTime() - abandonedAfter), 500)
        const byUser = new Map<number, number[]>()
        for (const f of stale) byUser.set(f.userId, [...(byUser.get(f.userId) ?? []), f.imageId])
        const names: string[] = []
        for (const [userId, imageIds] of byUser)
          names.push(...(await host.images.forget(job.tx, userId, imageIds)))
        await host.images.removeFiles(names)
      })
    },
  }
}

export const feedbackModule = createFeedbackModule()
