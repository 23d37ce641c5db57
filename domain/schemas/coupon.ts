/**
 * Coupons (spec §3: a minimum loan to qualify, an expiry): list them, apply one to an approved order, and the
 * history of used ones. decisions.md: coupons are never a reward for rating the app.
 */
import * as v from 'valibot'
import { REQUIRED, identifier, loanOrderId, pageEntries } from './common'

export const COUPON_STATUSES = ['available', 'used', 'expired'] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]

export const couponId = () => identifier('validation.coupon.required')

export function couponListQuery() {
  return v.object({ status: v.optional(v.picklist(COUPON_STATUSES, 'validation.select')), ...pageEntries }, REQUIRED)
}

/** Apply a coupon to an order awaiting confirmation. */
export function couponUseSchema() {
  return v.object({ couponId: couponId(), loanOrderId: loanOrderId() }, REQUIRED)
}

export function couponHistoryQuery() {
  return v.object({ ...pageEntries }, REQUIRED)
}
