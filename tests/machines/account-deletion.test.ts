import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import { accountDeletionMachine, type DeleteAccountRequest } from '../../machines/account-deletion.machine'
import type { ApiFailure } from '../../domain/api-result'
import type { OrderStatusCode } from '../../domain/order-status'

function open(latestStatus: OrderStatusCode | null, del: () => Promise<unknown> = async () => ({})) {
  const clock = new SimulatedClock()
  const sendDeletionCode = vi.fn(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 300 }))
  const deleteAccount = vi.fn(async (_: { input: DeleteAccountRequest }) => del())
  const machine = accountDeletionMachine.provide({
    actors: {
      sendDeletionCode: fromPromise(sendDeletionCode),
      deleteAccount: fromPromise(async (args: { input: DeleteAccountRequest }) => {
        await deleteAccount(args)
        return { deletedAt: '2027-03-01T10:00:00.000Z' }
      }),
    },
  })
  const actor = createActor(machine, { input: { latestStatus }, clock }).start()
  return { actor, clock, sendDeletionCode, deleteAccount }
}

const codeSent = (actor: AnyActorRef) => waitFor(actor, (s) => s.context.codeSent && !s.hasTag('busy'))

describe('account deletion', () => {
  it.each([2, 3, 7, 14] as const)('is refused while a loan is open (status %i)', (status) => {
    const { actor } = open(status)
    expect(actor.getSnapshot().hasTag('refused')).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.code.2401' })
    expect(actor.getSnapshot().can({ type: 'deletion.submitted' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'code.requested' })).toBe(false)
  })

  it.each([null, 4, 8, 9] as const)('is open to a borrower whose latest order is %s', (status) => {
    const { actor } = open(status)
    expect(actor.getSnapshot().hasTag('canSubmit')).toBe(true)
  })

  it('asks for exactly one reason and the six-digit code', async () => {
    const { actor, deleteAccount } = open(4)
    actor.send({ type: 'deletion.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      reasons: { key: 'validation.reason.required' },
      code: { key: 'validation.captcha.required' },
    })
    actor.send({ type: 'reason.toggled', reason: 'privacyConcerns' })
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'code.changed', code: '12345' })
    actor.send({ type: 'deletion.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      reasons: { key: 'validation.reason.onlyOne' },
      code: { key: 'validation.captcha.format' },
    })
    expect(deleteAccount).not.toHaveBeenCalled()
  })

  it("sends the code, waits the server's 60 seconds before another, and deletes with one reason", async () => {
    const { actor, clock, sendDeletionCode, deleteAccount } = open(null)
    actor.send({ type: 'code.requested' })
    await codeSent(actor)
    expect(actor.getSnapshot().can({ type: 'code.requested' })).toBe(false)
    clock.increment(59_999)
    expect(actor.getSnapshot().can({ type: 'code.requested' })).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().can({ type: 'code.requested' })).toBe(true)
    expect(sendDeletionCode).toHaveBeenCalledTimes(1)

    actor.send({ type: 'reason.toggled', reason: 'usingAnotherApp' })
    actor.send({ type: 'remark.changed', remark: '  ' })
    actor.send({ type: 'code.changed', code: '482913' })
    actor.send({ type: 'deletion.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'deleted' })
    expect(deleteAccount.mock.calls[0]![0].input).toEqual({ reasons: ['usingAnotherApp'], code: '482913' })
  })

  it('shows the refusal when the server finds a loan the app did not know of', async () => {
    const open2401: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2401,
      message: 'Una mkopo unaoendelea',
      messageKey: 'errors.code.2401',
    }
    const { actor } = open(4, () => Promise.reject(open2401))
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'code.changed', code: '482913' })
    actor.send({ type: 'deletion.submitted' })
    await waitFor(actor, (s) => s.hasTag('refused'))
  })

  it('puts a wrong code from the server at the code field', async () => {
    const wrong: ApiFailure = {
      ok: false,
      kind: 'invalid',
      fields: { code: 'Nambari ya uthibitisho si sahihi' },
      message: '',
      messageKey: 'errors.code.1001',
    }
    const { actor } = open(8, () => Promise.reject(wrong))
    actor.send({ type: 'reason.toggled', reason: 'other' })
    actor.send({ type: 'code.changed', code: '000000' })
    actor.send({ type: 'deletion.submitted' })
    await waitFor(actor, (s) => s.context.fieldErrors.code !== undefined)
    expect(actor.getSnapshot().context.fieldErrors.code).toEqual({ text: 'Nambari ya uthibitisho si sahihi' })
    expect(actor.getSnapshot().hasTag('canSubmit')).toBe(true)
  })

  it('ends as dismissed when the borrower keeps the account', () => {
    const { actor } = open(null)
    actor.send({ type: 'deletion.dismissed' })
    expect(actor.getSnapshot().output).toEqual({ outcome: 'dismissed' })
  })
})
