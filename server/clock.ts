/**
 * The one clock. Every job and every time-dependent rule reads `clock.now()`; nothing in server/ calls
 * Date.now() for business time.
 *
 * In demo and test mode the clock can be moved forward (POST /dev/clock/advance) so a lender can watch a loan
 * expire, fall overdue and accrue penalties without waiting. The offset lives in the database (clock_state), so
 * every instance sees the same time. Each job tick calls `sync()` (a read) first; a request calls `current()`,
 * which reads only when the offset may have moved since the last read (issue 17): every change of clock_state, on
 * any instance, is announced by the database (NOTIFY kopa_clock, migration 0007) to the instances that `watch`,
 * and while an instance cannot hear (no watch, or its listening connection is lost) `current()` reads every time.
 * In production the clock is the system clock, `sync()` and `current()` do nothing and `advance()` refuses.
 */
import { eq, sql } from 'drizzle-orm'
import { preparedOn, type Queryable, type Watch } from './db/client'
import { clockState } from './db/schema/core'

export interface Clock {
  now(): Date
  nowMs(): number
  /** How far this clock is ahead of the system clock. */
  offsetMs(): number
  /** Reloads the shared offset (demo/test only). */
  sync(): Promise<void>
  /**
   * The shared offset as of now, read only when it may have moved since the last read: a notice came, or nothing
   * is being heard (demo/test only; what the request path calls).
   */
  current(): Promise<void>
  /** Starts hearing the database's notices of a moved clock (demo/test; without it `current()` always reads). */
  start(): Promise<void>
  /** Stops hearing them (the server's close). */
  stop(): Promise<void>
  /** Moves the shared clock forward by ms (demo/test only); returns the new offset. */
  advance(ms: number): Promise<number>
}

export interface ClockOptions {
  /** Demo/test: the offset can be changed and is shared through the database. */
  adjustable: boolean
  /** The system clock; tests may pin it. */
  systemNowMs?: () => number
  /** How this clock hears that clock_state changed (Database.listen on 'kopa_clock'). */
  watch?: (onMoved: () => void) => Promise<Watch>
}

/** How long advance() waits for its own notice before answering, so other instances have theirs too. */
const NOTICE_WAIT_MS = 2000
/** …and how long after it, for the other instances' notices to be read. */
const NOTICE_GRACE_MS = 10

export function createClock(db: Queryable, opts: ClockOptions): Clock {
  const system = opts.systemNowMs ?? Date.now
  let offset = 0
  const nowMs = () => system() + offset
  // Requests that arrive while a read of the shared offset is on its way share that read instead of sending their
  // own (it began at most one query's time before they arrived): a burst of requests costs one query, not one each
  // (issue 14: a flood of requests must not become a flood of queries). Calls one after another each read afresh.
  //
  // `moves` counts the notices heard; a read is current only if no notice came while it was on its way, and a read
  // that began before a notice is not shared with a request that arrives after it.
  let reading: { moves: number; done: Promise<void> } | null = null
  let moves = 0
  let fresh = false
  let watch: Watch | null = null
  let noticed: (() => void)[] = []
  const onMoved = () => {
    moves += 1
    fresh = false
    const waiting = noticed
    noticed = []
    for (const resolve of waiting) resolve()
  }
  // Reads may finish out of order (a pool runs them on several connections): only the latest one begun may set
  // the offset, or a read that began before a move and ended after the next one would put the old offset back.
  let begun = 0
  let applied = 0
  /** The move of this instance under way, if any. */
  let moving: Promise<void> = Promise.resolve()
  const read = async () => {
    const mine = ++begun
    const prepared = preparedOn(db, 'kopa_clock_offset', (d) =>
      d
        .select({ offsetMs: clockState.offsetMs })
        .from(clockState)
        .where(eq(clockState.id, 1))
        .prepare('kopa_clock_offset'),
    )
    const [row] = prepared
      ? await prepared.execute()
      : await db.select({ offsetMs: clockState.offsetMs }).from(clockState).where(eq(clockState.id, 1))
    if (mine > applied) {
      applied = mine
      offset = row?.offsetMs ?? 0
    }
  }
  const sync = async () => {
    if (!opts.adjustable) return
    if (!reading || reading.moves !== moves) {
      const began = moves
      const done: Promise<void> = read()
        .then(() => {
          if (moves === began) fresh = true
        })
        .finally(() => {
          if (reading?.done === done) reading = null
        })
      reading = { moves: began, done }
    }
    await reading.done
  }
  const clock: Clock = {
    now: () => new Date(nowMs()),
    nowMs,
    offsetMs: () => offset,
    sync,
    async current() {
      if (!opts.adjustable) return
      if (fresh && watch?.live()) return
      await sync()
    },
    async start() {
      if (!opts.adjustable || !opts.watch || watch) return
      watch = await opts.watch(onMoved)
    },
    async stop() {
      const w = watch
      watch = null
      fresh = false
      await w?.stop()
    },
    async advance(ms) {
      if (!opts.adjustable) throw new Error('The clock cannot be moved in production')
      if (!Number.isSafeInteger(ms) || ms < 0)
        throw new Error('The clock only moves forward by whole milliseconds')
      // This instance's moves one at a time: each answer then holds the latest offset this instance committed.
      const previous = moving
      let done: () => void = () => {}
      moving = new Promise<void>((resolve) => (done = resolve))
      await previous
      try {
        return await move(ms)
      } finally {
        done()
      }
    },
  }

  async function move(ms: number): Promise<number> {
    const before = moves
    const heard = watch?.live() ? new Promise<void>((resolve) => noticed.push(resolve)) : null
    const [row] = await db
      .update(clockState)
      .set({ offsetMs: sql`${clockState.offsetMs} + ${ms}`, updatedAt: new Date(system()) })
      .where(eq(clockState.id, 1))
      .returning({ offsetMs: clockState.offsetMs })
    // The move is committed. A read begun before this answer (a job tick's, say) may have looked before the
    // commit and answered first: none of them may set the offset any more, and this one does (journey 4: a tick's
    // late read put the old offset back, the jobs then due ran at the old time and a penalty day came later).
    applied = ++begun
    offset = Number(row!.offsetMs)
    // Answer once this instance heard its own notice, and a moment later: the other instances, listening to the
    // same database, were sent theirs at the same commit, and their connections are read by then (in this
    // process: the next turns of the event loop).
    if (heard) {
      if (moves === before) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          heard,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, NOTICE_WAIT_MS))),
        ])
        clearTimeout(timer)
      }
      await new Promise<void>((resolve) => setTimeout(resolve, NOTICE_GRACE_MS))
    }
    return offset
  }

  return clock
}
