/**
 * The days a console page reads by (the audit log's, the books'): from and to as YYYY-MM-DD, checked at their
 * fields before anything is read, at most so many days when the page sets a limit, the last few days to begin with,
 * and the days as typed kept across a new sign-in (machines/console-app.machine.ts).
 */
import { addDays } from '../domain/console'
import { auditDaysSchema } from '../domain/schemas/console'
import { localFieldErrors, msg, type Message } from './console-calls'

export const DAY_FIELDS = ['from', 'to'] as const
export type DayField = (typeof DAY_FIELDS)[number]
export type Days = Record<DayField, string>
export type DayErrors = Partial<Record<DayField, Message>>

/** What a page keeps of its days. */
export interface DaysState {
  /** The days as typed. */
  days: Days
  /** The days whose rows are shown (the last days applied). */
  shown: Days | null
  fieldErrors: DayErrors
}

/** How many days from `from` to `to`, both counted. */
const daySpan = (d: Days) => (Date.parse(`${d.to}T00:00:00Z`) - Date.parse(`${d.from}T00:00:00Z`)) / 86_400_000 + 1

/** The messages at the fields; past `longest.days`, the message `longest.key` at `to`. */
export function dayErrors(days: Days, longest?: { days: number; key: string }): DayErrors {
  const errors = localFieldErrors(auditDaysSchema, days, DAY_FIELDS)
  if (longest && Object.keys(errors).length === 0 && daySpan(days) > longest.days)
    return { to: msg(longest.key, { max: longest.days }) }
  return errors
}

/** The days a page opens with: as typed before the session ended (blank ones filled), else the last `count` days. */
export function startingDays(days: Days, today: string, count: number, errorsOf: (d: Days) => DayErrors) {
  const fallback = { from: addDays(today, 1 - count), to: today }
  const typed = { from: days.from || fallback.from, to: days.to || fallback.to }
  return { days: typed, shown: Object.keys(errorsOf(typed)).length === 0 ? typed : fallback }
}

/** One day typed: its message goes until the days are applied again. */
export const withDay = (state: DaysState, field: DayField, day: string) => ({
  days: { ...state.days, [field]: day },
  fieldErrors: { ...state.fieldErrors, [field]: undefined },
})

/** The days as kept across a new sign-in ('' for none). */
export const draftDays = (draft: Partial<Days> | null | undefined): Days => ({
  from: draft?.from ?? '',
  to: draft?.to ?? '',
})
