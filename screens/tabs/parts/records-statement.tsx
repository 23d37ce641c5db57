/**
 * The records tab's statement of one order: its lending record (amounts, dates, state), Continue where its status
 * says when it is the borrower's current open order (mayContinue), and a confirmed order's signed contract.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderSummary } from '../../../domain/api-types'
import type { OrderListState } from '../../../domain/order-status'
import { mayContinue } from '../../../machines/records.machine'
import { BottomSheet } from '../../../ui/bottom-sheet'
import { Button } from '../../../ui/button'
import { CopyButton } from '../../../ui/copy-button'
import { DateText, Money } from '../../../ui/display'
import type { JourneyRef } from '../../screen-props'
import { DayText } from '../../shared/display-text'
import { selectCurrentOrderNo } from '../../shared/journey-selectors'

/** How each list state looks: trouble in red, waiting in amber, done muted. */
export const LIST_STATE_BADGE: Record<OrderListState, string> = {
  assessing: 'k-badge k-badge--warning',
  repaying: 'k-badge',
  overdue: 'k-badge k-badge--danger',
  finished: 'k-badge k-badge--muted',
  addingCard: 'k-badge k-badge--warning',
  incomplete: 'k-badge k-badge--warning',
  disbursing: 'k-badge',
  cancelled: 'k-badge k-badge--muted',
  rejected: 'k-badge k-badge--muted',
  failed: 'k-badge k-badge--danger',
}

/** The lending record of one order; an open order that is the borrower's current one can be continued. */
export function Statement({
  statement,
  state,
  journey,
  onClose: close,
}: {
  statement: OrderSummary
  state: OrderListState
  journey: JourneyRef
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const current = useSelector(journey, selectCurrentOrderNo)
  const canFollow = useSelector(journey, (s) => s.can({ type: 'order.follow' }))
  return (
    <BottomSheet open title={t('records.statement.title')} onClose={close}>
      <div className="k-scroll k-stack">
        <dl className="k-kv">
          <div>
            <dt>{t('records.statement.orderNo')}</dt>
            <dd className="k-inline">
              {statement.orderNo}
              <CopyButton text={statement.orderNo} label={t('records.statement.copy')} />
            </dd>
          </div>
          <div>
            <dt>{t('records.statement.state')}</dt>
            <dd>
              <span className={LIST_STATE_BADGE[state]}>{t(`records.state.${state}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('records.statement.product')}</dt>
            <dd>{statement.productName}</dd>
          </div>
          <div>
            <dt>{t('records.statement.amount')}</dt>
            <dd>
              <Money minor={statement.amountMinor} />
            </dd>
          </div>
          <div>
            <dt>{t('records.statement.tenure')}</dt>
            <dd>{t('ui.tenure.days', { count: statement.tenureDays })}</dd>
          </div>
          <div>
            <dt>{t('records.statement.createdAt')}</dt>
            <dd>
              <DateText at={statement.createdAt} withTime />
            </dd>
          </div>
          {statement.dueDate && (
            <div>
              <dt>{t('records.statement.dueDate')}</dt>
              <dd>
                <DayText day={statement.dueDate} />
              </dd>
            </div>
          )}
          {statement.remainingMinor !== null && (
            <div className="k-kv__total">
              <dt>{t('records.statement.remaining')}</dt>
              <dd>
                <Money minor={statement.remainingMinor} />
              </dd>
            </div>
          )}
        </dl>
        {mayContinue(statement, current) && canFollow && (
          <Button block onClick={() => journey.send({ type: 'order.follow' })}>
            {t('records.statement.continue')}
          </Button>
        )}
        <ContractLink journey={journey} statement={statement} />
      </div>
    </BottomSheet>
  )
}

/** A confirmed order's signed contract, on the agreement screen (the journey refuses other statuses). */
function ContractLink({
  journey,
  statement,
}: {
  journey: JourneyRef
  statement: OrderSummary
}): ReactElement | null {
  const { t } = useTranslation()
  const event = {
    type: 'contract.opened',
    loanOrderId: statement.loanOrderId,
    status: statement.status,
  } as const
  const canOpen = useSelector(journey, (s) => s.can(event))
  if (!canOpen) return null
  return (
    <Button variant="secondary" block onClick={() => journey.send(event)}>
      {t('records.statement.contract')}
    </Button>
  )
}
