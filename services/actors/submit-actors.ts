/**
 * The submit machine's I/O (machines/submit.machine.ts): the `submit` actor of a form — its values sent to one
 * call of the API table — and the `draftStore` that keeps the form's draft in local storage. Composition:
 *
 *   const forms = createSubmitActors({ api, storage })
 *   submitMachine.provide({ actors: { submit: forms.submitTo('/feedback/create'), draftStore: forms.draftStore } })
 */
import { fromCallback, fromPromise } from 'xstate'
import type { API } from '../../domain/api'
import type { ApiClient, JsonPathOf, RequestOf } from '../api/client'
import type { KopaStorage } from '../storage/storage'
import { dataOf } from './call'

type Api = typeof API

export interface SubmitActorDeps {
  api: Pick<ApiClient, 'request'>
  storage: Pick<KopaStorage, 'saveDraft' | 'loadDraft' | 'clearDraft'>
}

type Values = Record<string, unknown>
/** What the submit machine sends its draft store (kept in step with machines/submit.machine.ts DraftStoreEvent). */
type DraftStoreEvent = { type: 'draft.save'; values: Values } | { type: 'draft.clear' }
/** The submit machine's events (machines/submit.machine.ts SubmitEvent); the store sends back draft.restored. */
type FormEvent =
  | { type: 'form.changed'; values: Values }
  | { type: 'form.submitted'; extra?: Values }
  | { type: 'draft.restored'; values: Values }

export function createSubmitActors({ api, storage }: SubmitActorDeps) {
  return {
    /** Sends the form's values (already checked against its schema) to `path`; its reply is the form's output. */
    submitTo<P extends JsonPathOf<Api>>(path: P) {
      return fromPromise<unknown, { values: Record<string, unknown> }>(async ({ input, signal }) =>
        dataOf(await api.request(path, input.values as RequestOf<Api, P>, { signal })),
      )
    },
    /** Restores a kept draft at start, then saves or clears it as the form asks. */
    draftStore: fromCallback<DraftStoreEvent, { formId: string }, FormEvent>(
      ({ input, sendBack, receive }) => {
        const kept = storage.loadDraft(input.formId)
        if (kept) sendBack({ type: 'draft.restored', values: kept } satisfies FormEvent)
        receive((event) => {
          if (event.type === 'draft.save') storage.saveDraft(input.formId, event.values)
          else storage.clearDraft(input.formId)
        })
      },
    ),
  }
}
