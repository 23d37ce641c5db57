/**
 * records — the borrower's orders (the journey's records child) in two tabs, Incomplete and Finished, each order
 * with its list state (records.machine.ts listStateOfOrder: assessing, repaying, overdue, …), a page
 * at a time; tapping one opens its statement (the lending record: amounts, dates, state), from which an open
 * order can be continued where its status says, and a confirmed one's signed contract read.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { ORDER_LIST_TABS } from '../../domain/schemas/loan'
import { listStateOfOrder, mayContinue, type recordsMachine } from '../../machines/records.machine'
import type { OrderSummary } from '../../domain/api-types'
import type { OrderListState } from '../../domain/order-status'
import { BottomSheet } from '../../ui/bottom-sheet'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { DateText, Money } from '../../ui/display'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { JourneyRef, ScreenProps } from '../screen-props'
import { DayText, useDisplayText } from '../shared/display-text'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { TabNavigation } from '../shared/tab-navigation'
import '../borrow/borrow.css'
import { routeTo } from '../shared/route-to'

type RecordsRef = ActorRefFrom<typeof recordsMachine>

/** How each list state looks: trouble in red, waiting in amber, done muted. */
const BADGE: Record<OrderListState, string> = {
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

export default function RecordsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const records = useSelector(journey, (s) => s.children.records)
  return (
    <main className="k-page k-page--tabs">
      <PageHeader title={t('records.title')} />
      {records && <Records records={records} journey={journey} />}
      <TabNavigation journey={journey} current="records" />
    </main>
  )
}

function Records({ records, journey }: { records: RecordsRef; journey: JourneyRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const tabsId = useId()
  const tab = useSelector(records, (s) => s.context.tab)
  const orders = useSelector(records, (s) => s.context.orders)
  const error = useSelector(records, (s) => s.context.error)
  const busy = useSelector(records, (s) => s.hasTag('busy'))
  const loadFailed = useSelector(records, (s) => s.hasTag('loadFailed'))
  const canMore = useSelector(records, (s) => s.can({ type: 'records.more' }))
  return (
    <div className="k-stack">
      <div className="k-chips" role="tablist" aria-label={t('records.tabs')}>
        {ORDER_LIST_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${tabsId}-${name}`}
            className="k-chip"
            aria-selected={name === tab}
            aria-controls={`${tabsId}-panel`}
            onClick={() => records.send({ type: 'records.tabChosen', tab: name })}
          >
            {t(`records.tab.${name}`)}
          </button>
        ))}
      </div>
      <section
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}`}
        aria-busy={busy || undefined}
        className="k-stack"
      >
        {loadFailed ? (
          <ErrorState
            text={error ? text(error) : undefined}
            onRetry={() => records.send({ type: 'records.retried' })}
          />
        ) : orders.length === 0 ? (
          busy ? (
            <p className="k-muted">{t('ui.loading')}</p>
          ) : (
            <EmptyState
              title={t(`records.empty.${tab}`)}
              action={
                <Button onClick={() => journey.send(routeTo('home'))}>
                  {t('records.borrow')}
                </Button>
              }
            />
          )
        ) : (
          <>
            <ul className="k-list">
              {orders.map((order) => (
                <RecordRow key={order.orderNo} order={order} records={records} />
              ))}
            </ul>
            <MessageNotice message={error} />
            {canMore && (
              <Button
                variant="secondary"
                block
                busy={busy}
                onClick={() => records.send({ type: 'records.more' })}
              >
                {t('records.more')}
              </Button>
            )}
          </>
        )}
      </section>
      <Statement records={records} journey={journey} />
    </div>
  )
}

function RecordRow({ order, records }: { order: OrderSummary; records: RecordsRef }): ReactElement {
  const { t } = useTranslation()
  const { date } = useDisplayText()
  const state = listStateOfOrder(order)
  return (
    <ListRow
      title={
        <>
          {order.productName} <span className={BADGE[state]}>{t(`records.state.${state}`)}</span>
        </>
      }
      detail={t('records.row', { date: date(order.createdAt), orderNo: order.orderNo })}
      value={<Money minor={order.amountMinor} />}
      onClick={() => records.send({ type: 'statement.opened', orderNo: order.orderNo })}
    />
  )
}

/** The lending record of one order; an open order that is the borrower's current one can be continued. */
function Statement({ records, journey }: { records: RecordsRef; journey: JourneyRef }): ReactElement | null {
  const { t } = useTranslation()
  const statement = useSelector(records, (s) => s.context.statement)
  const current = useSelector(journey, (s) => s.context.order?.orderNo)
  const canFollow = useSelector(journey, (s) => s.can({ type: 'order.follow' }))
  if (!statement) return null
  const state = listStateOfOrder(statement)
  const close = () => records.send({ type: 'statement.closed' })
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
              <span className={BADGE[state]}>{t(`records.state.${state}`)}</span>
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
function ContractLink({ journey, statement }: { journey: JourneyRef; statement: OrderSummary }): ReactElement | null {
  const { t } = useTranslation()
  const event = { type: 'contract.opened', loanOrderId: statement.loanOrderId, status: statement.status } as const
  const canOpen = useSelector(journey, (s) => s.can(event))
  if (!canOpen) return null
  return (
    <Button variant="secondary" block onClick={() => journey.send(event)}>
      {t('records.statement.contract')}
    </Button>
  )
}
