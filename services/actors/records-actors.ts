/**
 * The records tab's I/O (machines/records.machine.ts): a page of the Incomplete or Finished orders
 * (/loan/loan-order/list-market). Composition: `recordsMachine.provide({ actors: createRecordsActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import type { OrderSummary, Page } from '../../domain/api-types'
import type { ORDER_LIST_TABS } from '../../domain/schemas/loan'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

type RecordsTab = (typeof ORDER_LIST_TABS)[number]

export interface RecordsActorDeps {
  api: Pick<ApiClient, 'request'>
  /** Orders per page (the API's default is 20). */
  pageSize?: number
}

export function createRecordsActors({ api, pageSize = 20 }: RecordsActorDeps) {
  return {
    loadOrders: fromPromise<Page<OrderSummary>, { tab: RecordsTab; page: number }>(
      async ({ input, signal }) =>
        dataOf(await api.request('/loan/loan-order/list-market', { ...input, pageSize }, { signal })),
    ),
  }
}
