/**
 * console-proofs — finance reviews manual repayment proofs (issue 20 item 3): the queue by state (waiting ones
 * oldest first, each with its order, what the loan takes today by the server's figure, and the 48-hour promise),
 * one proof with what the borrower wrote and its receipt pictures, then approve (the amount received and the
 * receipt code read on the proof) or reject (the reason the borrower reads). The server books an approval once,
 * never above what the loan takes; its refusals come back at the fields or above the form.
 *
 * The amount is typed in the currency's units ("54095" or "540.50") and sent in minor units. A call that finds
 * the session ended tells the console (machines/console-app.machine.ts).
 *
 * Input: { timeZone }   (context, events and the amount's parsing: machines/console-proofs/proofs-context.ts)
 * Events: proofs.filtered {state}, proofs.opened {ticketId}, proofs.closed, proofs.amountChanged {value},
 *         proofs.referenceChanged {value}, proofs.reasonChanged {value}, proofs.approved, proofs.rejected,
 *         proofs.retried
 * Tags:   busy (reading), deciding, failed
 * Actors the composition provides (services/console/console-actors.ts):
 *   readProofs ({ state }) → ProofItem[]                     (GET /console/api/repayment-proofs)
 *   readProof ({ ticketId }) → ProofDetail                   (GET /console/api/repayment-proofs/:ticketId)
 *   readReceipts ({ urls }) → string[]                       (each receipt's image, as a local object URL)
 *   approveProof ({ ticketId, request }) → ProofDecisionReply (POST …/:ticketId/approve)
 *   rejectProof ({ ticketId, request }) → ProofDecisionReply  (POST …/:ticketId/reject)
 *   pictureKeeper, told pictures.kept {urls}                 (lets go of the receipts' object URLs no longer
 *                                                            shown, and of all it keeps when the desk stops)
 *
 * The pictures are let go of by the desk's picture keeper, never the view. The desk tells it what is shown
 * (keepPictures): the receipts when they arrive, none where they are replaced (another proof opened, or the same
 * one again: its pictures read anew) or closed (the proof closed, another state of the queue chosen) — never while
 * the same proof's pictures are still shown, so a view that re-mounts still finds them; the keeper lets go at once
 * of what it is no longer told. As a stopped actor runs no exit actions (XState v5: its children are stopped,
 * nothing else), the keeper, stopped with the desk, lets go of what is open when the page is left.
 */
import { assign, fromPromise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate'
import {
  isSignedOut,
  type ProofApproveRequest,
  type ProofDecisionReply,
  type ProofDetail,
  type ProofItem,
  type ProofRejectRequest,
  type ProofState,
} from '../domain/console'
import {
  consoleCallErrors,
  failureMessage,
  failureTo,
  msg,
  sessionEndedTo,
  type ConsoleSessionEndedEvent,
} from './console-calls'
import {
  amountToMinor,
  approveErrors,
  decisionFailure,
  minorToAmount,
  rejectErrors,
  type ProofsContext,
  type ProofsEvent,
  type ProofsInput,
} from './console-proofs/proofs-context'
import { notProvided } from './kit/not-provided'
import { keepsNothing, PICTURES_CLOSED, picturesKept } from './kit/picture-keeper'


export const consoleProofsMachine = setup({
  types: {
    context: {} as ProofsContext,
    events: {} as ProofsEvent,
    input: {} as ProofsInput,
    tags: {} as 'busy' | 'deciding' | 'failed',
  },
  actors: {
    readProofs: fromPromise<ProofItem[], { state: ProofState }>(
      notProvided('readProofs', 'services/console'),
    ),
    readProof: fromPromise<ProofDetail, { ticketId: string }>(notProvided('readProof', 'services/console')),
    readReceipts: fromPromise<string[], { urls: string[] }>(notProvided('readReceipts', 'services/console')),
    approveProof: fromPromise<ProofDecisionReply, { ticketId: string; request: ProofApproveRequest }>(
      notProvided('approveProof', 'services/console'),
    ),
    rejectProof: fromPromise<ProofDecisionReply, { ticketId: string; request: ProofRejectRequest }>(
      notProvided('rejectProof', 'services/console'),
    ),
    /** Keeps nothing until the composition provides the real keeper (services/console/console-actors.ts). */
    pictureKeeper: keepsNothing,
  },
  guards: {
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    approveValid: ({ context }) => Object.keys(approveErrors(context)).length === 0,
    rejectValid: ({ context }) => Object.keys(rejectErrors(context)).length === 0,
    hasReceipts: ({ context }) => (context.proof?.receiptsList.length ?? 0) > 0,
    isOpen: ({ context }) => context.ticketId !== null,
  },
  actions: {
    /** Tells the picture keeper what is shown now (machines/kit/picture-keeper.ts). */
    keepPictures: sendTo('pictureKeeper', picturesKept),
    chooseState: assign((_, params: { state: ProofState }) => ({
      state: params.state,
      notice: null,
      error: null,
    })),
    takeProofs: assign((_, params: { proofs: ProofItem[] }) => ({ proofs: params.proofs, error: null })),
    chooseProof: assign((_, params: { ticketId: string }) => ({
      ticketId: params.ticketId,
      proof: null,
      pictures: [],
      amount: '',
      reference: '',
      reason: '',
      fieldErrors: {},
      error: null,
      notice: null,
    })),
    takeProof: assign((_, params: { proof: ProofDetail }) => ({
      proof: params.proof,
      // What the loan takes today, to begin with: finance changes it to what the receipt shows.
      amount:
        params.proof.dueNowMinor !== null && params.proof.currency
          ? minorToAmount(params.proof.dueNowMinor, params.proof.currency)
          : '',
      error: null,
    })),
    takePictures: assign((_, params: { pictures: string[] }) => ({ pictures: params.pictures })),
    closeProof: assign({ ticketId: null, proof: null, pictures: [], fieldErrors: {}, error: null }),
    setAmount: assign(({ context }, params: { value: string }) => ({
      amount: params.value,
      fieldErrors: { ...context.fieldErrors, amount: undefined },
    })),
    setReference: assign(({ context }, params: { value: string }) => ({
      reference: params.value,
      fieldErrors: { ...context.fieldErrors, reference: undefined },
    })),
    setReason: assign(({ context }, params: { value: string }) => ({
      reason: params.value,
      fieldErrors: { ...context.fieldErrors, reason: undefined },
    })),
    showApproveErrors: assign(({ context }) => ({ fieldErrors: approveErrors(context) })),
    showRejectErrors: assign(({ context }) => ({ fieldErrors: rejectErrors(context) })),
    clearMessages: assign({ error: null, notice: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    showDecisionFailure: assign((_, params: { error: unknown }) => decisionFailure(params.error)),
    sayDecided: assign((_, params: { reply: ProofDecisionReply }) => ({
      proof: params.reply.proof,
      fieldErrors: {},
      error: null,
      notice: msg(
        params.reply.decidedNow
          ? `console.proofs.decided.${params.reply.proof.state}`
          : 'console.proofs.decidedBefore',
      ),
    })),
    reportSessionEnded: sendParent((): ConsoleSessionEndedEvent => ({ type: 'console.sessionEnded' })),
  },
}).createMachine({
  id: 'consoleProofs',
  description: 'Finance reads the queue of manual repayment proofs and approves or rejects each one.',
  invoke: { id: 'pictureKeeper', src: 'pictureKeeper' },
  context: ({ input }) => ({
    timeZone: input.timeZone,
    state: 'waiting',
    proofs: [],
    ticketId: null,
    proof: null,
    pictures: [],
    amount: '',
    reference: '',
    reason: '',
    fieldErrors: {},
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'readProofs',
        input: ({ context }) => ({ state: context.state }),
        onDone: {
          target: 'queue',
          actions: { type: 'takeProofs', params: ({ event }) => ({ proofs: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'proofs.retried': [
          { guard: 'isOpen', target: 'opening', actions: 'clearMessages' },
          { target: 'loading', actions: 'clearMessages' },
        ],
        'proofs.filtered': {
          target: 'loading',
          actions: [PICTURES_CLOSED, { type: 'chooseState', params: ({ event }) => event }, 'closeProof'],
        },
      },
    },
    queue: {
      on: {
        'proofs.filtered': {
          target: 'loading',
          actions: { type: 'chooseState', params: ({ event }) => event },
        },
        'proofs.opened': {
          target: 'opening',
          actions: { type: 'chooseProof', params: ({ event }) => event },
        },
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'readProof',
        input: ({ context }) => ({ ticketId: context.ticketId! }),
        onDone: {
          target: 'reviewing',
          actions: { type: 'takeProof', params: ({ event }) => ({ proof: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    reviewing: {
      on: {
        'proofs.closed': { target: 'loading', actions: [PICTURES_CLOSED, 'closeProof'] },
        'proofs.filtered': {
          target: 'loading',
          actions: [PICTURES_CLOSED, { type: 'chooseState', params: ({ event }) => event }, 'closeProof'],
        },
        'proofs.opened': {
          target: 'opening',
          actions: [PICTURES_CLOSED, { type: 'chooseProof', params: ({ event }) => event }],
        },
        'proofs.amountChanged': { actions: { type: 'setAmount', params: ({ event }) => event } },
        'proofs.referenceChanged': { actions: { type: 'setReference', params: ({ event }) => event } },
        'proofs.reasonChanged': { actions: { type: 'setReason', params: ({ event }) => event } },
      },
      initial: 'pictures',
      states: {
        pictures: {
          always: [{ guard: 'hasReceipts', target: 'loadingPictures' }, { target: 'idle' }],
        },
        loadingPictures: {
          invoke: {
            src: 'readReceipts',
            input: ({ context }) => ({ urls: context.proof!.receiptsList.map((r) => r.url) }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takePictures', params: ({ event }) => ({ pictures: event.output }) },
                { type: 'keepPictures', params: ({ event }) => ({ urls: event.output }) },
              ],
            },
            onError: consoleCallErrors('idle'),
          },
        },
        idle: {
          on: {
            'proofs.approved': [
              { guard: 'approveValid', target: 'approving', actions: 'clearMessages' },
              { actions: 'showApproveErrors' },
            ],
            'proofs.rejected': [
              { guard: 'rejectValid', target: 'rejecting', actions: 'clearMessages' },
              { actions: 'showRejectErrors' },
            ],
          },
        },
        approving: {
          tags: ['deciding'],
          invoke: {
            src: 'approveProof',
            input: ({ context }) => ({
              ticketId: context.ticketId!,
              request: {
                amountMinor: amountToMinor(context.amount, context.proof!.currency!)!,
                reference: context.reference.trim().toUpperCase(),
              },
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'sayDecided', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: [sessionEndedTo('idle'), failureTo('idle', 'showDecisionFailure')],
          },
        },
        rejecting: {
          tags: ['deciding'],
          invoke: {
            src: 'rejectProof',
            input: ({ context }) => ({
              ticketId: context.ticketId!,
              request: { reason: context.reason.trim() },
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'sayDecided', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: [sessionEndedTo('idle'), failureTo('idle', 'showDecisionFailure')],
          },
        },
      },
    },
  },
})

/** What the proofs page shows. */
export function proofsView(s: SnapshotFrom<typeof consoleProofsMachine>) {
  const c = s.context
  const waiting = c.proof?.state === 'waiting'
  return {
    timeZone: c.timeZone,
    loading: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    deciding: s.hasTag('deciding'),
    state: c.state,
    proofs: c.proofs,
    proof: c.proof,
    pictures: c.pictures,
    form: { amount: c.amount, reference: c.reference, reason: c.reason },
    fieldErrors: c.fieldErrors,
    error: c.error,
    notice: c.notice,
    canDecide: waiting && s.matches({ reviewing: 'idle' }),
    canFilter: s.can({ type: 'proofs.filtered', state: 'waiting' }),
  }
}
