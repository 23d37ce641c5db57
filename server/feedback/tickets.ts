/**
 * Feedback tickets: reading and writing tickets, their messages and their receipt images, and the views the API
 * answers with. Statuses (spec §3): 1 submitted and 2 in progress — both "platform processing" — 3 support asked
 * the borrower something ("I need to reply"), 4 done. A borrower's message on a ticket at 3 hands it back to the
 * platform (2); a done ticket takes no more messages and can be rated once. Support's reply (or resolution) after
 * the borrower last opened the ticket is its red dot.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type {
  FeedbackDetail,
  FeedbackItem,
  FeedbackMessage,
  Page,
  UploadedFile,
} from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { FeedbackStatusCode, FeedbackTypeCode } from '../../domain/enums'
import { normalizeMobile, toE164 } from '../../domain/phone'
import type { FeedbackContactTime } from '../../domain/schemas/feedback'
import type { Queryable } from '../db/client'
import { feedbackFiles, feedbackMessages, feedbackTickets, type FeedbackAuthor } from '../db/schema/feedback'
import { images } from '../db/schema/profile'
import { fail } from '../envelope'

export type TicketRow = typeof feedbackTickets.$inferSelect

export const TicketStatus = { Submitted: 1, InProgress: 2, NeedReply: 3, Done: 4 } as const

/** Where a borrower fetches one of their images (with their token). */
export const FILE_ROUTE = '/feedback/files/'

/** A wire id ('42') as a row id, or null. */
export const rowId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null)

/** The first words of a description, for the list. */
export function summarize(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** A phone number is kept in E.164; an e-mail address trimmed and in lower case. */
export function normalizeContact(country: CountryCode, contact: string): string {
  const mobile = normalizeMobile(country, contact)
  return mobile ? `+${toE164(country, mobile)}` : contact.trim().toLowerCase()
}

const isUnread = (t: Pick<TicketRow, 'supportRepliedAt' | 'borrowerReadAt'>) =>
  t.supportRepliedAt !== null && (t.borrowerReadAt === null || t.supportRepliedAt > t.borrowerReadAt)

export function itemView(t: TicketRow): FeedbackItem {
  return {
    feedbackId: String(t.id),
    type: t.type as FeedbackTypeCode,
    status: t.status as FeedbackStatusCode,
    summary: summarize(t.description),
    createTime: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    unread: isUnread(t),
    rating: t.rating,
  }
}

interface FileRow {
  id: number
  messageId: number | null
  mime: string
  sizeBytes: number
}

export const fileView = (f: FileRow): UploadedFile => ({
  fileId: String(f.id),
  url: `${FILE_ROUTE}${f.id}`,
  contentType: f.mime,
  size: f.sizeBytes,
})

/** The borrower's ticket, or FeedbackNotFound. */
export async function ownTicket(
  q: Queryable,
  userId: number,
  feedbackId: string,
  lock = false,
): Promise<TicketRow> {
  const id = rowId(feedbackId)
  if (id === null) fail(ApiCode.FeedbackNotFound)
  const query = q
    .select()
    .from(feedbackTickets)
    .where(and(eq(feedbackTickets.id, id), eq(feedbackTickets.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) fail(ApiCode.FeedbackNotFound)
  return row
}

/** Records an uploaded image as an unattached file of the borrower. */
export async function addFile(q: Queryable, userId: number, imageId: number, now: Date): Promise<number> {
  const [row] = await q
    .insert(feedbackFiles)
    .values({ userId, imageId, createdAt: now })
    .returning({ id: feedbackFiles.id })
  return row!.id
}

/** How many of the borrower's uploads wait to be attached. */
export async function pendingFiles(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(feedbackFiles)
    .where(and(eq(feedbackFiles.userId, userId), isNull(feedbackFiles.ticketId)))
  return row?.n ?? 0
}

/**
 * Attaches the listed uploads to a ticket (and a message). Each must be an unattached upload of this borrower,
 * else FeedbackFileUnknown and nothing is attached.
 */
export async function attachFiles(
  q: Queryable,
  userId: number,
  fileIds: readonly string[],
  target: { ticketId: number; messageId: number | null },
  now: Date,
): Promise<void> {
  const ids = [...new Set(fileIds)].map(rowId)
  if (ids.length === 0) return
  if (ids.some((id) => id === null)) fail(ApiCode.FeedbackFileUnknown)
  const attached = await q
    .update(feedbackFiles)
    .set({ ticketId: target.ticketId, messageId: target.messageId, attachedAt: now })
    .where(
      and(
        inArray(feedbackFiles.id, ids as number[]),
        eq(feedbackFiles.userId, userId),
        isNull(feedbackFiles.ticketId),
      ),
    )
    .returning({ id: feedbackFiles.id })
  // Inside the caller's transaction: the refusal rolls the partial attachment back.
  if (attached.length !== ids.length) fail(ApiCode.FeedbackFileUnknown)
}

async function ticketFiles(q: Queryable, ticketId: number): Promise<FileRow[]> {
  return q
    .select({
      id: feedbackFiles.id,
      messageId: feedbackFiles.messageId,
      mime: images.mime,
      sizeBytes: images.sizeBytes,
    })
    .from(feedbackFiles)
    .innerJoin(images, eq(images.id, feedbackFiles.imageId))
    .where(eq(feedbackFiles.ticketId, ticketId))
    .orderBy(asc(feedbackFiles.id))
}

function messageViews(
  rows: (typeof feedbackMessages.$inferSelect)[],
  files: readonly FileRow[],
): FeedbackMessage[] {
  return rows.map((m) => ({
    messageId: String(m.id),
    from: m.author as FeedbackAuthor,
    content: m.content,
    attachments: files.filter((f) => f.messageId === m.id).map(fileView),
    createTime: m.createdAt.toISOString(),
  }))
}

/** The borrower opened the ticket: its red dot goes out. */
export async function markRead(q: Queryable, ticketId: number, now: Date): Promise<void> {
  await q.update(feedbackTickets).set({ borrowerReadAt: now }).where(eq(feedbackTickets.id, ticketId))
}

export async function ticketDetail(q: Queryable, t: TicketRow): Promise<FeedbackDetail> {
  const files = await ticketFiles(q, t.id)
  const messages = await q
    .select()
    .from(feedbackMessages)
    .where(eq(feedbackMessages.ticketId, t.id))
    .orderBy(asc(feedbackMessages.id))
  return {
    ...itemView(t),
    description: t.description,
    receiverAccount: t.receiverAccount,
    contact: t.contact,
    contactTime: t.contactTime as FeedbackContactTime,
    receipts: files.filter((f) => f.messageId === null).map(fileView),
    loanOrderId: t.loanOrderId === null ? null : String(t.loanOrderId),
    messages: messageViews(messages, files),
    canRate: t.status === TicketStatus.Done && t.rating === null,
  }
}

export async function messagePage(
  q: Queryable,
  ticketId: number,
  page: number,
  pageSize: number,
): Promise<Page<FeedbackMessage>> {
  const [total] = await q
    .select({ n: count() })
    .from(feedbackMessages)
    .where(eq(feedbackMessages.ticketId, ticketId))
  const rows = await q
    .select()
    .from(feedbackMessages)
    .where(eq(feedbackMessages.ticketId, ticketId))
    .orderBy(asc(feedbackMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { items: messageViews(rows, await ticketFiles(q, ticketId)), page, pageSize, total: total?.n ?? 0 }
}

/** Wire statuses 1 and 2 both mean "platform processing", so a filter on either lists both. */
const STATUS_GROUPS: Readonly<Record<FeedbackStatusCode, number[]>> = { 1: [1, 2], 2: [1, 2], 3: [3], 4: [4] }

export async function ticketPage(
  q: Queryable,
  userId: number,
  status: FeedbackStatusCode | undefined,
  page: number,
  pageSize: number,
): Promise<Page<FeedbackItem>> {
  const where = and(
    eq(feedbackTickets.userId, userId),
    status ? inArray(feedbackTickets.status, STATUS_GROUPS[status]) : undefined,
  )
  const [total] = await q.select({ n: count() }).from(feedbackTickets).where(where)
  const rows = await q
    .select()
    .from(feedbackTickets)
    .where(where)
    .orderBy(desc(feedbackTickets.updatedAt), desc(feedbackTickets.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { items: rows.map(itemView), page, pageSize, total: total?.n ?? 0 }
}

/** Tickets with a reply the borrower has not read. */
export async function unreadCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(feedbackTickets)
    .where(
      and(
        eq(feedbackTickets.userId, userId),
        isNotNull(feedbackTickets.supportRepliedAt),
        or(
          isNull(feedbackTickets.borrowerReadAt),
          gt(feedbackTickets.supportRepliedAt, feedbackTickets.borrowerReadAt),
        ),
      ),
    )
  return row?.n ?? 0
}

export async function ticketsCreatedSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(feedbackTickets)
    .where(and(eq(feedbackTickets.userId, userId), gt(feedbackTickets.createdAt, since)))
  return row?.n ?? 0
}

export async function addMessage(
  q: Queryable,
  ticketId: number,
  author: FeedbackAuthor,
  content: string,
  now: Date,
): Promise<number> {
  const [row] = await q
    .insert(feedbackMessages)
    .values({ ticketId, author, content, createdAt: now })
    .returning({ id: feedbackMessages.id })
  return row!.id
}

/** Rates a done, unrated ticket; FeedbackNotRateable otherwise. */
export async function rateTicket(q: Queryable, t: TicketRow, rating: number, now: Date): Promise<void> {
  const rated = await q
    .update(feedbackTickets)
    .set({ rating, ratedAt: now })
    .where(
      and(
        eq(feedbackTickets.id, t.id),
        eq(feedbackTickets.status, TicketStatus.Done),
        isNull(feedbackTickets.rating),
      ),
    )
    .returning({ id: feedbackTickets.id })
  if (rated.length === 0) fail(ApiCode.FeedbackNotRateable, undefined, { status: t.status, rating: t.rating })
}

export interface SupportReply {
  ticketId: number
  /** The reply shown to the borrower; optional when only the status changes. */
  content?: string
  /** 2 in progress, 3 the borrower must answer (default with a reply), 4 done. */
  status?: 2 | 3 | 4
}

export class SupportReplyError extends Error {
  constructor(
    readonly reason: 'notFound' | 'empty' | 'rated',
    message: string,
  ) {
    super(message)
  }
}

/**
 * The platform answers a ticket: adds support's message and/or moves its status. The lender's help desk calls this
 * (or the development endpoint POST /dev/feedback/reply in demo and test mode). A reply, or resolving the ticket,
 * lights the borrower's red dot.
 */
export async function supportReply(
  q: Queryable,
  reply: SupportReply,
  now: Date,
): Promise<{ status: number; messageId: number | null }> {
  const content = reply.content?.trim() ?? ''
  if (!content && reply.status === undefined)
    throw new SupportReplyError('empty', 'Give a reply, a status or both')
  return q.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(feedbackTickets)
      .where(eq(feedbackTickets.id, reply.ticketId))
      .for('update')
    if (!t) throw new SupportReplyError('notFound', 'No such ticket')
    const status = reply.status ?? (content ? TicketStatus.NeedReply : t.status)
    if (t.rating !== null && status !== TicketStatus.Done)
      throw new SupportReplyError('rated', 'A rated ticket stays done')
    const messageId = content ? await addMessage(tx, t.id, 'support', content, now) : null
    const notify = content !== '' || (status === TicketStatus.Done && t.status !== TicketStatus.Done)
    await tx
      .update(feedbackTickets)
      .set({ status, updatedAt: now, ...(notify ? { supportRepliedAt: now } : {}) })
      .where(eq(feedbackTickets.id, t.id))
    return { status, messageId }
  })
}

/** Unattached uploads older than `before` (abandoned forms), oldest first. */
export async function abandonedFiles(q: Queryable, before: Date, limit: number) {
  return q
    .select({ userId: feedbackFiles.userId, imageId: feedbackFiles.imageId })
    .from(feedbackFiles)
    .where(and(isNull(feedbackFiles.ticketId), lt(feedbackFiles.createdAt, before)))
    .orderBy(asc(feedbackFiles.createdAt))
    .limit(limit)
}
