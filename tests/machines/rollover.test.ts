import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import {
  PAYMENT_WINDOW_MS,
  paymentOrderMachine,
  type PaymentOrder,
  type PaymentState,
} from '../../machines/payment-order.machine'
import { rolloverMachine, type ExtensionData } from '../../machines/rollover.machine'
import type { ApiFailure } from '../../domain/api-result'
import { channel, payOrder } from './pay-order-fixtures'
import { quote } from '../../domain/pricing'
import { tzStandard } from '../domain/pricing-products'

const T0 = Date.UTC(2027, 0, 20, 7, 30, 0)
const next = quote(tzStandard, {
  amountMinor: 5_000_000,
  tenureDays: 91,
  disbursedOn: '2026-11-01',
}).rollover!

const extension = (over: Partial<ExtensionData> = {}): ExtensionData => ({
  orderNo: 'KP261101000000002',
  currency: 'TZS',
  available: true,
  unavailableReason: null,
  quote: next,
  rolloversLeft: 2,
  channels: [channel('mpesa', true)],
  ...over,
})

function open(data: ExtensionData, o: { state?: PaymentState; confirm?: () => Promise<PaymentOrder> } = {}) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const order = (): PaymentOrder =>
    payOrder(
      { createdAt: clock.now(), serverNow: clock.now(), receivedAt: clock.now() },
      { payOrderId: 'PY-R1', purpose: 'rollover', amountMinor: next.totalMinor },
    )
  const confirmExtension = vi.fn(async (_: { input: { orderNo: string; channelId: string } }) =>
    o.confirm ? o.confirm() : order(),
  )
  const machine = rolloverMachine.provide({
    actors: {
      loadExtension: fromPromise(async () => data),
      confirmExtension: fromPromise(confirmExtension),
      paymentOrder: paymentOrderMachine.provide({
        actors: { checkPayment: fromPromise(async () => ({ status: o.state ?? 'pending' })) },
      }),
    },
  })
  const actor = createActor(machine, { input: { orderNo: 'KP261101000000002' }, clock }).start()
  return { actor, clock, confirmExtension }
}

const ready = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('rollover', () => {
  it('shows the fee and the new due date, pays the fee, and ends with the new due date and the fee paid', async () => {
    const { actor, confirmExtension } = open(extension(), { state: 'paid' })
    await ready(actor)
    expect(actor.getSnapshot().context.extension?.quote).toMatchObject({
      feeMinor: 250_000,
      newDueDate: '2027-02-07',
    })
    expect(actor.getSnapshot().can({ type: 'rollover.confirmed' })).toBe(true)

    actor.send({ type: 'rollover.confirmed' })
    await waitFor(actor, (s) => s.hasTag('waitingPayment'))
    expect(confirmExtension.mock.calls[0]![0].input).toEqual({
      orderNo: 'KP261101000000002',
      channelId: 'mpesa',
    })
    actor.send({ type: 'payment.checked' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({
      outcome: 'rolledOver',
      newDueDate: next.newDueDate,
      feeMinor: next.totalMinor,
    })
  })

  it('refuses a rollover when the loan has none left', async () => {
    const { actor, confirmExtension } = open(
      extension({ available: false, unavailableReason: 'limit', rolloversLeft: 0, quote: null }),
    )
    await ready(actor)
    expect(actor.getSnapshot().hasTag('noRolloversLeft')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'rollover.confirmed' })).toBe(false)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.code.2114' })
    actor.send({ type: 'rollover.confirmed' })
    expect(confirmExtension).not.toHaveBeenCalled()
  })

  it('says why no rollover is offered for a loan that is paid off', async () => {
    const { actor } = open(
      extension({ available: false, unavailableReason: 'paidOff', rolloversLeft: 1, quote: null }),
    )
    await ready(actor)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.code.2109' })
  })

  it.each([
    ['tooLate', 'errors.code.2119'],
    ['capReached', 'errors.code.2120'],
  ] as const)(
    'says why no rollover is offered when the server answers %s, and confirms nothing',
    async (reason, key) => {
      const { actor, confirmExtension } = open(
        extension({ available: false, unavailableReason: reason, rolloversLeft: 1, quote: null }),
      )
      await ready(actor)
      expect(actor.getSnapshot().hasTag('noRolloversLeft')).toBe(true)
      expect(actor.getSnapshot().context.error).toEqual({ key })
      actor.send({ type: 'rollover.confirmed' })
      expect(confirmExtension).not.toHaveBeenCalled()
    },
  )

  it('asks for a channel when none can take payments', async () => {
    const { actor, confirmExtension } = open(extension({ channels: [channel('halopesa', false)] }))
    await ready(actor)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.noPaymentMethod' })
    actor.send({ type: 'rollover.confirmed' })
    expect(actor.getSnapshot().context.fieldErrors.channelId).toEqual({ key: 'validation.channel.required' })
    expect(confirmExtension).not.toHaveBeenCalled()
  })

  it('times out when the fee is not paid within 15 minutes of the order, and lets the borrower start again', async () => {
    const { actor, clock } = open(extension())
    await ready(actor)
    actor.send({ type: 'rollover.confirmed' })
    await waitFor(actor, (s) => s.hasTag('waitingPayment'))
    clock.increment(PAYMENT_WINDOW_MS)
    await waitFor(actor, (s) => s.hasTag('timedOut'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.orderTimedOut' })
    actor.send({ type: 'rollover.retried' })
    await waitFor(actor, (s) => s.hasTag('canConfirm'))
  })

  it("shows the server's refusal and stays on the offer", async () => {
    const limit: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2114,
      message: 'Mkopo huu umefikia kikomo cha kuongeza muda',
      messageKey: 'errors.code.2114',
    }
    const { actor } = open(extension(), { confirm: () => Promise.reject(limit) })
    await ready(actor)
    actor.send({ type: 'rollover.confirmed' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Mkopo huu umefikia kikomo cha kuongeza muda' })
    expect(actor.getSnapshot().hasTag('canConfirm')).toBe(true)
  })

  it.each([
    [2119, 'tooLate'],
    [2120, 'capReached'],
  ] as const)(
    'withdraws the offer when confirming is refused with %i (%s): nothing payable, repay instead',
    async (code, reason) => {
      const refusal: ApiFailure = {
        ok: false,
        kind: 'rejected',
        code,
        message: '',
        messageKey: `errors.code.${code}`,
      }
      const { actor, confirmExtension } = open(extension(), { confirm: () => Promise.reject(refusal) })
      await ready(actor)
      actor.send({ type: 'rollover.confirmed' })
      await waitFor(actor, (s) => s.hasTag('mustRepay'))
      const snapshot = actor.getSnapshot()
      expect(snapshot.hasTag('noRolloversLeft')).toBe(true)
      expect(snapshot.hasTag('canConfirm')).toBe(false)
      expect(snapshot.can({ type: 'rollover.confirmed' })).toBe(false)
      expect(snapshot.can({ type: 'rollover.retried' })).toBe(false)
      expect(snapshot.context.error).toEqual({ key: `errors.code.${code}` })
      expect(snapshot.context.extension).toMatchObject({
        available: false,
        unavailableReason: reason,
        quote: null,
      })
      actor.send({ type: 'rollover.confirmed' })
      expect(confirmExtension).toHaveBeenCalledTimes(1)
    },
  )

  it('keeps the offer after a network error, and lets the borrower confirm again', async () => {
    let calls = 0
    const network: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    const { actor, confirmExtension } = open(extension(), {
      confirm: () =>
        ++calls === 1
          ? Promise.reject(network)
          : Promise.resolve(
              payOrder({ createdAt: T0, serverNow: T0, receivedAt: T0 }, { purpose: 'rollover' }),
            ),
    })
    await ready(actor)
    actor.send({ type: 'rollover.confirmed' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.network' })
    expect(actor.getSnapshot().hasTag('canConfirm')).toBe(true)
    expect(actor.getSnapshot().context.extension?.quote).toEqual(next)
    actor.send({ type: 'rollover.confirmed' })
    await waitFor(actor, (s) => s.hasTag('waitingPayment'))
    expect(confirmExtension).toHaveBeenCalledTimes(2)
  })

  it.each(['tooLate', 'capReached'] as const)(
    'asks to repay instead when the offer says %s',
    async (reason) => {
      const { actor } = open(
        extension({ available: false, unavailableReason: reason, rolloversLeft: 1, quote: null }),
      )
      await ready(actor)
      expect(actor.getSnapshot().hasTag('mustRepay')).toBe(true)
    },
  )
})
