/** Issue 20: staff find a borrower and read an order's story; the search is checked before it is sent. */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { BorrowerHit, OrderStory } from '../../domain/console'
import { loansView, waiverMinor } from '../../machines/console-loans.machine'
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

  describe('actions on an order', () => {
    const OVERDUE = {
      ...STORY,
      status: 3,
      currency: 'TZS',
      due: { principalMinor: 10_000_000, interestMinor: 0, penaltyMinor: 50_000 },
      actions: ['waive', 'write-off'],
    } as unknown as OrderStory

    async function opened(answers: Parameters<typeof start>[0]) {
      const started = start({ readOrder: async () => OVERDUE, ...answers })
      started.actor.send({ type: 'loans.orderOpened', orderNo: 'KP261128000000001' })
      await waitFor(started.actor, (s) => s.matches({ order: 'viewing' }))
      return started
    }

    it('offers only the actions the story lists', async () => {
      const { actor } = await opened({})
      expect(loansView(actor.getSnapshot()).actions).toEqual(['waive', 'write-off'])
      actor.send({ type: 'loans.actionChosen', action: 'cancel' })
      expect(actor.getSnapshot().matches({ order: 'viewing' })).toBe(true)
    })

    it('asks why and how much (in the currency’s units, at most the penalty due) before waiving', async () => {
      const after = { ...OVERDUE, due: { ...OVERDUE.due, penaltyMinor: 20_000 } }
      const { actor, stubs } = await opened({ actOnOrder: async () => after })
      actor.send({ type: 'loans.actionChosen', action: 'waive' })
      actor.send({ type: 'loans.actionConfirmed' })
      expect(actor.getSnapshot().context).toMatchObject({
        noteError: { key: 'console.loans.action.noteRequired' },
        amountError: { key: 'console.loans.action.amountInvalid' },
      })
      actor.send({ type: 'loans.amountChanged', amount: '600' })
      actor.send({ type: 'loans.noteChanged', note: ' Goodwill ' })
      actor.send({ type: 'loans.actionConfirmed' })
      expect(actor.getSnapshot().context.amountError).toEqual({ key: 'console.loans.action.amountAbove' })
      expect(stubs.actOnOrder).not.toHaveBeenCalled()
      actor.send({ type: 'loans.amountChanged', amount: '300' })
      actor.send({ type: 'loans.actionConfirmed' })
      await waitFor(actor, (s) => s.matches({ order: 'viewing' }))
      const sent = stubs.actOnOrder.mock.calls[0]![0]
      expect(sent).toMatchObject({
        orderNo: 'KP261128000000001',
        action: 'waive',
        request: { note: 'Goodwill', amountMinor: 30_000 },
      })
      expect(sent.request.requestId).toMatch(/^[0-9a-f-]{36}$/)
      expect(loansView(actor.getSnapshot()).story).toEqual(after)
    })

    it('sends the same request id again after a lost connection, and says when the order changed meanwhile', async () => {
      let answer: unknown = NETWORK
      const { actor, stubs } = await opened({
        actOnOrder: async () => {
          throw answer
        },
      })
      actor.send({ type: 'loans.actionChosen', action: 'write-off' })
      actor.send({ type: 'loans.noteChanged', note: 'Uncollectable' })
      actor.send({ type: 'loans.actionConfirmed' })
      await waitFor(actor, (s) => s.matches({ order: 'confirming' }) && s.context.actionError !== null)
      expect(actor.getSnapshot().context.actionError).toEqual({ key: 'console.error.network' })
      answer = refused(409, 'notAllowed')
      actor.send({ type: 'loans.actionConfirmed' })
      await waitFor(
        actor,
        (s) =>
          JSON.stringify(s.context.actionError) ===
          JSON.stringify({ key: 'console.loans.action.notAllowed' }),
      )
      const [first, second] = stubs.actOnOrder.mock.calls.map(([input]) => input.request.requestId)
      expect(second).toBe(first)
      actor.send({ type: 'loans.actionDismissed' })
      expect(actor.getSnapshot().matches({ order: 'viewing' })).toBe(true)
      expect(actor.getSnapshot().context.requestId).toBeNull()
    })
  })
})

describe('waiverMinor', () => {
  it('reads the currency’s units into minor units, and refuses what is not an amount', () => {
    expect(waiverMinor('1,500.5', 'TZS')).toBe(150_050)
    expect(waiverMinor(' 300 ', 'KES')).toBe(30_000)
    expect(waiverMinor('0', 'TZS')).toBeNull()
    expect(waiverMinor('1.234', 'TZS')).toBeNull()
    expect(waiverMinor('-5', 'TZS')).toBeNull()
    expect(waiverMinor('abc', 'TZS')).toBeNull()
  })
})
