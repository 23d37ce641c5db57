/**
 * console-loans — staff look a borrower up and read an order's story (issue 20 item 4): by phone number (however
 * it is written), national ID number or order number; the borrowers found, masked as the member's role may see
 * them, each with their latest orders; an order opened gives every status change, every transfer and its state,
 * the schedule, the journal's entries and, for risk and admins, the decision with its explanation.
 *
 * The search is checked at its field (3 to 40 characters) before it is sent. A call that finds the session ended
 * tells the console with the search as typed (machines/console-app.machine.ts).
 *
 * Input: { timeZone, draft? }
 * Events: loans.queryChanged {query}, loans.searched, loans.orderOpened {orderNo}, loans.orderClosed, loans.retried
 * Tags:   busy (searching, reading an order), failed
 * Actors the composition provides (services/console/console-actors.ts):
 *   searchBorrowers ({ q }) → BorrowerHit[]          (GET /console/api/borrowers)
 *   readOrder ({ orderNo }) → OrderStory              (GET /console/api/orders/:orderNo)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import { consoleFailureOf, isSignedOut, type BorrowerHit, type OrderStory } from '../domain/console'
import { consoleCallErrors, failureMessage, type ConsoleSessionEndedEvent, type Message, msg } from './console-calls'
import { notProvided } from './kit/not-provided'

export const SEARCH_MIN = 3
export const SEARCH_MAX_LENGTH = 40

export interface LoansInput {
  timeZone: string
  draft?: { query?: string } | null
}

export interface LoansContext {
  timeZone: string
  query: string
  queryError: Message | null
  /** What the last search found (null before any). */
  borrowers: BorrowerHit[] | null
  /** The query those borrowers were found with. */
  searched: string | null
  story: OrderStory | null
  /** The order being read. */
  orderNo: string | null
  error: Message | null
}

export type LoansEvent =
  | { type: 'loans.queryChanged'; query: string }
  | { type: 'loans.searched' }
  | { type: 'loans.orderOpened'; orderNo: string }
  | { type: 'loans.orderClosed' }
  | { type: 'loans.retried' }

function queryError(query: string): Message | null {
  const q = query.trim()
  if (q.length < SEARCH_MIN) return msg('console.loans.queryShort', { min: SEARCH_MIN })
  if (q.length > SEARCH_MAX_LENGTH) return msg('console.loans.queryLong', { max: SEARCH_MAX_LENGTH })
  return null
}

function failureOf(error: unknown): Message {
  const f = consoleFailureOf(error)
  return f.kind === 'refused' && f.status === 404 ? msg('console.loans.noOrder') : failureMessage(error)
}

export const consoleLoansMachine = setup({
  types: {
    context: {} as LoansContext,
    events: {} as LoansEvent,
    input: {} as LoansInput,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    searchBorrowers: fromPromise<BorrowerHit[], { q: string }>(
      notProvided('searchBorrowers', 'services/console'),
    ),
    readOrder: fromPromise<OrderStory, { orderNo: string }>(notProvided('readOrder', 'services/console')),
  },
  guards: {
    queryValid: ({ context }) => queryError(context.query) === null,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    hasOrder: ({ context }) => context.orderNo !== null,
  },
  actions: {
    changeQuery: assign((_, params: { query: string }) => ({ query: params.query, queryError: null })),
    showQueryError: assign(({ context }) => ({ queryError: queryError(context.query) })),
    takeBorrowers: assign(({ context }, params: { borrowers: BorrowerHit[] }) => ({
      borrowers: params.borrowers,
      searched: context.query.trim(),
      error: null,
    })),
    chooseOrder: assign((_, params: { orderNo: string }) => ({ orderNo: params.orderNo, error: null })),
    takeStory: assign((_, params: { story: OrderStory }) => ({ story: params.story, error: null })),
    closeOrder: assign({ story: null, orderNo: null, error: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'loans',
      draft: { query: context.query },
    })),
  },
}).createMachine({
  id: 'consoleLoans',
  description: 'Staff find a borrower by phone, ID or order number and read an order’s story.',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    query: input.draft?.query ?? '',
    queryError: null,
    borrowers: null,
    searched: null,
    story: null,
    orderNo: null,
    error: null,
  }),
  on: {
    'loans.queryChanged': { actions: { type: 'changeQuery', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'loans.searched': [{ guard: 'queryValid', target: 'searching' }, { actions: 'showQueryError' }],
        'loans.orderOpened': {
          target: 'reading',
          actions: { type: 'chooseOrder', params: ({ event }) => event },
        },
      },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchBorrowers',
        input: ({ context }) => ({ q: context.query.trim() }),
        onDone: {
          target: 'idle',
          actions: { type: 'takeBorrowers', params: ({ event }) => ({ borrowers: event.output }) },
        },
        onError: consoleCallErrors('idle'),
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readOrder',
        input: ({ context }) => ({ orderNo: context.orderNo! }),
        onDone: {
          target: 'order',
          actions: { type: 'takeStory', params: ({ event }) => ({ story: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      description: 'The order could not be read; try again or go back to the search.',
      tags: ['failed'],
      on: {
        'loans.retried': { guard: 'hasOrder', target: 'reading' },
        'loans.orderClosed': { target: 'idle', actions: 'closeOrder' },
      },
    },
    order: {
      description: 'An order’s story; back to the borrowers found.',
      on: {
        'loans.orderClosed': { target: 'idle', actions: 'closeOrder' },
        'loans.orderOpened': {
          target: 'reading',
          actions: { type: 'chooseOrder', params: ({ event }) => event },
        },
      },
    },
  },
})

/** What the loans page shows. */
export function loansView(s: SnapshotFrom<typeof consoleLoansMachine>) {
  const c = s.context
  return {
    busy: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    query: c.query,
    queryError: c.queryError,
    borrowers: c.borrowers,
    searched: c.searched,
    story: s.matches('order') ? c.story : null,
    orderNo: c.orderNo,
    error: c.error,
    timeZone: c.timeZone,
    canSearch: s.can({ type: 'loans.searched' }),
  }
}
