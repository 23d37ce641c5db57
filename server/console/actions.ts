/**
 * The console's actions on money (issue 20 items 4 and 6): cancel an order not yet confirmed, waive a penalty,
 * write off an overdue loan, resolve a receipt waiting in suspense. Each one:
 *   - is allowed by the order lifecycle machine (a status change goes through `moveOrder`, which asks `decide`;
 *     a waiver changes no status and needs the `canRepay` tag and a penalty due), and by the member's role;
 *   - runs in one transaction with the order (or the receipt's entry) locked FOR UPDATE, so two members acting at
 *     once do it once and the second is refused with what the first left;
 *   - is done once per `requestId` (server/idempotency.ts `once`): the same request again answers as the first;
 *   - books its money in the journal (server/money/ledger.ts `post`, keys that cannot repeat) and keeps the order's
 *     row and loan state equal to its receivables, so the books check still balances;
 *   - is written to the audit log with before and after, in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { OrderAction, SuspenseResolveReply } from '../../domain/console'
import { isRepayable } from '../../machines/order-lifecycle/order-policy'
import type { OrderStatusCode } from '../../domain/order-status'
import { balanceOf, type LoanState } from '../../domain/pricing'
import type { Db, Tx } from '../db/client'
import { journalEntries, loanOrders } from '../db/schema/loans'
import { suspenseResolutions, type StaffRole } from '../db/schema/staff'
import { once } from '../idempotency'
import { localDate } from '../loans/dates'
import { lifecycleOf, moveOrder, type OrderChanges, type OrderRow } from '../loans/lifecycle'
import { repaymentBooking } from '../loans/repayment-booking'
import { loanOf, lockUser, timeZoneOf } from '../loans/service'
import { heldInSuspense, post, transfer, UNMATCHED_RECEIPT_KEY } from '../money/ledger'
import { appendAudit } from './audit'
import { may } from './roles'

/** A refusal the route answers as it is: 404 no such thing, 409 not now, 400 a field at fault. */
export class ActionRefused extends Error {
  override readonly name = 'ActionRefused'
  constructor(
    readonly status: 400 | 404 | 409,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error))
  }
}

/** What `role` may do to `order` now: the lifecycle machine's answer, then the role's. */
export function orderActions(order: OrderRow, role: StaffRole): OrderAction[] {
  const lifecycle = lifecycleOf(order)
  const actions: OrderAction[] = []
  if (may(role, 'loans.cancel') && lifecycle.can({ type: 'staff.cancelled' })) actions.push('cancel')
  if (may(role, 'money.adjust')) {
    if (lifecycle.hasTag('canRepay') && (loanOf(order)?.penaltyDueMinor ?? 0) > 0) actions.push('waive')
    if (lifecycle.can({ type: 'loan.writtenOff' }) && loanOf(order) !== null) actions.push('write-off')
  }
  return actions
}

/** The order, locked with its borrower (as the borrower's and the jobs' changes lock it); 404 when unknown. */
async function lockedOrder(tx: Tx, orderNo: string): Promise<OrderRow> {
  const [found] = await tx
    .select({ userId: loanOrders.userId })
    .from(loanOrders)
    .where(eq(loanOrders.orderNo, orderNo))
  if (!found) throw new ActionRefused(404, { error: 'notFound' })
  await lockUser(tx, found.userId)
  const [order] = await tx.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)).for('update')
  return order!
}

/** What the audit log keeps of an order before and after: its status and what it owes. */
const owedOf = (o: OrderRow) => ({
  status: o.status,
  principalDueMinor: o.principalDueMinor,
  interestDueMinor: o.interestDueMinor,
  penaltyDueMinor: o.penaltyDueMinor,
})

const dueOf = (loan: LoanState): OrderChanges => {
  const b = balanceOf(loan)
  return {
    loan,
    principalDueMinor: b.principalMinor,
    interestDueMinor: b.interestMinor,
    penaltyDueMinor: b.penaltyMinor,
  }
}

export interface ActionContext {
  db: Db
  staffId: number
  role: StaffRole
  now: Date
}

interface Done {
  repeated: boolean
}

/** Runs `work` once per request id, under `scope`; a refusal inside rolls back the key with the rest. */
async function onceFor(
  ctx: ActionContext,
  scope: string,
  requestId: string,
  work: (tx: Tx) => Promise<void>,
): Promise<Done> {
  return ctx.db.transaction(async (tx) => {
    const result = await once(tx, `console.${scope}`, `${ctx.staffId}:${requestId}`, ctx.now, async () => {
      await work(tx)
      return true
    })
    return { repeated: result.repeated }
  })
}

function refuseUnlessAllowed(order: OrderRow, role: StaffRole, action: OrderAction): void {
  if (!orderActions(order, role).includes(action))
    throw new ActionRefused(409, { error: 'notAllowed', status: order.status, action })
}

/** Cancels an order approved and not yet confirmed (14, 18 → 8: the lifecycle's `staff.cancelled`). */
export async function cancelOrder(
  ctx: ActionContext,
  orderNo: string,
  body: { requestId: string; note: string },
): Promise<Done> {
  return onceFor(ctx, `cancel:${orderNo}`, body.requestId, async (tx) => {
    const order = await lockedOrder(tx, orderNo)
    refuseUnlessAllowed(order, ctx.role, 'cancel')
    const next = await moveOrder(tx, order, { type: 'staff.cancelled' }, ctx.now, {
      cancelReason: 'staff',
      closedAt: ctx.now,
    })
    await appendAudit(tx, ctx.now, {
      staffId: ctx.staffId,
      action: 'order.cancelled',
      subject: `order:${orderNo}`,
      before: owedOf(order),
      after: { ...owedOf(next), note: body.note },
    })
  })
}

/**
 * Waives `amountMinor` of the penalty due (at most all of it): Dr writeOff.waiver Cr receivable.penalty. The
 * penalty charged so far stays counted against the in-duplum cap (LoanState.penaltyChargedMinor), so a waiver never
 * makes room for more penalties; what the borrower owes drops by the amount, never below zero.
 */
export async function waivePenalty(
  ctx: ActionContext,
  orderNo: string,
  body: { requestId: string; note: string; amountMinor: number },
): Promise<Done> {
  return onceFor(ctx, `waive:${orderNo}`, body.requestId, async (tx) => {
    const order = await lockedOrder(tx, orderNo)
    refuseUnlessAllowed(order, ctx.role, 'waive')
    const loan = loanOf(order)!
    if (body.amountMinor > loan.penaltyDueMinor)
      throw new ActionRefused(400, {
        error: 'invalidInput',
        fields: ['amountMinor'],
        maxMinor: loan.penaltyDueMinor,
      })
    await post(tx, {
      orderId: order.id,
      kind: 'penaltyWaiver',
      currency: order.currency,
      key: `waiver:${order.id}:${ctx.staffId}:${body.requestId}`,
      at: ctx.now,
      lines: transfer('writeOff.waiver', 'receivable.penalty', body.amountMinor),
    })
    const changes = dueOf({ ...loan, penaltyDueMinor: loan.penaltyDueMinor - body.amountMinor })
    const [next] = await tx
      .update(loanOrders)
      .set({ ...changes, updatedAt: ctx.now })
      .where(and(eq(loanOrders.id, order.id), eq(loanOrders.status, order.status)))
      .returning()
    await appendAudit(tx, ctx.now, {
      staffId: ctx.staffId,
      action: 'order.penaltyWaived',
      subject: `order:${orderNo}`,
      before: owedOf(order),
      after: { ...owedOf(next!), waivedMinor: body.amountMinor, note: body.note },
    })
  })
}

/**
 * Writes off an overdue loan (3 → 4: the lifecycle's `loan.writtenOff`): everything it owes on the books, Dr
 * writeOff.loan Cr each receivable, and the order closes owing nothing.
 */
export async function writeOffLoan(
  ctx: ActionContext,
  orderNo: string,
  body: { requestId: string; note: string },
): Promise<Done> {
  return onceFor(ctx, `write-off:${orderNo}`, body.requestId, async (tx) => {
    const order = await lockedOrder(tx, orderNo)
    refuseUnlessAllowed(order, ctx.role, 'write-off')
    const loan = loanOf(order)!
    const b = balanceOf(loan)
    await post(tx, {
      orderId: order.id,
      kind: 'loanWriteOff',
      currency: order.currency,
      key: `writeOff:${order.id}`,
      at: ctx.now,
      lines: [
        { account: 'writeOff.loan', debitMinor: b.totalMinor },
        { account: 'receivable.penalty', creditMinor: b.penaltyMinor },
        { account: 'receivable.interest', creditMinor: b.interestMinor },
        { account: 'receivable.principal', creditMinor: b.principalMinor },
      ],
    })
    const next = await moveOrder(tx, order, { type: 'loan.writtenOff' }, ctx.now, {
      ...dueOf({ ...loan, penaltyDueMinor: 0, installments: [] }),
      finishedAt: ctx.now,
      closedAt: ctx.now,
    })
    await appendAudit(tx, ctx.now, {
      staffId: ctx.staffId,
      action: 'order.writtenOff',
      subject: `order:${orderNo}`,
      before: owedOf(order),
      after: { ...owedOf(next), writtenOffMinor: b.totalMinor, note: body.note },
    })
  })
}

export type ResolveBody =
  | { requestId: string; outcome: 'applied'; orderNo: string; note: string }
  | { requestId: string; outcome: 'refunded'; reference: string; note: string }

/**
 * Resolves a receipt in suspense (an `unmatched:<provider>:<receipt>` entry), once ever:
 *   applied   to a repayable order, as a repayment is (applyPaymentOn's allocation: penalties, interest, principal;
 *             the early-repayment rebate under the same key as a provider's payment), Dr suspense instead of the
 *             provider's clearing account, which the receipt already debited; the order moves as the lifecycle
 *             decides (repayment.full / .partial). Never more than the payoff today: the rest would be owed back,
 *             which is the other outcome.
 *   refunded  paid back to the payer by hand: Dr suspense Cr paidByHand, with the reference of that payment.
 */
export async function resolveSuspense(ctx: ActionContext, entryId: number, body: ResolveBody): Promise<Done> {
  return onceFor(ctx, `suspense:${entryId}`, body.requestId, async (tx) => {
    const [entry] = await tx
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.id, entryId),
          sql`${journalEntries.uniqueKey} LIKE ${`${UNMATCHED_RECEIPT_KEY}%`}`,
        ),
      )
      .for('update')
    if (!entry) throw new ActionRefused(404, { error: 'notFound' })
    const [earlier] = await tx
      .select({ outcome: suspenseResolutions.outcome })
      .from(suspenseResolutions)
      .where(eq(suspenseResolutions.entryId, entryId))
    if (earlier) throw new ActionRefused(409, { error: 'alreadyResolved', outcome: earlier.outcome })
    const amountMinor = await heldInSuspense(tx, entryId)
    const key = `resolved:${entryId}`
    let orderId: number | null = null
    let before: unknown = null
    let after: unknown = null
    if (body.outcome === 'applied') {
      const order = await lockedOrder(tx, body.orderNo).catch((err: unknown) => {
        throw err instanceof ActionRefused
          ? new ActionRefused(400, { error: 'invalidInput', fields: ['orderNo'] })
          : err
      })
      const loan = loanOf(order)
      if (!loan || !isRepayable(order.status as OrderStatusCode) || order.currency !== entry.currency)
        throw new ActionRefused(409, { error: 'notRepayable', status: order.status })
      const today = localDate(ctx.now, timeZoneOf(order.country))
      const payoff = balanceOf(loan, today).totalMinor
      if (amountMinor > payoff) throw new ActionRefused(409, { error: 'aboveBalance', payoffMinor: payoff })
      // Booked as a provider's repayment is (server/loans/repayment-booking.ts), from suspense instead of clearing.
      const booking = repaymentBooking({
        order,
        loan,
        amountMinor,
        receivedMinor: amountMinor,
        asOf: today,
        at: ctx.now,
        key,
        from: 'suspense',
      })
      await post(tx, booking.rebate)
      await post(tx, booking.repayment)
      const moved = booking.full
        ? await moveOrder(tx, order, { type: 'repayment.full' }, ctx.now, {
            ...booking.changes,
            finishedAt: ctx.now,
            closedAt: ctx.now,
          })
        : await moveOrder(tx, order, { type: 'repayment.partial' }, ctx.now, booking.changes)
      orderId = order.id
      before = { order: order.orderNo, ...owedOf(order) }
      after = { order: order.orderNo, ...owedOf(moved) }
    } else {
      await post(tx, {
        orderId: null,
        kind: 'suspenseResolved',
        currency: entry.currency,
        key,
        at: ctx.now,
        lines: transfer('suspense', 'paidByHand', amountMinor),
      })
    }
    const [resolution] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, key))
    await tx.insert(suspenseResolutions).values({
      entryId,
      outcome: body.outcome,
      orderId,
      reference: body.outcome === 'refunded' ? body.reference : null,
      resolutionEntryId: resolution!.id,
      staffId: ctx.staffId,
      at: ctx.now,
    })
    await appendAudit(tx, ctx.now, {
      staffId: ctx.staffId,
      action: 'suspense.resolved',
      subject: `suspense:${entryId}`,
      before: { amountMinor, currency: entry.currency, receipt: entry.uniqueKey, ...(before ?? {}) },
      after: {
        outcome: body.outcome,
        ...(body.outcome === 'refunded' ? { reference: body.reference } : {}),
        ...(after ?? {}),
        note: body.note,
      },
    })
  })
}

/** What a resolved receipt says now (the answer to a resolve and to its repeat). */
export async function resolutionOf(db: Db, entryId: number): Promise<SuspenseResolveReply | null> {
  const [r] = await db
    .select({
      outcome: suspenseResolutions.outcome,
      reference: suspenseResolutions.reference,
      orderNo: loanOrders.orderNo,
    })
    .from(suspenseResolutions)
    .leftJoin(loanOrders, eq(loanOrders.id, suspenseResolutions.orderId))
    .where(eq(suspenseResolutions.entryId, entryId))
  return r ? { id: entryId, outcome: r.outcome, orderNo: r.orderNo ?? null, reference: r.reference } : null
}
