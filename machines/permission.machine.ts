/**
 * permission — the permission disclosure (/pop and /permission; spec §1, §6; decisions.md "Data and privacy").
 * The screen lists every permission with its purpose and what refusing it means (domain/permissions.ts
 * `permissionUse` for the country's required data). This machine reads the phone's current answers without
 * asking, and once the borrower accepts, asks the phone for the permissions the app uses (never the ones the
 * lender does not use in the country). "Not now" goes on without asking.
 *
 * An acceptance is remembered on the device (`acceptedAt`): the disclosure then says when it was accepted, and the
 * /pop prompt (input `skipWhenAccepted`) is not shown again — it ends at once as accepted. A "not now" is not
 * remembered: the prompt asks again next time.
 *
 * Which data the country requires is the server's policy (/time/upload/policy, public: the disclosure may show
 * before login), read before anything is shown (issue 18). While it cannot be read, the list is not shown (it could
 * call "optional" what the lender requires): the borrower may try again or say "not now", never accept blind.
 *
 * Input (PermissionInput): { country, skipWhenAccepted? } — the borrower's country, whose policy is read
 * Events: permissions.accepted, permissions.declined, permissions.retried (after the policy could not be read)
 * Tags:   busy (recalling, reading the policy or the states, or the phone's dialogs are open), policyUnknown
 * Output: { outcome: 'accepted' | 'declined', states } — the states after the borrower answered
 * Actors the composition provides (the native bridge or its web fallback, the API, and storage):
 *   readPolicy         ({ country }) → UploadFlag[]      (/time/upload/policy: the flags the country requires)
 *   recallAcceptance   () → { at } | null              (storage permissionsAccepted)
 *   rememberAcceptance () → { at }                      (storage permissionsAccepted, now)
 *   queryPermissions   ({ names }) → PermissionStates   (bridge queryPermissions)
 *   requestPermissions ({ names }) → PermissionStates   (bridge requestPermissions)
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import {
  DISCLOSED_PERMISSIONS,
  permissionsToRequest,
  type DisclosedPermission,
  type PermissionStates,
  type UploadFlag,
} from '../domain/permissions'
import type { CountryCode } from '../domain/countries'
import { failureOf, messageOf, msg, type Message } from './kit/call-failure'
import { notProvided } from './kit/not-provided'

export interface PermissionInput {
  /** The borrower's country: its data policy (the server's) says which permissions are required. */
  country: CountryCode
  /** The /pop prompt: once accepted on this device, it is not shown again. */
  skipWhenAccepted?: boolean
}

/** When the disclosure was accepted on this device. */
export interface Acceptance {
  /** ms since the epoch (UTC). */
  at: number
}

export interface PermissionContext {
  country: CountryCode
  /** The upload flags the country's policy requires (the server's); empty until read. */
  requiredFlags: readonly UploadFlag[]
  skipWhenAccepted: boolean
  /** When the borrower accepted the disclosure on this device; null: never (or not remembered). */
  acceptedAt: number | null
  /** The phone's answers so far; empty until read (or when the phone cannot say). */
  states: PermissionStates
  error: Message | null
  outcome: 'accepted' | 'declined' | null
}

export type PermissionEvent =
  | { type: 'permissions.accepted' }
  | { type: 'permissions.declined' }
  /** The policy could not be read: read it again. */
  | { type: 'permissions.retried' }

export interface PermissionOutput {
  outcome: 'accepted' | 'declined'
  states: PermissionStates
}

interface NamesInput {
  names: readonly DisclosedPermission[]
}

export const permissionMachine = setup({
  types: {
    context: {} as PermissionContext,
    events: {} as PermissionEvent,
    input: {} as PermissionInput,
    output: {} as PermissionOutput,
    tags: {} as 'busy' | 'policyUnknown',
  },
  actors: {
    readPolicy: fromPromise<UploadFlag[], { country: CountryCode }>(notProvided('readPolicy', 'API')),
    recallAcceptance: fromPromise<Acceptance | null>(notProvided('recallAcceptance', 'native bridge')),
    rememberAcceptance: fromPromise<Acceptance>(notProvided('rememberAcceptance', 'native bridge')),
    queryPermissions: fromPromise<PermissionStates, NamesInput>(
      notProvided('queryPermissions', 'native bridge'),
    ),
    requestPermissions: fromPromise<PermissionStates, NamesInput>(
      notProvided('requestPermissions', 'native bridge'),
    ),
  },
  guards: {
    alreadyAccepted: ({ context }, params: { acceptance: Acceptance | null }) =>
      context.skipWhenAccepted && params.acceptance !== null,
  },
  actions: {
    keepAcceptance: assign((_, params: { acceptance: Acceptance | null }) => ({
      acceptedAt: params.acceptance?.at ?? null,
    })),
    takeStates: assign(({ context }, params: { states: PermissionStates }) => ({
      states: { ...context.states, ...params.states },
    })),
    decide: assign((_, params: { outcome: 'accepted' | 'declined' }) => ({ outcome: params.outcome })),
    showFailure: assign({ error: msg('errors.requestFailed') }),
    takePolicy: assign((_, params: { requiredFlags: readonly UploadFlag[] }) => ({
      requiredFlags: params.requiredFlags,
      error: null,
    })),
    showPolicyFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(failureOf(params.error)),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'permission',
  description:
    'The permission disclosure: what each permission is for, then the phone’s own dialogs on accept.',
  context: ({ input }) => ({
    country: input.country,
    requiredFlags: [],
    skipWhenAccepted: input.skipWhenAccepted ?? false,
    acceptedAt: null,
    states: {},
    error: null,
    outcome: null,
  }),
  initial: 'recalling',
  states: {
    recalling: {
      description:
        'Whether the disclosure was accepted on this device; the /pop prompt then is not shown again.',
      tags: ['busy'],
      invoke: {
        src: 'recallAcceptance',
        onDone: [
          {
            guard: { type: 'alreadyAccepted', params: ({ event }) => ({ acceptance: event.output }) },
            target: 'done',
            actions: [
              { type: 'keepAcceptance', params: ({ event }) => ({ acceptance: event.output }) },
              { type: 'decide', params: { outcome: 'accepted' } },
            ],
          },
          {
            target: 'readingPolicy',
            actions: { type: 'keepAcceptance', params: ({ event }) => ({ acceptance: event.output }) },
          },
        ],
        onError: 'readingPolicy',
      },
    },
    readingPolicy: {
      description: "The server's data policy for the borrower's country: which permissions are required.",
      tags: ['busy'],
      invoke: {
        src: 'readPolicy',
        input: ({ context }) => ({ country: context.country }),
        onDone: {
          target: 'reading',
          actions: { type: 'takePolicy', params: ({ event }) => ({ requiredFlags: event.output }) },
        },
        onError: {
          target: 'policyUnknown',
          actions: { type: 'showPolicyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    policyUnknown: {
      description:
        'The policy could not be read: the list is not shown (nothing is accepted blind); try again or not now.',
      tags: ['policyUnknown'],
      on: {
        'permissions.retried': { target: 'readingPolicy', actions: 'clearError' },
        'permissions.declined': {
          target: 'done',
          actions: { type: 'decide', params: { outcome: 'declined' } },
        },
      },
    },
    reading: {
      description: 'Reads the current answers without asking; a phone that cannot say leaves them unknown.',
      tags: ['busy'],
      invoke: {
        src: 'queryPermissions',
        input: () => ({ names: DISCLOSED_PERMISSIONS }),
        onDone: {
          target: 'shown',
          actions: { type: 'takeStates', params: ({ event }) => ({ states: event.output }) },
        },
        onError: 'shown',
      },
    },
    shown: {
      on: {
        'permissions.accepted': { target: 'asking', actions: 'clearError' },
        'permissions.declined': {
          target: 'done',
          actions: { type: 'decide', params: { outcome: 'declined' } },
        },
      },
    },
    asking: {
      description: "The phone's dialogs for every permission the app uses in the borrower's country.",
      tags: ['busy'],
      invoke: {
        src: 'requestPermissions',
        input: ({ context }) => ({ names: permissionsToRequest(context.requiredFlags) }),
        onDone: {
          target: 'remembering',
          actions: [
            { type: 'takeStates', params: ({ event }) => ({ states: event.output }) },
            { type: 'decide', params: { outcome: 'accepted' } },
          ],
        },
        onError: { target: 'shown', actions: 'showFailure' },
      },
    },
    remembering: {
      description: 'Keeps the acceptance on the device; a phone that refuses the write goes on all the same.',
      tags: ['busy'],
      invoke: {
        src: 'rememberAcceptance',
        onDone: {
          target: 'done',
          actions: { type: 'keepAcceptance', params: ({ event }) => ({ acceptance: event.output }) },
        },
        onError: 'done',
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome ?? 'declined', states: context.states }),
})

/**
 * What the permission disclosure shows — its one read of this machine: the permissions the policy requires and
 * their states, when they were accepted, whether the policy is unknown (a retry), and what the borrower may do.
 */
export function permissionView(s: SnapshotFrom<typeof permissionMachine>) {
  const { context } = s
  return {
    requiredFlags: context.requiredFlags,
    states: context.states,
    error: context.error,
    acceptedAt: context.acceptedAt,
    busy: s.hasTag('busy'),
    policyUnknown: s.hasTag('policyUnknown'),
    canAccept: s.can({ type: 'permissions.accepted' }),
    canDecline: s.can({ type: 'permissions.declined' }),
  }
}
