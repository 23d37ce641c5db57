/**
 * coupons — the coupon centre (the journey's coupons child in centre mode): how many coupons the borrower can use,
 * the coupon draw when the lender offers it, and the coupons by tab (usable, used, expired), each with what it
 * takes off, its quota condition (the smallest loan it applies to) and its expiry in the borrower's time zone.
 * Coupons are applied at confirm borrow; decisions.md: never a reward for rating the app.
 */
import { useSelector } from '@xstate/react'
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { couponsView, type CouponsView, type couponsMachine } from '../../machines/coupons.machine'
import { COUPON_STATUSES } from '../../domain/schemas/coupon'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
import { CouponSummary, LotteryDraw } from './parts/coupon-cards'
import { useView } from '../shared/use-view'

type CouponsRef = ActorRefFrom<typeof couponsMachine>

export default function CouponsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const coupons = useSelector(journey, (s) => s.children.coupons)
  return (
    <div className="k-page">
      <PageHeader title={t('coupons.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">{coupons && <CouponCentre coupons={coupons} />}</main>
    </div>
  )
}

function CouponCentre({ coupons }: { coupons: CouponsRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(coupons, couponsView)
  const { failed, ready, error, available } = view
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => coupons.send({ type: 'centre.retried' })}
      />
    )
  if (!ready) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <>
      <section className="k-card k-card--brand" aria-live="polite">
        <p>{t('coupons.available', { count: available })}</p>
        <p className="k-small">{t('coupons.howToUse')}</p>
      </section>
      <LotteryDraw
        view={view}
        onDraw={() => coupons.send({ type: 'lottery.drawn' })}
        onAcknowledge={() => coupons.send({ type: 'draw.acknowledged' })}
      />
      <MessageNotice message={error} />
      <CouponTabs view={view} coupons={coupons} />
    </>
  )
}

function CouponTabs({ view, coupons }: { view: CouponsView; coupons: CouponsRef }): ReactElement {
  const { t } = useTranslation()
  const tabsId = useId()
  const { tab, list, listLoading: loading, canMore } = view
  return (
    <div className="k-stack">
      <div className="k-chips" role="tablist" aria-label={t('coupons.tabs')}>
        {COUPON_STATUSES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${tabsId}-${name}`}
            className="k-chip"
            aria-selected={name === tab}
            aria-controls={`${tabsId}-panel`}
            onClick={() => coupons.send({ type: 'coupons.tabChosen', tab: name })}
          >
            {t(`coupons.tab.${name}`)}
          </button>
        ))}
      </div>
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}`}
        aria-busy={loading || undefined}
        className="k-stack"
      >
        {list.length === 0 && loading && <p className="k-muted">{t('ui.loading')}</p>}
        {list.length === 0 && !loading && <EmptyState title={t(`coupons.empty.${tab}`)} />}
        {list.length > 0 && (
          <ul className="k-list k-card">
            {list.map((coupon) => (
              <li key={coupon.couponId} className="k-row">
                <CouponSummary coupon={coupon} />
              </li>
            ))}
          </ul>
        )}
        {canMore && (
          <Button
            variant="secondary"
            block
            busy={loading}
            onClick={() => coupons.send({ type: 'coupons.more' })}
          >
            {t('coupons.more')}
          </Button>
        )}
      </div>
    </div>
  )
}
