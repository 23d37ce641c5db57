/**
 * Date of birth as three selects (year, month, day), limited to the years of spec §5 (birthdayYearRange) and to
 * dates on which the borrower is at least 18 today (isBirthdayAllowed): the month waits for the year and the day
 * for the month, so no invalid or disallowed date is ever offered. The value is 'YYYY-MM-DD', or '' until all
 * three are chosen.
 */
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { birthdayYearRange, isBirthdayAllowed } from '../domain/enums'
import { useDisplay } from './display'
import { monthNames } from './format'

interface Parts {
  year?: number
  month?: number
  day?: number
}

const pad = (n: number) => String(n).padStart(2, '0')
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

function partsOf(value: string): Parts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null
}

/** Years the picker offers, the most recent first. */
export function birthdayYears(today: Date): number[] {
  const { minYear, maxYear } = birthdayYearRange(today)
  return Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i)
}

/** Months (1–12) of a year that hold at least one allowed birthday. */
export function birthdayMonths(year: number, today: Date): number[] {
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((month) =>
    isBirthdayAllowed(isoOf(year, month, 1), today),
  )
}

/** Days of a month that are real dates and allowed birthdays. */
export function birthdayDays(year: number, month: number, today: Date): number[] {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return Array.from({ length }, (_, i) => i + 1).filter((day) =>
    isBirthdayAllowed(isoOf(year, month, day), today),
  )
}

/** Keeps what is still allowed after a change, dropping the month or day that no longer fits. */
function fit(parts: Parts, today: Date): Parts {
  const { year, month, day } = parts
  if (year === undefined || !birthdayYears(today).includes(year)) return {}
  if (month === undefined || !birthdayMonths(year, today).includes(month)) return { year }
  if (day === undefined || !birthdayDays(year, month, today).includes(day)) return { year, month }
  return { year, month, day }
}

export interface BirthdayPickerProps {
  id?: string
  value: string | null | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  onFocus?: () => void
  /** The day the range is counted from (injected so tests and the server agree on it). */
  today: Date
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
}

export function BirthdayPicker({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  today,
  ...aria
}: BirthdayPickerProps): ReactElement {
  const { t } = useTranslation()
  const { locale } = useDisplay()
  const [partial, setPartial] = useState<Parts>({})
  const shown = partsOf(value ?? '') ?? partial
  const names = monthNames(locale)

  const change = (key: keyof Parts, raw: string) => {
    const next = fit({ ...shown, [key]: raw === '' ? undefined : Number(raw) }, today)
    const complete = next.year !== undefined && next.month !== undefined && next.day !== undefined
    setPartial(complete ? {} : next)
    onChange(complete ? isoOf(next.year!, next.month!, next.day!) : '')
  }

  const select = (
    key: keyof Parts,
    options: readonly { value: number; label: string }[],
    disabled: boolean,
  ) => (
    <select
      key={key}
      id={key === 'year' ? id : undefined}
      className="k-input"
      aria-label={t(`ui.birthday.${key}`)}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      aria-required={aria['aria-required']}
      value={shown[key] ?? ''}
      disabled={disabled}
      onChange={(event) => change(key, event.target.value)}
      onBlur={onBlur}
      onFocus={onFocus}
    >
      <option value="">{t(`ui.birthday.${key}`)}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )

  const years = birthdayYears(today).map((y) => ({ value: y, label: String(y) }))
  const months =
    shown.year === undefined
      ? []
      : birthdayMonths(shown.year, today).map((m) => ({ value: m, label: names[m - 1] ?? String(m) }))
  const days =
    shown.year === undefined || shown.month === undefined
      ? []
      : birthdayDays(shown.year, shown.month, today).map((d) => ({ value: d, label: String(d) }))

  const columns = [
    ['year', years, false],
    ['month', months, shown.year === undefined],
    ['day', days, shown.month === undefined],
  ] as const

  return (
    <div className="k-birthday" role="group" aria-labelledby={aria['aria-labelledby']}>
      {columns.map(([key, options, disabled]) => select(key, options, disabled))}
    </div>
  )
}
