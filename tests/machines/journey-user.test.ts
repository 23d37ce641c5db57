import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { type JourneyInput, type OrderReading } from '../../machines/journey/journey-context'
import { nextTrail, TRAIL_LENGTH } from '../../machines/journey/journey-routes'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { legalDocumentMachine, type LegalDocumentInput } from '../../machines/legal-document.machine'
import { loginMachine } from '../../machines/login.machine'
import { type CodeRequest, type SignInRequest } from '../../machines/login/login-context'
import { permissionMachine } from '../../machines/permission.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import type { AgreementDocument, RejectRecommendation, UserInfo } from '../../domain/api-types'
import type { PermissionStates, UploadFlag } from '../../domain/permissions'
import type { RouteName } from '../../domain/routes'
import { T0, user } from './journey-fixtures'

/** A signed-out borrower's journey; login, the disclosure and the legal texts answer like the server. */
function start(input: JourneyInput = {}) {
  const codes: CodeRequest[] = []
  const signIns: SignInRequest[] = []
  const documents: LegalDocumentInput[] = []
  const stored: { token: string | null } = { token: null }
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async (): Promise<StoredSession> => ({ token: null, user: null })),
          storeToken: fromPromise(async ({ input }: { input: { token: string } }) => {
            stored.token = input.token
          }),
          loadUser: fromPromise(async (): Promise<UserInfo> => user()),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => ({ order: null, readAt: T0 })),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => Promise.reject(new Error('offline'))),
          checkRejectRecommendation: fromPromise(async (): Promise<RejectRecommendation> => ({
            show: false,
            retryAt: null,
            apps: [],
          })),
        },
      }),
      loginForm: loginMachine.provide({
        actors: {
          requestCode: fromPromise(async ({ input }: { input: CodeRequest }) => {
            codes.push(input)
            return { resendAfterSeconds: 60, expiresInSeconds: 300 }
          }),
          signIn: fromPromise(async ({ input }: { input: SignInRequest }) => {
            signIns.push(input)
            return { token: 'tok-new', userId: '42', newUser: input.purpose === 'register' }
          }),
        },
      }),
      permission: permissionMachine.provide({
        actors: {
          readPolicy: fromPromise(async (): Promise<UploadFlag[]> => []),
          queryPermissions: fromPromise(async (): Promise<PermissionStates> => ({})),
          requestPermissions: fromPromise(async (): Promise<PermissionStates> => ({ camera: 'granted' })),
        },
      }),
      legalDocument: legalDocumentMachine.provide({
        actors: {
          loadLegalDocument: fromPromise(
            async ({ input }: { input: LegalDocumentInput }): Promise<AgreementDocument> => {
              documents.push(input)
              return { title: input.document, version: '1', language: 'en', html: '' }
            },
          ),
        },
      }),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, codes, signIns, documents, stored }
}

type Journey = ReturnType<typeof start>['actor']
const on = (actor: Journey, route: RouteName) =>
  waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 2000 })
const go = (actor: Journey, route: RouteName) => actor.send({ type: 'xstate.route', to: `#${route}` })
const loginForm = (actor: Journey) =>
  actor.getSnapshot().children.loginForm as ActorRefFrom<typeof loginMachine> | undefined

describe('journey: logging in, registering and the public pages', () => {
  it('signs the borrower in with the login form’s token and goes where they were going', async () => {
    const { actor, stored } = start({ entry: 'coupons' })
    await on(actor, 'login')
    const form = loginForm(actor)!
    form.send({ type: 'login.mobileChanged', mobile: '0712345678' })
    form.send({ type: 'login.codeChanged', code: '123456' })
    form.send({ type: 'login.submitted' })
    await on(actor, 'coupons')
    expect(stored.token).toBe('tok-new')
    expect(actor.getSnapshot().context.session.status).toBe('signedIn')
  })

  it('opens register with the number when login finds no account, and login with it when register finds one', async () => {
    const { actor } = start({ entry: 'login' })
    await on(actor, 'login')
    actor.send({ type: 'user.accountSwitched', to: 'register', mobile: '0712345678' })
    await on(actor, 'register')
    expect(loginForm(actor)!.getSnapshot().context).toMatchObject({ purpose: 'register', mobile: '0712345678' })
    actor.send({ type: 'user.accountSwitched', to: 'login', mobile: '0712345679' })
    await on(actor, 'login')
    expect(loginForm(actor)!.getSnapshot().context).toMatchObject({ purpose: 'login', mobile: '0712345679' })
  })

  it('logs in and registers in the country chosen on /user/nation', async () => {
    const { actor, codes } = start({ entry: 'nation', country: 'KE' })
    await on(actor, 'nation')
    actor.send({ type: 'user.countryChosen', country: 'MX' })
    go(actor, 'register')
    await on(actor, 'register')
    const form = loginForm(actor)!
    expect(form.getSnapshot().context).toMatchObject({ purpose: 'register', country: 'MX' })
    form.send({ type: 'login.mobileChanged', mobile: '55 1234 5678' })
    form.send({ type: 'login.codeRequested' })
    await waitFor(form, (s) => s.hasTag('coolingDown'))
    expect(codes).toEqual([{ purpose: 'register', country: 'MX', mobile: '5512345678' }])
  })

  it('opens register with the number the /yx3 landing page took', async () => {
    const { actor } = start({ entry: 'yx3' })
    await on(actor, 'yx3')
    actor.send({ type: 'user.mobileEntered', mobile: '0754 000 111' })
    await on(actor, 'register')
    expect(loginForm(actor)!.getSnapshot().context.mobile).toBe('0754 000 111')
  })

  it('goes home once the permission disclosure is answered', async () => {
    const { actor } = start({ entry: 'pop' })
    await on(actor, 'pop')
    const permission = actor.getSnapshot().children.permission as ActorRefFrom<typeof permissionMachine>
    await waitFor(permission, (s) => !s.hasTag('busy'))
    permission.send({ type: 'permissions.accepted' })
    await on(actor, 'home')
  })

  it('reads the privacy policy on /privacy and the terms on /agreements for the borrower’s country', async () => {
    const { actor, documents } = start({ entry: 'privacy', country: 'KE' })
    await on(actor, 'privacy')
    go(actor, 'agreements')
    await on(actor, 'agreements')
    await waitFor(actor, () => documents.length === 2)
    expect(documents).toEqual([
      { document: 'privacy-policy', country: 'KE' },
      { document: 'terms-of-service', country: 'KE' },
    ])
  })
})

describe('journey: the back arrow goes where the borrower came from, decided by the journey', () => {
  it('takes the borrower from the country list back to register, where they opened it', async () => {
    const { actor } = start({ entry: 'register' })
    await on(actor, 'register')
    go(actor, 'nation')
    await on(actor, 'nation')
    actor.send({ type: 'nav.back' })
    await on(actor, 'register')
  })

  it('goes back to the form the country list was opened from once a country is chosen', async () => {
    const { actor } = start({ entry: 'register' })
    await on(actor, 'register')
    go(actor, 'nation')
    await on(actor, 'nation')
    actor.send({ type: 'user.countryChosen', country: 'KE' })
    await on(actor, 'register')
    expect(loginForm(actor)!.getSnapshot().context).toMatchObject({ purpose: 'register', country: 'KE' })
  })

  it('retraces several screens in order, like the phone’s back button', async () => {
    const { actor } = start({ entry: 'me' })
    await on(actor, 'me')
    for (const route of ['aboutUs', 'privacyPolicy'] as const) {
      go(actor, route)
      await on(actor, route)
    }
    actor.send({ type: 'nav.back' })
    await on(actor, 'aboutUs')
    actor.send({ type: 'nav.back' })
    await on(actor, 'me')
  })

  it('opened at the country list by a link, goes back to its parent, login', async () => {
    const { actor } = start({ entry: 'nation' })
    await on(actor, 'nation')
    actor.send({ type: 'nav.back' })
    await on(actor, 'login')
  })

  it('opened at the terms by a link, goes to about us, and from a page with no parent, home', async () => {
    const { actor } = start({ entry: 'termsOfService' })
    await on(actor, 'termsOfService')
    actor.send({ type: 'nav.back' })
    await on(actor, 'aboutUs')
    const other = start({ entry: 'agreements' }).actor
    await on(other, 'agreements')
    other.send({ type: 'nav.back' })
    await on(other, 'home')
  })

  it('skips a screen of the trail that may no longer open: once signed in, back never reopens login', async () => {
    const { actor } = start({ entry: 'login' })
    await on(actor, 'login')
    const form = loginForm(actor)!
    form.send({ type: 'login.mobileChanged', mobile: '0712345678' })
    form.send({ type: 'login.codeChanged', code: '123456' })
    form.send({ type: 'login.submitted' })
    await on(actor, 'home')
    go(actor, 'me')
    await on(actor, 'me')
    actor.send({ type: 'nav.back' })
    await on(actor, 'home')
    // The trail still holds login, which refuses a signed-in borrower: home stays.
    expect(actor.getSnapshot().context.trail).toEqual(['login'])
    actor.send({ type: 'nav.back' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().context.route).toBe('home')
    expect(loginForm(actor)).toBeUndefined()
  })
})

describe('the trail of screens', () => {
  it('adds the screen left, takes off the one gone back to, and keeps the latest TRAIL_LENGTH', () => {
    expect(nextTrail([], 'home', 'me')).toEqual(['home'])
    expect(nextTrail(['home'], 'me', 'home')).toEqual([])
    expect(nextTrail(['home', 'me'], 'settings', 'settings')).toEqual(['home', 'me'])
    const long = Array.from({ length: TRAIL_LENGTH }, () => 'me' as const)
    expect(nextTrail(long, 'settings', 'language')).toHaveLength(TRAIL_LENGTH)
  })
})
