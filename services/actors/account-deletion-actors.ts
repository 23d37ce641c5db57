/**
 * Account deletion's I/O (machines/account-deletion.machine.ts). Composition:
 * `accountDeletionMachine.provide({ actors: createAccountDeletionActors({ api }) })`; when it ends 'deleted',
 * the composition clears the session as for a log out.
 */
import { fromPromise } from 'xstate'
import type { AccountDeleted, VerifyCodeSent } from '../../domain/api-types'
import type { ApiClient, RequestOf } from '../api/client'
import type { API } from '../../domain/api'
import { dataOf } from './call'

export function createAccountDeletionActors({ api }: { api: Pick<ApiClient, 'request'> }) {
  return {
    sendDeletionCode: fromPromise<VerifyCodeSent>(async ({ signal }) =>
      dataOf(await api.request('/user/account/delete/code', {}, { signal })),
    ),
    deleteAccount: fromPromise<AccountDeleted, RequestOf<typeof API, '/user/account/delete'>>(
      async ({ input, signal }) => dataOf(await api.request('/user/account/delete', input, { signal })),
    ),
  }
}
