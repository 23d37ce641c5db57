/**
 * console-loans — staff look a borrower up and read an order's story (issue 20 item 4): by phone number (however
 * it is written), national ID number or order number; the borrowers found, masked as the member's role may see
 * them, each with their latest orders; an order opened gives every status change, every transfer and its state,
 * the schedule, the journal's entries and, for risk and admins, the decision with its explanation.
 *
 * The order's actions (cancel, waive a penalty, write off) are the ones its story lists (`actions`: the server
 * derives them from the lifecycle machine and the member's role); one chosen asks for a note (and the amount of a
 * waiver, in the currency's units, at most the penalty due), then is sent with a request id made when it was
 * chosen, so sending it again after a failure does it once. The server's answer is the order's new story.
 *
 * The search is checked at its field (3 to 40 characters) before it is sent. A call that finds the session ended
 * tells the console with the search as typed (machines/console-app.machine.ts).
 *
 * Input: { timeZone, draft? }
 * Events: loans.queryChanged {query}, loans.searched, loans.orderOpened {orderNo}, loans.orderClosed, loans.retried,
 *         loans.actionChosen {action}, loans.noteChanged {note}, loans.amountChanged {amount}, loans.actionConfirmed,
 *         loans.actionDismissed
 * Tags:   busy (searching, reading an order, acting), failed, confirming (an action's form is open)
 * Actors the composition provides (services/console/console-actors.ts):
 *   searchBorrowers ({ q }) → BorrowerHit[]          (GET /console/api/borrowers)
 *   readOrder ({ orderNo }) → OrderStory              (GET /console/api/orders/:orderNo)
 *   actOnOrder ({ orderNo, action, request }) → OrderStory   (POST /console/api/orders/:orderNo/<action>)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import {
  consoleFailureOf,
  isSignedOut,
  type BorrowerHit,
  type OrderAction,
  type OrderStory,
  type ActOnOrderInput,
} from '../domain/console'
import { minorPerUnitOf } from '../domain/money'
import {
  consoleCallErrors,
  failureMessage,
  sessionEndedTo,
  type ConsoleSessionEndedEvent,
  type Message,
  msg,
} from './console-calls'
import { notProvided } from './kit/not-provided'

export const SEARCH_MIN = 3
export const SEARCH_MAX_LENGTH = 40
export const NOTE_MAX_LENGTH = 200

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
  /** The action being confirmed or sent, with its form and the request id made when it was chosen. */
  action: OrderAction | null
  requestId: string | null
  note: string
  amount: string
  noteError: Message | null
  amountError: Message | null
  actionError: Message | null
}

export type LoansEvent =
  | { type: 'loans.queryChanged'; query: string }
  | { type: 'loans.searched' }
  | { type: 'loans.orderOpened'; orderNo: string }
  | { type: 'loans.orderClosed' }
  | { type: 'loans.retried' }
  | { type: 'loans.actionChosen'; action: OrderAction }
  | { type: 'loans.noteChanged'; note: string }
  | { type: 'loans.amountChanged'; amount: string }
  | { type: 'loans.actionConfirmed' }
  | { type: 'loans.actionDismissed' }

function queryError(query: string): Message | null {
  const q = query.trim()
  if (q.length < SEARCH_MIN) return msg('console.loans.queryShort', { min: SEARCH_MIN })
  if (q.length > SEARCH_MAX_LENGTH) return msg('console.loans.queryLong', { max: SEARCH_MAX_LENGTH })
  return null
}

/** A waiver typed in the currency's units ("1500", "1,500.50"): its minor units, or null when it is not one. */
export function waiverMinor(amount: string, currency: string): number | null {
  const text = amount.trim().replace(/[,\s]/g, '')
  const perUnit = minorPerUnitOf(currency)
  const decimals = Math.round(Math.log10(perUnit))
  const match = new RegExp(`^(\\d{1,13})(?:\\.(\\d{1,${Math.max(decimals, 1)}}))?$`).exec(text)
  if (!match || (decimals === 0 && match[2] !== undefined)) return null
  const minor = Number(match[1]) * perUnit + Number((match[2] ?? '').padEnd(decimals, '0') || 0)
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null
}

function noteError(note: string): Message | null {
  const n = note.trim()
  if (n === '') return msg('console.loans.action.noteRequired')
  if (n.length > NOTE_MAX_LENGTH) return msg('console.loans.action.noteLong', { max: NOTE_MAX_LENGTH })
  return null
}

function amountError(context: LoansContext): Message | null {
  if (context.action !== 'waive' || !context.story) return null
  const minor = waiverMinor(context.amount, context.story.currency)
  if (minor === null) return msg('console.loans.action.amountInvalid')
  if (minor > context.story.due.penaltyMinor) return msg('console.loans.action.amountAbove')
  return null
}

/** A refusal of an action: at its field when the server names one, else the page's message. */
function actionRefusalOf(error: unknown): Pick<LoansContext, 'noteError' | 'amountError' | 'actionError'> {
  const f = consoleFailureOf(error)
  if (f.kind === 'refused' && f.fields.includes('amountMinor'))
    return { amountError: msg('console.loans.action.amountAbove'), noteError: null, actionError: null }
  if (f.kind === 'refused' && f.status === 409)
    return { actionError: msg('console.loans.action.notAllowed'), noteError: null, amountError: null }
  return { actionError: failureMessage(error), noteError: null, amountError: null }
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
    tags: {} as 'busy' | 'failed' | 'confirming',
  },
  actors: {
    searchBorrowers: fromPromise<BorrowerHit[], { q: string }>(
      notProvided('searchBorrowers', 'services/console'),
    ),
    readOrder: fromPromise<OrderStory, { orderNo: string }>(notProvided('readOrder', 'services/console')),
    actOnOrder: fromPromise<OrderStory, ActOnOrderInput>(notProvided('actOnOrder', 'services/console')),
  },
  guards: {
    queryValid: ({ context }) => queryError(context.query) === null,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    hasOrder: ({ context }) => context.orderNo !== null,
    actionOffered: ({ context }, params: { action: OrderAction }) =>
      context.story?.actions.includes(params.action) ?? false,
    actionFormValid: ({ context }) => noteError(context.note) === null && amountError(context) === null,
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
    chooseAction: assign((_, params: { action: OrderAction }) => ({
      action: params.action,
      requestId: globalThis.crypto.randomUUID(),
      note: '',
      amount: '',
      noteError: null,
      amountError: null,
      actionError: null,
    })),
    changeNote: assign((_, params: { note: string }) => ({ note: params.note, noteError: null })),
    changeAmount: assign((_, params: { amount: string }) => ({ amount: params.amount, amountError: null })),
    showActionErrors: assign(({ context }) => ({
      noteError: noteError(context.note),
      amountError: amountError(context),
    })),
    showActionRefusal: assign((_, params: { error: unknown }) => actionRefusalOf(params.error)),
    forgetAction: assign({
      action: null,
      requestId: null,
      note: '',
      amount: '',
      noteError: null,
      amountError: null,
      actionError: null,
    }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'loans',
      draft: { query: context.query },
    })),
  },
}).createMachine({
  id: 'consoleLoans',
  description:
    'Staff find a borrower by phone, ID or order number, read an order’s story and take the actions its lifecycle allows.',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    query: input.draft?.query ?? '',
    queryError: null,
    borrowers: null,
    searched: null,
    story: null,
    orderNo: null,
    error: null,
    action: null,
    requestId: null,
    note: '',
    amount: '',
    noteError: null,
    amountError: null,
    actionError: null,
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
      description: 'An order’s story; back to the borrowers found, or one of the actions its story offers.',
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'loans.orderClosed': { target: '#consoleLoans.idle', actions: 'closeOrder' },
            'loans.orderOpened': {
              target: '#consoleLoans.reading',
              actions: { type: 'chooseOrder', params: ({ event }) => event },
            },
            'loans.actionChosen': {
              guard: { type: 'actionOffered', params: ({ event }) => event },
              target: 'confirming',
              actions: { type: 'chooseAction', params: ({ event }) => event },
            },
          },
        },
        confirming: {
          description: 'The action’s form: why (and how much of the penalty, for a waiver).',
          tags: ['confirming'],
          on: {
            'loans.noteChanged': { actions: { type: 'changeNote', params: ({ event }) => event } },
            'loans.amountChanged': { actions: { type: 'changeAmount', params: ({ event }) => event } },
            'loans.actionConfirmed': [
              { guard: 'actionFormValid', target: 'acting' },
              { actions: 'showActionErrors' },
            ],
            'loans.actionDismissed': { target: 'viewing', actions: 'forgetAction' },
          },
        },
        acting: {
          tags: ['busy', 'confirming'],
          invoke: {
            src: 'actOnOrder',
            input: ({ context }) => ({
              orderNo: context.orderNo!,
              action: context.action!,
              request: {
                requestId: context.requestId!,
                note: context.note.trim(),
                ...(context.action === 'waive'
                  ? { amountMinor: waiverMinor(context.amount, context.story!.currency)! }
                  : {}),
              },
            }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'takeStory', params: ({ event }) => ({ story: event.output }) },
                'forgetAction',
              ],
            },
            onError: [
              sessionEndedTo('confirming'),
              {
                target: 'confirming',
                actions: { type: 'showActionRefusal', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
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
    /** The actions the story offers, while none is being confirmed. */
    actions: s.matches({ order: 'viewing' }) ? (c.story?.actions ?? []) : [],
    confirming: s.hasTag('confirming')
      ? {
          action: c.action!,
          note: c.note,
          amount: c.amount,
          noteError: c.noteError,
          amountError: c.amountError,
          error: c.actionError,
          sending: s.hasTag('busy'),
        }
      : null,
  }
}
