/**
 * Issue 20: the console as a whole — sign-in first, then only the pages the member's role may open; a session that
 * ends sends the member back to sign-in and, once the same member is back, to the page with what they typed.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { consoleAppMachine, consoleAppView, type LazyPage } from '../../machines/console-app.machine'
import type { ConsoleRouteName } from '../../domain/console'
import {
  ADMIN,
  NETWORK,
  OTHER_ADMIN,
  SIGNED_OUT,
  SUPPORT,
  meOf,
  consoleStubs,
  provideConsole,
  startConsole,
  type ConsoleAnswers,
} from './console-fixtures'
import { consoleRouteOf } from '../../src/console/state-to-path'

type Console = ReturnType<typeof startConsole>['actor']

const on = (actor: Console, route: ConsoleRouteName) =>
  waitFor(actor, (s) => consoleRouteOf(s) === route && !s.hasTag('busy'))

/** Signs in through the sign-in page's form. */
async function signIn(actor: Console, username = 'ana.admin') {
  await on(actor, 'signIn')
  const form = actor.getSnapshot().children.signInForm!
  for (const [field, value] of Object.entries({
    username,
    password: 'correct horse battery',
    code: '123456',
  }))
    form.send({ type: 'signIn.changed', field: field as 'username', value })
  form.send({ type: 'signIn.submitted' })
  await waitFor(actor, (s) => s.matches('signedIn'))
}

const route = (to: ConsoleRouteName) => ({ type: 'xstate.route', to: `#${to}` }) as const

describe('the console', () => {
  it('opens the sign-in page when this tab has no session, and the page asked for once signed in', async () => {
    const { actor, stubs } = startConsole({}, { entry: 'audit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await signIn(actor)
    expect(stubs.signIn).toHaveBeenCalledWith({
      username: 'ana.admin',
      password: 'correct horse battery',
      code: '123456',
    })
    await on(actor, 'audit')
    expect(actor.getSnapshot().context.member).toEqual(ADMIN)
    expect(actor.getSnapshot().children.auditLog).toBeDefined()
  })

  it('opens the page the console was opened at when this tab’s session is still live', async () => {
    const { actor } = startConsole({ restoreSession: async () => meOf(ADMIN) }, { entry: 'staff' })
    await on(actor, 'staff')
    expect(actor.getSnapshot().children.staffForm).toBeDefined()
  })

  it('lets a support member open the overview and their password, and refuses them the admins’ pages', async () => {
    const { actor } = startConsole({ restoreSession: async () => meOf(SUPPORT) })
    await on(actor, 'overview')
    for (const page of ['staff', 'audit'] as const) {
      expect(actor.getSnapshot().can(route(page))).toBe(false)
      actor.send(route(page))
      expect(consoleRouteOf(actor.getSnapshot())).toBe('overview')
    }
    actor.send(route('password'))
    expect(consoleRouteOf(actor.getSnapshot())).toBe('password')
  })

  it('takes a support member who opened an admin’s page to the overview once signed in', async () => {
    const { actor } = startConsole({ signIn: async () => meOf(SUPPORT) }, { entry: 'staff' })
    await signIn(actor, 'amina.support')
    await on(actor, 'overview')
  })

  it('keeps a page asked for at the sign-in page, and goes there once signed in', async () => {
    const { actor } = startConsole()
    await on(actor, 'signIn')
    actor.send(route('audit'))
    expect(consoleRouteOf(actor.getSnapshot())).toBe('signIn')
    await signIn(actor)
    await on(actor, 'audit')
  })

  it('sends the admin back to sign-in when the session ends, then back to the form as typed', async () => {
    let ended = true
    const answers: ConsoleAnswers = {
      restoreSession: async () => meOf(ADMIN),
      createStaff: async (request) => {
        if (ended) throw SIGNED_OUT
        return {
          staff: { id: 9, username: request.username, displayName: request.displayName, role: request.role },
          otpauthUri:
            'otpauth://totp/Kopa%20console%3Aamina.support?secret=JBSWY3DPEHPK3PXP&issuer=Kopa+console',
        }
      },
    }
    const { actor } = startConsole(answers, { entry: 'staff' })
    await on(actor, 'staff')
    const typed = {
      username: 'amina.support',
      displayName: 'Amina Juma',
      role: 'support',
      password: 'a long first password',
    }
    const form = actor.getSnapshot().children.staffForm!
    for (const [field, value] of Object.entries(typed))
      form.send({ type: 'staff.changed', field: field as 'role', value })
    form.send({ type: 'staff.submitted' })
    await on(actor, 'signIn')
    const signInForm = actor.getSnapshot().children.signInForm!
    expect(signInForm.getSnapshot().context.notice).toBe('sessionEnded')
    expect(signInForm.getSnapshot().context.values.username).toBe('ana.admin')
    ended = false
    await signIn(actor)
    await on(actor, 'staff')
    const again = actor.getSnapshot().children.staffForm!
    expect(again.getSnapshot().context.values).toEqual(typed)
    again.send({ type: 'staff.submitted' })
    await waitFor(again, (s) => s.hasTag('created'))
  })

  it('gives another member who signs in at that desk nothing of what was typed', async () => {
    const { actor, stubs } = startConsole(
      {
        restoreSession: async () => meOf(ADMIN),
        createStaff: async () => {
          throw SIGNED_OUT
        },
      },
      { entry: 'staff' },
    )
    await on(actor, 'staff')
    const form = actor.getSnapshot().children.staffForm!
    const typed = {
      username: 'amina.support',
      displayName: 'Amina Juma',
      role: 'support',
      password: 'a long first password',
    }
    for (const [field, value] of Object.entries(typed))
      form.send({ type: 'staff.changed', field: field as 'role', value })
    form.send({ type: 'staff.submitted' })
    await on(actor, 'signIn')
    stubs.signIn.mockImplementation(async () => meOf(OTHER_ADMIN))
    await signIn(actor, 'juma.admin')
    await on(actor, 'staff')
    expect(actor.getSnapshot().children.staffForm!.getSnapshot().context.values.username).toBe('')
  })

  it('keeps a form’s draft only for the visit it was given back to', async () => {
    let ended = true
    const { actor } = startConsole(
      {
        restoreSession: async () => meOf(ADMIN),
        changePassword: async () => {
          if (ended) throw SIGNED_OUT
        },
      },
      { entry: 'password' },
    )
    await on(actor, 'password')
    const form = actor.getSnapshot().children.passwordForm!
    form.send({ type: 'password.changed', field: 'current', value: 'old password' })
    form.send({ type: 'password.changed', field: 'next', value: 'a much longer one' })
    form.send({ type: 'password.changed', field: 'repeat', value: 'a much longer one' })
    form.send({ type: 'password.submitted' })
    await on(actor, 'signIn')
    ended = false
    await signIn(actor)
    await on(actor, 'password')
    expect(actor.getSnapshot().children.passwordForm!.getSnapshot().context.values.current).toBe(
      'old password',
    )
    actor.send(route('overview'))
    actor.send(route('password'))
    expect(actor.getSnapshot().children.passwordForm!.getSnapshot().context.values.current).toBe('')
  })

  it('signs out: the session is ended at the server and nothing of it is kept', async () => {
    const { actor, stubs } = startConsole({ restoreSession: async () => meOf(ADMIN) }, { entry: 'staff' })
    await on(actor, 'staff')
    actor.send({ type: 'console.signOutRequested' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await on(actor, 'signIn')
    expect(stubs.signOut).toHaveBeenCalledTimes(1)
    const { context } = actor.getSnapshot()
    expect(context.member).toBeNull()
    expect(context.permissions).toEqual([])
    expect(context.drafts).toEqual({})
    expect(actor.getSnapshot().children.signInForm!.getSnapshot().context.notice).toBe('signedOut')
  })

  it('signs out here even when the server cannot be told', async () => {
    const { actor } = startConsole({
      restoreSession: async () => meOf(ADMIN),
      signOut: async () => {
        throw NETWORK
      },
    })
    await on(actor, 'overview')
    actor.send({ type: 'console.signOutRequested' })
    await on(actor, 'signIn')
    expect(actor.getSnapshot().context.member).toBeNull()
  })

  it('says when it cannot reach the server at start-up, and tries again on request', async () => {
    let reachable = false
    const { actor } = startConsole({
      restoreSession: async () => {
        if (!reachable) throw NETWORK
        return meOf(ADMIN)
      },
    })
    await waitFor(actor, (s) => s.matches('unreachable'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    reachable = true
    actor.send({ type: 'console.retried' })
    await on(actor, 'overview')
  })

  it('says when a page’s module does not arrive, and fetches it again on request', async () => {
    const stubs = consoleStubs({ restoreSession: async () => meOf(ADMIN) })
    let online = false
    const asked: LazyPage[] = []
    const actor = createActor(
      consoleAppMachine.provide({
        actors: {
          ...provideConsole(stubs),
          restoreSession: fromPromise(() => stubs.restoreSession()),
          loadPage: fromPromise<void, { page: LazyPage }>(async ({ input }) => {
            asked.push(input.page)
            if (!online) throw NETWORK
          }),
        },
      }),
      { input: { language: 'en', timeZone: 'Africa/Dar_es_Salaam', entry: 'books' } },
    ).start()
    await waitFor(actor, (s) => s.hasTag('pageUnloaded'))
    expect(consoleAppView(actor.getSnapshot())).toMatchObject({ route: 'books', pageUnloaded: true })
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    expect(actor.getSnapshot().children.booksReader).toBeUndefined()
    online = true
    actor.send({ type: 'console.retried' })
    await on(actor, 'books')
    expect(actor.getSnapshot().children.booksReader).toBeDefined()
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(asked).toEqual(['books', 'books'])
  })

  it('keeps the language the member chooses', async () => {
    const { actor, stubs } = startConsole()
    await on(actor, 'signIn')
    actor.send({ type: 'console.languageChosen', language: 'sw' })
    expect(actor.getSnapshot().context.language).toBe('sw')
    await waitFor(actor, () => stubs.storeLanguage.mock.calls.length > 0)
    expect(stubs.storeLanguage).toHaveBeenCalledWith({ language: 'sw' })
  })
})
