import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { LONGEST_TIMER_MS, homeMachine } from '../../machines/home.machine'
import type { HomeIndex, RejectRecommendation } from '../../domain/api-types'
import { DAY, T0, iso, order } from './journey-fixtures'

function start(retryInDays: number, { realClock = false } = {}) {
  const clock = realClock ? undefined : new SimulatedClock()
  const actor = createActor(
    homeMachine.provide({
      actors: {
        loadOverview: fromPromise(async (): Promise<HomeIndex> => ({
          product: null,
          minAmountMinor: 5_000_00,
          maxAmountMinor: 500_000_00,
          maxTenureDays: 91,
          currency: 'TZS',
          canApply: false,
          repeatBorrower: false,
        })),
        checkRejectRecommendation: fromPromise(async (): Promise<RejectRecommendation> => ({
          show: false,
          retryAt: null,
          apps: [],
        })),
      },
    }),
    {
      input: { order: order(9, { retryAt: iso(T0 + retryInDays * DAY) }), now: T0 },
      ...(clock ? { clock } : {}),
    },
  ).start()
  return { actor, clock: clock! }
}

describe('home: a fresh rejection', () => {
  it('does not turn back to Apply at once on a real clock (a timer over 24.8 days would fire immediately)', async () => {
    const { actor } = start(29, { realClock: true })
    await waitFor(actor, (s) => !s.hasTag('loading'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true)
    actor.stop()
  })

  it('stays rejected for all of its 30 days, although one timer cannot wait that long', async () => {
    const { actor, clock } = start(30)
    await waitFor(actor, (s) => !s.hasTag('loading'))
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true)
    clock.increment(LONGEST_TIMER_MS)
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true)
    clock.increment(30 * DAY - LONGEST_TIMER_MS - 1)
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag('canLoan')).toBe(true)
  })
})
