/**
 * Confirm borrow's I/O (machines/confirm-borrow.machine.ts). Its children get their own actors:
 *
 *   confirmBorrowMachine.provide({ actors: {
 *     ...createConfirmBorrowActors({ api, clock }),
 *     cancellation: cancellationMachine.provide({ actors: createCancellationActors({ api }) }),
 *     coupons: couponsMachine.provide({ actors: createCouponsActors({ api }) }),
 *   } })
 */
import { fromPromise } from 'xstate'
import type { AgreementDocument, ConfirmProductInfo } from '../../domain/api-types'
import type { ConfirmBorrowInput as GetMoneyRequest } from '../../domain/schemas/loan'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'
import type { ServerClock } from './server-clock'

export interface ConfirmBorrowActorDeps {
  api: Pick<ApiClient, 'request'>
  clock: Pick<ServerClock, 'stamp'>
}

export function createConfirmBorrowActors({ api, clock }: ConfirmBorrowActorDeps) {
  return {
    /** The offer, stamped with the clocks so the machine counts the 24 hours in server time. */
    loadOffer: fromPromise<
      ConfirmProductInfo & { serverNow: number; receivedAt: number },
      { loanOrderId: string }
    >(async ({ input, signal }) => {
      const info = dataOf(await api.request('/loan/confirm/product-info', input, { signal }))
      return { ...info, ...clock.stamp() }
    }),
    loadAgreement: fromPromise<AgreementDocument, { loanOrderId: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/loan/loan-order/loanAgreement', input, { signal })),
    ),
    confirmLoan: fromPromise<unknown, GetMoneyRequest>(async ({ input, signal }) =>
      dataOf(await api.request('/loan/get-money', input, { signal })),
    ),
  }
}
