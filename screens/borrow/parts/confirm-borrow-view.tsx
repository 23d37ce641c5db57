/**
 * Confirming an approved loan (machines/confirm-borrow.machine.ts): the full price of the order as the server
 * quoted it, where the money goes, the time left of the 24 hours (the machine owns the expiry; the countdown only
 * shows it), the agreement to read and tick, an optional coupon with its effect on the figures, and cancelling
 * with one reason. confirm_borrow and the promotion's yx2ConfirmBorrow (18) both show this view.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { confirmBorrowView, type confirmBorrowMachine } from '../../../machines/confirm-borrow.machine'
import { Button } from '../../../ui/button'
import { Countdown } from '../../../ui/countdown'
import { PageHeader } from '../../../ui/page-header'
import { EmptyState, ErrorState } from '../../../ui/states'
import type { ScreenProps } from '../../screen-props'
import { useMessageText } from '../../shared/message-text'
import { Breakdown } from './breakdown'
import { Actions, Agreement, CancelSheet } from './confirm-actions'
import { CouponSheet } from './coupon-sheet'
import '../borrow.css'
import { routeTo } from '../../shared/route-to'
import { useView } from '../../shared/use-view'

type ConfirmRef = ActorRefFrom<typeof confirmBorrowMachine>

export function ConfirmBorrowView({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const confirm = useSelector(journey, (s) => s.children.confirmBorrow)
  return (
    <main className="k-page">
      <PageHeader title={t('borrow.confirm.title')} onBack={() => journey.send(routeTo('home'))} />
      {confirm && <Confirm confirm={confirm} />}
    </main>
  )
}

function Confirm({ confirm }: { confirm: ConfirmRef }): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const { offer, error, loadFailed, expired } = useView(confirm, confirmBorrowView)

  if (loadFailed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => confirm.send({ type: 'offer.retried' })}
      />
    )
  if (expired)
    return (
      <EmptyState
        title={t('borrow.confirm.expiredTitle')}
        text={t('borrow.confirm.expiredText')}
        action={
          <Button block onClick={() => confirm.send({ type: 'expiry.acknowledged' })}>
            {t('borrow.confirm.expiredOk')}
          </Button>
        }
      />
    )
  if (!offer) return <p className="k-muted">{t('ui.loading')}</p>
  // What the borrower decides on comes first — the time left, then what reaches the wallet, what is repaid and by
  // when (the breakdown's key figures) — so it is all above the fold of a 360×740 phone (issue 13).
  return (
    <div className="k-stack">
      <TimeLeft confirm={confirm} />
      <Breakdown
        quote={offer}
        aprLabel={offer.aprLabel}
        feeTaxNameKey={offer.feeTaxNameKey}
        coupon={
          offer.coupon
            ? {
                discountMinor: offer.coupon.discountMinor,
                payableAfterCouponMinor: offer.payableAfterCouponMinor,
              }
            : null
        }
      />
      <p className="k-notice">
        {t('borrow.confirm.wallet', {
          wallet: t(`enums.wallet.${offer.wallet.provider}`),
          account: offer.wallet.maskedNumber,
        })}
      </p>
      <CouponChoice confirm={confirm} usable={offer.usableCoupons} />
      <Agreement confirm={confirm} />
      <Actions confirm={confirm} error={error} />
      <CancelSheet confirm={confirm} />
    </div>
  )
}

/** The 24 hours counted on the server's clock: the device's clock corrected by the offset the machine learned. */
function TimeLeft({ confirm }: { confirm: ConfirmRef }): ReactElement | null {
  const { t } = useTranslation()
  const { deadline, offsetMs } = useView(confirm, confirmBorrowView)
  if (deadline === null) return null
  return (
    <section className="k-card k-spread">
      <span>{t('borrow.confirm.timeLeft')}</span>
      <Countdown target={deadline} now={() => Date.now() + offsetMs} label={t('borrow.confirm.timeLeft')} />
    </section>
  )
}

function CouponChoice({ confirm, usable }: { confirm: ConfirmRef; usable: number }): ReactElement | null {
  const { t } = useTranslation()
  const { canChoose, coupons } = useView(confirm, confirmBorrowView)
  if (usable === 0 && !coupons) return null
  return (
    <>
      <Button
        variant="secondary"
        block
        disabled={!canChoose}
        onClick={() => confirm.send({ type: 'coupon.choose' })}
      >
        {t('borrow.coupon.choose', { count: usable })}
      </Button>
      {coupons && <CouponSheet coupons={coupons} />}
    </>
  )
}
