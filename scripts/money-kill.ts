/**
 * `npm run kill-test`: the crash test of the money path (docs/operations.md "Crash test").
 *
 * Starts the real server (server/main.ts, test mode, sandbox wallet) as a child process on a fresh database —
 * a temporary PGlite directory, or a new PostgreSQL database on 127.0.0.1 that is dropped afterwards — and
 * drives borrowers through the real encrypted API while it kills the server with SIGKILL at random moments
 * (a seeded PRNG) and starts it again on the same database. Each borrower registers, completes the profile,
 * applies, submits, waits for the approval, confirms (/loan/get-money), waits for the pay-out, repays in full
 * (/portal/repayment/confirm, sometimes three times at once) and waits until the loan is repaid; while kills
 * remain it takes another loan. A share of the loans (--failing-payouts, default 0.25) first goes to a wallet the
 * sandbox refuses (a number ending 0000): the pay-out fails (10), the borrower adds the good wallet again, the
 * order goes back through 19 and assessment, is confirmed again and paid out by a second pay-out (PO<orderNo>-2).
 * The client retries a call the kill cut off, as the app would.
 *
 * Kills fall while some borrower is in the pay-out or the repayment phase, and some right after a confirm
 * (get-money or repayment) was sent. When the server stalls (a job under a lease, a callback lost in a kill),
 * the shared clock is moved a minute forward, which is what lets leases end and reconciliation ask.
 *
 * At the end: one more kill and restart, the clock moved past the 15-minute payment window and the 60-minute
 * pay-out window (and further, so expired transfers are asked about again), GET /dev/books, a clean stop, then
 * the invariants read from the database itself:
 *   - the sandbox's own book (sandbox_transfers) has at most one succeeded pay-out (PO<orderNo>-n) per order,
 *     and exactly one for every order that was paid out;
 *   - every succeeded sandbox movement is a payment_transfers row (same reference) in state succeeded, booked by
 *     exactly one journal entry (journal_entries.transfer_id), and every succeeded transfer is in the sandbox's
 *     book as succeeded;
 *   - no order is left in status 7 (lending) or 10 (pay-out failed: every borrower's wallet pays out);
 *   - the books check (GET /dev/books) reports no problem.
 * Prints a summary per database and exits 1 when an invariant is violated (2 when the run itself failed).
 *
 *   npx tsx scripts/money-kill.ts [--db pglite|postgres|both] [--kills N] [--borrowers N] [--seed S]
 *                                 [--failing-payouts SHARE] [--timeout MINUTES] [--keep] [--verbose]
 *
 * Defaults: both databases, 20 kills each, 8 borrowers, a random seed (printed), 10 minutes per database.
 * The seed fixes the kill delays and choices; the interleaving with the server still varies from run to run.
 * --keep leaves the database (the PGlite directory or the PostgreSQL database) and the server log in place.
 *
 * Talks only to 127.0.0.1: the server listens there, and PostgreSQL is postgres://postgres@127.0.0.1:5432
 * (KOPA_KILL_PG_URL may name another user or port on 127.0.0.1).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  type WriteStream,
} from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import * as wire from '../protocol/protocol'
import { API, type ApiPath } from '../domain/api'
import { ApiCode, type ApiEnvelope } from '../domain/api-codes'
import type {
  ApplyResult,
  LatestOrder,
  LoginResult,
  PayOrder,
  RepaymentDetail,
} from '../domain/api-types'
import { PERSONAL, photoPng, TZ_PRODUCT, TZS, WORK } from '../tests/e2e/borrower-api'

const ROOT = path.resolve(import.meta.dirname, '..')
const PACKAGE = 'com.kopa.app'
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// ------------------------------------------------------------------------------------------------ options

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    kills: { type: 'string', default: '20' },
    borrowers: { type: 'string', default: '8' },
    seed: { type: 'string' },
    'failing-payouts': { type: 'string', default: '0.25' },
    timeout: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (args.help) {
  console.log(
    'usage: npx tsx scripts/money-kill.ts [--db pglite|postgres|both] [--kills N] [--borrowers N] [--seed S]\n' +
      '                                     [--failing-payouts SHARE] [--timeout MINUTES per database] [--keep] [--verbose]',
  )
  process.exit(0)
}

function positive(name: string, raw: string | undefined, min: number): number {
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min}, got "${raw}"`)
    process.exit(2)
  }
  return n
}

type DbKind = 'pglite' | 'postgres'
const KINDS: readonly DbKind[] =
  args.db === 'both'
    ? ['pglite', 'postgres']
    : args.db === 'pglite' || args.db === 'postgres'
      ? [args.db]
      : []
if (KINDS.length === 0) {
  console.error(`--db must be pglite, postgres or both, got "${args.db}"`)
  process.exit(2)
}
const KILLS = positive('kills', args.kills, 0)
const BORROWERS = positive('borrowers', args.borrowers, 1)
if (BORROWERS > 900) {
  console.error('--borrowers: at most 900')
  process.exit(2)
}
const SEED = args.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : positive('seed', args.seed, 0)
const TIMEOUT_MS = positive('timeout', args.timeout, 1) * MINUTE
const FAILING_PAYOUTS = Number(args['failing-payouts'])
if (!(FAILING_PAYOUTS >= 0 && FAILING_PAYOUTS <= 1)) {
  console.error(`--failing-payouts must be a share from 0 to 1, got "${args['failing-payouts']}"`)
  process.exit(2)
}
const VERBOSE = args.verbose

const PG_URL = process.env.KOPA_KILL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
{
  const host = new URL(PG_URL).hostname
  if (host !== '127.0.0.1' && host !== 'localhost') {
    console.error(`KOPA_KILL_PG_URL must point at 127.0.0.1, not ${host}`)
    process.exit(2)
  }
}

// ------------------------------------------------------------------------------------------------ utilities

/** mulberry32: a small seeded PRNG, so a run can be repeated with --seed. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  }
}
type Rng = ReturnType<typeof prng>

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`)
}

function debug(message: string): void {
  if (VERBOSE) log(message)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/** A run that cannot go on (the server does not start, the deadline passed): not a verdict on the money path. */
class RunAborted extends Error {
  override readonly name = 'RunAborted'
}

// ------------------------------------------------------------------------------------------------ the server

/**
 * The server as a child process. It is started with `node --import tsx server/main.ts` rather than through the
 * tsx CLI, which runs the server in a grandchild: a SIGKILL must hit the process that holds the database.
 */
/** Every server child this script started, so none outlives it (time-out, Ctrl-C). */
const children = new Set<ChildProcess>()
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`money-kill: ${signal}, stopping`)
    process.exit(2)
  })
}

class ServerProcess {
  child: ChildProcess | null = null
  up = false
  starts = 0
  startMs: number[] = []
  upSince = 0
  private waiters: (() => void)[] = []
  private readonly out: WriteStream

  constructor(
    readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    this.out = createWriteStream(logFile, { flags: 'a' })
  }

  /** Resolves when the server is listening (at once when it is). */
  whenUp(): Promise<void> {
    if (this.up) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  async start(): Promise<void> {
    const began = Date.now()
    this.starts += 1
    this.out.write(`\n===== start ${this.starts} at ${new Date().toISOString()} =====\n`)
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    children.add(child)
    child.once('exit', () => children.delete(child))
    let output = ''
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new RunAborted(`the server did not start within 90 s:\n${output.slice(-3000)}`))
      }, 90 * SECOND)
      const onData = (chunk: Buffer) => {
        const text = chunk.toString()
        this.out.write(text)
        if (output.length < 100_000) output += text
        if (/Kopa \w+ server on http/.test(output)) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(
          new RunAborted(
            `the server exited while starting (code ${code}, signal ${signal}):\n${output.slice(-3000)}`,
          ),
        )
      })
    })
    child.removeAllListeners('exit')
    child.once('exit', (code, signal) => {
      if (this.child === child && this.up) {
        this.up = false
        log(`!! the server exited on its own (code ${code}, signal ${signal}); see ${this.logFile}`)
      }
    })
    this.startMs.push(Date.now() - began)
    this.up = true
    this.upSince = Date.now()
    const waiters = this.waiters
    this.waiters = []
    waiters.forEach((w) => w())
  }

  private async exit(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.child
    this.up = false
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    await Promise.race([exited, sleep(graceMs)])
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  }

  /** kill -9: no shutdown hook runs, open transactions are lost with the process. */
  kill(): Promise<void> {
    return this.exit('SIGKILL', 10 * SECOND)
  }

  /** A clean stop (SIGTERM: jobs finish, the database closes). */
  stop(): Promise<void> {
    return this.exit('SIGTERM', 20 * SECOND)
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve))
  }
}

// ------------------------------------------------------------------------------------------------ the client

/** The server did not answer (killed, restarting): the call may or may not have been applied. */
class Unanswered extends Error {
  override readonly name = 'Unanswered'
}

const RETRYABLE_CODES: readonly number[] = [ApiCode.ServerError]

interface Client {
  /** One real encrypted API call as the app makes it; retried until answered (the server restarts). */
  call<T>(
    apiPath: ApiPath,
    payload: Record<string, unknown>,
    who: Borrower,
    /** Called as each try goes out (the server is up): the crash test's hook to kill right after a send. */
    onSend?: () => void,
  ): Promise<ApiEnvelope<T>>
  upload<T>(apiPath: ApiPath, image: Buffer, who: Borrower): Promise<ApiEnvelope<T>>
  /** A plain JSON dev endpoint; retried until answered. */
  dev<T>(pathname: string, body?: unknown): Promise<T>
  smsCode(mobile: string): Promise<string | null>
  /** Calls the server answered only after a retry. */
  retried: number
}

/**
 * The wire client repeats the few lines of tests/e2e/fixtures.ts that make a call, an upload and read the
 * development SMS (that file imports Playwright, so a plain script cannot import it), and adds what a crash test
 * needs: retries until the server answers again. The borrower's forms and photo come from tests/e2e/borrower-api.ts.
 */
function createClient(server: ServerProcess, clock: { offsetMs: number }, deadline: () => boolean): Client {
  const baseHeaders = { lang: 'en', platform: 'android', appname: 'Kopa', packagename: PACKAGE }

  async function withRetry<T>(what: string, attempt: () => Promise<T>): Promise<T> {
    for (let i = 0; ; i += 1) {
      await server.whenUp()
      try {
        const result = await attempt()
        if (i > 0) client.retried += 1
        return result
      } catch (err) {
        if (!(err instanceof Unanswered) && !(err instanceof TypeError)) throw err
        if (i >= 200 || deadline())
          throw new RunAborted(`${what}: no answer after ${i + 1} tries (${err.message})`)
        debug(`retry ${what}: ${err.message}`)
        await sleep(100)
      }
    }
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    let res: Response
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(30 * SECOND) })
    } catch (err) {
      throw new Unanswered(
        err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : 'fetch failed',
      )
    }
    if (res.status >= 500) throw new Unanswered(`HTTP ${res.status}`)
    return res
  }

  async function envelopeOf<T>(res: Response): Promise<ApiEnvelope<T>> {
    let body: ApiEnvelope<T>
    try {
      body = (await res.json()) as ApiEnvelope<T>
    } catch (err) {
      throw new Unanswered(`unreadable answer: ${err instanceof Error ? err.message : 'unknown'}`)
    }
    if (RETRYABLE_CODES.includes(body.code)) throw new Unanswered(`code ${body.code} ${body.msg}`)
    return body
  }

  const headersOf = (who: Borrower): Record<string, string> => ({
    ...baseHeaders,
    'x-forwarded-for': who.ip,
    ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
  })

  const client: Client = {
    retried: 0,
    call<T>(apiPath: ApiPath, payload: Record<string, unknown>, who: Borrower, onSend?: () => void) {
      return withRetry(apiPath, async () => {
        const def = API[apiPath]
        const encoded = wire.encodeRequest({
          packageName: PACKAGE,
          method: def.method,
          path: apiPath,
          base: def.base,
          payload,
          now: Date.now() + clock.offsetMs,
        })
        const headers = headersOf(who)
        onSend?.()
        const res =
          def.method === 'GET'
            ? await send(`${server.url}${encoded.url}?${new URLSearchParams(encoded.params).toString()}`, {
                headers,
              })
            : await send(server.url + encoded.url, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(encoded.data),
              })
        return envelopeOf<T>(res)
      })
    },
    upload<T>(apiPath: ApiPath, image: Buffer, who: Borrower) {
      return withRetry(apiPath, async () => {
        const def = API[apiPath]
        const encoded = wire.encodeUploadExtra({
          packageName: PACKAGE,
          path: apiPath,
          base: def.base,
          payload: {},
          now: Date.now() + clock.offsetMs,
        })
        const form = new FormData()
        form.set(wire.UPLOAD_EXTRA_FIELD, encoded.extra)
        form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png')
        const res = await send(server.url + encoded.url, {
          method: 'POST',
          headers: headersOf(who),
          body: form,
        })
        return envelopeOf<T>(res)
      })
    },
    dev<T>(pathname: string, body?: unknown) {
      return withRetry(pathname, async () => {
        const res = await send(
          server.url + pathname,
          body === undefined
            ? {}
            : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        )
        if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`)
        return (await res.json()) as T
      })
    },
    async smsCode(mobile) {
      const html = await withRetry('/dev/sms', async () => (await send(`${server.url}/dev/sms`, {})).text())
      const tail = mobile.slice(-3)
      for (const row of html.split('<tr>')) {
        const cells = [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]!)
        if (cells.length === 3 && cells[1]!.endsWith(tail)) {
          const code = /\b(\d{4,8})\b/.exec(cells[2]!)
          if (code) return code[1]!
        }
      }
      return null
    },
  }
  return client
}

// ------------------------------------------------------------------------------------------------ borrowers

type Phase = 'onboarding' | 'applying' | 'assessing' | 'confirming' | 'payout' | 'repaying' | 'done'

interface Borrower {
  index: number
  mobile: string
  /** Each borrower is another person: one loan at a time per ID number (docs/decisions.md). */
  nationalId: string
  ip: string
  token: string
  phase: Phase
  status: number | null
  /** Loans this borrower repaid in full. */
  repaid: number
  /** The order being worked on. */
  orderNo: string | null
  orderNos: string[]
  /** A confirm (get-money or repayment) is on its way. */
  inFlight: string | null
  /** Repayments started for the current loan (bounded: a loan that never closes is a finding, not a loop). */
  repayTries: number
  /** A wallet number the sandbox refuses to pay (ends 0000); the newest wallet while set. */
  failingWallet: string | null
  /** Why it stopped early, if it did. */
  problem: string | null
}

interface RunStats {
  kills: { n: number; reason: string; uptimeMs: number; phases: Record<string, number>; inFlight: string[] }[]
  confirms: number
  repaymentConfirms: number
  tripleConfirms: number
  failingWallets: number
  /** Answers to /portal/repayment/confirm: code (and the pay order's status when 0). */
  repaymentAnswers: Record<string, number>
  nudges: number
  advancedMs: number
}

const REPAY_STATUSES: readonly number[] = [2, 3]

function phaseOf(status: number | null): Phase {
  if (status === null || status === 4) return 'applying'
  if (status === 19 || status === 1) return 'assessing'
  if (status === 14 || status === 18) return 'confirming'
  if (status === 7) return 'payout'
  if (REPAY_STATUSES.includes(status)) return 'repaying'
  return 'onboarding'
}

// ------------------------------------------------------------------------------------------------ one database

interface KindResult {
  kind: DbKind
  seed: number
  kills: number
  restarts: number
  loans: number
  loansRepaid: number
  payoutsAtProvider: number
  payoutsRefused: number
  failingWallets: number
  collectionsAtProvider: number
  refundsAtProvider: number
  transfers: number
  entries: number
  durationMs: number
  startMs: { min: number; max: number; mean: number }
  nudges: number
  advancedMs: number
  retriedCalls: number
  confirms: number
  repaymentConfirms: number
  tripleConfirms: number
  repaymentAnswers: Record<string, number>
  killsInPayout: number
  killsInRepayment: number
  killsAfterConfirm: number
  booksOk: boolean
  booksProblems: string[]
  booksFigures: unknown
  figures: Record<string, unknown>
  violations: string[]
  aborted: string | null
  logFile: string
  /** Warnings and errors the server logged, by message. */
  serverLog: Record<string, number>
}

interface Query {
  rows<T>(sql: string): Promise<T[]>
  close(): Promise<void>
}

async function runKind(kind: DbKind, seed: number): Promise<KindResult> {
  const started = Date.now()
  const rng: Rng = prng(seed)
  const deadlineAt = started + TIMEOUT_MS
  const pastDeadline = () => Date.now() > deadlineAt
  const work = mkdtempSync(path.join(os.tmpdir(), `kopa-kill-${kind}-`))
  const logFile = path.join(work, 'server.log')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dbName = `kopa_kill_${seed.toString(36)}_${Date.now().toString(36)}`
  const pgUrl = new URL(PG_URL)
  pgUrl.pathname = `/${dbName}`

  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(KOPA_|DATABASE_|NODE_ENV$|PORT$|HOST$|LOG_LEVEL$)/.test(k)) env[k] = v
  }
  Object.assign(env, {
    KOPA_MODE: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    KOPA_JOB_POLL_MS: '100',
    KOPA_SANDBOX_DELAY_MS: '400',
    KOPA_REPLAY_WINDOW_MS: String(30 * DAY),
    KOPA_TRUST_PROXY: '1',
    KOPA_UPLOAD_DIR: path.join(work, 'uploads'),
    KOPA_DIST_DIR: path.join(work, 'no-dist'),
    LOG_LEVEL: 'warn',
  })
  if (kind === 'pglite') env.KOPA_DATA_DIR = path.join(work, 'data')
  else {
    const admin = new pg.Client({ connectionString: PG_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName}`)
    await admin.end()
    env.DATABASE_URL = pgUrl.toString()
  }

  const server = new ServerProcess(url, env, logFile)
  const clock = { offsetMs: 0 }
  let stopping = false
  // Calls give up only well after the deadline: the final settling runs even when the borrowers ran out of time.
  const client = createClient(server, clock, () => Date.now() > deadlineAt + 3 * MINUTE)
  const stats: RunStats = {
    kills: [],
    confirms: 0,
    repaymentConfirms: 0,
    tripleConfirms: 0,
    failingWallets: 0,
    repaymentAnswers: {},
    nudges: 0,
    advancedMs: 0,
  }
  const result: KindResult = {
    kind,
    seed,
    kills: 0,
    restarts: 0,
    loans: 0,
    loansRepaid: 0,
    payoutsAtProvider: 0,
    payoutsRefused: 0,
    failingWallets: 0,
    collectionsAtProvider: 0,
    refundsAtProvider: 0,
    transfers: 0,
    entries: 0,
    durationMs: 0,
    startMs: { min: 0, max: 0, mean: 0 },
    nudges: 0,
    advancedMs: 0,
    retriedCalls: 0,
    confirms: 0,
    repaymentConfirms: 0,
    tripleConfirms: 0,
    repaymentAnswers: {},
    killsInPayout: 0,
    killsInRepayment: 0,
    killsAfterConfirm: 0,
    booksOk: false,
    booksProblems: [],
    booksFigures: null,
    figures: {},
    violations: [],
    aborted: null,
    logFile,
    serverLog: {},
  }

  const advance = async (ms: number) => {
    const r = await client.dev<{ offsetMs: number }>('/dev/clock/advance', { ms })
    clock.offsetMs = r.offsetMs
    stats.advancedMs += ms
  }
  const deliver = () => client.dev<{ delivered: number }>('/dev/payments/sandbox/deliver', {})

  // ---------------------------------------------------------------------------------------- kills

  const borrowers: Borrower[] = []
  let lastProgress = Date.now()
  let killing: Promise<void> | null = null
  let killsDone = KILLS === 0

  const phaseCounts = () => {
    const counts: Record<string, number> = {}
    for (const b of borrowers) counts[b.phase] = (counts[b.phase] ?? 0) + 1
    return counts
  }
  const inMoneyPhase = () =>
    borrowers.some((b) => b.phase === 'confirming' || b.phase === 'payout' || b.phase === 'repaying')

  const killAndRestart = (reason: string, counted = true): Promise<void> => {
    if (killing) return killing
    if (counted && (stats.kills.length >= KILLS || killsDone)) return Promise.resolve()
    const run = async () => {
      const record = {
        n: stats.kills.length + 1,
        reason,
        uptimeMs: Date.now() - server.upSince,
        phases: phaseCounts(),
        inFlight: borrowers.filter((b) => b.inFlight).map((b) => `${b.index}:${b.inFlight}`),
      }
      await server.kill()
      if (counted) {
        stats.kills.push(record)
        log(
          `kill ${record.n}/${KILLS} (${reason}, up ${record.uptimeMs} ms) phases ${JSON.stringify(record.phases)}` +
            (record.inFlight.length ? ` in flight ${record.inFlight.join(' ')}` : ''),
        )
      } else log(`final kill (${reason})`)
      if (counted && stats.kills.length >= KILLS) killsDone = true
      await server.start()
      debug(
        `restarted in ${server.startMs[server.startMs.length - 1]} ms` +
          (kind === 'pglite'
            ? `; pg_wal ${Math.round(dirBytes(path.join(env.KOPA_DATA_DIR!, 'pglite', 'pg_wal')) / 1024)} KiB`
            : ''),
      )
    }
    killing = run().finally(() => {
      killing = null
    })
    return killing
  }

  /** With some chance, kills the server a few milliseconds after a confirm was sent. */
  const maybeKillAfter = (what: string) => {
    if (killsDone || killing || !rng.chance(0.3)) return
    const delay = rng.int(0, 40)
    setTimeout(() => void killAndRestart(`${delay} ms after ${what}`).catch(fatal), delay)
  }

  let fatalError: unknown = null
  const fatal = (err: unknown) => {
    fatalError ??= err
    stopping = true
  }

  async function killLoop(): Promise<void> {
    while (!killsDone && !stopping && !pastDeadline()) {
      await server.whenUp()
      await sleep(rng.int(100, 2500))
      if (killing || !server.up || !inMoneyPhase()) continue
      await killAndRestart('timer')
    }
  }

  /** Moves the clock a minute on when nobody has moved for a while (leases, lost callbacks, status queries). */
  async function nudgeLoop(): Promise<void> {
    while (!stopping) {
      await sleep(500)
      if (killing || !server.up) continue
      const waiting = borrowers.some((b) => b.phase !== 'done' && b.phase !== 'onboarding')
      if (!waiting || Date.now() - lastProgress < 3 * SECOND) continue
      try {
        await advance(61 * SECOND)
        await deliver()
        stats.nudges += 1
        debug(`nudge ${stats.nudges}: clock +61 s, phases ${JSON.stringify(phaseCounts())}`)
      } catch (err) {
        if (!(err instanceof RunAborted)) throw err
      }
      lastProgress = Date.now()
    }
  }

  // ---------------------------------------------------------------------------------------- one borrower

  const ok = async <T>(b: Borrower, apiPath: ApiPath, payload: Record<string, unknown> = {}): Promise<T> => {
    const res = await client.call<T>(apiPath, payload, b)
    if (res.code !== 0) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
    return res.data
  }

  async function register(b: Borrower): Promise<void> {
    const sent = await client.call(
      '/security/getVerifyCode',
      { country: 'TZ', mobile: b.mobile, purpose: 'register' },
      b,
    )
    if (sent.code !== 0) throw new Error(`getVerifyCode answered ${sent.code} ${sent.msg}`)
    const code = await client.smsCode(b.mobile)
    if (!code) throw new Error(`no development SMS to …${b.mobile.slice(-3)}`)
    const res = await client.call<LoginResult>(
      '/security/register',
      { country: 'TZ', mobile: b.mobile, code },
      b,
    )
    if (res.code !== 0) throw new Error(`register answered ${res.code} ${res.msg}`)
    b.token = res.data.token
  }

  async function onboard(b: Borrower): Promise<void> {
    await register(b)
    await ok(b, '/user/saveBasicInfo-market', { ...PERSONAL, nationalId: b.nationalId, whatsappNo: b.mobile })
    const uploads = ['/user/upload/curp/front', '/user/upload/curp/back', '/user/saveFaceImage'] as const
    for (const [i, apiPath] of uploads.entries()) {
      const res = await client.upload<{ accepted: boolean }>(apiPath, photoPng(320 + i * 8), b)
      if (res.code !== 0 || !res.data.accepted) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
    }
    await ok(b, '/user/finishUploadAllImg')
    await ok(b, '/user/saveAdditionInfo-market', { ...WORK.good })
    await ok(b, '/user/addBankCard', {
      provider: 'mpesa',
      accountNumber: b.mobile,
      confirmAccountNumber: b.mobile,
    })
  }

  const observe = (b: Borrower, order: LatestOrder | null) => {
    const status = order?.status ?? null
    const phase = phaseOf(status)
    if (status !== b.status || phase !== b.phase) {
      debug(`borrower ${b.index} ${order?.orderNo ?? '-'}: ${b.status ?? '-'} → ${status ?? '-'}`)
      b.status = status
      b.phase = phase
      lastProgress = Date.now()
    }
  }

  async function runBorrower(b: Borrower): Promise<void> {
    let tries = 0
    while (!stopping) {
      if (pastDeadline()) {
        b.problem ??= `deadline passed at status ${b.status ?? '-'}`
        break
      }
      const order = await ok<LatestOrder | null>(b, '/loan/loan-order/latest')
      observe(b, order)
      const status = order?.status ?? null
      if (order && b.orderNo !== order.orderNo && status !== 4) {
        b.orderNo = order.orderNo
        b.repayTries = 0
        if (!b.orderNos.includes(order.orderNo)) {
          b.orderNos.push(order.orderNo)
          result.loans += 1
        }
      }
      if (status === null || status === 4) {
        if (status === 4 && order && b.orderNo === order.orderNo) {
          b.repaid += 1
          result.loansRepaid += 1
          b.orderNo = null
          debug(`borrower ${b.index} repaid ${order.orderNo}`)
        }
        // Another loan while kills remain; at least one each.
        if (b.repaid > 0 && (killsDone || stopping)) break
        // Some loans first go to a wallet the sandbox refuses: the pay-out fails (10), the borrower corrects the
        // wallet and confirms again, and the second pay-out must be the only one that moves money.
        if (b.failingWallet === null && rng.chance(FAILING_PAYOUTS)) {
          const wallet = `0758${String(b.index % 100).padStart(2, '0')}0000`
          await ok(b, '/user/addBankCard', {
            provider: 'mpesa',
            accountNumber: wallet,
            confirmAccountNumber: wallet,
          })
          b.failingWallet = wallet
          stats.failingWallets += 1
        }
        const res = await client.call<ApplyResult>(
          b.repaid > 0 ? '/loan/loan-order/apply-market-again' : '/loan/loan-order/apply-market',
          { productId: TZ_PRODUCT, amountMinor: 250_000 * TZS, tenureDays: 120 },
          b,
        )
        if (res.code !== 0 && res.code !== ApiCode.LoanOpenExists) {
          if ((tries += 1) > 20) throw new Error(`apply answered ${res.code} ${res.msg}`)
          await sleep(300)
        }
        continue
      }
      tries = 0
      switch (status) {
        case 19:
          await client.call('/user/submit', { orderNo: order!.orderNo }, b)
          break
        case 1:
          await sleep(150)
          break
        case 14:
        case 18: {
          b.inFlight = 'get-money'
          stats.confirms += 1
          const pending = client.call(
            '/loan/get-money',
            { loanOrderId: order!.loanOrderId, agreed: true },
            b,
            () => maybeKillAfter(`get-money of borrower ${b.index}`),
          )
          await pending.finally(() => {
            b.inFlight = null
          })
          break
        }
        case 7:
          await sleep(200)
          break
        case 2:
        case 3: {
          const detail = await ok<RepaymentDetail>(b, '/portal/repayment/detail', { orderNo: order!.orderNo })
          // Paid meanwhile (the order moved on), or a payment order still open: read the order again.
          if (
            detail.pendingPayOrder ||
            !REPAY_STATUSES.includes(detail.status) ||
            detail.balance.totalMinor === 0
          ) {
            await sleep(200)
            break
          }
          const payload = {
            orderNo: order!.orderNo,
            amountMinor: detail.balance.totalMinor,
            channelId:
              detail.channels.find((c) => c.available && c.kind === 'push')?.channelId ??
              detail.channels[0]?.channelId ??
              'mpesa',
          }
          const times = rng.chance(0.35) ? 3 : 1
          b.inFlight = `repayment×${times}`
          stats.repaymentConfirms += times
          if (times === 3) stats.tripleConfirms += 1
          const sent = Array.from({ length: times }, (_, i) =>
            client.call<PayOrder>('/portal/repayment/confirm', payload, b, () => {
              if (i === 0) maybeKillAfter(`repayment confirm×${times} of borrower ${b.index}`)
            }),
          )
          const answers = await Promise.all(sent).finally(() => {
            b.inFlight = null
          })
          for (const a of answers) {
            const fields = (a.data as unknown as { fields?: Record<string, string> } | null)?.fields
            const key =
              a.code === 0
                ? `0 ${a.data.status}`
                : `${a.code}${fields ? ` ${Object.values(fields).join(',')}` : ''}`
            stats.repaymentAnswers[key] = (stats.repaymentAnswers[key] ?? 0) + 1
          }
          const ids = new Set(answers.filter((a) => a.code === 0).map((a) => a.data.payOrderId))
          if (ids.size > 1) b.problem ??= `concurrent repayment confirms got ${ids.size} payment orders`
          b.repayTries += 1
          if (b.repayTries > 40) {
            const last = answers[answers.length - 1]!
            b.problem = `order ${order!.orderNo}: ${b.repayTries} repayments started, the loan is still at ${status}; the last confirm answered ${last.code} ${last.code === 0 ? JSON.stringify(last.data) : last.msg}`
            b.phase = 'done'
            return
          }
          await sleep(200)
          break
        }
        case 10:
          if (!b.failingWallet) {
            b.problem = `order ${order!.orderNo} at 10: the pay-out to a good wallet failed`
            b.phase = 'done'
            return
          }
          // The borrower corrects the wallet: the order goes back to 19 and through assessment again.
          await ok(b, '/user/addBankCard', {
            provider: 'mpesa',
            accountNumber: b.mobile,
            confirmAccountNumber: b.mobile,
          })
          b.failingWallet = null
          break
        default:
          b.problem = `order ${order!.orderNo} stopped at status ${status}`
          b.phase = 'done'
          return
      }
    }
    b.phase = 'done'
  }

  // ---------------------------------------------------------------------------------------- the run

  const base = String(rng.int(100, 999))
  for (let i = 0; i < BORROWERS; i += 1) {
    borrowers.push({
      index: i + 1,
      // 075 6xxx yyy: the last three digits tell the development SMS apart; never ends 0000 or 9999.
      mobile: `0756${base}${String(i + 1).padStart(3, '0')}`,
      nationalId: `19900517-${base}11-${String(i + 1).padStart(5, '0')}-26`,
      ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      token: '',
      phase: 'onboarding',
      status: null,
      repaid: 0,
      orderNo: null,
      orderNos: [],
      inFlight: null,
      failingWallet: null,
      repayTries: 0,
      problem: null,
    })
  }

  let query: Query | null = null
  try {
    log(`${kind}: starting the server (${url}, log ${logFile})`)
    await server.start()
    log(`${kind}: up in ${server.startMs[0]} ms; onboarding ${BORROWERS} borrowers`)
    await Promise.all(borrowers.map((b) => onboard(b)))
    log(`${kind}: borrowers onboarded; money path with ${KILLS} kills (seed ${seed})`)

    const killer = killLoop().catch(fatal)
    const nudger = nudgeLoop().catch(fatal)
    await Promise.all(
      borrowers.map(async (b, i) => {
        await sleep(i * 700)
        await runBorrower(b).catch((err: unknown) => {
          if (err instanceof RunAborted) throw err
          b.problem ??= err instanceof Error ? err.message : String(err)
          b.phase = 'done'
        })
      }),
    ).catch(fatal)
    killsDone = true
    await killer
    if (killing) await killing
    if (fatalError) throw fatalError
    if (stats.kills.length < KILLS && KILLS > 0)
      log(`!! only ${stats.kills.length} of ${KILLS} kills before the borrowers were done`)

    // Settle: one more kill and restart, then past the payment and pay-out windows, and further.
    stopping = true
    await nudger
    stopping = false
    await killAndRestart('final restart', false)
    for (const ms of [16 * MINUTE, 61 * MINUTE, 2 * HOUR, 6 * HOUR + MINUTE, 6 * HOUR + MINUTE]) {
      await advance(ms)
      await deliver()
      await sleep(1500)
      await advance(0)
      await deliver()
    }
    await sleep(1000)
    await advance(0)
    const books = await client.dev<{ ok: boolean; entries: number; problems: string[]; figures: unknown }>(
      '/dev/books',
    )
    result.booksOk = books.ok
    result.booksProblems = books.problems
    result.booksFigures = books.figures
    stopping = true
    await server.stop()

    // The invariants, read from the database itself.
    query = await openQuery(kind, env)
    await checkInvariants(query, result)
    for (const b of borrowers) {
      if (b.problem)
        result.violations.push(`borrower ${b.index} (${b.orderNos.join(', ') || 'no order'}): ${b.problem}`)
    }
  } catch (err) {
    result.aborted = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
    log(`${kind}: run aborted: ${result.aborted}`)
  } finally {
    stopping = true
    if (server.up) await server.stop().catch(() => undefined)
    await query?.close().catch(() => undefined)
    await server.close()
    result.kills = stats.kills.length
    result.restarts = server.starts - 1
    result.nudges = stats.nudges
    result.advancedMs = stats.advancedMs
    result.retriedCalls = client.retried
    result.confirms = stats.confirms
    result.repaymentConfirms = stats.repaymentConfirms
    result.tripleConfirms = stats.tripleConfirms
    result.failingWallets = stats.failingWallets
    result.repaymentAnswers = stats.repaymentAnswers
    result.killsInPayout = stats.kills.filter(
      (k) => (k.phases.confirming ?? 0) + (k.phases.payout ?? 0) > 0,
    ).length
    result.killsInRepayment = stats.kills.filter((k) => (k.phases.repaying ?? 0) > 0).length
    result.killsAfterConfirm = stats.kills.filter((k) => k.reason.includes('after')).length
    const times = server.startMs
    if (times.length)
      result.startMs = {
        min: Math.min(...times),
        max: Math.max(...times),
        mean: Math.round(times.reduce((a, b) => a + b, 0) / times.length),
      }
    result.durationMs = Date.now() - started
    result.serverLog = serverLogSummary(logFile)
    const failed = result.aborted !== null || result.violations.length > 0 || !result.booksOk
    if (args.keep) {
      log(`${kind}: kept for inspection: ${work}${kind === 'postgres' ? ` and database ${dbName}` : ''}`)
    } else {
      if (kind === 'postgres') {
        const admin = new pg.Client({ connectionString: PG_URL })
        await admin.connect()
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
        await admin.end()
      }
      if (failed) {
        // Keep the server's log next to the report; the database goes.
        const kept = path.join(os.tmpdir(), `kopa-kill-${kind}-${seed}.log`)
        if (existsSync(logFile)) {
          copyFileSync(logFile, kept)
          result.logFile = kept
        }
      }
      rmSync(work, { recursive: true, force: true })
    }
  }
  return result
}

/** Bytes of the files in a directory tree (0 when it does not exist). */
function dirBytes(dir: string): number {
  if (!existsSync(dir)) return 0
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? dirBytes(full) : statSync(full).size
  }
  return total
}

/** The server's warnings and errors (pino JSON lines, level ≥ 40), counted by level and message. */
function serverLogSummary(file: string): Record<string, number> {
  const counts: Record<string, number> = {}
  if (!existsSync(file)) return counts
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; job?: string }
      if ((entry.level ?? 0) < 40) continue
      const key = `${entry.level === 40 ? 'warn' : 'error'}: ${entry.msg ?? ''}${entry.job ? ` (${entry.job})` : ''}`
      counts[key] = (counts[key] ?? 0) + 1
    } catch {
      // not a log line
    }
  }
  return counts
}

async function openQuery(kind: DbKind, env: NodeJS.ProcessEnv): Promise<Query> {
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: env.DATABASE_URL })
    await c.connect()
    return {
      rows: async <T>(sql: string) => (await c.query(sql)).rows as T[],
      close: () => c.end(),
    }
  }
  const client = new PGlite(path.join(env.KOPA_DATA_DIR!, 'pglite'))
  await client.waitReady
  return {
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  }
}

interface SandboxRow {
  reference: string
  kind: string
  outcome: string
  amount_minor: string | number
}
interface TransferRow {
  id: string | number
  reference: string
  kind: string
  purpose: string
  state: string
  order_id: string | number
  amount_minor: string | number
  moved_minor: string | number | null
}
interface OrderRow {
  id: string | number
  order_no: string
  status: number
  disbursed_at: string | Date | null
  repaid_minor: string | number
}

/** The invariants of the crash test, on the database the server left behind. */
async function checkInvariants(q: Query, result: KindResult): Promise<void> {
  const v = result.violations
  const orders = await q.rows<OrderRow>(
    'SELECT id, order_no, status, disbursed_at, repaid_minor FROM loan_orders',
  )
  const sandbox = await q.rows<SandboxRow>(
    'SELECT reference, kind, outcome, amount_minor FROM sandbox_transfers',
  )
  const transfers = await q.rows<TransferRow>(
    'SELECT id, reference, kind, purpose, state, order_id, amount_minor, moved_minor FROM payment_transfers',
  )
  const entriesByTransfer = new Map<number, number>()
  for (const r of await q.rows<{ transfer_id: string | number; n: string | number }>(
    'SELECT transfer_id, COUNT(*) AS n FROM journal_entries WHERE transfer_id IS NOT NULL GROUP BY transfer_id',
  ))
    entriesByTransfer.set(Number(r.transfer_id), Number(r.n))
  const [entries] = await q.rows<{ n: string | number }>('SELECT COUNT(*) AS n FROM journal_entries')
  const failedJobs = await q.rows<{ name: string; last_error: string | null }>(
    "SELECT name, last_error FROM jobs WHERE status = 'failed'",
  )
  const observations = await q.rows<{ outcome: string; n: string | number }>(
    'SELECT outcome, COUNT(*) AS n FROM payment_observations GROUP BY outcome',
  )
  // Which answer settled each transfer: its callback, or a status query (reconciliation).
  const settledBy = await q.rows<{ source: string; n: string | number }>(
    `SELECT source, COUNT(*) AS n FROM payment_observations
     WHERE outcome = 'applied' AND state IN ('succeeded', 'failed') GROUP BY source`,
  )
  // Callbacks the sandbox marked delivered that never reached the route (the process died while sending).
  const [lost] = await q.rows<{ n: string | number }>(
    `SELECT COUNT(*) AS n FROM sandbox_transfers sb
     WHERE sb.delivered_at IS NOT NULL AND sb.outcome IN ('succeeded', 'failed')
       AND NOT EXISTS (SELECT 1 FROM payment_observations o
                       WHERE o.source = 'callback' AND o.provider = 'sandbox' AND o.reference = sb.reference)`,
  )
  // Movements the sandbox completed after the system time (the dev clock was ahead): GET /dev/books checks
  // the provider's side only up to the system time, so it does not see these.
  const [ahead] = await q.rows<{ n: string | number }>(
    `SELECT COUNT(*) AS n FROM sandbox_transfers WHERE outcome = 'succeeded' AND completes_at > now()`,
  )

  result.entries = Number(entries?.n ?? 0)
  result.transfers = transfers.length
  const moved = sandbox.filter((s) => s.outcome === 'succeeded')
  const byReference = new Map(transfers.map((t) => [t.reference, t]))
  const sandboxByReference = new Map(sandbox.map((s) => [s.reference, s]))
  result.payoutsAtProvider = moved.filter((s) => s.reference.startsWith('PO')).length
  result.payoutsRefused = sandbox.filter((s) => s.reference.startsWith('PO') && s.outcome === 'failed').length
  result.collectionsAtProvider = moved.filter((s) => s.kind === 'collection').length
  result.refundsAtProvider = moved.filter((s) => s.reference.startsWith('RF')).length

  // 1. Each order paid out at most once at the provider, and exactly once when it says it was paid out.
  for (const o of orders) {
    const payouts = moved.filter((s) => s.reference.startsWith(`PO${o.order_no}-`))
    if (payouts.length > 1)
      v.push(
        `order ${o.order_no}: paid out ${payouts.length} times at the provider (${payouts.map((p) => p.reference).join(', ')})`,
      )
    if (o.disbursed_at !== null && payouts.length !== 1)
      v.push(`order ${o.order_no}: disbursed, but ${payouts.length} succeeded pay-outs at the provider`)
    if (o.disbursed_at === null && payouts.length > 0)
      v.push(
        `order ${o.order_no}: the provider paid it out, but the order was never disbursed (status ${o.status})`,
      )
    // 3. Nothing stuck in lending, nothing failed to a good wallet.
    if (o.status === 7) v.push(`order ${o.order_no}: stuck in status 7 (lending)`)
    if (o.status === 10)
      v.push(`order ${o.order_no}: status 10 (pay-out failed) with a wallet the sandbox pays`)
  }

  // 2. Every movement at the provider is one succeeded transfer of ours, booked once; and the other way round.
  for (const s of moved) {
    const t = byReference.get(s.reference)
    if (!t) {
      v.push(`sandbox movement ${s.reference}: no payment transfer of ours`)
      continue
    }
    if (t.state !== 'succeeded') v.push(`sandbox movement ${s.reference}: our transfer is ${t.state}`)
    const n = entriesByTransfer.get(Number(t.id)) ?? 0
    if (n !== 1) v.push(`sandbox movement ${s.reference}: booked by ${n} journal entries`)
    if (Number(t.moved_minor ?? t.amount_minor) !== Number(s.amount_minor))
      v.push(
        `sandbox movement ${s.reference}: moved ${s.amount_minor}, we booked ${t.moved_minor ?? t.amount_minor}`,
      )
  }
  for (const t of transfers) {
    const s = sandboxByReference.get(t.reference)
    if (t.state === 'succeeded' && s?.outcome !== 'succeeded')
      v.push(`transfer ${t.reference}: succeeded, the provider says ${s?.outcome ?? 'nothing'}`)
    if (t.state !== 'succeeded' && t.state !== 'reversed' && (entriesByTransfer.get(Number(t.id)) ?? 0) > 0)
      v.push(`transfer ${t.reference}: ${t.state}, yet booked`)
  }

  // Figures: what a borrower was charged beyond one payment of a loan (then refunded), what is left open.
  const collectionsPerOrder = new Map<string, number>()
  for (const s of moved.filter((m) => m.kind === 'collection')) {
    const t = byReference.get(s.reference)
    if (t) collectionsPerOrder.set(String(t.order_id), (collectionsPerOrder.get(String(t.order_id)) ?? 0) + 1)
  }
  const byStatus: Record<string, number> = {}
  for (const o of orders) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1
  const transferStates: Record<string, number> = {}
  for (const t of transfers) {
    const key = `${t.purpose}.${t.state}`
    transferStates[key] = (transferStates[key] ?? 0) + 1
  }
  result.figures = {
    ordersByStatus: byStatus,
    transfersByPurposeAndState: transferStates,
    ordersChargedMoreThanOnce: [...collectionsPerOrder.values()].filter((n) => n > 1).length,
    sandboxNotMoved: sandbox.filter((s) => s.outcome !== 'succeeded').length,
    observations: Object.fromEntries(observations.map((o) => [o.outcome, Number(o.n)])),
    settledBy: Object.fromEntries(settledBy.map((o) => [o.source, Number(o.n)])),
    callbacksLostInKill: Number(lost?.n ?? 0),
    movementsAfterSystemTime: Number(ahead?.n ?? 0),
    failedJobs: failedJobs.map((j) => `${j.name}: ${j.last_error ?? ''}`.slice(0, 200)),
  }
}

// ------------------------------------------------------------------------------------------------ main

function summary(r: KindResult): string {
  const lines = [
    `== ${r.kind} (seed ${r.seed}) ${r.aborted ? 'ABORTED' : r.violations.length || !r.booksOk ? 'FAILED' : 'passed'}`,
    `   kills ${r.kills} (with a borrower in pay-out ${r.killsInPayout}, in repayment ${r.killsInRepayment}, right after a confirm ${r.killsAfterConfirm}); restarts ${r.restarts}, start ${r.startMs.min}–${r.startMs.max} ms (mean ${r.startMs.mean})`,
    `   loans ${r.loans}, repaid ${r.loansRepaid}; pay-outs at the provider ${r.payoutsAtProvider} (refused by a failing wallet ${r.payoutsRefused} of ${r.failingWallets} loans sent to one), collections ${r.collectionsAtProvider}, refunds ${r.refundsAtProvider}; transfers ${r.transfers}; journal entries ${r.entries}`,
    `   get-money sent ${r.confirms}, repayment confirms sent ${r.repaymentConfirms} (${r.tripleConfirms}× three at once; answers ${JSON.stringify(r.repaymentAnswers)}); calls answered after a retry ${r.retriedCalls}; clock nudges ${r.nudges}, clock moved ${Math.round(r.advancedMs / MINUTE)} min`,
    `   duration ${(r.durationMs / SECOND).toFixed(1)} s; books ${r.booksOk ? 'ok' : 'NOT ok'}; figures ${JSON.stringify(r.figures)}`,
    `   books figures ${JSON.stringify(r.booksFigures)}`,
    `   server warnings and errors ${JSON.stringify(r.serverLog)}`,
  ]
  if (r.aborted) lines.push(`   aborted: ${r.aborted}`)
  for (const p of r.booksProblems) lines.push(`   books problem: ${p}`)
  for (const p of r.violations) lines.push(`   VIOLATION: ${p}`)
  if (r.aborted || r.violations.length || !r.booksOk) lines.push(`   server log: ${r.logFile}`)
  return lines.join('\n')
}

const overall = setTimeout(
  () => {
    console.error(
      `money-kill: the overall time-out passed (${KINDS.length} × ${TIMEOUT_MS / MINUTE} min + 5 min)`,
    )
    process.exit(2)
  },
  KINDS.length * TIMEOUT_MS + 5 * MINUTE,
)
overall.unref()

const results: KindResult[] = []
for (const kind of KINDS) results.push(await runKind(kind, SEED))
console.log(`\nmoney-kill: ${KILLS} kills per database, ${BORROWERS} borrowers, seed ${SEED}`)
for (const r of results) console.log(summary(r))
const aborted = results.some((r) => r.aborted)
const violated = results.some((r) => r.violations.length > 0 || (!r.aborted && !r.booksOk))
process.exit(violated ? 1 : aborted ? 2 : 0)
