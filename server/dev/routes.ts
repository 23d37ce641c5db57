/**
 * Development endpoints (demo and test modes only; in production they are not registered, so they answer 404):
 * - GET  /dev/clock          → { now, offsetMs }
 * - POST /dev/clock/advance  { ms } → moves the shared clock forward, runs the jobs now due (after those the
 *                              worker is running), → { now, offsetMs, jobsRun }
 * - GET  /dev/sms            → HTML page of the latest development SMS (numbers masked)
 * - GET  /dev/queries        → { queries, cacheForgets, loopDelay }: statements sent to the database so far, times
 *                              the read cache forgot everything, and the event loop's delay since the last
 *                              `?reset=1` (p50, p99 and max in ms, sampled every 5 ms) — only with
 *                              KOPA_BENCH_COUNT_QUERIES=1, for the benchmark
 * Plain JSON, not the wire protocol: they are for people and scripts driving a demo.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { latestOutbox } from '../sms'

const MAX_ADVANCE_MS = 400 * 24 * 60 * 60 * 1000

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function mountDevRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const clockView = () => ({ now: ctx.clock.now().toISOString(), offsetMs: ctx.clock.offsetMs() })

  app.get('/dev/clock', async () => {
    await ctx.clock.sync()
    return clockView()
  })

  app.post('/dev/clock/advance', async (req, reply) => {
    const ms = (req.body as { ms?: unknown } | null)?.ms
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
      return reply
        .code(400)
        .send({ error: `ms must be a whole number of milliseconds from 0 to ${MAX_ADVANCE_MS}` })
    }
    await ctx.clock.advance(ms)
    // Also waits for the jobs the polling worker had already claimed (a penalty day, say): whoever reads after
    // the move sees every job now due done.
    const jobsRun = await ctx.jobs.runDueSettled()
    return { ...clockView(), jobsRun }
  })

  if (ctx.config.countQueries) {
    // How long the event loop was kept from turning (issue 17: a steady load's tail latency): stopped with the server.
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    app.addHook('onClose', async () => loop.disable())
    const ms = (ns: number) => Math.round(ns / 1e5) / 10
    app.get('/dev/queries', async (req) => {
      const answer = {
        queries: ctx.database.queryCount(),
        cacheForgets: ctx.cache.forgets(),
        loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      }
      if ((req.query as Record<string, unknown>).reset === '1') loop.reset()
      return answer
    })
  }

  app.get('/dev/sms', async (_req, reply) => {
    const rows = await latestOutbox(ctx.db, 30)
    const items = rows
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.createdAt.toISOString())}</td><td>${escapeHtml(r.maskedMobile)}</td>` +
          `<td>${escapeHtml(r.text)}</td></tr>`,
      )
      .join('\n')
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Development SMS</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left}</style></head>
<body><h1>Development SMS</h1>
<p>Messages the development SMS provider would have sent, newest first. Numbers show their last three digits.
This page does not exist in production.</p>
<table><thead><tr><th>Sent (UTC, server clock)</th><th>To</th><th>Text</th></tr></thead>
<tbody>
${items || '<tr><td colspan="3">No messages yet.</td></tr>'}
</tbody></table></body></html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
  })
}
