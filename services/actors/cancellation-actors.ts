/**
 * The cancellation form's I/O (machines/cancellation.machine.ts). Composition:
 * `cancellationMachine.provide({ actors: createCancellationActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import type { CancelLoanInput } from '../../domain/schemas/loan'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export function createCancellationActors({ api }: { api: Pick<ApiClient, 'request'> }) {
  return {
    cancelOrder: fromPromise<void, CancelLoanInput>(async ({ input, signal }) => {
      dataOf(await api.request('/loan/cancel-draw-money', input, { signal }))
    }),
  }
}
