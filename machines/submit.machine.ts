/**
 * submit — the lifecycle every form shares: idle → submitting → saved | failed.
 *
 * The values typed so far are a draft: every change is saved (action `saveDraft` → the invoked `draftStore`
 * actor), a draft found at start is restored over the initial values, a failed submit keeps it, and a saved
 * submit clears it. The values are checked against the form's schema (domain/schemas) before they are sent;
 * the server's own per-field messages (a ValidationFailed reply) land at the same fields.
 *
 * Input (SubmitInput):
 *   formId         the draft's key (1–64 of A–Z a–z 0–9 _ . -), e.g. 'personalInfo'
 *   initialValues  what the server already knows; a kept draft wins over it
 *   schema         optional valibot schema the values must pass before they are sent
 *   reviewFirst    the values are shown for review before they are sent: a valid 'form.submitted' only tells the
 *                  parent 'form.ready' {values} (kept and drafted; the form stays open); 'form.confirmed' sends them (an invalid draft tells
 *                  the parent 'form.refused' and shows its errors)
 * Events: form.changed {values} (merged), form.submitted {extra?} (merged for this submission only, not drafted),
 *         form.confirmed (send the reviewed values)
 * Tags:   busy (submitting), canSubmit (idle, failed), failed
 * Output: { status: 'saved', data } | { status: 'sessionEnded' }
 * Actors the composition provides: submit ({ values }) → data; draftStore (callback; input { formId }; receives
 *   draft.save {values} and draft.clear; sends back draft.restored {values} when a draft is kept).
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { GenericSchema } from 'valibot'
import { fieldErrors } from '../domain/schemas/field-errors'
import { notProvided } from './kit/not-provided'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  isInvalid,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { outputParams, type Output } from './kit/params'

/** Messages of a schema check, at their fields, as i18n keys. */
function schemaErrors(schema: GenericSchema | undefined, values: unknown): Record<string, Message> {
  if (!schema) return {}
  return Object.fromEntries(
    Object.entries(fieldErrors(schema, values)).map(([field, key]) => [field, msg(key)]),
  )
}

// ------------------------------------------------------------------------------------------ the machine

export type FormValues = Record<string, unknown>

export interface SubmitInput {
  formId: string
  initialValues?: FormValues
  schema?: GenericSchema
  /** Review before sending (see the header): 'form.submitted' only checks, 'form.confirmed' sends. */
  reviewFirst?: boolean
}

export interface SubmitContext {
  formId: string
  schema: GenericSchema | undefined
  reviewFirst: boolean
  values: FormValues
  /** Per field: the schema's key or the server's text. */
  fieldErrors: Record<string, Message>
  /** A failure that belongs to no field (network, refused, timeout). */
  error: Message | null
  data: unknown
}

export type SubmitEvent =
  | { type: 'form.changed'; values: FormValues }
  | { type: 'form.submitted'; extra?: FormValues }
  | { type: 'form.confirmed' }
  | { type: 'draft.restored'; values: FormValues }

/** What a form reviewed first tells its parent (SubmitInput.reviewFirst). */
export type FormReviewEvent = { type: 'form.ready'; values: FormValues } | { type: 'form.refused' }

export type SubmitOutput = { status: 'saved'; data: unknown } | { status: 'sessionEnded' }

export type DraftStoreEvent = { type: 'draft.save'; values: FormValues } | { type: 'draft.clear' }
/** What the draft store's callback may send back (it sends draft.restored): the form's events but the review's. */
export type DraftStoreReply = Exclude<SubmitEvent, { type: 'form.confirmed' }>

/**
 * Submit and the review's confirm, from idle or after a failure (`back`: where a submission that is not sent goes;
 * none: it stays). Invalid values show their errors; reviewed-first values are handed up; valid ones are sent.
 */
const submitOn = (back?: 'idle') =>
  ({
    'form.submitted': [
      { guard: 'valuesInvalid', target: back, actions: 'showSchemaErrors' },
      { guard: 'reviewFirst', target: back, actions: 'announceReady' },
      { target: 'submitting', actions: 'clearErrors' },
    ],
    'form.confirmed': [
      { guard: 'valuesInvalid', target: back, actions: ['showSchemaErrors', 'tellRefused'] },
      { target: 'submitting', actions: 'clearErrors' },
    ],
  }) as const

export const submitMachine = setup({
  types: {
    context: {} as SubmitContext,
    events: {} as SubmitEvent,
    input: {} as SubmitInput,
    output: {} as SubmitOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'canSubmit' | 'failed',
  },
  actors: {
    submit: fromPromise<unknown, { values: FormValues }>(notProvided('submit')),
    draftStore: fromCallback<DraftStoreEvent, { formId: string }, DraftStoreReply>(notProvided('draftStore')),
  },
  guards: {
    valuesInvalid: ({ context, event }) =>
      Object.keys(schemaErrors(context.schema, { ...context.values, ...extraOf(event) })).length > 0,
    sessionEnded: ({ event }) => endsSession(event),
    invalid: ({ event }) => 'error' in event && isInvalid(event.error),
    reviewFirst: ({ context }) => context.reviewFirst,
  },
  actions: {
    changeValues: assign(({ context, event }) => {
      if (event.type !== 'form.changed') return {}
      const changed = Object.keys(event.values)
      return {
        values: { ...context.values, ...event.values },
        fieldErrors: Object.fromEntries(
          Object.entries(context.fieldErrors).filter(([f]) => !changed.includes(f)),
        ),
        error: null,
      }
    }),
    restoreDraft: assign({
      values: ({ context, event }) =>
        event.type === 'draft.restored' ? { ...context.values, ...event.values } : context.values,
    }),
    saveDraft: enqueueActions(({ enqueue, context }) => {
      enqueue.sendTo('draftStore', { type: 'draft.save', values: context.values } satisfies DraftStoreEvent)
    }),
    clearDraft: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('draftStore', { type: 'draft.clear' } satisfies DraftStoreEvent)
    }),
    showSchemaErrors: assign({
      fieldErrors: ({ context, event }) =>
        schemaErrors(context.schema, { ...context.values, ...extraOf(event) }),
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    showServerFieldErrors: assign(({ event }) => {
      const failure = failureOf(errorOf(event))
      const fields = failure.kind === 'invalid' ? failure.fields : {}
      return {
        fieldErrors: Object.fromEntries(Object.entries(fields).map(([f, text]) => [f, { text } as Message])),
        error: failure.kind === 'invalid' && failure.message ? { text: failure.message } : null,
      }
    }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    keepData: assign({ data: (_, { output }: Output<unknown>) => output }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
    /** A draft that no longer passes was confirmed: the parent (the journey) opens the form; nothing on its own. */
    tellRefused: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'form.refused' } satisfies FormReviewEvent)
    }),
    /** The values pass and are to be reviewed: kept (with this submission's extra) and drafted, and handed up. */
    announceReady: enqueueActions(({ enqueue, context, event, self }) => {
      const values = { ...context.values, ...extraOf(event) }
      enqueue.assign({ values, fieldErrors: {}, error: null })
      enqueue.sendTo('draftStore', { type: 'draft.save', values } satisfies DraftStoreEvent)
      if (self._parent) enqueue.sendParent({ type: 'form.ready', values } satisfies FormReviewEvent)
    }),
  },
}).createMachine({
  id: 'submit',
  description: 'A form: values drafted on every change, checked, sent once, then saved or failed.',
  context: ({ input }) => ({
    formId: input.formId,
    schema: input.schema,
    reviewFirst: input.reviewFirst ?? false,
    values: { ...input.initialValues },
    fieldErrors: {},
    error: null,
    data: undefined,
  }),
  invoke: { id: 'draftStore', src: 'draftStore', input: ({ context }) => ({ formId: context.formId }) },
  initial: 'idle',
  states: {
    idle: {
      tags: ['canSubmit'],
      on: {
        'draft.restored': { actions: 'restoreDraft' },
        'form.changed': { actions: ['changeValues', 'saveDraft'] },
        ...submitOn(),
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ context, event }) => ({ values: { ...context.values, ...extraOf(event) } }),
        onDone: { target: 'saved', actions: [{ type: 'keepData', params: outputParams }, 'clearDraft'] },
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'invalid', target: 'failed', actions: 'showServerFieldErrors' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    failed: {
      description:
        'The submit failed; the values and their draft are kept so the borrower can correct or retry.',
      tags: ['canSubmit', 'failed'],
      on: {
        'form.changed': { target: 'idle', actions: ['changeValues', 'saveDraft'] },
        ...submitOn('idle'),
      },
    },
    saved: {
      type: 'final',
      output: ({ context }): SubmitOutput => ({ status: 'saved', data: context.data }),
    },
    sessionEnded: {
      description: 'The server ended the session (spec §8); the parent logs out.',
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): SubmitOutput => ({ status: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as SubmitOutput,
})

function extraOf(event: SubmitEvent): FormValues {
  return event.type === 'form.submitted' ? (event.extra ?? {}) : {}
}

/**
 * What a form screen shows of its submit child — its one read of this machine (screens/shared/use-view.ts): the
 * values and their messages as the machine holds them, the form's error, and whether it may be submitted now.
 */
export function submitView(s: SnapshotFrom<typeof submitMachine>) {
  return {
    values: s.context.values,
    fieldErrors: s.context.fieldErrors,
    applyError: s.context.error,
    busy: s.hasTag('busy'),
    canApply: s.can({ type: 'form.submitted' }),
  }
}

/** The schema a form screen checks its fields with (the kit's validateWith), as the machine holds it. */
export const submitSchemaOf = (s: SnapshotFrom<typeof submitMachine>) => s.context.schema

/** The values as the machine holds them (what the server knew, the kept draft, what was typed). */
export const submitValuesOf = (s: SnapshotFrom<typeof submitMachine>): FormValues => s.context.values

/** The messages at their fields after a submit (the schema's keys or the server's texts). */
export const submitFieldErrorsOf = (s: SnapshotFrom<typeof submitMachine>) => s.context.fieldErrors
