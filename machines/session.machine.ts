/**
 * The borrower's session: the token in local storage and the user info read after login (spec §3, §7).
 *
 * Login and logout usually come from the native shell ('shell.login' with the token, 'shell.logout'); the web
 * login screen and settings send the same events of their own ('session.signIn', 'session.signOut'). Any call
 * answered with one of spec §8's four session codes ends the session: the composition sends 'session.ended'
 * (with the code when it is known), the stored session is cleared and `toastKey` names the message to show
 * (errors.code.<code>; errors.code.100103 "Token invalid, please login again" when the code is unknown).
 * Where the borrower goes next (login, home) is the journey's business; this machine only keeps the session.
 */
import { assign, fromPromise, setup } from 'xstate'
import { ApiCode, isSessionCode } from '../domain/api-codes'
import type { UserInfo } from '../domain/api-types'
import { isProtectedRoute, type RouteName } from '../domain/routes'
import { isSessionEnded } from './kit/call-failure'

/** The user info of /security/getUserInfo, as stored under `userInfo` (spec §3: includes basicInfo.userId). */
export type SessionUser = UserInfo

export interface StoredSession {
  token: string | null
  user: SessionUser | null
}

/**
 * How a session ends: `revoke` asks the server to forget the token (/security/logout) — not when the server ended
 * it; `tellShell` tells the native shell (its `logout` action) — not when the shell ended it.
 */
export interface SessionClearing {
  revoke: boolean
  tellShell: boolean
}

export interface SessionContext extends StoredSession {
  /** i18n key of the message to show once after the server ended the session (errors.code.<code>). */
  toastKey: string | null
}

export type SessionEvent =
  | { type: 'shell.login'; token: string }
  | { type: 'shell.logout' }
  | { type: 'session.signIn'; token: string }
  | { type: 'session.signOut' }
  /** A call was answered with a session code; screen machines escalate it without the code. */
  | { type: 'session.ended'; code?: number }
  | { type: 'session.toastShown' }
  /** Read the user info again (the review of an application shows what the server has). */
  | { type: 'session.reload' }

/** Spec §2 route guard: a protected route needs a stored token; without one the borrower goes to login. */
export function needsLogin(route: RouteName, token: string | null): boolean {
  return isProtectedRoute(route) && !token
}

/** The borrower's user id (spec §3 userInfo.basicInfo.userId). */
export function userIdOf(user: SessionUser | null): string | null {
  return user?.basicInfo.userId || null
}

/** The session code a failed call carried (the actors keep the API client's `code` on the failure). */
function codeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'number' && isSessionCode(code) ? code : undefined
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'busy' | 'signedIn',
  },
  actors: {
    readStoredSession: fromPromise<StoredSession>(async () => {
      throw new Error('readStoredSession is provided by services/actors/session-actors.ts')
    }),
    storeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('storeToken is provided by services/actors/session-actors.ts')
    }),
    loadUser: fromPromise<SessionUser>(async () => {
      throw new Error('loadUser is provided by services/actors/session-actors.ts')
    }),
    clearStoredSession: fromPromise<void, SessionClearing>(async () => {
      throw new Error('clearStoredSession is provided by services/actors/session-actors.ts')
    }),
  },
  guards: {
    hasToken: (_, params: { token: string | null }) => Boolean(params.token),
    isSessionCode: ({ event }) =>
      event.type === 'session.ended' && (event.code === undefined || isSessionCode(event.code)),
    sessionEndedBy: (_, params: { error: unknown }) => isSessionEnded(params.error),
  },
  actions: {
    restore: assign((_, params: StoredSession) => ({ token: params.token, user: params.token ? params.user : null })),
    takeToken: assign((_, params: { token: string }) => ({ token: params.token, user: null, toastKey: null })),
    takeUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    forget: assign({ token: null, user: null }),
    announceEnd: assign((_, params: { code?: number }) => ({
      toastKey: `errors.code.${params.code ?? ApiCode.TokenInvalid}`,
    })),
    clearToast: assign({ toastKey: null }),
  },
}).createMachine({
  id: 'session',
  description: "The borrower's token and user info; ends on logout or on one of spec §8's session codes.",
  context: { token: null, user: null, toastKey: null },
  initial: 'restoring',
  on: {
    'shell.login': { target: '.signingIn', actions: { type: 'takeToken', params: ({ event }) => event } },
    'session.signIn': { target: '.signingIn', actions: { type: 'takeToken', params: ({ event }) => event } },
    'session.toastShown': { actions: 'clearToast' },
  },
  states: {
    restoring: {
      description: 'Reads the token and user info the app (or the native shell) stored earlier.',
      tags: ['busy'],
      invoke: {
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'restore', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: 'signedOut',
      },
    },
    signedOut: {},
    signingIn: {
      description: 'Stores the token the shell or the login screen handed over.',
      tags: ['busy'],
      invoke: {
        src: 'storeToken',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'signedIn',
        onError: { target: 'signedOut', actions: 'forget' },
      },
    },
    signedIn: {
      description: 'A token is stored. The user info is (re)read after every login and start-up.',
      tags: ['signedIn'],
      initial: 'loadingUser',
      on: {
        'shell.logout': 'signingOut',
        'session.signOut': 'signingOut',
        'session.reload': '.loadingUser',
        'session.ended': {
          guard: 'isSessionCode',
          target: 'ending',
          actions: { type: 'announceEnd', params: ({ event }) => event },
        },
      },
      states: {
        loadingUser: {
          invoke: {
            src: 'loadUser',
            onDone: { target: 'ready', actions: { type: 'takeUser', params: ({ event }) => ({ user: event.output }) } },
            onError: [
              // The server refused the token: the session is over.
              {
                guard: { type: 'sessionEndedBy', params: ({ event }) => ({ error: event.error }) },
                target: '#session.ending',
                actions: {
                  type: 'announceEnd',
                  params: ({ event }) => ({ code: codeOf(event.error) }),
                },
              },
              // Offline: keep the session and whatever user info was stored.
              { target: 'ready' },
            ],
          },
        },
        ready: {},
      },
    },
    ending: {
      description: 'The server ended the session (spec §8): the stored session is cleared and the shell told.',
      tags: ['busy'],
      entry: 'forget',
      invoke: {
        src: 'clearStoredSession',
        input: { revoke: false, tellShell: true } satisfies SessionClearing,
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
    signingOut: {
      description:
        'The borrower (in the app) or the shell logged out: the stored session is cleared, the server forgets the ' +
        'token, and the shell is told unless it said so itself.',
      tags: ['busy'],
      entry: 'forget',
      invoke: {
        src: 'clearStoredSession',
        input: ({ event }): SessionClearing => ({ revoke: true, tellShell: event.type !== 'shell.logout' }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
  },
})
