/**
 * Display helpers the money-path screens share, on top of the kit's <DisplayProvider>: a calendar day, and
 * amounts and rates as text for sentences (an amount inside a translated sentence cannot be a component).
 */
import type { ReactElement } from 'react'
import { formatMoney } from '../../domain/money'
import { useDisplay } from '../../ui/display'
import { formatDate, formatDateTimeRange, type Instant } from '../../ui/format'

/**
 * A calendar day ('YYYY-MM-DD': due dates, installment dates) in the borrower's locale. A day is not an instant:
 * it is formatted as the UTC date it names, so no time zone can move it to the day before.
 */
export function DayText({ day }: { day: string }): ReactElement {
  const { locale } = useDisplay()
  return <time dateTime={day}>{formatDay(day, locale)}</time>
}

const formatDay = (isoDate: string, locale: string) => formatDate(`${isoDate}T00:00:00Z`, locale, 'UTC')

/**
 * Formatters for sentences: money (minor units, exact), rates (0.02 → "2%", up to four decimals), calendar days,
 * instants as dates in the borrower's time zone, and a span between two instants (day and times) in it.
 */
export function useDisplayText(): {
  money: (minor: number) => string
  percent: (fraction: number) => string
  day: (isoDate: string) => string
  date: (at: Instant) => string
  dateTimeRange: (from: Instant, to: Instant) => string
} {
  const { currency, locale, timeZone } = useDisplay()
  return {
    money: (minor) => formatMoney(minor, currency, locale),
    percent: (fraction) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(fraction),
    day: (isoDate) => formatDay(isoDate, locale),
    date: (at) => formatDate(at, locale, timeZone),
    dateTimeRange: (from, to) => formatDateTimeRange(from, to, locale, timeZone),
  }
}
