/**
 * console-audit — an admin reads the audit log (issue 20): every sign-in, refused try, lock, sign-out, password
 * change, staff creation and export, oldest first, by the days chosen (the last 7 days in the admin's time zone to
 * begin with), 100 rows at a time ("Show more" asks for the rows after the last one shown: `afterId`), and exports
 * the chosen days as CSV (the export is itself written to the log). The days are checked (real days, the first not
 * after the last) at their fields before the log is read.
 *
 * Who did each thing is the member's number; the rows shown name the members they created (`staff.created`'s
 * username) and the admin reading, so `names` maps the numbers it can.
 *
 * A call that finds the session ended tells the console with the days as typed (machines/console-app.machine.ts).
 *
 * Input: { timeZone, me, canExport, draft? }
 * Events: audit.dayChanged {field, day}, audit.applied, audit.moreRequested, audit.exportRequested, audit.retried
 * Tags:   busy (reading the first page), loading, loadingMore, exporting, failed
 * Actors the composition provides (services/console/console-actors.ts):
 *   today ({ timeZone }) → 'YYYY-MM-DD'                      (the device's clock)
 *   readAudit ({ from, to, afterId? }) → AuditPage           (GET /console/api/audit)
 *   exportAudit ({ from, to }) → void                        (GET /console/api/audit.csv, saved as a file)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import {
  auditWindow,
  consoleFailureOf,
  isSignedOut,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
  type StaffMember,
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
import { dayErrors, draftDays, startingDays, withDay, type DayField, type Days, type DaysState } from './console-days'
import { notProvided } from './kit/not-provided'


/** Rows asked for at a time. */
export const AUDIT_PAGE_ROWS = 100
/** The days shown at first: today and the six before it. */
export const AUDIT_DEFAULT_DAYS = 7

export interface AuditInput {
  /** The admin's time zone (IANA), in which days begin and rows' times are shown. */
  timeZone: string
  me: StaffMember
  /** May export (the `audit.export` permission). */
  canExport: boolean
  draft?: Partial<Days> | null
}

export interface AuditContext extends DaysState {
  timeZone: string
  canExport: boolean
  rows: AuditRow[]
  nextAfterId: number | null
  /** Members' names by number, as far as the rows (and the reader) tell them. */
  names: Record<number, string>
  error: Message | null
  /** Said once an export was saved. */
  notice: Message | null
}

export type AuditEvent =
  | { type: 'audit.dayChanged'; field: DayField; day: string }
  | { type: 'audit.applied' }
  | { type: 'audit.moreRequested' }
  | { type: 'audit.exportRequested' }
  | { type: 'audit.retried' }

const auditDayErrors = (days: Days) => dayErrors(days)

const queryOf = (c: AuditContext, afterId?: number): AuditQuery => {
  const window = auditWindow(c.shown!.from, c.shown!.to, c.timeZone)
  return { ...window, ...(afterId !== undefined ? { afterId } : {}), limit: AUDIT_PAGE_ROWS }
}

/** The names a page of rows tells: each `staff.created` row's new member. */
function namesIn(rows: readonly AuditRow[]): Record<number, string> {
  const names: Record<number, string> = {}
  for (const row of rows) {
    const id = /^staff:(\d+)$/.exec(row.subject)?.[1]
    const username = (row.after as { username?: unknown } | null)?.username
    if (row.action === 'staff.created' && id && typeof username === 'string') names[Number(id)] = username
  }
  return names
}

function exportFailure(error: unknown): Message {
  const failure = consoleFailureOf(error)
  if (failure.kind === 'refused' && failure.status === 413)
    return msg('console.audit.tooLarge', { max: failure.max ?? 100_000 })
  return failureMessage(error)
}

export const consoleAuditMachine = setup({
  types: {
    context: {} as AuditContext,
    events: {} as AuditEvent,
    input: {} as AuditInput,
    tags: {} as 'busy' | 'loading' | 'loadingMore' | 'exporting' | 'failed',
  },
  actors: {
    today: fromPromise<string, { timeZone: string }>(notProvided('today', 'services/console')),
    readAudit: fromPromise<AuditPage, AuditQuery>(notProvided('readAudit', 'services/console')),
    exportAudit: fromPromise<void, { from: string; to: string }>(
      notProvided('exportAudit', 'services/console'),
    ),
  },
  guards: {
    daysValid: ({ context }) => Object.keys(auditDayErrors(context.days)).length === 0,
    hasMore: ({ context }) => context.nextAfterId !== null,
    hasDays: ({ context }) => context.shown !== null,
    mayExport: ({ context }) => context.canExport,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
  },
  actions: {
    /** The last seven days, unless days were typed before the session ended and are good days. */
    startDays: assign(({ context }, params: { today: string }) => {
      return startingDays(context.days, params.today, AUDIT_DEFAULT_DAYS, auditDayErrors)
    }),
    changeDay: assign(({ context }, params: { field: DayField; day: string }) => withDay(context, params.field, params.day)),
    showDayErrors: assign(({ context }) => ({ fieldErrors: auditDayErrors(context.days) })),
    applyDays: assign(({ context }) => ({
      shown: { ...context.days },
      fieldErrors: {},
      error: null,
      notice: null,
    })),
    takeFirstPage: assign(({ context }, params: { page: AuditPage }) => ({
      rows: params.page.rows,
      nextAfterId: params.page.nextAfterId,
      names: { ...context.names, ...namesIn(params.page.rows) },
      error: null,
    })),
    takeNextPage: assign(({ context }, params: { page: AuditPage }) => ({
      rows: [...context.rows, ...params.page.rows],
      nextAfterId: params.page.nextAfterId,
      names: { ...context.names, ...namesIn(params.page.rows) },
      error: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    showExportFailure: assign((_, params: { error: unknown }) => ({ error: exportFailure(params.error) })),
    clearMessages: assign({ error: null, notice: null }),
    sayExported: assign({ notice: msg('console.audit.exported') }),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'audit',
      draft: { ...context.days },
    })),
  },
}).createMachine({
  id: 'consoleAudit',
  description: 'An admin reads the audit log by days, a page at a time, and exports those days as CSV.',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    canExport: input.canExport,
    days: draftDays(input.draft),
    shown: null,
    rows: [],
    nextAfterId: null,
    names: { [input.me.id]: input.me.username },
    fieldErrors: {},
    error: null,
    notice: null,
  }),
  on: {
    'audit.dayChanged': { actions: { type: 'changeDay', params: ({ event }) => event } },
  },
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'today',
        input: ({ context }) => ({ timeZone: context.timeZone }),
        onDone: {
          target: 'loading',
          actions: { type: 'startDays', params: ({ event }) => ({ today: event.output }) },
        },
        onError: failureTo('failed', 'showFailure'),
      },
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'readAudit',
        input: ({ context }) => queryOf(context),
        onDone: {
          target: 'ready',
          actions: { type: 'takeFirstPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'audit.retried': [
          { guard: 'hasDays', target: 'loading', actions: 'clearMessages' },
          { target: 'starting', actions: 'clearMessages' },
        ],
        'audit.applied': [
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
            'audit.applied': [
              { guard: 'daysValid', target: '#consoleAudit.loading', actions: 'applyDays' },
              { actions: 'showDayErrors' },
            ],
            'audit.moreRequested': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMessages' },
            'audit.exportRequested': { guard: 'mayExport', target: 'exporting', actions: 'clearMessages' },
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'readAudit',
            input: ({ context }) => queryOf(context, context.nextAfterId ?? undefined),
            onDone: {
              target: 'idle',
              actions: { type: 'takeNextPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: consoleCallErrors('idle'),
          },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportAudit',
            input: ({ context }) => auditWindow(context.shown!.from, context.shown!.to, context.timeZone),
            onDone: { target: 'idle', actions: 'sayExported' },
            onError: [sessionEndedTo('idle'), failureTo('idle', 'showExportFailure')],
          },
        },
      },
    },
  },
})

/** What the audit log page shows. */
export function auditView(s: SnapshotFrom<typeof consoleAuditMachine>) {
  const c = s.context
  return {
    days: c.days,
    fieldErrors: c.fieldErrors,
    rows: c.rows,
    names: c.names,
    timeZone: c.timeZone,
    shown: c.shown,
    error: c.error,
    notice: c.notice,
    loading: s.hasTag('loading'),
    failed: s.hasTag('failed'),
    loadingMore: s.hasTag('loadingMore'),
    exporting: s.hasTag('exporting'),
    canApply: s.can({ type: 'audit.applied' }),
    canMore: s.can({ type: 'audit.moreRequested' }),
    mayExport: c.canExport,
    canExport: s.can({ type: 'audit.exportRequested' }),
    hasMore: c.nextAfterId !== null,
  }
}
