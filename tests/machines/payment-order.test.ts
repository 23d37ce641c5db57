import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  PAYMENT_POLL_MS,
  paymentOrderMachine,
  type PaymentOrder,
  type PaymentState,
} from '../../machines/payment-order.machine'
import type { ApiFailure } from '../../domain/api-result'
import { payOrder } from './pay-order-fixtures'

const MINUTE = 60_000
const T0 = Date.UTC(2026, 11, 3, 9, 0, 0)
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function wait(payment: Partial<PaymentOrder>, check: () => Promise<{ status: PaymentState }>) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const checkPayment = vi.fn(check)
  const machine = paymentOrderMachine.provide({ actors: { checkPayment: fromPromise(checkPayment) } })
  const order = payOrder({ createdAt: T0, serverNow: T0, receivedAt: T0 }, payment)
  const actor = createActor(machine, { input: { payment: order }, clock }).start()
  return { actor, clock, checkPayment }
}

describe('payment order', () => {
  it('keeps waiting through a lost answer on a slow network and asks again on the next tick', async () => {
    const network: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    let calls = 0
    const { actor, clock } = wait({}, () =>
      ++calls === 1 ? Promise.reject(network) : Promise.resolve({ status: 'paid' }),
    )
    clock.increment(PAYMENT_POLL_MS)
    await settle()
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true)
    clock.increment(PAYMENT_POLL_MS)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'paid' })
  })

  it("uses the server's own expiry when it states one", async () => {
    const { actor, clock } = wait({ expiresAt: new Date(T0 + 20 * MINUTE).toISOString() }, async () => ({
      status: 'pending',
    }))
    clock.increment(20 * MINUTE - 1)
    await settle()
    expect(actor.getSnapshot().status).toBe('active')
    clock.increment(1)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'timedOut' })
  })

  it('counts 15 minutes from the order time when the server states no expiry it could read', async () => {
    const { actor, clock } = wait({ expiresAt: '' }, async () => ({ status: 'pending' }))
    clock.increment(15 * MINUTE - 1)
    await settle()
    expect(actor.getSnapshot().status).toBe('active')
    clock.increment(1)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'timedOut' })
  })

  it('ends as timed out when the server already voided the order', async () => {
    const { actor } = wait({}, async () => ({ status: 'expired' }))
    actor.send({ type: 'payment.checked' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'timedOut' })
  })
})
