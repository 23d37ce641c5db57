/**
 * The support inbox (issue 20 item 2): the borrowers' feedback tickets by status and age with their SLA (an answer
 * within TICKET_SLA_MS of the ticket's opening or the borrower's latest message, whichever is later), a ticket's
 * thread with its receipts, support's reply and status changes. A reply goes through the same code as the
 * development endpoint (server/feedback/tickets.ts `supportReply`), which sets status 3 and the borrower's red dot.
 * Who the borrower is, is masked by role (roles.ts `shownTo`); replies and status changes are audited by ids only.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type {
  ConsoleTicket,
  ConsoleTicketFile,
  InboxFilter,
  InboxPage,
  InboxTicket,
} from '../../domain/console-inbox'
import { INBOX_PAGE_SIZE, TICKET_SLA_MS, TICKET_TRANSITIONS } from '../../domain/console-inbox'
import type { FeedbackStatusCode, FeedbackTypeCode } from '../../domain/enums'
import type { Queryable } from '../db/client'
import { users } from '../db/schema/core'
import { feedbackFiles, feedbackMessages, feedbackTickets } from '../db/schema/feedback'
import { loanOrders } from '../db/schema/loans'
import { profiles } from '../db/schema/profile'
import type { StaffRole } from '../db/schema/staff'
import { summarize, supportReply, ticketDetail, TicketStatus } from '../feedback/tickets'
import type { ImageStore, UploadedImage } from '../uploads'
import { appendAudit } from './audit'
import { nameOf } from './loans'
import { maskTail, shownTo } from './roles'
import type { StaffMember } from './staff'

const STATUSES: Readonly<Record<InboxFilter, number[]>> = { open: [1, 2], waiting: [3], done: [4] }

/** The platform owes an answer on tickets at 1 and 2 only. */
const owed = (status: number) => status === TicketStatus.Submitted || status === TicketStatus.InProgress

/** The borrower's latest message on the ticket, in SQL. */
const lastBorrowerSql = sql<Date | string | null>`(SELECT max(m.created_at) FROM ${feedbackMessages} m
  WHERE m.ticket_id = ${feedbackTickets.id} AND m.author = 'borrower')`
/** Where the SLA counts from: the opening or the borrower's latest message, whichever is later. */
const slaFromSql = sql`greatest(${feedbackTickets.createdAt}, coalesce(${lastBorrowerSql}, ${feedbackTickets.createdAt}))`

const asDate = (v: Date | string | null | undefined): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(v)

/** A contact as `role` may see it: a phone number like a mobile, an e-mail address with its local part masked. */
function contactShownTo(role: StaffRole, contact: string): string {
  if (role === 'admin') return contact
  const at = contact.indexOf('@')
  if (at > 0) return `${maskTail(contact.slice(0, at), 1).replace(/\*+/, '***')}${contact.slice(at)}`
  return shownTo(role, 'mobile', contact)
}

interface Row {
  t: typeof feedbackTickets.$inferSelect
  mobile: string
  basicInfo: unknown
  lastBorrowerAt: Date | string | null
}

function inboxView(role: StaffRole, now: Date, r: Row): InboxTicket {
  const last = asDate(r.lastBorrowerAt)
  const from = last && last > r.t.createdAt ? last : r.t.createdAt
  const due = owed(r.t.status) ? new Date(from.getTime() + TICKET_SLA_MS) : null
  const name = nameOf(r.basicInfo)
  return {
    ticketId: String(r.t.id),
    type: r.t.type as FeedbackTypeCode,
    status: r.t.status as FeedbackStatusCode,
    summary: summarize(r.t.description),
    borrowerName: name === null ? null : shownTo(role, 'name', name),
    borrowerMobile: shownTo(role, 'mobile', r.mobile),
    createdAt: r.t.createdAt.toISOString(),
    updatedAt: r.t.updatedAt.toISOString(),
    lastBorrowerAt: last ? last.toISOString() : null,
    dueAt: due ? due.toISOString() : null,
    overdue: due !== null && due <= now,
  }
}

const ticketRows = (q: Queryable) =>
  q
    .select({
      t: feedbackTickets,
      mobile: users.mobile,
      basicInfo: profiles.basicInfo,
      lastBorrowerAt: lastBorrowerSql,
    })
    .from(feedbackTickets)
    .innerJoin(users, eq(users.id, feedbackTickets.userId))
    .leftJoin(profiles, eq(profiles.userId, feedbackTickets.userId))

/** One page of the inbox: open tickets the soonest due first; the others the longest untouched first. */
export async function inboxPage(
  q: Queryable,
  role: StaffRole,
  now: Date,
  filter: InboxFilter,
  page: number,
): Promise<InboxPage> {
  const where = inArray(feedbackTickets.status, STATUSES[filter])
  const [total] = await q.select({ n: count() }).from(feedbackTickets).where(where)
  const rows = await ticketRows(q)
    .where(where)
    .orderBy(filter === 'open' ? asc(slaFromSql) : asc(feedbackTickets.updatedAt), asc(feedbackTickets.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE)
  return {
    now: now.toISOString(),
    filter,
    page,
    pageSize: INBOX_PAGE_SIZE,
    total: total?.n ?? 0,
    tickets: rows.map((r) => inboxView(role, now, r)),
  }
}

/** Where staff fetch a ticket's image (with their bearer token). */
export const consoleFileUrl = (ticketId: number, fileId: string) =>
  `/console/api/tickets/${ticketId}/files/${fileId}`

/** The ticket with its thread and receipts as `role` may see it; null when there is none. */
export async function consoleTicket(
  q: Queryable,
  role: StaffRole,
  now: Date,
  ticketId: number,
): Promise<ConsoleTicket | null> {
  const [row] = await ticketRows(q).where(eq(feedbackTickets.id, ticketId))
  if (!row) return null
  const detail = await ticketDetail(q, row.t)
  const [order] =
    row.t.loanOrderId === null
      ? []
      : await q
          .select({ orderNo: loanOrders.orderNo })
          .from(loanOrders)
          .where(eq(loanOrders.id, row.t.loanOrderId))
  const file = (f: { fileId: string; contentType: string; size: number }): ConsoleTicketFile => ({
    fileId: f.fileId,
    url: consoleFileUrl(ticketId, f.fileId),
    contentType: f.contentType,
    size: f.size,
  })
  return {
    ...inboxView(role, now, row),
    description: detail.description,
    receiverAccount: detail.receiverAccount === null ? null : shownTo(role, 'wallet', detail.receiverAccount),
    contact: contactShownTo(role, detail.contact),
    contactTime: detail.contactTime,
    orderNo: order?.orderNo ?? null,
    rating: row.t.rating,
    receipts: detail.receipts.map(file),
    messages: detail.messages.map((m) => ({
      messageId: m.messageId,
      from: m.from,
      content: m.content,
      attachments: m.attachments.map(file),
      createdAt: m.createTime,
    })),
    nextStatuses: [...TICKET_TRANSITIONS[row.t.status as FeedbackStatusCode]].filter(
      (s) => row.t.rating === null || s === TicketStatus.Done,
    ),
  }
}

/** The owner and stored image of a ticket's file, or null. */
export async function ticketFile(
  q: Queryable,
  ticketId: number,
  fileId: number,
): Promise<{ userId: number; imageId: number } | null> {
  const [f] = await q
    .select({ userId: feedbackFiles.userId, imageId: feedbackFiles.imageId })
    .from(feedbackFiles)
    .where(and(eq(feedbackFiles.id, fileId), eq(feedbackFiles.ticketId, ticketId)))
  return f ?? null
}

export type TicketChange =
  | { ok: true; status: number; messageId: number | null }
  | { ok: false; reason: 'notFound' | 'notAllowed'; status?: number }

/**
 * Support answers: the message with its pictures, status 3 and the borrower's red dot, and `ticket.answered` — in
 * one transaction. The pictures are stored as the borrower's images of kind 'support' and attached to the message,
 * so the borrower's app shows and fetches them like their own (GET /feedback/files/:id).
 */
export async function answerTicket(
  q: Queryable,
  store: ImageStore,
  now: Date,
  member: StaffMember,
  ticketId: number,
  text: string,
  pictures: readonly UploadedImage[] = [],
): Promise<TicketChange> {
  return q.transaction(async (tx) => {
    const [t] = await tx.select().from(feedbackTickets).where(eq(feedbackTickets.id, ticketId)).for('update')
    if (!t) return { ok: false, reason: 'notFound' } as const
    // A rated ticket stays done (supportReply refuses it too); say so before trying.
    if (t.rating !== null) return { ok: false, reason: 'notAllowed', status: t.status } as const
    const done = await supportReply(tx, { ticketId, content: text, status: TicketStatus.NeedReply }, now)
    const fileIds: number[] = []
    for (const picture of pictures) {
      const stored = await store.save(tx, t.userId, 'support', picture, now)
      const [file] = await tx
        .insert(feedbackFiles)
        .values({
          userId: t.userId,
          imageId: stored.id,
          ticketId,
          messageId: done.messageId,
          createdAt: now,
          attachedAt: now,
        })
        .returning({ id: feedbackFiles.id })
      fileIds.push(file!.id)
    }
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'ticket.answered',
      subject: `ticket:${ticketId}`,
      before: { status: t.status },
      after: { status: done.status, messageId: done.messageId, fileIds },
    })
    return { ok: true, status: done.status, messageId: done.messageId } as const
  })
}

/** Moves a ticket along TICKET_TRANSITIONS (a rated ticket stays done), audited as `ticket.status`. */
export async function changeTicketStatus(
  q: Queryable,
  now: Date,
  member: StaffMember,
  ticketId: number,
  status: FeedbackStatusCode,
): Promise<TicketChange> {
  return q.transaction(async (tx) => {
    const [t] = await tx.select().from(feedbackTickets).where(eq(feedbackTickets.id, ticketId)).for('update')
    if (!t) return { ok: false, reason: 'notFound' } as const
    const allowed = TICKET_TRANSITIONS[t.status as FeedbackStatusCode].includes(status)
    if (!allowed || (t.rating !== null && status !== TicketStatus.Done))
      return { ok: false, reason: 'notAllowed', status: t.status } as const
    const done = await supportReply(tx, { ticketId, status: status as 2 | 4 }, now)
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'ticket.status',
      subject: `ticket:${ticketId}`,
      before: { status: t.status },
      after: { status: done.status },
    })
    return { ok: true, status: done.status, messageId: null } as const
  })
}
