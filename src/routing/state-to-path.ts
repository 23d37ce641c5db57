/**
 * The URL is a projection of the journey: `stateToPath` maps a journey snapshot to the hash path of the route it
 * shows (domain/routes.ts), and `routeEventFor` maps a path the borrower opened (back button, refresh, deep
 * link, typed URL) to the routable-state event the journey's guards may accept or refuse. Pure: no React.
 */
import type { JourneySnapshot } from '../../machines/journey.machine'
import type { JourneyEvent } from '../../machines/journey/journey-context'
import { routeByName, routeByPath, type RouteName } from '../../domain/routes'

/**
 * The route a snapshot shows: the active state that is a route (its meta names it), or, between screens
 * (start-up, reading the order), the route the borrower is on, so the URL does not flicker.
 */
export function routeOf(snapshot: JourneySnapshot): RouteName {
  for (const meta of Object.values(snapshot.getMeta() as Record<string, { route?: RouteName } | undefined>)) {
    if (meta?.route) return meta.route
  }
  return snapshot.context.route
}

/** The hash path (without '#') the snapshot shows. */
export function stateToPath(snapshot: JourneySnapshot): string {
  return routeByName(routeOf(snapshot)).path
}

/** The event that asks the journey for the route at `path`, or null for a path that is no route. */
export function routeEventFor(path: string): Extract<JourneyEvent, { type: 'xstate.route' }> | null {
  const route = routeByPath(path)
  return route ? { type: 'xstate.route', to: `#${route.name as RouteName}` } : null
}
