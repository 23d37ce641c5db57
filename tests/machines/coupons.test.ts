import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { couponsMachine, type CouponCentre, type CouponsInput } from '../../machines/coupons.machine'
import type { Coupon, CouponApplied, LotteryDraw, Page } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'
import type { CouponStatus } from '../../domain/schemas/coupon'

const coupon = (couponId: string, over: Partial<Coupon> = {}): Coupon => ({
  couponId,
  titleKey: 'coupons.title.interest',
  currency: 'TZS',
  discountMinor: 50_000,
  minLoanMinor: 2_000_000,
  expiresAt: '2027-01-31T21:00:00.000Z',
  status: 'available',
  usedAt: null,
  loanOrderId: null,
  ...over,
})

/** The server's coupons by tab, served a page of `pageSize` at a time. */
function pages(byTab: Partial<Record<CouponStatus, Coupon[]>>, pageSize = 2) {
  return vi.fn(async ({ input }: { input: { tab: CouponStatus; page: number } }): Promise<Page<Coupon>> => {
    const all = byTab[input.tab] ?? []
    return {
      items: all.slice((input.page - 1) * pageSize, input.page * pageSize),
      page: input.page,
      pageSize,
      total: all.length,
    }
  })
}

interface Options {
  centre?: CouponCentre
  byTab?: Partial<Record<CouponStatus, Coupon[]>>
  draw?: () => Promise<LotteryDraw>
  apply?: (input: { couponId: string; loanOrderId: string }) => Promise<CouponApplied>
}

function open(input: CouponsInput, o: Options = {}) {
  const loadCoupons = pages(o.byTab ?? { available: [coupon('c-1'), coupon('c-2'), coupon('c-3')] })
  const drawCoupon = vi.fn(o.draw ?? (async () => ({ coupon: coupon('c-new') })))
  const applyCoupon = vi.fn(async ({ input }: { input: { couponId: string; loanOrderId: string } }) =>
    o.apply ? o.apply(input) : { ...input, discountMinor: 50_000, payableAfterCouponMinor: 5_300_000 },
  )
  const machine = couponsMachine.provide({
    actors: {
      loadCentre: fromPromise(async () => o.centre ?? { show: true, available: 3 }),
      loadCoupons: fromPromise(loadCoupons),
      drawCoupon: fromPromise(drawCoupon),
      applyCoupon: fromPromise(applyCoupon),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, loadCoupons, drawCoupon, applyCoupon }
}

const idle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('coupon centre', () => {
  it('shows whether the draw is offered, the usable count, and the available coupons a page at a time', async () => {
    const { actor } = open({ mode: 'centre' })
    await idle(actor)
    expect(actor.getSnapshot().context).toMatchObject({ showDraw: true, availableCount: 3, tab: 'available' })
    expect(actor.getSnapshot().context.coupons.map((c) => c.couponId)).toEqual(['c-1', 'c-2'])

    actor.send({ type: 'coupons.more' })
    await idle(actor)
    expect(actor.getSnapshot().context.coupons.map((c) => c.couponId)).toEqual(['c-1', 'c-2', 'c-3'])
    expect(actor.getSnapshot().can({ type: 'coupons.more' })).toBe(false)
  })

  it('lists the used coupons under their own tab', async () => {
    const used = coupon('c-old', { status: 'used', usedAt: '2026-10-01T08:00:00.000Z', loanOrderId: 'L-0' })
    const { actor, loadCoupons } = open(
      { mode: 'centre' },
      { byTab: { available: [coupon('c-1')], used: [used] } },
    )
    await idle(actor)
    actor.send({ type: 'coupons.tabChosen', tab: 'used' })
    await idle(actor)
    expect(actor.getSnapshot().context.coupons).toEqual([used])
    expect(loadCoupons).toHaveBeenLastCalledWith(expect.objectContaining({ input: { tab: 'used', page: 1 } }))
  })

  it('draws a coupon, shows it until the borrower closes it, counts it and refreshes the list', async () => {
    const { actor, loadCoupons } = open({ mode: 'centre' })
    await idle(actor)
    actor.send({ type: 'lottery.drawn' })
    await waitFor(actor, (s) => s.context.drawn !== null && !s.hasTag('busy'))
    expect(actor.getSnapshot().context.drawn?.coupon?.couponId).toBe('c-new')
    expect(actor.getSnapshot().context.availableCount).toBe(4)
    expect(actor.getSnapshot().can({ type: 'lottery.drawn' })).toBe(false)
    expect(loadCoupons).toHaveBeenCalledTimes(2)

    actor.send({ type: 'draw.acknowledged' })
    expect(actor.getSnapshot().context.drawn).toBeNull()
    expect(actor.getSnapshot().can({ type: 'lottery.drawn' })).toBe(true)
  })

  it('counts nothing when the draw gives nothing this time', async () => {
    const { actor } = open({ mode: 'centre' }, { draw: async () => ({ coupon: null }) })
    await idle(actor)
    actor.send({ type: 'lottery.drawn' })
    await waitFor(actor, (s) => s.context.drawn !== null && !s.hasTag('busy'))
    expect(actor.getSnapshot().context.availableCount).toBe(3)
  })

  it('offers no draw when the lender does not run one', async () => {
    const { actor, drawCoupon } = open({ mode: 'centre' }, { centre: { show: false, available: 0 } })
    await idle(actor)
    expect(actor.getSnapshot().can({ type: 'lottery.drawn' })).toBe(false)
    actor.send({ type: 'lottery.drawn' })
    expect(drawCoupon).not.toHaveBeenCalled()
  })
})

describe('choosing a coupon for an approved loan', () => {
  const choose = { mode: 'choose', loanOrderId: 'L-1', principalMinor: 5_000_000 } as const

  it('refuses a coupon whose quota condition the loan does not meet', async () => {
    const { actor, applyCoupon } = open(choose, {
      byTab: { available: [coupon('c-small'), coupon('c-big', { minLoanMinor: 10_000_000 })] },
    })
    await idle(actor)
    expect(actor.getSnapshot().can({ type: 'coupon.picked', couponId: 'c-big' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'coupon.picked', couponId: 'c-small' })).toBe(true)
    actor.send({ type: 'coupon.picked', couponId: 'c-big' })
    expect(applyCoupon).not.toHaveBeenCalled()
  })

  it("applies the coupon and ends with the server's new figures", async () => {
    const { actor } = open(choose)
    await idle(actor)
    actor.send({ type: 'coupon.picked', couponId: 'c-2' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({
      outcome: 'applied',
      applied: {
        loanOrderId: 'L-1',
        couponId: 'c-2',
        discountMinor: 50_000,
        payableAfterCouponMinor: 5_300_000,
      },
    })
  })

  it("shows the server's refusal and lets the borrower pick another", async () => {
    const refused: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2105,
      message: '',
      messageKey: 'errors.code.2105',
    }
    let attempt = 0
    const { actor } = open(choose, {
      apply: async (input) => {
        if (++attempt === 1) throw refused
        return { ...input, discountMinor: 50_000, payableAfterCouponMinor: 5_300_000 }
      },
    })
    await idle(actor)
    actor.send({ type: 'coupon.picked', couponId: 'c-1' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.code.2105' })
    actor.send({ type: 'coupon.picked', couponId: 'c-2' })
    await waitFor(actor, (s) => s.status === 'done')
  })

  it('ends as dismissed when the borrower closes the list', async () => {
    const { actor } = open(choose)
    await idle(actor)
    actor.send({ type: 'coupon.dismissed' })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'dismissed' })
  })
})
