/**
 * console-staff — an admin adds a staff member to the console (issue 20): username, display name, role and a first
 * password (12 characters at least; "Suggest one" fills in a random one). The server answers the member and the
 * `otpauth://` URI of their new authenticator secret, which is shown once — as the URI and as the setup key an
 * authenticator app takes by hand — for the admin to hand over with the password. The member changes the password
 * after signing in.
 *
 * The form's rules (domain/schemas/console.ts) are shown at their fields before anything is sent; a username
 * another member has (409) at the username. A call that finds the session ended tells the console with the form as
 * typed, which it gives back once the admin has signed in again (machines/console-app.machine.ts).
 *
 * Input: { draft? } — the form as typed before the session ended
 * Events: staff.changed {field, value}, staff.passwordSuggested, staff.submitted, staff.another
 * Tags:   busy (suggesting, creating), creating, created (the new member is shown)
 * Actors the composition provides (services/console/console-actors.ts):
 *   createStaff ({ username, displayName, role, password }) → NewStaffReply   (POST /console/api/staff)
 *   suggestPassword () → string                                             (20 random characters)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import { isSignedOut, type NewStaffReply, type NewStaffRequest, type StaffRole } from '../domain/console'
import { newStaffSchema, normalUsername } from '../domain/schemas/console'
import {
  sessionEndedTo,
  failureTo,
  failureMessage,
  localFieldErrors,
  refusedFields,
  refusedWith,
  type ConsoleSessionEndedEvent,
  type Message,
  msg,
} from './console-calls'
import { notProvided } from './kit/not-provided'

export const NEW_STAFF_FIELDS = ['username', 'displayName', 'role', 'password'] as const
export type NewStaffField = (typeof NEW_STAFF_FIELDS)[number]
export type NewStaffValues = Record<NewStaffField, string>

export interface StaffFormInput {
  draft?: Partial<NewStaffValues> | null
}

export interface StaffFormContext {
  values: NewStaffValues
  fieldErrors: Partial<Record<NewStaffField, Message>>
  error: Message | null
  /** The member just added and their authenticator's URI (shown once). */
  created: NewStaffReply | null
  /** The first password the member was given, shown with them for the admin to hand over. */
  firstPassword: string | null
}

export type StaffFormEvent =
  | { type: 'staff.changed'; field: NewStaffField; value: string }
  | { type: 'staff.passwordSuggested' }
  | { type: 'staff.submitted' }
  | { type: 'staff.another' }

const EMPTY: NewStaffValues = { username: '', displayName: '', role: '', password: '' }

const FIELD_RULES: Readonly<Record<NewStaffField, string>> = {
  username: 'console.validation.username',
  displayName: 'console.validation.displayNameLong',
  role: 'console.validation.role',
  password: 'console.validation.passwordShort',
}

const formErrors = (c: StaffFormContext) => localFieldErrors(newStaffSchema, c.values, NEW_STAFF_FIELDS)

export const consoleStaffMachine = setup({
  types: {
    context: {} as StaffFormContext,
    events: {} as StaffFormEvent,
    input: {} as StaffFormInput,
    tags: {} as 'busy' | 'creating' | 'created',
  },
  actors: {
    createStaff: fromPromise<NewStaffReply, NewStaffRequest>(notProvided('createStaff', 'services/console')),
    suggestPassword: fromPromise<string>(notProvided('suggestPassword', 'services/console')),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    usernameTaken: (_, params: { error: unknown }) => refusedWith(params.error, 409, 'usernameTaken'),
    refusedAtFields: (_, params: { error: unknown }) => refusedFields(params.error, FIELD_RULES) !== null,
  },
  actions: {
    change: assign(({ context }, params: { field: NewStaffField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
    })),
    takePassword: assign(({ context }, params: { password: string }) => ({
      values: { ...context.values, password: params.password },
      fieldErrors: { ...context.fieldErrors, password: undefined },
    })),
    showFormErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    clearError: assign({ error: null }),
    showTaken: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, username: msg('console.staff.taken') },
    })),
    showFieldRefusal: assign(({ context }, params: { error: unknown }) => ({
      fieldErrors: { ...context.fieldErrors, ...refusedFields(params.error, FIELD_RULES) },
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    sayNoSuggestion: assign({ error: msg('console.staff.suggestFailed') }),
    keepCreated: assign(({ context }, params: { created: NewStaffReply }) => ({
      created: params.created,
      firstPassword: context.values.password,
      values: EMPTY,
      fieldErrors: {},
    })),
    forgetCreated: assign({ created: null, firstPassword: null }),
    /** The console keeps the form as typed while the admin signs in again. */
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'staff',
      draft: { ...context.values },
    })),
  },
}).createMachine({
  id: 'consoleStaff',
  description:
    'An admin adds a staff member with a role and a first password; their authenticator URI is shown once.',
  context: ({ input }) => ({
    values: { ...EMPTY, ...input.draft },
    fieldErrors: {},
    error: null,
    created: null,
    firstPassword: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'staff.changed': { actions: { type: 'change', params: ({ event }) => event } },
        'staff.passwordSuggested': { target: 'suggesting', actions: 'clearError' },
        'staff.submitted': [
          { guard: 'formValid', target: 'creating', actions: 'clearError' },
          { actions: 'showFormErrors' },
        ],
      },
    },
    suggesting: {
      tags: ['busy'],
      invoke: {
        src: 'suggestPassword',
        onDone: {
          target: 'editing',
          actions: { type: 'takePassword', params: ({ event }) => ({ password: event.output }) },
        },
        onError: { target: 'editing', actions: 'sayNoSuggestion' },
      },
    },
    creating: {
      tags: ['busy', 'creating'],
      invoke: {
        src: 'createStaff',
        input: ({ context }) => ({
          username: normalUsername(context.values.username),
          displayName: context.values.displayName.trim(),
          // formValid let only a role of STAFF_ROLES through.
          role: context.values.role as StaffRole,
          password: context.values.password,
        }),
        onDone: {
          target: 'created',
          actions: { type: 'keepCreated', params: ({ event }) => ({ created: event.output }) },
        },
        onError: [
          sessionEndedTo('editing'),
          {
            guard: { type: 'usernameTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'showTaken',
          },
          {
            guard: { type: 'refusedAtFields', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showFieldRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          failureTo('editing', 'showFailure'),
        ],
      },
    },
    created: {
      description:
        'The new member and their authenticator URI, shown once; then another member may be added.',
      tags: ['created'],
      on: { 'staff.another': { target: 'editing', actions: 'forgetCreated' } },
    },
  },
})

/** What the staff page shows: the form, or the member just added with what they need to sign in (once). */
export function staffView(s: SnapshotFrom<typeof consoleStaffMachine>) {
  const c = s.context
  return {
    values: c.values,
    errors: c.fieldErrors,
    error: c.error,
    creating: s.hasTag('creating'),
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'staff.submitted' }),
    canSuggest: s.can({ type: 'staff.passwordSuggested' }),
    created: s.hasTag('created') ? c.created : null,
    firstPassword: c.firstPassword,
  }
}
