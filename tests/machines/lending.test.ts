import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { lendingMachine } from '../../machines/lending.machine'
import type { ApiFailure } from '../../domain/api-result'
import type { MoneyTime } from '../../domain/api-types'

const WINDOW: MoneyTime = {
  expectedFrom: '2026-11-01T08:10:00.000Z',
  expectedBy: '2026-11-01T09:00:00.000Z',
  disbursedAt: null,
}

function open(load: () => Promise<MoneyTime>) {
  const loadMoneyTime = vi.fn(async (_: { input: { loanOrderId: string } }) => load())
  const machine = lendingMachine.provide({ actors: { loadMoneyTime: fromPromise(loadMoneyTime) } })
  return { actor: createActor(machine, { input: { loanOrderId: 'L-1001' } }).start(), loadMoneyTime }
}

describe('lending: when the money of a confirmed loan should arrive', () => {
  it("reads the confirmed order's window from the server", async () => {
    const { actor, loadMoneyTime } = open(async () => WINDOW)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const shown = await waitFor(actor, (s) => s.matches('expected'))
    expect(loadMoneyTime.mock.calls[0]![0].input).toEqual({ loanOrderId: 'L-1001' })
    expect(shown.context.moneyTime).toEqual(WINDOW)
    expect(shown.hasTag('sent')).toBe(false)
  })

  it('says the money was sent once the server reports the pay-out', async () => {
    const sent = { ...WINDOW, disbursedAt: '2026-11-01T08:20:00.000Z' }
    const { actor } = open(async () => sent)
    const shown = await waitFor(actor, (s) => s.hasTag('sent'))
    expect(shown.context.moneyTime?.disbursedAt).toBe('2026-11-01T08:20:00.000Z')
  })

  it('offers to read it again when the call failed', async () => {
    const failure: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    let calls = 0
    const { actor } = open(async () => (++calls === 1 ? Promise.reject(failure) : WINDOW))
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })
    actor.send({ type: 'lending.retried' })
    const shown = await waitFor(actor, (s) => s.matches('expected'))
    expect(shown.context.error).toBeNull()
  })

  it('ends with the session when the server ended it', async () => {
    const ended: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }
    const { actor } = open(async () => Promise.reject(ended))
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
  })
})
