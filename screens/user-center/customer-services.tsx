/**
 * customer_services — how to reach the lender's customer service in the borrower's country (country profile):
 * phone, WhatsApp and e-mail with copy and open, the opening hours, and the way to a written ticket or the FAQ.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectCountry } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'
import { ContactList } from './parts/contact-list'

export default function CustomerServicesScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.service.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">
        <p className="k-muted">{t('user-center.service.intro')}</p>
        <section className="k-card" aria-labelledby="service-contacts">
          <h2 id="service-contacts" className="k-section-title">
            {t('user-center.service.contacts')}
          </h2>
          <ContactList country={country} />
        </section>
        <nav className="k-card" aria-label={t('user-center.service.more')}>
          <ul className="k-list">
            <ListRow
              title={t('user-center.service.feedback')}
              detail={t('user-center.service.feedbackHint')}
              onClick={() => journey.send(routeTo('feedbackList'))}
            />
            <ListRow title={t('user-center.service.faq')} onClick={() => journey.send(routeTo('faq'))} />
          </ul>
        </nav>
      </main>
    </div>
  )
}
