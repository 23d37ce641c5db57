import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import { cancellationMachine } from '../../machines/cancellation.machine'
import { confirmBorrowMachine, type ConfirmOffer } from '../../machines/confirm-borrow.machine'
import { couponsMachine } from '../../machines/coupons.machine'
import { APPROVAL_TTL_MS } from '../../machines/order-lifecycle.machine'
import type { AgreementDocument, ConfirmProductInfo, Coupon, CouponApplied } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'
import type { CancelLoanInput, ConfirmBorrowInput as GetMoneyRequest } from '../../domain/schemas/loan'
import { quote } from '../../domain/pricing'
import { tzStandard } from '../domain/pricing-products'

const HOUR = 60 * 60 * 1000
/** The server approved the order at 08:00 UTC on 1 November 2026. */
const APPROVED_AT = Date.UTC(2026, 10, 1, 8, 0, 0)

const baseQuote = quote(tzStandard, { amountMinor: 5_000_000, tenureDays: 91, disbursedOn: '2026-11-01' })
const productInfo: ConfirmProductInfo = {
  ...baseQuote,
  loanOrderId: 'L-1',
  orderNo: 'KP261101000000001',
  productName: 'Kopa Standard',
  aprLabel: 'APR',
  feeTaxNameKey: 'countries.tax.TZ',
  wallet: { provider: 'mpesa', maskedNumber: '0712 *** 678', addedAt: '2026-10-30T10:00:00.000Z' },
  confirmBy: new Date(APPROVED_AT + APPROVAL_TTL_MS).toISOString(),
  coupon: null,
  payableAfterCouponMinor: baseQuote.totalRepayableMinor,
  usableCoupons: 1,
}
const coupon = (over: Partial<Coupon>): Coupon => ({
  couponId: 'c-500',
  titleKey: 'coupons.title.interest',
  currency: 'TZS',
  discountMinor: 50_000,
  minLoanMinor: 2_000_000,
  expiresAt: '2026-12-01T00:00:00.000Z',
  status: 'available',
  usedAt: null,
  loanOrderId: null,
  ...over,
})

const sessionEnded: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }
const refused: ApiFailure = {
  ok: false,
  kind: 'rejected',
  code: 2001,
  message: 'Pochi yako haipatikani',
  messageKey: 'errors.code.2001',
}

interface Setup {
  /** The device clock when the screen opens. */
  deviceNow: number
  /** The server clock when it answers (the device clock plus its error). */
  serverOffset?: number
  confirm?: () => Promise<void>
  cancel?: () => Promise<void>
}

function open({ deviceNow, serverOffset = 0, confirm = async () => {}, cancel = async () => {} }: Setup) {
  const clock = new SimulatedClock()
  clock.set(deviceNow)
  const loadOffer = vi.fn(async (_: { input: { loanOrderId: string } }): Promise<ConfirmOffer> => ({
    ...productInfo,
    serverNow: clock.now() + serverOffset,
    receivedAt: clock.now(),
  }))
  const loadAgreement = vi.fn(async (): Promise<AgreementDocument> => ({
    title: 'Mkataba',
    version: '1',
    language: 'sw',
    html: '<p>Mkataba</p>',
  }))
  const applyCoupon = vi.fn(
    async ({ input }: { input: { couponId: string; loanOrderId: string } }): Promise<CouponApplied> => ({
      ...input,
      discountMinor: 50_000,
      payableAfterCouponMinor: baseQuote.totalRepayableMinor - 50_000,
    }),
  )
  const confirmLoan = vi.fn(async (_: { input: GetMoneyRequest }): Promise<unknown> => confirm())
  const cancelOrder = vi.fn(async (_: { input: CancelLoanInput }) => cancel())
  const machine = confirmBorrowMachine.provide({
    actors: {
      loadOffer: fromPromise(loadOffer),
      loadAgreement: fromPromise(loadAgreement),
      confirmLoan: fromPromise(confirmLoan),
      cancellation: cancellationMachine.provide({ actors: { cancelOrder: fromPromise(cancelOrder) } }),
      coupons: couponsMachine.provide({
        actors: {
          loadCoupons: fromPromise(async () => ({
            items: [coupon({}), coupon({ couponId: 'c-big', minLoanMinor: 10_000_000 })],
            page: 1,
            pageSize: 20,
            total: 2,
          })),
          applyCoupon: fromPromise(applyCoupon),
        },
      }),
    },
  })
  const actor = createActor(machine, {
    input: { loanOrderId: 'L-1', approvedAt: APPROVED_AT },
    clock,
  }).start()
  return { actor, clock, loadOffer, loadAgreement, confirmLoan, cancelOrder, applyCoupon }
}

const ready = (actor: AnyActorRef) => waitFor(actor, (s) => s.hasTag('canConfirm'))

describe('confirm borrow', () => {
  it('asks the borrower to tick the agreement before the money is sent', async () => {
    const { actor, confirmLoan } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    expect(actor.getSnapshot().context.offer?.totalRepayableMinor).toBe(baseQuote.totalRepayableMinor)

    actor.send({ type: 'borrow.confirmed' })
    expect(actor.getSnapshot().context.error).toEqual({ key: 'validation.agreement.required' })
    expect(confirmLoan).not.toHaveBeenCalled()

    actor.send({ type: 'agreement.toggled' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'borrow.confirmed' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'confirmed' })
    expect(confirmLoan).toHaveBeenCalledWith(
      expect.objectContaining({ input: { loanOrderId: 'L-1', agreed: true } }),
    )
  })

  it('expires exactly 24 hours after approval even when the app is opened 23 hours later', async () => {
    const { actor, clock } = open({ deviceNow: APPROVED_AT + 23 * HOUR })
    await ready(actor)

    clock.increment(HOUR - 1)
    expect(actor.getSnapshot().hasTag('expired')).toBe(false)
    clock.increment(1)
    expect(clock.now()).toBe(APPROVED_AT + APPROVAL_TTL_MS)
    expect(actor.getSnapshot().hasTag('expired')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'borrow.confirmed' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'cancel.started' })).toBe(false)
  })

  it('counts down by the server clock when the phone clock is two hours slow', async () => {
    // The phone shows 21:00 after approval while the server is at 23:00: one hour is left, not three.
    const { actor, clock } = open({ deviceNow: APPROVED_AT + 21 * HOUR, serverOffset: 2 * HOUR })
    await ready(actor)
    clock.increment(HOUR - 1)
    expect(actor.getSnapshot().hasTag('expired')).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag('expired')).toBe(true)
  })

  it('shows the offer as expired when the app comes back to the foreground after the window, though no timer fired', async () => {
    const { actor } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    // In the background the WebView's timers stood still: the simulated clock did not move.
    actor.send({ type: 'app.foregrounded', at: APPROVED_AT + 25 * HOUR })
    expect(actor.getSnapshot().hasTag('expired')).toBe(true)

    actor.send({ type: 'expiry.acknowledged' })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'expired' })
  })

  it('restarts the countdown from the foreground time while the window is still open', async () => {
    const { actor, clock } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'agreement.toggled' })
    // Back after 20 hours in the background: 3 hours remain by the clock, not 23.
    actor.send({ type: 'app.foregrounded', at: APPROVED_AT + 21 * HOUR })
    expect(actor.getSnapshot().hasTag('canConfirm')).toBe(true)
    expect(actor.getSnapshot().context.agreementAccepted).toBe(true)

    clock.increment(3 * HOUR - 1)
    expect(actor.getSnapshot().hasTag('expired')).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag('expired')).toBe(true)
  })

  it('opens straight on the expired notice when the approval is already older than 24 hours', async () => {
    const { actor } = open({ deviceNow: APPROVED_AT + 30 * HOUR })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().hasTag('expired')).toBe(true)
  })

  it("shows a coupon's effect on what is repaid before confirming, and confirms with it", async () => {
    const { actor, applyCoupon, confirmLoan } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'coupon.choose' })
    const picker = actor.getSnapshot().children.coupons!
    await waitFor(picker, (s) => s.hasTag('canPick'))

    // A coupon for loans of 100,000 and more does not apply to this 50,000 loan.
    expect(picker.getSnapshot().can({ type: 'coupon.picked', couponId: 'c-big' })).toBe(false)
    picker.send({ type: 'coupon.picked', couponId: 'c-500' })
    await ready(actor)

    const shown = actor.getSnapshot().context.offer!
    expect(shown.coupon).toEqual({ couponId: 'c-500', discountMinor: 50_000 })
    expect(shown.payableAfterCouponMinor).toBe(baseQuote.totalRepayableMinor - 50_000)
    expect(applyCoupon.mock.calls[0]![0].input).toEqual({ couponId: 'c-500', loanOrderId: 'L-1' })

    actor.send({ type: 'agreement.toggled' })
    actor.send({ type: 'borrow.confirmed' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(confirmLoan).toHaveBeenCalledWith(
      expect.objectContaining({ input: { loanOrderId: 'L-1', agreed: true, couponId: 'c-500' } }),
    )
  })

  it('keeps the figures when the borrower closes the coupon list without choosing', async () => {
    const { actor, applyCoupon } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'coupon.choose' })
    const picker = actor.getSnapshot().children.coupons!
    await waitFor(picker, (s) => s.hasTag('canPick'))
    picker.send({ type: 'coupon.dismissed' })
    await ready(actor)
    expect(actor.getSnapshot().context.offer?.coupon).toBeNull()
    expect(applyCoupon).not.toHaveBeenCalled()
  })

  it('downloads the agreement once however often the borrower opens it', async () => {
    const { actor, loadAgreement } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'agreement.opened' })
    await waitFor(actor, (s) => s.context.agreement !== null)
    actor.send({ type: 'agreement.closed' })
    actor.send({ type: 'agreement.opened' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(loadAgreement).toHaveBeenCalledTimes(1)
  })

  it('cancels the offer with exactly one reason through the cancellation form', async () => {
    const { actor, cancelOrder } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'cancel.started' })
    const form = actor.getSnapshot().children.cancellation!

    form.send({ type: 'cancellation.submitted' })
    expect(form.getSnapshot().context.reasonError).toEqual({ key: 'validation.reason.required' })
    form.send({ type: 'reason.toggled', reason: 'feesTooHigh' })
    form.send({ type: 'reason.toggled', reason: 'amountTooLow' })
    form.send({ type: 'cancellation.submitted' })
    expect(form.getSnapshot().context.reasonError).toEqual({ key: 'validation.reason.onlyOne' })
    expect(cancelOrder).not.toHaveBeenCalled()

    form.send({ type: 'reason.toggled', reason: 'amountTooLow' })
    form.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' })
    expect(cancelOrder).toHaveBeenCalledWith(
      expect.objectContaining({ input: { loanOrderId: 'L-1', reasons: ['feesTooHigh'] } }),
    )
  })

  it('returns to the offer when the borrower closes the cancellation form', async () => {
    const { actor } = open({ deviceNow: APPROVED_AT + HOUR })
    await ready(actor)
    actor.send({ type: 'cancel.started' })
    expect(actor.getSnapshot().can({ type: 'borrow.confirmed' })).toBe(false)
    actor.getSnapshot().children.cancellation!.send({ type: 'cancellation.dismissed' })
    await ready(actor)
  })

  it("keeps the offer open and shows the server's reason when the pay-out is refused", async () => {
    const { actor } = open({ deviceNow: APPROVED_AT + HOUR, confirm: () => Promise.reject(refused) })
    await ready(actor)
    actor.send({ type: 'agreement.toggled' })
    actor.send({ type: 'borrow.confirmed' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Pochi yako haipatikani' })
    expect(actor.getSnapshot().hasTag('canConfirm')).toBe(true)
  })

  it('ends with the session when the server says the token expired', async () => {
    const { actor } = open({ deviceNow: APPROVED_AT + HOUR, confirm: () => Promise.reject(sessionEnded) })
    const ended = vi.fn()
    actor.on('session.ended', ended)
    await ready(actor)
    actor.send({ type: 'agreement.toggled' })
    actor.send({ type: 'borrow.confirmed' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
    expect(ended).toHaveBeenCalledOnce()
  })

  it("offers a retry when the offer could not be loaded, and takes the approval time from the offer's deadline", async () => {
    const clock = new SimulatedClock()
    let attempt = 0
    const machine = confirmBorrowMachine.provide({
      actors: {
        loadOffer: fromPromise(async (): Promise<ConfirmOffer> => {
          if (++attempt === 1)
            throw { ok: false, kind: 'network', message: 'errors.network' } satisfies ApiFailure
          return { ...productInfo, serverNow: APPROVED_AT, receivedAt: 0 }
        }),
      },
    })
    const actor = createActor(machine, { input: { loanOrderId: 'L-1' }, clock }).start()
    await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.network' })
    actor.send({ type: 'offer.retried' })
    await ready(actor)
    expect(actor.getSnapshot().context.approvedAt).toBe(APPROVED_AT)
  })
})
