/**
 * records — the records tab (spec §2): the borrower's orders in two tabs, Incomplete (open orders) and Finished
 * (closed ones), a page at a time, each shown with its list state (the order lifecycle's `list` meta,
 * listStateOfOrder); and the statement of one order (its lending record: amounts, dates, state), which may be
 * continued where its status says when it is the borrower's current open order (mayContinue).
 *
 * Input: none
 * Events: records.tabChosen {tab}, records.more, records.refreshed, records.retried,
 *         statement.opened {orderNo}, statement.closed
 * Tags:   busy (loading a page), loadFailed (the first page failed)
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides:
 *   loadOrders ({ tab, page }) → Page<OrderSummary>   (GET /loan/loan-order/list-market)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { OrderSummary, Page } from '../domain/api-types'
import type { OrderListState } from '../domain/order-status'
import type { ORDER_LIST_TABS } from '../domain/schemas/loan'
import { isOpenStatus, listStateOf } from './order-lifecycle/order-policy'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { outputParams, type Output } from './kit/params'

export type RecordsTab = (typeof ORDER_LIST_TABS)[number]

/** Spec §4: the order's state in the records list. */
export function listStateOfOrder(order: Pick<OrderSummary, 'status'>): OrderListState {
  return listStateOf(order.status)
}

/**
 * Whether the statement's order can be continued where its status says: it is open and it is the borrower's
 * current order (`currentOrderNo`, the journey's latest order).
 */
export function mayContinue(
  statement: Pick<OrderSummary, 'status' | 'orderNo'>,
  currentOrderNo: string | undefined,
): boolean {
  return isOpenStatus(statement.status) && statement.orderNo === currentOrderNo
}

export interface RecordsContext {
  tab: RecordsTab
  orders: OrderSummary[]
  /** The last page loaded (0 before the first). */
  page: number
  total: number
  /** The order whose statement is open. */
  statement: OrderSummary | null
  error: Message | null
}

export type RecordsEvent =
  | { type: 'records.tabChosen'; tab: RecordsTab }
  | { type: 'records.more' }
  | { type: 'records.refreshed' }
  | { type: 'records.retried' }
  | { type: 'statement.opened'; orderNo: string }
  | { type: 'statement.closed' }

export type RecordsOutput = { outcome: 'sessionEnded' }

export const recordsMachine = setup({
  types: {
    context: {} as RecordsContext,
    events: {} as RecordsEvent,
    output: {} as RecordsOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'loadFailed',
  },
  actors: {
    loadOrders: fromPromise<Page<OrderSummary>, { tab: RecordsTab; page: number }>(() => {
      throw new Error("The 'loadOrders' actor is provided by services/actors")
    }),
  },
  guards: {
    otherTab: ({ context, event }) => event.type === 'records.tabChosen' && event.tab !== context.tab,
    moreToLoad: ({ context }) => context.orders.length < context.total,
    firstPage: ({ context }) => context.page === 0,
    listed: ({ context, event }) =>
      event.type === 'statement.opened' && context.orders.some((o) => o.orderNo === event.orderNo),
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    chooseTab: assign({
      tab: ({ context, event }) => (event.type === 'records.tabChosen' ? event.tab : context.tab),
    }),
    startOver: assign({ orders: [], page: 0, total: 0, statement: null }),
    keepPage: assign(({ context }, { output: page }: Output<Page<OrderSummary>>) => {
      return { orders: [...context.orders, ...page.items], page: page.page, total: page.total, error: null }
    }),
    openStatement: assign({
      statement: ({ context, event }) =>
        event.type === 'statement.opened'
          ? (context.orders.find((o) => o.orderNo === event.orderNo) ?? null)
          : context.statement,
    }),
    closeStatement: assign({ statement: null }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'records',
  description:
    "The borrower's orders by tab (Incomplete, Finished), a page at a time, and one order's statement.",
  context: { tab: 'incomplete', orders: [], page: 0, total: 0, statement: null, error: null },
  initial: 'loading',
  on: {
    'records.tabChosen': {
      guard: 'otherTab',
      target: '.loading',
      actions: ['chooseTab', 'startOver', 'clearError'],
    },
    'records.refreshed': { target: '.loading', actions: ['startOver', 'clearError'] },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOrders',
        input: ({ context }) => ({ tab: context.tab, page: context.page + 1 }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: outputParams } },
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'firstPage', target: 'loadFailed', actions: 'showFailure' },
          // A later page failed: keep what is shown; "more" asks again.
          { target: 'shown', actions: 'showFailure' },
        ],
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'records.retried': { target: 'loading', actions: 'clearError' } },
    },
    shown: {
      on: {
        'records.more': { guard: 'moreToLoad', target: 'loading', actions: 'clearError' },
        'statement.opened': { guard: 'listed', actions: 'openStatement' },
        'statement.closed': { actions: 'closeStatement' },
      },
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): RecordsOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as RecordsOutput,
})

/**
 * What the records tab shows — the screen's one read of this machine (screens/shared/use-view.ts): the tab, the
 * orders, whether a page is loading or the first failed, whether another page can be asked for, and the open
 * statement with its list state.
 */
export function recordsView(s: SnapshotFrom<typeof recordsMachine>) {
  const { context } = s
  return {
    tab: context.tab,
    orders: context.orders,
    error: context.error,
    busy: s.hasTag('busy'),
    loadFailed: s.hasTag('loadFailed'),
    canMore: s.can({ type: 'records.more' }),
    statement: context.statement,
    statementState: context.statement ? listStateOfOrder(context.statement) : null,
  }
}

export type RecordsView = ReturnType<typeof recordsView>
