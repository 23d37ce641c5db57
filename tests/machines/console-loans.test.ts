/** Issue 20: staff find a borrower and read an order's story; the search is checked before it is sent. */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { BorrowerHit, OrderStory } from '../../domain/console'
import { consoleStubs, NETWORK, provideConsole, refused, type ConsoleAnswers } from './console-fixtures'

const HIT: BorrowerHit = {
  userId: 4,
  country: 'TZ',
  name: 'Asha Juma',
  mobile: '******001',
  matchedBy: 'mobile',
  orders: [
    {
      orderNo: 'KP261128000000001',
      status: 2,
      currency: 'TZS',
      requestedMinor: 10_000_000,
      createdAt: '2026-11-28T08:00:00.000Z',
    },
  ],
}
const STORY = {
  orderNo: 'KP261128000000001',
  status: 2,
  timeline: [],
  transfers: [],
  schedule: [],
  ledger: [],
  decision: null,
} as unknown as OrderStory

function start(answers: ConsoleAnswers = {}) {
  const stubs = consoleStubs(answers)
  const actor = createActor(provideConsole(stubs).loansDesk, {
    input: { timeZone: 'Africa/Dar_es_Salaam' },
  }).start()
  return { actor, stubs }
}

describe('finding a borrower and reading an order', () => {
  it('asks for three characters at least before searching, then searches what was typed, trimmed', async () => {
    const { actor, stubs } = start({ searchBorrowers: async () => [HIT] })
    actor.send({ type: 'loans.queryChanged', query: ' 07' })
    actor.send({ type: 'loans.searched' })
    expect(actor.getSnapshot().context.queryError).toEqual({
      key: 'console.loans.queryShort',
      values: { min: 3 },
    })
    expect(stubs.searchBorrowers).not.toHaveBeenCalled()
    actor.send({ type: 'loans.queryChanged', query: ' 0754001001 ' })
    actor.send({ type: 'loans.searched' })
    await waitFor(actor, (s) => s.context.borrowers !== null)
    expect(stubs.searchBorrowers).toHaveBeenCalledWith({ q: '0754001001' })
    expect(actor.getSnapshot().context).toMatchObject({ borrowers: [HIT], searched: '0754001001' })
  })

  it('opens an order’s story and goes back to the borrowers found', async () => {
    const { actor, stubs } = start({ searchBorrowers: async () => [HIT], readOrder: async () => STORY })
    actor.send({ type: 'loans.queryChanged', query: '0754001001' })
    actor.send({ type: 'loans.searched' })
    await waitFor(actor, (s) => s.context.borrowers !== null)
    actor.send({ type: 'loans.orderOpened', orderNo: 'KP261128000000001' })
    await waitFor(actor, (s) => s.matches('order'))
    expect(stubs.readOrder).toHaveBeenCalledWith({ orderNo: 'KP261128000000001' })
    actor.send({ type: 'loans.orderClosed' })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    expect(actor.getSnapshot().context.borrowers).toEqual([HIT])
  })

  it('says when an order does not exist, and tries again after a lost connection', async () => {
    let answer: unknown = refused(404, 'notFound')
    const { actor } = start({
      readOrder: async () => {
        if (answer) throw answer
        return STORY
      },
    })
    actor.send({ type: 'loans.orderOpened', orderNo: 'KP000' })
    await waitFor(actor, (s) => s.hasTag('failed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.loans.noOrder' })
    answer = NETWORK
    actor.send({ type: 'loans.retried' })
    await waitFor(
      actor,
      (s) =>
        s.hasTag('failed') &&
        JSON.stringify(s.context.error) === JSON.stringify({ key: 'console.error.network' }),
    )
    answer = null
    actor.send({ type: 'loans.retried' })
    await waitFor(actor, (s) => s.matches('order'))
  })
})
