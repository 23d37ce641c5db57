/**
 * The coupon centre's cards (coupons.tsx): the coupon draw when the lender offers it, from the coupons view, and
 * one coupon's summary.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { CouponsView } from '../../../machines/coupons.machine'
import type { Coupon } from '../../../domain/api-types'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { Money } from '../../../ui/display'
import { useDisplayText } from '../../shared/display-text'

export function LotteryDraw({
  view,
  onDraw,
  onAcknowledge,
}: {
  view: CouponsView
  onDraw: () => void
  onAcknowledge: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const { drawOffered: offered, canDraw, drawing, showingResult, drawn } = view
  if (!offered) return null
  const won = drawn?.coupon ?? null
  return (
    <section className="k-card k-stack" aria-labelledby="coupons-draw">
      <h2 id="coupons-draw" className="k-section-title">
        {t('coupons.draw.title')}
      </h2>
      <p className="k-muted">{t('coupons.draw.text')}</p>
      <Button block busy={drawing} disabled={!canDraw} onClick={onDraw}>
        {t('coupons.draw.button')}
      </Button>
      <Dialog
        open={showingResult}
        title={won ? t('coupons.draw.won') : t('coupons.draw.nothing')}
        onConfirm={onAcknowledge}
      >
        {won ? <CouponSummary coupon={won} /> : t('coupons.draw.nothingText')}
      </Dialog>
    </section>
  )
}

/** One coupon: its title, what it takes off, its quota condition, and its expiry (or when it was used). */
export function CouponSummary({ coupon }: { coupon: Coupon }): ReactElement {
  const { t } = useTranslation()
  const { money, date } = useDisplayText()
  const when =
    coupon.status === 'used' && coupon.usedAt
      ? t('coupons.usedOn', { date: date(coupon.usedAt) })
      : coupon.status === 'expired'
        ? t('coupons.expiredOn', { date: date(coupon.expiresAt) })
        : t('coupons.expires', { date: date(coupon.expiresAt) })
  return (
    <>
      <span className="k-row__main">
        <span className="k-row__title">{t(coupon.titleKey)}</span>
        <span className="k-row__detail">{t('coupons.minLoan', { amount: money(coupon.minLoanMinor) })}</span>
        <span className="k-row__detail">{when}</span>
      </span>
      <span className="k-row__value">
        <Money minor={-coupon.discountMinor} />
      </span>
    </>
  )
}
