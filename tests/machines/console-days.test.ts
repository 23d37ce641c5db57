import { describe, expect, it } from 'vitest'
import { dayErrors, draftDays, startingDays, withDay } from '../../machines/console-days'

const books = (days: { from: string; to: string }) => dayErrors(days, { days: 92, key: 'console.books.tooLong' })

describe('the days a console page reads by', () => {
  it('says a day that is not a day at its field, and a range longer than the page allows at `to`', () => {
    expect(dayErrors({ from: '2026-13-01', to: '2026-11-28' }).from).toBeDefined()
    expect(books({ from: '2026-01-01', to: '2026-11-28' })).toEqual({
      to: { key: 'console.books.tooLong', values: { max: 92 } },
    })
    expect(books({ from: '2026-08-29', to: '2026-11-28' })).toEqual({})
  })

  it('opens with the days typed before the session ended, blank ones filled, else the last days', () => {
    expect(startingDays({ from: '2026-11-01', to: '' }, '2026-11-28', 7, books)).toEqual({
      days: { from: '2026-11-01', to: '2026-11-28' },
      shown: { from: '2026-11-01', to: '2026-11-28' },
    })
    const longAgo = startingDays({ from: '2020-01-01', to: '' }, '2026-11-28', 7, books)
    expect(longAgo.days.from).toBe('2020-01-01')
    expect(longAgo.shown).toEqual({ from: '2026-11-22', to: '2026-11-28' })
  })

  it('takes a day typed and drops its message until the days are applied again', () => {
    const state = { days: draftDays(null), shown: null, fieldErrors: { from: { key: 'x' }, to: { key: 'y' } } }
    expect(withDay(state, 'from', '2026-11-02')).toEqual({
      days: { from: '2026-11-02', to: '' },
      fieldErrors: { from: undefined, to: { key: 'y' } },
    })
  })
})
