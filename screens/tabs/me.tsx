/**
 * me — the third tab (spec §2): the borrower's account (their mobile number with its middle hidden, or a way to
 * log in), then the menu — coupons, FAQ, feedback, about us, customer service, settings — and the agreement list
 * (privacy agreement, terms of service, loan repayment agreement). The feedback row shows a dot while a support
 * reply is unread (the journey reads /feedback/red-dot-marker as home and me open). Each row is a routable-state event; the
 * journey's guard sends a signed-out borrower to login first where a screen needs a session.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { RouteName } from '../../domain/routes'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectSignedIn, selectSignedInUser, selectUnreadReplies } from '../shared/journey-selectors'
import { maskedMobile } from '../shared/masked-mobile'
import { routeTo } from '../shared/route-to'
import { TabNavigation } from '../shared/tab-navigation'

const MENU = ['coupons', 'faq', 'feedbackList', 'customerServices', 'aboutUs', 'settings'] as const
const AGREEMENTS = ['privacyPolicy', 'termsOfService', 'agreement'] as const

export default function MeScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const user = useSelector(journey, selectSignedInUser)
  const signedIn = useSelector(journey, selectSignedIn)
  const unread = useSelector(journey, selectUnreadReplies)
  const go = (route: RouteName) => journey.send(routeTo(route))
  return (
    <div className="k-page k-page--tabs">
      <PageHeader title={t('me.title')} />
      <main className="k-stack">
        <section className="k-card" aria-labelledby="me-account">
          <h2 id="me-account" className="k-sr">
            {t('me.account')}
          </h2>
          <ul className="k-list">
            {signedIn ? (
              <ListRow
                title={user ? maskedMobile(user.basicInfo.country, user.basicInfo.mobile) : t('me.signedIn')}
                detail={t('me.signedInAs')}
              />
            ) : (
              <ListRow title={t('me.login')} detail={t('me.loginHint')} onClick={() => go('login')} />
            )}
          </ul>
        </section>
        <nav className="k-card" aria-label={t('me.menu')}>
          <ul className="k-list">
            {MENU.map((route) => (
              <ListRow
                key={route}
                title={t(`me.item.${route}`)}
                marked={route === 'feedbackList' && unread}
                markedLabel={t('feedback.list.newReply')}
                onClick={() => go(route)}
              />
            ))}
          </ul>
        </nav>
        <section className="k-card" aria-labelledby="me-agreements">
          <h2 id="me-agreements" className="k-section-title">
            {t('me.agreements')}
          </h2>
          <ul className="k-list">
            {AGREEMENTS.map((route) => (
              <ListRow key={route} title={t(`me.item.${route}`)} onClick={() => go(route)} />
            ))}
          </ul>
        </section>
      </main>
      <TabNavigation journey={journey} current="me" />
    </div>
  )
}
