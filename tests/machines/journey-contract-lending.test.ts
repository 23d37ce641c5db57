/**
 * The journey's part in two calls: the lending screen's child reads when the confirmed order's money should arrive
 * (/loan/get-money-time), and 'contract.opened' shows a confirmed order's signed contract on the agreement screen
 * (/loan/get-money/contract) — for the journey's own order or one from the records, never before confirmation.
 */
import { describe, expect, it } from 'vitest'
import { waitFor, type AnyActorRef } from 'xstate'
import { startMoneyPath } from '../screens/borrow-harness'
import { settledOn } from '../screens/render-on-route'

describe('journey: lending and the signed contract', () => {
  it("reads the confirmed order's money time on the lending screen", async () => {
    const { actor, inputsOf } = startMoneyPath({ entry: 'lending', status: 7 })
    await settledOn(actor, 'lending')
    const lending = actor.getSnapshot().children.lending as AnyActorRef
    await waitFor(lending, (s) => s.matches('expected'))
    expect(inputsOf('loadMoneyTime')).toEqual([{ loanOrderId: 'L-1001' }])
  })

  it('opens the signed contract of a loan being repaid from repay detail, and the agreement again afterwards', async () => {
    const { actor, inputsOf } = startMoneyPath({ entry: 'repayDetail', status: 2 })
    await settledOn(actor, 'repayDetail')
    actor.send({ type: 'contract.opened', loanOrderId: 'L-1001', status: 2 })
    await settledOn(actor, 'agreement')
    const agreement = actor.getSnapshot().children.agreement as AnyActorRef
    const shown = await waitFor(agreement, (s) => s.matches('shown'))
    expect(shown.context.kind).toBe('contract')
    expect(shown.context.document.title).toBe('Loan contract L-1001')
    expect(inputsOf('loadContract')).toEqual([{ loanOrderId: 'L-1001' }])

    // Leaving forgets the contract: the agreement route shows the agreement again.
    actor.send({ type: 'xstate.route', to: '#repayDetail' })
    await settledOn(actor, 'repayDetail')
    expect(actor.getSnapshot().context.contractOrderId).toBeNull()
    actor.send({ type: 'xstate.route', to: '#agreement' })
    await settledOn(actor, 'agreement')
    const again = actor.getSnapshot().children.agreement as AnyActorRef
    await waitFor(again, (s) => s.matches('shown'))
    expect(again.getSnapshot().context.kind).toBe('agreement')
    expect(inputsOf('loadContract')).toHaveLength(1)
  })

  it("opens a repaid loan's contract from the records", async () => {
    const { actor, inputsOf } = startMoneyPath({ entry: 'records', status: 4 })
    await settledOn(actor, 'records')
    actor.send({ type: 'contract.opened', loanOrderId: 'L-KP-0999', status: 4 })
    await settledOn(actor, 'agreement')
    await waitFor(actor.getSnapshot().children.agreement as AnyActorRef, (s) => s.matches('shown'))
    expect(inputsOf('loadContract')).toEqual([{ loanOrderId: 'L-KP-0999' }])
  })

  it('has no contract to open before the loan is confirmed, or once it was cancelled or rejected', async () => {
    const { actor } = startMoneyPath({ entry: 'records', status: 14 })
    await settledOn(actor, 'records')
    for (const status of [1, 6, 8, 9, 14, 18, 19] as const)
      expect(actor.getSnapshot().can({ type: 'contract.opened', loanOrderId: 'L-1', status }), String(status)).toBe(false)
    for (const status of [2, 3, 4, 7, 10] as const)
      expect(actor.getSnapshot().can({ type: 'contract.opened', loanOrderId: 'L-1', status }), String(status)).toBe(true)
  })
})
