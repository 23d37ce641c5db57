/**
 * The rollover's I/O (machines/rollover.machine.ts). Composition:
 *
 *   rolloverMachine.provide({ actors: {
 *     ...createRolloverActors({ api, clock }),
 *     paymentOrder: paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) }),
 *   } })
 */
import { fromPromise } from 'xstate'
import type { PayOrder, RolloverOffer } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'
import type { ServerClock } from './server-clock'

export interface RolloverActorDeps {
  api: Pick<ApiClient, 'request'>
  clock: Pick<ServerClock, 'stamp'>
}

export function createRolloverActors({ api, clock }: RolloverActorDeps) {
  return {
    loadExtension: fromPromise<RolloverOffer, { orderNo: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/repay/getExtensionData', input, { signal })),
    ),
    /** Starts the pay order of the rollover's fee, stamped so its 15 minutes run in server time. */
    confirmExtension: fromPromise<
      PayOrder & { serverNow: number; receivedAt: number },
      { orderNo: string; channelId: string }
    >(async ({ input, signal }) => {
      const order = dataOf(await api.request('/repay/confirmExtensionOrder', input, { signal }))
      return { ...order, ...clock.stamp() }
    }),
  }
}
