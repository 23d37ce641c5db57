/**
 * home — the first tab (spec §2, §4): one of spec §4's eight home states with its one button
 * (home.machine.ts HOME_BUTTON; the button is enabled when the home child `can` take its event). A
 * rejected borrower reads the date the server allows a new application (in the borrower's time zone) and any
 * services the lender suggests; an overdue loan carries the overdue warning. The lender's notice shows on top when
 * there is one; the repayment card takes the tone of its due date (a class per tone, and the words: due in N days,
 * due today, overdue). An approved loan shows the time left of its 24 hours to confirm (the server's deadline, on
 * the server's clock) and the deadline in the borrower's time zone; when the journey's order watch cannot read the
 * order, a notice says so with a retry.
 *
 * Credit is offered only where the home child says so (its `offersCredit` tag: the borrower may apply, no order is
 * open): the product card (the amount range, its steps, the tenures and the daily rate), the repeat-loan benefit,
 * the country's recent loans (numbers masked) and who may borrow (eligibility). Beside a loan under way, being
 * repaid or overdue, home shows that loan and nothing that invites borrowing more.
 *
 * The screen reads the home child through its one view (homeView); the cards are parts/home-cards.tsx and
 * parts/home-state-card.tsx.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { type homeMachine } from '../../machines/home.machine'
import { homeView } from '../../machines/home/home-view'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { OrderWatchNotice } from '../shared/order-watch-notice'
import { TabNavigation } from '../shared/tab-navigation'
import { useView } from '../shared/use-view'
import { Benefits, Eligibility, LendingTicker, ProductCard } from './parts/home-cards'
import { HomeStateCard } from './parts/home-state-card'
import './home.css'

export default function HomeScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const home = useSelector(journey, (s) => s.children.home)
  return (
    <div className="k-page k-page--tabs">
      <PageHeader title={t('home.title')} />
      <main className="k-stack">
        {home ? <HomeBody home={home} /> : <p className="k-muted">{t('ui.loading')}</p>}
        <OrderWatchNotice journey={journey} />
      </main>
      <TabNavigation journey={journey} current="home" />
    </div>
  )
}

function HomeBody({ home }: { home: ActorRefFrom<typeof homeMachine> }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(home, homeView)
  const offers = view.offersCredit
  return (
    <>
      {view.notice && (
        <section className="k-notice" aria-label={t('home.notice.label')}>
          <p>{view.notice}</p>
        </section>
      )}
      {offers && view.loading && (
        // The product card's place, as index.html's frame draws it: nothing moves when the card arrives.
        <div className="k-card k-card--brand k-boot__card k-boot__card--brand" role="status" aria-busy="true">
          <span className="k-sr">{t('ui.loading')}</span>
        </div>
      )}
      {offers && !view.loading && !view.overview && (
        <ErrorState
          title={t('home.card.failed')}
          text={view.error ? text(view.error) : undefined}
          onRetry={() => home.send({ type: 'home.retried' })}
        />
      )}
      {offers && view.overview && <ProductCard overview={view.overview} />}
      <HomeStateCard view={view} onButton={(type) => home.send({ type })} />
      {offers && <LendingTicker records={view.lendingRecords} />}
      {offers && view.repeatBorrower && <Benefits />}
      {offers && <Eligibility />}
    </>
  )
}
