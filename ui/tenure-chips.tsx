/** The loan's tenure as chips (a radio group): one per number of days the product offers. */
import { useRef, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

export interface TenureChipsProps {
  /** Days the product offers, e.g. [91, 120, 180]. */
  options: readonly number[]
  value: number | null | undefined
  onChange: (days: number) => void
  /** Accessible name of the group (the visible label is the screen's). */
  label: string
}

export function TenureChips({ options, value, onChange, label }: TenureChipsProps): ReactElement {
  const { t } = useTranslation()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const checkedIndex = options.findIndex((days) => days === value)
  const move = (event: KeyboardEvent, index: number) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    if (!delta) return
    event.preventDefault()
    const next = (index + delta + options.length) % options.length
    const days = options[next]
    if (days !== undefined) onChange(days)
    refs.current[next]?.focus()
  }
  return (
    <div className="k-chips" role="radiogroup" aria-label={label}>
      {options.map((days, index) => (
        <button
          key={days}
          ref={(el) => {
            refs.current[index] = el
          }}
          type="button"
          role="radio"
          className="k-chip"
          aria-checked={days === value}
          tabIndex={index === Math.max(0, checkedIndex) ? 0 : -1}
          onClick={() => onChange(days)}
          onKeyDown={(event) => move(event, index)}
        >
          {t('ui.tenure.days', { count: days })}
        </button>
      ))}
    </div>
  )
}
