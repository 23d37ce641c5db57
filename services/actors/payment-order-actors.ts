/**
 * The payment-order machine's I/O (machines/payment-order.machine.ts): how the pay order stands. Composition:
 * `paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) })`, given to repayment and rollover
 * as their `paymentOrder` actor.
 */
import { fromPromise } from 'xstate'
import type { PayOrder } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export function createPaymentOrderActors({ api }: { api: Pick<ApiClient, 'request'> }) {
  return {
    /** How the pay order stands: pending, paid, failed or expired. */
    checkPayment: fromPromise<Pick<PayOrder, 'status'>, { payOrderId: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/portal/repayment/pay-order', input, { signal })),
    ),
  }
}
