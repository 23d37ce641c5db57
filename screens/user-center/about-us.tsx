/**
 * about_us — who lends: the licensed lender of the borrower's country, its licence number and the regulator that
 * issued it (country profile `lender`), and where to complain: customer service first, then the regulator.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES } from '../../domain/countries'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectCountry } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'
import { ContactList } from './parts/contact-list'

export default function AboutUsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const { lender } = COUNTRIES[country]
  const regulator = t(lender.regulatorKey)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.about.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">
        <section className="k-card k-stack" aria-labelledby="about-lender">
          <h2 id="about-lender" className="k-section-title">
            {t('user-center.about.lender')}
          </h2>
          <p>{t('user-center.about.intro', { lender: lender.legalName })}</p>
          <dl className="k-kv">
            <div>
              <dt>{t('user-center.about.legalName')}</dt>
              <dd>{lender.legalName}</dd>
            </div>
            <div>
              <dt>{t('user-center.about.licence')}</dt>
              <dd>{lender.licenceNumber}</dd>
            </div>
            <div>
              <dt>{t('user-center.about.regulator')}</dt>
              <dd>{regulator}</dd>
            </div>
          </dl>
        </section>
        <section className="k-card k-stack" aria-labelledby="about-complaints">
          <h2 id="about-complaints" className="k-section-title">
            {t('user-center.about.complaints')}
          </h2>
          <p>{t('user-center.about.complaintsFirst')}</p>
          <ContactList country={country} />
          <p className="k-muted">{t('user-center.about.complaintsThen', { regulator })}</p>
        </section>
        <nav className="k-card" aria-label={t('user-center.about.documents')}>
          <ul className="k-list">
            <ListRow
              title={t('user-center.about.privacy')}
              onClick={() => journey.send(routeTo('privacyPolicy'))}
            />
            <ListRow
              title={t('user-center.about.terms')}
              onClick={() => journey.send(routeTo('termsOfService'))}
            />
          </ul>
        </nav>
      </main>
    </div>
  )
}
