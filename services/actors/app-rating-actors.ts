/**
 * The app-rating prompt's I/O (machines/app-rating.machine.ts): the local `popEvaluateTime` record, the server's
 * view of it, and the native shell's in-app review card. Composition:
 * `appRatingMachine.provide({ actors: createAppRatingActors({ api, storage, bridge }) })`.
 */
import { fromPromise } from 'xstate'
import type { RatingPromptState } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import type { Bridge } from '../bridge/native-bridge'
import type { KopaStorage, PopEvaluateTime } from '../storage/storage'
import { dataOf } from './call'

export interface AppRatingActorDeps {
  api: Pick<ApiClient, 'request'>
  storage: Pick<KopaStorage, 'get' | 'set'>
  bridge: Pick<Bridge, 'requestReview'>
}

export function createAppRatingActors({ api, storage, bridge }: AppRatingActorDeps) {
  return {
    loadRecord: fromPromise<PopEvaluateTime | null>(async () => storage.get('popEvaluateTime')),
    saveRecord: fromPromise<void, PopEvaluateTime>(async ({ input }) => {
      storage.set('popEvaluateTime', input)
    }),
    askServer: fromPromise<RatingPromptState, { loanOrderId: string }>(async ({ signal }) =>
      dataOf(await api.request('/app/evaluate/state', {}, { signal })),
    ),
    /** The shell's review card; a plain browser has none and answers { shown: false }. */
    requestReview: fromPromise<{ shown: boolean }>(async () => {
      try {
        return await bridge.requestReview()
      } catch {
        return { shown: false }
      }
    }),
    recordShown: fromPromise<void, { loanOrderId: string }>(async ({ input, signal }) => {
      dataOf(
        await api.request(
          '/app/evaluate/record',
          { loanOrderId: input.loanOrderId, outcome: 'shown' },
          { signal },
        ),
      )
    }),
  }
}
