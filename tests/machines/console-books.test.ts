/**
 * Issue 20: finance reads the books by UTC days — the last seven to begin with, checked at the fields, 92 at most —
 * and exports either report of the days shown.
 */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { booksView } from '../../machines/console-books.machine'
import {
  consoleStubs,
  emptyBooks,
  NETWORK,
  provideConsole,
  refused,
  type ConsoleAnswers,
} from './console-fixtures'

function start(answers: ConsoleAnswers = {}, draft?: { from?: string; to?: string }) {
  const stubs = consoleStubs(answers)
  const actor = createActor(provideConsole(stubs).booksReader, { input: { draft } }).start()
  return { actor, stubs }
}

describe('reading the books', () => {
  it('reads the last seven UTC days at first', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(stubs.today).toHaveBeenCalledWith({ timeZone: 'UTC' })
    expect(stubs.readBooks).toHaveBeenCalledWith({ from: '2026-03-04', to: '2026-03-10' })
    expect(actor.getSnapshot().context.page?.check.ok).toBe(true)
  })

  it('checks the days at their fields, at most 92 of them, before reading', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'books.dayChanged', field: 'from', day: '2026-03-10' })
    actor.send({ type: 'books.dayChanged', field: 'to', day: '2026-03-01' })
    actor.send({ type: 'books.applied' })
    expect(actor.getSnapshot().context.fieldErrors.to).toEqual({ key: 'console.validation.dayOrder' })
    actor.send({ type: 'books.dayChanged', field: 'from', day: '2025-11-01' })
    actor.send({ type: 'books.applied' })
    expect(actor.getSnapshot().context.fieldErrors.to).toEqual({
      key: 'console.books.tooLong',
      values: { max: 92 },
    })
    expect(stubs.readBooks).toHaveBeenCalledTimes(1)
    actor.send({ type: 'books.dayChanged', field: 'from', day: '2026-02-01' })
    actor.send({ type: 'books.applied' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(stubs.readBooks).toHaveBeenLastCalledWith({ from: '2026-02-01', to: '2026-03-01' })
  })

  it('exports the report asked for, of the days shown (not the days being typed), and says so', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'books.dayChanged', field: 'from', day: '2026-01-01' })
    actor.send({ type: 'books.exportRequested', report: 'accounts' })
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true)
    await waitFor(actor, (s) => s.context.notice !== null)
    expect(stubs.exportBooks).toHaveBeenCalledWith({
      from: '2026-03-04',
      to: '2026-03-10',
      report: 'accounts',
    })
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'console.books.exported' })
  })

  it('offers another try when the books cannot be read, and starts from the days typed before a new sign-in', async () => {
    let fail = true
    const { actor, stubs } = start({
      readBooks: async (query) => {
        if (fail) throw NETWORK
        return emptyBooks(query)
      },
    })
    await waitFor(actor, (s) => s.hasTag('failed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    fail = false
    actor.send({ type: 'books.retried' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(stubs.readBooks).toHaveBeenCalledTimes(2)
    // The days typed before the session ended come back with the page.
    const again = start({}, { from: '2026-02-01', to: '2026-02-28' })
    await waitFor(again.actor, (s) => s.matches('ready'))
    expect(again.stubs.readBooks).toHaveBeenCalledWith({ from: '2026-02-01', to: '2026-02-28' })
  })
})

describe('resolving a receipt in suspense', () => {
  const RECEIPT = {
    id: 41,
    provider: 'mpesa',
    receipt: 'QK81XYZ',
    at: '2026-03-09T10:15:00.000Z',
    currency: 'KES',
    amountMinor: 150_000,
  }
  function withReceipt(answers: ConsoleAnswers = {}, mayResolve = true) {
    let waiting = [RECEIPT]
    const stubs = consoleStubs({
      readBooks: async (query) => ({ ...emptyBooks(query), suspense: waiting }),
      resolveSuspense: async (input) => {
        waiting = []
        return {
          id: input.id,
          outcome: input.request.outcome,
          orderNo: input.request.outcome === 'applied' ? input.request.orderNo : null,
          reference: input.request.outcome === 'refunded' ? input.request.reference : null,
        }
      },
      ...answers,
    })
    const actor = createActor(provideConsole(stubs).booksReader, { input: { mayResolve } }).start()
    return { actor, stubs }
  }

  it('is offered only to a member who may change what is owed', async () => {
    const { actor } = withReceipt({}, false)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(booksView(actor.getSnapshot()).canResolve).toBe(false)
    actor.send({ type: 'books.resolveChosen', id: 41 })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
  })

  it('checks the form, applies the receipt to an order and reads the books again', async () => {
    const { actor, stubs } = withReceipt()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'books.resolveChosen', id: 41 })
    actor.send({ type: 'books.resolveConfirmed' })
    expect(booksView(actor.getSnapshot()).resolving?.errors).toEqual({
      orderNo: { key: 'console.books.resolve.orderNoInvalid' },
      note: { key: 'console.books.resolve.noteInvalid' },
    })
    actor.send({ type: 'books.resolveChanged', field: 'orderNo', value: ' kp261128000000001 ' })
    actor.send({ type: 'books.resolveChanged', field: 'note', value: 'Named the order by SMS' })
    actor.send({ type: 'books.resolveConfirmed' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.page!.suspense.length === 0)
    expect(stubs.resolveSuspense.mock.calls[0]![0]).toMatchObject({
      id: 41,
      request: { outcome: 'applied', orderNo: 'KP261128000000001', note: 'Named the order by SMS' },
    })
    expect(stubs.readBooks).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'console.books.resolve.done' })
  })

  it('records a payment back by hand with its reference, and shows a refusal at its field', async () => {
    let refuse = true
    const { actor, stubs } = withReceipt({
      resolveSuspense: async (input) => {
        if (refuse) throw refused(409, 'aboveBalance')
        return { id: input.id, outcome: 'refunded', orderNo: null, reference: 'RFD-1' }
      },
    })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'books.resolveChosen', id: 41 })
    actor.send({ type: 'books.resolveChanged', field: 'orderNo', value: 'KP261128000000001' })
    actor.send({ type: 'books.resolveChanged', field: 'note', value: 'Paid twice' })
    actor.send({ type: 'books.resolveConfirmed' })
    await waitFor(actor, (s) => s.context.resolving?.errors.orderNo !== undefined)
    expect(actor.getSnapshot().context.resolving!.errors.orderNo).toEqual({
      key: 'console.books.resolve.aboveBalance',
    })
    refuse = false
    actor.send({ type: 'books.resolveChanged', field: 'outcome', value: 'refunded' })
    actor.send({ type: 'books.resolveChanged', field: 'reference', value: 'RFD-1' })
    actor.send({ type: 'books.resolveConfirmed' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    const [first, second] = stubs.resolveSuspense.mock.calls.map(([input]) => input.request)
    expect(second).toMatchObject({ outcome: 'refunded', reference: 'RFD-1', note: 'Paid twice' })
    expect(second!.requestId).toBe(first!.requestId)
  })
})
