/**
 * app rating — the prompt to rate the app (decisions.md "Feedback and rating"): after a loan is repaid, never
 * after a rejection, at most once every 30 days, by asking the native shell for its own in-app review card.
 * No reward is tied to a rating, and the app never asks first whether the borrower is happy (store rules).
 *
 * The record is spec §3's local `popEvaluateTime` { popupTime, rejectState, loanOrderId }: when the prompt was
 * last shown and for which loan, and whether the latest order seen was rejected. The server keeps the same
 * state (it is asked before prompting, so a reinstall does not reset the 30 days) and is told when it was shown.
 * The machine runs for the session; the journey tells it each latest order it reads ('order.seen', with the
 * time it was read). The card opens a moment after the repaid order is seen (named delay `promptDelay`) so it does
 * not cover the screen that says the loan is repaid.
 *
 * Input (AppRatingInput): {} (nothing)
 * Events: order.seen { loanOrderId, status, at }
 * Tags:   prompting (the shell's card is up)
 * Output: none — it runs until the session ends
 * Actors the composition provides:
 *   loadRecord    () → PopEvaluateTime | null                              (storage 'popEvaluateTime')
 *   saveRecord    (PopEvaluateTime) → void                                  (storage 'popEvaluateTime')
 *   askServer     ({ loanOrderId }) → RatingPromptState                     (GET /app/evaluate/state)
 *   requestReview () → { shown }                                            (native shell in-app review)
 *   recordShown   ({ loanOrderId }) → void                                  (POST /app/evaluate/record 'shown')
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { RatingPromptState } from '../domain/api-types'
import { OrderStatus, type OrderStatusCode } from '../domain/order-status'
import { endsSession, escalateSessionEnded, type SessionEndedEvent } from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import { outputParams, type Output } from './kit/params'

/** At most one prompt in this long. */
export const RATING_SPACING_MS = 30 * 24 * 60 * 60 * 1000
/** How long after the repaid order is seen the card opens. */
export const RATING_PROMPT_DELAY_MS = 3_000

/** spec §3 `popEvaluateTime` (services/storage/storage.ts stores the same shape). */
export interface PopEvaluateTime {
  /** When the prompt was last shown, ms since the epoch (0: never). */
  popupTime: number
  /** Whether the latest order seen was rejected: the prompt never follows a rejection. */
  rejectState: boolean
  loanOrderId: string | number
}

export type AppRatingInput = Record<string, never>

export interface AppRatingContext {
  record: PopEvaluateTime | null
  /** The repaid order being considered, and when it was seen. */
  candidate: { loanOrderId: string; at: number } | null
}

export type AppRatingEvent = { type: 'order.seen'; loanOrderId: string; status: OrderStatusCode; at: number }


export const appRatingMachine = setup({
  types: {
    context: {} as AppRatingContext,
    events: {} as AppRatingEvent,
    input: {} as AppRatingInput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'prompting',
  },
  actors: {
    loadRecord: fromPromise<PopEvaluateTime | null>(notProvided('loadRecord')),
    saveRecord: fromPromise<void, PopEvaluateTime>(notProvided('saveRecord')),
    askServer: fromPromise<RatingPromptState, { loanOrderId: string }>(notProvided('askServer')),
    requestReview: fromPromise<{ shown: boolean }>(notProvided('requestReview')),
    recordShown: fromPromise<void, { loanOrderId: string }>(notProvided('recordShown')),
  },
  delays: {
    promptDelay: RATING_PROMPT_DELAY_MS,
  },
  guards: {
    rejected: ({ event }) => event.status === OrderStatus.Reject,
    /** Repaid, not asked about this loan yet, and 30 days since the last prompt. */
    promptDue: ({ context, event }) => {
      if (event.status !== OrderStatus.Finish) return false
      const r = context.record
      if (!r) return true
      return String(r.loanOrderId) !== event.loanOrderId && event.at - r.popupTime >= RATING_SPACING_MS
    },
    serverAgrees: (_, { output }: Output<RatingPromptState>) => output.show,
    shown: (_, { output }: Output<{ shown: boolean }>) => output.shown,
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    keepRecord: assign({ record: (_, { output }: Output<PopEvaluateTime | null>) => output }),
    rememberRejection: assign({
      record: ({ context, event }) => ({
        popupTime: context.record?.popupTime ?? 0,
        rejectState: true,
        loanOrderId: event.type === 'order.seen' ? event.loanOrderId : (context.record?.loanOrderId ?? ''),
      }),
    }),
    considerOrder: assign({
      candidate: ({ event }) => ({ loanOrderId: event.loanOrderId, at: event.at }),
    }),
    rememberPrompt: assign({
      record: ({ context }) => ({
        popupTime: context.candidate!.at,
        rejectState: false,
        loanOrderId: context.candidate!.loanOrderId,
      }),
    }),
    forgetCandidate: assign({ candidate: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'appRating',
  description: 'Asks the shell for its review card after a repaid loan, at most once every 30 days.',
  context: { record: null, candidate: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRecord',
        onDone: { target: 'idle', actions: { type: 'keepRecord', params: outputParams } },
        onError: 'idle',
      },
    },
    idle: {
      on: {
        'order.seen': [
          { guard: 'rejected', target: 'saving', actions: 'rememberRejection' },
          { guard: 'promptDue', target: 'asking', actions: 'considerOrder' },
        ],
      },
    },
    asking: {
      description: 'The server keeps the same 30 days (across reinstalls and phones) and may say not now.',
      invoke: {
        src: 'askServer',
        input: ({ context }) => ({ loanOrderId: context.candidate!.loanOrderId }),
        onDone: [
          { guard: { type: 'serverAgrees', params: outputParams }, target: 'waiting' },
          { target: 'idle', actions: 'forgetCandidate' },
        ],
        onError: [
          { guard: 'sessionEnded', target: 'idle', actions: ['forgetCandidate', 'escalateSessionEnded'] },
          { target: 'idle', actions: 'forgetCandidate' },
        ],
      },
    },
    waiting: {
      description: 'A moment, so the card does not cover the screen that says the loan is repaid.',
      after: { promptDelay: 'prompting' },
    },
    prompting: {
      tags: ['prompting'],
      invoke: {
        src: 'requestReview',
        onDone: [
          { guard: { type: 'shown', params: outputParams }, target: 'recording', actions: 'rememberPrompt' },
          // A plain browser has no review card: nothing was shown, so nothing is counted.
          { target: 'idle', actions: 'forgetCandidate' },
        ],
        onError: { target: 'idle', actions: 'forgetCandidate' },
      },
    },
    recording: {
      invoke: {
        src: 'recordShown',
        input: ({ context }) => ({ loanOrderId: context.candidate!.loanOrderId }),
        onDone: 'saving',
        onError: 'saving',
      },
    },
    saving: {
      description: 'The record is kept on the phone (popEvaluateTime).',
      entry: 'forgetCandidate',
      invoke: {
        src: 'saveRecord',
        input: ({ context }) => context.record!,
        onDone: 'idle',
        onError: 'idle',
      },
    },
  },
})
