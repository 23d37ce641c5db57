/**
 * Below the login and register forms: the way to the other one, and the terms and privacy policy the borrower
 * accepts by continuing (each a routable-state event).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JourneyEvent } from '../../../machines/journey/journey-context'
import { Button } from '../../../ui/button'
import type { JourneyRef } from '../../screen-props'
import { routeTo } from '../../shared/route-to'

const EVENT: Readonly<Record<'login' | 'register' | 'termsOfService' | 'privacyPolicy', JourneyEvent>> = {
  login: routeTo('login'),
  register: routeTo('register'),
  termsOfService: routeTo('termsOfService'),
  privacyPolicy: routeTo('privacyPolicy'),
}

export function AccountLinks({
  journey,
  other,
}: {
  journey: JourneyRef
  other: 'login' | 'register'
}): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="k-stack">
      <p className="k-center">
        {t(`user.switch.${other}.question`)}{' '}
        <Button variant="text" onClick={() => journey.send(EVENT[other])}>
          {t(`user.switch.${other}.action`)}
        </Button>
      </p>
      <p className="k-small k-muted">
        {t('user.consent')}{' '}
        <Button variant="text" onClick={() => journey.send(EVENT.termsOfService)}>
          {t('user.terms')}
        </Button>{' '}
        {t('user.and')}{' '}
        <Button variant="text" onClick={() => journey.send(EVENT.privacyPolicy)}>
          {t('user.privacy')}
        </Button>
      </p>
    </div>
  )
}
