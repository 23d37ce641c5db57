/**
 * console-password — a staff member changes their own password (issue 20): the current one, then the new one twice
 * (12 characters at least). The server ends every other session of the member (a password changed because it
 * leaked must not leave a thief signed in); this one goes on. A wrong current password is said at its field.
 *
 * A call that finds the session ended tells the console with the form as typed, which it gives back once the member
 * has signed in again (machines/console-app.machine.ts).
 *
 * Input: { draft? }
 * Events: password.changed {field, value}, password.submitted
 * Tags:   busy, saving, changed (done: the screen says so until the member types again)
 * Actors the composition provides (services/console/console-actors.ts):
 *   changePassword ({ current, next }) → void   (POST /console/api/password)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import { isSignedOut, type PasswordChangeRequest } from '../domain/console'
import { passwordChangeSchema } from '../domain/schemas/console'
import {
  sessionEndedTo,
  failureTo,
  failureMessage,
  localFieldErrors,
  refusedFields,
  type ConsoleSessionEndedEvent,
  type Message,
} from './console-calls'
import { notProvided } from './kit/not-provided'

export const PASSWORD_FIELDS = ['current', 'next', 'repeat'] as const
export type PasswordField = (typeof PASSWORD_FIELDS)[number]
export type PasswordValues = Record<PasswordField, string>

export interface PasswordFormInput {
  draft?: Partial<PasswordValues> | null
}

export interface PasswordFormContext {
  values: PasswordValues
  fieldErrors: Partial<Record<PasswordField, Message>>
  error: Message | null
}

export type PasswordFormEvent =
  { type: 'password.changed'; field: PasswordField; value: string } | { type: 'password.submitted' }

const EMPTY: PasswordValues = { current: '', next: '', repeat: '' }

/**
 * The server names `current` when the current password is wrong (server/console/module.ts), and `next` when the new
 * one breaks its length rule.
 */
const FIELD_RULES: Readonly<Record<'current' | 'next', string>> = {
  current: 'console.password.wrongCurrent',
  next: 'console.validation.passwordShort',
}

const formErrors = (c: PasswordFormContext) =>
  localFieldErrors(passwordChangeSchema, c.values, PASSWORD_FIELDS)

export const consolePasswordMachine = setup({
  types: {
    context: {} as PasswordFormContext,
    events: {} as PasswordFormEvent,
    input: {} as PasswordFormInput,
    tags: {} as 'busy' | 'saving' | 'changed',
  },
  actors: {
    changePassword: fromPromise<void, PasswordChangeRequest>(
      notProvided('changePassword', 'services/console'),
    ),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    refusedAtFields: (_, params: { error: unknown }) => refusedFields(params.error, FIELD_RULES) !== null,
  },
  actions: {
    change: assign(({ context }, params: { field: PasswordField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
    })),
    showFormErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    clearError: assign({ error: null }),
    showFieldRefusal: assign(({ context }, params: { error: unknown }) => ({
      fieldErrors: { ...context.fieldErrors, ...refusedFields(params.error, FIELD_RULES) },
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    clearValues: assign({ values: EMPTY, fieldErrors: {} }),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'password',
      draft: { ...context.values },
    })),
  },
}).createMachine({
  id: 'consolePassword',
  description: 'A staff member changes their password; their other sessions end.',
  context: ({ input }) => ({
    values: { ...EMPTY, ...input.draft },
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.changed': { actions: { type: 'change', params: ({ event }) => event } },
        'password.submitted': [
          { guard: 'formValid', target: 'saving', actions: 'clearError' },
          { actions: 'showFormErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ current: context.values.current, next: context.values.next }),
        onDone: { target: 'changed', actions: 'clearValues' },
        onError: [
          sessionEndedTo('editing'),
          {
            guard: { type: 'refusedAtFields', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showFieldRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          failureTo('editing', 'showFailure'),
        ],
      },
    },
    changed: {
      description: 'Changed: this session goes on, every other one of the member has ended.',
      tags: ['changed'],
      on: {
        'password.changed': {
          target: 'editing',
          actions: { type: 'change', params: ({ event }) => event },
        },
      },
    },
  },
})

/** What the change-password page shows. */
export function passwordView(s: SnapshotFrom<typeof consolePasswordMachine>) {
  return {
    values: s.context.values,
    errors: s.context.fieldErrors,
    error: s.context.error,
    saving: s.hasTag('saving'),
    changed: s.hasTag('changed'),
    canSubmit: s.can({ type: 'password.submitted' }),
  }
}
