/**
 * The API benchmark's second floor (issue 17; docs/performance.md "API"): what the wire protocol alone costs a
 * server. A bare Fastify 5 instance, no logger, no plugins, like scripts/bench/bare.mjs, whose /api/* and /cou/*
 * do only what every server of this protocol must do for a call: open the path token, decode the request (the
 * payload token, its `t` within the replay window) with the reference server's own wire module (server/wire.ts,
 * Node's crypto), and answer the call's envelope made into JSON text. The envelope is one the reference server
 * answered for that call, given beforehand (`POST /floor/answers`): no session, no rate limit, no database, no
 * handler, no access line. A read that costs the reference server no more than this is as fast as the protocol
 * lets it be; the bare route's hello is what HTTP alone costs.
 *
 * The benchmark runs it bundled by esbuild (scripts/build-server.mjs `entry`), as the reference server runs, with
 * `main()` listening on PORT at 127.0.0.1.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { DEFAULT_REPLAY_WINDOW_MS } from '../../protocol/protocol'
import { decodeRequest, decryptTextOnce, WireError } from '../../server/wire'

export interface FloorOptions {
  packageName: string
  /** The server's clock, in milliseconds since the epoch: the reference server's demo clock may have been moved. */
  now?: () => number
  replayWindowMs?: number
}

export function buildFloor({
  packageName,
  now = Date.now,
  replayWindowMs = DEFAULT_REPLAY_WINDOW_MS,
}: FloorOptions): FastifyInstance {
  const app = Fastify({ logger: false })
  /** Each call's envelope, by the call's path. */
  const answers = new Map<string, unknown>()
  let offsetMs = 0

  // What the benchmark gives beforehand: envelopes by path, and how far the reference server's clock is moved. The
  // GET tells the paths given (and that the floor is up).
  app.get('/floor/answers', async () => ({ paths: [...answers.keys()] }))
  app.post('/floor/answers', async (req, reply) => {
    const body = req.body as { answers?: Record<string, unknown>; clockOffsetMs?: number } | null
    if (!body || typeof body.answers !== 'object' || body.answers === null)
      return reply.code(400).send({ error: 'answers: an object of envelopes by path' })
    for (const [path, envelope] of Object.entries(body.answers)) answers.set(path, envelope)
    if (Number.isSafeInteger(body.clockOffsetMs)) offsetMs = body.clockOffsetMs!
    return { paths: [...answers.keys()] }
  })

  for (const base of ['/api', '/cou']) {
    app.route({
      method: ['GET', 'POST'],
      url: `${base}/*`,
      handler: async (req, reply) => {
        const segment = (req.params as Record<string, string | undefined>)['*'] ?? ''
        // A token that does not open is refused before the payload is looked at, as the reference server does.
        if (decryptTextOnce(packageName, segment) === null) return reply.code(400).send({ error: 'path' })
        const decoded = decodeRequest({
          packageName,
          method: req.method === 'POST' ? 'POST' : 'GET',
          pathSegment: segment,
          query: req.query as Record<string, unknown>,
          body: req.body,
          now: now() + offsetMs,
          replayWindowMs,
        })
        if (decoded instanceof WireError) return reply.code(400).send({ error: decoded.code })
        const envelope = answers.get(decoded.path)
        if (envelope === undefined) return reply.code(404).send({ error: 'no answer given for this call' })
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify(envelope))
      },
    })
  }
  return app
}

/** Listens on PORT at 127.0.0.1 until SIGINT or SIGTERM (the package name: KOPA_PACKAGE_NAME or the default). */
export async function main(): Promise<void> {
  const app = buildFloor({ packageName: process.env.KOPA_PACKAGE_NAME ?? 'com.kopa.app' })
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => void app.close().then(() => process.exit(0)))
}
