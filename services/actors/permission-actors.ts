/**
 * The permission disclosure's I/O (machines/permission.machine.ts): the phone's answers through the native bridge
 * (or its web fallback in a browser), the country's data policy from the server (/time/upload/policy), and the
 * acceptance kept on the device (storage `permissionsAccepted`).
 * Composition: `permissionMachine.provide({ actors: createPermissionActors({ api, bridge, storage }) })`.
 */
import { fromPromise } from 'xstate'
import type { CountryCode } from '../../domain/countries'
import type { DisclosedPermission, PermissionStates, UploadFlag } from '../../domain/permissions'
import type { ApiClient } from '../api/client'
import type { Bridge } from '../bridge/native-bridge'
import type { KopaStorage, PermissionsAccepted } from '../storage/storage'
import { dataOf, failureFromBridge } from './call'

interface NamesInput {
  names: readonly DisclosedPermission[]
}

export function createPermissionActors({
  api,
  bridge,
  storage,
  now = Date.now,
}: {
  api: Pick<ApiClient, 'request'>
  bridge: Pick<Bridge, 'queryPermissions' | 'requestPermissions'>
  storage: Pick<KopaStorage, 'get' | 'set'>
  now?: () => number
}) {
  const ask = (call: (names: readonly DisclosedPermission[]) => Promise<PermissionStates>) =>
    fromPromise<PermissionStates, NamesInput>(async ({ input }) => {
      try {
        return await call(input.names)
      } catch (error) {
        throw failureFromBridge(error)
      }
    })
  return {
    readPolicy: fromPromise<UploadFlag[], { country: CountryCode }>(async ({ input, signal }) =>
      dataOf(await api.request('/time/upload/policy', { code: input.country }, { signal })).requiredFlags,
    ),
    recallAcceptance: fromPromise<PermissionsAccepted | null>(async () => storage.get('permissionsAccepted')),
    rememberAcceptance: fromPromise<PermissionsAccepted>(async () => {
      const accepted = { at: now() }
      // A phone that refuses the write (storage full or disabled) asks again next time.
      storage.set('permissionsAccepted', accepted)
      return accepted
    }),
    queryPermissions: ask((names) => bridge.queryPermissions(names)),
    requestPermissions: ask((names) => bridge.requestPermissions(names)),
  }
}
