/**
 * The upload gate's I/O (machines/upload-gate.machine.ts): the seven flags of /time/upload/uploadStatus and the
 * native data collector (spec §4). Composition:
 * `uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge }) })`.
 */
import { fromPromise } from 'xstate'
import type { UploadStatusFlags } from '../../src/domain/api-types'
import type { ApiClient } from '../api/client'
import type { Bridge, CollectorInput } from '../bridge/native-bridge'
import { dataOf, failureFromBridge } from './call'

export interface UploadGateActorDeps {
  api: Pick<ApiClient, 'request'>
  bridge: Pick<Bridge, 'startCollector'>
}

export function createUploadGateActors({ api, bridge }: UploadGateActorDeps) {
  return {
    fetchUploadStatus: fromPromise<UploadStatusFlags, { orderNo: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/time/upload/uploadStatus', { orderNo: input.orderNo }, { signal })),
    ),
    /** Resolves when the collector's run ends; the gate then asks the server which flags it now holds. */
    startCollector: fromPromise<void, CollectorInput>(async ({ input }) => {
      try {
        await bridge.startCollector(input)
      } catch (error) {
        throw failureFromBridge(error)
      }
    }),
  }
}
