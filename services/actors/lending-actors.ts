/**
 * The lending screen's I/O (machines/lending.machine.ts): when the confirmed order's money should reach the wallet
 * (/loan/get-money-time). Composition: `lendingMachine.provide({ actors: createLendingActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import type { MoneyTime } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export interface LendingActorDeps {
  api: Pick<ApiClient, 'request'>
}

export function createLendingActors({ api }: LendingActorDeps) {
  return {
    loadMoneyTime: fromPromise<MoneyTime, { loanOrderId: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/loan/get-money-time', { loanOrderId: input.loanOrderId }, { signal })),
    ),
  }
}
