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
import { listStateOfOrder, recordsView, type recordsMachine } from '../../machines/records.machine'
import type { OrderSummary } from '../../domain/api-types'
import { Button } from '../../ui/button'
import { Money } from '../../ui/display'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { JourneyRef, ScreenProps } from '../screen-props'
import { useDisplayText } from '../shared/display-text'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { TabNavigation } from '../shared/tab-navigation'
import '../borrow/borrow.css'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'
import { LIST_STATE_BADGE, Statement } from './parts/records-statement'

type RecordsRef = ActorRefFrom<typeof recordsMachine>

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
  const view = useView(records, recordsView)
  const { tab, orders, error, busy, loadFailed, canMore } = view
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
              action={<Button onClick={() => journey.send(routeTo('home'))}>{t('records.borrow')}</Button>}
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
      {view.statement && view.statementState && (
        <Statement
          statement={view.statement}
          state={view.statementState}
          journey={journey}
          onClose={() => records.send({ type: 'statement.closed' })}
        />
      )}
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
          {order.productName} <span className={LIST_STATE_BADGE[state]}>{t(`records.state.${state}`)}</span>
        </>
      }
      detail={t('records.row', { date: date(order.createdAt), orderNo: order.orderNo })}
      value={<Money minor={order.amountMinor} />}
      onClick={() => records.send({ type: 'statement.opened', orderNo: order.orderNo })}
    />
  )
}
