import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { agreementMachine } from '../../machines/agreement.machine'
import type { AgreementDocument } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'

const DOC: AgreementDocument = { title: 'Loan agreement', version: '1', language: 'en', html: '<p>Terms</p>' }

function open(loanOrderId: string | null, load: () => Promise<AgreementDocument> = async () => DOC) {
  const loadAgreement = vi.fn(async (_: { input: { loanOrderId?: string } }) => load())
  const machine = agreementMachine.provide({ actors: { loadAgreement: fromPromise(loadAgreement) } })
  return { actor: createActor(machine, { input: { loanOrderId } }).start(), loadAgreement }
}

describe('loan agreement', () => {
  it("reads the borrower's order's agreement", async () => {
    const { actor, loadAgreement } = open('L-7')
    await waitFor(actor, (s) => s.matches('shown'))
    expect(loadAgreement.mock.calls[0]![0].input).toEqual({ loanOrderId: 'L-7' })
    expect(actor.getSnapshot().context.document).toEqual(DOC)
  })

  it("reads the product's agreement when there is no order", async () => {
    const { actor, loadAgreement } = open(null)
    await waitFor(actor, (s) => s.matches('shown'))
    expect(loadAgreement.mock.calls[0]![0].input).toEqual({})
  })

  it('offers a retry when the text could not be loaded', async () => {
    const failure: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    let calls = 0
    const { actor } = open(null, async () => (++calls === 1 ? Promise.reject(failure) : DOC))
    await waitFor(actor, (s) => s.hasTag('loadFailed'))
    actor.send({ type: 'agreement.retried' })
    await waitFor(actor, (s) => s.matches('shown'))
  })

  it("reads a confirmed order's signed contract from the contract call", async () => {
    const contract: AgreementDocument = { ...DOC, title: 'Loan contract KP-1001' }
    const loadAgreement = vi.fn(async () => DOC)
    const loadContract = vi.fn(async (_: { input: { loanOrderId: string } }) => contract)
    const machine = agreementMachine.provide({
      actors: { loadAgreement: fromPromise(loadAgreement), loadContract: fromPromise(loadContract) },
    })
    const actor = createActor(machine, { input: { loanOrderId: 'L-7', kind: 'contract' } }).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(loadContract.mock.calls[0]![0].input).toEqual({ loanOrderId: 'L-7' })
    expect(loadAgreement).not.toHaveBeenCalled()
    expect(shown.context.kind).toBe('contract')
    expect(shown.context.document).toEqual(contract)
  })

  it('offers a retry when the contract could not be loaded, and ends with the session when it ended', async () => {
    const failure: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    let calls = 0
    const machine = agreementMachine.provide({
      actors: {
        loadContract: fromPromise(async () => (++calls === 1 ? Promise.reject(failure) : DOC)),
      },
    })
    const actor = createActor(machine, { input: { loanOrderId: 'L-7', kind: 'contract' } }).start()
    await waitFor(actor, (s) => s.hasTag('loadFailed'))
    actor.send({ type: 'agreement.retried' })
    await waitFor(actor, (s) => s.matches('shown'))
    expect(calls).toBe(2)

    const ended: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }
    const ending = createActor(
      agreementMachine.provide({ actors: { loadContract: fromPromise(async () => Promise.reject(ended)) } }),
      { input: { loanOrderId: 'L-7', kind: 'contract' } },
    ).start()
    await waitFor(ending, (s) => s.status === 'done')
    expect(ending.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
  })
})
