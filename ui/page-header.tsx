/** The header of a screen: its title (the page's h1) and, when the screen can go back, a back button. */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'

export interface PageHeaderProps {
  title: ReactNode
  /** Without it there is no back button (tab screens). */
  onBack?: () => void
  /** Something at the right end, e.g. a help or statement button. */
  action?: ReactNode
}

export function PageHeader({ title, onBack, action }: PageHeaderProps): ReactElement {
  const { t } = useTranslation()
  return (
    <header className="k-header">
      {onBack && (
        <button type="button" className="k-icon-btn" aria-label={t('ui.header.back')} onClick={onBack}>
          <Icon name="back" />
        </button>
      )}
      <h1 className="k-header__title">{title}</h1>
      {action}
    </header>
  )
}
