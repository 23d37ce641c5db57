/**
 * /yx1 — the promotion landing page a borrower reaches from an advert: what Kopa offers, how it works in three
 * steps and who can borrow, with one button into the app (register for a newcomer, home for a borrower who is
 * signed in already).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectAccountCountry, selectSignedIn } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'

const STEPS = ['register', 'profile', 'money'] as const
const ELIGIBILITY = ['age', 'income', 'resident'] as const

export default function Yx1Screen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const signedIn = useSelector(journey, selectSignedIn)
  const country = useSelector(journey, selectAccountCountry)
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.yx1.title')} />
      <main className="k-stack">
        <section className="k-card k-card--brand k-stack">
          <h2 className="k-section-title">{t('standalone.yx1.headline')}</h2>
          <p>{t('standalone.yx1.text')}</p>
        </section>
        <section className="k-card k-stack" aria-labelledby="yx1-steps">
          <h2 id="yx1-steps" className="k-section-title">
            {t('standalone.yx1.how')}
          </h2>
          <ol className="k-stack">
            {STEPS.map((step) => (
              <li key={step}>{t(`standalone.yx1.step.${step}`)}</li>
            ))}
          </ol>
        </section>
        <section className="k-card k-stack" aria-labelledby="yx1-who">
          <h2 id="yx1-who" className="k-section-title">
            {t('home.eligibility.title')}
          </h2>
          <ul className="k-stack">
            {ELIGIBILITY.map((rule) => (
              <li key={rule}>
                {t(`home.eligibility.${rule}`, {
                  country: country ? t(`enums.country.${country}`) : t('standalone.yx1.yourCountry'),
                })}
              </li>
            ))}
          </ul>
        </section>
        <div className="k-actions">
          <Button block onClick={() => journey.send(signedIn ? GO_HOME : routeTo('register'))}>
            {t('standalone.yx1.start')}
          </Button>
        </div>
      </main>
    </div>
  )
}
