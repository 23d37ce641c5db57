/**
 * Keeps the console's hash URL and its machine in step, both ways, like the borrower's (src/routing/route-sync.tsx)
 * but smaller: the machine's page is written to the URL (a new page adds a history entry, so the back button
 * works), and a URL the machine did not write (back button, typed, bookmarked) is the routable-state event
 * `xstate.route`, which the page's guard may refuse — then the URL is put back to the page shown. Renders nothing.
 */
import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { useHashLocation } from 'wouter/use-hash-location'
import type { SnapshotFrom } from 'xstate'
import type { consoleAppMachine, ConsoleAppEvent } from '../../machines/console-app.machine'
import { consoleRouteByName, consoleRouteByPath, type ConsoleRouteName } from '../../domain/console'
import type { ConsoleRef } from '../../screens/console/console-props'

type ConsoleSnapshot = SnapshotFrom<typeof consoleAppMachine>

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

const currentHashPath = () => '/' + window.location.hash.replace(/^#?\/?/, '')

export function ConsoleRouteSync({ actor }: { actor: ConsoleRef }): null {
  const [location, navigate] = useHashLocation()
  const path = useSelector(actor, consolePathOf)
  const starting = useSelector(actor, (s) => s.matches('starting'))
  const written = useRef(false)

  // URL → machine. While starting, the page the console was opened at is already its input.
  useEffect(() => {
    if (starting || location !== currentHashPath()) return
    const shown = () => consolePathOf(actor.getSnapshot())
    if (location === shown()) return
    const event = consoleRouteEventFor(location)
    if (event) actor.send(event)
    if (shown() !== location) navigate(shown(), { replace: true })
  }, [actor, location, navigate, starting])

  // Machine → URL: the first write replaces the URL the console was opened at.
  useEffect(() => {
    if (starting) return
    const shown = consolePathOf(actor.getSnapshot())
    if (shown !== currentHashPath()) navigate(shown, { replace: !written.current })
    written.current = true
    window.scrollTo({ top: 0, left: 0 })
  }, [actor, path, starting, navigate])

  return null
}
