/**
 * agreement — the loan agreement's full text from the server (/borrow/agreement): the borrower's order's, with
 * its figures filled in, or — before any order — the product's, priced for an example loan. Confirm borrow shows
 * the same text through its own `agreement.opened` step. Once a loan is confirmed, the same screen shows its
 * signed contract (kind 'contract'), opened from repay detail or a records statement ('contract.opened' on the
 * journey).
 *
 * Input (AgreementInput): { loanOrderId: string | null, kind?: 'agreement' } | { loanOrderId, kind: 'contract' }
 * Events: agreement.retried
 * Tags:   busy (loading), loadFailed
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides:
 *   loadAgreement ({ loanOrderId? }) → AgreementDocument   (GET /loan/loan-order/loanAgreement)
 *   loadContract  ({ loanOrderId })  → AgreementDocument   (GET /loan/get-money/contract)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AgreementDocument } from '../domain/api-types'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import { outputParams, type Output } from './kit/params'

/** Which text: the agreement to be signed (an order's or the product's), or a confirmed order's signed contract. */
export type AgreementKind = 'agreement' | 'contract'

export type AgreementInput =
  | {
      /** The borrower's order, when there is one; null: the product's agreement. */
      loanOrderId: string | null
      kind?: 'agreement'
    }
  | {
      /** The confirmed order whose contract is shown. */
      loanOrderId: string
      kind: 'contract'
    }

export interface AgreementContext {
  kind: AgreementKind
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
    loadAgreement: fromPromise<AgreementDocument, { loanOrderId?: string }>(notProvided('loadAgreement')),
    // Rejects rather than throws when not provided: the screen offers a retry, as when the call fails.
    loadContract: fromPromise<AgreementDocument, { loanOrderId: string }>(async () => {
      throw new Error("The 'loadContract' actor is provided by services/actors/agreement-actors.ts")
    }),
  },
  guards: {
    sessionEnded: ({ event }) => endsSession(event),
    isContract: ({ context }) => context.kind === 'contract' && context.loanOrderId !== null,
  },
  actions: {
    keepDocument: assign({
      document: (_, { output }: Output<AgreementDocument>) => output,
      error: null,
    }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'agreement',
  description:
    'The loan agreement, read from the server: the order’s own, or the product’s before applying; or a confirmed ' +
    'order’s signed contract.',
  context: ({ input }) => ({
    kind: input.kind ?? 'agreement',
    loanOrderId: input.loanOrderId,
    document: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'isContract', target: 'contract' }, { target: 'agreement' }] },
        agreement: {
          invoke: {
            src: 'loadAgreement',
            input: ({ context }) => (context.loanOrderId ? { loanOrderId: context.loanOrderId } : {}),
            onDone: { target: '#agreement.shown', actions: { type: 'keepDocument', params: outputParams } },
            onError: [
              { guard: 'sessionEnded', target: '#agreement.sessionEnded' },
              { target: '#agreement.loadFailed', actions: 'showFailure' },
            ],
          },
        },
        contract: {
          description: 'The signed contract of a confirmed order.',
          invoke: {
            src: 'loadContract',
            input: ({ context }) => ({ loanOrderId: context.loanOrderId! }),
            onDone: { target: '#agreement.shown', actions: { type: 'keepDocument', params: outputParams } },
            onError: [
              { guard: 'sessionEnded', target: '#agreement.sessionEnded' },
              { target: '#agreement.loadFailed', actions: 'showFailure' },
            ],
          },
        },
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

/** What the agreement screen shows — its one read of this machine: a signed contract or the agreement, its text, or that it failed. */
export function agreementView(s: SnapshotFrom<typeof agreementMachine>) {
  const { context } = s
  return {
    contract: context.kind === 'contract',
    document: context.document,
    failed: s.hasTag('loadFailed'),
    error: context.error,
  }
}
