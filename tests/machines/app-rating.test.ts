import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import {
  appRatingMachine,
  RATING_PROMPT_DELAY_MS,
  RATING_SPACING_MS,
  type PopEvaluateTime,
} from '../../machines/app-rating.machine'
import type { RatingPromptState } from '../../domain/api-types'

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.UTC(2027, 2, 1, 12, 0, 0)

interface Options {
  record?: PopEvaluateTime | null
  serverShows?: boolean
  /** Whether the shell has a review card (false in a plain browser). */
  shell?: boolean
}

function start(o: Options = {}) {
  const clock = new SimulatedClock()
  let stored = o.record ?? null
  const requestReview = vi.fn(async () => ({ shown: o.shell ?? true }))
  const recordShown = vi.fn(async (_: { input: { loanOrderId: string } }) => {})
  const askServer = vi.fn(
    async ({ input }: { input: { loanOrderId: string } }): Promise<RatingPromptState> => ({
      show: o.serverShows ?? true,
      loanOrderId: input.loanOrderId,
      popupTime: null,
      rejectState: false,
      nextAllowedAt: null,
    }),
  )
  const machine = appRatingMachine.provide({
    actors: {
      loadRecord: fromPromise(async () => stored),
      saveRecord: fromPromise(async ({ input }: { input: PopEvaluateTime }) => {
        stored = input
      }),
      askServer: fromPromise(askServer),
      requestReview: fromPromise(requestReview),
      recordShown: fromPromise(recordShown),
    },
  })
  const actor = createActor(machine, { input: {}, clock }).start()
  return { actor, clock, requestReview, recordShown, askServer, stored: () => stored }
}

const idle = (actor: AnyActorRef) => waitFor(actor, (s) => s.matches('idle'))
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Sees a repaid order and lets the prompt run its course. */
async function seeRepaid(t: ReturnType<typeof start>, loanOrderId: string, at: number) {
  await idle(t.actor)
  t.actor.send({ type: 'order.seen', loanOrderId, status: 4, at })
  await settle()
  t.clock.increment(RATING_PROMPT_DELAY_MS)
  await idle(t.actor)
}

describe('app rating prompt', () => {
  it('asks the shell for its review card a moment after a repaid loan, and keeps when it was shown', async () => {
    const t = start()
    await idle(t.actor)
    t.actor.send({ type: 'order.seen', loanOrderId: 'L-1', status: 4, at: T0 })
    await waitFor(t.actor, (s) => s.matches('waiting'))
    t.clock.increment(RATING_PROMPT_DELAY_MS - 1)
    expect(t.requestReview).not.toHaveBeenCalled()
    t.clock.increment(1)
    await idle(t.actor)
    expect(t.requestReview).toHaveBeenCalledOnce()
    expect(t.recordShown.mock.calls[0]![0].input).toEqual({ loanOrderId: 'L-1' })
    expect(t.stored()).toEqual({ popupTime: T0, rejectState: false, loanOrderId: 'L-1' })
  })

  it('never asks after a rejection, and remembers the rejection', async () => {
    const t = start()
    await idle(t.actor)
    t.actor.send({ type: 'order.seen', loanOrderId: 'L-2', status: 9, at: T0 })
    await idle(t.actor)
    t.clock.increment(RATING_PROMPT_DELAY_MS)
    expect(t.requestReview).not.toHaveBeenCalled()
    expect(t.askServer).not.toHaveBeenCalled()
    expect(t.stored()).toEqual({ popupTime: 0, rejectState: true, loanOrderId: 'L-2' })
  })

  it('waits 30 days after the last prompt before asking about the next repaid loan', async () => {
    const t = start({ record: { popupTime: T0, rejectState: false, loanOrderId: 'L-1' } })
    await seeRepaid(t, 'L-3', T0 + RATING_SPACING_MS - DAY)
    expect(t.requestReview).not.toHaveBeenCalled()
    await seeRepaid(t, 'L-3', T0 + RATING_SPACING_MS)
    expect(t.requestReview).toHaveBeenCalledOnce()
    expect(t.stored()).toMatchObject({ popupTime: T0 + RATING_SPACING_MS, loanOrderId: 'L-3' })
  })

  it('asks about each repaid loan once however often home shows it', async () => {
    const t = start()
    await seeRepaid(t, 'L-1', T0)
    await seeRepaid(t, 'L-1', T0 + 40 * DAY)
    expect(t.requestReview).toHaveBeenCalledOnce()
  })

  it('asks a repaid borrower even when an older order was rejected', async () => {
    const t = start({ record: { popupTime: 0, rejectState: true, loanOrderId: 'L-0' } })
    await seeRepaid(t, 'L-5', T0)
    expect(t.requestReview).toHaveBeenCalledOnce()
  })

  it('asks nothing of the shell when the server says not now', async () => {
    const t = start({ serverShows: false })
    await seeRepaid(t, 'L-1', T0)
    expect(t.requestReview).not.toHaveBeenCalled()
    expect(t.stored()).toBeNull()
  })

  it('counts nothing when there is no review card to show (a plain browser)', async () => {
    const t = start({ shell: false })
    await seeRepaid(t, 'L-1', T0)
    expect(t.recordShown).not.toHaveBeenCalled()
    expect(t.stored()).toBeNull()
  })

  it('ignores orders that are neither repaid nor rejected', async () => {
    const t = start()
    for (const status of [1, 2, 3, 7, 8, 14] as const) {
      t.actor.send({ type: 'order.seen', loanOrderId: 'L-1', status, at: T0 })
      await idle(t.actor)
    }
    expect(t.askServer).not.toHaveBeenCalled()
  })
})
