/**
 * The one clock. Every job and every time-dependent rule reads `clock.now()`; nothing in server/ calls
 * Date.now() for business time.
 *
 * In demo and test mode the clock can be moved forward (POST /dev/clock/advance) so a lender can watch a loan
 * expire, fall overdue and accrue penalties without waiting. The offset lives in the database (clock_state), so
 * every instance sees the same time: the request dispatcher and each job tick call `sync()` first. In production
 * the clock is the system clock, `sync()` does nothing and `advance()` refuses.
 */
import { eq, sql } from 'drizzle-orm'
import type { Queryable } from './db/client'
import { clockState } from './db/schema/core'

export interface Clock {
  now(): Date
  nowMs(): number
  /** How far this clock is ahead of the system clock. */
  offsetMs(): number
  /** Reloads the shared offset (demo/test only). */
  sync(): Promise<void>
  /** Moves the shared clock forward by ms (demo/test only); returns the new offset. */
  advance(ms: number): Promise<number>
}

export interface ClockOptions {
  /** Demo/test: the offset can be changed and is shared through the database. */
  adjustable: boolean
  /** The system clock; tests may pin it. */
  systemNowMs?: () => number
}

export function createClock(db: Queryable, opts: ClockOptions): Clock {
  const system = opts.systemNowMs ?? Date.now
  let offset = 0
  const nowMs = () => system() + offset
  // Requests that arrive while a read of the shared offset is on its way share that read instead of sending their
  // own (it began at most one query's time before they arrived): a burst of requests costs one query, not one each
  // (issue 14: a flood of requests must not become a flood of queries). Calls one after another each read afresh.
  let reading: Promise<void> | null = null
  const read = async () => {
    const [row] = await db
      .select({ offsetMs: clockState.offsetMs })
      .from(clockState)
      .where(eq(clockState.id, 1))
    offset = row?.offsetMs ?? 0
  }
  return {
    now: () => new Date(nowMs()),
    nowMs,
    offsetMs: () => offset,
    async sync() {
      if (!opts.adjustable) return
      reading ??= read().finally(() => {
        reading = null
      })
      await reading
    },
    async advance(ms) {
      if (!opts.adjustable) throw new Error('The clock cannot be moved in production')
      if (!Number.isSafeInteger(ms) || ms < 0)
        throw new Error('The clock only moves forward by whole milliseconds')
      const [row] = await db
        .update(clockState)
        .set({ offsetMs: sql`${clockState.offsetMs} + ${ms}`, updatedAt: new Date(system()) })
        .where(eq(clockState.id, 1))
        .returning({ offsetMs: clockState.offsetMs })
      offset = Number(row!.offsetMs)
      return offset
    },
  }
}
