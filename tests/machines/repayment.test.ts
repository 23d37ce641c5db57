import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import {
  PAYMENT_POLL_MS,
  PAYMENT_WINDOW_MS,
  paymentOrderMachine,
  type PaymentOrder,
  type PaymentState,
} from '../../machines/payment-order.machine'
import { parseAmount, repaymentMachine, repaymentView, showsEntryOrder } from '../../machines/repayment.machine'
import { type RepaymentDetail } from '../../machines/repayment/repayment-context'
import type { ApiFailure } from '../../domain/api-result'
import type { RepayProduct } from '../../domain/api-types'
import { channel, payOrder } from './pay-order-fixtures'
import type { RepaymentInput as PaymentOrderRequest } from '../../domain/schemas/repayment'

const MINUTE = 60_000
const T0 = Date.UTC(2026, 11, 3, 9, 0, 0)
/** TZS: 100 minor units a shilling; the product's minimum is 2,000 and its unit 100 shillings. */
const tzs = (units: number) => units * 100

function detail(over: Partial<RepaymentDetail> = {}): RepaymentDetail {
  const remaining = tzs(54_321) + 50
  return {
    orderNo: 'KP261203000000001',
    loanOrderId: 'L-3',
    status: 2,
    currency: 'TZS',
    minorPerUnit: 100,
    principalMinor: tzs(50_000),
    interestMinor: tzs(4_321) + 50,
    processingFeeMinor: tzs(4_550),
    feeTaxMinor: tzs(819),
    disbursalMinor: tzs(44_631),
    disbursedAt: '2026-11-01T10:00:00.000Z',
    balance: {
      penaltyMinor: 0,
      interestMinor: tzs(4_321) + 50,
      principalMinor: tzs(50_000),
      totalMinor: remaining,
    },
    paidMinor: 0,
    reductionMinor: 0,
    breakdown: {
      principalMinor: tzs(50_000),
      interestToDateMinor: tzs(4_321) + 50,
      interestDays: 60,
      interestNotYetEarnedMinor: 0,
      penaltyAccruedMinor: 0,
      penaltyWrittenOffMinor: 0,
      paidMinor: 0,
      dueMinor: remaining,
    },
    chargesCap: {
      capMinor: tzs(50_000),
      chargedMinor: tzs(9_690) + 50,
      leftMinor: tzs(40_310) - 50,
      reached: false,
    },
    dueDate: '2026-12-31',
    overdueDays: 0,
    penaltyPerDayMinor: tzs(1_000),
    installments: [],
    amountRules: { minMinor: tzs(2_000), unitMinor: tzs(100), floorMinor: tzs(1_000) },
    rollover: { available: true, rolloversLeft: 2 },
    channels: [channel('airtel', false), channel('mpesa', true)],
    pendingPayOrder: null,
    serverNow: T0,
    receivedAt: T0,
    ...over,
  }
}

interface Options {
  detail?: RepaymentDetail
  /** How long before the app received the order the server created it. */
  createdAgoMs?: number
  payOrderId?: string
  /** The answers of successive payment checks; the last one repeats. */
  states?: PaymentState[]
  check?: () => Promise<{ status: PaymentState }>
}

function open(o: Options = {}) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const states = [...(o.states ?? ['pending'])]
  const createPaymentOrder = vi.fn(async ({ input }: { input: PaymentOrderRequest }): Promise<PaymentOrder> =>
    payOrder(
      { createdAt: clock.now() - (o.createdAgoMs ?? 0), serverNow: clock.now(), receivedAt: clock.now() },
      { payOrderId: o.payOrderId ?? 'PY-1', amountMinor: input.amountMinor },
    ),
  )
  const checkPayment = vi.fn(async (_: { input: { payOrderId: string } }) =>
    o.check ? o.check() : { status: (states.length > 1 ? states.shift() : states[0])! },
  )
  const machine = repaymentMachine.provide({
    actors: {
      loadDetail: fromPromise(async () => o.detail ?? detail()),
      createPaymentOrder: fromPromise(createPaymentOrder),
      paymentOrder: paymentOrderMachine.provide({ actors: { checkPayment: fromPromise(checkPayment) } }),
    },
  })
  const actor = createActor(machine, { input: { orderNo: 'KP261203000000001' }, clock }).start()
  return { actor, clock, createPaymentOrder, checkPayment }
}

const editing = (actor: AnyActorRef) => waitFor(actor, (s) => s.hasTag('canSubmit'))
const waiting = (actor: AnyActorRef) => waitFor(actor, (s) => s.hasTag('waitingPayment') && !s.hasTag('busy'))
/** Lets the promise actors settle between clock moves. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('repayment amount and channel', () => {
  it('offers the whole balance, cents included, through the first channel that can take payments', async () => {
    const { actor, createPaymentOrder } = open()
    await editing(actor)
    expect(actor.getSnapshot().context).toMatchObject({
      amountText: '54321.50',
      amountMinor: 5_432_150,
      channelId: 'mpesa',
    })
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    expect(createPaymentOrder.mock.calls[0]![0].input.amountMinor).toBe(5_432_150)
  })

  it('goes back to the whole balance when the borrower taps "pay all"', async () => {
    const { actor } = open()
    await editing(actor)
    actor.send({ type: 'amount.changed', text: '3000' })
    actor.send({ type: 'amount.full' })
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '54321.50', amountMinor: 5_432_150 })
  })

  it.each([
    ['999', 'validation.repay.belowFloor'],
    ['1500', 'validation.repay.belowMinimum'],
    ['2050', 'validation.repay.notMultiple'],
    ['1900.5', 'validation.repay.notInteger'],
    ['60000', 'validation.repay.aboveBalance'],
    ['12.345', 'validation.repay.notInteger'],
  ])('refuses %s shillings with %s and the product minimum and unit to show', async (text, key) => {
    const { actor, createPaymentOrder } = open()
    await editing(actor)
    actor.send({ type: 'amount.changed', text })
    actor.send({ type: 'repayment.submitted' })
    expect(actor.getSnapshot().context.fieldErrors.amountMinor).toEqual({
      key,
      values: { min: 2_000, unit: 100 },
    })
    expect(createPaymentOrder).not.toHaveBeenCalled()
  })

  it('accepts a partial amount on the unit grid, written with a thousands separator', async () => {
    const { actor, createPaymentOrder } = open()
    await editing(actor)
    actor.send({ type: 'amount.changed', text: '2,500' })
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    expect(createPaymentOrder.mock.calls[0]![0].input).toEqual({
      orderNo: 'KP261203000000001',
      amountMinor: tzs(2_500),
      channelId: 'mpesa',
    })
  })

  it('says "There is no payment method, please choose another channel" for a channel that cannot take payments', async () => {
    const { actor } = open()
    await editing(actor)
    actor.send({ type: 'channel.chosen', channelId: 'airtel' })
    expect(actor.getSnapshot().context.channelId).toBe('mpesa')
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.noPaymentMethod' })
  })

  it('says "channelId cannot be empty" when no channel could be chosen', async () => {
    const { actor, createPaymentOrder } = open({
      detail: detail({ channels: [channel('airtel', false)] }),
    })
    await editing(actor)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.noPaymentMethod' })
    actor.send({ type: 'repayment.submitted' })
    expect(actor.getSnapshot().context.fieldErrors.channelId).toEqual({ key: 'validation.channel.required' })
    expect(createPaymentOrder).not.toHaveBeenCalled()
  })

  it('refuses a payment order that came back without a payOrderId', async () => {
    const { actor } = open({ payOrderId: ' ' })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.payOrderIdEmpty' })
    expect(actor.getSnapshot().hasTag('canSubmit')).toBe(true)
  })

  it("puts the server's own amount message at the amount field", async () => {
    const invalid: ApiFailure = {
      ok: false,
      kind: 'invalid',
      fields: { amountMinor: 'Kiasi si sahihi' },
      message: '',
      messageKey: 'errors.code.1001',
    }
    const { actor, createPaymentOrder } = open()
    createPaymentOrder.mockRejectedValueOnce(invalid)
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waitFor(actor, (s) => s.hasTag('canSubmit') && s.context.fieldErrors.amountMinor !== undefined)
    expect(actor.getSnapshot().context.fieldErrors.amountMinor).toEqual({ text: 'Kiasi si sahihi' })
  })
})

describe('waiting for the payment', () => {
  it('asks the server every few seconds and ends paid once the provider confirms', async () => {
    const { actor, clock, checkPayment } = open({ states: ['pending', 'paid'] })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)

    clock.increment(PAYMENT_POLL_MS)
    await settle()
    expect(checkPayment).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().hasTag('waitingPayment')).toBe(true)
    clock.increment(PAYMENT_POLL_MS)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'paid', amountMinor: 5_432_150 })
  })

  it('checks at once when the borrower says they have paid', async () => {
    const { actor, checkPayment } = open({ states: ['paid'] })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    actor.send({ type: 'payment.checked' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(checkPayment).toHaveBeenCalledTimes(1)
  })

  it("times out 15 minutes after the server's order time, even when the order reached the phone 5 minutes late", async () => {
    const { actor, clock } = open({ createdAgoMs: 5 * MINUTE })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)

    clock.increment(10 * MINUTE - 1)
    await settle()
    expect(actor.getSnapshot().hasTag('timedOut')).toBe(false)
    clock.increment(1)
    await waitFor(actor, (s) => s.hasTag('timedOut'))
    expect(clock.now()).toBe(T0 + PAYMENT_WINDOW_MS - 5 * MINUTE)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.orderTimedOut' })

    actor.send({ type: 'repayment.retried' })
    await editing(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('reports the payment as made when it landed in the last seconds of the window', async () => {
    let landed = false
    const { actor, clock } = open({ check: async () => ({ status: landed ? 'paid' : 'pending' }) })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    clock.increment(PAYMENT_WINDOW_MS - 2_000)
    await settle()
    landed = true
    clock.increment(2_000)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'paid' })
  })

  it('shows the timeout when the app comes back to the foreground after the window, though no timer fired', async () => {
    const { actor } = open()
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    actor.send({ type: 'app.foregrounded', at: T0 + PAYMENT_WINDOW_MS + MINUTE })
    await waitFor(actor, (s) => s.hasTag('timedOut'))
  })

  it('checks at once when the app comes back to the foreground inside the window', async () => {
    const { actor, checkPayment } = open({ states: ['paid'] })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    actor.send({ type: 'app.foregrounded', at: T0 + 3 * MINUTE })
    await waitFor(actor, (s) => s.status === 'done')
    expect(checkPayment).toHaveBeenCalledTimes(1)
  })

  it('picks up a payment order still open from an earlier visit instead of starting another', async () => {
    const {
      serverNow: _,
      receivedAt: __,
      ...pending
    } = payOrder(
      { createdAt: T0 - 4 * MINUTE, serverNow: T0, receivedAt: T0 },
      { payOrderId: 'PY-0', amountMinor: tzs(3_000) },
    )
    const { actor, clock, createPaymentOrder } = open({ detail: detail({ pendingPayOrder: pending }) })
    await waiting(actor)
    expect(actor.getSnapshot().context.payment?.payOrderId).toBe('PY-0')
    expect(createPaymentOrder).not.toHaveBeenCalled()
    // Its window is the server's: 11 minutes were left when the detail came.
    clock.increment(11 * MINUTE)
    await waitFor(actor, (s) => s.hasTag('timedOut'))
  })

  it('starts afresh when the pending payment order the detail reports has already expired', async () => {
    const {
      serverNow: _,
      receivedAt: __,
      ...stale
    } = payOrder({ createdAt: T0 - 20 * MINUTE, serverNow: T0, receivedAt: T0 }, { payOrderId: 'PY-0' })
    const { actor } = open({ detail: detail({ pendingPayOrder: stale }) })
    await editing(actor)
  })

  it("shows the provider's refusal and lets the borrower start again", async () => {
    const { actor } = open({ states: ['failed'] })
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    actor.send({ type: 'payment.checked' })
    await waitFor(actor, (s) => s.hasTag('paymentFailed'))
    actor.send({ type: 'repayment.retried' })
    await editing(actor)
  })

  it('ends with the session when the server says so while waiting', async () => {
    const ended: ApiFailure = { ok: false, kind: 'sessionEnded', code: 100103 }
    const { actor } = open({ check: () => Promise.reject(ended) })
    const listener = vi.fn()
    actor.on('session.ended', listener)
    await editing(actor)
    actor.send({ type: 'repayment.submitted' })
    await waiting(actor)
    actor.send({ type: 'payment.checked' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
    expect(listener).toHaveBeenCalledOnce()
  })
})

describe('reading a typed amount', () => {
  it.each([
    ['10,000', 1_000_000],
    ['10 000', 1_000_000],
    ['2500', 250_000],
    ['1500.5', 150_050],
    ['0.07', 7],
  ])('reads "%s" as %d minor units', (text, minor) => {
    expect(parseAmount(text, 100)).toBe(minor)
  })

  it.each(['', 'abc', '12.345', '1,00', '-5', '1e3'])('refuses "%s"', (text) => {
    expect(parseAmount(text, 100)).toBeNull()
  })
})

describe('repayment: more than one loan with something to repay', () => {
  const OTHER = 'KP261203000000002'
  const repayable = (orderNo: string, remainingMinor: number): RepayProduct => ({
    orderNo,
    loanOrderId: `L-${orderNo.slice(-1)}`,
    productName: 'Kopa Standard',
    status: 2,
    currency: 'TZS',
    remainingMinor,
    dueDate: '2026-12-31',
    overdueDays: 0,
  })

  function openMany(list: () => Promise<RepayProduct[]>) {
    const loadDetail = vi.fn(async ({ input }: { input: { orderNo: string } }) =>
      detail(
        input.orderNo === OTHER
          ? { orderNo: OTHER, loanOrderId: 'L-2', balance: { ...detail().balance, totalMinor: tzs(9_000) } }
          : {},
      ),
    )
    const machine = repaymentMachine.provide({
      actors: {
        loadDetail: fromPromise(loadDetail),
        loadRepayables: fromPromise(list),
        createPaymentOrder: fromPromise(async (): Promise<PaymentOrder> =>
          Promise.reject(new Error('not here')),
        ),
      },
    })
    const actor = createActor(machine, { input: { orderNo: 'KP261203000000001' } }).start()
    return { actor, loadDetail }
  }

  it("switches the detail to another loan the borrower picks, and back to the journey's own", async () => {
    const { actor, loadDetail } = openMany(async () => [
      repayable('KP261203000000001', tzs(54_321) + 50),
      repayable(OTHER, tzs(9_000)),
    ])
    await waitFor(actor, (s) => s.hasTag('canSubmit') && s.context.repayables.length === 2)
    expect(showsEntryOrder(actor.getSnapshot().context)).toBe(true)
    actor.send({ type: 'repayment.orderChosen', orderNo: OTHER })
    const other = await waitFor(actor, (s) => s.hasTag('canSubmit') && s.context.detail?.orderNo === OTHER)
    expect(loadDetail.mock.calls.map((c) => c[0].input.orderNo)).toEqual(['KP261203000000001', OTHER])
    expect(other.context).toMatchObject({ orderNo: OTHER, amountMinor: tzs(9_000) })
    expect(showsEntryOrder(other.context)).toBe(false)
    actor.send({ type: 'repayment.orderChosen', orderNo: 'KP261203000000001' })
    const back = await waitFor(
      actor,
      (s) => s.hasTag('canSubmit') && s.context.detail?.orderNo === 'KP261203000000001',
    )
    expect(showsEntryOrder(back.context)).toBe(true)
  })

  it('refuses an order that is not in the list, or the one already shown', async () => {
    const { actor } = openMany(async () => [repayable('KP261203000000001', tzs(1)), repayable(OTHER, tzs(1))])
    await waitFor(actor, (s) => s.hasTag('canSubmit') && s.context.repayables.length === 2)
    expect(actor.getSnapshot().can({ type: 'repayment.orderChosen', orderNo: 'KP-NOT-MINE' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'repayment.orderChosen', orderNo: 'KP261203000000001' })).toBe(
      false,
    )
  })

  it('repays the journey’s loan as before when the list cannot be read', async () => {
    const { actor } = openMany(async () =>
      Promise.reject({ ok: false, kind: 'network', message: 'errors.network' }),
    )
    await waitFor(actor, (s) => s.hasTag('canSubmit'))
    await settle()
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.repayables).toEqual([])
    expect(actor.getSnapshot().hasTag('canSubmit')).toBe(true)
  })
})

describe("repaymentView (the screens' one read of the repayment child)", () => {
  it('says what repay detail may do while editing, and keeps its fields between snapshots that change nothing shown', async () => {
    const { actor } = open()
    await editing(actor)
    const view = repaymentView(actor.getSnapshot())
    expect(view).toMatchObject({
      loadFailed: false,
      editing: true,
      canPay: true,
      canRetry: false,
      canChooseOrder: true,
      entryOrder: true,
      amountText: '54321.50',
      channelId: 'mpesa',
    })
    const again = repaymentView(actor.getSnapshot())
    for (const key of Object.keys(view) as (keyof typeof view)[]) expect(again[key]).toBe(view[key])
  })
})
