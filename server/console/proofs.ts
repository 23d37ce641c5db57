/**
 * Manual repayments in the console (issue 20 item 3). A borrower who paid outside a payment prompt uploads the
 * receipt as a feedback ticket of type 1 ("repaid, bill not updated"); the spec promises it is checked within 48
 * hours. Finance reads the queue (oldest first, with the 48-hour promise and what the loan takes today by the
 * server's own figure), opens the receipts, and approves or rejects:
 *
 * - An approval books the repayment through the SAME path as a provider's callback: a collection transfer of the
 *   `manual` provider (reference MR<ticket id>) taken through the transfer machine to `succeeded`, which the loans
 *   listener books (movement:MR<ticket id>) and which moves the order as the lifecycle machine decides — closed
 *   when it is fully repaid. The ticket's row is locked and its review is one row per ticket, so a second approval,
 *   or two at once, answers the first and books nothing more; one receipt code is approved once, on one ticket.
 * - Never more than owed: an amount above what the loan takes today is refused (the borrower is never charged more
 *   than promised; docs/decisions.md says what finance does with money paid above it).
 * - A rejection answers the ticket with the reason the borrower reads in their thread.
 *
 * Both close the ticket with support's message (its red dot), and both are in the audit log with ids and amounts,
 * never a borrower's personal data.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import {
  PROOF_REVIEW_MS,
  type ProofDetail,
  type ProofItem,
  type ProofReceipt,
  type ProofState,
} from '../../domain/console'
import type { Language } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { OPEN_TRANSFER_STATES } from '../../machines/transfer.machine'
import type { Db, Queryable, Tx } from '../db/client'
import { isUniqueViolation } from '../db/client'
import { users } from '../db/schema/core'
import { feedbackFiles, feedbackTickets } from '../db/schema/feedback'
import { loanOrders, paymentTransfers } from '../db/schema/loans'
import { images } from '../db/schema/profile'
import { repaymentReviews } from '../db/schema/repayment-reviews'
import { supportReply, TicketStatus, type TicketRow } from '../feedback/tickets'
import { languageOf, type Translate } from '../i18n'
import type { OrderRow } from '../loans/lifecycle'
import { repayableToday } from '../loans/service'
import type { Payments } from '../payments/service'
import { appendAudit } from './audit'
import type { StaffMember } from './staff'

/** Feedback type 1: "I repaid and my bill is not updated" — the manual repayment proof. */
export const PROOF_TICKET_TYPE = 1
/** The provider and channel of money finance confirmed from a proof. */
export const MANUAL_PROVIDER = 'manual'
const QUEUE_MAX = 200

/** The transfer reference of a ticket's approval: stable, so booking it twice is booking it once. */
export const proofReference = (ticketId: number) => `MR${ticketId}`

export const receiptUrl = (ticketId: number, fileId: number) =>
  `/console/api/repayment-proofs/${ticketId}/receipts/${fileId}`

type ReviewRow = typeof repaymentReviews.$inferSelect

/** The order a proof is for: the ticket's, else the borrower's latest. */
async function ordersFor(q: Queryable, tickets: readonly TicketRow[]): Promise<Map<number, OrderRow>> {
  const found = new Map<number, OrderRow>()
  const named = tickets.flatMap((t) => (t.loanOrderId === null ? [] : [t.loanOrderId]))
  const byId = named.length ? await q.select().from(loanOrders).where(inArray(loanOrders.id, named)) : []
  const unnamed = [...new Set(tickets.filter((t) => t.loanOrderId === null).map((t) => t.userId))]
  const latest = unnamed.length
    ? await q
        .select()
        .from(loanOrders)
        .where(inArray(loanOrders.userId, unnamed))
        .orderBy(desc(loanOrders.id))
    : []
  for (const t of tickets) {
    const order =
      t.loanOrderId !== null
        ? byId.find((o) => o.id === t.loanOrderId)
        : latest.find((o) => o.userId === t.userId)
    if (order) found.set(t.id, order)
  }
  return found
}

/** What the loan takes today, by the server's own repayment figure; null when it takes no repayment. */
function dueNow(order: OrderRow | undefined, now: Date): number | null {
  return order ? repayableToday(order, now) : null
}

function itemOf(
  t: TicketRow,
  review: ReviewRow | undefined,
  order: OrderRow | undefined,
  receipts: number,
  now: Date,
): ProofItem {
  const reviewBy = new Date(t.createdAt.getTime() + PROOF_REVIEW_MS)
  const state: ProofState = review ? (review.decision as ProofState) : 'waiting'
  return {
    ticketId: String(t.id),
    state,
    orderNo: order?.orderNo ?? null,
    orderStatus: order?.status ?? null,
    currency: order?.currency ?? null,
    dueNowMinor: state === 'waiting' ? dueNow(order, now) : null,
    uploadedAt: t.createdAt.toISOString(),
    reviewBy: reviewBy.toISOString(),
    overdue: state === 'waiting' && now > reviewBy,
    receipts,
    decidedAt: review ? review.decidedAt.toISOString() : null,
    amountMinor: review?.amountMinor ?? null,
  }
}

async function receiptRows(q: Queryable, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return []
  return q
    .select({
      id: feedbackFiles.id,
      ticketId: feedbackFiles.ticketId,
      mime: images.mime,
      sizeBytes: images.sizeBytes,
    })
    .from(feedbackFiles)
    .innerJoin(images, eq(images.id, feedbackFiles.imageId))
    .where(and(inArray(feedbackFiles.ticketId, [...ticketIds]), isNull(feedbackFiles.messageId)))
    .orderBy(asc(feedbackFiles.id))
}

/** The queue: proofs in `state`, waiting ones oldest first (the 48-hour promise), decided ones newest first. */
export async function proofQueue(q: Queryable, now: Date, state: ProofState): Promise<ProofItem[]> {
  const found = await q
    .select({ t: feedbackTickets, r: repaymentReviews })
    .from(feedbackTickets)
    .leftJoin(repaymentReviews, eq(repaymentReviews.ticketId, feedbackTickets.id))
    .where(
      and(
        eq(feedbackTickets.type, PROOF_TICKET_TYPE),
        state === 'waiting' ? isNull(repaymentReviews.ticketId) : eq(repaymentReviews.decision, state),
      ),
    )
    .orderBy(
      state === 'waiting' ? asc(feedbackTickets.createdAt) : desc(repaymentReviews.decidedAt),
      asc(feedbackTickets.id),
    )
    .limit(QUEUE_MAX)
  const tickets = found.map((f) => f.t)
  const orders = await ordersFor(q, tickets)
  const files = await receiptRows(
    q,
    tickets.map((t) => t.id),
  )
  return found.map(({ t, r }) =>
    itemOf(t, r ?? undefined, orders.get(t.id), files.filter((f) => f.ticketId === t.id).length, now),
  )
}

async function detailOf(q: Queryable, now: Date, t: TicketRow): Promise<ProofDetail> {
  const [review] = await q.select().from(repaymentReviews).where(eq(repaymentReviews.ticketId, t.id))
  const orders = await ordersFor(q, [t])
  const files = await receiptRows(q, [t.id])
  const list: ProofReceipt[] = files.map((f) => ({
    fileId: String(f.id),
    contentType: f.mime,
    size: f.sizeBytes,
    url: receiptUrl(t.id, f.id),
  }))
  return {
    ...itemOf(t, review, orders.get(t.id), files.length, now),
    description: t.description,
    receiptsList: list,
    receipt: review?.receipt ?? null,
    reason: review?.reason ?? null,
  }
}

async function proofTicket(q: Queryable, ticketId: number, lock = false): Promise<TicketRow | null> {
  const query = q
    .select()
    .from(feedbackTickets)
    .where(and(eq(feedbackTickets.id, ticketId), eq(feedbackTickets.type, PROOF_TICKET_TYPE)))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function proofDetail(q: Queryable, now: Date, ticketId: number): Promise<ProofDetail | null> {
  const t = await proofTicket(q, ticketId)
  return t ? detailOf(q, now, t) : null
}

/** The image of one of a proof's receipts (owner and image, for server/uploads.ts), or null. */
export async function proofReceiptImage(
  q: Queryable,
  ticketId: number,
  fileId: number,
): Promise<{ userId: number; imageId: number } | null> {
  const [row] = await q
    .select({ userId: feedbackFiles.userId, imageId: feedbackFiles.imageId })
    .from(feedbackFiles)
    .innerJoin(feedbackTickets, eq(feedbackTickets.id, feedbackFiles.ticketId))
    .where(
      and(
        eq(feedbackFiles.id, fileId),
        eq(feedbackFiles.ticketId, ticketId),
        eq(feedbackTickets.type, PROOF_TICKET_TYPE),
      ),
    )
  return row ?? null
}

export type ProofRefusal =
  | { reason: 'notFound' }
  | { reason: 'alreadyDecided'; state: ProofState }
  | { reason: 'noLoan' }
  | { reason: 'notRepayable'; orderStatus: number }
  | { reason: 'aboveBalance'; dueNowMinor: number }
  | { reason: 'receiptUsed' }
  | { reason: 'paymentInProgress' }

export type ProofResult =
  { ok: true; proof: ProofDetail; decidedNow: boolean } | ({ ok: false } & ProofRefusal)

export interface ProofDeps {
  db: Db
  payments: Payments
  t: Translate
}

class Refused extends Error {
  constructor(readonly refusal: ProofRefusal) {
    super(refusal.reason)
  }
}

async function languageOfUser(q: Queryable, userId: number): Promise<{ lang: Language; country: string }> {
  const [u] = await q
    .select({ lang: users.lang, country: users.country })
    .from(users)
    .where(eq(users.id, userId))
  // Stored as the app's `lang` header sent it (en, sw_KE, es_MX).
  const lang = languageOf(u?.lang)
  return { lang, country: u?.country ?? 'TZ' }
}

/**
 * Decides a proof under its ticket's lock: `decide` runs once per ticket, ever; a ticket decided already answers
 * its first decision (an approval asked again) or `alreadyDecided`.
 */
async function underTicketLock(
  deps: ProofDeps,
  now: Date,
  ticketId: number,
  again: ProofState,
  decide: (tx: Tx, t: TicketRow) => Promise<void>,
): Promise<ProofResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const t = await proofTicket(tx, ticketId, true)
      if (!t) throw new Refused({ reason: 'notFound' })
      const [review] = await tx.select().from(repaymentReviews).where(eq(repaymentReviews.ticketId, t.id))
      if (review) {
        if (review.decision === again)
          return { ok: true, proof: await detailOf(tx, now, t), decidedNow: false }
        throw new Refused({ reason: 'alreadyDecided', state: review.decision as ProofState })
      }
      await decide(tx, t)
      const [after] = await tx.select().from(feedbackTickets).where(eq(feedbackTickets.id, t.id))
      return { ok: true, proof: await detailOf(tx, now, after!), decidedNow: true }
    })
  } catch (err) {
    if (err instanceof Refused) return { ok: false, ...err.refusal }
    // The receipt code's unique index: another ticket's approval of the same receipt committed meanwhile.
    if (isUniqueViolation(err)) return { ok: false, reason: 'receiptUsed' }
    throw err
  }
}

/** Approves a proof: books `amountMinor` to the loan as a provider's callback would, once. */
export async function approveProof(
  deps: ProofDeps,
  now: Date,
  member: StaffMember,
  ticketId: number,
  input: { amountMinor: number; reference: string },
): Promise<ProofResult> {
  return underTicketLock(deps, now, ticketId, 'approved', async (tx, t) => {
    const orderQuery = tx
      .select()
      .from(loanOrders)
      .where(t.loanOrderId !== null ? eq(loanOrders.id, t.loanOrderId) : eq(loanOrders.userId, t.userId))
      .orderBy(desc(loanOrders.id))
      .limit(1)
    const [order] = await orderQuery.for('update')
    if (!order) throw new Refused({ reason: 'noLoan' })
    const owed = dueNow(order, now)
    if (owed === null || owed === 0) throw new Refused({ reason: 'notRepayable', orderStatus: order.status })
    if (input.amountMinor > owed) throw new Refused({ reason: 'aboveBalance', dueNowMinor: owed })
    const [used] = await tx
      .select({ ticketId: repaymentReviews.ticketId })
      .from(repaymentReviews)
      .where(and(eq(repaymentReviews.receipt, input.reference), eq(repaymentReviews.decision, 'approved')))
    if (used) throw new Refused({ reason: 'receiptUsed' })
    // A payment prompt still open may be this very money: it settles first (the loan takes one collection at a time).
    const [open] = await tx
      .select({ id: paymentTransfers.id })
      .from(paymentTransfers)
      .where(
        and(
          eq(paymentTransfers.orderId, order.id),
          eq(paymentTransfers.kind, 'collection'),
          inArray(paymentTransfers.state, [...OPEN_TRANSFER_STATES]),
        ),
      )
    if (open) throw new Refused({ reason: 'paymentInProgress' })
    const paid = await deps.payments.receivedOutside(tx, now, {
      orderId: order.id,
      reference: proofReference(t.id),
      purpose: 'repayment',
      provider: MANUAL_PROVIDER,
      channel: MANUAL_PROVIDER,
      account: `ticket:${t.id}`,
      amountMinor: input.amountMinor,
      currency: order.currency,
      receipt: input.reference,
    })
    await tx.insert(repaymentReviews).values({
      ticketId: t.id,
      decision: 'approved',
      orderId: order.id,
      transferId: paid.id,
      amountMinor: input.amountMinor,
      currency: order.currency,
      receipt: input.reference,
      staffId: member.id,
      decidedAt: now,
    })
    const [after] = await tx.select().from(loanOrders).where(eq(loanOrders.id, order.id))
    const closed = after!.closedAt !== null
    const { lang, country } = await languageOfUser(tx, t.userId)
    const amount = formatMoney(input.amountMinor, order.currency, `${lang}-${country}`)
    await answer(
      tx,
      t,
      deps.t(lang, `server.repaymentProof.${closed ? 'closed' : 'approved'}`, {
        amount,
        receipt: input.reference,
      }),
      now,
    )
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'repayment.approved',
      subject: `ticket:${t.id}`,
      before: { state: 'waiting', orderNo: order.orderNo, orderStatus: order.status, dueNowMinor: owed },
      after: {
        state: 'approved',
        orderNo: order.orderNo,
        orderStatus: after!.status,
        transfer: paid.reference,
        amountMinor: input.amountMinor,
        currency: order.currency,
      },
    })
  })
}

/** Rejects a proof with the reason the borrower reads in their ticket. */
export async function rejectProof(
  deps: ProofDeps,
  now: Date,
  member: StaffMember,
  ticketId: number,
  input: { reason: string },
): Promise<ProofResult> {
  return underTicketLock(deps, now, ticketId, 'rejected', async (tx, t) => {
    await tx.insert(repaymentReviews).values({
      ticketId: t.id,
      decision: 'rejected',
      orderId: t.loanOrderId,
      reason: input.reason,
      staffId: member.id,
      decidedAt: now,
    })
    const { lang } = await languageOfUser(tx, t.userId)
    await answer(tx, t, deps.t(lang, 'server.repaymentProof.rejected', { reason: input.reason }), now)
    // The reason is finance's words to the borrower: its length is audited, not its text (it may quote them).
    await appendAudit(tx, now, {
      staffId: member.id,
      action: 'repayment.rejected',
      subject: `ticket:${t.id}`,
      before: { state: 'waiting' },
      after: { state: 'rejected', reasonLength: input.reason.length },
    })
  })
}

/** Support's message on the ticket, which closes it and lights the borrower's red dot. */
async function answer(tx: Tx, t: TicketRow, content: string, now: Date): Promise<void> {
  await supportReply(tx, { ticketId: t.id, content, status: TicketStatus.Done }, now)
}
