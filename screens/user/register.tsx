/**
 * /user/register — create an account with a mobile number and the SMS code. A number that is registered already
 * is refused at the number field ("This number has been registered, please login directly"), with "Log in with
 * this number" one tap away. A landing page (/yx3) may have filled the number in.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME } from '../shared/journey-selectors'
import { LanguageSwitch } from '../shared/language-switch'
import { AccountLinks } from './parts/account-links'
import { LoginForm, useLoginChild } from './parts/login-form'

export default function RegisterScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const login = useLoginChild(journey)
  return (
    <div className="k-page">
      <PageHeader title={t('user.register.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        <p className="k-muted">{t('user.register.intro')}</p>
        {login ? <LoginForm journey={journey} login={login} /> : <p className="k-muted">{t('ui.loading')}</p>}
        <AccountLinks journey={journey} other="login" />
        <LanguageSwitch journey={journey} />
      </main>
    </div>
  )
}
