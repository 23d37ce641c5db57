/**
 * console-books — finance and admins read the books (issue 20 item 6): the books check as of now (does our journal,
 * our transfers and each provider's book tell the same story; each problem one line naming an order, transfer or
 * entry), its figures (suspense, refunds due, answers not matched), the settlement per provider, UTC day and
 * direction for the days chosen (the last 7 UTC days to begin with, 92 at most), the journal's daily totals per
 * account, and the receipts waiting in suspense for a person. Either report of those days exports as CSV.
 *
 * Days are UTC days — the providers' statements are — checked at their fields before anything is read. A call that
 * finds the session ended tells the console with the days as typed (machines/console-app.machine.ts).
 *
 * A member who may change what is owed (`money.adjust`) resolves a receipt in suspense: applies it to an order (by
 * its number) or records it paid back by hand (with the reference of that payment), with a note; the request id is
 * made when the receipt is chosen, so sending again after a failure resolves it once. The books are read again
 * after, and the receipt is gone from the list.
 *
 * Input: { draft?, mayResolve? } — the days as typed before the session ended; whether to offer resolving
 * Events: books.dayChanged {field, day}, books.applied, books.exportRequested {report}, books.retried,
 *         books.resolveChosen {id}, books.resolveChanged {field, value}, books.resolveConfirmed, books.resolveDismissed
 * Tags:   busy (reading), exporting, failed, resolving (a receipt's form is open)
 * Actors the composition provides (services/console/console-actors.ts):
 *   today ({ timeZone: 'UTC' }) → 'YYYY-MM-DD'                         (the device's clock)
 *   readBooks ({ from, to }) → BooksPage                                  (GET /console/api/books)
 *   exportBooks ({ from, to, report }) → void                             (GET /console/api/books.csv, saved)
 *   resolveSuspense ({ id, request }) → SuspenseResolveReply              (POST /console/api/suspense/:id/resolve)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import {
  BOOKS_MAX_DAYS,
  isSignedOut,
  type BooksPage,
  type BooksQuery,
  type BooksReportName,
  type SuspenseResolveReply,
  type SuspenseResolveRequest,
} from '../domain/console'
import {
  consoleCallErrors,
  sessionEndedTo,
  failureTo,
  failureMessage,
  type ConsoleSessionEndedEvent,
  type Message,
  msg,
} from './console-calls'
import {
  dayErrors,
  draftDays,
  startingDays,
  withDay,
  type DayField,
  type Days,
  type DaysState,
} from './console-days'
import { notProvided } from './kit/not-provided'
import {
  resolveErrors,
  resolveRefusal,
  resolveRequest,
  type ResolveField,
  type ResolveForm,
} from './console-books/resolve-form'

export { RESOLVE_FIELDS, RESOLVE_OUTCOMES, type ResolveField } from './console-books/resolve-form'

/** The days shown at first: today (UTC) and the six before it. */
export const BOOKS_DEFAULT_DAYS = 7

export interface BooksInput {
  draft?: Partial<Days> | null
  mayResolve?: boolean
}

export interface BooksContext extends DaysState {
  page: BooksPage | null
  error: Message | null
  notice: Message | null
  /** The report being exported. */
  report: BooksReportName
  mayResolve: boolean
  resolving: ResolveForm | null
}

export type BooksEvent =
  | { type: 'books.dayChanged'; field: DayField; day: string }
  | { type: 'books.applied' }
  | { type: 'books.exportRequested'; report: BooksReportName }
  | { type: 'books.retried' }
  | { type: 'books.resolveChosen'; id: number }
  | { type: 'books.resolveChanged'; field: ResolveField; value: string }
  | { type: 'books.resolveConfirmed' }
  | { type: 'books.resolveDismissed' }

const booksDayErrors = (days: Days) => dayErrors(days, { days: BOOKS_MAX_DAYS, key: 'console.books.tooLong' })

export const consoleBooksMachine = setup({
  types: {
    context: {} as BooksContext,
    events: {} as BooksEvent,
    input: {} as BooksInput,
    tags: {} as 'busy' | 'exporting' | 'failed' | 'resolving',
  },
  actors: {
    today: fromPromise<string, { timeZone: string }>(notProvided('today', 'services/console')),
    readBooks: fromPromise<BooksPage, BooksQuery>(notProvided('readBooks', 'services/console')),
    exportBooks: fromPromise<void, BooksQuery & { report: BooksReportName }>(
      notProvided('exportBooks', 'services/console'),
    ),
    resolveSuspense: fromPromise<SuspenseResolveReply, { id: number; request: SuspenseResolveRequest }>(
      notProvided('resolveSuspense', 'services/console'),
    ),
  },
  guards: {
    daysValid: ({ context }) => Object.keys(booksDayErrors(context.days)).length === 0,
    hasDays: ({ context }) => context.shown !== null,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    mayResolve: ({ context }, params: { id: number }) =>
      context.mayResolve && (context.page?.suspense.some((s) => s.id === params.id) ?? false),
    resolveValid: ({ context }) =>
      context.resolving !== null && Object.keys(resolveErrors(context.resolving)).length === 0,
  },
  actions: {
    /** The last seven UTC days, unless good days were typed before the session ended. */
    startDays: assign(({ context }, params: { today: string }) => {
      return startingDays(context.days, params.today, BOOKS_DEFAULT_DAYS, booksDayErrors)
    }),
    changeDay: assign(({ context }, params: { field: DayField; day: string }) =>
      withDay(context, params.field, params.day),
    ),
    showDayErrors: assign(({ context }) => ({ fieldErrors: booksDayErrors(context.days) })),
    applyDays: assign(({ context }) => ({
      shown: { ...context.days },
      fieldErrors: {},
      error: null,
      notice: null,
    })),
    takePage: assign((_, params: { page: BooksPage }) => ({ page: params.page, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    clearMessages: assign({ error: null, notice: null }),
    chooseReport: assign((_, params: { report: BooksReportName }) => ({ report: params.report })),
    sayExported: assign({ notice: msg('console.books.exported') }),
    chooseReceipt: assign((_, params: { id: number }) => ({
      notice: null,
      error: null,
      resolving: {
        id: params.id,
        requestId: globalThis.crypto.randomUUID(),
        outcome: 'applied' as const,
        orderNo: '',
        reference: '',
        note: '',
        errors: {},
        error: null,
      },
    })),
    changeResolve: assign(({ context }, params: { field: ResolveField; value: string }) => {
      const f = context.resolving!
      const value =
        params.field === 'outcome' ? (params.value === 'refunded' ? 'refunded' : 'applied') : params.value
      return {
        resolving: { ...f, [params.field]: value, errors: { ...f.errors, [params.field]: undefined } },
      }
    }),
    showResolveErrors: assign(({ context }) => ({
      resolving: { ...context.resolving!, errors: resolveErrors(context.resolving!) },
    })),
    showResolveRefusal: assign(({ context }, params: { error: unknown }) => ({
      resolving: { ...context.resolving!, ...resolveRefusal(params.error) },
    })),
    sayResolved: assign({ resolving: null, notice: msg('console.books.resolve.done') }),
    forgetReceipt: assign({ resolving: null }),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'books',
      draft: { ...context.days },
    })),
  },
}).createMachine({
  id: 'consoleBooks',
  description:
    'Finance reads the books check, the settlement and the daily totals by UTC days, exports them, and resolves receipts in suspense.',
  context: ({ input }) => ({
    days: draftDays(input.draft),
    shown: null,
    page: null,
    fieldErrors: {},
    error: null,
    notice: null,
    report: 'settlement',
    mayResolve: input.mayResolve ?? false,
    resolving: null,
  }),
  on: {
    'books.dayChanged': { actions: { type: 'changeDay', params: ({ event }) => event } },
  },
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'today',
        input: { timeZone: 'UTC' },
        onDone: {
          target: 'loading',
          actions: { type: 'startDays', params: ({ event }) => ({ today: event.output }) },
        },
        onError: failureTo('failed', 'showFailure'),
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'readBooks',
        input: ({ context }) => ({ ...context.shown! }),
        onDone: {
          target: 'ready',
          actions: { type: 'takePage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'books.retried': [
          { guard: 'hasDays', target: 'loading', actions: 'clearMessages' },
          { target: 'starting', actions: 'clearMessages' },
        ],
        'books.applied': [
          { guard: 'daysValid', target: 'loading', actions: 'applyDays' },
          { actions: 'showDayErrors' },
        ],
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'books.applied': [
              { guard: 'daysValid', target: '#consoleBooks.loading', actions: 'applyDays' },
              { actions: 'showDayErrors' },
            ],
            'books.exportRequested': {
              target: 'exporting',
              actions: ['clearMessages', { type: 'chooseReport', params: ({ event }) => event }],
            },
            'books.resolveChosen': {
              guard: { type: 'mayResolve', params: ({ event }) => event },
              target: 'resolving',
              actions: { type: 'chooseReceipt', params: ({ event }) => event },
            },
          },
        },
        resolving: {
          description: 'A receipt in suspense: applied to an order, or paid back by hand; with a note.',
          tags: ['resolving'],
          on: {
            'books.resolveChanged': { actions: { type: 'changeResolve', params: ({ event }) => event } },
            'books.resolveConfirmed': [
              { guard: 'resolveValid', target: 'sendingResolution' },
              { actions: 'showResolveErrors' },
            ],
            'books.resolveDismissed': { target: 'idle', actions: 'forgetReceipt' },
          },
        },
        sendingResolution: {
          tags: ['resolving'],
          invoke: {
            src: 'resolveSuspense',
            input: ({ context }) => ({
              id: context.resolving!.id,
              request: resolveRequest(context.resolving!),
            }),
            onDone: { target: '#consoleBooks.loading', actions: 'sayResolved' },
            onError: [
              sessionEndedTo('resolving'),
              {
                target: 'resolving',
                actions: { type: 'showResolveRefusal', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportBooks',
            input: ({ context }) => ({ ...context.shown!, report: context.report }),
            onDone: { target: 'idle', actions: 'sayExported' },
            onError: consoleCallErrors('idle'),
          },
        },
      },
    },
  },
})

/** What the books page shows. */
export function booksView(s: SnapshotFrom<typeof consoleBooksMachine>) {
  const c = s.context
  return {
    loading: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    exporting: s.hasTag('exporting') ? c.report : null,
    days: c.days,
    shown: c.shown,
    page: c.page,
    fieldErrors: c.fieldErrors,
    error: c.error,
    notice: c.notice,
    canApply: s.can({ type: 'books.applied' }),
    canExport: s.can({ type: 'books.exportRequested', report: 'settlement' }),
    /** Resolve buttons beside the receipts in suspense (a member who may, while no form is open). */
    canResolve: c.mayResolve && s.matches({ ready: 'idle' }),
    resolving: s.hasTag('resolving')
      ? { ...c.resolving!, sending: s.matches({ ready: 'sendingResolution' }) }
      : null,
  }
}
