/**
 * The composition reads the latest order in the server's time (the `Date` of its answers), so the dates the
 * server sets — a rejection's retry date above all — are judged on the server's clock: a phone whose clock is
 * behind (or a demo whose server clock was moved) still lets the borrower apply again when the server does.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyActorRef } from 'xstate'
import { createJourneyLogic, createServices, loadJourneyChildren } from '../../src/compose'
import { WireError } from '../../protocol/protocol'
import { decodeAppCall } from './wire-backend'
import { DAY, iso, order, user } from '../machines/journey-fixtures'

/** Every child machine and its actors, loaded as an open at any other route than home loads them. */
const ALL_CHILDREN = await loadJourneyChildren()

const ORIGIN = 'http://kopa.test'
/** The server's clock runs 31 days ahead of the phone's. */
const AHEAD = 31 * DAY

function backend(answers: Record<string, () => unknown>) {
  return http.all(`${ORIGIN}/api/:token`, async ({ request, params }) => {
    const decoded = await decodeAppCall(request, params.token)
    const headers = { date: new Date(Date.now() + AHEAD).toUTCString() }
    const answer = decoded instanceof WireError ? undefined : answers[decoded.path]
    if (!answer) return HttpResponse.json({ code: 1500, msg: 'not in this test', data: null }, { headers })
    return HttpResponse.json({ code: 0, msg: '', data: answer() }, { headers })
  })
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

describe('the composed journey', () => {
  it('judges a rejection’s retry date on the server’s clock, not the phone’s', async () => {
    // Rejected 30 days and a few hours ago by the server's clock; by the phone's, the retry date is a day away.
    const retryAt = Date.now() + AHEAD - 6 * 60 * 60 * 1000
    server.resetHandlers(
      backend({
        '/security/getUserInfo': () => user(),
        '/loan/loan-order/latest': () => order(9, { retryAt: iso(retryAt) }),
      }),
    )
    const services = createServices(window, ORIGIN)
    services.storage.set('token', 'tok-server-time')
    const journey = createActor(createJourneyLogic(services, ALL_CHILDREN), { input: { entry: null } }).start()
    try {
      const withHome = await waitFor(journey, (s) => s.children.home !== undefined, { timeout: 5000 })
      const home = withHome.children.home as AnyActorRef
      await waitFor(home, (s) => s.hasTag('canLoan') || s.hasTag('rejected'), { timeout: 5000 })
      expect(home.getSnapshot().hasTag('canLoan')).toBe(true)
      expect(journey.getSnapshot().can({ type: 'xstate.route', to: '#toBorrow' })).toBe(true)
    } finally {
      journey.stop()
    }
  })
})
