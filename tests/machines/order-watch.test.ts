import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  ORDER_WATCH_DELAYS_MS,
  ORDER_WATCH_MAX_FAILURES,
  orderWatchDelay,
  orderWatchMachine,
  type OrderWatchReading,
} from '../../machines/order-watch.machine'
import type { ApiFailure } from '../../domain/api-result'
import type { LatestOrder } from '../../domain/api-types'
import type { OrderStatusCode } from '../../domain/order-status'
import { T0, order } from './journey-fixtures'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const NETWORK: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
const ENDED: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }

/** The watch over an order at `status`, against a server whose order is `server.status` (changed by the test). */
function watch(status: OrderStatusCode | null, answer?: () => Promise<OrderWatchReading>) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const server: { order: LatestOrder | null } = { order: status === null ? null : order(status) }
  const read = vi.fn(answer ?? (async (): Promise<OrderWatchReading> => ({ order: server.order, readAt: clock.now() })))
  const machine = orderWatchMachine.provide({ actors: { fetchLatestOrder: fromPromise(read) } })
  const actor = createActor(machine, { input: { order: server.order }, clock }).start()
  /** Lets `ms` pass and the readings it starts answer. */
  const pass = async (ms: number) => {
    clock.increment(ms)
    await settle()
  }
  return { actor, clock, server, read, pass }
}

describe('order watch', () => {
  it('reads the order after 2 s, 3 s and 5 s, then every 5 s while nothing changes, never slower', async () => {
    expect(ORDER_WATCH_DELAYS_MS).toEqual([2_000, 3_000, 5_000])
    expect(Math.max(...Array.from({ length: 50 }, (_, i) => orderWatchDelay(i)))).toBe(5_000)
    const { actor, read, pass } = watch(1)
    await pass(1_999)
    expect(read).toHaveBeenCalledTimes(0)
    await pass(1)
    expect(read).toHaveBeenCalledTimes(1)
    await pass(2_999)
    expect(read).toHaveBeenCalledTimes(1)
    await pass(1)
    expect(read).toHaveBeenCalledTimes(2)
    await pass(5_000)
    expect(read).toHaveBeenCalledTimes(3)
    for (let i = 4; i <= 8; i += 1) {
      await pass(5_000)
      expect(read).toHaveBeenCalledTimes(i)
    }
    expect(actor.getSnapshot().hasTag('watching')).toBe(true)
    expect(actor.getSnapshot().status).toBe('active')
  })

  it('ends with the reading as soon as the server says another status, for the journey to follow', async () => {
    const { actor, server, pass } = watch(1)
    await pass(2_000)
    server.order = order(14, { approvedAt: new Date(T0).toISOString() })
    await pass(3_000)
    await waitFor(actor, (s) => s.status === 'done')
    const output = actor.getSnapshot().output
    expect(output).toMatchObject({ outcome: 'changed', reading: { order: { status: 14 }, readAt: T0 + 5_000 } })
  })

  it('treats another order as news even with the same status', async () => {
    const { actor, server, pass } = watch(1)
    server.order = order(1, { loanOrderId: 'L-2002' })
    await pass(2_000)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'changed' })
  })

  it('does not read at all for an order whose status the server does not move by itself, nor without an order', async () => {
    for (const status of [2, 3, 4, 9, 10, null] as const) {
      const { actor, read, pass } = watch(status)
      await pass(60_000)
      expect(read).not.toHaveBeenCalled()
      expect(actor.getSnapshot().hasTag('watching')).toBe(false)
      actor.stop()
    }
  })

  it('follows every status a screen waits on: finish loading, assessing, approved (14, 18) and paying out', async () => {
    for (const status of [19, 1, 14, 18, 7] as const) {
      const { actor, read, pass } = watch(status)
      await pass(2_000)
      expect(read).toHaveBeenCalledTimes(1)
      actor.stop()
    }
  })

  it('stops reading in the background and reads at once when the app comes back, then backs off again', async () => {
    const { actor, read, pass } = watch(7)
    await pass(2_000)
    expect(read).toHaveBeenCalledTimes(1)
    actor.send({ type: 'app.backgrounded' })
    expect(actor.getSnapshot().hasTag('paused')).toBe(true)
    await pass(10 * 60_000)
    expect(read).toHaveBeenCalledTimes(1)
    actor.send({ type: 'app.foregrounded', at: T0 + 10 * 60_000 })
    await settle()
    expect(read).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().hasTag('watching')).toBe(true)
    // The back-off starts again: that reading took the first step's place, then 3 s, then 5 s.
    await pass(2_999)
    expect(read).toHaveBeenCalledTimes(2)
    await pass(1)
    expect(read).toHaveBeenCalledTimes(3)
    await pass(5_000)
    expect(read).toHaveBeenCalledTimes(4)
  })

  it('reads at once when the shell says the app is back without having said it left', async () => {
    const { actor, read, pass } = watch(1)
    await pass(1_000)
    actor.send({ type: 'app.foregrounded', at: T0 + 1_000 })
    await settle()
    expect(read).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().hasTag('watching')).toBe(true)
  })

  it('sees on its return a change that happened in the background', async () => {
    const { actor, server, pass } = watch(7)
    actor.send({ type: 'app.backgrounded' })
    server.order = order(2)
    await pass(60_000)
    expect(actor.getSnapshot().status).toBe('active')
    actor.send({ type: 'app.foregrounded', at: T0 + 60_000 })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'changed', reading: { order: { status: 2 } } })
  })

  it('reads again after a lost answer, and after three failures in a row stops with a notice and a retry', async () => {
    let fail = true
    const { actor, read, pass } = watch(1, async () => {
      if (fail) throw NETWORK
      return { order: order(14), readAt: T0 }
    })
    expect(ORDER_WATCH_MAX_FAILURES).toBe(3)
    await pass(2_000)
    await pass(3_000)
    expect(read).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().hasTag('watching')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    await pass(5_000)
    expect(read).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().hasTag('watchFailed')).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.network' })
    await pass(60_000)
    expect(read).toHaveBeenCalledTimes(3)
    fail = false
    actor.send({ type: 'orderWatch.retried' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(read).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'changed' })
  })

  it('escalates a session the server ended and stops reading', async () => {
    const { actor, read, pass } = watch(1, async () => {
      throw ENDED
    })
    const escalated = vi.fn()
    actor.on('session.ended', escalated)
    await pass(2_000)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
    expect(escalated).toHaveBeenCalledTimes(1)
    await pass(60_000)
    expect(read).toHaveBeenCalledTimes(1)
  })
})
