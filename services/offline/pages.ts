/**
 * Which navigations the borrower's service worker answers (services/offline/sw.ts). The staff console is served at
 * `console` beside the app (server/static.ts CONSOLE_PATH) and inside the worker's scope: its navigations go to the
 * network untouched, so the worker neither keeps the console's page nor answers it with the borrower's index.html
 * (offline, or when the network is slow).
 */

/** The paths, in the worker's scope `scope` (its registration's, an absolute address), that are the console's. */
export function consolePages(scope: string): RegExp {
  const base = new URL(scope).pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${base.endsWith('/') ? base : `${base}/`}console(?:[/?#]|$)`)
}
