import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupServer } from 'msw/node'
import { HttpResponse, http } from 'msw'
import { OrderStatus } from '../../domain/order-status'
import { createApiClient, type ClientContext } from '../../services/api/client'
import {
  AF_EVENT_NAMES,
  keyActionsBetween,
  trackJourney,
  type JourneyView,
  type ObservableJourney,
} from '../../services/analytics/page-events'
import { DEFAULT_FLUSH_MS } from '../../services/bridge/event-batcher'
import { decodeRequest, WireError } from '../../protocol/protocol'
import { bridgeOn, fakePage, settle } from './bridge-fakes'

type Ctx = JourneyView['context']

const ORIGIN = 'http://kopa.test'
const NOW = 1_700_000_000_000

const ctx = (over: Partial<Ctx> = {}): Ctx => ({
  booted: true,
  route: 'home',
  session: { status: 'signedIn' },
  order: null,
  outcomeNews: null,
  ...over,
})
const order = (status: number, orderNo = 'KP2024000123') => ({ orderNo, status })

/** A journey the test moves by hand: each `move` is one snapshot. */
function fakeJourney(first: Ctx) {
  let current: JourneyView = { context: first }
  const observers = new Set<(s: JourneyView) => void>()
  const journey: ObservableJourney = {
    getSnapshot: () => current,
    subscribe(observer) {
      observers.add(observer)
      return { unsubscribe: () => void observers.delete(observer) }
    },
  }
  return {
    journey,
    move(over: Partial<Ctx>) {
      current = { context: { ...current.context, ...over } }
      for (const o of observers) o(current)
    },
    observers,
  }
}

describe('keyActionsBetween', () => {
  it('tells registering from logging in by the form the borrower was on', () => {
    const out = ctx({ session: { status: 'pending' } })
    expect(keyActionsBetween({ ...out, route: 'register' }, ctx({ route: 'toBorrow' }))).toEqual([
      'registered',
    ])
    expect(keyActionsBetween({ ...out, route: 'login' }, ctx({ route: 'home' }))).toEqual(['loggedIn'])
  })

  it('logs no sign-in for a session restored at start-up or by the shell on another page', () => {
    const restoring = ctx({ booted: false, route: 'login', session: { status: 'pending' } })
    expect(keyActionsBetween(restoring, ctx())).toEqual([])
    expect(keyActionsBetween(ctx({ route: 'home', session: { status: 'pending' } }), ctx())).toEqual([])
  })

  it('sees an application leave onboarding, and an approved order confirmed', () => {
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.BindCard) }),
        ctx({ order: order(OrderStatus.FinishLoading) }),
      ),
    ).toEqual(['applied'])
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.Confirm) }),
        ctx({ order: order(OrderStatus.Lending) }),
      ),
    ).toEqual(['confirmedBorrow'])
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.GetMoney) }),
        ctx({ order: order(OrderStatus.Repaying) }),
      ),
    ).toEqual(['confirmedBorrow'])
  })

  it('does not take a new order, a step inside onboarding or a cancelled one for an application', () => {
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.BasicInfo) }),
        ctx({ order: order(OrderStatus.IdentityOCR) }),
      ),
    ).toEqual([])
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.BindCard) }),
        ctx({ order: order(OrderStatus.Cancel) }),
      ),
    ).toEqual([])
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.Finish, 'KP1') }),
        ctx({ order: order(OrderStatus.Applying, 'KP2') }),
      ),
    ).toEqual([])
    expect(
      keyActionsBetween(
        ctx({ order: order(OrderStatus.Confirm) }),
        ctx({ order: order(OrderStatus.Cancel) }),
      ),
    ).toEqual([])
  })

  it('reads repaid, rolled over and cancelled from what the child reported, once', () => {
    expect(keyActionsBetween(ctx(), ctx({ outcomeNews: { kind: 'repaid' } }))).toEqual(['repaid'])
    expect(keyActionsBetween(ctx(), ctx({ outcomeNews: { kind: 'rolledOver' } }))).toEqual(['rolledOver'])
    expect(keyActionsBetween(ctx(), ctx({ outcomeNews: { kind: 'cancelled' } }))).toEqual(['cancelled'])
    expect(
      keyActionsBetween(ctx({ outcomeNews: { kind: 'repaid' } }), ctx({ outcomeNews: { kind: 'repaid' } })),
    ).toEqual([])
    // Money reaching the wallet is the order's news, not the borrower's action.
    expect(keyActionsBetween(ctx(), ctx({ outcomeNews: { kind: 'moneySent' } }))).toEqual([])
  })
})

describe('trackJourney in the native shell', () => {
  function shell() {
    const page = fakePage({ native: true })
    const { bridge, batches } = bridgeOn(page)
    return { page, bridge, batches, logged: () => page.posted.filter((p) => p.action.startsWith('logEvent')) }
  }

  it('sends a page view on start-up and on each route change, none before start-up or for the same route', async () => {
    const { bridge, logged } = shell()
    const j = fakeJourney(ctx({ booted: false }))
    trackJourney(j.journey, bridge)
    j.move({ route: 'home' })
    j.move({ booted: true })
    j.move({ route: 'home' })
    j.move({ route: 'toBorrow' })
    await settle()
    expect(logged().map((p) => [p.action, p.payload.eventType, p.payload.pageName])).toEqual([
      ['logEventByLocal', 'view', 'home'],
      ['logEventByLocal', 'view', 'toBorrow'],
    ])
  })

  it('sends each key action to the local log (at once, with the order) and to AppsFlyer, with no personal data', async () => {
    const { bridge, logged } = shell()
    const j = fakeJourney(ctx({ route: 'confirmBorrow', order: order(OrderStatus.Confirm) }))
    trackJourney(j.journey, bridge)
    j.move({ route: 'lending', order: order(OrderStatus.Lending) })
    await settle()
    const [view1, action, af, view2] = logged()
    expect(view1?.payload).toMatchObject({ eventType: 'view', pageName: 'confirmBorrow' })
    expect(action?.payload).toEqual({
      time: 1_700_000_000_000,
      eventType: 'action',
      pageName: 'confirmBorrow',
      eventOption: 'confirmedBorrow',
      orderNo: 'KP2024000123',
      isUpload: true,
    })
    expect(af).toMatchObject({
      action: 'logEventByAF',
      payload: { name: AF_EVENT_NAMES.confirmedBorrow, values: {} },
    })
    expect(view2?.payload).toMatchObject({ eventType: 'view', pageName: 'lending' })
  })

  it('logs a registration without an order number', async () => {
    const { bridge, logged } = shell()
    const j = fakeJourney(ctx({ route: 'register', session: { status: 'signedOut' } }))
    trackJourney(j.journey, bridge)
    j.move({ session: { status: 'pending' } })
    j.move({ session: { status: 'signedIn' }, route: 'toBorrow', order: order(OrderStatus.BasicInfo) })
    await settle()
    const action = logged().find((p) => p.payload.eventType === 'action')
    expect(action?.payload).toEqual({
      time: 1_700_000_000_000,
      eventType: 'action',
      pageName: 'register',
      eventOption: 'registered',
      isUpload: true,
    })
    expect(logged().some((p) => p.payload.name === 'af_complete_registration')).toBe(true)
  })

  it('stops when told to', async () => {
    const { bridge, logged } = shell()
    const j = fakeJourney(ctx())
    const stop = trackJourney(j.journey, bridge)
    stop()
    j.move({ route: 'me' })
    await settle()
    expect(logged().map((p) => p.payload.pageName)).toEqual(['home'])
    expect(j.observers.size).toBe(0)
  })
})

describe('trackJourney in a browser, to POST /event/batch', () => {
  let seen: unknown[] = []
  let accept = true
  const server = setupServer(
    http.post(`${ORIGIN}/:base/:segment`, async ({ request, params }) => {
      const decoded = decodeRequest({
        packageName: request.headers.get('packageName') ?? '',
        method: 'POST',
        pathSegment: String(params.segment),
        query: {},
        body: await request.json(),
        now: NOW,
      })
      if (decoded instanceof WireError) return HttpResponse.json({ code: decoded.code, msg: '', data: null })
      seen.push(decoded)
      if (!accept) return new HttpResponse(null, { status: 503 })
      return HttpResponse.json({ code: 0, msg: '', data: { accepted: 1 } })
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  beforeEach(() => {
    seen = []
    accept = true
  })
  afterEach(() => vi.useRealTimers())

  const context: ClientContext = {
    token: () => 'tok-abc',
    packageName: () => 'com.kopa.app',
    appName: () => 'Kopa',
    afid: () => null,
    language: () => 'en',
    platform: () => 'web',
  }

  function browser() {
    const api = createApiClient({ baseURL: ORIGIN, context, now: () => NOW })
    const page = fakePage()
    const { bridge } = bridgeOn(page, {
      send: async (batch) => (await api.request('/event/batch', batch)).ok,
      route: () => 'repayDetail',
    })
    return { page, bridge }
  }
  const payloads = () =>
    seen.map(
      (d) =>
        d as {
          path: string
          payload: { events: { eventType: string; pageName: string; eventOption?: string }[] }
        },
    )

  it('batches page views and sends them after 15 s, in one /event/batch call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { bridge } = browser()
    const j = fakeJourney(ctx())
    trackJourney(j.journey, bridge)
    j.move({ route: 'me' })
    j.move({ route: 'coupons' })
    await settle(DEFAULT_FLUSH_MS - 1)
    expect(seen).toEqual([])
    await settle(1)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(payloads()[0]?.path).toBe('/event/batch')
    expect(payloads()[0]?.payload.events.map((e) => e.pageName)).toEqual(['home', 'me', 'coupons'])
  })

  it('sends a key action at once, with the views queued before it and its attribution event', async () => {
    const { bridge } = browser()
    const j = fakeJourney(ctx({ route: 'repayDetail' }))
    trackJourney(j.journey, bridge)
    j.move({ outcomeNews: { kind: 'repaid' }, route: 'outcome' })
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0))
    await bridge.flushEvents()
    const events = payloads().flatMap((p) => p.payload.events)
    expect(events.map((e) => [e.eventType, e.pageName, e.eventOption])).toEqual([
      ['view', 'repayDetail', undefined],
      ['action', 'repayDetail', 'repaid'],
      ['af', 'repayDetail', 'af_loan_repay'],
      ['view', 'outcome', undefined],
    ])
  })

  it('sends what is queued when the app goes to the background', async () => {
    const { page, bridge } = browser()
    const j = fakeJourney(ctx())
    trackJourney(j.journey, bridge)
    page.setVisibility('hidden')
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(payloads()[0]?.payload.events.map((e) => e.pageName)).toEqual(['home'])
  })

  it('keeps the events when the server fails and sends them on the next try', async () => {
    const { bridge } = browser()
    accept = false
    const j = fakeJourney(ctx())
    trackJourney(j.journey, bridge)
    await bridge.flushEvents()
    expect(seen).toHaveLength(1)
    accept = true
    j.move({ route: 'me' })
    await bridge.flushEvents()
    expect(payloads()[1]?.payload.events.map((e) => e.pageName)).toEqual(['home', 'me'])
  })
})
