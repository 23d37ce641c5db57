/**
 * The borrower's latest order (/loan/loan-order/latest, domain/api-types.ts LatestOrder) as the journey and
 * the home screen read it: its lifecycle snapshot, and what the order lifecycle says of it. Pure: no I/O; no rule
 * here but how the wire's times become the lifecycle's context.
 */
import type { LatestOrder } from '../domain/api-types'
import type { HomeState, StatusStep } from '../domain/order-status'
import { approvedAtBefore, rejectedAtBefore, type OrderLifecycleSnapshot } from './order-lifecycle.machine'
import { confirmDeadlineOf as lifecycleDeadline, homeStateOf as lifecycleHomeState, lifecycleAt, mayApply, retryDateOf, stepOfStatus } from './order-lifecycle/order-policy'

export type { LatestOrder }

/** An ISO instant as ms since the epoch, or null. */
function msOf(iso: string | null): number | null {
  if (!iso) return null
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : ms
}

/**
 * The lifecycle state of the order (no order: the lifecycle's `none`), to ask it what the borrower may do. The
 * server's own deadlines come first: its `confirmBy` (else its approval time) and its `retryAt`.
 */
export function lifecycleOf(order: LatestOrder | null): OrderLifecycleSnapshot {
  const confirmBy = msOf(order?.confirmBy ?? null)
  const retryAt = msOf(order?.retryAt ?? null)
  return lifecycleAt(order?.status ?? null, {
    approvedAt: confirmBy !== null ? approvedAtBefore(confirmBy) : msOf(order?.approvedAt ?? null),
    rejectedAt: retryAt !== null ? rejectedAtBefore(retryAt) : null,
  })
}

/** Spec §4 navigation by code: the step this order opens, or null ("other codes do nothing"). */
export function stepOf(order: LatestOrder | null): StatusStep | null {
  return order ? stepOfStatus(order.status) : null
}

/** When a rejected borrower may apply again (the server's retryAt: 30 days after the decision), else null. */
export function retryAtOf(order: LatestOrder | null): number | null {
  return retryDateOf(lifecycleOf(order))
}

/**
 * Whether the borrower may start a new application at `now` (ms since the epoch): no open order, and a
 * rejection's retry date has come.
 */
/** The latest order's wallet may be corrected after a failed pay-out (the order lifecycle says so). */
export function mayCorrectWallet(order: LatestOrder | null): boolean {
  return lifecycleOf(order).can({ type: 'wallet.corrected' })
}

export function canApply(order: LatestOrder | null, now: number): boolean {
  return mayApply(lifecycleOf(order), now)
}

/** Spec §4's home state for the order at `now`; a rejection turns back to Apply on its retry date. */
export function homeStateOf(order: LatestOrder | null, now: number): HomeState {
  return lifecycleHomeState(lifecycleOf(order), now)
}

/**
 * When an approved order (14/18) must be confirmed, on the server's clock (ms since the epoch): the server's own
 * `confirmBy`, else its approval time + 24 h; null for any other order or without the server's times.
 */
export function confirmDeadlineOf(order: LatestOrder | null): number | null {
  return lifecycleDeadline(lifecycleOf(order))
}
