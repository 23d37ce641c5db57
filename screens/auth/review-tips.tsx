/**
 * Review tips (status 1, "assessing"; spec §4): the application is being assessed — about 5–10 minutes, the
 * audit within 1 working day at the latest — and what usually holds a result up for more than 24 hours. "Refresh"
 * reads the order again at once (journey event 'order.follow'); the journey's order watch reads it by itself too
 * and opens the screen its status names when it changes (docs/decisions.md "Live order status"), and says so
 * with a retry when it cannot.
 *
 * The spec's `pageName=confirmBorrow` variant (docs/decisions.md "Review tips after an application"): a borrower
 * who applied from the loan screen (a repeat borrower, who skips onboarding) reads that the application was
 * submitted, rather than that the profile is complete.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { DateText, Money } from '../../ui/display'
import { KvLine } from '../../ui/kv-line'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectLatestOrder, selectRepeatBorrower } from '../shared/journey-selectors'
import { OrderWatchNotice } from '../shared/order-watch-notice'

const CAUSES = ['highRisk', 'incomplete', 'wallet'] as const

export default function ReviewTipsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const order = useSelector(journey, selectLatestOrder)
  const afterApply = useSelector(journey, selectRepeatBorrower)
  const busy = useSelector(journey, (s) => s.hasTag('busy'))
  const canFollow = useSelector(journey, (s) => s.can({ type: 'order.follow' }))
  const variant = afterApply ? 'applied' : 'assessing'
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('auth.review.title')} onBack={() => journey.send(GO_HOME)} />
      <section className="k-card k-stack k-center" aria-labelledby="review-heading">
        <h2 id="review-heading" className="k-section-title">
          {t(`auth.review.${variant}.heading`)}
        </h2>
        <p>{t(`auth.review.${variant}.text`)}</p>
        <p className="k-muted">{t('auth.review.timing')}</p>
      </section>
      {order && (
        <dl className="k-card k-kv">
          <KvLine label={t('auth.review.amount')}>
            <Money minor={order.amountMinor} />
          </KvLine>
          <KvLine label={t('auth.review.tenure')}>{t('auth.review.days', { count: order.tenureDays })}</KvLine>
          <KvLine label={t('auth.review.appliedAt')}>
            <DateText at={order.createdAt} withTime />
          </KvLine>
        </dl>
      )}
      <section className="k-card k-stack" aria-labelledby="review-delay">
        <h2 id="review-delay" className="k-section-title">
          {t('auth.review.delay.heading')}
        </h2>
        <ul className="k-stack">
          {CAUSES.map((cause) => (
            <li key={cause}>{t(`auth.review.delay.${cause}`)}</li>
          ))}
        </ul>
        <p className="k-muted k-small">{t('auth.review.delay.help')}</p>
      </section>
      <OrderWatchNotice journey={journey} />
      <div className="k-actions k-stack">
        <Button
          block
          busy={busy}
          disabled={!canFollow}
          onClick={() => journey.send({ type: 'order.follow' })}
        >
          {t('auth.review.refresh')}
        </Button>
        <Button block variant="secondary" onClick={() => journey.send(GO_HOME)}>
          {t('auth.review.home')}
        </Button>
      </div>
    </main>
  )
}
