/**
 * The app proper: services, the journey and its machines, and the app's frame around the screens, started once
 * the language and the first route's screen are in (src/main.tsx).
 */
import { StrictMode, startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { App } from './app'
import { createServices, loadJourneyChildren, startJourney } from './compose'
import type { RouteName } from '../domain/routes'

/** `entry`: the route the app was opened at, if it is one; `openedAt`: that hash path as it was read. */
export async function boot(root: Root, entry: RouteName | null, openedAt: string): Promise<void> {
  // A lender's own back end: build with VITE_API_BASE_URL=https://api.lender.example (default: this origin).
  const services = createServices(window, import.meta.env.VITE_API_BASE_URL ?? '')
  // The machines, in small steps: each module evaluated in a task of its own.
  const children = await loadJourneyChildren()
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
