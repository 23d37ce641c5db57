import { describe, expect, it } from 'vitest'
import { journeyMachine, type JourneySnapshot } from '../../machines/journey.machine'
import { type JourneyContext } from '../../machines/journey/journey-context'
import { ROUTES, type RouteName } from '../../domain/routes'
import { routeEventFor, routeOf, stateToPath } from '../../src/routing/state-to-path'

const CONTEXT: JourneyContext = {
  session: { status: 'signedIn', token: 'tok', user: null, toastKey: null },
  booted: true,
  order: null,
  orderReadAt: 0,
  route: 'home',
  returnTo: null,
  repeatBorrower: false,
  error: null,
  devRoutes: false,
  country: 'TZ',
  countryChosen: false,
  prefillMobile: '',
  contractOrderId: null,
  salaryBands: null,
}

type StateValue = string | { [key: string]: StateValue }

/** A journey snapshot in the state at `path` (e.g. ['app', 'tabs', 'me']). */
function snapshotAt(path: readonly string[], context: Partial<JourneyContext> = {}): JourneySnapshot {
  const value = path.reduceRight<StateValue | null>((inner, key) => (inner === null ? key : { [key]: inner }), null)
  return journeyMachine.resolveState({ value: value as never, context: { ...CONTEXT, ...context } })
}

/** A journey snapshot on the screen of `route`, found by the state's id (the route's name). */
const onRoute = (route: RouteName) => snapshotAt(journeyMachine.getStateNodeById(route).path)

describe('state to path', () => {
  it.each(ROUTES.map((route) => [route.name, route.path] as const))(
    'shows the screen %s at %s',
    (name, path) => {
      const snapshot = onRoute(name)
      expect(routeOf(snapshot)).toBe(name)
      expect(stateToPath(snapshot)).toBe(path)
    },
  )

  it('gives every route its own path', () => {
    const paths = ROUTES.map((route) => stateToPath(onRoute(route.name)))
    expect(new Set(paths).size).toBe(ROUTES.length)
  })

  it('keeps the URL of the screen the borrower is on while the order is read', () => {
    const snapshot = snapshotAt(['app', 'following'], { route: 'personalInfomation' })
    expect(snapshot.hasTag('busy')).toBe(true)
    expect(stateToPath(snapshot)).toBe('/auth/personal_infomation')
  })

  it('keeps the URL the app was opened at during start-up', () => {
    const snapshot = snapshotAt(['booting', 'restoringSession'], { booted: false, route: 'faq' })
    expect(stateToPath(snapshot)).toBe('/user_center/faq')
  })

  it('shows the screen, not the step inside it, for a screen with steps of its own', () => {
    expect(stateToPath(snapshotAt(['app', 'standalone', 'finishLoading', 'failed']))).toBe('/finish_loading')
    expect(stateToPath(snapshotAt(['app', 'borrow', 'toBorrow', 'again']))).toBe('/borrow/to_borrow')
  })
})

describe('path to route event', () => {
  it('asks for the route at a path, with group redirects, a trailing slash or a query', () => {
    expect(routeEventFor('/records')).toEqual({ type: 'xstate.route', to: '#records' })
    expect(routeEventFor('/auth')).toEqual({ type: 'xstate.route', to: '#personalInfomation' })
    expect(routeEventFor('/feedback/')).toEqual({ type: 'xstate.route', to: '#feedbackList' })
    expect(routeEventFor('/auth/review_tips?pageName=confirmBorrow')).toEqual({ type: 'xstate.route', to: '#reviewTips' })
  })

  it('asks for nothing at a path that is no route', () => {
    expect(routeEventFor('/no/such/screen')).toBeNull()
  })

  it('reads back every path it writes', () => {
    for (const route of ROUTES) expect(routeEventFor(stateToPath(onRoute(route.name)))?.to).toBe(`#${route.name}`)
  })
})
