/**
 * The loan amount: − and + buttons and a slider over [min, max] in steps of `step` minor units, shown with
 * formatMoney. Every value it produces is min + k × step and within the range (snapToStep).
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../domain/money'
import { useDisplay } from './display'
import { Icon } from './icons'

/** The largest amount on the step grid that does not pass `max`. */
export function lastStep(min: number, max: number, step: number): number {
  return max < min ? min : min + Math.floor((max - min) / step) * step
}

/** The amount on the grid min + k × step nearest to `value`, within [min, lastStep]. */
export function snapToStep(value: number, min: number, max: number, step: number): number {
  if (!Number.isFinite(value) || step <= 0) return min
  const top = lastStep(min, max, step)
  const snapped = min + Math.round((value - min) / step) * step
  return Math.min(top, Math.max(min, snapped))
}

export interface AmountStepperProps {
  /** Minor units. */
  value: number
  min: number
  max: number
  step: number
  onChange: (value: number) => void
  /** Accessible name of the slider (the visible label is the screen's). */
  label: string
  id?: string
}

export function AmountStepper({
  value,
  min,
  max,
  step,
  onChange,
  label,
  id,
}: AmountStepperProps): ReactElement {
  const { t } = useTranslation()
  const { currency, locale } = useDisplay()
  const ownId = useId()
  const outputId = `${id ?? ownId}-amount`
  const current = snapToStep(value, min, max, step)
  const top = lastStep(min, max, step)
  const money = (minor: number) => formatMoney(minor, currency, locale)
  const set = (next: number) => {
    const snapped = snapToStep(next, min, max, step)
    if (snapped !== value) onChange(snapped)
  }
  return (
    <div className="k-stepper">
      <div className="k-stepper__row">
        <button
          type="button"
          className="k-icon-btn k-stepper__btn"
          aria-label={t('ui.stepper.decrease', { amount: money(step) })}
          aria-controls={id ?? ownId}
          disabled={current <= min}
          onClick={() => set(current - step)}
        >
          <Icon name="minus" />
        </button>
        <output id={outputId} className="k-stepper__value" htmlFor={id ?? ownId} aria-live="polite">
          {money(current)}
        </output>
        <button
          type="button"
          className="k-icon-btn k-stepper__btn"
          aria-label={t('ui.stepper.increase', { amount: money(step) })}
          aria-controls={id ?? ownId}
          disabled={current >= top}
          onClick={() => set(current + step)}
        >
          <Icon name="plus" />
        </button>
      </div>
      <input
        id={id ?? ownId}
        type="range"
        className="k-range"
        aria-label={label}
        aria-valuetext={money(current)}
        min={min}
        max={top}
        step={step}
        value={current}
        onChange={(event) => set(Number(event.target.value))}
      />
      <div className="k-stepper__limits" aria-hidden="true">
        <span>{money(min)}</span>
        <span>{money(top)}</span>
      </div>
    </div>
  )
}
