/**
 * settings — the interface language, deleting the account, and logging out (the journey's 'session.signOut':
 * the session is cleared and the borrower is taken home). Logging out asks first. A visitor (no session) sees
 * only what a visitor can change: the language.
 */
import { useSelector } from '@xstate/react'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectSignedIn } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'
import { useCurrentLanguage } from './parts/current-language'

export default function SettingsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const language = useCurrentLanguage(journey)
  const signedIn = useSelector(journey, selectSignedIn)
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.settings.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">
        <nav className="k-card" aria-label={t('user-center.settings.title')}>
          <ul className="k-list">
            <ListRow
              title={t('user-center.settings.language')}
              value={t(`ui.language.endonym.${language}`)}
              onClick={() => journey.send(routeTo('language'))}
            />
            {signedIn && (
              <ListRow
                title={t('user-center.settings.deleteAccount')}
                detail={t('user-center.settings.deleteAccountHint')}
                onClick={() => journey.send(routeTo('deleteAccount'))}
              />
            )}
          </ul>
        </nav>
        {signedIn && (
          <div className="k-actions">
            <Button variant="secondary" block onClick={() => setConfirming(true)}>
              {t('user-center.settings.logOut')}
            </Button>
          </div>
        )}
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
