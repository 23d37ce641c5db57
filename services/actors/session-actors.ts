/**
 * The session machine's I/O (machines/session.machine.ts): the token and user info in local storage (spec §3),
 * /security/getUserInfo after every login and start-up, /security/logout when the borrower logs out (spec §7),
 * and the native shell's `logout` action when the session ends in the app (docs/native-bridge.md). Composition:
 * `sessionMachine.provide({ actors: createSessionActors({ api, storage, bridge }) })`.
 */
import { fromPromise } from 'xstate'
import type { UserInfo } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import type { Bridge } from '../bridge/native-bridge'
import type { KopaStorage } from '../storage/storage'
import { dataOf } from './call'

export interface SessionActorDeps {
  api: Pick<ApiClient, 'request'>
  storage: KopaStorage
  bridge: Pick<Bridge, 'logout'>
}

export function createSessionActors({ api, storage, bridge }: SessionActorDeps) {
  return {
    readStoredSession: fromPromise<{ token: string | null; user: UserInfo | null }>(async () => ({
      token: storage.get('token'),
      // Written by loadUser from /security/getUserInfo (or by the shell); read again right after start-up.
      user: storage.get('userInfo') as UserInfo | null,
    })),
    storeToken: fromPromise<void, { token: string }>(async ({ input }) => {
      // A device that refuses the write keeps the token in memory for this visit (storage falls back itself).
      storage.set('token', input.token)
    }),
    loadUser: fromPromise<UserInfo>(async ({ signal }) => {
      const user = dataOf(await api.request('/security/getUserInfo', {}, { signal }))
      storage.set('userInfo', { ...user })
      return user
    }),
    clearStoredSession: fromPromise<void, { revoke: boolean; tellShell: boolean }>(async ({ input }) => {
      const token = storage.get('token')
      storage.clearSession()
      // The server forgets the token too; nobody waits for it (the session is over here whatever it answers).
      if (input.revoke && token) void api.request('/security/logout', {}, { token })
      // A shell that does not know the action (or a plain browser) has nothing to clear.
      if (input.tellShell) await bridge.logout().catch(() => undefined)
    }),
  }
}
