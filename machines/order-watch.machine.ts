/**
 * order watch — follows the borrower's latest order while a screen waits on the server (review tips 1, finish
 * loading 19, lending 7, home while the order is assessed, on its way or approved and awaiting confirmation), so
 * the borrower never has to tap Refresh (issue 13 item 1; docs/decisions.md "Live order status").
 *
 * It reads /loan/loan-order/latest (the journey's own `fetchLatestOrder`, provided by the composition) after a
 * back-off of ORDER_WATCH_DELAYS_MS — 2 s, 3 s, 5 s, then every 5 s — so a change is seen within 5 s however long
 * the wait. When a reading's status (or order) differs from the one the journey handed in, the machine ends with
 * that reading and the journey opens the screen the status names (its `followStatus`, the one status → screen
 * rule). An order whose status nobody waits on (canLoan, repaying, rejected…) is not followed: the machine idles.
 *
 * Timers stop in the background and polling there is wasted battery and data: 'app.backgrounded' pauses it, and
 * 'app.foregrounded' reads at once, then starts the back-off again. A lost answer is retried on the next tick;
 * after ORDER_WATCH_MAX_FAILURES in a row the machine stops with the failure (tag `watchFailed`, a notice and a
 * retry on the screen: 'orderWatch.retried'). A session the server ended is escalated as every child does.
 *
 * Input (OrderWatchInput): { order: LatestOrder | null } (the order as the journey knows it)
 * Events: orderWatch.retried, app.backgrounded, app.foregrounded {at}
 * Tags:   watching (polling), paused (in the background), watchFailed (stopped after failures; context.error)
 * Output: { outcome: 'changed', reading } | { outcome: 'sessionEnded' }
 * Actors the composition provides: fetchLatestOrder () → OrderReading (GET /loan/loan-order/latest)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { LatestOrder } from '../domain/api-types'
import { SELF_MOVING_STATUSES } from './order-lifecycle/order-policy'
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

/**
 * The wait before each reading: quick at first (a decision, a pay-out or a submission often lands within seconds
 * of the screen opening), then every 5 s, never slower, so a change shows within 5 s.
 */
export const ORDER_WATCH_DELAYS_MS: readonly number[] = [2_000, 3_000, 5_000]
/** Failed readings in a row before the watch stops and says so. */
export const ORDER_WATCH_MAX_FAILURES = 3


/** One reading of the latest order, with the server's time when it arrived (and the device's, when known). */
export interface OrderWatchReading {
  order: LatestOrder | null
  readAt: number
  receivedAt?: number
}

export interface OrderWatchInput {
  order: LatestOrder | null
}

export interface OrderWatchContext {
  /** The order as the journey knows it; a reading that differs from it is news. */
  known: LatestOrder | null
  /** Readings made since the back-off last started (picks the next delay). */
  polls: number
  /** Failed readings in a row. */
  failures: number
  error: Message | null
  /** The reading that changed, handed to the journey. */
  reading: OrderWatchReading | null
}

export type OrderWatchEvent =
  | { type: 'orderWatch.retried' }
  | { type: 'app.backgrounded' }
  | { type: 'app.foregrounded'; at: number }

export type OrderWatchOutput =
  | { outcome: 'changed'; reading: OrderWatchReading }
  | { outcome: 'sessionEnded' }

/** The wait before reading number `polls` (0-based) of a back-off. */
export function orderWatchDelay(polls: number): number {
  return ORDER_WATCH_DELAYS_MS[Math.min(polls, ORDER_WATCH_DELAYS_MS.length - 1)]!
}

/** Whether a reading says something the journey does not know: another order, or another status. */
export function orderChanged(known: LatestOrder | null, read: LatestOrder | null): boolean {
  if (!known || !read) return known !== read
  return known.loanOrderId !== read.loanOrderId || known.status !== read.status
}


export const orderWatchMachine = setup({
  types: {
    context: {} as OrderWatchContext,
    events: {} as OrderWatchEvent,
    input: {} as OrderWatchInput,
    output: {} as OrderWatchOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'watching' | 'paused' | 'watchFailed',
  },
  actors: {
    // Rejects rather than throws when not provided: the watch counts it as a failed reading.
    fetchLatestOrder: fromPromise<OrderWatchReading>(async () => {
      throw new Error("The 'fetchLatestOrder' actor is provided by services/actors/journey-actors.ts")
    }),
  },
  delays: {
    nextReading: ({ context }) => orderWatchDelay(context.polls),
  },
  guards: {
    awaited: ({ context }) => context.known !== null && SELF_MOVING_STATUSES.includes(context.known.status),
    changed: ({ context }, { output }: Output<OrderWatchReading>) => orderChanged(context.known, output.order),
    sessionEnded: ({ event }) => endsSession(event),
    gaveUp: ({ context }) => context.failures + 1 >= ORDER_WATCH_MAX_FAILURES,
  },
  actions: {
    keepReading: assign({ reading: (_, { output }: Output<OrderWatchReading>) => output }),
    countReading: assign({ polls: ({ context }) => context.polls + 1, failures: 0, error: null }),
    countFailure: assign({ polls: ({ context }) => context.polls + 1, failures: ({ context }) => context.failures + 1 }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    /** Back to the quick readings: after a pause, a retry, or on the screen's return. */
    restartBackOff: assign({ polls: 0, failures: 0, error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'orderWatch',
  description: 'Reads the latest order with a back-off while a screen waits on the server; ends when it changed.',
  context: ({ input }) => ({ known: input.order, polls: 0, failures: 0, error: null, reading: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'awaited', target: 'watching' }, { target: 'idle' }],
    },
    idle: {
      description: 'No order, or one whose status the server does not move by itself: nothing to follow.',
    },
    watching: {
      tags: ['watching'],
      initial: 'waiting',
      on: {
        'app.backgrounded': 'paused',
        // Back without a word of leaving (a shell that only says it is back): timers may have stood still.
        'app.foregrounded': { target: '.reading', reenter: true, actions: 'restartBackOff' },
      },
      states: {
        waiting: {
          after: { nextReading: 'reading' },
        },
        reading: {
          invoke: {
            src: 'fetchLatestOrder',
            onDone: [
              { guard: { type: 'changed', params: outputParams }, target: '#orderWatch.changed', actions: { type: 'keepReading', params: outputParams } },
              { target: 'waiting', actions: 'countReading' },
            ],
            onError: [
              { guard: 'sessionEnded', target: '#orderWatch.sessionEnded' },
              { guard: 'gaveUp', target: '#orderWatch.failed', actions: ['countFailure', 'showFailure'] },
              // A lost answer on a slow network: ask again on the next tick.
              { target: 'waiting', actions: 'countFailure' },
            ],
          },
        },
      },
    },
    paused: {
      description: 'The app is in the background: no reading until it comes back, then one at once.',
      tags: ['paused'],
      on: { 'app.foregrounded': { target: 'watching.reading', actions: 'restartBackOff' } },
    },
    failed: {
      description: 'Several readings in a row failed: the screen says so and offers to check again.',
      tags: ['watchFailed'],
      on: {
        'orderWatch.retried': { target: 'watching.reading', actions: 'restartBackOff' },
        'app.foregrounded': { target: 'watching.reading', actions: 'restartBackOff' },
      },
    },
    changed: {
      type: 'final',
      output: ({ context }): OrderWatchOutput => ({ outcome: 'changed', reading: context.reading! }),
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): OrderWatchOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as OrderWatchOutput,
})

/** What a waiting screen shows of the watch (screens/shared/order-watch-notice.tsx): whether it stopped, and why. */
export function orderWatchView(s: SnapshotFrom<typeof orderWatchMachine>) {
  return { failed: s.hasTag('watchFailed'), error: s.context.error }
}
