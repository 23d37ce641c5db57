/**
 * A payment order waiting to be paid (machines/payment-order.machine.ts): the amount, how to pay (approve the
 * prompt on the phone, or pay to a number with a reference, each with a copy button), the time left of its
 * 15-minute window on the server's clock, and "I have paid" to ask the server now. Used by the cashier, the static
 * cashier and the rollover fee.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { expiryOf, paymentOrderView, type paymentOrderMachine } from '../../../machines/payment-order.machine'
import type { PaymentChannel } from '../../../domain/api-types'
import { Button } from '../../../ui/button'
import { CopyButton } from '../../../ui/copy-button'
import { Countdown } from '../../../ui/countdown'
import { Money } from '../../../ui/display'
import { useView } from '../../shared/use-view'

export type PaymentOrderRef = ActorRefFrom<typeof paymentOrderMachine>

export interface PaymentWaitProps {
  paymentOrder: PaymentOrderRef
  /** The channels offered (to name the one paid through); unknown before the detail loaded. */
  channels: readonly PaymentChannel[] | undefined
  /** The borrower says they paid: ask the server now. */
  onPaid: () => void
}

export function PaymentWait({ paymentOrder, channels, onPaid }: PaymentWaitProps): ReactElement {
  const { t } = useTranslation()
  const { payment, offsetMs, checking } = useView(paymentOrder, paymentOrderView)
  const channel = channels?.find((c) => c.channelId === payment.channelId)
  const { payTo, reference, pushSent } = payment.instructions
  const manual = channel ? channel.kind !== 'push' : payTo !== null || reference !== null
  return (
    <div className="k-stack">
      <section className="k-card k-card--brand">
        <h2 className="k-section-title">{t(`repay.wait.${payment.purpose}`)}</h2>
        <p className="k-amount">
          <Money minor={payment.amountMinor} className="k-money" />
        </p>
        {channel && <p>{t('repay.wait.channel', { channel: t(channel.nameKey) })}</p>}
      </section>
      {manual ? (
        <section className="k-card" aria-labelledby="k-pay-manual">
          <h2 id="k-pay-manual" className="k-section-title">
            {t('repay.static.title')}
          </h2>
          <p>{t('repay.static.steps')}</p>
          <dl className="k-kv">
            {payTo && (
              <div>
                <dt>{t('repay.static.payTo')}</dt>
                <dd className="k-inline">
                  {payTo}
                  <CopyButton text={payTo} label={t('repay.static.copyPayTo')} />
                </dd>
              </div>
            )}
            {reference && (
              <div>
                <dt>{t('repay.static.reference')}</dt>
                <dd className="k-inline">
                  {reference}
                  <CopyButton text={reference} label={t('repay.static.copyReference')} />
                </dd>
              </div>
            )}
            <div>
              <dt>{t('repay.static.amount')}</dt>
              <dd>
                <Money minor={payment.amountMinor} />
              </dd>
            </div>
          </dl>
          <p className="k-small k-muted">{t('repay.static.proof')}</p>
        </section>
      ) : (
        <p className="k-notice">{t(pushSent ? 'repay.wait.pushSent' : 'repay.wait.pushPending')}</p>
      )}
      <section className="k-card k-spread">
        <span>{t('repay.wait.timeLeft')}</span>
        <Countdown
          target={expiryOf(payment)}
          now={() => Date.now() + offsetMs}
          label={t('repay.wait.timeLeft')}
        />
      </section>
      <p className="k-small k-muted">{t('repay.wait.timeoutNote')}</p>
      <div className="k-actions">
        <Button block busy={checking} onClick={onPaid}>
          {t('repay.wait.paid')}
        </Button>
      </div>
    </div>
  )
}
