#!/usr/bin/env node
// The soak benchmark (issue 14 item 6; docs/operations.md "Limits and abuse"). A benchmark, not a test: it prints
// figures and returns them; it fails only when the run itself could not happen (the server did not start).
//
// It starts the reference server (server/main.ts, demo mode) on PostgreSQL in a fresh schema of its own (dropped at
// the end), then sends, at a fixed rate, a mix of valid traffic through the real encrypted wire — borrowers who ask
// for a code, register, read their profile, products, orders, FAQ and coupons, send app events and log in again —
// and bad input: garbage bodies, multipart without a boundary or cut off, NUL bytes in ids, pages of 1e300, junk
// and malformed tokens, and strangers' 20 MB uploads. Before the mix it floods the server with 12 strangers' 20 MB
// uploads at once. It reports the server's RSS, its open connections and the latency (p50, p99) at the start and
// at the end, the codes and HTTP statuses seen, the server's failure counters (GET /ops/health), and whether RSS
// levelled off.
//
//   node scripts/bench-soak.mjs [--minutes N] [--rate R] [--database-url URL] [--keep]
//   import { soak } from './bench-soak.mjs'; const report = await soak({ minutes: 1, rate: 40 })
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { freePort, waitForHttp } from './bench/net.mjs'

const root = path.resolve(import.meta.dirname, '..')
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
const PACKAGE = 'com.kopa.app'
const MB = 1024 * 1024

/**
 * Runs the soak and returns its report.
 * @param {{ minutes?: number, rate?: number, databaseUrl?: string, keep?: boolean, log?: (line: string) => void }} options
 *   minutes: how long the mixed traffic runs (default 30); rate: requests a second (default 40); databaseUrl: the
 *   PostgreSQL to use (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test); keep: keep the schema.
 */
export async function soak({ minutes = 30, rate = 40, databaseUrl, keep = false, log = console.log } = {}) {
  const url = databaseUrl || process.env.DATABASE_URL || DEFAULT_DATABASE_URL
  const { tsImport } = await import('tsx/esm/api')
  const wire = await tsImport(path.join(root, 'protocol/protocol.ts'), import.meta.url)
  const schema = `kopa_soak_${randomBytes(4).toString('hex')}`
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'kopa-soak-'))
  const server = await startServer({ databaseUrl: url, schema, uploadDir, log })
  try {
    const client = createClient(server.baseUrl, wire)
    const report = { minutes, rate, databaseUrl: url.replace(/\/\/[^@]*@/, '//…@'), schema }

    // 1. The flood: 12 strangers' 20 MB uploads at once, before anything else.
    const beforeFlood = await server.sample()
    const flood = await Promise.all(Array.from({ length: 12 }, () => client.strangerUpload(20 * MB)))
    await sleep(500)
    const afterFlood = await server.sample()
    report.uploadFlood = {
      uploads: flood.length,
      codes: countBy(flood.map((r) => r.code)),
      bytesSentBeforeAnswer: flood.map((r) => r.sentBeforeAnswer),
      rssBeforeMB: mb(beforeFlood.rssBytes),
      rssAfterMB: mb(afterFlood.rssBytes),
      rssGrowthMB: mb(afterFlood.rssBytes - beforeFlood.rssBytes),
    }
    log(
      `upload flood: 12 × 20 MB from strangers → ${JSON.stringify(report.uploadFlood.codes)}, RSS ` +
        `${report.uploadFlood.rssBeforeMB} → ${report.uploadFlood.rssAfterMB} MB`,
    )

    // 2. The mix, at a fixed rate.
    const run = await runMix({ client, server, minutes, rate, log })
    Object.assign(report, run)
    printReport(report, log)
    return report
  } finally {
    await server.stop()
    await rm(uploadDir, { recursive: true, force: true })
    if (!keep)
      await dropSchema(url, schema).catch((err) => log(`could not drop schema ${schema}: ${err.message}`))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server

async function startServer({ databaseUrl, schema, uploadDir, log }) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    KOPA_MODE: 'demo',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    KOPA_UPLOAD_DIR: uploadDir,
    KOPA_DIST_DIR: path.join(uploadDir, 'no-dist'),
    // Each simulated phone has its own address (X-Forwarded-For), so the per-address limits apply per phone.
    KOPA_TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  }
  for (const key of ['NODE_ENV', 'KOPA_DATA_DIR', 'KOPA_DEMO_PUBLIC']) delete env[key]
  // node --import tsx: one process, so its RSS is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keepOutput = (chunk) => {
    output = (output + chunk).slice(-20_000)
  }
  child.stdout.on('data', keepOutput)
  child.stderr.on('data', keepOutput)
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  try {
    await waitForHttp(`${baseUrl}/ops/health`, exited, 120_000)
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`the server did not start: ${err.message}\n${output.trim()}`, { cause: err })
  }
  log(`server pid ${child.pid} on ${baseUrl}, PostgreSQL schema ${schema}`)

  const health = async () => {
    const res = await fetch(`${baseUrl}/ops/health`, { signal: AbortSignal.timeout(10_000) })
    return res.json()
  }
  return {
    baseUrl,
    pid: child.pid,
    health,
    /** RSS from /proc (Linux) or the server's own figure, with its connections and failure counters. */
    async sample() {
      const h = await health()
      return {
        at: Date.now(),
        rssBytes: procRss(child.pid) ?? h.rssBytes,
        connections: h.connections,
        failures: h.failures,
      }
    },
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
      if (!done) {
        child.kill('SIGKILL')
        await exited
      }
    },
  }
}

function procRss(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : null
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

// ---------------------------------------------------------------------------------------------------------------
// The client: real encrypted calls, and bad ones

function createClient(baseUrl, wire) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  let addresses = 0
  const address = () => {
    addresses += 1
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
  }

  /** One HTTP request; resolves with status, body and the time it took (never rejects). */
  function request({ method, url, headers = {}, body = null }) {
    const started = performance.now()
    return new Promise((resolve) => {
      const req = http.request(`${baseUrl}${url}`, { method, headers, agent }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        res.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }))
      })
      req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }))
      if (body !== null) req.write(body)
      req.end()
    })
  }

  const codeOf = (res) => {
    try {
      return JSON.parse(res.body).code
    } catch {
      return null
    }
  }

  /** A call of the API table through the wire module, like the app makes it. */
  async function call(apiPath, method, payload, { token, ip, now = Date.now() } = {}) {
    const encoded = wire.encodeRequest({
      packageName: PACKAGE,
      method,
      path: apiPath,
      base: '/api',
      payload,
      now,
    })
    const headers = {
      'x-forwarded-for': ip ?? address(),
      lang: 'en',
      platform: 'android',
      appname: 'Kopa',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    const res =
      method === 'GET'
        ? await request({ method, url: `${encoded.url}?${new URLSearchParams(encoded.params)}`, headers })
        : await request({
            method,
            url: encoded.url,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(encoded.data),
          })
    let data = null
    try {
      data = JSON.parse(res.body).data
    } catch {
      // not the envelope
    }
    return { ...res, code: codeOf(res), data }
  }

  /** The newest code the development outbox holds for a number (the /dev/sms page shows its last 3 digits). */
  async function codeFor(mobile) {
    const page = await request({ method: 'GET', url: '/dev/sms' })
    for (const row of page.body.split('<tr>')) {
      if (row.includes(`•${mobile.slice(-3)}<`)) {
        const code = /\b(\d{6})\b/.exec(row)?.[1]
        if (code) return code
      }
    }
    return null
  }

  /** A stranger's upload of `size` bytes, streamed; resolves when answered, with how much had been sent by then. */
  function strangerUpload(size) {
    const { url, extra } = wire.encodeUploadExtra({
      packageName: PACKAGE,
      path: '/user/upload/curp/front',
      base: '/api',
      payload: {},
      now: Date.now(),
    })
    const boundary = 'kopa-soak'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="extra"\r\n\r\n${extra}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const chunk = Buffer.alloc(64 * 1024, 0x41)
    return new Promise((resolve) => {
      let sent = 0
      let answered = false
      const req = http.request(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
          'x-forwarded-for': address(),
        },
      })
      const finish = (status, body) => {
        if (answered) return
        answered = true
        req.destroy()
        let code = null
        try {
          code = JSON.parse(body).code
        } catch {
          // no envelope
        }
        resolve({ status, code, sentBeforeAnswer: sent })
      }
      req.on('response', (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => finish(res.statusCode, Buffer.concat(chunks).toString('utf8')))
        res.on('error', () => finish(res.statusCode, Buffer.concat(chunks).toString('utf8')))
      })
      // The server closes the connection after refusing an upload: writing may fail just before its answer is read.
      req.on('error', () => setTimeout(() => finish(0, ''), 200))
      const pump = () => {
        if (answered) return
        if (sent === 0) req.write(head)
        while (sent < size && !answered) {
          const n = Math.min(chunk.length, size - sent)
          sent += n
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
            return void req.once('drain', pump)
        }
        if (!answered && sent >= size) req.end(tail)
      }
      pump()
    })
  }

  return { request, call, codeFor, strangerUpload, address, agent }
}

// ---------------------------------------------------------------------------------------------------------------
// The mix

/** A borrower of the mix: registers, then makes calls; logs in again now and then. */
function createBorrowers(client) {
  let serial = 0
  const ready = []
  const pending = []

  async function register() {
    serial += 1
    // 0712xxxxxx: a valid Tanzanian mobile; the last three digits cycle so the outbox page tells them apart.
    const mobile = `0712${String(serial % 1_000_000).padStart(6, '0')}`
    const ip = client.address()
    const sent = await client.call(
      '/security/getVerifyCode',
      'POST',
      { country: 'TZ', mobile, purpose: 'register' },
      { ip },
    )
    if (sent.code !== 0) return sent
    const code = await client.codeFor(mobile)
    const reg = await client.call('/security/register', 'POST', { country: 'TZ', mobile, code }, { ip })
    if (reg.code === 0) ready.push({ mobile, ip, token: reg.data.token, since: Date.now(), calls: 0 })
    return reg
  }

  async function loginAgain(b) {
    const sent = await client.call(
      '/security/getVerifyCode',
      'POST',
      { country: 'TZ', mobile: b.mobile, purpose: 'login' },
      { ip: b.ip },
    )
    if (sent.code !== 0) return sent
    const code = await client.codeFor(b.mobile)
    const res = await client.call(
      '/security/login',
      'POST',
      { country: 'TZ', mobile: b.mobile, code },
      { ip: b.ip },
    )
    if (res.code === 0) {
      b.token = res.data.token
      b.since = Date.now()
    }
    return res
  }

  const SESSION_CALLS = [
    ['/security/getUserInfo', 'GET', () => ({})],
    ['/loan/loan-order/latest', 'GET', () => ({})],
    ['/loan/product/list-market', 'GET', () => ({})],
    ['/loan/get-credit-info', 'GET', () => ({})],
    ['/loan/loan-order/list-market', 'GET', () => ({ tab: 'incomplete', page: 1, pageSize: 20 })],
    ['/lottery-draw/coupons', 'GET', () => ({ status: 'available' })],
    ['/feedback/red-dot-marker', 'GET', () => ({})],
    ['/app/faq', 'GET', () => ({})],
    [
      '/event/batch',
      'POST',
      () => ({ events: [{ time: Date.now(), eventType: 'view', pageName: 'home', eventOption: 'soak' }] }),
    ],
  ]

  return {
    count: () => ready.length,
    async step() {
      // Keep a pool of about 50 signed-in borrowers; a new one now and then, and a login again now and then.
      if (ready.length < 50 || Math.random() < 0.02) {
        const p = register()
        pending.push(p)
        void p.finally(() => pending.splice(pending.indexOf(p), 1))
        return p
      }
      const b = ready[Math.floor(Math.random() * ready.length)]
      b.calls += 1
      if (Math.random() < 0.01 && Date.now() - b.since > 65_000) return loginAgain(b)
      const [apiPath, method, payload] = SESSION_CALLS[Math.floor(Math.random() * SESSION_CALLS.length)]
      return client.call(apiPath, method, payload(), { token: b.token, ip: b.ip })
    },
    any: () => ready[Math.floor(Math.random() * ready.length)],
  }
}

/** Bad input: what the attack of issue 14 sent. */
function badRequests(client, borrowers) {
  const kinds = [
    () =>
      client.request({
        method: 'POST',
        url: '/api/AAAA',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client.address() },
        body: '{"data":',
      }),
    () =>
      client.request({
        method: 'POST',
        url: `/api/${randomBytes(32).toString('base64url')}`,
        headers: { 'content-type': 'multipart/form-data', 'x-forwarded-for': client.address() },
        body: '--x\r\nContent-Disposition: form-data; name="extra"\r\n\r\nabc',
      }),
    () =>
      client.call(
        '/portal/repayment/detail',
        'GET',
        { orderNo: 'KP1\u0000' },
        { token: borrowers.any()?.token },
      ),
    () =>
      client.call(
        '/loan/confirm/product-info',
        'GET',
        { loanOrderId: '1\u0000' },
        { token: borrowers.any()?.token },
      ),
    () =>
      client.call(
        '/loan/loan-order/list-market',
        'GET',
        { tab: 'finished', page: 1e300 },
        { token: borrowers.any()?.token },
      ),
    () =>
      client.call(
        '/user/saveAdditionInfo-market',
        'POST',
        { employmentType: 'employee', payFrequency: { a: 1 } },
        { token: borrowers.any()?.token },
      ),
    () => client.call('/security/getUserInfo', 'GET', {}, { token: 'A'.repeat(43) }),
    () =>
      client.request({
        method: 'GET',
        url: '/api/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?x=1',
        headers: { authorization: borrowers.any()?.token ?? 'x', 'x-forwarded-for': client.address() },
      }),
    () =>
      client.call('/event/batch', 'POST', {
        events: [{ time: Date.now(), eventType: 'x'.repeat(10_000), pageName: 'p' }],
      }),
    () => client.strangerUpload(512 * 1024),
  ]
  return () => kinds[Math.floor(Math.random() * kinds.length)]()
}

async function runMix({ client, server, minutes, rate, log }) {
  const borrowers = createBorrowers(client)
  const bad = badRequests(client, borrowers)
  const durationMs = Math.max(10_000, minutes * 60_000)
  // The start and the end: the first and last fifth of the run (at most 5 minutes each).
  const windowMs = Math.min(5 * 60_000, durationMs / 5)
  const started = Date.now()
  const latencies = { start: [], end: [] }
  const statuses = {}
  const codes = {}
  let sent = 0
  let skipped = 0
  let inFlight = 0
  const maxInFlight = Math.max(64, rate * 5)
  const samples = [await server.sample()]
  const sampler = setInterval(
    () => {
      server.sample().then(
        (s) => samples.push(s),
        () => undefined,
      )
    },
    Math.max(1000, Math.min(15_000, durationMs / 40)),
  )

  const record = (res, at) => {
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
    const code = res.code ?? (res.body ? safeCode(res.body) : null)
    codes[code] = (codes[code] ?? 0) + 1
    if (at - started < windowMs) latencies.start.push(res.ms)
    else if (started + durationMs - at < windowMs) latencies.end.push(res.ms)
  }

  const tickMs = 20
  let due = 0
  let lastReport = started
  while (Date.now() - started < durationMs) {
    due += (rate * tickMs) / 1000
    while (due >= 1) {
      due -= 1
      if (inFlight >= maxInFlight) {
        skipped += 1
        continue
      }
      const at = Date.now()
      inFlight += 1
      sent += 1
      const work = Math.random() < 0.25 ? bad() : borrowers.step()
      void work
        .then((res) => res && record(res.ms === undefined ? { ...res, ms: Date.now() - at } : res, at))
        .catch(() => record({ status: 0, ms: Date.now() - at }, at))
        .finally(() => {
          inFlight -= 1
        })
    }
    if (Date.now() - lastReport >= 60_000) {
      lastReport = Date.now()
      const s = samples[samples.length - 1]
      log(
        `  ${Math.round((Date.now() - started) / 60_000)} min: ${sent} requests, RSS ${mb(s.rssBytes)} MB, ${s.connections} connections`,
      )
    }
    await sleep(tickMs)
  }
  while (inFlight > 0) await sleep(50)
  clearInterval(sampler)
  samples.push(await server.sample())
  client.agent.destroy()
  await sleep(500)
  const afterClose = await server.sample()

  const first = samples[0]
  const last = samples[samples.length - 1]
  const health = await server.health()
  return {
    requests: sent,
    skippedBecauseTooManyInFlight: skipped,
    borrowers: borrowers.count(),
    statuses,
    codes,
    fiveXX: Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0),
    start: summary(first, latencies.start),
    end: summary(last, latencies.end),
    connectionsAfterClientClosed: afterClose.connections,
    rss: levelling(samples),
    serverFailures: health.failures,
  }
}

function safeCode(body) {
  try {
    return JSON.parse(body).code
  } catch {
    return null
  }
}

function summary(sample, latencies) {
  const sorted = [...latencies].sort((a, b) => a - b)
  const q = (p) =>
    sorted.length
      ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10
      : null
  return {
    rssMB: mb(sample.rssBytes),
    connections: sample.connections,
    p50ms: q(0.5),
    p99ms: q(0.99),
    requests: sorted.length,
  }
}

/**
 * Whether RSS levelled off: its growth over the second half of the run, as MB a minute, against the first half's.
 * Levelled: the second half grew less than 16 MB, or less than 5% of the RSS at mid-run.
 */
function levelling(samples) {
  const mid = samples[Math.floor(samples.length / 2)]
  const first = samples[0]
  const last = samples[samples.length - 1]
  const minutes = (a, b) => Math.max(1 / 60, (b.at - a.at) / 60_000)
  const secondHalfMB = (last.rssBytes - mid.rssBytes) / MB
  const levelledOff = secondHalfMB < 16 || secondHalfMB < (0.05 * mid.rssBytes) / MB
  return {
    startMB: mb(first.rssBytes),
    midMB: mb(mid.rssBytes),
    endMB: mb(last.rssBytes),
    maxMB: mb(Math.max(...samples.map((s) => s.rssBytes))),
    firstHalfMBPerMin: round1((mid.rssBytes - first.rssBytes) / MB / minutes(first, mid)),
    secondHalfMBPerMin: round1(secondHalfMB / minutes(mid, last)),
    levelledOff,
    samples: samples.length,
  }
}

function printReport(r, log) {
  log('')
  log(`Soak: ${r.minutes} min at ${r.rate} requests/s on ${r.databaseUrl} (schema ${r.schema})`)
  log(
    `  requests ${r.requests} (${r.skippedBecauseTooManyInFlight} skipped: too many in flight), borrowers ${r.borrowers}`,
  )
  log(`  HTTP statuses ${JSON.stringify(r.statuses)}; 5xx: ${r.fiveXX}`)
  log(`  codes ${JSON.stringify(r.codes)}`)
  log(
    `  start: RSS ${r.start.rssMB} MB, ${r.start.connections} connections, p50 ${r.start.p50ms} ms, p99 ${r.start.p99ms} ms`,
  )
  log(
    `  end:   RSS ${r.end.rssMB} MB, ${r.end.connections} connections, p50 ${r.end.p50ms} ms, p99 ${r.end.p99ms} ms`,
  )
  log(`  connections once the client closed its own: ${r.connectionsAfterClientClosed} (the health probe's)`)
  log(
    `  RSS ${r.rss.startMB} → ${r.rss.midMB} → ${r.rss.endMB} MB (max ${r.rss.maxMB}); ` +
      `${r.rss.firstHalfMBPerMin} then ${r.rss.secondHalfMBPerMin} MB/min: ` +
      (r.rss.levelledOff ? 'levelled off' : 'still growing'),
  )
  log(`  upload flood: RSS +${r.uploadFlood.rssGrowthMB} MB for 12 × 20 MB from strangers`)
  log(`  server failures (GET /ops/health): ${JSON.stringify(r.serverFailures)}`)
}

const mb = (bytes) => Math.round((bytes / MB) * 10) / 10
const round1 = (n) => Math.round(n * 10) / 10
const countBy = (values) => values.reduce((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {})

// ---------------------------------------------------------------------------------------------------------------
// Ports, HTTP

// ---------------------------------------------------------------------------------------------------------------
// Alone: node scripts/bench-soak.mjs --minutes 30

function parseArgs(argv) {
  const options = { minutes: 30, rate: 40, databaseUrl: undefined, keep: false }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined]
    const value = () => inline ?? argv[++i]
    if (flag === '--minutes') options.minutes = Number(value())
    else if (flag === '--rate') options.rate = Number(value())
    else if (flag === '--database-url') options.databaseUrl = value()
    else if (flag === '--keep') options.keep = true
    else if (flag === '--help') {
      console.log('usage: node scripts/bench-soak.mjs [--minutes N] [--rate R] [--database-url URL] [--keep]')
      process.exit(0)
    } else throw new Error(`unknown option ${flag}`)
  }
  if (!(options.minutes > 0) || !(options.rate > 0)) throw new Error('--minutes and --rate must be positive')
  return options
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await soak(parseArgs(process.argv.slice(2)))
    process.exit(0)
  } catch (err) {
    console.error(err.message)
    process.exit(1)
  }
}
