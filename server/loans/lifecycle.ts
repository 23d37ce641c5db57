/**
 * Every status change of an order goes through the order lifecycle machine (machines/order-lifecycle.machine.ts):
 * `moveOrder` asks `decide` whether the event may happen in the order's current status; a refusal is the business
 * error LoanActionNotAllowed (never a silent write), and an allowed event writes the status the machine chose,
 * the row's other changes and an event row, all in the caller's transaction. The update is conditional on the
 * status it started from, so two concurrent changes cannot both apply.
 */
import { and, eq } from 'drizzle-orm'
import { type OrderLifecycleEvent, type OrderLifecycleSnapshot } from '../../machines/order-lifecycle.machine'
import { decide, lifecycleAt } from '../../machines/order-lifecycle/order-policy'
import { ApiCode } from '../../domain/api-codes'
import type { OrderStatusCode } from '../../domain/order-status'
import type { LoanState } from '../../domain/pricing'
import type { Queryable } from '../db/client'
import { loanOrderEvents, loanOrders } from '../db/schema/loans'
import { ApiFailure } from '../envelope'

export type OrderRow = typeof loanOrders.$inferSelect

export type OrderChanges = Partial<Omit<OrderRow, 'id' | 'status' | 'orderNo' | 'userId' | 'createdAt'>>

/**
 * The rollovers an order took: its loan's count (pricing.ts LoanState.rolloversDone, moved by applyRollover), the
 * one counter of record; 0 before pay-out. The lifecycle's `rolloverCount` is read from it.
 */
export function rolloversDoneOf(order: Pick<OrderRow, 'loan'>): number {
  return (order.loan as Pick<LoanState, 'rolloversDone'> | null)?.rolloversDone ?? 0
}

/**
 * The snapshots of rows from the read cache (server/cache.ts), which are frozen: such a row never changes (a write
 * makes a new row), and the snapshot is a function of its fields alone, so it is resolved once per row (issue 17:
 * resolving it was a few per cent of every order read under load). A row read otherwise is resolved each time.
 */
const snapshots = new WeakMap<OrderRow, OrderLifecycleSnapshot>()

/** The machine's snapshot of a stored order. */
export function lifecycleOf(order: OrderRow | null): OrderLifecycleSnapshot {
  if (!order) return lifecycleAt(null)
  if (!Object.isFrozen(order)) return resolveLifecycle(order)
  let snapshot = snapshots.get(order)
  if (!snapshot) {
    snapshot = resolveLifecycle(order)
    snapshots.set(order, snapshot)
  }
  return snapshot
}

function resolveLifecycle(order: OrderRow): OrderLifecycleSnapshot {
  return lifecycleAt(order.status as OrderStatusCode, {
    questionnaireRequired: order.questionnaireRequired,
    approvedAt: order.approvedAt?.getTime() ?? null,
    rejectedAt: order.rejectedAt?.getTime() ?? null,
    rolloverCount: rolloversDoneOf(order),
    maxRollovers: order.maxRollovers,
  })
}

/** A rollover's decision per snapshot: with the new due date after the instant confirmed, and not after it. */
const rolloverDecisions = new WeakMap<
  OrderLifecycleSnapshot,
  { after?: OrderStatusCode | null; notAfter?: OrderStatusCode | null }
>()

/**
 * The status a rollover confirmed at `at` with the new due date `newDueAt` would move the order to, or null when
 * the machine refuses it: `decide` with `rollover.confirmed`, kept per snapshot (issue 17: the repayment screen's
 * offer asked the machine — xstate's `can` and `transition` — on every read). The machine's guards read of that
 * event only whether the new due date is after the instant (`rolloverClearsOverdue`), so the answer is kept for
 * each side of it; a snapshot is a function of the row's fields (lifecycleOf), and a frozen row keeps its snapshot.
 * tests/server/hot-path-memos.test.ts checks it against the machine for every status and around the boundary.
 */
export function rolloverLeadsTo(order: OrderRow, at: number, newDueAt: number): OrderStatusCode | null {
  const snapshot = lifecycleOf(order)
  let kept = rolloverDecisions.get(snapshot)
  if (!kept) {
    kept = {}
    rolloverDecisions.set(snapshot, kept)
  }
  const side = newDueAt > at ? 'after' : 'notAfter'
  let status = kept[side]
  if (status === undefined) {
    const decision = decide(snapshot, { type: 'rollover.confirmed', at, newDueAt })
    status = decision.allowed ? decision.status : null
    kept[side] = status
  }
  return status
}

/** Whether the machine accepts `event` for this order now (no write). */
export function allows(order: OrderRow | null, event: OrderLifecycleEvent): boolean {
  return decide(lifecycleOf(order), event).allowed
}

export class LifecycleRefused extends ApiFailure {
  constructor(
    readonly status: number,
    readonly event: string,
  ) {
    super(ApiCode.LoanActionNotAllowed, { data: { status, event } })
  }
}

/**
 * Applies `event` to `order`: refuses with LifecycleRefused when the machine does not allow it, else writes the
 * new status with `changes` and records the event. Returns the updated row.
 */
export async function moveOrder(
  q: Queryable,
  order: OrderRow,
  event: OrderLifecycleEvent,
  now: Date,
  changes: OrderChanges = {},
): Promise<OrderRow> {
  const decision = decide(lifecycleOf(order), event)
  if (!decision.allowed || decision.status === null) throw new LifecycleRefused(order.status, event.type)
  // The lifecycle counts a rollover as the loan takes it: the change must carry the rolled-over loan.
  const rollovers = rolloversDoneOf({ loan: changes.loan !== undefined ? changes.loan : order.loan })
  if (decision.context.rolloverCount !== rollovers) {
    throw new Error(
      `Order ${order.id}: ${event.type} leaves ${decision.context.rolloverCount} rollovers, its loan ${rollovers}`,
    )
  }
  const [updated] = await q
    .update(loanOrders)
    .set({
      ...changes,
      status: decision.status,
      updatedAt: now,
    })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.status, order.status)))
    .returning()
  if (!updated) throw new LifecycleRefused(order.status, event.type)
  await q.insert(loanOrderEvents).values({
    orderId: order.id,
    event: event.type,
    fromStatus: order.status,
    toStatus: decision.status,
    at: now,
  })
  return updated
}

/** Records the creation of an order (the machine's `application.started` from the borrower's previous order). */
export async function recordCreation(q: Queryable, order: OrderRow, now: Date): Promise<void> {
  await q.insert(loanOrderEvents).values({
    orderId: order.id,
    event: 'application.started',
    fromStatus: null,
    toStatus: order.status,
    at: now,
  })
}
