import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { cancellationMachine } from '../../machines/cancellation.machine'
import type { ApiFailure } from '../../domain/api-result'
import type { CancelLoanInput } from '../../domain/schemas/loan'

function open(cancel: () => Promise<void> = async () => {}) {
  const cancelOrder = vi.fn(async (_: { input: CancelLoanInput }) => cancel())
  const machine = cancellationMachine.provide({ actors: { cancelOrder: fromPromise(cancelOrder) } })
  const actor = createActor(machine, { input: { loanOrderId: 'L-9' } }).start()
  return { actor, cancelOrder }
}

describe('cancellation form', () => {
  it('says "You have to choose the reason" at the reasons when nothing is chosen', () => {
    const { actor, cancelOrder } = open()
    actor.send({ type: 'cancellation.submitted' })
    expect(actor.getSnapshot().context.reasonError).toEqual({ key: 'validation.reason.required' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().hasTag('canSubmit')).toBe(true)
    expect(cancelOrder).not.toHaveBeenCalled()
  })

  it('says "Choose only one reason" when two are ticked, and clears the message when one is unticked', () => {
    const { actor } = open()
    actor.send({ type: 'reason.toggled', reason: 'noLongerNeeded' })
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'cancellation.submitted' })
    expect(actor.getSnapshot().context.reasonError).toEqual({ key: 'validation.reason.onlyOne' })
    actor.send({ type: 'reason.toggled', reason: 'other' })
    expect(actor.getSnapshot().context).toMatchObject({ reasons: ['noLongerNeeded'], reasonError: null })
  })

  // Issue 13: the reasons are a radio group — exactly one is ever chosen, and choosing clears the message.
  it('a chosen reason replaces the one chosen before, so there is always at most one', async () => {
    const { actor, cancelOrder } = open()
    actor.send({ type: 'cancellation.submitted' })
    actor.send({ type: 'reason.chosen', reason: 'noLongerNeeded' })
    expect(actor.getSnapshot().context).toMatchObject({ reasons: ['noLongerNeeded'], reasonError: null })
    actor.send({ type: 'reason.chosen', reason: 'feesTooHigh' })
    expect(actor.getSnapshot().context.reasons).toEqual(['feesTooHigh'])
    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(cancelOrder.mock.calls[0]![0].input).toEqual({ loanOrderId: 'L-9', reasons: ['feesTooHigh'] })
  })

  it('sends the one reason and ends as cancelled', async () => {
    const { actor, cancelOrder } = open()
    actor.send({ type: 'reason.toggled', reason: 'foundAnotherLender' })
    actor.send({ type: 'cancellation.submitted' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' })
    expect(cancelOrder.mock.calls[0]![0].input).toEqual({
      loanOrderId: 'L-9',
      reasons: ['foundAnotherLender'],
    })
  })

  it('says "Cancellation fail" when the server refuses without a reason, and lets the borrower retry', async () => {
    const refused: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2002,
      message: '',
      messageKey: 'errors.code.2002',
    }
    let attempt = 0
    const { actor } = open(() => (++attempt === 1 ? Promise.reject(refused) : Promise.resolve()))
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.cancellationFail' })

    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' })
  })

  it('says "Cancellation fail" with the server’s reason when it gives one', async () => {
    const refused: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2002,
      message: 'This order can no longer be cancelled',
      messageKey: 'errors.code.2002',
    }
    const { actor } = open(() => Promise.reject(refused))
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'errors.cancellationFailBecause',
      values: { reason: 'This order can no longer be cancelled' },
    })
  })

  it('sends the remark the borrower wrote, trimmed, and refuses one that is too long', async () => {
    const { actor, cancelOrder } = open()
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'remark.changed', remark: 'x'.repeat(201) })
    actor.send({ type: 'cancellation.submitted' })
    expect(actor.getSnapshot().context.error).toEqual({ key: 'validation.text.tooLong' })

    actor.send({ type: 'remark.changed', remark: '  Nimepata pesa kwingine  ' })
    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(cancelOrder.mock.calls[0]![0].input).toEqual({
      loanOrderId: 'L-9',
      reasons: ['other'],
      remark: 'Nimepata pesa kwingine',
    })
  })

  it('ends as dismissed when the borrower keeps the offer', () => {
    const { actor } = open()
    actor.send({ type: 'cancellation.dismissed' })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'dismissed' })
  })

  it('escalates an ended session', async () => {
    const ended: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010304 }
    const { actor } = open(() => Promise.reject(ended))
    const listener = vi.fn()
    actor.on('session.ended', listener)
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'cancellation.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
    expect(listener).toHaveBeenCalledOnce()
  })
})
