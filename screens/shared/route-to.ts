/**
 * The journey's navigation events, the one way screens move between routes (screens know no URLs, and never the
 * browser's history): a plain link to a route, and the back arrow, which the journey resolves.
 */
import type { JourneyEvent } from '../../machines/journey/journey-context'
import type { RouteName } from '../../domain/routes'

export const routeTo = (route: RouteName): JourneyEvent => ({ type: 'xstate.route', to: `#${route}` })

export const NAV_BACK: JourneyEvent = { type: 'nav.back' }
