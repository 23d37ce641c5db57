/**
 * Calendar dates in a country's time zone. The pricing engine counts whole calendar days ('YYYY-MM-DD'); the
 * server decides which day "today" is in the borrower's country (Tanzania and Kenya: East Africa Time; Mexico:
 * Mexico City), and when a due date ends.
 */
import type { IsoDate } from '../../domain/pricing'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

function parts(at: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(at))
    if (p.type !== 'literal') out[p.type] = Number(p.value)
  return out
}

const MINUTE_MS = 60_000

/**
 * The last calendar date worked out per zone, with the UTC minute it holds for (issue 17: Intl's formatToParts on
 * every order read was a few per cent of the server's time under load). Within one UTC minute the local date
 * cannot change when the zone's offset is a whole number of minutes — local midnight then falls on a UTC minute,
 * as every offset change of today's zones does — so only such an offset is kept.
 */
const lastDates = new Map<string, { minute: number; date: IsoDate }>()

/** The calendar date of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): IsoDate {
  const ms = at.getTime()
  const minute = Math.floor(ms / MINUTE_MS)
  const last = lastDates.get(timeZone)
  if (last !== undefined && last.minute === minute) return last.date
  const p = parts(at, timeZone)
  const date: IsoDate = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
  // The offset (local wall time minus UTC, to the second): kept only when it is whole minutes.
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
  const offset = wall - Math.floor(ms / 1000) * 1000
  if (Number.isFinite(offset) && offset % MINUTE_MS === 0) lastDates.set(timeZone, { minute, date })
  return date
}

/**
 * The instants local days begin, per zone and date: a function of the two alone, worked out once (issue 17: the
 * repayment screen's rollover offer asks for its new due date's end on every read, four of Intl's formatToParts).
 * Bounded: emptied when full.
 */
const dayStarts = new Map<string, number>()
const MAX_DAY_STARTS = 10_000

/** The instant local midnight begins `date` in `timeZone`. */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  const id = `${timeZone}\u0000${date}`
  let start = dayStarts.get(id)
  if (start === undefined) {
    start = workOutStartOfLocalDay(date, timeZone).getTime()
    if (dayStarts.size >= MAX_DAY_STARTS) dayStarts.clear()
    dayStarts.set(id, start)
  }
  return new Date(start)
}

function workOutStartOfLocalDay(date: IsoDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const guess = Date.UTC(y, m - 1, d)
  // The zone's offset at that moment: local wall time minus UTC. Two rounds settle a DST change.
  let t = guess
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(t), timeZone)
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
    t = guess - (wall - t)
  }
  return new Date(t)
}

/** The instant a due date is over: the start of the next local day. */
export function endOfLocalDay(date: IsoDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
  return startOfLocalDay(next, timeZone)
}
