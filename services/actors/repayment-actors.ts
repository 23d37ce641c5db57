/**
 * Repayment's I/O (machines/repayment.machine.ts). Composition:
 *
 *   repaymentMachine.provide({ actors: {
 *     ...createRepaymentActors({ api, clock }),
 *     paymentOrder: paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) }),
 *   } })
 */
import { fromPromise } from 'xstate'
import type { PayOrder, RepaymentDetail, RepayProduct } from '../../domain/api-types'
import type { RepaymentInput as PaymentOrderRequest } from '../../domain/schemas/repayment'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'
import type { ServerClock } from './server-clock'

export interface RepaymentActorDeps {
  api: Pick<ApiClient, 'request'>
  clock: Pick<ServerClock, 'stamp'>
}

type Stamped<T> = T & { serverNow: number; receivedAt: number }

export function createRepaymentActors({ api, clock }: RepaymentActorDeps) {
  return {
    /** The detail, stamped: a payment order still pending in it is timed in server time. */
    loadDetail: fromPromise<Stamped<RepaymentDetail>, { orderNo: string }>(async ({ input, signal }) => {
      const detail = dataOf(await api.request('/portal/repayment/detail', input, { signal }))
      return { ...detail, ...clock.stamp() }
    }),
    createPaymentOrder: fromPromise<Stamped<PayOrder>, PaymentOrderRequest>(async ({ input, signal }) => {
      const order = dataOf(await api.request('/portal/repayment/confirm', input, { signal }))
      return { ...order, ...clock.stamp() }
    }),
    /** The borrower's orders with something to repay, to switch the detail between them. */
    loadRepayables: fromPromise<RepayProduct[]>(async ({ signal }) =>
      dataOf(await api.request('/loanMarket/repay/products', {}, { signal })).items,
    ),
  }
}
