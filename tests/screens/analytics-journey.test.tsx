/**
 * services/analytics/page-events.ts over the real journey machine (the screens' harness stubs only the I/O): the
 * page views it sees and the sign-in it tells apart, as the native shell receives them.
 */
import { describe, expect, it } from 'vitest'
import { waitFor, type ActorRefFrom } from 'xstate'
import type { loginMachine } from '../../machines/login.machine'
import { trackJourney } from '../../services/analytics/page-events'
import { bridgeOn, fakePage, settle } from '../services/bridge-fakes'
import { settledOn, startUserJourney } from './user-journey'

function tracked(entry: 'login' | 'register') {
  const page = fakePage({ native: true })
  const { bridge } = bridgeOn(page)
  const { actor } = startUserJourney({ entry, borrower: null })
  trackJourney(actor, bridge)
  const logged = () => page.posted.filter((p) => p.action === 'logEventByLocal').map((p) => p.payload)
  const af = () => page.posted.filter((p) => p.action === 'logEventByAF').map((p) => p.payload.name)
  return { actor, logged, af }
}

async function signInOn(actor: ReturnType<typeof tracked>['actor'], route: 'login' | 'register') {
  await settledOn(actor, route)
  const form = actor.getSnapshot().children.loginForm as ActorRefFrom<typeof loginMachine>
  form.send({ type: 'login.mobileChanged', mobile: '0712345678' })
  form.send({ type: 'login.codeChanged', code: '123456' })
  form.send({ type: 'login.submitted' })
  await waitFor(actor, (s) => s.context.session.status === 'signedIn' && s.context.route !== route)
  await settle()
}

describe('analytics over the real journey', () => {
  it('logs the login page, the login, and the page the borrower lands on', async () => {
    const { actor, logged, af } = tracked('login')
    await signInOn(actor, 'login')
    const events = logged()
    expect(events[0]).toMatchObject({ eventType: 'view', pageName: 'login' })
    expect(events.filter((e) => e.eventType === 'action')).toEqual([
      expect.objectContaining({ pageName: 'login', eventOption: 'loggedIn', isUpload: true }),
    ])
    expect(events.at(-1)).toMatchObject({ eventType: 'view', pageName: actor.getSnapshot().context.route })
    expect(af()).toEqual(['af_login'])
  })

  it('logs a registration, not a login, from the register form', async () => {
    const { actor, logged, af } = tracked('register')
    await signInOn(actor, 'register')
    expect(
      logged()
        .filter((e) => e.eventType === 'action')
        .map((e) => e.eventOption),
    ).toEqual(['registered'])
    expect(af()).toEqual(['af_complete_registration'])
  })
})
