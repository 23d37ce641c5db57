/**
 * settings — the interface language, deleting the account, and logging out (the journey's 'session.signOut':
 * the session is cleared and the borrower is taken home). Logging out asks first.
 */
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../src/ui/button'
import { Dialog } from '../../src/ui/dialog'
import { ListRow } from '../../src/ui/list-row'
import { PageHeader } from '../../src/ui/page-header'
import type { ScreenProps } from '../screen-props'
import { routeTo } from '../shared/route-to'
import { useCurrentLanguage } from './parts/current-language'

export default function SettingsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const language = useCurrentLanguage(journey)
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.settings.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">
        <nav className="k-card" aria-label={t('user-center.settings.title')}>
          <ul className="k-list">
            <ListRow
              title={t('user-center.settings.language')}
              value={t(`user-center.language.endonym.${language}`)}
              onClick={() => journey.send(routeTo('language'))}
            />
            <ListRow
              title={t('user-center.settings.deleteAccount')}
              detail={t('user-center.settings.deleteAccountHint')}
              onClick={() => journey.send(routeTo('deleteAccount'))}
            />
          </ul>
        </nav>
        <div className="k-actions">
          <Button variant="secondary" block onClick={() => setConfirming(true)}>
            {t('user-center.settings.logOut')}
          </Button>
        </div>
      </main>
      <Dialog
        open={confirming}
        title={t('user-center.settings.logOutTitle')}
        confirmLabel={t('user-center.settings.logOut')}
        onConfirm={() => {
          setConfirming(false)
          journey.send({ type: 'session.signOut' })
        }}
        onCancel={() => setConfirming(false)}
      >
        {t('user-center.settings.logOutText')}
      </Dialog>
    </div>
  )
}
