/**
 * The global loading overlay of spec §2. The app shows it from a machine tag (`loading`), never from HTTP calls,
 * so a background poll does not block the screen.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

export function LoadingOverlay({
  visible,
  label,
}: {
  visible: boolean
  label?: string
}): ReactElement | null {
  const { t } = useTranslation()
  if (!visible) return null
  return (
    <div className="k-overlay" role="status" aria-busy="true">
      <span className="k-spinner" aria-hidden="true" />
      <span className="k-sr">{label ?? t('ui.loading')}</span>
    </div>
  )
}
