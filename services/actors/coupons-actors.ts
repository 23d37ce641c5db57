/**
 * The coupons machine's I/O (machines/coupons.machine.ts), for the coupon centre and for the coupon choice of
 * confirm borrow. Composition: `couponsMachine.provide({ actors: createCouponsActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import type { Coupon, CouponApplied, LotteryDraw, Page } from '../../domain/api-types'
import type { CouponStatus } from '../../domain/schemas/coupon'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export interface CouponsActorDeps {
  api: Pick<ApiClient, 'request'>
  /** Coupons per page (the API's default is 20). */
  pageSize?: number
}

export function createCouponsActors({ api, pageSize = 20 }: CouponsActorDeps) {
  return {
    /** Whether the draw is offered and how many coupons are usable, asked together. */
    loadCentre: fromPromise<{ show: boolean; available: number }>(async ({ signal }) => {
      const [visibility, quantity] = await Promise.all([
        api.request('/lottery-draw/is-show', {}, { signal }),
        api.request('/lottery-draw/coupon/quantity', {}, { signal }),
      ])
      return { show: dataOf(visibility).show, available: dataOf(quantity).available }
    }),
    /** A page of one tab; the used coupons have their own call (spec §7 /lottery-draw/coupon/used). */
    loadCoupons: fromPromise<Page<Coupon>, { tab: CouponStatus; page: number }>(async ({ input, signal }) =>
      dataOf(
        input.tab === 'used'
          ? await api.request('/lottery-draw/coupon/used', { page: input.page, pageSize }, { signal })
          : await api.request(
              '/lottery-draw/coupons',
              { status: input.tab, page: input.page, pageSize },
              { signal },
            ),
      ),
    ),
    drawCoupon: fromPromise<LotteryDraw>(async ({ signal }) =>
      dataOf(await api.request('/lottery-draw/create', {}, { signal })),
    ),
    applyCoupon: fromPromise<CouponApplied, { couponId: string; loanOrderId: string }>(
      async ({ input, signal }) => dataOf(await api.request('/lottery-draw/coupon/use', input, { signal })),
    ),
  }
}
