/**
 * The session machine's I/O (machines/session.machine.ts): the token and user info in local storage (spec §3),
 * and /security/getUserInfo after every login and start-up (spec §7). Composition:
 * `sessionMachine.provide({ actors: createSessionActors({ api, storage }) })`.
 */
import { fromPromise } from 'xstate'
import type { UserInfo } from '../../src/domain/api-types'
import type { ApiClient } from '../api/client'
import type { KopaStorage } from '../storage/storage'
import { dataOf } from './call'

export interface SessionActorDeps {
  api: Pick<ApiClient, 'request'>
  storage: KopaStorage
}

export function createSessionActors({ api, storage }: SessionActorDeps) {
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
    clearStoredSession: fromPromise<void>(async () => storage.clearSession()),
  }
}
