/**
 * The upload gate's I/O (machines/upload-gate.machine.ts): the seven flags of /time/upload/uploadStatus, whether
 * the collector may run (/time/upload/enable), the package names it may report (/user/device/packageList) and the
 * native data collector itself (spec §4). Composition:
 * `uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge }) })`.
 */
import { fromPromise } from 'xstate'
import type { PackageListPolicy, UploadEnable, UploadStatusFlags } from '../../domain/api-types'
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
    fetchCollectionPolicy: fromPromise<UploadEnable>(async ({ signal }) =>
      dataOf(await api.request('/time/upload/enable', {}, { signal })),
    ),
    fetchPackageAllowlist: fromPromise<PackageListPolicy>(async ({ signal }) =>
      dataOf(await api.request('/user/device/packageList', {}, { signal })),
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
