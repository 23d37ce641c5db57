/**
 * What operators see of failures outside the dispatcher (issue 14): callbacks, jobs, the job worker, sandbox
 * deliveries, plain HTTP routes, start-up. Every such failure is logged as one structured line — its kind, its
 * name, and `safeError` (error class, SQLSTATE, constraint, stack frames; never the message, which may quote a
 * number or a name) — and counted. The counters and a few shared figures are served at GET /ops/health.
 *
 * GET /ops/health answers `{ ok, mode, uptimeSeconds, rssBytes, heapUsedBytes, connections, failures: { <kind>: n },
 * jobsFailed, paymentObservationErrors, limits: { trackedKeys, uploadsInFlight } }`. With KOPA_OPS_TOKEN set it needs
 * `Authorization: Bearer <token>`; without one it answers only a client on this machine (the socket's address,
 * never X-Forwarded-For), and 404 to anyone else.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LogController } from 'fastify'
import { sql } from 'drizzle-orm'
import type { ServerConfig } from './config'
import { rows, type Db } from './db/client'
import { safeError, type Log } from './log'

/** Kinds of failures counted. */
export type FailureKind =
  | 'callback' // a provider callback that could not be applied (or whose route failed)
  | 'callbackRefused' // a callback that was not signed right or could not be read (401/400: not logged as error)
  | 'job' // a job run that threw (retried later)
  | 'jobGaveUp' // a one-off job that failed its last attempt
  | 'worker' // a job worker tick that failed outside any job
  | 'delivery' // the sandbox could not deliver its callbacks
  | 'products' // a changed product could not be loaded (the last good catalogue is served)
  | 'route' // a plain HTTP route (not /api) that answered 5xx
  | 'dispatch' // a call the dispatcher answered 1500
  | 'safetyNet' // client input the schemas let through, refused by the dispatcher's safety net
  | 'startup' // the server failed to start or to listen
  | 'process' // an unhandled rejection or exception of the process

export interface Ops {
  /** Logs one failure (at error level) and counts it. `fields` must hold no personal data. */
  failure(kind: FailureKind, log: Log, fields: Record<string, unknown>, err: unknown, msg: string): void
  count(kind: FailureKind): void
  counts(): Readonly<Record<string, number>>
  readonly startedAt: number
}

export function createOps(): Ops {
  const counts: Record<string, number> = {}
  const count = (kind: FailureKind) => {
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  return {
    failure(kind, log, fields, err, msg) {
      count(kind)
      log.error({ failure: kind, ...fields, ...safeError(err) }, msg)
    },
    count,
    counts: () => ({ ...counts }),
    startedAt: Date.now(),
  }
}

/**
 * Fastify's own error lines, without request data: with request logging off (the dispatcher logs each call), Fastify
 * logs nothing when a plain route fails; this logs every 5xx as a `route` failure (path without the query, which
 * may carry a token; `safeError`), and leaves 4xx alone.
 */
export class SafeLogController extends LogController {
  constructor(private readonly ops: Ops) {
    super({ disableRequestLogging: true })
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) {
      this.ops.failure('route', request.log, { route: routeOf(request) }, error, 'request failed')
    }
  }
}

/** The route a request matched (its pattern: `/feedback/files/:fileId`), never the URL with its values. */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unknown'
}

/**
 * The error handler of every plain route (callbacks, development endpoints, files, legal pages): a 5xx is logged
 * and counted and answers a bare `{ error }` — Fastify's default would send the error's message, which may quote
 * SQL or a value; a 4xx (a body Fastify could not parse) answers the status's reason phrase only.
 */
export function safeErrorHandler(ops: Ops) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500
    if (status >= 500) {
      ops.failure('route', req.log, { route: routeOf(req) }, err, 'request failed')
      return reply.code(500).send({ error: 'Internal Server Error' })
    }
    return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Bad Request' })
  }
}

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))

export interface HealthSources {
  config: ServerConfig
  db: Db
  ops: Ops
  limits: { trackedKeys(): number; uploadsInFlight(): number }
}

/** GET /ops/health (see the top of this file). */
export function mountOps(app: FastifyInstance, src: HealthSources): void {
  app.get('/ops/health', async (req, reply) => {
    const token = src.config.opsToken
    const allowed = token
      ? req.headers.authorization === `Bearer ${token}`
      : isLoopback(req.socket.remoteAddress) || req.socket.remoteAddress === undefined
    if (!allowed) return reply.code(404).send({ error: 'Not Found' })
    const count = async (query: ReturnType<typeof sql>) =>
      rows<{ n: number | string }>(src.db, query).then(
        (r) => Number(r[0]?.n ?? 0),
        () => null,
      )
    const failedJobs = await count(sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'failed'`)
    const observationErrors = await count(
      sql`SELECT count(*)::int AS n FROM payment_observations WHERE outcome = 'error'`,
    )
    const connections = await new Promise<number | null>((resolve) =>
      app.server.listening ? app.server.getConnections((err, n) => resolve(err ? null : n)) : resolve(null),
    )
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      mode: src.config.mode,
      uptimeSeconds: Math.round((Date.now() - src.ops.startedAt) / 1000),
      rssBytes: process.memoryUsage.rss(),
      heapUsedBytes: process.memoryUsage().heapUsed,
      connections,
      failures: src.ops.counts(),
      jobsFailed: failedJobs,
      paymentObservationErrors: observationErrors,
      limits: { trackedKeys: src.limits.trackedKeys(), uploadsInFlight: src.limits.uploadsInFlight() },
    })
  })
}
