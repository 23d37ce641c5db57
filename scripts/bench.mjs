#!/usr/bin/env node
// `npm run bench` (issue 12 item 5; docs/performance.md "How to measure"). A benchmark, not a test: it prints
// figures and exits 0 whatever they are; it exits 1 only when a part could not run.
//
// It builds the app and a bare React 19 "hello" page (bench/floor, the floor the app is read against) with the
// same Vite into a temporary directory, serves each with the reference server (server/main.ts, demo mode, a
// fresh embedded database in the temporary directory), then runs the sections below. Each section is one
// function; shared things (builds, servers, browsers to stop) come from the context, made on first use and
// stopped at the end, also on error and on Ctrl-C.
//
//   node scripts/bench.mjs [--runs N] [--only lighthouse|bytes|soak|api] [--profile default|low-end] [--soak-minutes M]
//                          [--api-seconds S] [--api-connections N] [--no-api-70] [--api-steady F] [--api-calls W,…]
//                          [--api-target T] [--keep]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, waitForHttp } from './bench/net.mjs'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs'

const root = path.resolve(import.meta.dirname, '..')
const resultsDir = path.join(root, 'bench-results')

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
/** 1 KB = 1024 bytes everywhere in this script (as in scripts/check-size.mjs). */
const KB = 1024

/** Lighthouse throttling profiles (simulated throttling: the page loads unthrottled, Lighthouse models the rest). */
const PROFILES = {
  default: {
    label: "Lighthouse's mobile default: simulated slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown",
    throttling: undefined,
  },
  'low-end': {
    label: 'low-end phone: simulated 300 ms RTT, 700 kbps, 7× CPU slowdown',
    throttling: { cpuSlowdownMultiplier: 7, rttMs: 300, throughputKbps: 700 },
  },
}

/** Bytes-on-the-wire targets of issue 12. */
const TARGETS = { coldKB: 170, warmKB: 10 }

/**
 * The sections, in order. `byDefault: false` keeps a section out of a plain `npm run bench` (name it with
 * --only). Issue 17 adds an autocannon section for the API beside a bare Fastify route.
 */
const sections = [
  { name: 'lighthouse', title: 'Lighthouse: performance, mobile', byDefault: true, run: lighthouseSection },
  {
    name: 'bytes',
    title: 'Bytes on the wire: cold and warm open of Kopa home',
    byDefault: true,
    run: bytesSection,
  },
  {
    // Issue 14: mixed valid traffic and bad input on PostgreSQL for --soak-minutes (30), RSS, connections and
    // latency at the start and the end (scripts/bench-soak.mjs). Half an hour: only when named.
    name: 'soak',
    title: 'Soak: mixed traffic and bad input against PostgreSQL',
    byDefault: false,
    run: soakSection,
  },
  {
    // Issue 17: autocannon on the hot calls and a write of the reference server, beside a bare Fastify route, on
    // the embedded database and (DATABASE_URL) PostgreSQL (scripts/bench/api.mjs). A few minutes: only when named.
    name: 'api',
    title: 'API: the reference server beside a bare Fastify route (autocannon)',
    byDefault: false,
    run: apiSection,
  },
]

async function apiSection(ctx) {
  const { apiBench } = await import('./bench/api.mjs')
  const report = await apiBench({
    root,
    hold: ctx.hold,
    tmpDir: ctx.tmpDir,
    seconds: ctx.options.apiSeconds,
    connections: ctx.options.apiConnections,
    at70: ctx.options.apiAt70,
    ...(ctx.options.apiSteady ? { steadyShare: ctx.options.apiSteady } : {}),
    ...(ctx.options.apiCalls ? { calls: ctx.options.apiCalls } : {}),
    ...(ctx.options.apiTargets ? { targets: ctx.options.apiTargets } : {}),
  })
  const file = path.join(resultsDir, 'api.json')
  await writeFile(
    file,
    JSON.stringify(
      { command: `node scripts/bench.mjs ${process.argv.slice(2).join(' ')}`.trim(), ...report },
      null,
      2,
    ) + '\n',
  )
  console.log(`\nwrote ${path.relative(root, file)}`)
}

async function soakSection(ctx) {
  const { soak } = await import('./bench-soak.mjs')
  await soak({ minutes: ctx.options.soakMinutes, keep: ctx.options.keep })
}

// ---------------------------------------------------------------------------------------------------------------
// Options

function usage() {
  return [
    'usage: node scripts/bench.mjs [options]',
    '  --runs N          Lighthouse runs per page and profile (default 3); the median of each figure is shown',
    `  --only NAME       run one section: ${sections.map((s) => s.name).join(' | ')} (comma-separated for several)`,
    `  --profile NAME    one Lighthouse profile: ${Object.keys(PROFILES).join(' | ')} (default: all)`,
    '  --soak-minutes M  how long the soak section runs (default 30; it runs only with --only soak)',
    '  --api-seconds S   autocannon duration of each API run (default 10; the api section runs only with --only api)',
    '  --api-connections N  autocannon connections of the API runs (default 50)',
    '  --no-api-70       skip the API runs at 70% of the maximum (p99 at that load)',
    '  --api-steady F    the steady runs at this share of the maximum instead of 0.7 (e.g. 0.5)',
    '  --api-calls W,…   only the API calls whose name holds one of the words (latest, product, getUserInfo, repayment, write)',
    '  --api-target T    only the embedded database or only PostgreSQL (embedded|postgres; scale-out runs with postgres)',
    '  --keep            keep the temporary directory (builds, databases) and print its path',
    '  --help            this text',
  ].join('\n')
}

function parseArgs(argv) {
  const options = {
    runs: 3,
    only: null,
    profiles: Object.keys(PROFILES),
    keep: false,
    soakMinutes: 30,
    apiSeconds: 10,
    apiConnections: 50,
    apiAt70: true,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    const value = () => {
      if (inline !== undefined) return inline
      const next = argv[++i]
      if (next === undefined) throw new UsageError(`${flag} needs a value`)
      return next
    }
    switch (flag) {
      case '--runs': {
        const raw = value()
        const n = Number(raw)
        if (!Number.isInteger(n) || n < 1)
          throw new UsageError(`--runs must be a positive integer, got "${raw}"`)
        options.runs = n
        break
      }
      case '--only': {
        const names = value().split(',').filter(Boolean)
        const unknown = names.filter((n) => !sections.some((s) => s.name === n))
        if (unknown.length || !names.length)
          throw new UsageError(`--only: unknown section "${unknown.join(',')}"`)
        options.only = names
        break
      }
      case '--profile': {
        const name = value()
        if (!(name in PROFILES))
          throw new UsageError(`--profile must be ${Object.keys(PROFILES).join(' or ')}`)
        options.profiles = [name]
        break
      }
      case '--soak-minutes': {
        const raw = value()
        const n = Number(raw)
        if (!(n > 0)) throw new UsageError(`--soak-minutes must be a positive number, got "${raw}"`)
        options.soakMinutes = n
        break
      }
      case '--api-seconds':
      case '--api-connections': {
        const raw = value()
        const n = Number(raw)
        if (!Number.isInteger(n) || n < 1)
          throw new UsageError(`${flag} must be a positive integer, got "${raw}"`)
        options[flag === '--api-seconds' ? 'apiSeconds' : 'apiConnections'] = n
        break
      }
      case '--api-calls':
        options.apiCalls = value()
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean)
        break
      case '--api-target': {
        const raw = value()
        if (raw !== 'postgres' && raw !== 'embedded')
          throw new UsageError(`--api-target must be postgres or embedded, got "${raw}"`)
        options.apiTargets = [raw]
        break
      }
      case '--api-steady': {
        const raw = value()
        const n = Number(raw)
        if (!(n > 0 && n <= 1)) throw new UsageError(`--api-steady must be a share from 0 to 1, got "${raw}"`)
        options.apiSteady = n
        break
      }
      case '--no-api-70':
        options.apiAt70 = false
        break
      case '--keep':
        options.keep = true
        break
      case '--help':
      case '-h':
        console.log(usage())
        process.exit(0)
        break
      default:
        throw new UsageError(`unknown argument "${arg}"`)
    }
  }
  return options
}

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Context: the temporary directory, the builds and the servers, made once on first use; everything started is
// registered with `hold` and stopped by `cleanup`.

/** `fn` called at most once; `.started()` is its promise, or undefined while it has not been called. */
function once(fn) {
  let promise
  const call = () => (promise ??= fn())
  call.started = () => promise
  return call
}

function keyed(fn) {
  const promises = new Map()
  return (key) => {
    if (!promises.has(key)) promises.set(key, fn(key))
    return promises.get(key)
  }
}

/** What each build is: the app (vite.config.ts at the root) and the floor (bench/floor/vite.config.ts). */
const BUILDS = {
  app: { config: path.join(root, 'vite.config.ts') },
  floor: { config: path.join(root, 'bench', 'floor', 'vite.config.ts') },
}

function createContext(options) {
  const held = new Set()

  const tmpDir = once(() => mkdtemp(path.join(os.tmpdir(), 'kopa-bench-')))
  const serverBundle = once(async () => (await import('./build-server.mjs')).buildServer({ quiet: true }))

  const build = keyed(async (name) => {
    const outDir = path.join(await tmpDir(), name)
    const started = Date.now()
    await run('npx', [
      'vite',
      'build',
      '--config',
      BUILDS[name].config,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ])
    if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`the ${name} build wrote no index.html`)
    console.log(`built ${name} into ${outDir} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return outDir
  })

  /** The reference server for one build: demo mode, its own embedded database, its own free port. */
  const server = keyed(async (name) => {
    const distDir = await build(name)
    const dataDir = path.join(await tmpDir(), `data-${name}`)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env = {
      ...process.env,
      KOPA_MODE: 'demo',
      KOPA_DIST_DIR: distDir,
      KOPA_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The job workers do not poll: nothing but the page's own requests runs on the server while it loads.
      KOPA_JOB_POLL_MS: '0',
      LOG_LEVEL: 'warn',
    }
    // The embedded database in the temporary directory, never a PostgreSQL the shell happens to point at.
    for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'KOPA_UPLOAD_DIR', 'NODE_ENV']) delete env[key]
    // The server as `npm start` runs it: the module scripts/build-server.mjs builds, run by node.
    const bundle = await serverBundle()
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: root,
      env,
      detached: true, // its own process group, stopped as one
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk) => {
      output = (output + chunk).slice(-8000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
    const stop = () => stopGroup(child, exited)
    hold(`${name} server`, stop)
    try {
      await waitForHttp(`${url}/`, exited, 120_000)
    } catch (err) {
      throw new Error(`the ${name} server did not start: ${err.message}\n${output.trim()}`, { cause: err })
    }
    console.log(`serving ${name} on ${url} (reference server, demo mode, database in ${dataDir})`)
    return url
  })

  /** Registers something to stop at the end; returns a function that stops it now. */
  function hold(label, stop) {
    const entry = { label, stop: once(stop) }
    held.add(entry)
    return async () => {
      held.delete(entry)
      await entry.stop()
    }
  }

  async function cleanup() {
    const entries = [...held].reverse()
    held.clear()
    for (const entry of entries) {
      try {
        await entry.stop()
      } catch (err) {
        console.error(`could not stop ${entry.label}: ${err.message}`)
      }
    }
    const dir = await tmpDir.started()
    if (dir) {
      if (options.keep) console.log(`kept ${dir}`)
      else await rm(dir, { recursive: true, force: true })
    }
  }

  return { options, tmpDir, build, server, hold, cleanup }
}

// ---------------------------------------------------------------------------------------------------------------
// Processes, ports, HTTP

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    )
  })
}

async function stopGroup(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  signalGroup('SIGTERM')
  const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
  if (!done) {
    signalGroup('SIGKILL')
    await exited
  }
}

async function waitForChromium(timeoutMs = 20 * 60_000) {
  if (existsSync(CHROMIUM)) return
  console.log(`waiting for ${CHROMIUM} to be installed…`)
  const deadline = Date.now() + timeoutMs
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is missing (install Debian's chromium package)`)
    await sleep(5000)
  }
  await sleep(5000) // let the package finish unpacking
}

/** The login route's hash path, from the route table (domain/routes.ts). */
function loginPath() {
  const source = readFileSync(path.join(root, 'domain', 'routes.ts'), 'utf8')
  return /r\('login',\s*'([^']+)'/.exec(source)?.[1] ?? '/user/login'
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const fmt = {
  score: (v) => (v === null ? '—' : String(Math.round(v))),
  seconds: (v) => (v === null ? '—' : `${(v / 1000).toFixed(2)} s`),
  ms: (v) => (v === null ? '—' : `${Math.round(v)} ms`),
  cls: (v) => (v === null ? '—' : v.toFixed(3)),
  kb: (v) => (v === null ? '—' : `${(v / KB).toFixed(1)} KB`),
  count: (v) => (v === null ? '—' : String(Math.round(v))),
  ratio: (v) => (v === null || v === undefined ? '' : `${v.toFixed(2)}×`),
}

function printTable(headers, rows, alignLeft = 2) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const line = (cells) =>
    cells
      .map((c, i) => (i < alignLeft ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ')
  console.log(line(headers))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(line(row))
}

const slug = (s) => s.replace(/[^a-z0-9]+/gi, '-').toLowerCase()

// ---------------------------------------------------------------------------------------------------------------
// Section: Lighthouse

const METRICS = {
  score: (lhr) => (lhr.categories.performance?.score == null ? null : lhr.categories.performance.score * 100),
  fcp: (lhr) => lhr.audits['first-contentful-paint']?.numericValue ?? null,
  lcp: (lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? null,
  tbt: (lhr) => lhr.audits['total-blocking-time']?.numericValue ?? null,
  cls: (lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
  bytes: (lhr) => lhr.audits['total-byte-weight']?.numericValue ?? null,
  requests: (lhr) => lhr.audits['network-requests']?.details?.items?.length ?? null,
}

async function lighthouseSection(ctx) {
  const { options } = ctx
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  await waitForChromium()
  const app = await ctx.server('app')
  const floor = await ctx.server('floor')
  const pages = [
    { name: 'kopa home', url: `${app}/#/`, kopa: true },
    { name: 'kopa login', url: `${app}/#${loginPath()}`, kopa: true },
    { name: 'floor', url: `${floor}/`, kopa: false },
  ]
  const lhrDir = path.join(resultsDir, 'lighthouse')
  await rm(lhrDir, { recursive: true, force: true })
  await mkdir(lhrDir, { recursive: true })

  const total = pages.length * options.profiles.length * options.runs
  let done = 0
  const runs = [] // { page, profile, run, figures, error }
  let environment = null
  for (const profile of options.profiles) {
    for (let n = 1; n <= options.runs; n++) {
      // Pages alternate inside each round, so a slow moment of the machine does not land on one page only.
      for (const page of pages) {
        done++
        process.stdout.write(`lighthouse ${done}/${total}: ${page.name}, ${profile}, run ${n}… `)
        // A fresh Chromium and profile (chrome-launcher makes a new user data directory) for every run: a cold
        // HTTP cache and no service worker; Lighthouse also clears the origin's storage before loading.
        const chrome = await chromeLauncher.launch({
          chromePath: CHROMIUM,
          chromeFlags: CHROME_FLAGS,
          handleSIGINT: false,
          logLevel: 'silent',
        })
        const release = ctx.hold('Chromium (Lighthouse)', () => chrome.kill())
        let entry
        try {
          const result = await lighthouse(page.url, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance'],
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
            ...(PROFILES[profile].throttling ? { throttling: PROFILES[profile].throttling } : {}),
          })
          const lhr = result?.lhr
          if (!lhr) throw new Error('Lighthouse returned no result')
          environment ??= {
            lighthouseVersion: lhr.lighthouseVersion,
            userAgent: lhr.environment?.hostUserAgent,
            benchmarkIndex: lhr.environment?.benchmarkIndex,
          }
          const figures = Object.fromEntries(Object.entries(METRICS).map(([k, pick]) => [k, pick(lhr)]))
          const file = path.join(lhrDir, `${slug(page.name)}-${profile}-${n}.json`)
          await writeFile(file, JSON.stringify(lhr))
          entry = {
            page: page.name,
            profile,
            run: n,
            figures,
            throttling: lhr.configSettings.throttling,
            runtimeError: lhr.runtimeError?.message ?? null,
            warnings: lhr.runWarnings ?? [],
            lhr: path.relative(root, file),
          }
          console.log(
            entry.runtimeError
              ? `error: ${entry.runtimeError}`
              : `score ${fmt.score(figures.score)}, LCP ${fmt.seconds(figures.lcp)}`,
          )
        } catch (err) {
          entry = { page: page.name, profile, run: n, figures: null, error: err.message }
          console.log(`failed: ${err.message}`)
        } finally {
          await release()
        }
        runs.push(entry)
      }
    }
  }

  // Each figure is the median of its own runs (per metric), so a row may mix runs.
  const rows = []
  for (const page of pages) {
    for (const profile of options.profiles) {
      const good = runs.filter(
        (r) => r.page === page.name && r.profile === profile && r.figures && !r.runtimeError,
      )
      const med = Object.fromEntries(
        Object.keys(METRICS).map((k) => [k, median(good.map((r) => r.figures[k]))]),
      )
      rows.push({ page: page.name, url: page.url, kopa: page.kopa, profile, runs: good.length, median: med })
    }
  }
  for (const row of rows) {
    if (!row.kopa) continue
    const base = rows.find((r) => !r.kopa && r.profile === row.profile)?.median
    const ratio = (k) => (base && row.median[k] !== null && base[k] ? row.median[k] / base[k] : null)
    row.vsFloor = { lcp: ratio('lcp'), bytes: ratio('bytes') }
  }

  console.log()
  console.log(`median of ${options.runs} run${options.runs === 1 ? '' : 's'} per row, taken per metric`)
  for (const profile of options.profiles) console.log(`  ${profile}: ${PROFILES[profile].label}`)
  console.log()
  printTable(
    ['page', 'profile', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'requests', 'LCP/floor', 'bytes/floor'],
    rows.map((r) => [
      r.page,
      r.profile,
      fmt.score(r.median.score),
      fmt.seconds(r.median.fcp),
      fmt.seconds(r.median.lcp),
      fmt.ms(r.median.tbt),
      fmt.cls(r.median.cls),
      fmt.kb(r.median.bytes),
      fmt.count(r.median.requests),
      fmt.ratio(r.vsFloor?.lcp),
      fmt.ratio(r.vsFloor?.bytes),
    ]),
  )

  const file = path.join(resultsDir, 'lighthouse.json')
  await writeFile(
    file,
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        command: `node scripts/bench.mjs ${process.argv.slice(2).join(' ')}`.trim(),
        median: 'per metric: each figure is the median of its own runs',
        runsPerRow: options.runs,
        units: { fcp: 'ms', lcp: 'ms', tbt: 'ms', cls: 'unitless', bytes: 'bytes', score: '0-100' },
        environment: {
          ...environment,
          chromium: CHROMIUM,
          chromeFlags: CHROME_FLAGS,
          cpus: os.cpus().length,
        },
        profiles: Object.fromEntries(options.profiles.map((p) => [p, PROFILES[p]])),
        rows,
        runs,
      },
      null,
      2,
    ) + '\n',
  )
  console.log(`\nwrote ${path.relative(root, file)} (full reports in ${path.relative(root, lhrDir)}/)`)

  const empty = rows.filter((r) => r.runs === 0)
  if (empty.length)
    throw new Error(
      `no Lighthouse run succeeded for ${empty.map((r) => `${r.page} (${r.profile})`).join(', ')}`,
    )
}

// ---------------------------------------------------------------------------------------------------------------
// Section: bytes on the wire

/**
 * Loads `url` in `page` and counts what came over the network: every response of the page (CDP
 * Network.loadingFinished encodedDataLength, headers included; responses from the HTTP cache or a service worker
 * count as requests served locally, not as bytes) plus every request a service worker made itself (Playwright
 * reports those on the context; their size is their encoded headers and body).
 */
async function measureOpen(context, url) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const requests = new Map() // requestId → { url, local, bytes, finished }
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (/^(data|blob):/.test(request.url)) return
    if (!requests.has(requestId))
      requests.set(requestId, { url: request.url, local: false, bytes: 0, finished: false })
  })
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const r = requests.get(requestId)
    if (r) r.local = 'cache'
  })
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const r = requests.get(requestId)
    if (!r) return
    if (response.fromServiceWorker) r.local = 'service worker'
    else if (response.fromDiskCache || response.fromPrefetchCache) r.local = 'cache'
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId)
    if (!r) return
    r.finished = true
    r.bytes = r.local ? 0 : encodedDataLength
  })
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const r = requests.get(requestId)
    if (r) r.failed = true
  })
  await cdp.send('Network.enable')

  const workerSizes = []
  const onWorkerRequest = (request) => {
    if (!request.serviceWorker()) return
    workerSizes.push(
      request.sizes().then(
        (s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize }),
        () => ({ url: request.url(), bytes: 0 }),
      ),
    )
  }
  context.on('requestfinished', onWorkerRequest)
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 })
    await page.waitForTimeout(2000) // a service worker may still be installing (precaching)
  } finally {
    context.off('requestfinished', onWorkerRequest)
  }
  const fromWorker = (await Promise.all(workerSizes)).filter((r) => !/^(data|blob):/.test(r.url))
  const controlled = await page
    .evaluate(() => Boolean(navigator.serviceWorker?.controller))
    .catch(() => false)
  await cdp.detach().catch(() => {})
  await page.close()

  const pageRequests = [...requests.values()]
  const pageWire = pageRequests.filter((r) => !r.local && !r.failed)
  // A service worker's fetch answered by the HTTP cache reports no bytes at all (a response over the network
  // has headers at least): it counts as served locally.
  const workerWire = fromWorker.filter((r) => r.bytes > 0)
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0)
  return {
    bytes: sum(pageWire) + sum(workerWire),
    requests: pageWire.length + workerWire.length,
    page: {
      requests: pageRequests.length,
      overNetwork: pageWire.length,
      fromCache: pageRequests.filter((r) => r.local === 'cache').length,
      fromServiceWorker: pageRequests.filter((r) => r.local === 'service worker').length,
      failed: pageRequests.filter((r) => r.failed).length,
      bytes: sum(pageWire),
    },
    serviceWorker: {
      requests: fromWorker.length,
      overNetwork: workerWire.length,
      bytes: sum(workerWire),
      controlsPage: controlled,
    },
    detail: [
      ...pageRequests.map((r) => ({
        from: 'page',
        url: r.url,
        bytes: r.bytes,
        local: r.local || null,
        failed: !!r.failed,
      })),
      ...fromWorker.map((r) => ({ from: 'service worker', url: r.url, bytes: r.bytes })),
    ],
  }
}

async function bytesSection(ctx) {
  const { chromium } = await import('playwright-core')
  await waitForChromium()
  const app = await ctx.server('app')
  const url = `${app}/#/`
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  const release = ctx.hold('Chromium (bytes)', () => browser.close())
  let cold
  let warm
  try {
    // A fresh context: an empty HTTP cache and no service worker. The warm open is a new page in the same
    // context, so whatever the first open cached (HTTP cache, service worker) is there.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    cold = await measureOpen(context, url)
    warm = await measureOpen(context, url)
    await context.close()
  } finally {
    await release()
  }

  const summary = (m) => `${fmt.kb(m.bytes)} in ${m.requests} request${m.requests === 1 ? '' : 's'}`
  const verdict = (bytes, target) => `${bytes <= target * KB ? 'met' : 'not met'} (target ≤ ${target} KB)`
  const detail = (m) =>
    `page: ${m.page.requests} requests, ${m.page.overNetwork} over the network (${fmt.kb(m.page.bytes)}), ` +
    `${m.page.fromCache} from the HTTP cache, ${m.page.fromServiceWorker} from a service worker` +
    (m.page.failed ? `, ${m.page.failed} failed` : '') +
    `; service worker: ${m.serviceWorker.requests} requests, ${m.serviceWorker.overNetwork} over the network ` +
    `(${fmt.kb(m.serviceWorker.bytes)})${m.serviceWorker.controlsPage ? ', controls the page' : ''}`
  console.log()
  console.log(`Kopa home (${url}): bytes received over the network, headers included (1 KB = 1024 bytes)`)
  // A cold open is judged on what the page itself downloads to open home. The service worker's own requests —
  // the app's other files and the rest of the language, kept for the next open and for offline use, fetched
  // once it is installed, beside the page rather than before it — are reported beside it, not in it.
  console.log(
    `cold home: ${fmt.kb(cold.page.bytes)} in ${cold.page.overNetwork} requests by the page ` +
      `(and ${fmt.kb(cold.serviceWorker.bytes)} in ${cold.serviceWorker.overNetwork} by the service worker, keeping ` +
      `the app; ${summary(cold)} in all); warm open: ${summary(warm)}`,
  )
  console.log(`  cold ${verdict(cold.page.bytes, TARGETS.coldKB)} for the page: ${detail(cold)}`)
  console.log(`  warm ${verdict(warm.bytes, TARGETS.warmKB)}: ${detail(warm)}`)

  const file = path.join(resultsDir, 'bytes.json')
  await writeFile(
    file,
    JSON.stringify({ generatedAt: new Date().toISOString(), url, targetsKB: TARGETS, cold, warm }, null, 2) +
      '\n',
  )
  console.log(`\nwrote ${path.relative(root, file)}`)
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main() {
  let options
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    console.error(`${err.message}\n\n${usage()}`)
    process.exit(2)
  }
  const chosen = sections.filter((s) => (options.only ? options.only.includes(s.name) : s.byDefault))
  const ctx = createContext(options)

  let interrupted = false
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) return
      interrupted = true
      console.error(`\n${signal}: stopping the servers and browsers…`)
      ctx.cleanup().finally(() => process.exit(130))
    })
  }

  await mkdir(resultsDir, { recursive: true })
  const failed = []
  try {
    for (const section of chosen) {
      console.log(`\n== ${section.title} ==\n`)
      try {
        await section.run(ctx)
      } catch (err) {
        if (interrupted) break
        failed.push(section.name)
        console.error(`\n${section.name} could not run: ${err.stack ?? err.message}`)
      }
    }
  } finally {
    if (!interrupted) await ctx.cleanup()
  }
  if (interrupted) return
  if (failed.length) {
    console.error(`\nnot measured: ${failed.join(', ')}`)
    process.exitCode = 1
  }
}

await main()
