/**
 * One movement of money at a wallet provider — a pay-out (a loan's disbursal, a refund) or a collection (a
 * repayment, a rollover's fee) — from the moment we record it to the provider's final word.
 *
 * Pure, like the order lifecycle: no actors, no delays. The server asks `decideTransfer` before every change of a
 * transfer's state (server/payments/service.ts) and stores the state it answers; what happens at the provider
 * arrives as events: the outbox's send, the provider's acknowledgement, callbacks and status-query answers.
 *
 *   requested  recorded in the same transaction as the business change; the outbox has not sent it yet
 *   submitted  the outbox is sending it, or sent it without a readable answer: it MAY be at the provider
 *   accepted   the provider acknowledged it and gave its reference; the result is to come
 *   succeeded  the money moved (the amount we asked, or one a status query confirmed)
 *   failed     definitively not moved: refused when sent, or a failure the provider confirmed
 *   expired    its window passed with no final answer: the business side gives up waiting (a payment order is
 *              void, a pay-out is reported failed to the borrower) while reconciliation keeps asking the provider
 *   reversed   it moved, then the provider reversed it
 *
 * The late-success path: a transfer that failed or expired and that the provider then reports succeeded goes to
 * `succeeded` with `late` set — the money moved, so it is booked (and refunded or held if it can no longer be
 * applied), never dropped.
 *
 * Rules that protect money live in the guards:
 *   - a success callback is applied only when it names the amount we asked (resultTrusted); one naming another
 *     amount, or none, is not — the transfer is looked up instead, and the status query's answer stands, whatever
 *     amount it names (the server books an amount other than the one asked into suspense, never onto the loan);
 *   - a pay-out's failure is final only when confirmed by a status query or a refusal at sending time
 *     (failureConfirmed): a failure callback that later turns out wrong would otherwise let the borrower be
 *     paid twice.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate'

export type TransferKind = 'payout' | 'collection'

export const TRANSFER_STATES = [
  'requested',
  'submitted',
  'accepted',
  'succeeded',
  'failed',
  'expired',
  'reversed',
] as const
export type TransferState = (typeof TRANSFER_STATES)[number]

/** States in which the provider may still act on the transfer and we are waiting for it. */
export const OPEN_TRANSFER_STATES = ['requested', 'submitted', 'accepted'] as const satisfies readonly TransferState[]

export interface TransferContext {
  kind: TransferKind
  /** What we asked the provider to move, in minor units. */
  amountMinor: number
  /** Succeeded after the transfer had failed or expired. */
  late: boolean
}

export type TransferInput = Pick<TransferContext, 'kind' | 'amountMinor'> & { late?: boolean }

/** `confirmed`: the answer comes from a status query (the provider's books), not from a callback. */
export type TransferEvent =
  | { type: 'transfer.sent' }
  | { type: 'provider.accepted'; providerRef: string }
  | { type: 'provider.refused'; reason: string }
  | { type: 'provider.notFound' }
  | { type: 'provider.succeeded'; amountMinor: number | null; confirmed: boolean }
  | { type: 'provider.failed'; reason: string; confirmed: boolean }
  | { type: 'provider.reversed' }
  | { type: 'window.passed' }
  | { type: 'send.abandoned'; reason: string }

export type TransferEventType = TransferEvent['type']

const SUCCEEDS = {
  'provider.succeeded': { guard: 'resultTrusted', target: 'succeeded' },
} as const

const LATE_SUCCESS = {
  'provider.succeeded': { guard: 'resultTrusted', target: 'succeeded', actions: 'markLate' },
} as const

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    tags: {} as 'open' | 'final' | 'unresolved' | 'moved' | 'atProvider',
  },
  guards: {
    resultTrusted: ({ context, event }) =>
      event.type === 'provider.succeeded' && (event.confirmed || event.amountMinor === context.amountMinor),
    failureConfirmed: ({ context, event }) =>
      event.type === 'provider.failed' && (event.confirmed || context.kind === 'collection'),
  },
  actions: {
    markLate: assign({ late: true }),
  },
}).createMachine({
  id: 'transfer',
  description: 'One movement of money at a wallet provider, from recorded to the provider’s final word.',
  context: ({ input }) => ({ kind: input.kind, amountMinor: input.amountMinor, late: input.late ?? false }),
  initial: 'requested',
  states: {
    requested: {
      description: 'Recorded with the business change; the outbox sends it after commit.',
      tags: ['open'],
      on: {
        'transfer.sent': 'submitted',
        'window.passed': 'expired',
        'send.abandoned': 'failed',
      },
    },
    submitted: {
      description: 'Being sent, or sent without a readable answer: it may be at the provider.',
      tags: ['open', 'atProvider'],
      on: {
        'transfer.sent': 'submitted',
        'provider.accepted': 'accepted',
        'provider.refused': 'failed',
        'provider.notFound': 'requested',
        'provider.failed': { guard: 'failureConfirmed', target: 'failed' },
        'window.passed': 'expired',
        'send.abandoned': 'failed',
        ...SUCCEEDS,
      },
    },
    accepted: {
      description: 'The provider acknowledged it; its result comes on a callback or a status query.',
      tags: ['open', 'atProvider'],
      on: {
        'provider.failed': { guard: 'failureConfirmed', target: 'failed' },
        'window.passed': 'expired',
        ...SUCCEEDS,
      },
    },
    succeeded: {
      description: 'The money moved; it is booked exactly once.',
      tags: ['final', 'moved'],
      on: { 'provider.reversed': 'reversed' },
    },
    failed: {
      description: 'Not moved. A later confirmed success is the late-success path.',
      tags: ['final'],
      on: LATE_SUCCESS,
    },
    expired: {
      description: 'No final answer within its window; reconciliation keeps asking the provider.',
      tags: ['unresolved'],
      on: {
        'provider.failed': { guard: 'failureConfirmed', target: 'failed' },
        ...LATE_SUCCESS,
      },
    },
    reversed: {
      description: 'Moved, then reversed by the provider.',
      tags: ['final'],
      type: 'final',
    },
  },
})

export type TransferSnapshot = SnapshotFrom<typeof transferMachine>

/** The machine's snapshot of a stored transfer. */
export function transferAt(state: TransferState, input: TransferInput): TransferSnapshot {
  if (!TRANSFER_STATES.includes(state)) throw new Error(`"${String(state)}" is not a transfer state`)
  return transferMachine.resolveState({
    value: state,
    context: { kind: input.kind, amountMinor: input.amountMinor, late: input.late ?? false },
  })
}

export type TransferDecision =
  | { allowed: true; state: TransferState; changed: boolean; late: boolean; snapshot: TransferSnapshot }
  | { allowed: false }

/** The server's one question: may this happen to a transfer in this state, and which state follows? */
export function decideTransfer(snapshot: TransferSnapshot, event: TransferEvent): TransferDecision {
  if (!snapshot.can(event)) return { allowed: false }
  const [next] = transition(transferMachine, snapshot, event)
  const state = next.value as TransferState
  return { allowed: true, state, changed: state !== snapshot.value, late: next.context.late, snapshot: next }
}

export function isOpenTransfer(state: TransferState): boolean {
  return transferAt(state, { kind: 'payout', amountMinor: 1 }).hasTag('open')
}
