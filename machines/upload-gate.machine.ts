/**
 * The upload check of spec §4. Before a step that needs the borrower's device data, the app asks the server
 * which of the seven data sets it already holds (/time/upload/uploadStatus). All seven set: the check passes
 * (0). Otherwise, unless the caller only wanted to check, the native data collector starts with orderNo,
 * userId, step, isSubmit and the flags (1), and the gate polls the server until the flags are complete or a
 * time limit passes. Anything that goes wrong is a failure (−1) with the message when there is one.
 *
 * The server decides which flags a country requires (decisions.md "Data and privacy"); flags it does not
 * require come back set, so the app never asks for data the lender may not use.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { UploadStatusFlags } from '../src/domain/api-types'
import { escalateSessionEnded, failureOf, isSessionEnded, type SessionEndedEvent } from './submit.machine'

/** /time/upload/uploadStatus: spec §4's seven flags. */
export type UploadFlags = UploadStatusFlags
export type UploadFlag = keyof UploadFlags
export const UPLOAD_FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'callLog', 'location'] as const satisfies readonly UploadFlag[]

/** How often the gate asks the server again while the collector runs. */
export const UPLOAD_POLL_MS = 3_000
/** How long the gate waits for the collector before it gives up. */
export const UPLOAD_TIME_LIMIT_MS = 60_000

export interface UploadGateInput {
  orderNo: string
  userId: string
  /** The journey step that asked (e.g. 'finishLoading'); the collector reports it with the data. */
  step: string
  /** Whether this check belongs to submitting the application. */
  isSubmit: boolean
  /** Only check; never start the collector (a check-only caller gets −1 when data is missing). */
  checkOnly?: boolean
}

export interface CollectorInput {
  orderNo: string
  userId: string
  step: string
  isSubmit: boolean
  flags: UploadFlags
}

export type UploadGateOutput = { code: 0 | 1 | -1; msg?: string }

interface UploadGateContext extends Required<UploadGateInput> {
  flags: UploadFlags | null
  result: UploadGateOutput | null
}

export function allFlagsSet(flags: UploadFlags): boolean {
  return UPLOAD_FLAGS.every((flag) => flags[flag] === true)
}

export const uploadGateMachine = setup({
  types: {
    context: {} as UploadGateContext,
    input: {} as UploadGateInput,
    output: {} as UploadGateOutput,
    tags: {} as 'busy',
    emitted: {} as SessionEndedEvent,
  },
  actors: {
    fetchUploadStatus: fromPromise<UploadFlags, { orderNo: string }>(async () => {
      throw new Error('fetchUploadStatus is provided by services/actors/upload-gate-actors.ts')
    }),
    startCollector: fromPromise<void, CollectorInput>(async () => {
      throw new Error('startCollector is provided by services/actors/upload-gate-actors.ts')
    }),
  },
  guards: {
    flagsComplete: (_, params: { flags: UploadFlags }) => allFlagsSet(params.flags),
    checkOnly: ({ context }) => context.checkOnly,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
  },
  actions: {
    storeFlags: assign((_, params: { flags: UploadFlags }) => ({ flags: params.flags })),
    pass: assign({ result: { code: 0 } }),
    collected: assign({ result: { code: 1 } }),
    fail: assign((_, params: { error?: unknown }) => {
      // Only a refusal carries text meant for the borrower; network and timeout carry our own i18n keys.
      const failure = params.error === undefined ? null : failureOf(params.error)
      const msg = failure?.kind === 'rejected' || failure?.kind === 'invalid' ? failure.message : undefined
      return { result: msg ? { code: -1 as const, msg } : { code: -1 as const } }
    }),
    /** A session code ends the session wherever it is answered (spec §8); the journey logs out. */
    escalateSessionEnded: enqueueActions(({ enqueue, self }, params: { error: unknown }) => {
      if (isSessionEnded(params.error)) escalateSessionEnded({ enqueue, self })
    }),
  },
  delays: {
    pollInterval: UPLOAD_POLL_MS,
    collectionTimeLimit: UPLOAD_TIME_LIMIT_MS,
  },
}).createMachine({
  id: 'uploadGate',
  description: "Spec §4's upload check: 0 all data present, 1 the collector ran, −1 failure with its message.",
  context: ({ input }) => ({
    orderNo: input.orderNo,
    userId: input.userId,
    step: input.step,
    isSubmit: input.isSubmit,
    checkOnly: input.checkOnly ?? false,
    flags: null,
    result: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks the server which of the seven data sets it already holds for this order.',
      tags: ['busy'],
      invoke: {
        src: 'fetchUploadStatus',
        input: ({ context }) => ({ orderNo: context.orderNo }),
        onDone: [
          {
            guard: { type: 'flagsComplete', params: ({ event }) => ({ flags: event.output }) },
            target: 'passed',
            actions: [{ type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) }, 'pass'],
          },
          {
            guard: 'checkOnly',
            target: 'failed',
            actions: [{ type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) }, { type: 'fail', params: {} }],
          },
          { target: 'startingCollector', actions: { type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            { type: 'escalateSessionEnded', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    startingCollector: {
      description: 'Asks the native shell to collect the missing data sets and upload them.',
      tags: ['busy'],
      invoke: {
        src: 'startCollector',
        input: ({ context }) => ({
          orderNo: context.orderNo,
          userId: context.userId,
          step: context.step,
          isSubmit: context.isSubmit,
          flags: context.flags!,
        }),
        onDone: 'collecting',
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            { type: 'escalateSessionEnded', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    collecting: {
      description: 'The collector runs; the server is asked again until every flag is set or the time limit passes.',
      tags: ['busy'],
      after: { collectionTimeLimit: { target: 'failed', actions: { type: 'fail', params: {} } } },
      initial: 'waiting',
      states: {
        waiting: { after: { pollInterval: 'polling' } },
        polling: {
          invoke: {
            src: 'fetchUploadStatus',
            input: ({ context }) => ({ orderNo: context.orderNo }),
            onDone: [
              {
                guard: { type: 'flagsComplete', params: ({ event }) => ({ flags: event.output }) },
                target: '#uploadGate.collected',
                actions: [{ type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) }, 'collected'],
              },
              { target: 'waiting', actions: { type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) } },
            ],
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: '#uploadGate.failed',
                actions: [
                  { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                  { type: 'escalateSessionEnded', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              // A lost poll on a flaky connection is not a failure; the time limit decides.
              { target: 'waiting' },
            ],
          },
        },
      },
    },
    passed: { type: 'final', description: 'Every data set was already present (0).' },
    collected: { type: 'final', description: 'The collector delivered every missing data set (1).' },
    failed: { type: 'final', description: 'Check-only with data missing, a failed call, or the time limit (−1).' },
  },
  output: ({ context }) => context.result ?? { code: -1 },
})
