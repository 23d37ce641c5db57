/**
 * The built app (vite build → dist/). Hashed files under /assets never change, so browsers keep them a year
 * without asking again (and they are sent without validators); index.html is revalidated every time (its etag
 * makes that a 304) so a new release is picked up at once. A missing
 * dist/ (the app not built yet) only logs a hint.
 *
 * The lender's staff console (console.html, issue 20) is its own page at /console, with the same headers and, as a
 * page only staff open, never inside another site's frame nor telling other sites where its links came from. Its
 * scripts are the build's /assets (relative to /console). /console/ is sent to /console, where those relative
 * paths resolve; the file itself is not served under its own name.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Log } from './log'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
/** Where the staff console is served. */
export const CONSOLE_PATH = '/console'
const CONSOLE_FILE = 'console.html'

/** The console page's own headers, beside the app's (cache and nosniff). */
export const CONSOLE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

export async function mountStatic(app: FastifyInstance, distDir: string, log: Log): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    log.warn({ distDir }, 'the app is not built (run npm run build); only the API is served')
    return
  }
  const assets = path.join(distDir, 'assets') + path.sep
  const consoleBuilt = existsSync(path.join(distDir, CONSOLE_FILE))
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    // console.html only as /console (its relative script paths are written for that address).
    allowedPath: (pathName, _root, request) =>
      pathName !== `/${CONSOLE_FILE}` || request.routeOptions.url === CONSOLE_PATH,
    // /assets/* is the registration below (its route is the more specific): everything this one sends is revalidated.
    setHeaders(reply, filePath) {
      reply.header('cache-control', REVALIDATE)
      reply.header('x-content-type-options', 'nosniff')
      if (path.basename(filePath).startsWith(CONSOLE_FILE))
        for (const [name, value] of Object.entries(CONSOLE_PAGE_HEADERS)) reply.header(name, value)
    },
  })
  // The hashed files by a registration of their own, without the validators (etag, last-modified) and the range
  // support the rest keeps: a file whose name changes with its content is never asked about again, so on a cold
  // open and when the service worker keeps the app, each one would carry ~80 bytes of headers for nothing.
  if (existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE)
        reply.header('x-content-type-options', 'nosniff')
      },
    })
  if (!consoleBuilt) return
  const page = (_req: unknown, reply: FastifyReply) => reply.sendFile(CONSOLE_FILE)
  app.get(CONSOLE_PATH, page)
  app.get(`${CONSOLE_PATH}/`, (_req, reply) => reply.redirect(CONSOLE_PATH, 301))
}
