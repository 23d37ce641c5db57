/**
 * lending — the loan is confirmed and the money is on its way (7): what was borrowed, the 10–60 minute wait,
 * and a refresh that reads the order again (the journey opens the repay screen once the money has arrived).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { Button } from '../../src/ui/button'
import { DateText, Money } from '../../src/ui/display'
import { PageHeader } from '../../src/ui/page-header'
import type { ScreenProps } from '../screen-props'

export default function LendingScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const order = useSelector(journey, (s) => s.context.order)
  const refreshing = useSelector(journey, (s) => s.hasTag('busy'))
  const canRefresh = useSelector(journey, (s) => s.can({ type: 'order.follow' }))
  return (
    <div className="k-page">
      <PageHeader
        title={t('borrow.lending.title')}
        onBack={() => journey.send({ type: 'xstate.route', to: '#home' })}
      />
      <div className="k-stack">
        <section className="k-card k-card--brand" aria-live="polite">
          <h2 className="k-section-title">{t('borrow.lending.heading')}</h2>
          {order && (
            <p className="k-amount">
              <Money minor={order.amountMinor} className="k-money" />
            </p>
          )}
          <p>{t('borrow.lending.wait')}</p>
        </section>
        {order && (
          <dl className="k-kv k-card">
            <div>
              <dt>{t('borrow.lending.orderNo')}</dt>
              <dd>{order.orderNo}</dd>
            </div>
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
    </div>
  )
}
