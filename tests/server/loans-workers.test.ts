/**
 * Several instances: job workers claim due jobs with SELECT … FOR UPDATE SKIP LOCKED, so two workers against one
 * database never run the same job twice.
 *
 * On PostgreSQL (DATABASE_URL set) the workers are two separate connection pools — and, in the second story, two
 * whole server instances sharing one schema — running at the same time. On PGlite there is a single connection
 * and its transactions are serial, so the first story there only shows that interleaved runners still run each
 * job once; the two-instance story needs PostgreSQL and runs only there.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { createClock } from '../../server/clock'
import { openDatabase, type Database } from '../../server/db/client'
import { jobs as jobsTable } from '../../server/db/schema/core'
import { loanOrderEvents, loanOrders } from '../../server/db/schema/loans'
import { createJobRunner, type JobRunner } from '../../server/jobs'
import type { Log } from '../../server/log'
import { DATABASE_TARGETS, describeOnEachDatabase, freshDatabase } from './helpers/databases'
import {
  DAY,
  PRODUCT,
  advance,
  completeSteps,
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  register,
  startLoanServer,
  type LoanServer,
} from './loans-harness'

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined }

describeOnEachDatabase('Two job workers', (target) => {
  let main: Database
  let second: Database
  let dispose: () => Promise<void>
  beforeAll(async () => {
    const fresh = await freshDatabase(target)
    main = fresh.database
    dispose = fresh.dispose
    // PostgreSQL: a second pool on the same schema. PGlite: the one embedded connection.
    const schema = await main.db.execute('SELECT current_schema() AS s')
    const current = (schema as unknown as { rows: { s: string }[] }).rows[0]!.s
    second =
      main.kind === 'postgres'
        ? await openDatabase({
            url: process.env.DATABASE_URL!,
            dataDir: ':memory:',
            schema: current,
            poolSize: 4,
          })
        : main
  })
  afterAll(async () => {
    if (second !== main) await second.close()
    await dispose()
  })

  it('run each of 40 due jobs exactly once when both work at the same time', async () => {
    const ran: { worker: string; id: number }[] = []
    const runner = (name: string, database: Database): JobRunner => {
      const r = createJobRunner(database.db, createClock(database.db, { adjustable: true }), quiet)
      r.define('test.work', async (_payload, ctx) => {
        ran.push({ worker: name, id: ctx.job.id })
        // Hold the row lock a little, so the other worker has to skip it.
        await new Promise((resolve) => setTimeout(resolve, 15))
      })
      return r
    }
    const a = runner('a', main)
    const b = runner('b', second)
    for (let i = 0; i < 40; i++) await a.enqueue('test.work', { i })

    const [na, nb] = await Promise.all([a.runDue(), b.runDue()])
    expect(na + nb).toBe(40)
    const ids = ran.map((r) => r.id)
    expect(new Set(ids).size).toBe(40)
    expect(ids).toHaveLength(40)
    const rows = await main.db.select().from(jobsTable).where(eq(jobsTable.name, 'test.work'))
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true)
    if (main.kind === 'postgres') {
      // Both pools took part: the jobs really were shared out, not run by one worker.
      expect(ran.some((r) => r.worker === 'a')).toBe(true)
      expect(ran.some((r) => r.worker === 'b')).toBe(true)
    }
  })
})

const postgres = DATABASE_TARGETS.find((t) => t.name === 'postgres')

// Defined only where PostgreSQL is configured (CI sets DATABASE_URL); see the file's comment.
if (postgres)
  describe('Two server instances on one PostgreSQL', () => {
    let one: LoanServer
    let two: LoanServer
    beforeAll(async () => {
      one = await startLoanServer(postgres)
      two = await startLoanServer(
        postgres,
        'inject',
        {},
        { databaseSchema: one.s.server.ctx.config.databaseSchema },
      )
    })
    afterAll(async () => {
      await two.close()
      await one.close()
    })

    it('assess every submitted application exactly once while both instances run their jobs', async () => {
      const orders: { b: Awaited<ReturnType<typeof register>>; applied: T.ApplyResult }[] = []
      for (let i = 0; i < 8; i++) {
        const b = await register(one.s, 'TZ')
        await completeSteps(one, b)
        const applied = await ok<T.ApplyResult>(one, b, '/loan/loan-order/apply-market', {
          productId: PRODUCT.TZ,
          amountMinor: 100_000_00,
          tenureDays: 91,
        })
        // Half submit through the other instance: it is one service.
        await ok(i % 2 ? two : one, b, '/user/submit', { orderNo: applied.orderNo })
        orders.push({ b, applied })
      }
      await Promise.all([one.s.server.ctx.jobs.runDue(), two.s.server.ctx.jobs.runDue()])

      for (const { b, applied } of orders) {
        const order = await ok<T.LatestOrder>(two, b, '/loan/loan-order/latest')
        expect(order.status).toBe(14)
        const events = await one.s.server.ctx.db
          .select()
          .from(loanOrderEvents)
          .where(eq(loanOrderEvents.orderId, Number(applied.loanOrderId)))
        expect(events.filter((e) => e.event === 'assessment.approved')).toHaveLength(1)
      }
      const assessJobs = await one.s.server.ctx.db
        .select()
        .from(jobsTable)
        .where(eq(jobsTable.name, 'loans.assess'))
      expect(assessJobs).toHaveLength(8)
      expect(assessJobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true)
      await expectBooksBalanced(one)
    })
  })

// PGlite's one connection runs transactions one after another, so only PostgreSQL can hold an order meanwhile.
if (postgres)
  describe('The overdue sweep on PostgreSQL', () => {
    let ls: LoanServer
    let other: Database
    beforeAll(async () => {
      ls = await startLoanServer(postgres)
      other = await openDatabase({
        url: process.env.DATABASE_URL!,
        dataDir: ':memory:',
        schema: ls.s.server.ctx.config.databaseSchema,
        poolSize: 1,
      })
    })
    afterAll(async () => {
      await other.close()
      await ls.close()
    })

    it('charges an order another transaction holds its overdue day once that transaction commits', async () => {
      const { b, applied } = await paidOutBorrower(ls, { amountMinor: 100_000_00, tenureDays: 91 })
      const detail = () =>
        ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: applied.orderNo })
      await advance(ls, 92 * DAY)
      const first = await detail()
      expect(first.overdueDays).toBeGreaterThan(0)
      expect(first.balance.penaltyMinor).toBe(first.overdueDays * first.penaltyPerDayMinor)

      // A payment callback, say, holds the order row while the clock moves a day and the sweep runs.
      let release!: () => void
      let held!: () => void
      const holding = new Promise<void>((resolve) => (held = resolve))
      const holder = other.db.transaction(async (tx) => {
        await tx
          .select({ id: loanOrders.id })
          .from(loanOrders)
          .where(eq(loanOrders.id, Number(applied.loanOrderId)))
          .for('update')
        held()
        await new Promise<void>((resolve) => (release = resolve))
      })
      await holding
      const moved = advance(ls, DAY)
      await new Promise((resolve) => setTimeout(resolve, 300))
      release()
      await Promise.all([holder, moved])

      const second = await detail()
      expect(second.overdueDays).toBe(first.overdueDays + 1)
      expect(second.balance.penaltyMinor).toBe(first.balance.penaltyMinor + first.penaltyPerDayMinor)
      await expectBooksBalanced(ls)
    })
  })
