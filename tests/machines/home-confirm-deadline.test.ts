import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { type HomeOverview } from '../../machines/home/home-context'
import { confirmDeadlineOf } from '../../machines/latest-order'
import { DAY, T0, iso, order } from './journey-fixtures'

describe("home's confirm deadline (the 24-hour countdown of an approved order)", () => {
  it("is the server's confirmBy for an approved order, 14 or 18", () => {
    expect(confirmDeadlineOf(order(14, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY - 60_000) }))).toBe(
      T0 + DAY - 60_000,
    )
    expect(confirmDeadlineOf(order(18, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY) }))).toBe(T0 + DAY)
  })

  it('is 24 hours after the approval when the server states no confirmBy', () => {
    expect(confirmDeadlineOf(order(14, { approvedAt: iso(T0) }))).toBe(T0 + DAY)
  })

  it('is none for any other order, or without the server’s times', () => {
    expect(confirmDeadlineOf(null)).toBeNull()
    expect(confirmDeadlineOf(order(1))).toBeNull()
    expect(confirmDeadlineOf(order(7, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY) }))).toBeNull()
    expect(confirmDeadlineOf(order(14))).toBeNull()
  })

  it("keeps the server clock's offset the journey hands in, for the countdown to run on the server's time", () => {
    const machine = homeMachine.provide({
      actors: { loadOverview: fromPromise(() => new Promise<HomeOverview>(() => {})) },
    })
    const withOffset = createActor(machine, {
      input: { order: order(14, { approvedAt: iso(T0) }), now: T0, clockOffsetMs: -42_000 },
    }).start()
    expect(withOffset.getSnapshot().context.clockOffsetMs).toBe(-42_000)
    expect(withOffset.getSnapshot().hasTag('approved')).toBe(true)
    const without = createActor(machine, { input: { order: null, now: T0 } }).start()
    expect(without.getSnapshot().context.clockOffsetMs).toBe(0)
  })
})
