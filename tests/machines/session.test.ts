import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { user } from './journey-fixtures'
import {
  needsLogin,
  sessionMachine,
  userIdOf,
  type SessionClearing,
  type SessionUser,
  type StoredSession,
} from '../../machines/session.machine'

const USER: SessionUser = user('42')

function start(stored: StoredSession, opts: { loadUser?: () => Promise<SessionUser> } = {}) {
  const storeToken = vi.fn(async (_: { token: string }) => {})
  const loadUser = vi.fn(opts.loadUser ?? (async () => USER))
  const clearStoredSession = vi.fn(async (_: SessionClearing) => {})
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        readStoredSession: fromPromise(async () => stored),
        storeToken: fromPromise(({ input }: { input: { token: string } }) => storeToken(input)),
        loadUser: fromPromise(() => loadUser()),
        clearStoredSession: fromPromise(({ input }: { input: SessionClearing }) => clearStoredSession(input)),
      },
    }),
  ).start()
  return { actor, storeToken, loadUser, clearStoredSession }
}

describe('session', () => {
  it('starts signed out when no token is stored', async () => {
    const { actor, loadUser } = start({ token: null, user: null })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(snap.matches('signedOut')).toBe(true)
    expect(loadUser).not.toHaveBeenCalled()
  })

  it('restores a stored token and reads the user info again at start-up', async () => {
    const { actor, loadUser } = start({ token: 'tok-1', user: user('7') })
    const snap = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    expect(snap.context.token).toBe('tok-1')
    expect(loadUser).toHaveBeenCalledTimes(1)
    expect(userIdOf(snap.context.user)).toBe('42')
  })

  it('stores the token the native shell hands over and then calls getUserInfo', async () => {
    const { actor, storeToken, loadUser } = start({ token: null, user: null })
    await waitFor(actor, (s) => s.matches('signedOut'))
    actor.send({ type: 'shell.login', token: 'tok-shell' })
    const snap = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    expect(storeToken).toHaveBeenCalledWith({ token: 'tok-shell' })
    expect(loadUser).toHaveBeenCalledTimes(1)
    expect(snap.context).toMatchObject({ token: 'tok-shell', user: USER })
  })

  it('keeps the session when the user info cannot be read offline', async () => {
    const { actor } = start({ token: 'tok-1', user: user('7') }, {
      loadUser: async () => {
        throw { kind: 'network' }
      },
    })
    const snap = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    expect(snap.context.token).toBe('tok-1')
    expect(userIdOf(snap.context.user)).toBe('7')
  })

  it.each([10010301, 10010303, 10010304, 100103])(
    'clears the session and names the toast errors.code.%s when the server answers that session code',
    async (code) => {
      const { actor, clearStoredSession } = start({ token: 'tok-1', user: USER })
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
      actor.send({ type: 'session.ended', code })
      const snap = await waitFor(actor, (s) => s.matches('signedOut'))
      expect(clearStoredSession).toHaveBeenCalledTimes(1)
      expect(snap.context).toEqual({ token: null, user: null, toastKey: `errors.code.${code}` })
      actor.send({ type: 'session.toastShown' })
      expect(actor.getSnapshot().context.toastKey).toBeNull()
    },
  )

  it('ends the session with the generic token message when a screen escalates it without a code', async () => {
    const { actor } = start({ token: 'tok-1', user: USER })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    actor.send({ type: 'session.ended' })
    const snap = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(snap.context.toastKey).toBe('errors.code.100103')
  })

  it('ignores a response code that is not a session code', async () => {
    const { actor, clearStoredSession } = start({ token: 'tok-1', user: USER })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    expect(actor.getSnapshot().can({ type: 'session.ended', code: 1001 })).toBe(false)
    actor.send({ type: 'session.ended', code: 1001 })
    expect(actor.getSnapshot().context.token).toBe('tok-1')
    expect(clearStoredSession).not.toHaveBeenCalled()
  })

  it('ends the session when the server refuses the token while reading the user info', async () => {
    const { actor, clearStoredSession } = start({ token: 'stale', user: USER }, {
      loadUser: async () => {
        throw { kind: 'sessionEnded', code: 10010303 }
      },
    })
    const snap = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(snap.context).toEqual({ token: null, user: null, toastKey: 'errors.code.10010303' })
    // The server already dropped the token; the shell must drop its copy.
    expect(clearStoredSession.mock.calls).toEqual([[{ revoke: false, tellShell: true }]])
  })

  it('logs out when the native shell says so, without a toast', async () => {
    const { actor, clearStoredSession } = start({ token: 'tok-1', user: USER })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    actor.send({ type: 'shell.logout' })
    const snap = await waitFor(actor, (s) => s.matches('signedOut'))
    // The server forgets the token; the shell, which said so itself, is not told back.
    expect(clearStoredSession.mock.calls).toEqual([[{ revoke: true, tellShell: false }]])
    expect(snap.context).toEqual({ token: null, user: null, toastKey: null })
  })

  it('logs out in the app: the server forgets the token and the shell is told', async () => {
    const { actor, clearStoredSession } = start({ token: 'tok-1', user: USER })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    actor.send({ type: 'session.signOut' })
    const snap = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(clearStoredSession.mock.calls).toEqual([[{ revoke: true, tellShell: true }]])
    expect(snap.context.token).toBeNull()
  })
})

describe('route guard of spec §2', () => {
  it('sends a borrower without a token from a protected route to login, and lets public routes open', () => {
    expect(needsLogin('personalInfomation', null)).toBe(true)
    expect(needsLogin('records', null)).toBe(true)
    expect(needsLogin('personalInfomation', 'tok')).toBe(false)
    expect(needsLogin('home', null)).toBe(false)
    expect(needsLogin('privacyPolicy', null)).toBe(false)
  })
})
