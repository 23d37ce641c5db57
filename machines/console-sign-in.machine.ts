/**
 * console-sign-in — a staff member signs in to the lender's console (issue 20): username, password and the 6-digit
 * code of their authenticator app (RFC 6238), all three at once. The form's own rules (domain/schemas/console.ts)
 * are shown at their fields before anything is sent; the server's answers above the form: the three factors did
 * not match (it never says which), the account is locked until a time (five wrong tries), too many tries (wait),
 * no connection. A code is good once, so after a refused try the code is cleared for the next one; what else was
 * typed stays.
 *
 * Input: { username?, notice? } — the username of a member whose session ended, and why the form shows
 *        ('sessionEnded', 'signedOut'), said above it until the member types.
 * Events: signIn.changed {field, value}, signIn.submitted
 * Tags:   busy, signingIn
 * Output: ConsoleMe — the member and what they may do
 * Actors the composition provides (services/console/console-actors.ts):
 *   signIn ({ username, password, code }) → ConsoleMe   (POST /console/api/session, then GET /console/api/me)
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { ConsoleMe, ConsoleSignInRequest } from '../domain/console'
import { consoleFailureOf } from '../domain/console'
import { normalUsername, signInSchema } from '../domain/schemas/console'
import {
  failureMessage,
  localFieldErrors,
  refusedFields,
  refusedWith,
  type Message,
  msg,
} from './console-calls'
import { notProvided } from './kit/not-provided'

export const SIGN_IN_FIELDS = ['username', 'password', 'code'] as const
export type SignInField = (typeof SIGN_IN_FIELDS)[number]
export type SignInValues = Record<SignInField, string>

export type SignInNotice = 'sessionEnded' | 'signedOut'

export interface SignInInput {
  username?: string
  notice?: SignInNotice | null
}

export interface SignInContext {
  values: SignInValues
  fieldErrors: Partial<Record<SignInField, Message>>
  error: Message | null
  notice: SignInNotice | null
  result: ConsoleMe | null
}

export type SignInEvent =
  { type: 'signIn.changed'; field: SignInField; value: string } | { type: 'signIn.submitted' }

/** The rule each field breaks when the server names it (400 invalidInput). */
const FIELD_RULES: Readonly<Record<SignInField, string>> = {
  username: 'console.validation.username',
  password: 'console.validation.required',
  code: 'console.validation.code',
}

const formErrors = (c: SignInContext) => localFieldErrors(signInSchema, c.values, SIGN_IN_FIELDS)

/** What the server's refusal means for the member, above the form. */
function refusal(error: unknown): Message {
  const failure = consoleFailureOf(error)
  if (refusedWith(error, 401, 'wrongCredentials')) return msg('console.signIn.wrong')
  if (failure.kind === 'refused' && failure.status === 423)
    return failure.retryAt
      ? msg('console.signIn.lockedUntil', { until: Date.parse(failure.retryAt) })
      : msg('console.signIn.locked')
  return failureMessage(error)
}

export const consoleSignInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    output: {} as ConsoleMe,
    tags: {} as 'busy' | 'signingIn',
  },
  actors: {
    signIn: fromPromise<ConsoleMe, ConsoleSignInRequest>(notProvided('signIn', 'services/console')),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    refusedAtFields: (_, params: { error: unknown }) => refusedFields(params.error, FIELD_RULES) !== null,
  },
  actions: {
    change: assign(({ context }, params: { field: SignInField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
      notice: null,
    })),
    showFormErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    clearError: assign({ error: null }),
    showFieldRefusal: assign(({ context }, params: { error: unknown }) => ({
      fieldErrors: { ...context.fieldErrors, ...refusedFields(params.error, FIELD_RULES) },
    })),
    /** The code was spent or wrong either way: the next try needs the authenticator's next code. */
    showRefusal: assign(({ context }, params: { error: unknown }) => ({
      error: refusal(params.error),
      values: { ...context.values, code: '' },
    })),
    keepResult: assign((_, params: { result: ConsoleMe }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'consoleSignIn',
  description: 'A staff member signs in with a username, a password and the code of their authenticator app.',
  context: ({ input }) => ({
    values: { username: input.username ?? '', password: '', code: '' },
    fieldErrors: {},
    error: null,
    notice: input.notice ?? null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'signIn.changed': { actions: { type: 'change', params: ({ event }) => event } },
        'signIn.submitted': [
          { guard: 'formValid', target: 'signingIn', actions: 'clearError' },
          { actions: 'showFormErrors' },
        ],
      },
    },
    signingIn: {
      tags: ['busy', 'signingIn'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({
          username: normalUsername(context.values.username),
          password: context.values.password,
          code: context.values.code.trim(),
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: [
          {
            guard: { type: 'refusedAtFields', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showFieldRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => context.result!,
})

/** What the sign-in page shows. */
export function signInView(s: SnapshotFrom<typeof consoleSignInMachine>) {
  return {
    values: s.context.values,
    errors: s.context.fieldErrors,
    error: s.context.error,
    notice: s.context.notice,
    signingIn: s.hasTag('signingIn'),
    canSubmit: s.can({ type: 'signIn.submitted' }),
  }
}
