/**
 * The permission disclosure's I/O (machines/permission.machine.ts): the phone's answers through the native bridge
 * (or its web fallback in a browser), and the acceptance kept on the device (storage `permissionsAccepted`).
 * Composition: `permissionMachine.provide({ actors: createPermissionActors({ bridge, storage }) })`.
 */
import { fromPromise } from 'xstate'
import type { DisclosedPermission, PermissionStates } from '../../domain/permissions'
import type { Bridge } from '../bridge/native-bridge'
import type { KopaStorage, PermissionsAccepted } from '../storage/storage'
import { failureFromBridge } from './call'

interface NamesInput {
  names: readonly DisclosedPermission[]
}

export function createPermissionActors({
  bridge,
  storage,
  now = Date.now,
}: {
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
