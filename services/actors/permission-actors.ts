/**
 * The permission disclosure's I/O (machines/permission.machine.ts): the phone's answers through the native bridge
 * (or its web fallback in a browser). Composition: `permissionMachine.provide({ actors:
 * createPermissionActors({ bridge }) })`.
 */
import { fromPromise } from 'xstate'
import type { DisclosedPermission, PermissionStates } from '../../src/domain/permissions'
import type { Bridge } from '../bridge/native-bridge'
import { failureFromBridge } from './call'

interface NamesInput {
  names: readonly DisclosedPermission[]
}

export function createPermissionActors({
  bridge,
}: {
  bridge: Pick<Bridge, 'queryPermissions' | 'requestPermissions'>
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
    queryPermissions: ask((names) => bridge.queryPermissions(names)),
    requestPermissions: ask((names) => bridge.requestPermissions(names)),
  }
}
