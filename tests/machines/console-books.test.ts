/**
 * Issue 20: finance reads the books by UTC days — the last seven to begin with, checked at the fields, 92 at most —
 * and exports either report of the days shown.
 */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { consoleStubs, emptyBooks, NETWORK, provideConsole, type ConsoleAnswers } from './console-fixtures'

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
