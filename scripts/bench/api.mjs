// The API benchmark (issue 17; docs/performance.md "API"): the reference server beside a bare Fastify route, under
// autocannon, on the embedded database and (DATABASE_URL set) on PostgreSQL. A benchmark, not a test: it prints
// figures and returns them; it throws only when a part could not run (a server did not start, a borrower could not
// be brought to a loan).
//
// For each database it starts the reference server as `npm run server` runs it (build/server/main.mjs, built just
// before by scripts/build-server.mjs, run by node: one process; KOPA_BENCH_TSX=1 runs server/main.ts under tsx
// instead, as before session 16), demo mode, on a fresh database — a temporary PGlite directory, or a new schema of the PostgreSQL database that is dropped at the
// end — with the statement counter on (KOPA_BENCH_COUNT_QUERIES=1, GET /dev/queries) and the request limits out of
// the way. It brings borrowers through the real encrypted API to a paid-out loan (register with the development
// SMS, profile, identity photos, work, wallet, apply, submit, assessment, confirm, pay-out by the sandbox), then:
//   - queries per call: each call made one after another, the counter read before and after;
//   - autocannon (-c connections, -d seconds) on the bare route, then on each hot call and on one write, each
//     connection a borrower of its own (its token, its address), req/s, p50/p99 and the ratio to the bare route's
//     req/s measured just before on the same machine;
//   - the protocol floor (scripts/bench/protocol-floor.ts) sent the same requests: a bare Fastify route that opens
//     them with the server's own wire module and answers the envelope the server answered for that call, nothing
//     else; its req/s beside the bare route's is the most this protocol allows, and the server's beside it is what
//     the server's own work costs; CPU per request (from /proc) of the server, the floor and the bare route;
//   - each hot read again at 70% of the req/s it reached, evenly spaced (scripts/bench/paced.mjs), for the p99 at that
//     load, and the bare route at the same pace for what the load generator adds by itself;
//   - mixed: latest order on nine tenths of the connections while the write runs on the rest, at once (what the read
//     cache keeps while borrowers save their forms).
// With PostgreSQL it then runs the scale-out check (scaleOut below): two instances on one schema, jobs on both.
import { spawn } from 'node:child_process'
import { pacedRun } from './paced.mjs'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { deflateSync, crc32 } from 'node:zlib'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, waitForHttp } from './net.mjs'

const PACKAGE = 'com.kopa.app'
const TZS = 100
const HUGE = '1000000000'

/** The calls measured: the app's hot reads (home, the product card, the profile, the repayment screen) and a write. */
export const CALLS = [
  { name: 'latest order', path: '/loan/loan-order/latest', payload: () => ({}), hot: true },
  { name: 'product index', path: '/loan/loan-product/index', payload: () => ({}), hot: true },
  { name: 'getUserInfo', path: '/security/getUserInfo', payload: () => ({}), hot: true },
  {
    name: 'repayment detail',
    path: '/portal/repayment/detail',
    payload: (b) => ({ orderNo: b.orderNo }),
    hot: true,
  },
  {
    name: 'write: save work info',
    path: '/user/saveAdditionInfo-market',
    payload: (_b, forms) => ({ ...forms.workInfo }),
    hot: false,
  },
]

/**
 * @param {object} o
 * @param {string} o.root the repository
 * @param {(label: string, stop: () => Promise<void>) => () => Promise<void>} o.hold registers something to stop
 * @param {() => Promise<string>} o.tmpDir a temporary directory of the run
 * @param {number} [o.seconds] autocannon duration of each run (default 10)
 * @param {number} [o.connections] autocannon connections (default 50)
 * @param {number} [o.borrowers] borrowers brought to a loan (default 10; the connections take them in turn)
 * @param {string} [o.databaseUrl] PostgreSQL (default DATABASE_URL; none: the embedded database only)
 * @param {boolean} [o.at70] also measure each hot read at 70% of its maximum (default true)
 * @param {number} [o.steadyShare] that share instead of 70% (0.5: at half the maximum)
 * @param {string[]} [o.calls] only the calls whose name contains one of these words (default: every call)
 * @param {boolean} [o.mixed] also run latest order and the write at once (default true, when both are measured)
 * @param {boolean} [o.floor] also send each call's requests to the protocol floor (default true)
 */
const BARE_REQUESTS = [{ method: 'GET', path: '/hello', headers: {} }]

export async function apiBench(o) {
  const log = o.log ?? console.log
  const seconds = o.seconds ?? 10
  const connections = o.connections ?? 50
  const borrowerCount = o.borrowers ?? Math.min(10, connections)
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL ?? ''
  const { default: autocannon } = await import('autocannon')
  const { tsImport } = await import('tsx/esm/api')
  const wire = await tsImport(path.join(o.root, 'protocol/protocol.ts'), import.meta.url)
  const { API } = await tsImport(path.join(o.root, 'domain/api.ts'), import.meta.url)
  const forms = await tsImport(path.join(o.root, 'tests/domain/onboarding-bodies.ts'), import.meta.url)
  const forms2 = { personal: forms.tanzanianPersonalInfo, workInfo: forms.workInfo }
  // The server as `npm run server` runs it, or (KOPA_BENCH_TSX=1) compiled on the fly by tsx, for comparison.
  const serverArgs = process.env.KOPA_BENCH_TSX
    ? ['--import', 'tsx', path.join(o.root, 'server/main.ts')]
    : ['--enable-source-maps', await (await import('../build-server.mjs')).buildServer({ quiet: true })]
  const calls = o.calls?.length ? CALLS.filter((c) => o.calls.some((w) => c.name.includes(w))) : CALLS
  if (calls.length === 0) throw new Error(`no call named ${o.calls.join(', ')}`)

  const bare = await startProcess({
    label: 'bare Fastify',
    root: o.root,
    args: [path.join(o.root, 'scripts/bench/bare.mjs')],
    env: {},
    ready: '/hello',
    hold: o.hold,
  })
  log(`bare Fastify route on ${bare.url}/hello`)
  // The protocol floor (scripts/bench/protocol-floor.ts): each call's very requests opened and answered with the
  // reference server's envelope, nothing else. Left out when profiling (o.floor false), so that a call's own run ends
  // the server's profile.
  const floor =
    o.floor === false
      ? null
      : await startProcess({
          label: 'protocol floor',
          root: o.root,
          args: ['--enable-source-maps', await buildFloorBundle(o.root)],
          env: { KOPA_PACKAGE_NAME: PACKAGE },
          ready: '/floor/answers',
          hold: o.hold,
        })
  if (floor) log(`protocol floor on ${floor.url}`)

  const targets = [{ name: 'embedded', label: 'embedded database (PGlite)' }]
  if (databaseUrl) targets.push({ name: 'postgres', label: `PostgreSQL (${redact(databaseUrl)})` })
  if (o.targets) targets.splice(0, targets.length, ...targets.filter((t) => o.targets.includes(t.name)))
  const report = {
    generatedAt: new Date().toISOString(),
    seconds,
    connections,
    borrowers: borrowerCount,
    cpus: (await import('node:os')).cpus().length,
    steadyShare: o.steadyShare ?? 0.7,
    targets: [],
  }

  const run = async (opts) => {
    let instance
    const release = o.hold('autocannon', async () =>
      instance instanceof Error ? undefined : instance?.stop(),
    )
    try {
      return await new Promise((resolve, reject) => {
        instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)))
        // autocannon answers options it refuses with the error itself rather than an instance.
        if (instance instanceof Error) reject(instance)
      })
    } finally {
      await release()
    }
  }
  const figures = (r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses: r.statusCodeStats,
  })
  /**
   * One autocannon run on `url` (each connection sending one of `requests` in turn, or GET `url` itself) and the CPU
   * the process `pid` spent on it: its share of a core and its seconds per request.
   */
  const measure = async (url, pid, requests) => {
    let k = 0
    const cpuBefore = cpuSeconds(pid)
    const result = figures(
      await run({
        url,
        connections,
        duration: seconds,
        ...(requests ? { setupClient: (c) => c.setRequests([requests[k++ % requests.length]]) } : {}),
      }),
    )
    const cpuAfter = cpuSeconds(pid)
    return {
      ...result,
      serverCpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / seconds,
      cpuPerRequest: perRequest(cpuBefore, cpuAfter, result.requests),
    }
  }
  const bareRun = () => measure(`${bare.url}/hello`, bare.pid)

  for (const target of targets) {
    const schema = target.name === 'postgres' ? `kopa_bench_${randomBytes(4).toString('hex')}` : ''
    const dir = await o.tmpDir()
    const env = {
      KOPA_MODE: 'demo',
      KOPA_TRUST_PROXY: '1',
      KOPA_BENCH_COUNT_QUERIES: '1',
      KOPA_LIMIT_ADDRESS_PER_MINUTE: HUGE,
      KOPA_LIMIT_ANONYMOUS_PER_MINUTE: HUGE,
      KOPA_LIMIT_SESSION_PER_MINUTE: HUGE,
      KOPA_SANDBOX_DELAY_MS: '0',
      KOPA_UPLOAD_DIR: path.join(dir, `uploads-${target.name}`),
      KOPA_DIST_DIR: path.join(dir, 'no-dist'),
      ...(o.serverEnv ?? {}),
      ...(target.name === 'postgres'
        ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
        : { KOPA_DATA_DIR: path.join(dir, `data-api-${target.name}`) }),
    }
    const server = await startProcess({
      label: `Kopa (${target.name})`,
      root: o.root,
      args: [...(o.nodeArgs ?? []), ...serverArgs],
      env,
      ready: '/dev/clock',
      hold: o.hold,
    })
    log(`\nKopa on the ${target.label}: ${server.url} (pid ${server.pid})`)
    const entry = { target: target.name, label: target.label, calls: [] }
    report.targets.push(entry)
    try {
      const client = createClient(server.url, wire, API)
      const started = Date.now()
      const borrowers = await bringToLoans(client, borrowerCount, forms2, log)
      log(
        `${borrowers.length} borrowers with a paid-out loan in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )

      // Queries per call, one call after another.
      for (const call of calls) {
        const n = 20
        const before = await client.queries()
        for (let i = 0; i < n; i++) {
          const b = borrowers[i % borrowers.length]
          const res = await client.call(call.path, call.payload(b, forms2), b)
          if (res.code !== 0) throw new Error(`${call.path} answered ${res.code} ${res.msg}`)
        }
        const after = await client.queries()
        entry.calls.push({
          name: call.name,
          path: call.path,
          hot: call.hot,
          queriesPerCall: (after - before) / n,
        })
      }

      entry.bare = await bareRun()
      log(`bare route: ${fmtRps(entry.bare.rps)} req/s, p50 ${entry.bare.p50} ms, p99 ${entry.bare.p99} ms`)
      for (const call of calls) {
        const row = entry.calls.find((c) => c.path === call.path)
        const requests = await encodeAll(client, call, borrowers, forms2)
        for (const r of requests.slice(0, 3)) await client.check(r, call.path)
        const before = await client.queries()
        const forgetsBefore = await client.cacheForgets()
        const result = await measure(server.url, server.pid, requests)
        const after = await client.queries()
        const forgetsAfter = await client.cacheForgets()
        Object.assign(row, result, {
          ratio: result.rps / entry.bare.rps,
          queriesPerCallUnderLoad: result.requests ? (after - before) / result.requests : null,
          cacheForgets: forgetsBefore === null || forgetsAfter === null ? null : forgetsAfter - forgetsBefore,
        })
        await client.check(requests[0], call.path)
        // The protocol floor sent the same requests, answering this call's envelope as the server just did: what
        // opening them and answering costs a server that does nothing else.
        if (floor) {
          const envelope = await client.call(call.path, call.payload(borrowers[0], forms2), borrowers[0])
          const { offsetMs } = await client.dev('/dev/clock')
          await postJson(`${floor.url}/floor/answers`, { answers: { [call.path]: envelope }, clockOffsetMs: offsetMs })
          const floorRun = await measure(floor.url, floor.pid, await encodeAll(client, call, borrowers, forms2))
          if (floorRun.non2xx || floorRun.errors)
            throw new Error(`the protocol floor refused ${floorRun.non2xx + floorRun.errors} requests of ${call.path}`)
          row.floor = {
            rps: floorRun.rps,
            ratio: floorRun.rps / entry.bare.rps,
            cpuPerRequest: floorRun.cpuPerRequest,
          }
          row.ratioFloor = result.rps / floorRun.rps
        }
        if (call.hot && o.at70 !== false && result.rps > 0) {
          const rate = Math.max(1, Math.round(result.rps * (o.steadyShare ?? 0.7)))
          const again = await encodeAll(client, call, borrowers, forms2)
          // Evenly spaced requests (scripts/bench/paced.mjs), not autocannon's overallRate, which sends each second's
          // share at full speed and then waits.
          await client.loopDelay()
          const cpuStart = cpuSeconds(server.pid)
          const paceStart = performance.now()
          row.at70 = await pacedRun({ url: server.url, rate, seconds, connections, requests: again })
          const cpuEnd = cpuSeconds(server.pid)
          row.at70.loopDelay = await client.loopDelay()
          // The server's CPU over the steady run (its warm-up second included).
          row.at70.serverCpu =
            cpuStart === null || cpuEnd === null
              ? null
              : (cpuEnd - cpuStart) / ((performance.now() - paceStart) / 1000)
          await client.check(again[0], call.path)
          // The same pace on the bare route: what the load generator and the machine add by themselves.
          const barePaced = await pacedRun({ url: bare.url, rate, seconds, connections, requests: BARE_REQUESTS })
          row.at70.bareP99 = barePaced.p99
        }
        log(
          `${call.name}: ${fmtRps(row.rps)} req/s (${row.ratio.toFixed(2)}× bare` +
            (row.floor === undefined
              ? ')'
              : `; the protocol floor: ${fmtRps(row.floor.rps)} req/s, ${row.floor.ratio.toFixed(2)}× bare, ` +
                `so ${row.ratioFloor.toFixed(2)}× the floor)`) +
            `, p50 ${row.p50} ms, p99 ${row.p99} ms` +
            (row.at70
              ? `, p99 ${row.at70.p99} ms at ${row.at70.rate} req/s evenly spaced (${row.at70.achieved} sent/s, ` +
                `bare route at that pace: p99 ${row.at70.bareP99} ms` +
                (row.at70.loopDelay
                  ? `; the server's event loop held up p99 ${row.at70.loopDelay.p99} ms, at most ${row.at70.loopDelay.max} ms`
                  : '') +
                (row.at70.serverCpu == null ? '' : `; server CPU ${Math.round(row.at70.serverCpu * 100)}%`) +
                (row.at70.non2xx || row.at70.errors
                  ? `, ${row.at70.non2xx} non-2xx, ${row.at70.errors} errors`
                  : '') +
                ')'
              : '') +
            `, ${row.queriesPerCall.toFixed(1)} queries/call` +
            (row.serverCpu === null ? '' : `, server CPU ${Math.round(row.serverCpu * 100)}%`) +
            (row.cacheForgets == null ? '' : `, cache forgotten ${row.cacheForgets}×`) +
            (row.non2xx || row.errors
              ? ` (${row.non2xx} non-2xx: ${JSON.stringify(row.statuses)}, ${row.errors} errors)`
              : ''),
        )
      }
      // Reads while others write: latest order on most connections, the write on a tenth of them, at once. Each save
      // changes a profile, which the latest order is not read from (server/cache.ts forgets by table).
      const readCall = calls.find((c) => c.name === 'latest order')
      const writeCall = calls.find((c) => !c.hot)
      if (readCall && writeCall && o.mixed !== false) {
        const writers = Math.max(1, Math.round(connections / 10))
        const reads = await encodeAll(client, readCall, borrowers, forms2)
        const writes = await encodeAll(client, writeCall, borrowers, forms2)
        let r = 0
        let w = 0
        const before = await client.queries()
        const forgetsBefore = await client.cacheForgets()
        const cpuBefore = cpuSeconds(server.pid)
        const [read, write] = await Promise.all([
          run({
            url: server.url,
            connections: connections - writers,
            duration: seconds,
            setupClient: (c) => c.setRequests([reads[r++ % reads.length]]),
          }),
          run({
            url: server.url,
            connections: writers,
            duration: seconds,
            setupClient: (c) => c.setRequests([writes[w++ % writes.length]]),
          }),
        ])
        const cpuAfter = cpuSeconds(server.pid)
        const after = await client.queries()
        const forgetsAfter = await client.cacheForgets()
        const [rf, wf] = [figures(read), figures(write)]
        entry.mixed = {
          read: readCall.name,
          write: writeCall.name,
          readers: connections - writers,
          writers,
          readRps: rf.rps,
          readP99: rf.p99,
          writeRps: wf.rps,
          writeP99: wf.p99,
          ratio: rf.rps / entry.bare.rps,
          queriesPerRequest:
            rf.requests + wf.requests ? (after - before) / (rf.requests + wf.requests) : null,
          cacheForgets: forgetsBefore === null || forgetsAfter === null ? null : forgetsAfter - forgetsBefore,
          serverCpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / seconds,
          failures: rf.non2xx + rf.errors + wf.non2xx + wf.errors,
        }
        await client.check(reads[0], readCall.path)
        log(
          `mixed: ${readCall.name} ${fmtRps(rf.rps)} req/s (p99 ${rf.p99} ms) on ${connections - writers} connections ` +
            `while ${writeCall.name} ${fmtRps(wf.rps)} req/s on ${writers}; ` +
            `${entry.mixed.queriesPerRequest?.toFixed(2)} queries per request`,
        )
      }
    } finally {
      await server.stop()
      if (schema)
        await dropSchema(databaseUrl, schema).catch((err) => log(`could not drop ${schema}: ${err.message}`))
    }
  }
  if (databaseUrl && o.scaleOut !== false && (!o.targets || o.targets.includes('postgres'))) {
    report.scaleOut = await scaleOut({
      ...o,
      log,
      seconds,
      connections,
      databaseUrl,
      wire,
      API,
      forms: forms2,
      run,
      figures,
      serverArgs,
    })
  }
  await bare.stop()
  await floor?.stop()
  printReport(report, log)
  return report
}

/**
 * Two instances on one PostgreSQL schema, each with its job worker polling (every 200 ms): borrowers are brought
 * to a loan half through one, half through the other (their assessments and pay-outs are jobs, run by whichever
 * worker claims them first), then latest order is measured on one instance alone and on both at once (half the
 * connections each, as a round-robin balancer would spread them). Afterwards the database says whether any job
 * was retried (attempts > 1: after a failure, not a second run), whether any order was decided or paid out twice, and the books check.
 */
async function scaleOut(o) {
  const { log, seconds, connections, databaseUrl, wire, API, forms, run, figures } = o
  const schema = `kopa_bench_${randomBytes(4).toString('hex')}`
  const dir = await o.tmpDir()
  const env = () => ({
    KOPA_MODE: 'demo',
    KOPA_TRUST_PROXY: '1',
    KOPA_LIMIT_ADDRESS_PER_MINUTE: HUGE,
    KOPA_LIMIT_ANONYMOUS_PER_MINUTE: HUGE,
    KOPA_LIMIT_SESSION_PER_MINUTE: HUGE,
    KOPA_SANDBOX_DELAY_MS: '0',
    KOPA_JOB_POLL_MS: '200',
    KOPA_UPLOAD_DIR: path.join(dir, 'uploads-scale'),
    KOPA_DIST_DIR: path.join(dir, 'no-dist'),
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    ...(o.serverEnv ?? {}),
  })
  const start = (name) =>
    startProcess({
      label: `Kopa ${name} (scale-out)`,
      root: o.root,
      args: o.serverArgs,
      env: env(),
      ready: '/dev/clock',
      hold: o.hold,
    })
  log(
    `\nScale-out: two instances on one PostgreSQL schema (${schema}), job workers polling every 200 ms on both`,
  )
  const a = await start('A')
  const b = await start('B')
  try {
    const clients = [createClient(a.url, wire, API), createClient(b.url, wire, API)]
    const count = Math.max(8, o.borrowers ?? 10)
    const borrowers = await bringToLoans(clients, count, forms, log)
    log(`${borrowers.length} borrowers with a paid-out loan, half through each instance`)
    const call = CALLS[0]
    const requestsFor = async (client) => {
      await client.syncClock()
      return borrowers.map((x) => client.encode(call.path, call.payload(x, forms), x))
    }
    const cannon = (server, requests, conns) => {
      let k = 0
      return run({
        url: server.url,
        connections: conns,
        duration: seconds,
        setupClient: (c) => c.setRequests([requests[k++ % requests.length]]),
      })
    }
    const one = figures(await cannon(a, await requestsFor(clients[0]), connections))
    // Both instances need a connection each, even in a run with `--api-connections 1`.
    const half = Math.max(1, Math.floor(connections / 2))
    const [ra, rb] = await Promise.all([
      requestsFor(clients[0]).then((r) => cannon(a, r, half)),
      requestsFor(clients[1]).then((r) => cannon(b, r, Math.max(1, connections - half))),
    ])
    const both = { a: figures(ra), b: figures(rb) }
    both.rps = both.a.rps + both.b.rps
    const checks = await jobChecks(databaseUrl, schema)
    const books = await clients[0].dev('/dev/books')
    const result = {
      call: call.name,
      oneInstance: one,
      twoInstances: both,
      gain: both.rps / one.rps,
      ...checks,
      booksOk: books.ok === true,
    }
    log(
      `${call.name}: one instance ${fmtRps(one.rps)} req/s (p99 ${one.p99} ms); two instances ` +
        `${fmtRps(both.rps)} req/s (${fmtRps(both.a.rps)} + ${fmtRps(both.b.rps)}, p99 ${both.a.p99}/${both.b.p99} ms), ` +
        `${result.gain.toFixed(2)}×`,
    )
    log(
      `jobs: ${checks.jobsDone} done, ${checks.jobsRetried} of them after a retry, ${checks.jobsFailed} failed; ` +
        `orders decided twice: ${checks.ordersDecidedTwice}; orders paid out twice: ${checks.ordersPaidTwice}; ` +
        `books ${result.booksOk ? 'balance' : 'DO NOT balance'}`,
    )
    return result
  } finally {
    await a.stop()
    await b.stop()
    await dropSchema(databaseUrl, schema).catch((err) => log(`could not drop ${schema}: ${err.message}`))
  }
}

async function jobChecks(databaseUrl, schema) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` })
  await client.connect()
  try {
    const one = async (text) => Number(Object.values((await client.query(text)).rows[0] ?? { n: 0 })[0] ?? 0)
    return {
      jobsDone: await one(`SELECT count(*) FROM jobs WHERE status = 'done'`),
      jobsFailed: await one(`SELECT count(*) FROM jobs WHERE status = 'failed'`),
      jobsRetried: await one(`SELECT count(*) FROM jobs WHERE status = 'done' AND attempts > 1`),
      ordersDecidedTwice: await one(
        `SELECT count(*) FROM (SELECT order_id FROM loan_order_events WHERE from_status = 1
           GROUP BY order_id HAVING count(*) > 1) t`,
      ),
      ordersPaidTwice: await one(
        `SELECT count(*) FROM (SELECT order_id FROM loan_order_events WHERE to_status = 2 AND from_status = 7
           GROUP BY order_id HAVING count(*) > 1) t`,
      ),
    }
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

async function startProcess({ label, root, args, env, ready, hold }) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const childEnv = { ...process.env }
  for (const key of [
    'DATABASE_URL',
    'DATABASE_SCHEMA',
    'KOPA_DATA_DIR',
    'NODE_ENV',
    'KOPA_DEMO_PUBLIC',
    'LOG_LEVEL',
    'KOPA_UPLOAD_DIR',
  ])
    delete childEnv[key]
  Object.assign(childEnv, env, { PORT: String(port), HOST: '127.0.0.1' })
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
    if (!done) {
      child.kill('SIGKILL')
      await exited
    }
  }
  const release = hold(label, stop)
  try {
    await waitForHttp(`${url}${ready}`, exited, 120_000)
  } catch (err) {
    await release()
    throw new Error(`${label} did not start: ${err.message}\n${output.trim()}`, { cause: err })
  }
  return { url, pid: child.pid, stop: release, output: () => output }
}

/** CPU seconds per request between two readings of cpuSeconds; null without both or without requests. */
function perRequest(before, after, requests) {
  return before === null || after === null || !requests ? null : (after - before) / requests
}

/** POSTs JSON to a benchmark process; throws unless it answers 2xx. */
async function postJson(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}: ${await res.text()}`)
}

/**
 * The protocol floor (scripts/bench/protocol-floor.ts) bundled by esbuild like the reference server
 * (scripts/build-server.mjs), into build/bench/protocol-floor.mjs, where Node finds node_modules; returns its path.
 */
async function buildFloorBundle(root) {
  const { build } = await import('esbuild')
  const { nodeBundleOptions } = await import('../build-server.mjs')
  const outfile = path.join(root, 'build', 'bench', 'protocol-floor.mjs')
  await build({
    ...(await nodeBundleOptions()),
    stdin: {
      contents: "import { main } from './protocol-floor.ts'\nawait main()\n",
      resolveDir: path.join(root, 'scripts', 'bench'),
      loader: 'ts',
      sourcefile: 'protocol-floor-main.ts',
    },
    outfile,
  })
  return outfile
}

/** CPU time (user + system) of a process so far, in seconds, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

async function dropSchema(databaseUrl, schema) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end()
  }
}

const redact = (url) => url.replace(/\/\/[^@/]*@/, '//…@')

// ---------------------------------------------------------------------------------------------------------------
// The client: real encrypted calls

function createClient(baseUrl, wire, API) {
  let offsetMs = 0
  const headersOf = (b) => ({
    lang: 'en',
    platform: 'android',
    appname: 'Kopa',
    'x-forwarded-for': b.ip,
    ...(b.token ? { authorization: `Bearer ${b.token}` } : {}),
  })

  /** One request of a call for `b`, encoded now (as autocannon and fetch both send it). */
  function encode(apiPath, payload, b) {
    const def = API[apiPath]
    const enc = wire.encodeRequest({
      packageName: PACKAGE,
      method: def.method,
      path: apiPath,
      base: def.base,
      payload,
      now: Date.now() + offsetMs,
    })
    return def.method === 'GET'
      ? { method: 'GET', path: `${enc.url}?${new URLSearchParams(enc.params)}`, headers: headersOf(b) }
      : {
          method: 'POST',
          path: enc.url,
          headers: { ...headersOf(b), 'content-type': 'application/json' },
          body: JSON.stringify(enc.data),
        }
  }

  async function send(req) {
    const res = await fetch(baseUrl + req.path, {
      method: req.method,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal: AbortSignal.timeout(60_000),
    })
    const text = await res.text()
    try {
      return JSON.parse(text)
    } catch {
      return { code: null, msg: `HTTP ${res.status}: ${text.slice(0, 200)}` }
    }
  }

  async function dev(pathname, body) {
    const res = await fetch(baseUrl + pathname, {
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    })
    if (!res.ok) throw new Error(`${pathname} answered HTTP ${res.status}`)
    return res.json()
  }

  return {
    encode,
    call: (apiPath, payload, b) => send(encode(apiPath, payload, b)),
    async check(req, apiPath) {
      const res = await send(req)
      if (res.code !== 0) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
    },
    async upload(apiPath, image, b) {
      const enc = wire.encodeUploadExtra({
        packageName: PACKAGE,
        path: apiPath,
        base: API[apiPath].base,
        payload: {},
        now: Date.now() + offsetMs,
      })
      const form = new FormData()
      form.set(wire.UPLOAD_EXTRA_FIELD, enc.extra)
      form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png')
      const res = await fetch(baseUrl + enc.url, { method: 'POST', headers: headersOf(b), body: form })
      return res.json()
    },
    dev,
    /** The server's clock (demo: it may have been moved): requests carry its time. */
    async syncClock() {
      const { offsetMs: offset } = await dev('/dev/clock')
      offsetMs = offset
    },
    async smsCode(mobile) {
      const res = await fetch(`${baseUrl}/dev/sms`)
      const html = await res.text()
      for (const row of html.split('<tr>')) {
        if (row.includes(`•${mobile.slice(-3)}<`)) {
          const code = /\b(\d{6})\b/.exec(row)?.[1]
          if (code) return code
        }
      }
      return null
    },
    async queries() {
      const { queries } = await dev('/dev/queries')
      return queries
    },
    /** Times the server's read cache forgot everything (its own writes and the database's notices). */
    async cacheForgets() {
      const { cacheForgets } = await dev('/dev/queries')
      return cacheForgets ?? null
    },
    /** The server's event-loop delay since the last call (p50, p99, max in ms), and a new count begun. */
    async loopDelay() {
      const { loopDelay } = await dev('/dev/queries?reset=1')
      return loopDelay ?? null
    },
  }
}

async function encodeAll(client, call, borrowers, forms) {
  await client.syncClock()
  return borrowers.map((b) => client.encode(call.path, call.payload(b, forms), b))
}

// ---------------------------------------------------------------------------------------------------------------
// Borrowers with a paid-out loan, through the real API

/** A camera-like greyscale PNG (noise): the development identity checks want a real-looking photo. */
function photoPng(width = 320, height = 200) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 0
  const rows = []
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1)
    for (let x = 1; x <= width; x += 1) row[x] = (x * 31 + y * 17 + ((x * y) % 13) * 11) & 0xff
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Borrowers brought to a paid-out loan; with several clients (instances), borrower i talks to client i mod n. */
async function bringToLoans(clientOrClients, count, forms, log) {
  const clients = Array.isArray(clientOrClients) ? clientOrClients : [clientOrClients]
  const run = 100 + (randomBytes(2).readUInt16BE(0) % 900)
  const borrowers = Array.from({ length: count }, (_, i) => ({
    index: i,
    // 0754 (Vodacom: M-Pesa) + three digits of this run (100–999) + the borrower's, from 001: the last three tell
    // the development SMS apart, and the last four are never 0000 (a wallet the sandbox refuses to pay).
    mobile: `0754${String(run).padStart(3, '0')}${String(i + 1).padStart(3, '0')}`,
    nationalId: `19900517-${String(run).padStart(5, '0')}-${String(i).padStart(5, '0')}-26`,
    ip: `10.${17 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
    token: null,
    orderNo: null,
  }))
  const queue = [...borrowers]
  const worker = async () => {
    for (let b = queue.shift(); b; b = queue.shift())
      await bringToLoan(clients[b.index % clients.length], b, forms)
  }
  await Promise.all(Array.from({ length: Math.min(4, count) }, worker))
  if (count > 0) log(`  e.g. borrower 0: order ${borrowers[0].orderNo}`)
  return borrowers
}

async function bringToLoan(client, b, forms) {
  await client.syncClock()
  const ok = async (apiPath, payload = {}) => {
    const res = await client.call(apiPath, payload, b)
    if (res.code !== 0) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
    return res.data
  }
  const sent = await client.call(
    '/security/getVerifyCode',
    { country: 'TZ', mobile: b.mobile, purpose: 'register' },
    b,
  )
  if (sent.code !== 0) throw new Error(`getVerifyCode answered ${sent.code} ${sent.msg}`)
  const code = await client.smsCode(b.mobile)
  if (!code) throw new Error('no development SMS')
  b.token = (await ok('/security/register', { country: 'TZ', mobile: b.mobile, code })).token
  await ok('/user/saveBasicInfo-market', {
    ...forms.personal,
    nationalId: b.nationalId,
    whatsappNo: b.mobile,
  })
  const uploads = ['/user/upload/curp/front', '/user/upload/curp/back', '/user/saveFaceImage']
  for (const [i, apiPath] of uploads.entries()) {
    const res = await client.upload(apiPath, photoPng(320 + i * 8), b)
    if (res.code !== 0 || !res.data.accepted) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
  }
  await ok('/user/finishUploadAllImg')
  await ok('/user/saveAdditionInfo-market', { ...forms.workInfo })
  await ok('/user/addBankCard', {
    provider: 'mpesa',
    accountNumber: b.mobile,
    confirmAccountNumber: b.mobile,
  })
  await ok('/loan/loan-order/apply-market', {
    productId: 'tz-haraka',
    amountMinor: 250_000 * TZS,
    tenureDays: 120,
  })
  // Demo mode assesses an application about 20 s after it is submitted: the shared clock is moved past that.
  const settle = async (ms) => {
    await client.dev('/dev/clock/advance', { ms })
    await client.dev('/dev/payments/sandbox/deliver', {})
    await client.syncClock()
  }
  let last = null
  for (let i = 0; i < 200; i++) {
    const order = await ok('/loan/loan-order/latest')
    const status = order?.status ?? null
    last = status
    if (status === 2 || status === 3) {
      b.orderNo = order.orderNo
      return
    }
    if (status === 19) await ok('/user/submit', { orderNo: order.orderNo })
    else if (status === 14 || status === 18)
      await ok('/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    else if (status === 1 || status === 7) {
      await settle(status === 1 ? 30_000 : 0)
      await sleep(50)
    } else throw new Error(`the order stopped at status ${status}`)
  }
  throw new Error(`the loan was not paid out (status ${last})`)
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

const fmtUs = (seconds) => (seconds == null ? '—' : (seconds * 1e6).toFixed(0))
const fmtRps = (v) => (v === null || v === undefined ? '—' : Math.round(v).toLocaleString('en-US'))

function printReport(report, log) {
  const s = report.scaleOut
  log('')
  log(
    `API under autocannon: ${report.connections} connections, ${report.seconds} s a run, ${report.borrowers} ` +
      `borrowers, ${report.cpus} CPUs; ratio = req/s ÷ the bare route's req/s measured just before`,
  )
  for (const t of report.targets) {
    log('')
    log(`${t.label}: bare route ${fmtRps(t.bare?.rps)} req/s, p50 ${t.bare?.p50} ms, p99 ${t.bare?.p99} ms`)
    const headers = [
      'call',
      'req/s',
      '× bare',
      'protocol floor',
      '× floor',
      'CPU µs/request (floor, bare)',
      'p50 ms',
      'p99 ms',
      `p99 at ${Math.round((report.steadyShare ?? 0.7) * 100)}% (bare)`,
      'queries/call',
      'under load',
      'server CPU',
      'non-2xx',
    ]
    const rows = t.calls.map((c) => [
      c.name,
      fmtRps(c.rps),
      c.ratio === undefined ? '—' : `${c.ratio.toFixed(3)}×`,
      c.floor === undefined ? '—' : `${fmtRps(c.floor.rps)} (${c.floor.ratio.toFixed(3)}×)`,
      c.ratioFloor === undefined ? '—' : `${c.ratioFloor.toFixed(3)}×`,
      `${fmtUs(c.cpuPerRequest)} (${fmtUs(c.floor?.cpuPerRequest)}, ${fmtUs(t.bare?.cpuPerRequest)})`,
      String(c.p50 ?? '—'),
      String(c.p99 ?? '—'),
      c.at70 ? `${c.at70.p99} ms (${c.at70.bareP99}) @ ${c.at70.rate}/s` : '',
      c.queriesPerCall === undefined ? '—' : c.queriesPerCall.toFixed(2),
      c.queriesPerCallUnderLoad == null ? '—' : c.queriesPerCallUnderLoad.toFixed(2),
      c.serverCpu == null ? '—' : `${Math.round(c.serverCpu * 100)}%`,
      String((c.non2xx ?? 0) + (c.errors ?? 0)),
    ])
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
    const line = (cells) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
    log(line(headers))
    log(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const r of rows) log(line(r))
    const m = t.mixed
    if (m)
      log(
        `mixed, at once: ${m.read} ${fmtRps(m.readRps)} req/s (${m.ratio.toFixed(3)}× bare, p99 ${m.readP99} ms, ` +
          `${m.readers} connections) while ${m.write} ${fmtRps(m.writeRps)} req/s (p99 ${m.writeP99} ms, ${m.writers}); ` +
          `${m.queriesPerRequest == null ? '—' : m.queriesPerRequest.toFixed(2)} queries per request, cache forgotten ` +
          `${m.cacheForgets ?? '—'}×, server CPU ${m.serverCpu == null ? '—' : `${Math.round(m.serverCpu * 100)}%`}` +
          (m.failures ? `, ${m.failures} failed` : ''),
      )
  }
  if (s) {
    log('')
    log(
      `Scale-out (PostgreSQL, ${s.call}): one instance ${fmtRps(s.oneInstance.rps)} req/s; two instances ` +
        `${fmtRps(s.twoInstances.rps)} req/s (${s.gain.toFixed(2)}×); jobs done ${s.jobsDone} (${s.jobsRetried} after a retry), ` +
        `orders decided twice ${s.ordersDecidedTwice}, paid out twice ${s.ordersPaidTwice}; ` +
        `books ${s.booksOk ? 'balance' : 'DO NOT balance'}`,
    )
  }
}
