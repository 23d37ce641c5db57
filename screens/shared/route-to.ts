/** A plain link between screens: the journey's routable-state event for a route (screens know no URLs). */
import type { JourneyEvent } from '../../machines/journey.machine'
import type { RouteName } from '../../domain/routes'

export const routeTo = (route: RouteName): JourneyEvent => ({ type: 'xstate.route', to: `#${route}` })
