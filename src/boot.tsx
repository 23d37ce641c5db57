/**
 * The app proper, loaded right after the shell (src/main.tsx) has painted: services, the journey and its
 * machines, and the screens' route table.
 */
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { App } from './app'
import { createServices, startJourney } from './compose'
import { routeByPath } from './domain/routes'

export function boot(root: Root): void {
  // A lender's own back end: build with VITE_API_BASE_URL=https://api.lender.example (default: this origin).
  const services = createServices(window, import.meta.env.VITE_API_BASE_URL ?? '')
  const entry = routeByPath(window.location.hash.replace(/^#/, '') || '/')
  const journey = startJourney(services, {
    entry: (entry?.name as never) ?? null,
    devRoutes: import.meta.env.DEV,
  })
  root.render(
    <StrictMode>
      <App journey={journey} />
    </StrictMode>,
  )
}
