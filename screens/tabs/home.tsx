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
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { HOME_BUTTON, HOME_BUTTON_EVENT, type homeMachine } from '../../machines/home.machine'
import { confirmDeadlineOf } from '../../machines/latest-order'
import type { RepayColor } from '../../domain/api-types'
import type { HomeState } from '../../domain/order-status'
import { Button } from '../../ui/button'
import { Countdown } from '../../ui/countdown'
import { DateText, Money, useDisplay } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { DayText, useDisplayText } from '../shared/display-text'
import { useMessageText } from '../shared/message-text'
import { OrderWatchNotice } from '../shared/order-watch-notice'
import { TabNavigation } from '../shared/tab-navigation'
import './home.css'

type HomeRef = ActorRefFrom<typeof homeMachine>

const HOME_STATES = Object.keys(HOME_BUTTON) as HomeState[]
const ELIGIBILITY = ['age', 'income', 'resident'] as const
const BENEFITS = ['amount', 'rate', 'speed'] as const
/** How many recent loans the ticker lists. */
const TICKER_ROWS = 5

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

function HomeBody({ home }: { home: HomeRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const loading = useSelector(home, (s) => s.hasTag('loading'))
  const overview = useSelector(home, (s) => s.context.overview)
  const error = useSelector(home, (s) => s.context.error)
  const offers = useSelector(home, (s) => s.hasTag('offersCredit'))
  const repeat = overview?.repeatBorrower ?? false
  const notice = useSelector(home, (s) => s.context.notice)
  return (
    <>
      {notice && (
        <section className="k-notice" aria-label={t('home.notice.label')}>
          <p>{notice}</p>
        </section>
      )}
      {offers && loading && (
        // The product card's place, as index.html's frame draws it: nothing moves when the card arrives.
        <div className="k-card k-card--brand k-boot__card k-boot__card--brand" role="status" aria-busy="true">
          <span className="k-sr">{t('ui.loading')}</span>
        </div>
      )}
      {offers && !loading && !overview && (
        <ErrorState
          title={t('home.card.failed')}
          text={error ? text(error) : undefined}
          onRetry={() => home.send({ type: 'home.retried' })}
        />
      )}
      {offers && overview && <ProductCard home={home} />}
      <HomeStateCard home={home} />
      {offers && <LendingTicker home={home} />}
      {offers && repeat && (
        <section className="k-card k-stack" aria-labelledby="home-benefit">
          <h2 id="home-benefit" className="k-section-title">
            {t('home.benefit.title')}
          </h2>
          <ul className="k-stack">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{t(`home.benefit.${benefit}`)}</li>
            ))}
          </ul>
        </section>
      )}
      {offers && <Eligibility />}
    </>
  )
}

/** The amount range, its steps and the tenures the product offers (the borrower's own limit once signed in). */
function ProductCard({ home }: { home: HomeRef }): ReactElement | null {
  const { t } = useTranslation()
  const { locale } = useDisplay()
  const { percent } = useDisplayText()
  const overview = useSelector(home, (s) => s.context.overview)
  if (!overview) return null
  const product = overview.product
  const tenures = product?.tenureDays ?? []
  return (
    <section className="k-card k-card--brand k-boot__card--brand k-stack" aria-labelledby="home-product">
      <h2 id="home-product" className="k-section-title">
        {product?.name ?? t('home.card.title')}
      </h2>
      <p className="k-muted">{t('home.card.upTo')}</p>
      <p className="k-amount">
        <Money minor={overview.maxAmountMinor} className="k-money" />
      </p>
      <dl className="k-kv">
        <div>
          <dt>{t('home.card.range')}</dt>
          <dd>
            <Money minor={overview.minAmountMinor} /> – <Money minor={overview.maxAmountMinor} />
          </dd>
        </div>
        {product && (
          <div>
            <dt>{t('home.card.step')}</dt>
            <dd>
              <Money minor={product.stepMinor} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('home.card.tenure')}</dt>
          <dd>
            {tenures.length > 0
              ? t('home.card.tenures', {
                  list: new Intl.ListFormat(locale, { type: 'disjunction' }).format(tenures.map(String)),
                  count: tenures[tenures.length - 1],
                })
              : t('home.card.maxTenure', { count: overview.maxTenureDays })}
          </dd>
        </div>
        {product && (
          <div>
            <dt>{t('home.card.rate')}</dt>
            <dd>{t('home.card.perDay', { rate: percent(product.dailyRatePercent / 100) })}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/** Spec §4's home state: what it means and its one button. */
function HomeStateCard({ home }: { home: HomeRef }): ReactElement | null {
  const { t } = useTranslation()
  const state = useSelector(home, (s) => HOME_STATES.find((name) => s.hasTag(name)) ?? null)
  const button = state ? HOME_BUTTON[state] : null
  const event = button ? HOME_BUTTON_EVENT[button] : null
  const enabled = useSelector(home, (s) => (event ? s.can({ type: event }) : false))
  const tone = useSelector(home, (s) => s.context.repayTone?.tone ?? 'none')
  if (!state) return null
  const toned = (state === 'repaying' || state === 'overdue') && tone !== 'none'
  return (
    <section
      className={toned ? `k-card k-stack k-tone--${tone}` : 'k-card k-stack'}
      aria-labelledby="home-state"
      aria-live="polite"
    >
      <h2 id="home-state" className="k-section-title">
        {t(`home.state.${state}.title`)}
      </h2>
      <p>{t(`home.state.${state}.text`)}</p>
      {(state === 'repaying' || state === 'overdue') && (
        <Repayment home={home} overdue={state === 'overdue'} />
      )}
      {state === 'rejected' && <Rejection home={home} />}
      {state === 'approved' && <ConfirmDeadline home={home} />}
      {button && event && (
        <Button block disabled={!enabled} onClick={() => home.send({ type: event })}>
          {t(`home.button.${button}`)}
        </Button>
      )}
    </section>
  )
}

/**
 * The 24 hours to confirm an approved loan, as confirm borrow counts them: to the server's deadline, on the
 * device's clock corrected by the server clock's offset; the deadline itself in the borrower's time zone.
 */
function ConfirmDeadline({ home }: { home: HomeRef }): ReactElement | null {
  const { t } = useTranslation()
  const deadline = useSelector(home, (s) => confirmDeadlineOf(s.context.order))
  const offsetMs = useSelector(home, (s) => s.context.clockOffsetMs)
  if (deadline === null) return null
  return (
    // The timer ticks every second: the card's live region must not read it out each time.
    <dl className="k-kv" aria-live="off">
      <div>
        <dt>{t('home.state.approved.timeLeft')}</dt>
        <dd>
          <Countdown
            target={deadline}
            now={() => Date.now() + offsetMs}
            label={t('home.state.approved.timeLeft')}
          />
        </dd>
      </div>
      <div>
        <dt>{t('home.state.approved.confirmBy')}</dt>
        <dd>
          <DateText at={deadline} withTime />
        </dd>
      </div>
    </dl>
  )
}

function Repayment({ home, overdue }: { home: HomeRef; overdue: boolean }): ReactElement | null {
  const { t } = useTranslation()
  const order = useSelector(home, (s) => s.context.order)
  const tone = useSelector(home, (s) => s.context.repayTone)
  if (!order) return null
  return (
    <>
      <ToneText tone={tone} />
      {overdue && (
        <p className="k-notice k-notice--danger" role="alert">
          {/* At the charges cap no more penalty is added: the warning must not say one is (the server decides). */}
          {t(order.chargesCapReached ? 'home.overdue.warningCapped' : 'home.overdue.warning', {
            count: order.overdueDays,
          })}
        </p>
      )}
      <dl className="k-kv">
        {order.remainingMinor !== null && (
          <div>
            <dt>{t('home.repay.remaining')}</dt>
            <dd>
              <Money minor={order.remainingMinor} />
            </dd>
          </div>
        )}
        {order.dueDate && (
          <div>
            <dt>{t('home.repay.due')}</dt>
            <dd>
              <DayText day={order.dueDate} />
            </dd>
          </div>
        )}
      </dl>
    </>
  )
}

/** The due date's tone in words, so it does not rest on colour alone: due in N days, due today, overdue. */
function ToneText({ tone }: { tone: RepayColor | null }): ReactElement | null {
  const { t } = useTranslation()
  if (!tone) return null
  switch (tone.tone) {
    case 'dueSoon':
      return (
        <p>
          <span className="k-badge k-badge--warning">
            {t('home.tone.dueSoon', { count: tone.daysToDue ?? 0 })}
          </span>
        </p>
      )
    case 'dueToday':
      return (
        <p>
          <span className="k-badge k-badge--warning">{t('home.tone.dueToday')}</span>
        </p>
      )
    case 'overdue':
      return (
        <p>
          <span className="k-badge k-badge--danger">{t('home.tone.overdue')}</span>
        </p>
      )
    default:
      return null
  }
}

/** Recent loans in the country (numbers masked), for a borrower who may apply. */
function LendingTicker({ home }: { home: HomeRef }): ReactElement | null {
  const { t } = useTranslation()
  const { money } = useDisplayText()
  const records = useSelector(home, (s) => s.context.lendingRecords)
  if (records.length === 0) return null
  return (
    <section className="k-card k-stack" aria-labelledby="home-ticker">
      <h2 id="home-ticker" className="k-section-title">
        {t('home.ticker.title')}
      </h2>
      <ul className="k-ticker">
        {records.slice(0, TICKER_ROWS).map((record) => (
          <li key={`${record.maskedMobile}-${record.at}`}>
            <span>
              {t('home.ticker.row', { mobile: record.maskedMobile, amount: money(record.amountMinor) })}
            </span>
            <span className="k-muted k-small">
              <DateText at={record.at} withTime />
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A rejection: when the borrower may apply again (the server's date), and the lender's suggestions. */
function Rejection({ home }: { home: HomeRef }): ReactElement {
  const { t } = useTranslation()
  const retryAt = useSelector(home, (s) => s.context.retryAt)
  const recommendation = useSelector(home, (s) => s.context.recommendation)
  const apps = recommendation?.show ? recommendation.apps : []
  return (
    <>
      {retryAt !== null && (
        <p>
          {t('home.rejected.retry')}{' '}
          <strong>
            <DateText at={retryAt} />
          </strong>
        </p>
      )}
      {apps.length > 0 && (
        <div className="k-stack">
          <h3 className="k-section-title">{t('home.rejected.recommended')}</h3>
          <ul className="k-list">
            {apps.map((app) => (
              <li key={app.packageName}>
                <a className="k-row" href={app.url} target="_blank" rel="noopener noreferrer">
                  <span className="k-row__main">
                    <span className="k-row__title">{app.name}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

/** Spec §1 eligibility copy: over 18, a monthly income, resident of the country. */
function Eligibility(): ReactElement {
  const { t } = useTranslation()
  const { country } = useDisplay()
  return (
    <section className="k-card k-stack" aria-labelledby="home-eligibility">
      <h2 id="home-eligibility" className="k-section-title">
        {t('home.eligibility.title')}
      </h2>
      <ul className="k-stack">
        {ELIGIBILITY.map((rule) => (
          <li key={rule}>{t(`home.eligibility.${rule}`, { country: t(`enums.country.${country}`) })}</li>
        ))}
      </ul>
    </section>
  )
}
