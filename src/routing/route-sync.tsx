/**
 * Keeps the hash URL and the journey in step, both ways:
 * - the journey's snapshot is written to the URL (stateToPath): a new screen adds a history entry, so the back
 *   button works; the first write after start-up and every correction replace the entry instead;
 * - a URL the journey did not write (back button, refresh, deep link, typed URL) becomes the routable-state
 *   event `xstate.route`; when a guard refuses it (or sends the borrower to login first), the URL is put back
 *   to what the journey shows.
 * Every change of screen scrolls to the top (spec §2). Renders nothing.
 */
import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { useHashLocation } from 'wouter/use-hash-location'
import type { ActorRefFrom } from 'xstate'
import type { journeyMachine } from '../../machines/journey.machine'
import { routeEventFor, stateToPath } from './state-to-path'

export type JourneyActorRef = ActorRefFrom<typeof journeyMachine>

/**
 * `openedAt`: the hash path the app was opened at, which start-up gave the journey as its entry (src/main.tsx).
 * Without it every URL the sync finds is taken for the borrower's request.
 */
export function RouteSync({ actor, openedAt }: { actor: JourneyActorRef; openedAt?: string }): null {
  const [location, navigate] = useHashLocation()
  const path = useSelector(actor, stateToPath)
  const booted = useSelector(actor, (snapshot) => snapshot.context.booted)
  const wasBooted = useRef(false)
  /** Whether the sync has judged a URL yet: the first may be the one the app was opened at. */
  const judged = useRef(false)
  /** The path the URL → journey effect last put back, until another URL is judged. */
  const putBack = useRef<string | null>(null)

  // URL → journey: a location the journey does not show is the borrower's request. Both effects act on the URL
  // and the journey as they are when the effect runs, never on what they were at render: the other effect of the
  // same commit may have moved either, and acting on the stale one sent the two chasing each other for good
  // (a reload at a screen whose session had ended, drawn only after the journey had gone to login).
  useEffect(() => {
    // The URL moved since this render: the render that follows judges the new one.
    if (location !== currentHashPath()) return
    const shown = () => stateToPath(actor.getSnapshot())
    const first = !judged.current
    judged.current = true
    // A URL this effect put back is never a request. While a route event waits for its screen's machine to load
    // (src/compose.ts holdUntilLoaded) the URL is put back to the screen still shown; if the journey has moved on by
    // the time that URL is judged, taking it for a request would undo the borrower's.
    if (location === putBack.current) {
      if (shown() !== location) navigate(shown(), { replace: true })
      return
    }
    putBack.current = null
    if (location === shown()) return
    // The URL the app was opened at was the journey's entry; if the journey shows another screen now (login, once
    // the session turned out to have ended), that is its answer to it, so the URL follows the journey. A URL that
    // changed while the app was starting (a deep link, a typed URL) is a request like any other.
    const entry = first && location === openedAt
    const event = entry ? null : routeEventFor(location)
    if (event) actor.send(event)
    if (shown() !== location) {
      putBack.current = shown()
      navigate(putBack.current, { replace: true })
    }
  }, [actor, location, navigate, openedAt])

  // Journey → URL. Start-up's own redirect (e.g. a deep link sent to login) replaces the URL it was opened at.
  useEffect(() => {
    const replace = !wasBooted.current
    wasBooted.current = booted
    const shown = stateToPath(actor.getSnapshot())
    if (shown !== currentHashPath()) navigate(shown, { replace })
  }, [actor, path, booted, navigate])

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 })
  }, [path])

  return null
}

/** The hash path as wouter reads it ('#/a/b' → '/a/b'), at this moment rather than at the last render. */
function currentHashPath(): string {
  return '/' + window.location.hash.replace(/^#?\/?/, '')
}
