/**
 * The help content machine's I/O (machines/help-content.machine.ts): the FAQ, the questions before a ticket and
 * the app's download address, all public calls answered in the request's language. Composition:
 * `helpContentMachine.provide({ actors: createHelpContentActors({ api, inApp: bridge.isNative }) })`.
 */
import { fromPromise } from 'xstate'
import type { DownloadAddress, FaqContent, FaqItem } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export interface HelpContentActorDeps {
  api: Pick<ApiClient, 'request'>
  /** The page runs inside the native shell (bridge.isNative): there is no app to download. */
  inApp: boolean
}

export function createHelpContentActors({ api, inApp }: HelpContentActorDeps) {
  return {
    loadFaq: fromPromise<FaqContent>(async ({ signal }) =>
      dataOf(await api.request('/app/faq', {}, { signal })),
    ),
    loadQuestions: fromPromise<FaqItem[]>(
      async ({ signal }) => dataOf(await api.request('/feedback/list/question_answer', {}, { signal })).items,
    ),
    loadDownloadAddress: fromPromise<DownloadAddress | null>(async ({ signal }) =>
      inApp ? null : dataOf(await api.request('/app-download/getAddress', {}, { signal })),
    ),
  }
}
