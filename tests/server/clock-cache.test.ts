/**
 * The shared clock is read once and kept (issue 17): a request's `current()` reads clock_state only after the
 * database announced a change — made by any instance, or by SQL by hand — and reads every time while it cannot
 * hear the announcements. A move on one instance is seen by the other on its next request.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock, type Clock } from '../../server/clock'
import type { Database, DatabaseOptions } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'
import { clockState } from '../../server/db/schema/core'
import { describeOnEachDatabase, freshDatabase, type DatabaseTarget } from './helpers/databases'

const T0 = Date.parse('2026-03-01T08:00:00Z')
const MINUTE = 60_000

describeOnEachDatabase('The shared clock, kept between moves', (target: DatabaseTarget) => {
  let options: DatabaseOptions
  let dispose: () => Promise<void>
  let disposeCounted: () => Promise<void> = async () => undefined
  let first: Database
  let second: Database
  let counted: Database
  const clocks: Clock[] = []
  beforeAll(async () => {
    ;({ database: first, options, dispose } = await freshDatabase(target))
    // PGlite is one process's database: its second "instance" is the same handle; PostgreSQL gets its own pool.
    second = target.name === 'postgres' ? await target.open(options) : first
    // A handle that counts its statements: on PostgreSQL a pool of its own on the same schema; PGlite a database
    // of its own (one process: whoever changes the clock does it on the same handle).
    if (target.name === 'postgres') counted = await target.open({ ...options, countQueries: true })
    else {
      const own = target.fresh()
      counted = await target.open({ ...own, countQueries: true })
      await migrate(counted)
      disposeCounted = () => target.drop(own)
    }
  })
  afterAll(async () => {
    for (const c of clocks) await c.stop()
    if (second !== first) await second.close()
    await counted.close()
    await disposeCounted()
    await dispose()
  })

  const clockOn = async (database: Database, watch = true) => {
    const clock = createClock(database.db, {
      adjustable: true,
      systemNowMs: () => T0,
      ...(watch ? { watch: (onMoved: () => void) => database.listen('kopa_clock', onMoved) } : {}),
    })
    clocks.push(clock)
    await clock.start()
    await clock.sync()
    return clock
  }

  it('sees a move made on another instance on its next current()', async () => {
    const a = await clockOn(first)
    const b = await clockOn(second)
    const before = b.offsetMs()
    // advance() answers once its own instance heard the notice, and a moment later: by then the other instance,
    // in this process, has read its own.
    await a.advance(90 * MINUTE)
    await b.current()
    expect(b.offsetMs()).toBe(before + 90 * MINUTE)
    expect(b.nowMs()).toBe(T0 + before + 90 * MINUTE)
  })

  it('sees a change made by SQL by hand', async () => {
    const b = await clockOn(second)
    await first.db.update(clockState).set({ offsetMs: sql`${clockState.offsetMs} + ${MINUTE}` })
    // The notice travels on its own connection (PostgreSQL): wait for it, as a request would simply come later.
    const expected = Number((await first.db.select().from(clockState))[0]!.offsetMs)
    for (let i = 0; i < 50 && b.offsetMs() !== expected; i++) {
      await b.current()
      if (b.offsetMs() !== expected) await new Promise((r) => setTimeout(r, 20))
    }
    expect(b.offsetMs()).toBe(expected)
  })

  it('reads nothing between moves, and every time without a watch', async () => {
    const watched = await clockOn(counted)
    const blind = await clockOn(counted, false)
    const start = counted.queryCount()!
    for (let i = 0; i < 10; i++) await watched.current()
    expect(counted.queryCount()! - start).toBe(0)
    for (let i = 0; i < 10; i++) await blind.current()
    expect(counted.queryCount()! - start).toBe(10)
    await createClock((target.name === 'postgres' ? first : counted).db, { adjustable: true }).advance(MINUTE)
    for (let i = 0; i < 50 && watched.offsetMs() !== blind.offsetMs() + MINUTE; i++) {
      await watched.current()
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(watched.offsetMs()).toBe(blind.offsetMs() + MINUTE)
  })

  it('stays put in production', async () => {
    const production = createClock(first.db, {
      adjustable: false,
      systemNowMs: () => T0,
      watch: (onMoved) => first.listen('kopa_clock', onMoved),
    })
    await production.start()
    await production.current()
    expect(production.nowMs()).toBe(T0)
    await production.stop()
  })
})

describe('The shared clock, when its reads finish out of order', () => {
  it('never lets a read that began before a move put the old offset back', async () => {
    // A database whose reads answer when the test says, each with the offset stored when it began (as
    // PostgreSQL's pool can finish a job tick's read after a request's that began later).
    let stored = 0
    const answers: (() => void)[] = []
    const execute = () => {
      const seen = stored
      return new Promise<{ offsetMs: number }[]>((resolve) => answers.push(() => resolve([{ offsetMs: seen }])))
    }
    const chain = { from: () => chain, where: () => chain, prepare: () => ({ execute }) }
    const db = { select: () => chain } as unknown as Parameters<typeof createClock>[0]
    let moved: () => void = () => {}
    const clock = createClock(db, {
      adjustable: true,
      systemNowMs: () => T0,
      watch: async (onMoved) => {
        moved = onMoved
        return { live: () => true, heardAll: async () => {}, stop: async () => {} }
      },
    })
    await clock.start()

    const tick = clock.sync() // a job tick's read, begun before the move
    stored = 90 * MINUTE
    moved() // the database's notice
    const request = clock.current() // a request after it: reads again
    answers[1]!() // the request's read answers first…
    await request
    answers[0]!() // …the job tick's, with the old offset, last
    await tick
    expect(clock.offsetMs()).toBe(90 * MINUTE)
    await clock.current() // kept, and still right
    expect(clock.offsetMs()).toBe(90 * MINUTE)
  })
})

describe('The shared clock, moved while a job tick reads it', () => {
  it('keeps the move when a read that looked before it committed answers first (journey 4: the penalty days)', async () => {
    // A database where the move's UPDATE and the reads answer when the test says. A read sees the offset committed
    // when it reached the database; the move commits only when its answer is released.
    let stored = 0
    const reads: (() => void)[] = []
    let commitMove: () => void = () => {}
    const execute = () => {
      const seen = stored
      return new Promise<{ offsetMs: number }[]>((resolve) => reads.push(() => resolve([{ offsetMs: seen }])))
    }
    const select = { from: () => select, where: () => select, prepare: () => ({ execute }) }
    const update = {
      set: () => update,
      where: () => update,
      returning: () =>
        new Promise<{ offsetMs: number }[]>((resolve) => {
          commitMove = () => {
            stored += 10 * 24 * 60 * MINUTE
            resolve([{ offsetMs: stored }])
          }
        }),
    }
    const db = { select: () => select, update: () => update } as unknown as Parameters<typeof createClock>[0]
    const clock = createClock(db, { adjustable: true, systemNowMs: () => T0 })

    // The lender moves the clock ten days; the polling job worker's tick reads the offset just after the move's
    // UPDATE went out, before it committed, and its answer (the old offset) comes back first.
    const move = clock.advance(10 * 24 * 60 * MINUTE)
    const tick = clock.sync()
    reads[0]!()
    await tick
    commitMove()
    await move

    // The jobs now due run at the moved time: the overdue sweep charges the ten days before the next read of the
    // repay detail, which must not show them only later.
    expect(clock.offsetMs()).toBe(10 * 24 * 60 * MINUTE)
    expect(clock.nowMs()).toBe(T0 + 10 * 24 * 60 * MINUTE)
  })
})
