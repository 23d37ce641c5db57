/**
 * The bottom tabs of spec §2: home, records, me. Screens have no URLs, so a tab is a button that asks the app to
 * go there; the current one carries aria-current="page".
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'

export const TABS = ['home', 'records', 'me'] as const
export type TabName = (typeof TABS)[number]

export interface TabBarProps {
  current: TabName | null
  onSelect: (tab: TabName) => void
  /** Tabs with something new (e.g. a feedback reply) show a dot. */
  marked?: readonly TabName[]
}

export function TabBar({ current, onSelect, marked = [] }: TabBarProps): ReactElement {
  const { t } = useTranslation()
  return (
    <nav className="k-tabbar" aria-label={t('ui.tabs.label')}>
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          className="k-tab"
          aria-current={tab === current ? 'page' : undefined}
          onClick={() => onSelect(tab)}
        >
          <Icon name={tab} />
          <span>{t(`ui.tabs.${tab}`)}</span>
          {marked.includes(tab) && <span className="k-dot" role="img" aria-label={t('ui.tabs.new')} />}
        </button>
      ))}
    </nav>
  )
}
