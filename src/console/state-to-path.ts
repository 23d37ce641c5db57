/**
 * The console's URL is a projection of its machine: `consolePathOf` maps a snapshot to the hash path of the page it
 * shows (domain/console.ts CONSOLE_ROUTES), and `consoleRouteEventFor` maps a path the member opened (back button,
 * typed, bookmarked) to the routable-state event the page's guard may accept or refuse. Pure: no React.
 */
import type { SnapshotFrom } from 'xstate'
import type { consoleAppMachine } from '../../machines/console-app.machine'
import type { ConsoleAppEvent } from '../../machines/console-app/console-app-context'
import { consoleRouteByName, consoleRouteByPath, type ConsoleRouteName } from '../../domain/console'

export type ConsoleSnapshot = SnapshotFrom<typeof consoleAppMachine>

/** The route a snapshot shows: its active state's (meta), else the page it is on or going to. */
export function consoleRouteOf(snapshot: ConsoleSnapshot): ConsoleRouteName {
  for (const meta of Object.values(
    snapshot.getMeta() as Record<string, { route?: ConsoleRouteName } | undefined>,
  ))
    if (meta?.route) return meta.route
  return snapshot.context.route
}

export const consolePathOf = (snapshot: ConsoleSnapshot): string =>
  consoleRouteByName(consoleRouteOf(snapshot)).path

/** The event asking for the page at `path`, or null for a path that is no page. */
export function consoleRouteEventFor(
  path: string,
): Extract<ConsoleAppEvent, { type: 'xstate.route' }> | null {
  const route = consoleRouteByPath(path)
  return route ? { type: 'xstate.route', to: `#${route.name as ConsoleRouteName}` } : null
}
