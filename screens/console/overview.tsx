/**
 * The console's first page once signed in: who the member is, their role, and in words what that role lets them
 * do (GET /console/api/me) — the navigation beside it offers the pages of it that the console has.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleAppView } from '../../machines/console-app.machine'
import { KvLine } from '../../ui/kv-line'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'

export default function OverviewScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const { member, permissions } = useView(app, consoleAppView)
  if (!member) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.overview.title', { name: member.displayName })}</h1>
      <section className="k-card k-stack" aria-labelledby="overview-account">
        <h2 id="overview-account" className="k-section-title">
          {t('console.overview.account')}
        </h2>
        <dl className="k-kv">
          <KvLine label={t('console.overview.username')}>{member.username}</KvLine>
          <KvLine label={t('console.overview.role')}>{t(`console.role.${member.role}`)}</KvLine>
        </dl>
      </section>
      <section className="k-card k-stack" aria-labelledby="overview-may">
        <h2 id="overview-may" className="k-section-title">
          {t('console.overview.may')}
        </h2>
        <ul className="c-bullets">
          {permissions.map((permission) => (
            <li key={permission}>{t(`console.permission.${permission}`)}</li>
          ))}
        </ul>
      </section>
    </main>
  )
}
