/**
 * The job runner and the shared clock: jobs run when the clock reaches them, exactly once even with several
 * workers (SKIP LOCKED), failures retry and then stop, recurring jobs re-arm, and every instance reads the same
 * clock offset from the database.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createClock, type Clock } from '../../server/clock'
import { openDatabase, rows, type Database, type DatabaseOptions } from '../../server/db/client'
import { clockState, jobs } from '../../server/db/schema/core'
import { createJobRunner, jobCounts } from '../../server/jobs'
import type { Log } from '../../server/log'
import { describeOnEachDatabase, freshDatabase, type DatabaseTarget } from './helpers/databases'

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined }
const T0 = Date.parse('2026-03-01T08:00:00Z')
const MINUTE = 60_000

describeOnEachDatabase('Jobs on the shared clock', (target: DatabaseTarget) => {
  let database: Database
  let options: DatabaseOptions
  let dispose: () => Promise<void>
  let clock: Clock

  beforeAll(async () => {
    ;({ database, options, dispose } = await freshDatabase(target))
  })
  afterAll(() => dispose())
  beforeEach(async () => {
    await database.db.delete(jobs)
    await database.db.update(clockState).set({ offsetMs: 0 })
    clock = createClock(database.db, { adjustable: true, systemNowMs: () => T0 })
    await clock.sync()
  })

  it('runs a job only once the clock has reached its time', async () => {
    const runner = createJobRunner(database.db, clock, quiet)
    const seen: string[] = []
    runner.define<{ orderNo: string }>('order.expire', async ({ orderNo }) => {
      seen.push(orderNo)
    })
    await runner.enqueue('order.expire', { orderNo: 'A1' }, { runAt: new Date(T0 + 24 * 60 * MINUTE) })
    expect(await runner.runDue()).toBe(0)
    await clock.advance(24 * 60 * MINUTE - 1)
    expect(await runner.runDue()).toBe(0)
    await clock.advance(1)
    expect(await runner.runDue()).toBe(1)
    expect(seen).toEqual(['A1'])
    expect(await runner.runDue()).toBe(0)
    expect(await jobCounts(database.db, 'order.expire')).toEqual({ pending: 0, done: 1, failed: 0 })
  })

  it('settles a moved clock only once the job a polling worker already holds is done', async () => {
    const runner = createJobRunner(database.db, clock, quiet)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let claimed: () => void = () => {}
    const workerHasIt = new Promise<void>((resolve) => (claimed = resolve))
    const done: string[] = []
    runner.define('penalty.day', async () => {
      claimed()
      await held
      done.push('penalty.day')
    })
    await runner.enqueue('penalty.day', {}, { runAt: new Date(T0) })
    runner.start(5)
    try {
      await workerHasIt
      let settled = false
      const settling = runner.runDueSettled().then(() => {
        settled = true
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(settled).toBe(false)
      release()
      await settling
      expect(done).toEqual(['penalty.day'])
    } finally {
      release()
      await runner.stop()
    }
  })

  it('keeps one job per key however often it is enqueued', async () => {
    const runner = createJobRunner(database.db, clock, quiet)
    let runs = 0
    runner.define('payout.check', async () => {
      runs += 1
    })
    for (let i = 0; i < 3; i += 1) await runner.enqueue('payout.check', {}, { key: 'payout.check:7' })
    await runner.runDue()
    await runner.enqueue('payout.check', {}, { key: 'payout.check:7' })
    await runner.runDue()
    expect(runs).toBe(1)
  })

  it('rolls back a failed job’s writes, retries it later and gives up after its last attempt', async () => {
    const runner = createJobRunner(database.db, clock, quiet)
    let attempts = 0
    runner.define(
      'flaky',
      async (_payload, ctx) => {
        attempts += 1
        await ctx.tx.update(clockState).set({ updatedAt: new Date(0) })
        throw new Error('provider unavailable')
      },
      { maxAttempts: 2, retryDelayMs: () => MINUTE },
    )
    await runner.enqueue('flaky', {})
    expect(await runner.runDue()).toBe(1)
    const [state] = await database.db.select().from(clockState)
    expect(state!.updatedAt.getTime()).not.toBe(0)
    expect(await runner.runDue()).toBe(0)
    await clock.advance(MINUTE)
    expect(await runner.runDue()).toBe(1)
    expect(attempts).toBe(2)
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, 'flaky'))
    expect(job).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Error: provider unavailable' })
  })

  it('re-arms a recurring job after each run, one row for every instance', async () => {
    const a = createJobRunner(database.db, clock, quiet)
    const b = createJobRunner(database.db, clock, quiet)
    let sweeps = 0
    for (const runner of [a, b]) {
      runner.every('overdue.sweep', 10 * MINUTE, async () => {
        sweeps += 1
      })
    }
    await a.runDue()
    await b.runDue()
    expect(sweeps).toBe(1)
    await clock.advance(10 * MINUTE)
    await b.runDue()
    await a.runDue()
    expect(sweeps).toBe(2)
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'overdue.sweep'`,
    )
    expect(row!.n).toBe(1)
  })

  it('lets a job enqueue its follow-up in the same transaction', async () => {
    const runner = createJobRunner(database.db, clock, quiet)
    const order: string[] = []
    runner.define('first', async (_p, ctx) => {
      order.push('first')
      await ctx.enqueue('second', {}, { runAt: new Date(ctx.now.getTime() + MINUTE) })
    })
    runner.define('second', async () => {
      order.push('second')
    })
    await runner.enqueue('first', {})
    await runner.runDue()
    await clock.advance(MINUTE)
    await runner.runDue()
    expect(order).toEqual(['first', 'second'])
  })

  it('never runs a job twice when several workers and processes poll at once', async () => {
    // On PostgreSQL a second pool on the same schema stands for a second process; PGlite is one embedded
    // connection, so there the workers share it.
    const second = target.name === 'postgres' ? await openDatabase(options) : database
    try {
      const log: number[] = []
      const make = (db: Database) => {
        const runner = createJobRunner(
          db.db,
          createClock(db.db, { adjustable: true, systemNowMs: () => T0 }),
          quiet,
        )
        runner.define<{ n: number }>('count', async ({ n }, ctx) => {
          log.push(n)
          await ctx.tx.execute(sql`SELECT pg_sleep(0.001)`)
        })
        return runner
      }
      const runners = [make(database), make(database), make(second), make(second)]
      for (let n = 0; n < 40; n += 1) await runners[0]!.enqueue('count', { n })
      const ran = await Promise.all(runners.map((r) => r.runDue()))
      expect(ran.reduce((a, b) => a + b, 0)).toBe(40)
      expect([...log].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i))
    } finally {
      if (second !== database) await second.close()
    }
  })

  it('shares a moved clock with every instance through the database', async () => {
    const other = createClock(database.db, { adjustable: true, systemNowMs: () => T0 })
    await clock.advance(90 * MINUTE)
    expect(other.nowMs()).toBe(T0)
    await other.sync()
    expect(other.nowMs()).toBe(T0 + 90 * MINUTE)
    await expect(clock.advance(-1)).rejects.toThrow(/forward/)
  })

  it('refuses to move the clock in production', async () => {
    const production = createClock(database.db, { adjustable: false, systemNowMs: () => T0 })
    await clock.advance(MINUTE)
    await production.sync()
    expect(production.nowMs()).toBe(T0)
    await expect(production.advance(MINUTE)).rejects.toThrow(/production/)
  })
})
