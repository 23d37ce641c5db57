/**
 * The journey with its waiting screens' order watch (machines/order-watch.machine.ts; issue 13 item 1): review
 * tips, home, lending and finish loading follow the order by themselves and open the screen its new status names,
 * without a tap; the session's end stops the watch. Time is xstate's SimulatedClock.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import { confirmBorrowMachine } from '../../machines/confirm-borrow.machine'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine, type JourneySnapshot } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { lendingMachine } from '../../machines/lending.machine'
import { orderWatchMachine } from '../../machines/order-watch.machine'
import type { LatestOrder, RejectRecommendation } from '../../domain/api-types'
import type { RouteName } from '../../domain/routes'
import { DAY, NO_PRODUCT_OVERVIEW, T0, iso, order, signedInSession } from './journey-fixtures'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a call that never answers, whatever it is asked
const never = <T,>() => fromPromise<T, any>(() => new Promise<T>(() => {}))
const EXPIRED = { ok: false, kind: 'sessionEnded', code: 10010303 }

/** A signed-in borrower on `entry`, with the server's order in `server.order` (the test moves it on). */
function start(entry: RouteName, first: LatestOrder | null) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const server: { order: LatestOrder | null; ended: boolean } = { order: first, ended: false }
  const reads = { journey: 0, watch: 0 }
  // The server's clock runs 90 s ahead of the phone's.
  const reading = async (): Promise<OrderReading> => {
    if (server.ended) throw EXPIRED
    return { order: server.order, readAt: clock.now() + 90_000, receivedAt: clock.now() }
  }
  const overview = NO_PRODUCT_OVERVIEW
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: signedInSession(),
      fetchLatestOrder: fromPromise(async () => {
        reads.journey += 1
        return reading()
      }),
      orderWatch: orderWatchMachine.provide({
        actors: {
          fetchLatestOrder: fromPromise(async () => {
            reads.watch += 1
            return reading()
          }),
        },
      }),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => overview),
          checkRejectRecommendation: fromPromise(async (): Promise<RejectRecommendation> => ({
            show: false,
            retryAt: null,
            apps: [],
          })),
        },
      }),
      confirmBorrow: confirmBorrowMachine.provide({
        actors: { loadOffer: never(), loadAgreement: never(), confirmLoan: never() },
      }),
      lending: lendingMachine.provide({ actors: { loadMoneyTime: never() } }),
    },
  })
  const actor = createActor(machine, { input: { entry }, clock }).start()
  const pass = async (ms: number) => {
    clock.increment(ms)
    await settle()
    await settle()
  }
  return { actor, clock, server, reads, pass }
}

type Journey = ReturnType<typeof start>['actor']
const on = (actor: Journey, route: RouteName) =>
  waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 2000 })
const child = (snapshot: JourneySnapshot, id: string) => snapshot.children[id] as AnyActorRef | undefined

describe('journey: waiting screens follow the order by themselves', () => {
  it('moves review tips on to confirm borrow within 5 s of the approval, with no tap', async () => {
    const { actor, server, reads, pass } = start('reviewTips', order(1))
    await on(actor, 'reviewTips')
    expect(child(actor.getSnapshot(), 'orderWatch')).toBeDefined()
    await pass(2_000)
    expect(actor.getSnapshot().context.route).toBe('reviewTips')
    server.order = order(14, { approvedAt: iso(T0 + 2_500), confirmBy: iso(T0 + 2_500 + DAY) })
    await pass(3_000)
    const snap = await on(actor, 'confirmBorrow')
    expect(snap.context.order?.status).toBe(14)
    // The watch's reading is the journey's: no second read to follow it.
    expect(reads).toEqual({ journey: 1, watch: 2 })
    expect(child(snap, 'orderWatch')).toBeUndefined()
  })

  it('takes a rejected application from review tips home, where the rejection shows', async () => {
    const { actor, server, pass } = start('reviewTips', order(1))
    await on(actor, 'reviewTips')
    server.order = order(9, { retryAt: iso(T0 + 30 * DAY) })
    await pass(2_000)
    const snap = await on(actor, 'home')
    expect(child(snap, 'home')?.getSnapshot().hasTag('rejected')).toBe(true)
  })

  it('moves lending on once the money is sent: the outcome screen says so, then repay detail', async () => {
    const { actor, server, pass } = start('lending', order(7))
    await on(actor, 'lending')
    server.order = order(2, { disbursedAt: iso(T0) })
    await pass(2_000)
    const snap = await waitFor(actor, (s) => s.context.order?.status === 2, { timeout: 2000 })
    expect(snap.context.route).toBe('outcome')
    expect(snap.context.outcome?.kind).toBe('moneySent')
    actor.send({ type: 'outcome.dismissed' })
    await on(actor, 'repayDetail')
  })

  it('follows home while the application is assessed, and opens confirm borrow once approved', async () => {
    const { actor, server, pass } = start('home', order(1))
    await on(actor, 'home')
    expect(child(actor.getSnapshot(), 'home')?.getSnapshot().hasTag('assessing')).toBe(true)
    server.order = order(14, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY) })
    await pass(2_000)
    await on(actor, 'confirmBorrow')
  })

  it('keeps following an approved order on home and hands home the server clock offset for its countdown', async () => {
    const approved = order(14, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY) })
    const { actor, reads, pass } = start('home', approved)
    const snap = await on(actor, 'home')
    expect(child(snap, 'home')?.getSnapshot().context.clockOffsetMs).toBe(90_000)
    await pass(2_000)
    await pass(3_000)
    await pass(5_000)
    expect(reads.watch).toBe(3)
    expect(actor.getSnapshot().context.route).toBe('home')
  })

  it('does not follow home for a loan being repaid', async () => {
    const { actor, reads, pass } = start('home', order(2))
    await on(actor, 'home')
    await pass(60_000)
    expect(reads.watch).toBe(0)
  })

  it('stops following when the server ends the session: login, and no more readings', async () => {
    const { actor, server, reads, pass } = start('reviewTips', order(1))
    await on(actor, 'reviewTips')
    server.ended = true
    await pass(2_000)
    const snap = await waitFor(actor, (s) => s.context.route === 'login', { timeout: 2000 })
    expect(snap.context.session.token).toBeNull()
    expect(child(snap, 'orderWatch')).toBeUndefined()
    const before = reads.watch
    await pass(60_000)
    expect(reads.watch).toBe(before)
  })

  it('stops following when the borrower leaves the waiting screen', async () => {
    const { actor, reads, pass } = start('reviewTips', order(1))
    await on(actor, 'reviewTips')
    actor.send({ type: 'xstate.route', to: '#me' })
    expect(child(actor.getSnapshot(), 'orderWatch')).toBeUndefined()
    await pass(60_000)
    expect(reads.watch).toBe(0)
  })
})
