/**
 * The benchmark's window into the server (issue 17): `GET /dev/queries` counts statements and cache forgets, and —
 * what the steady-load runs read — how long the event loop was held up since the last `?reset=1`. It exists only
 * with the counter on (KOPA_BENCH_COUNT_QUERIES=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TARGETS } from './helpers/databases'
import { startLoanServer, type LoanServer } from './loans-harness'

const pglite = DATABASE_TARGETS.find((t) => t.name === 'pglite')!
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Readings {
  queries: number
  cacheForgets: number
  loopDelay: { p50: number; p99: number; max: number }
}

describe('GET /dev/queries', () => {
  let counted: LoanServer
  let plain: LoanServer
  beforeAll(async () => {
    counted = await startLoanServer(pglite, 'inject', {}, { countQueries: true })
    plain = await startLoanServer(pglite, 'inject')
  })
  afterAll(async () => {
    await counted?.close()
    await plain?.close()
  })
  const read = async (query = '') =>
    (await counted.s.server.app.inject({ method: 'GET', url: `/dev/queries${query}` })).json() as Readings

  it('tells how long the event loop was held up since the last reset, and starts a new count when asked', async () => {
    await read('?reset=1')
    // The monitor measures from its previous sample, which a reset clears: let it take one first.
    await sleep(20)
    // Hold the loop 120 ms, then let the monitor sample again.
    const until = performance.now() + 120
    while (performance.now() < until);
    await sleep(30)
    const held = await read('?reset=1')
    expect(held.loopDelay.max).toBeGreaterThanOrEqual(100)
    expect(held.loopDelay.p99).toBeLessThanOrEqual(held.loopDelay.max)
    await sleep(30)
    const after = await read()
    expect(after.loopDelay.max).toBeLessThan(held.loopDelay.max)
    expect(after.queries).toBeGreaterThanOrEqual(held.queries)
    expect(typeof after.cacheForgets).toBe('number')
  })

  it('is not there without the counter', async () => {
    const res = await plain.s.server.app.inject({ method: 'GET', url: '/dev/queries' })
    expect(res.statusCode).toBe(404)
  })
})
