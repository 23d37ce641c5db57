/** What a screen shows when a list is empty, or when loading failed (with a retry). */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface EmptyStateProps {
  /** Default: "No data" (spec §8). */
  title?: ReactNode
  text?: ReactNode
  action?: ReactNode
}

export function EmptyState({ title, text, action }: EmptyStateProps): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-state">
      <h2 className="k-state__title">{title ?? t('ui.empty.title')}</h2>
      {text && <p className="k-muted">{text}</p>}
      {action}
    </section>
  )
}

export interface ErrorStateProps {
  title?: ReactNode
  /** Default: "The request failed. Please try again." (spec §8). */
  text?: ReactNode
  onRetry: () => void
  retryLabel?: string
}

export function ErrorState({ title, text, onRetry, retryLabel }: ErrorStateProps): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-state" role="alert">
      <h2 className="k-state__title">{title ?? t('ui.error.title')}</h2>
      <p className="k-muted">{text ?? t('ui.error.text')}</p>
      <button type="button" className="k-btn k-btn--primary" onClick={onRetry}>
        {retryLabel ?? t('ui.error.retry')}
      </button>
    </section>
  )
}
