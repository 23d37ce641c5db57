/**
 * Keeps the console's hash URL and its machine in step, both ways, like the borrower's (src/routing/route-sync.tsx)
 * but smaller: the machine's page is written to the URL (a new page adds a history entry, so the back button
 * works), and a URL the machine did not write (back button, typed, bookmarked) is the routable-state event
 * `xstate.route`, which the page's guard may refuse — then the URL is put back to the page shown. Renders nothing.
 */
import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { useHashLocation } from 'wouter/use-hash-location'
import type { ConsoleRef } from '../../screens/console/console-props'
import { consolePathOf, consoleRouteEventFor } from './state-to-path'

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
