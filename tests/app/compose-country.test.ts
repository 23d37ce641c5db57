/**
 * The composed journey's country before login: a visitor who never chose one starts in the country the server
 * detects from the connection (/cou/country/meta/ip); a country chosen on /user/nation is kept on the device and
 * is the one the next start opens in; and, unless a language was picked in settings, the app follows the
 * country's default language.
 */
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import type { CountryCode } from '../../domain/countries'
import { COUNTRIES } from '../../domain/countries'
import { createServices, loadJourneyChildren, startJourney } from '../../src/compose'
import { initI18n } from '../../src/i18n'
import { WireError } from '../../protocol/protocol'
import { decodeAppCall } from './wire-backend'

/** Every child machine and its actors, loaded as an open at any other route than home loads them. */
const ALL_CHILDREN = await loadJourneyChildren()

const ORIGIN = 'http://kopa.test'

/** The server: the connection's country, and every call it was asked, by path. */
function backend(detected: CountryCode | null, asked: string[]) {
  const meta = (code: CountryCode) => {
    const c = COUNTRIES[code]
    return {
      country: c.code,
      dialCode: c.dialCode,
      currency: c.currency,
      languages: [...c.languages],
      defaultLanguage: c.defaultLanguage,
    }
  }
  return http.all(`${ORIGIN}/:base/:token`, async ({ request, params }) => {
    const decoded = await decodeAppCall(request, params.token)
    if (decoded instanceof WireError) return HttpResponse.json({ code: 1500, msg: 'undecryptable', data: null })
    asked.push(decoded.path)
    if (decoded.path === '/event/batch') batches.push(decoded.payload)
    const answers: Record<string, unknown> = {
      '/country/meta/ip': { detected: detected ? meta(detected) : null },
      '/country/meta/code': meta((decoded.payload.code as CountryCode) ?? 'TZ'),
      '/event/batch': {},
    }
    const data = answers[decoded.path]
    if (data === undefined) return HttpResponse.json({ code: 1500, msg: 'not in this test', data: null })
    return HttpResponse.json({ code: 0, msg: '', data })
  })
}

/** The event batches the browser's bridge delivered. */
const batches: unknown[] = []
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())
beforeEach(async () => {
  await initI18n('sw')
})
afterEach(() => {
  localStorage.clear()
  batches.length = 0
})

function open(detected: CountryCode | null) {
  const asked: string[] = []
  server.resetHandlers(backend(detected, asked))
  const services = createServices(window, ORIGIN)
  return { services, asked, start: () => startJourney(services, { entry: 'login' }, ALL_CHILDREN) }
}

const started = (journey: ReturnType<ReturnType<typeof open>['start']>) =>
  waitFor(journey, (s) => s.context.booted && s.children.loginForm !== undefined, { timeout: 5000 })

describe('the composed journey: the country before login', () => {
  it('starts a new visitor in the detected country, in its language', async () => {
    const { start, asked } = open('MX')
    const journey = start()
    try {
      expect((await started(journey)).context.country).toBe('MX')
      expect(asked).toContain('/country/meta/ip')
      await expect.poll(() => i18next.language).toBe('es')
    } finally {
      journey.stop()
    }
  })

  it('keeps the country chosen on /user/nation for the next start, and asks the connection no more', async () => {
    const first = open('TZ')
    const journey = first.start()
    try {
      await started(journey)
      journey.send({ type: 'xstate.route', to: '#nation' })
      journey.send({ type: 'user.countryChosen', country: 'KE' })
      await expect.poll(() => first.services.storage.get('country')).toBe('KE')
      await expect.poll(() => i18next.language).toBe('en')
    } finally {
      journey.stop()
    }
    const again = open('TZ')
    const reloaded = again.start()
    try {
      expect((await started(reloaded)).context.country).toBe('KE')
      expect(again.asked).not.toContain('/country/meta/ip')
    } finally {
      reloaded.stop()
    }
  })

  it('leaves the language a borrower picked in settings alone', async () => {
    const { start, services } = open('MX')
    services.storage.set('language', 'sw')
    const journey = start()
    try {
      expect((await started(journey)).context.country).toBe('MX')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(i18next.language).toBe('sw')
    } finally {
      journey.stop()
    }
  })
})

describe('the composed journey: the page an event is logged on', () => {
  it('is the route the journey is on, whatever the address bar says', async () => {
    const { start, services } = open('TZ')
    const journey = start()
    try {
      await started(journey)
      window.location.hash = '#/user_center/settings'
      journey.send({ type: 'xstate.route', to: '#nation' })
      await waitFor(journey, (s) => s.context.route === 'nation', { timeout: 2000 })
      expect(services.bridge.logEventByAF('af_open')).toBe(true)
      await services.bridge.flushEvents()
      // Beside the page views the journey logs itself (services/analytics/page-events.ts).
      const events = (batches as { events: { eventType: string }[] }[]).flatMap((b) => b.events)
      expect(events.filter((e) => e.eventType === 'af')).toEqual([expect.objectContaining({ eventType: 'af', pageName: 'nation' })])
    } finally {
      journey.stop()
      window.location.hash = ''
    }
  })
})
