/** A determinate progress bar (upload, compression): `value` is a fraction 0–1. */
import type { CSSProperties, ReactElement } from 'react'

export function ProgressBar({ value, label }: { value: number; label: string }): ReactElement {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100)
  return (
    <div
      className="k-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ '--k-progress': `${percent}%` } as CSSProperties}
    >
      <span className="k-progress__bar" />
    </div>
  )
}
