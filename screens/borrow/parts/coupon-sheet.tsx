/**
 * Choosing a coupon for the approved order (machines/coupons.machine.ts in choose mode): the borrower's usable
 * coupons with what each takes off and its quota condition; one the loan is too small for is shown but cannot be
 * picked (the machine's `can`). The server's answer carries the effect, which confirm borrow shows before the
 * borrower confirms.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { couponsView, type couponsMachine } from '../../../machines/coupons.machine'
import type { Coupon } from '../../../domain/api-types'
import { BottomSheet } from '../../../ui/bottom-sheet'
import { Money } from '../../../ui/display'
import { EmptyState } from '../../../ui/states'
import { MessageNotice } from '../../shared/message-text'
import { useDisplayText } from '../../shared/display-text'
import { useView } from '../../shared/use-view'

export type CouponsRef = ActorRefFrom<typeof couponsMachine>

export function CouponSheet({ coupons }: { coupons: CouponsRef }): ReactElement {
  const { t } = useTranslation()
  const { list, error, busy: loading } = useView(coupons, couponsView)
  return (
    <BottomSheet
      open
      title={t('borrow.coupon.title')}
      onClose={() => coupons.send({ type: 'coupon.dismissed' })}
    >
      <div className="k-scroll k-stack" aria-busy={loading || undefined}>
        <MessageNotice message={error} />
        {list.length === 0 && !loading && <EmptyState title={t('borrow.coupon.none')} />}
        <ul className="k-list">
          {list.map((coupon) => (
            <CouponRow key={coupon.couponId} coupon={coupon} coupons={coupons} />
          ))}
        </ul>
      </div>
    </BottomSheet>
  )
}

function CouponRow({ coupon, coupons }: { coupon: Coupon; coupons: CouponsRef }): ReactElement {
  const { t } = useTranslation()
  const { money, date } = useDisplayText()
  const pick = { type: 'coupon.picked', couponId: coupon.couponId } as const
  const usable = useSelector(coupons, (s) => s.can(pick))
  return (
    <li>
      <button type="button" className="k-row" disabled={!usable} onClick={() => coupons.send(pick)}>
        <span className="k-row__main">
          <span className="k-row__title">{t(coupon.titleKey)}</span>
          <span className="k-row__detail">
            {t('borrow.coupon.detail', { min: money(coupon.minLoanMinor), expires: date(coupon.expiresAt) })}
          </span>
        </span>
        <span className="k-row__value">
          <Money minor={-coupon.discountMinor} />
        </span>
      </button>
    </li>
  )
}
