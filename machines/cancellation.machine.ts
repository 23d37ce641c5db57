/**
 * cancellation — the /cancellation_form: cancel an approved, unconfirmed order (14/18) with exactly one reason
 * (decisions.md "Cancelling"). The form offers the reasons as a radio group (issue 13): choosing one replaces the
 * one chosen before (`reason.chosen`), so the only problem left is none chosen — "You have to choose the reason",
 * kept apart in `reasonError` so the screen shows it at the group. `reason.toggled` (a check box's toggle) is still
 * taken, and with it the schema's "Choose only one reason" (domain/schemas/common.ts `oneReason`). Confirm
 * borrow invokes this machine for its cancel step.
 *
 * Input (CancellationInput): { loanOrderId }
 * Events: reason.chosen {reason}, reason.toggled {reason}, remark.changed {remark}, cancellation.submitted,
 *         cancellation.dismissed
 * Tags:   busy (cancelling), canSubmit (choosing)
 * Output: { outcome: 'cancelled' | 'dismissed' | 'sessionEnded' }
 * Actors the composition provides:
 *   cancelOrder (CancelLoanInput: { loanOrderId, reasons: [one], remark? }) → void   (POST /loan/cancel-draw-money)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { CancelReason } from '../domain/enums'
import { fieldErrors } from '../domain/schemas/field-errors'
import { cancelLoanSchema, type CancelLoanInput } from '../domain/schemas/loan'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'

export interface CancellationInput {
  loanOrderId: string
}

export interface CancellationContext {
  loanOrderId: string
  reasons: CancelReason[]
  remark: string
  /** What is wrong with the reasons chosen (none, or more than one): shown at the reasons. */
  reasonError: Message | null
  /** Why the form cannot be sent yet (another field), or why the cancellation failed. */
  error: Message | null
}

export type CancellationEvent =
  | { type: 'reason.chosen'; reason: CancelReason }
  | { type: 'reason.toggled'; reason: CancelReason }
  | { type: 'remark.changed'; remark: string }
  | { type: 'cancellation.submitted' }
  | { type: 'cancellation.dismissed' }

export type CancellationOutput = { outcome: 'cancelled' | 'dismissed' | 'sessionEnded' }

/** What is sent; the domain schema (exactly one reason, a short remark) says what is wrong with it. */
const requestOf = (c: CancellationContext): CancelLoanInput => ({
  loanOrderId: c.loanOrderId,
  reasons: c.reasons,
  ...(c.remark.trim() ? { remark: c.remark.trim() } : {}),
})
function formProblems(c: CancellationContext): Record<string, string> {
  return fieldErrors(cancelLoanSchema(), requestOf(c))
}

/** The chosen reasons after a check box is toggled (account deletion uses the same check boxes). */
export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item]
}

export const cancellationMachine = setup({
  types: {
    context: {} as CancellationContext,
    events: {} as CancellationEvent,
    input: {} as CancellationInput,
    output: {} as CancellationOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'canSubmit',
  },
  actors: {
    cancelOrder: fromPromise<void, CancelLoanInput>(notProvided('cancelOrder')),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formProblems(context)).length === 0,
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    chooseReason: assign({
      reasons: ({ context, event }) => (event.type === 'reason.chosen' ? [event.reason] : context.reasons),
      reasonError: null,
      error: null,
    }),
    toggleReason: assign({
      reasons: ({ context, event }) =>
        event.type === 'reason.toggled' ? toggle(context.reasons, event.reason) : context.reasons,
      reasonError: null,
      error: null,
    }),
    changeRemark: assign({
      remark: ({ context, event }) => (event.type === 'remark.changed' ? event.remark : context.remark),
    }),
    showFormProblem: assign(({ context }) => {
      const { reasons, ...others } = formProblems(context)
      const other = Object.values(others)[0]
      return { reasonError: reasons ? msg(reasons) : null, error: other ? msg(other) : null }
    }),
    clearError: assign({ error: null }),
    /**
     * Spec §8's "Cancellation fail", with the server's reason when it gives one; a lost connection says so
     * instead, and a form problem the server found keeps its own words.
     */
    showCancellationFailed: assign({
      error: ({ event }) => {
        const failure = failureOf(errorOf(event))
        if (failure.kind !== 'rejected') return messageOf(failure, 'errors.cancellationFail')
        return failure.message
          ? msg('errors.cancellationFailBecause', { reason: failure.message })
          : msg('errors.cancellationFail')
      },
    }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'cancellation',
  description: 'Cancel an approved order that is not confirmed yet, with exactly one reason.',
  context: ({ input }) => ({
    loanOrderId: input.loanOrderId,
    reasons: [],
    remark: '',
    reasonError: null,
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['canSubmit'],
      on: {
        'reason.chosen': { actions: 'chooseReason' },
        'reason.toggled': { actions: 'toggleReason' },
        'remark.changed': { actions: 'changeRemark' },
        'cancellation.submitted': [
          { guard: 'formValid', target: 'cancelling' },
          { actions: 'showFormProblem' },
        ],
        'cancellation.dismissed': 'dismissed',
      },
    },
    cancelling: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => requestOf(context),
        onDone: 'cancelled',
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { target: 'choosing', actions: 'showCancellationFailed' },
        ],
      },
    },
    cancelled: { type: 'final', output: (): CancellationOutput => ({ outcome: 'cancelled' }) },
    dismissed: {
      description: 'The borrower kept the loan offer.',
      type: 'final',
      output: (): CancellationOutput => ({ outcome: 'dismissed' }),
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): CancellationOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as CancellationOutput,
})

/** What the cancellation form shows — its one read of this machine: the reason and remark, their errors, and what the borrower may do. */
export function cancellationView(s: SnapshotFrom<typeof cancellationMachine>) {
  const { context } = s
  return {
    reasons: context.reasons,
    remark: context.remark,
    reasonError: context.reasonError,
    error: context.error,
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'cancellation.submitted' }),
    canKeep: s.can({ type: 'cancellation.dismissed' }),
  }
}
