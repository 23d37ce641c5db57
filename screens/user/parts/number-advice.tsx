/**
 * What the server said of the number typed on login or register: the country refused (choose another), no
 * account yet (register with it), or an account already (log in with it).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { LoginView } from '../../../machines/login.machine'
import { Button } from '../../../ui/button'
import { MessageNotice } from '../../shared/message-text'

export function NumberAdvice({
  countryRefused,
  numberStatus,
  onOtherCountry,
  onSwitch,
}: {
  countryRefused: LoginView['countryRefused']
  numberStatus: LoginView['numberStatus']
  onOtherCountry: () => void
  onSwitch: (to: 'login' | 'register') => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <>
      {countryRefused && (
        <div className="k-stack">
          <MessageNotice message={countryRefused} />
          <Button variant="text" onClick={() => onOtherCountry()}>
            {t('user.form.otherCountry')}
          </Button>
        </div>
      )}
      {numberStatus === 'unregistered' && (
        <div className="k-notice" role="status">
          <p>{t('user.form.unregistered')}</p>
          <Button variant="secondary" block onClick={() => onSwitch('register')}>
            {t('user.form.registerWithNumber')}
          </Button>
        </div>
      )}
      {numberStatus === 'registered' && (
        <Button variant="secondary" block onClick={() => onSwitch('login')}>
          {t('user.form.loginWithNumber')}
        </Button>
      )}
    </>
  )
}
