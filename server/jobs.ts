/**
 * The job runner. Jobs are rows of `jobs`; a worker claims one due row at a time with
 * `SELECT … FOR UPDATE SKIP LOCKED` and runs its handler in the same transaction, then marks it done. Two
 * processes never run the same job: the row stays locked until the handler's writes and the `done` mark commit
 * together; if the process dies, the transaction rolls back and the job is due again.
 *
 * Handlers receive that transaction (`ctx.tx`) and must write through it (on PGlite, using the plain handle
 * inside a handler would wait for the handler's own transaction). Time comes from the one clock (`ctx.now`).
 *
 *   jobs.define('loan.expire', async ({ orderId }, ctx) => { … ctx.tx … })
 *   await jobs.enqueue('loan.expire', { orderId }, { runAt, key: `loan.expire:${orderId}`, q: tx })
 *   jobs.every('loan.overdue-sweep', 60_000, async (_payload, ctx) => { … })
 *
 * Effects (the outbox): a job defined with `defineEffect` talks to the outside world (a wallet provider), so it
 * must not run inside a transaction that holds locks. Its row is claimed with a lease instead — `run_at` moves to
 * now + leaseMs and the claim commits — then the handler runs with the plain database handle, and the row is
 * marked done. A worker that dies mid-call leaves the row to become due again when the lease ends, and the
 * handler runs again: effects must be idempotent (a transfer is sent with the same reference every time).
 * `runKey` runs one effect at once by its key (after the request that enqueued it committed), with the worker as
 * the safety net.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from './clock'
import { rows, type Db, type Queryable, type Tx } from './db/client'
import { jobs } from './db/schema/core'
import { safeError, type Log } from './log'
import type { Ops } from './ops'

export type JobPayload = Record<string, unknown>

export interface JobContext {
  /** The transaction that holds the job's row lock; write through it. */
  tx: Tx
  now: Date
  clock: Clock
  job: { id: number; name: string; attempts: number }
  /** Enqueue a follow-up job in the same transaction. */
  enqueue(name: string, payload: JobPayload, opts?: Omit<EnqueueOptions, 'q'>): Promise<void>
}

export type JobHandler<P extends JobPayload = JobPayload> = (payload: P, ctx: JobContext) => Promise<void>

export interface EffectContext {
  /** The database, outside any transaction: open short transactions of your own around the outside call. */
  db: Db
  now: Date
  clock: Clock
  job: { id: number; name: string; attempts: number }
}

export type EffectHandler<P extends JobPayload = JobPayload> = (
  payload: P,
  ctx: EffectContext,
) => Promise<void>

export interface EffectOptions extends JobOptions {
  /** How long a claimed effect is left to its worker before another may run it (default one minute). */
  leaseMs?: number
}

export interface JobOptions {
  /** Tries before a one-off job is marked failed (default 5). */
  maxAttempts?: number
  /** Delay before retry n (1-based); default one minute times n. */
  retryDelayMs?: (attempt: number) => number
}

export interface EnqueueOptions {
  /** When the job becomes due (default: now on the clock). */
  runAt?: Date
  /** At most one job per key, ever: enqueueing the same key again does nothing. */
  key?: string
  /** Enqueue inside this transaction, so the job exists only if the caller's writes commit. */
  q?: Queryable
}

export interface JobRunner {
  define<P extends JobPayload>(name: string, handler: JobHandler<P>, opts?: JobOptions): void
  /** An effect: runs outside any transaction, under a lease (see above). */
  defineEffect<P extends JobPayload>(name: string, handler: EffectHandler<P>, opts?: EffectOptions): void
  /** Runs the pending job with this key now if it is due and free; false when there is none. */
  runKey(key: string): Promise<boolean>
  /** A recurring job: due every intervalMs on the clock, one row for all instances. */
  every(name: string, intervalMs: number, handler: JobHandler, opts?: JobOptions): void
  enqueue(name: string, payload: JobPayload, opts?: EnqueueOptions): Promise<void>
  /** Runs every job due now, one by one, until none is left (or limit); returns how many ran or failed. */
  runDue(limit?: number): Promise<number>
  /**
   * Runs every job due now, after this instance's polling workers have finished the jobs they had already
   * claimed (which `runDue` skips as locked): when it returns, no job due now is still running here.
   */
  runDueSettled(): Promise<number>
  /** Starts polling workers (each polls every pollMs). */
  start(pollMs: number, workers?: number): void
  stop(): Promise<void>
  definedNames(): string[]
}

interface Definition extends Required<JobOptions> {
  handler: JobHandler | null
  effect: EffectHandler | null
  leaseMs: number
  intervalMs: number | null
}

interface ClaimedJob {
  id: number
  name: string
  payload: JobPayload
  attempts: number
}

const RECURRING_KEY = (name: string) => `every:${name}`

/**
 * `ops` counts failures for GET /ops/health (server/ops.ts); without it (tests that build a bare runner) they are
 * only logged. A failed run is logged with its job's name, id and attempt and `safeError` (never the message:
 * it may quote a value), a retry as a warning and the last attempt as an error.
 */
export function createJobRunner(db: Db, clock: Clock, log: Log, ops?: Ops): JobRunner {
  const defs = new Map<string, Definition>()
  let timers: NodeJS.Timeout[] = []
  let running: Promise<unknown>[] = []
  let stopped = true

  function add(
    name: string,
    handler: JobHandler | null,
    opts: EffectOptions,
    intervalMs: number | null,
    effect: EffectHandler | null = null,
  ) {
    if (defs.has(name)) throw new Error(`Job ${name} is defined twice`)
    defs.set(name, {
      handler,
      effect,
      leaseMs: opts.leaseMs ?? 60_000,
      intervalMs,
      maxAttempts: opts.maxAttempts ?? 5,
      retryDelayMs: opts.retryDelayMs ?? ((n) => n * 60_000),
    })
  }

  async function enqueue(name: string, payload: JobPayload, opts: EnqueueOptions = {}) {
    if (!defs.has(name)) throw new Error(`Job ${name} is not defined`)
    const now = clock.now()
    await (opts.q ?? db)
      .insert(jobs)
      .values({
        name,
        payload,
        runAt: opts.runAt ?? now,
        status: 'pending',
        uniqueKey: opts.key ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: jobs.uniqueKey })
  }

  async function armRecurring() {
    for (const [name, def] of defs) {
      if (def.intervalMs !== null) await enqueue(name, {}, { key: RECURRING_KEY(name) })
    }
  }

  /** Claims and runs one due job (or the one with `key`); false when none is due. */
  async function runOne(key?: string): Promise<boolean> {
    const names = [...defs.keys()]
    if (names.length === 0) return false
    const now = clock.now()
    const claimed = await db.transaction(async (tx): Promise<ClaimedJob | boolean> => {
      const [job] = await rows<{ id: string | number; name: string; payload: JobPayload; attempts: number }>(
        tx,
        sql`SELECT id, name, payload, attempts FROM jobs
            WHERE status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz AND name IN ${names}
            ${key === undefined ? sql`` : sql`AND unique_key = ${key}`}
            ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )
      if (!job) return false
      const id = Number(job.id)
      const def = defs.get(job.name)!
      if (def.effect) {
        // Claim it under a lease and commit: the effect runs outside this transaction.
        await tx
          .update(jobs)
          .set({ runAt: new Date(now.getTime() + def.leaseMs), attempts: job.attempts + 1 })
          .where(eq(jobs.id, id))
        return { id, name: job.name, payload: job.payload, attempts: job.attempts + 1 }
      }
      const attempt = job.attempts + 1
      const ctx: JobContext = {
        tx,
        now,
        clock,
        job: { id, name: job.name, attempts: job.attempts },
        enqueue: (name, payload, opts) => enqueue(name, payload, { ...opts, q: tx }),
      }
      try {
        await tx.transaction((sp) => def.handler!(job.payload, { ...ctx, tx: sp }))
      } catch (err) {
        await failed(tx, def, { id, name: job.name, attempts: attempt }, now, err, job.attempts)
        return true
      }
      if (def.intervalMs !== null) {
        await tx
          .update(jobs)
          .set({ runAt: new Date(now.getTime() + def.intervalMs), attempts: 0, lastError: null })
          .where(eq(jobs.id, id))
      } else {
        await tx
          .update(jobs)
          .set({ status: 'done', attempts: attempt, finishedAt: now })
          .where(eq(jobs.id, id))
      }
      return true
    })
    if (typeof claimed === 'boolean') return claimed
    await runEffect(claimed, now)
    return true
  }

  /** Records a failed run: due again after its delay, or failed for good after its last attempt. */
  async function failed(
    q: Queryable,
    def: Definition,
    job: ClaimedJob | { id: number; name: string; attempts: number },
    now: Date,
    err: unknown,
    /** The attempts the row holds now: an effect's claim counted its attempt already, a transaction's did not. */
    stored: number,
  ) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : 'non-error thrown'
    const giveUp = def.intervalMs === null && job.attempts >= def.maxAttempts
    const fields = { job: job.name, jobId: job.id, attempt: job.attempts }
    if (giveUp) {
      ops?.count('jobGaveUp')
      log.error({ failure: 'jobGaveUp', ...fields, ...safeError(err) }, 'job failed for good')
    } else {
      ops?.count('job')
      log.warn({ failure: 'job', ...fields, ...safeError(err) }, 'job failed')
    }
    const retryAt = new Date(now.getTime() + (def.intervalMs ?? def.retryDelayMs(job.attempts)))
    await q
      .update(jobs)
      .set({
        attempts: def.intervalMs === null ? job.attempts : 0,
        lastError: message.slice(0, 500),
        ...(giveUp ? { status: 'failed', finishedAt: now } : { runAt: retryAt }),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending'), eq(jobs.attempts, stored)))
  }

  async function runEffect(job: ClaimedJob, now: Date): Promise<void> {
    const def = defs.get(job.name)!
    try {
      await def.effect!(job.payload, { db, now, clock, job })
    } catch (err) {
      await failed(db, def, job, now, err, job.attempts)
      return
    }
    // Done, unless the lease ran out and another worker claimed it meanwhile (its attempt count moved on).
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: now, lastError: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending'), eq(jobs.attempts, job.attempts)))
  }

  async function runDue(limit = 10_000) {
    await armRecurring()
    let n = 0
    while (n < limit && (await runOne())) n += 1
    return n
  }

  async function runDueSettled() {
    await Promise.allSettled(running)
    const n = await runDue()
    // A tick that began meanwhile may hold a job this run skipped as locked: it is over before this returns.
    await Promise.allSettled(running)
    return n
  }

  return {
    define: (name, handler, opts = {}) => add(name, handler as JobHandler, opts, null),
    defineEffect: (name, handler, opts = {}) => add(name, null, opts, null, handler as EffectHandler),
    runKey: (key) => runOne(key),
    every(name, intervalMs, handler, opts = {}) {
      if (!Number.isInteger(intervalMs) || intervalMs <= 0)
        throw new Error(`Job ${name}: interval must be > 0 ms`)
      add(name, handler, opts, intervalMs)
    },
    enqueue,
    runDue,
    runDueSettled,
    start(pollMs, workers = 1) {
      if (!stopped || pollMs <= 0) return
      stopped = false
      const loop = (i: number) => {
        const tick = (async () => {
          try {
            await clock.sync()
            await runDue()
          } catch (err) {
            ops?.count('worker')
            log.error({ failure: 'worker', ...safeError(err) }, 'job worker tick failed')
          }
        })()
        running.push(tick)
        void tick.finally(() => {
          running = running.filter((p) => p !== tick)
          if (!stopped) timers[i] = setTimeout(() => loop(i), pollMs)
        })
      }
      timers = []
      for (let i = 0; i < workers; i += 1) loop(i)
    },
    async stop() {
      stopped = true
      timers.forEach(clearTimeout)
      await Promise.allSettled(running)
    },
    definedNames: () => [...defs.keys()],
  }
}

/** Counts jobs by status (operations and tests). */
export async function jobCounts(q: Queryable, name?: string) {
  const all = await q
    .select({ status: jobs.status })
    .from(jobs)
    .where(name ? eq(jobs.name, name) : undefined)
  const counts = { pending: 0, done: 0, failed: 0 }
  for (const r of all) counts[r.status as keyof typeof counts] += 1
  return counts
}
