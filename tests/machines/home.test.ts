import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { HOME_BUTTON, HOME_BUTTON_EVENT, type HomeOverview } from '../../machines/home/home-context'
import type { LatestOrder } from '../../machines/latest-order'
import { DAY, NO_PRODUCT_OVERVIEW, T0, iso, order } from './journey-fixtures'
import { RETRY_AFTER_MS } from '../../machines/order-lifecycle.machine'
import type { RejectRecommendation } from '../../domain/api-types'
import type { HomeState } from '../../domain/order-status'

const rejected = (daysAgo: number) => order(9, { retryAt: iso(T0 - daysAgo * DAY + RETRY_AFTER_MS) })

const OVERVIEW = NO_PRODUCT_OVERVIEW

const RECOMMENDATION: RejectRecommendation = {
  show: true,
  retryAt: null,
  apps: [{ name: 'Akiba', packageName: 'tz.akiba.app', url: 'https://example.org/akiba' }],
}

function start(initial: LatestOrder | null, opts: { overview?: () => Promise<HomeOverview> } = {}) {
  const clock = new SimulatedClock()
  const recommendation = vi.fn(async () => RECOMMENDATION)
  const actor = createActor(
    homeMachine.provide({
      actors: {
        loadOverview: fromPromise(opts.overview ?? (async () => OVERVIEW)),
        checkRejectRecommendation: fromPromise(() => recommendation()),
      },
    }),
    { input: { order: initial, now: T0 }, clock },
  ).start()
  return { actor, clock, recommendation }
}

const loaded = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('loading'))

describe('home', () => {
  it.each<[string, LatestOrder | null, HomeState]>([
    ['a borrower without an order', null, 'canLoan'],
    ['a borrower in the middle of onboarding (6)', order(6), 'canLoan'],
    ['an order being assessed (1)', order(1), 'assessing'],
    ['an order whose data is still being collected (19)', order(19), 'assessing'],
    ['an approved order (14)', order(14, { approvedAt: iso(T0) }), 'approved'],
    ['an order approved through a promotion (18)', order(18, { approvedAt: iso(T0) }), 'approved'],
    ['a confirmed order on its way (7)', order(7), 'lending'],
    ['a failed pay-out (10)', order(10), 'failed'],
    ['a loan being repaid (2)', order(2), 'repaying'],
    ['an overdue loan (3)', order(3), 'overdue'],
    ['a rejection 3 days ago (9)', rejected(3), 'rejected'],
    ['a rejection 31 days ago (9)', rejected(31), 'canLoan'],
    ['a repaid loan (4)', order(4), 'canLoan'],
  ])('shows %s as %s, with only that state’s button enabled', async (_, latest, expected) => {
    const { actor } = start(latest)
    const snap = await loaded(actor)
    expect(snap.hasTag(expected)).toBe(true)
    const button = HOME_BUTTON[expected]
    for (const [name, type] of Object.entries(HOME_BUTTON_EVENT)) {
      expect(snap.can({ type }), `${type} in ${expected}`).toBe(name === button)
    }
  })

  it.each<[string, LatestOrder | null, boolean]>([
    ['a borrower without an order', null, true],
    ['a repaid loan (4)', order(4), true],
    ['a rejection 31 days ago (9)', rejected(31), true],
    ['an order being assessed (1)', order(1), false],
    ['an approved order (14)', order(14, { approvedAt: iso(T0) }), false],
    ['a confirmed order on its way (7)', order(7), false],
    ['a failed pay-out (10)', order(10), false],
    ['a loan being repaid (2)', order(2), false],
    ['an overdue loan (3)', order(3), false],
    ['a rejection 3 days ago (9)', rejected(3), false],
  ])('offers credit (offersCredit) to %s: %s', async (_, latest, offers) => {
    const { actor } = start(latest, { overview: async () => ({ ...OVERVIEW, repeatBorrower: true }) })
    const snap = await loaded(actor)
    expect(snap.hasTag('offersCredit')).toBe(offers)
    expect(snap.hasTag('offersCredit')).toBe(snap.can({ type: 'home.apply' }))
  })

  it('stops offering credit when a loan opens, and offers it again once it is repaid', async () => {
    const { actor } = start(null)
    expect((await loaded(actor)).hasTag('offersCredit')).toBe(true)
    actor.send({ type: 'home.orderChanged', order: order(3, { overdueDays: 2 }), now: T0 })
    expect(actor.getSnapshot().hasTag('offersCredit')).toBe(false)
    actor.send({ type: 'home.orderChanged', order: order(2), now: T0 })
    expect(actor.getSnapshot().hasTag('offersCredit')).toBe(false)
    actor.send({ type: 'home.orderChanged', order: order(4), now: T0 })
    expect(actor.getSnapshot().hasTag('offersCredit')).toBe(true)
  })

  it('shows the home state at once, while the product card is still loading; Apply waits for the card', async () => {
    let answer: (overview: HomeOverview) => void = () => {}
    const { actor } = start(order(4), {
      overview: () => new Promise<HomeOverview>((resolve) => (answer = resolve)),
    })
    const snap = actor.getSnapshot()
    expect(snap.hasTag('loading')).toBe(true)
    expect(snap.hasTag('canLoan')).toBe(true)
    expect(snap.can({ type: 'home.apply' })).toBe(false)
    answer({ ...OVERVIEW, repeatBorrower: true })
    const ready = await loaded(actor)
    expect(ready.can({ type: 'home.apply' })).toBe(true)
    actor.send({ type: 'home.apply' })
    expect(actor.getSnapshot().output).toEqual({ next: 'toBorrow', repeat: true })
  })

  it('loads the product card and the repeat-loan benefit flag', async () => {
    const { actor } = start(order(4), { overview: async () => ({ ...OVERVIEW, repeatBorrower: true }) })
    const snap = await loaded(actor)
    expect(snap.context.overview?.maxAmountMinor).toBe(500_000_00)
    expect(snap.context.overview?.repeatBorrower).toBe(true)
  })

  it('starts a new application with apply-market-again for a repeat borrower', async () => {
    const { actor } = start(order(4), { overview: async () => ({ ...OVERVIEW, repeatBorrower: true }) })
    await loaded(actor)
    actor.send({ type: 'home.apply' })
    expect(actor.getSnapshot().output).toEqual({ next: 'toBorrow', repeat: true })
  })

  it('continues an unfinished onboarding instead of starting a second application', async () => {
    const { actor } = start(order(12))
    await loaded(actor)
    actor.send({ type: 'home.apply' })
    expect(actor.getSnapshot().output).toEqual({ next: 'follow' })
  })

  it('sends a borrower whose pay-out failed to correct the wallet', async () => {
    const { actor } = start(order(10))
    await loaded(actor)
    actor.send({ type: 'home.edit' })
    expect(actor.getSnapshot().output).toEqual({ next: 'editWallet' })
  })

  it('shows a rejected borrower the retry date and other services, and turns to Apply when the date comes', async () => {
    const { actor, clock, recommendation } = start(rejected(29))
    let snap = await waitFor(actor, (s) => s.hasTag('rejected') && s.context.recommendation !== null)
    expect(snap.context.retryAt).toBe(T0 + DAY)
    expect(snap.context.recommendation?.apps).toHaveLength(1)
    expect(recommendation).toHaveBeenCalledTimes(1)
    expect(snap.can({ type: 'home.apply' })).toBe(false)

    clock.increment(DAY - 1)
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true)
    clock.increment(1)
    snap = actor.getSnapshot()
    expect(snap.hasTag('canLoan')).toBe(true)
    actor.send({ type: 'home.apply' })
    expect(actor.getSnapshot().output).toEqual({ next: 'toBorrow', repeat: false })
  })

  it('follows a new order status the journey hands in', async () => {
    const { actor } = start(order(1))
    await loaded(actor)
    actor.send({ type: 'home.orderChanged', order: order(14, { approvedAt: iso(T0) }), now: T0 })
    expect(actor.getSnapshot().hasTag('approved')).toBe(true)
  })

  it('keeps the button working when the product card fails to load, and reloads it on retry', async () => {
    let calls = 0
    const { actor } = start(order(2), {
      overview: async () => {
        calls += 1
        if (calls === 1) throw { ok: false, kind: 'network', message: 'errors.network' }
        return OVERVIEW
      },
    })
    let snap = await loaded(actor)
    expect(snap.context.error).toEqual({ key: 'errors.network' })
    expect(snap.can({ type: 'home.pay' })).toBe(true)
    actor.send({ type: 'home.retried' })
    snap = await waitFor(actor, (s) => s.context.overview !== null)
    expect(snap.hasTag('repaying')).toBe(true)
  })

  it('ends with sessionEnded when the server ended the session while loading', async () => {
    const { actor } = start(order(2), {
      overview: async () => {
        throw { ok: false, kind: 'sessionEnded', code: 10010304 }
      },
    })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ next: 'sessionEnded' })
  })
})
