/**
 * One borrower found on the loans page: name and phone as the member's role may see them, the region, what the
 * search matched, and their latest orders, each opening its story.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { BorrowerHit } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import type { consoleLoansMachine } from '../../../machines/console-loans.machine'
import { Button } from '../../../ui/button'
import { formatDate } from '../../../ui/format'
import { regionName } from './region-name'

export function BorrowerRow({
  hit,
  loans,
  timeZone,
}: {
  hit: BorrowerHit
  loans: ActorRefFrom<typeof consoleLoansMachine>
  timeZone: string
}): ReactElement {
  const { t, i18n } = useTranslation()
  return (
    <li className="c-log__row c-product">
      <p className="c-log__what">
        <strong>{hit.name ?? t('console.loans.noName')}</strong> <span className="k-muted">{hit.mobile}</span>
      </p>
      <p className="k-small">
        {regionName(hit.country, i18n.language)} · {t(`console.loans.matchedBy.${hit.matchedBy}`)}
      </p>
      {hit.orders.length === 0 ? (
        <p className="k-muted k-small">{t('console.loans.noOrders')}</p>
      ) : (
        <ul className="k-stack c-orders">
          {hit.orders.map((o) => (
            <li key={o.orderNo}>
              <Button
                variant="secondary"
                onClick={() => loans.send({ type: 'loans.orderOpened', orderNo: o.orderNo })}
                aria-label={t('console.loans.openOrder', { orderNo: o.orderNo })}
              >
                {o.orderNo}
              </Button>{' '}
              <span className="k-small">
                {t(`console.loans.status.${o.status}`)} ·{' '}
                {formatMoney(o.requestedMinor, o.currency, i18n.language)} ·{' '}
                {formatDate(o.createdAt, i18n.language, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
