/**
 * The questions the borrower-service modules (content, rating, coupons, feedback) ask about a borrower's loan
 * orders. Read-only: only the loans module changes an order.
 */
import { and, desc, eq } from 'drizzle-orm'
import { OrderStatus } from '../../domain/order-status'
import type { Queryable } from '../db/client'
import { loanOrders } from '../db/schema/loans'

export type OrderRow = typeof loanOrders.$inferSelect

/** The borrower's newest order, or null before the first application. */
export async function latestOrder(q: Queryable, userId: number): Promise<OrderRow | null> {
  const [row] = await q
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.userId, userId))
    .orderBy(desc(loanOrders.id))
    .limit(1)
  return row ?? null
}

/** The borrower's order by its loanOrderId (the id as a string), or null when there is no such order of theirs. */
export async function ownOrder(q: Queryable, userId: number, loanOrderId: string, lock = false) {
  if (!/^\d{1,15}$/.test(loanOrderId)) return null
  const query = q
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), eq(loanOrders.id, Number(loanOrderId))))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The ids of the borrower's repaid (4 Finish) orders, newest first. */
export async function repaidOrderIds(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), eq(loanOrders.status, OrderStatus.Finish)))
    .orderBy(desc(loanOrders.id))
  return rows.map((r) => r.id)
}
