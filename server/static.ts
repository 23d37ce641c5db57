/**
 * The built app (vite build → dist/). Hashed files under /assets never change, so browsers keep them a year
 * without asking again; index.html is revalidated every time so a new release is picked up at once. A missing
 * dist/ (the app not built yet) only logs a hint.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Log } from './log'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

export async function mountStatic(app: FastifyInstance, distDir: string, log: Log): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    log.warn({ distDir }, 'the app is not built (run npm run build); only the API is served')
    return
  }
  const assets = path.join(distDir, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE)
      reply.header('x-content-type-options', 'nosniff')
    },
  })
}
