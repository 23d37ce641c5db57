/**
 * What the hot path keeps between calls (issue 17) answers what working it out afresh answers: the local date per
 * zone (kept for the UTC minute it holds in), the lifecycle snapshot of a frozen order row from the read cache, and
 * a rollover's decision per snapshot, and the SHA-256 of a session token.
 */
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { endOfLocalDay, localDate, startOfLocalDay } from '../../server/loans/dates'
import { ORDER_STATUS_CODES, OrderStatus, type OrderStatusCode } from '../../domain/order-status'
import { decide, lifecycleAt } from '../../machines/order-lifecycle/order-policy'
import { lifecycleOf, rolloverLeadsTo, type OrderRow } from '../../server/loans/lifecycle'
import { hashToken, hashTokenKept } from '../../server/accounts/sessions'
import { addDays, daysBetween, PricingError } from '../../domain/pricing'
import * as v from 'valibot'
import { additionalInfoSchema } from '../../domain/schemas/additional-info'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { workInfo } from '../domain/onboarding-bodies'

/** The date as Intl gives it, with a formatter of its own. */
function reference(at: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}`
}

const ZONES = [
  'Africa/Dar_es_Salaam',
  'Africa/Nairobi',
  'America/Mexico_City',
  'America/New_York',
  'Europe/London',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Africa/Monrovia', // −0:44:30 until 1972: an offset that is not whole minutes
  'UTC',
]

describe('localDate', () => {
  it('answers the zone’s date at every instant, in any order, around midnights and offset changes', () => {
    // Instants near local midnights (and a second either side of a minute) in 1970–1972 and 2025–2027.
    const instant = fc.oneof(
      fc.integer({ min: 0, max: 3 * 365 * 86_400 }).map((s) => s * 1000 + 999),
      fc.integer({ min: 1_735_689_600, max: 1_830_000_000 }).map((s) => s * 1000),
      fc
        .tuple(
          fc.integer({ min: 20_089, max: 21_180 }),
          fc.integer({ min: -15, max: 15 }),
          fc.integer({ min: -2, max: 2 }),
        )
        .map(([day, hours, seconds]) => day * 86_400_000 + hours * 3_600_000 + seconds * 1000),
      fc.integer({ min: 0, max: 1_100 * 86_400 }).map((s) => s * 1000 + 0), // 1970–1973, whole seconds
    )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ZONES), instant), { minLength: 1, maxLength: 30 }),
        (steps) => {
          for (const [zone, ms] of steps) {
            expect(localDate(new Date(ms), zone)).toBe(reference(new Date(ms), zone))
            // The same minute again, a moment later: what is kept must still be the date.
            expect(localDate(new Date(ms + 17), zone)).toBe(reference(new Date(ms + 17), zone))
          }
        },
      ),
      { numRuns: 400 },
    )
  })

  it('turns the day at local midnight to the millisecond, one call right after another', () => {
    // East Africa Time is UTC+3: 2026-03-01 begins at 2026-02-28T21:00:00.000Z.
    const midnight = Date.UTC(2026, 1, 28, 21, 0, 0)
    expect(localDate(new Date(midnight - 61_000), 'Africa/Nairobi')).toBe('2026-02-28')
    expect(localDate(new Date(midnight - 1), 'Africa/Nairobi')).toBe('2026-02-28')
    expect(localDate(new Date(midnight), 'Africa/Nairobi')).toBe('2026-03-01')
    expect(localDate(new Date(midnight - 1), 'Africa/Nairobi')).toBe('2026-02-28')
    // Monrovia at −0:44:30 (1971): midnight falls 30 s into a UTC minute; the date is never kept there.
    const monrovia = Date.UTC(1971, 5, 2, 0, 44, 30)
    expect(localDate(new Date(monrovia - 1), 'Africa/Monrovia')).toBe('1971-06-01')
    expect(localDate(new Date(monrovia), 'Africa/Monrovia')).toBe('1971-06-02')
    expect(localDate(new Date(monrovia - 1), 'Africa/Monrovia')).toBe('1971-06-01')
  })
})

/** An order row as the read cache keeps one: status 2, no rollover yet, three allowed. */
const row = (fields: Record<string, unknown>) =>
  ({
    status: 2,
    loan: { rolloversDone: 0 },
    maxRollovers: 3,
    questionnaireRequired: false,
    approvedAt: null,
    rejectedAt: null,
    ...fields,
  }) as unknown as OrderRow

describe('lifecycleOf', () => {
  it('keeps the snapshot of a frozen row, and resolves a changed row afresh', () => {
    const repaying = Object.freeze(row({ status: 2 }))
    const first = lifecycleOf(repaying)
    expect(lifecycleOf(repaying)).toBe(first)
    expect(first.can({ type: 'rollover.confirmed', at: 0, newDueAt: 1 })).toBe(true)
    // The cache's next read of the same order after a write is a new frozen row.
    const capped = Object.freeze(row({ status: 2, loan: { rolloversDone: 3 } }))
    expect(lifecycleOf(capped).context.rolloverCount).toBe(3)
    expect(lifecycleOf(capped).can({ type: 'rollover.confirmed', at: 0, newDueAt: 1 })).toBe(false)
    const overdue = Object.freeze(row({ status: 3 }))
    expect(lifecycleOf(overdue).value).not.toEqual(first.value)
  })

  it('resolves a row that is not frozen every time (it may be changed by whoever read it)', () => {
    const open = row({ status: 2, loan: { rolloversDone: 0 } })
    expect(lifecycleOf(open).context.rolloverCount).toBe(0)
    ;(open as unknown as { loan: { rolloversDone: number } }).loan = { rolloversDone: 3 }
    expect(lifecycleOf(open).context.rolloverCount).toBe(3)
  })
})

describe('startOfLocalDay and endOfLocalDay', () => {
  it('answer the same instant when asked again, for any zone and date', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 20_000, max: 21_500 }), (zone, day) => {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10)
        const start = startOfLocalDay(date, zone)
        // Local midnight begins the date, and the moment before it is the day before.
        expect(reference(start, zone)).toBe(date)
        expect(reference(new Date(start.getTime() - 1), zone)).not.toBe(date)
        expect(startOfLocalDay(date, zone).getTime()).toBe(start.getTime())
        // A copy each time: whoever changes the Date they got does not change the next answer.
        startOfLocalDay(date, zone).setTime(0)
        expect(startOfLocalDay(date, zone).getTime()).toBe(start.getTime())
        expect(endOfLocalDay(date, zone).getTime()).toBeGreaterThan(start.getTime())
        expect(reference(endOfLocalDay(date, zone), zone)).not.toBe(date)
      }),
      { numRuns: 300 },
    )
  })
})

describe('rolloverLeadsTo', () => {
  /** What the machine answers, asked afresh. */
  const machine = (order: OrderRow, at: number, newDueAt: number) => {
    const decision = decide(lifecycleAt(order.status as OrderStatusCode, lifecycleOf(order).context), {
      type: 'rollover.confirmed',
      at,
      newDueAt,
    })
    return decision.allowed ? decision.status : null
  }

  it('answers as the machine for every status and count, on both sides of the instant, kept or not', () => {
    const order = fc.record({
      status: fc.constantFrom(...ORDER_STATUS_CODES),
      rolloversDone: fc.integer({ min: 0, max: 4 }),
      maxRollovers: fc.integer({ min: 0, max: 4 }),
      frozen: fc.boolean(),
    })
    // A new due date a millisecond before, at, or after the instant, or anywhere around it.
    const offset = fc.oneof(
      fc.constantFrom(-1, 0, 1),
      fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }),
    )
    const at = fc.integer({ min: 1_735_689_600_000, max: 1_830_000_000_000 })
    fc.assert(
      fc.property(
        fc.array(fc.tuple(order, fc.array(fc.tuple(at, offset), { minLength: 1, maxLength: 6 })), {
          minLength: 1,
          maxLength: 12,
        }),
        (orders) => {
          for (const [o, asks] of orders) {
            const fields = {
              status: o.status,
              loan: { rolloversDone: o.rolloversDone },
              maxRollovers: o.maxRollovers,
            }
            const r = o.frozen ? Object.freeze(row(fields)) : row(fields)
            // The same row asked again and again (a frozen one keeps its snapshot and its answers).
            for (const [instant, ahead] of asks)
              expect(rolloverLeadsTo(r, instant, instant + ahead)).toBe(machine(r, instant, instant + ahead))
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('tells the overdue loan’s rollover that leaves it overdue from the one that clears it, to the millisecond', () => {
    const overdue = Object.freeze(row({ status: OrderStatus.Overdued }))
    const at = Date.UTC(2026, 10, 29, 12)
    expect(rolloverLeadsTo(overdue, at, at + 1)).toBe(OrderStatus.Repaying)
    expect(rolloverLeadsTo(overdue, at, at)).toBeNull()
    expect(rolloverLeadsTo(overdue, at, at - 1)).toBeNull()
    expect(rolloverLeadsTo(overdue, at + 5, at + 6)).toBe(OrderStatus.Repaying)
    const repaying = Object.freeze(row({ status: OrderStatus.Repaying }))
    expect(rolloverLeadsTo(repaying, at, at - 1)).toBe(OrderStatus.Repaying)
    const last = Object.freeze(row({ status: OrderStatus.Overdued, loan: { rolloversDone: 3 } }))
    expect(rolloverLeadsTo(last, at, at + 1)).toBeNull()
  })
})

describe('hashTokenKept', () => {
  const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
  it('answers the SHA-256 of every token, asked once or again, past the number it keeps', () => {
    const tokens = Array.from({ length: 5000 }, (_, i) => `${'t'.repeat(38)}${String(i).padStart(5, '0')}`)
    for (const round of [0, 1])
      for (const token of round ? [...tokens].reverse() : tokens)
        expect(hashTokenKept(token)).toBe(sha256(token))
  })
  it('answers what hashing afresh answers, for any text in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 60 }), { maxLength: 40 }), (tokens) => {
        for (const token of [...tokens, ...tokens]) {
          expect(hashTokenKept(token)).toBe(sha256(token))
          expect(hashToken(token)).toBe(sha256(token))
        }
      }),
    )
  })
})

describe('daysBetween and addDays with the day numbers kept', () => {
  /** The days from 1970-01-01, worked out afresh. */
  const days = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000
  const date = fc
    .integer({ min: -1_000, max: 60_000 })
    .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))
  it('answers what a fresh count answers, for dates asked once or again, past the number kept', () => {
    const dates = Array.from({ length: 12_000 }, (_, i) =>
      new Date((18_000 + i) * 86_400_000).toISOString().slice(0, 10),
    )
    for (const round of [0, 1])
      for (const d of round ? [...dates].reverse() : dates) {
        expect(daysBetween('2020-01-01', d)).toBe(days(d) - days('2020-01-01'))
        expect(addDays(d, 1)).toBe(new Date((days(d) + 1) * 86_400_000).toISOString().slice(0, 10))
      }
  })
  it('answers a fresh count for any dates in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(date, date), { maxLength: 30 }), (pairs) => {
        for (const [from, to] of [...pairs, ...pairs])
          expect(daysBetween(from, to)).toBe(days(to) - days(from))
      }),
    )
  })
  it('refuses a text that is not a calendar date every time it is asked, before and after valid ones', () => {
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-1-01',
      ' 2025-01-01',
      'not a date',
      '2025-01-01T00:00',
    ])
      for (const _ of [0, 1]) {
        expect(() => daysBetween('2025-01-01', bad)).toThrow(PricingError)
        expect(daysBetween('2025-01-01', '2025-01-02')).toBe(1)
      }
  })
})

describe('additionalInfoSchema kept per country and login number', () => {
  const refusesOwnMobile = (loginMobile: string) => {
    const result = v.safeParse(additionalInfoSchema('TZ', { loginMobile }), workInfo)
    return (
      !result.success &&
      fieldErrors(additionalInfoSchema('TZ', { loginMobile }), workInfo).emergencyContactMobile1 ===
        'validation.contact.ownMobile'
    )
  }
  it('refuses a contact’s number only for the borrower who logs in with it, asked in any order, past the number kept', () => {
    // Contact 1 is 0754000001: its owner may not name it; anyone else may.
    for (let i = 0; i < 1_200; i++) {
      const other = `07549${String(i).padStart(5, '0')}`
      expect(v.safeParse(additionalInfoSchema('TZ', { loginMobile: other }), workInfo).success).toBe(true)
      if (i % 97 === 0) expect(refusesOwnMobile('0754000001')).toBe(true)
    }
    expect(refusesOwnMobile('+255754000001')).toBe(true)
    expect(additionalInfoSchema('TZ', { loginMobile: '0754999999' })).toBe(
      additionalInfoSchema('TZ', { loginMobile: '0754999999' }),
    )
    expect(additionalInfoSchema('KE', { loginMobile: '0754999999' })).not.toBe(
      additionalInfoSchema('TZ', { loginMobile: '0754999999' }),
    )
  })
})
