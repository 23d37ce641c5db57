/**
 * The service worker (Workbox, built by vite-plugin-pwa's injectManifest from this file to dist/sw.js).
 *
 * - The app's hashed files (scripts, styles) are precached when the worker installs, so the next open needs no
 *   download but the page itself and the API's answers. Translations are not precached: the borrower's language
 *   is kept whole when the page asks (services/offline/keep-language.ts: the page, once the worker is active, names
 *   the language it speaks), and any other as it is used (a Kiswahili speaker never pays for Spanish).
 * - The page (index.html) is asked of the network first, revalidated against the browser's cache (a few hundred
 *   bytes when nothing changed), so a new release is seen at the next open; without a connection, or with none
 *   answering in NAVIGATION_TIMEOUT_S, the kept page opens and the app says it is offline.
 * - A new worker waits until every window of the old one is closed (no skipWaiting, no clientsClaim): a borrower
 *   half-way through a form keeps the version that drew it, with all its files, until they leave.
 * - Only this origin's GETs are handled: API calls (POST, /api) always go to the network.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { LOCALES_CACHE, isKeepLanguage, isLocaleFile, keepFiles, languageFiles } from './keep-language'
import { consolePages } from './pages'

/** The worker's scope, as much of it as this file uses; the precache manifest vite-plugin-pwa writes into it. */
declare const self: {
  __WB_MANIFEST: ({ url: string; revision: string | null } | string)[]
  registration: { scope: string }
  addEventListener(type: 'message', listener: (event: { data: unknown; waitUntil(done: Promise<unknown>): void }) => void): void
}

export const NAVIGATION_TIMEOUT_S = 6
const PAGE = 'index.html'

// The page first: network (revalidated), else the copy kept from the last open, else the precached one. The staff
// console's page (/console) is not the borrower's: the worker leaves its navigations to the network (pages.ts).
const pages = new NetworkFirst({ cacheName: 'kopa-page', networkTimeoutSeconds: NAVIGATION_TIMEOUT_S })
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options)
      } catch {
        return (await matchPrecache(PAGE)) ?? Response.error()
      }
    },
    { denylist: [consolePages(self.registration.scope)] },
  ),
)

// Translations: kept once used (hashed names never change), the oldest dropped past what three languages need.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /\/assets\/locale-[a-z]{2}-/.test(url.pathname),
  new CacheFirst({ cacheName: LOCALES_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 80 })] }),
)

// The build's file list names the translations too (vite.config.ts): they are kept on the page's ask, not here.
const manifest = self.__WB_MANIFEST
const urlOf = (entry: (typeof manifest)[number]) => (typeof entry === 'string' ? entry : entry.url)
const translations = manifest.map(urlOf).filter(isLocaleFile)

// The page speaks this language: every file of it, kept for the next screens and for offline opens. The build's
// names are relative to this worker, which sits beside index.html at the root of its scope.
self.addEventListener('message', (event) => {
  if (!isKeepLanguage(event.data)) return
  const files = languageFiles(translations, event.data.language).map((url) => new URL(url, self.registration.scope).href)
  event.waitUntil(caches.open(LOCALES_CACHE).then((cache) => keepFiles(cache, files, (url) => fetch(url))))
})

precacheAndRoute(manifest.filter((entry) => !isLocaleFile(urlOf(entry))))
cleanupOutdatedCaches()
