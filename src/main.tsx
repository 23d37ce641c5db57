/**
 * Start-up. Until the first screen is drawn, the phone shows the frame index.html carries
 * (scripts/vite/app-shell.ts), which also preloads every script the first screen needs, in parallel, once the
 * frame is painted. This shell (React, the language, the route table) runs first; the app proper (src/boot.tsx:
 * services, machines) is evaluated in a task of its own, so neither holds the phone long. The borrower's language
 * (its core namespaces and the first route's) and the first route's screen are fetched together, then React
 * replaces the frame with the screen. Once it is up: the service worker, which keeps the rest of the language
 * for later screens and offline opens (without one, the page fetches it when the phone is idle).
 */
import { createRoot } from 'react-dom/client'
import '../ui/styles.css'
import { createStorage } from '../services/storage/storage'
import { registerServiceWorker } from '../services/offline/register-service-worker'
import { keepLanguageOffline } from '../services/offline/keep-language'
import { startLanguage } from '../domain/countries'
import { routeByPath, type RouteName } from '../domain/routes'
import { CORE_NAMESPACES, initI18n, prefetchLanguage } from './i18n'
import { namespacesOf, preloadScreen } from './routing/screens'

const element = document.getElementById('root')
if (element) {
  // The frame's own failure notice and retry button, in the words index.html carries (the frame's script also
  // shows them when the start has not finished in 30 s: scripts/vite/app-shell.ts).
  const offerRetry = () => {
    // Both of the frame's pages (home's and an entry screen's): the one on show is the one the page opened at.
    element.querySelectorAll('.k-boot__failed').forEach((notice) => notice.removeAttribute('hidden'))
    element.querySelectorAll('.k-boot [aria-hidden]').forEach((page) => page.removeAttribute('aria-hidden'))
  }
  const storage = createStorage()
  // The language chosen on this phone, else the phone's own if the country offers it, else the country's default.
  const language = startLanguage(storage.get('language'), storage.get('country'), navigator.languages ?? [])
  // The route the app was opened at (its hash), if it is one.
  const openedAt = '/' + window.location.hash.replace(/^#?\/?/, '')
  const entry = (routeByPath(openedAt)?.name as RouteName | undefined) ?? null
  const first = entry ?? 'home'
  const app = import('./boot')
  void Promise.all([app, initI18n(language, [...CORE_NAMESPACES, ...namespacesOf(first)]), preloadScreen(first)]).then(
    ([{ boot }]) => {
      // A task of its own: the scripts' evaluation before it, the journey's start in it.
      setTimeout(() => void boot(createRoot(element), entry, openedAt))
      // The rest of the language: kept by the service worker where one will run, else fetched when idle.
      prefetchLanguage(window, import.meta.env.PROD ? keepLanguageOffline : () => false)
      if (import.meta.env.PROD) registerServiceWorker()
    },
    // The app's own files could not be fetched (no connection, no service worker yet): the frame says so and
    // offers to try again, in the words index.html carries.
    offerRetry,
  )
}
