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
 */
import { eq, sql } from 'drizzle-orm'
import type { Clock } from './clock'
import { rows, type Db, type Queryable, type Tx } from './db/client'
import { jobs } from './db/schema/core'
import type { Log } from './log'

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
  /** A recurring job: due every intervalMs on the clock, one row for all instances. */
  every(name: string, intervalMs: number, handler: JobHandler, opts?: JobOptions): void
  enqueue(name: string, payload: JobPayload, opts?: EnqueueOptions): Promise<void>
  /** Runs every job due now, one by one, until none is left (or limit); returns how many ran or failed. */
  runDue(limit?: number): Promise<number>
  /** Starts polling workers (each polls every pollMs). */
  start(pollMs: number, workers?: number): void
  stop(): Promise<void>
  definedNames(): string[]
}

interface Definition extends Required<JobOptions> {
  handler: JobHandler
  intervalMs: number | null
}

const RECURRING_KEY = (name: string) => `every:${name}`

export function createJobRunner(db: Db, clock: Clock, log: Log): JobRunner {
  const defs = new Map<string, Definition>()
  let timers: NodeJS.Timeout[] = []
  let running: Promise<unknown>[] = []
  let stopped = true

  function add(name: string, handler: JobHandler, opts: JobOptions, intervalMs: number | null) {
    if (defs.has(name)) throw new Error(`Job ${name} is defined twice`)
    defs.set(name, {
      handler,
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

  /** Claims and runs one due job; false when none is due. */
  async function runOne(): Promise<boolean> {
    const names = [...defs.keys()]
    if (names.length === 0) return false
    const now = clock.now()
    return db.transaction(async (tx) => {
      const [job] = await rows<{ id: string | number; name: string; payload: JobPayload; attempts: number }>(
        tx,
        sql`SELECT id, name, payload, attempts FROM jobs
            WHERE status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz AND name IN ${names}
            ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )
      if (!job) return false
      const id = Number(job.id)
      const def = defs.get(job.name)!
      const attempt = job.attempts + 1
      const ctx: JobContext = {
        tx,
        now,
        clock,
        job: { id, name: job.name, attempts: job.attempts },
        enqueue: (name, payload, opts) => enqueue(name, payload, { ...opts, q: tx }),
      }
      try {
        await tx.transaction((sp) => def.handler(job.payload, { ...ctx, tx: sp }))
      } catch (err) {
        const message = err instanceof Error ? `${err.name}: ${err.message}` : 'non-error thrown'
        log.warn({ job: job.name, jobId: id, attempt }, 'job failed')
        const giveUp = def.intervalMs === null && attempt >= def.maxAttempts
        const retryAt = new Date(now.getTime() + (def.intervalMs ?? def.retryDelayMs(attempt)))
        await tx
          .update(jobs)
          .set({
            attempts: def.intervalMs === null ? attempt : 0,
            lastError: message.slice(0, 500),
            ...(giveUp ? { status: 'failed', finishedAt: now } : { runAt: retryAt }),
          })
          .where(eq(jobs.id, id))
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
  }

  async function runDue(limit = 10_000) {
    await armRecurring()
    let n = 0
    while (n < limit && (await runOne())) n += 1
    return n
  }

  return {
    define: (name, handler, opts = {}) => add(name, handler as JobHandler, opts, null),
    every(name, intervalMs, handler, opts = {}) {
      if (!Number.isInteger(intervalMs) || intervalMs <= 0)
        throw new Error(`Job ${name}: interval must be > 0 ms`)
      add(name, handler, opts, intervalMs)
    },
    enqueue,
    runDue,
    start(pollMs, workers = 1) {
      if (!stopped || pollMs <= 0) return
      stopped = false
      const loop = (i: number) => {
        const tick = (async () => {
          try {
            await clock.sync()
            await runDue()
          } catch (err) {
            log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'job worker tick failed')
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
