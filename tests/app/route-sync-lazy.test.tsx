/**
 * A URL whose screen needs a machine not loaded yet (src/compose.ts holdUntilLoaded): the route event waits for
 * the module, the URL shows the screen still there meanwhile, and then the screen asked for, for good.
 */
import { render, waitFor as waitForDom } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { START_CHILDREN, createServices, loadJourneyChildren, startJourney } from '../../src/compose'
import { RouteSync, type JourneyActorRef } from '../../src/routing/route-sync'
import { WireError } from '../../protocol/protocol'
import { decodeAppCall } from './wire-backend'
import { user } from '../machines/journey-fixtures'

const ORIGIN = 'http://kopa.test'
const server = setupServer(
  http.all(`${ORIGIN}/api/:token`, async ({ request, params }) => {
    const decoded = await decodeAppCall(request, params.token)
    if (decoded instanceof WireError) return HttpResponse.json({ code: 1500, msg: 'bad wire', data: null })
    const answers: Record<string, unknown> = {
      '/security/getUserInfo': user(),
      '/loan/loan-order/latest': null,
      '/loan/loan-order/list': { records: [], total: 0 },
    }
    if (!(decoded.path in answers)) return HttpResponse.json({ code: 1500, msg: 'not in this test', data: null })
    return HttpResponse.json({ code: 0, msg: '', data: answers[decoded.path] })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

let scrollTo: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  window.history.replaceState(null, '', '/#/')
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => scrollTo.mockRestore())

describe('a route whose machine loads with it', () => {
  it('a link to records opened at home waits for the records machine, then shows records with its URL', async () => {
    // The module is at hand (a phone's cache, the service worker): the route event waits only a moment.
    await import('../../machines/records.machine')
    const services = createServices(window, ORIGIN)
    services.storage.set('token', 'tok-lazy-route')
    const journey = startJourney(services, { entry: null }, await loadJourneyChildren(START_CHILDREN))
    await waitFor(journey, (s) => !s.hasTag('busy') && s.context.route === 'home', { timeout: 5000 })
    render(<RouteSync actor={journey as unknown as JourneyActorRef} openedAt="/" />)
    try {
      window.location.hash = '#/records'
      await waitFor(journey, (s) => s.context.route === 'records' && s.children.records !== undefined, { timeout: 5000 })
      await waitForDom(() => expect(window.location.hash).toBe('#/records'))
      // It stays: nothing takes the URL put back in the meantime for a request of home.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(window.location.hash).toBe('#/records')
      expect(journey.getSnapshot().context.route).toBe('records')
    } finally {
      journey.stop()
    }
  })
})
