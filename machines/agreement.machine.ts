/**
 * agreement — the loan agreement's full text from the server (/borrow/agreement): the borrower's order's, with
 * its figures filled in, or — before any order — the product's, priced for an example loan. Confirm borrow shows
 * the same text through its own `agreement.opened` step.
 *
 * Input (AgreementInput): { loanOrderId: string | null }
 * Events: agreement.retried
 * Tags:   busy (loading), loadFailed
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides:
 *   loadAgreement ({ loanOrderId? }) → AgreementDocument   (GET /loan/loan-order/loanAgreement)
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { AgreementDocument } from '../src/domain/api-types'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './submit.machine'

export interface AgreementInput {
  /** The borrower's order, when there is one; null: the product's agreement. */
  loanOrderId: string | null
}

export interface AgreementContext {
  loanOrderId: string | null
  document: AgreementDocument | null
  error: Message | null
}

export type AgreementEvent = { type: 'agreement.retried' }

export type AgreementOutput = { outcome: 'sessionEnded' }

export const agreementMachine = setup({
  types: {
    context: {} as AgreementContext,
    events: {} as AgreementEvent,
    input: {} as AgreementInput,
    output: {} as AgreementOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'loadFailed',
  },
  actors: {
    loadAgreement: fromPromise<AgreementDocument, { loanOrderId?: string }>(() => {
      throw new Error("The 'loadAgreement' actor is provided by services/actors")
    }),
  },
  guards: {
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    keepDocument: assign({
      document: ({ event }) => (event as unknown as { output: AgreementDocument }).output,
      error: null,
    }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'agreement',
  description: 'The loan agreement, read from the server: the order’s own, or the product’s before applying.',
  context: ({ input }) => ({ loanOrderId: input.loanOrderId, document: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAgreement',
        input: ({ context }) => (context.loanOrderId ? { loanOrderId: context.loanOrderId } : {}),
        onDone: { target: 'shown', actions: 'keepDocument' },
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { target: 'loadFailed', actions: 'showFailure' },
        ],
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'agreement.retried': { target: 'loading', actions: 'clearError' } },
    },
    shown: {},
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): AgreementOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as AgreementOutput,
})
