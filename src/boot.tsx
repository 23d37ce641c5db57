/**
 * The app proper: services, the journey and its machines, and the app's frame around the screens, started once
 * the language and the first route's screen are in (src/main.tsx).
 */
import { StrictMode, startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { App } from './app'
import { START_CHILDREN, createServices, loadJourneyChildren, startJourney } from './compose'
import type { RouteName } from '../domain/routes'

/** The routes whose opens start with START_CHILDREN only. */
const START_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['home', 'login', 'register'])

/** `entry`: the route the app was opened at, if it is one; `openedAt`: that hash path as it was read. */
export async function boot(root: Root, entry: RouteName | null, openedAt: string): Promise<void> {
  // A lender's own back end: build with VITE_API_BASE_URL=https://api.lender.example (default: this origin).
  const services = createServices(window, import.meta.env.VITE_API_BASE_URL ?? '')
  // The machines an open at home, login or register needs; the others load with their routes. An open at another
  // route (a link, a reload on a form) loads them all first.
  const children = await loadJourneyChildren(entry === null || START_ROUTES.has(entry) ? START_CHILDREN : undefined)
  const journey = startJourney(
    services,
    { entry: (entry as never) ?? null, devRoutes: import.meta.env.DEV },
    children,
  )
  // The journey's first calls are on their way; the first screen is drawn in a task of its own, and as a
  // transition, so React yields to the phone between components rather than holding it for the whole screen.
  setTimeout(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App journey={journey} openedAt={openedAt} />
        </StrictMode>,
      ),
    ),
  )
}
