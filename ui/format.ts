/**
 * Display helpers: numbers, dates and durations with Intl, in the country's locale and the borrower's time zone.
 * Times are stored in UTC (epoch ms or ISO strings) and only turned into local wall-clock time here. Amounts use
 * formatMoney of domain/money.ts, which never passes money through a float.
 */

export type Instant = number | string | Date

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`
  let format = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/** A Date from epoch milliseconds, an ISO string (UTC unless it says otherwise) or a Date; null if invalid. */
export function toDate(at: Instant): Date | null {
  const date = at instanceof Date ? at : new Date(at)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A day, e.g. "12 Mar 2025", in the borrower's time zone; '' for an invalid instant. */
export function formatDate(at: Instant, locale: string, timeZone: string): string {
  const date = toDate(at)
  return date ? dateFormat(locale, { dateStyle: 'medium', timeZone }).format(date) : ''
}

/** A day and time, e.g. "12 Mar 2025, 14:05", in the borrower's time zone; '' for an invalid instant. */
export function formatDateTime(at: Instant, locale: string, timeZone: string): string {
  const date = toDate(at)
  return date ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date) : ''
}

/**
 * A span of time, e.g. "12 Mar 2025, 10:15 – 11:05" (the day once when both ends share it), in the borrower's
 * time zone; '' when either end is invalid.
 */
export function formatDateTimeRange(from: Instant, to: Instant, locale: string, timeZone: string): string {
  const start = toDate(from)
  const end = toDate(to)
  if (!start || !end) return ''
  const format = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return start.getTime() <= end.getTime() ? format.formatRange(start, end) : format.formatRange(end, start)
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(at: Instant, timeZone: string): string {
  const date = toDate(at)
  if (!date) return ''
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** A whole number with the locale's grouping, e.g. 1,000 or 1.000. */
export function formatNumber(value: number, locale: string): string {
  const key = `n|${locale}`
  let format = cache.get(key) as Intl.NumberFormat | undefined
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })))
  return format.format(value)
}

/** The month names of a locale, January first. */
export function monthNames(locale: string): string[] {
  const format = dateFormat(locale, { month: 'long', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2000, m, 15)))
}

/** Milliseconds as hh:mm:ss (hours keep counting past 24); negative counts as zero; partial seconds round up. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}
