/**
 * What every console screen receives from the composition (src/console): the running console machine. A screen
 * reads it and its children (`snapshot.children.<id>`) through narrow selectors — `hasTag`, `can`, a field of
 * context — and sends typed events. Screens never see URLs, services or the API.
 */
import type { ActorRefFrom } from 'xstate'
import type { consoleAppMachine } from '../../machines/console-app.machine'
import type { ConsoleAppEvent } from '../../machines/console-app/console-app-context'
import type { ConsoleRouteName } from '../../domain/console'

export type ConsoleRef = ActorRefFrom<typeof consoleAppMachine>

export interface ConsoleScreenProps {
  app: ConsoleRef
}

/** The event that asks the console for a page (the page's guard may refuse it). */
export const openPage = (route: ConsoleRouteName): ConsoleAppEvent => ({
  type: 'xstate.route',
  to: `#${route}`,
})
