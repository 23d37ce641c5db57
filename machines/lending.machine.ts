/**
 * lending — the lending screen (7: confirmed, the money is on its way): when the money should reach the wallet,
 * read from the server for the confirmed order (/loan/get-money-time: expectedFrom–expectedBy, counted from the
 * confirmation; a repeat borrower's within a minute), and when it was sent once the pay-out has gone out. The
 * screen shows the window in the borrower's time zone; the journey's order watch (machines/order-watch.machine.ts),
 * invoked beside it, moves on to repay detail once the order is 2 (or 10), and `order.follow` does at once.
 *
 * Input (LendingInput): { loanOrderId }
 * Events: lending.retried
 * Tags:   busy (loading), loadFailed, sent (the pay-out has gone out: disbursedAt is set)
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides (services/actors/lending-actors.ts):
 *   loadMoneyTime ({ loanOrderId }) → MoneyTime   (GET /loan/get-money-time)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { MoneyTime } from '../domain/api-types'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { loadErrors, loadFailedState } from './kit/loadable'
import { outputParams, type Output } from './kit/params'

export interface LendingInput {
  loanOrderId: string
}

export interface LendingContext {
  loanOrderId: string
  moneyTime: MoneyTime | null
  error: Message | null
}

export type LendingEvent = { type: 'lending.retried' }

export type LendingOutput = { outcome: 'sessionEnded' }

export const lendingMachine = setup({
  types: {
    context: {} as LendingContext,
    events: {} as LendingEvent,
    input: {} as LendingInput,
    output: {} as LendingOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'loadFailed' | 'sent',
  },
  actors: {
    // Rejects rather than throws when not provided: the screen offers a retry, as when the call fails.
    loadMoneyTime: fromPromise<MoneyTime, { loanOrderId: string }>(async () => {
      throw new Error("The 'loadMoneyTime' actor is provided by services/actors/lending-actors.ts")
    }),
  },
  guards: {
    sessionEnded: ({ event }) => endsSession(event),
    sent: (_, { output }: Output<MoneyTime>) => output.disbursedAt !== null,
  },
  actions: {
    keepMoneyTime: assign((_, { output }: Output<MoneyTime>) => ({ moneyTime: output, error: null })),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'lending',
  description: 'When the money of a confirmed loan should reach the wallet, and when it was sent.',
  context: ({ input }) => ({ loanOrderId: input.loanOrderId, moneyTime: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadMoneyTime',
        input: ({ context }) => ({ loanOrderId: context.loanOrderId }),
        onDone: [
          {
            guard: { type: 'sent', params: outputParams },
            target: 'sent',
            actions: { type: 'keepMoneyTime', params: outputParams },
          },
          { target: 'expected', actions: { type: 'keepMoneyTime', params: outputParams } },
        ],
        onError: loadErrors(),
      },
    },
    loadFailed: loadFailedState(
      'lending.retried',
      'The window could not be read; the screen says so and offers a retry (no other time is shown).',
    ),
    expected: { description: 'The money should arrive between expectedFrom and expectedBy.' },
    sent: {
      description: 'The pay-out has gone out (disbursedAt); the order moves on to repaying.',
      tags: ['sent'],
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): LendingOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as LendingOutput,
})

/**
 * What the lending screen shows — its one read of this machine (screens/shared/use-view.ts): when the money
 * should arrive, and whether it was sent or its status could not be read.
 */
export function lendingView(s: SnapshotFrom<typeof lendingMachine>) {
  return {
    moneyTime: s.context.moneyTime,
    sent: s.hasTag('sent'),
    failed: s.hasTag('loadFailed'),
  }
}
