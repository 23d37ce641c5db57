/**
 * /user/login — log in with the mobile number and the SMS code (spec §2, §5: both required). The number is
 * looked up before a code is sent: one without an account gets no SMS and is offered register with it (the form,
 * screens/user/parts/login-form.tsx). Once signed in the journey goes on where the borrower was going.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME } from '../shared/journey-selectors'
import { LanguageSwitch } from '../shared/language-switch'
import { AccountLinks } from './parts/account-links'
import { LoginForm, useLoginChild } from './parts/login-form'

export default function LoginScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const login = useLoginChild(journey)
  return (
    <div className="k-page">
      <PageHeader title={t('user.login.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        <p className="k-muted">{t('user.login.intro')}</p>
        {login ? <LoginForm journey={journey} login={login} /> : <p className="k-muted">{t('ui.loading')}</p>}
        <AccountLinks journey={journey} other="register" />
        <LanguageSwitch journey={journey} />
      </main>
    </div>
  )
}
