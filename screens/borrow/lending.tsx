/**
 * lending — the loan is confirmed and the money is on its way (7): what will reach the wallet (the order's
 * disbursal: the principal less the processing fee and its tax, as the server states it — never the principal),
 * the loan amount and what was deducted from it; from the journey's lending child, the one expected time there is,
 * the server's (its window for this order, in the borrower's time zone) or when the money was sent; and a refresh
 * that reads the order again. The journey's order watch follows the order meanwhile and opens the repay screen once
 * the money has arrived, with no tap (docs/decisions.md "Live order status").
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { lendingView, type lendingMachine } from '../../machines/lending.machine'
import { subMinor } from '../../domain/money'
import { Button } from '../../ui/button'
import { DateText, Money } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { useDisplayText } from '../shared/display-text'
import { selectCountry, selectLatestOrder } from '../shared/journey-selectors'
import { OrderWatchNotice } from '../shared/order-watch-notice'
import { COUNTRIES } from '../../domain/countries'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'

type LendingRef = ActorRefFrom<typeof lendingMachine>

export default function LendingScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const order = useSelector(journey, selectLatestOrder)
  const refreshing = useSelector(journey, (s) => s.hasTag('busy'))
  const canRefresh = useSelector(journey, (s) => s.can({ type: 'order.follow' }))
  const lending = useSelector(journey, (s) => s.children.lending)
  const country = useSelector(journey, selectCountry)
  return (
    <main className="k-page">
      <PageHeader title={t('borrow.lending.title')} onBack={() => journey.send(routeTo('home'))} />
      <div className="k-stack">
        <section className="k-card k-card--brand" aria-live="polite">
          <h2 className="k-section-title">{t('borrow.lending.heading')}</h2>
          {order?.disbursalMinor != null && (
            <>
              <p className="k-muted">{t('borrow.lending.toWallet')}</p>
              <p className="k-amount">
                <Money minor={order.disbursalMinor} className="k-money" />
              </p>
            </>
          )}
          {lending && <MoneyTime lending={lending} />}
        </section>
        {order && (
          <dl className="k-kv k-card">
            <div>
              <dt>{t('borrow.lending.orderNo')}</dt>
              <dd>{order.orderNo}</dd>
            </div>
            <div>
              <dt>{t('borrow.breakdown.amount')}</dt>
              <dd>
                <Money minor={order.amountMinor} />
              </dd>
            </div>
            {order.disbursalMinor != null && (
              <div>
                <dt>{t('borrow.breakdown.upFront', { tax: t(COUNTRIES[country].feeTaxNameKey) })}</dt>
                <dd>
                  <Money minor={subMinor(order.amountMinor, order.disbursalMinor)} />
                </dd>
              </div>
            )}
            <div>
              <dt>{t('borrow.breakdown.tenure')}</dt>
              <dd>{t('ui.tenure.days', { count: order.tenureDays })}</dd>
            </div>
            {order.approvedAt && (
              <div>
                <dt>{t('borrow.lending.approvedAt')}</dt>
                <dd>
                  <DateText at={order.approvedAt} withTime />
                </dd>
              </div>
            )}
          </dl>
        )}
        <p className="k-muted k-small">{t('borrow.lending.help')}</p>
        <OrderWatchNotice journey={journey} />
        <div className="k-actions">
          <Button
            block
            busy={refreshing}
            disabled={!canRefresh}
            onClick={() => journey.send({ type: 'order.follow' })}
          >
            {t('borrow.lending.refresh')}
          </Button>
        </div>
      </div>
    </main>
  )
}

/** The server's window for this order's money, or when it was sent; a failed read offers to read it again. */
function MoneyTime({ lending }: { lending: LendingRef }): ReactElement | null {
  const { t } = useTranslation()
  const { dateTimeRange } = useDisplayText()
  const { moneyTime, sent, failed } = useView(lending, lendingView)
  if (failed)
    return (
      <p className="k-small">
        {t('borrow.lending.expectedFailed')}{' '}
        <Button variant="text" onClick={() => lending.send({ type: 'lending.retried' })}>
          {t('borrow.lending.expectedRetry')}
        </Button>
      </p>
    )
  if (!moneyTime) return null
  if (sent && moneyTime.disbursedAt)
    return (
      <p>
        {t('borrow.lending.sentAt')}{' '}
        <strong>
          <DateText at={moneyTime.disbursedAt} withTime />
        </strong>
      </p>
    )
  return (
    <p>
      {t('borrow.lending.expected')}{' '}
      <strong>{dateTimeRange(moneyTime.expectedFrom, moneyTime.expectedBy)}</strong>
    </p>
  )
}
