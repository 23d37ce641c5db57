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

/** The calendar date of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): IsoDate {
  const p = parts(at, timeZone)
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** The instant local midnight begins `date` in `timeZone`. */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
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
