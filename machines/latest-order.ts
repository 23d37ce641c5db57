/**
 * The borrower's latest order (/loan/loan-order/latest, domain/api-types.ts LatestOrder) as the journey and
 * the home screen read it, and what the order lifecycle says the borrower may do with it. Pure: no I/O.
 */
import type { LatestOrder } from '../domain/api-types'
import { STEP_BY_STATUS, type StatusStep } from '../domain/order-status'
import { lifecycleAt, type OrderLifecycleSnapshot } from './order-lifecycle.machine'

export type { LatestOrder }

/** An ISO instant as ms since the epoch, or null. */
function msOf(iso: string | null): number | null {
  if (!iso) return null
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : ms
}

/** The lifecycle state of the order (no order: the lifecycle's `none`), to ask it what the borrower may do. */
export function lifecycleOf(order: LatestOrder | null): OrderLifecycleSnapshot {
  return lifecycleAt(order?.status ?? null, { approvedAt: msOf(order?.approvedAt ?? null) })
}

/** Spec §4 navigation by code: the step this order opens, or null ("other codes do nothing"). */
export function stepOf(order: LatestOrder | null): StatusStep | null {
  return order ? STEP_BY_STATUS[order.status] : null
}

/** When a rejected borrower may apply again (the server's retryAt: 30 days after the decision), else null. */
export function retryAtOf(order: LatestOrder | null): number | null {
  return order?.status === 9 ? msOf(order.retryAt) : null
}

/**
 * Whether the borrower may start a new application at `now` (ms since the epoch): no open order, and a
 * rejection's retry date has come.
 */
export function canApply(order: LatestOrder | null, now: number): boolean {
  if (order?.status === 9) {
    const retryAt = retryAtOf(order)
    return retryAt !== null && now >= retryAt
  }
  return lifecycleOf(order).hasTag('canApply')
}
