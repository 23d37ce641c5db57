/**
 * "Step 2 of 4 · Your ID" above a form that is one step of several (onboarding). The numbers come from the caller
 * (the domain's list of steps); the bar under the words only draws them.
 */
import type { CSSProperties, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

export interface StepIndicatorProps {
  /** 1-based. */
  number: number
  total: number
  /** The step's name. */
  name: string
}

export function StepIndicator({ number, total, name }: StepIndicatorProps): ReactElement {
  const { t } = useTranslation()
  const percent = Math.round((Math.min(number, total) / Math.max(1, total)) * 100)
  return (
    <div className="k-steps">
      <p className="k-steps__text">
        <span>{t('ui.steps.count', { number, total })}</span>
        <span className="k-steps__name">{name}</span>
      </p>
      <div className="k-progress" aria-hidden="true">
        <span className="k-progress__bar" style={{ '--k-progress': `${percent}%` } as CSSProperties} />
      </div>
    </div>
  )
}
