/**
 * The upload check of spec §4. Before a step that needs the borrower's device data, the app asks the server
 * which of the seven data sets it already holds (/time/upload/uploadStatus). All seven set: the check passes
 * (0). Otherwise, unless the caller only wanted to check, the native data collector starts with orderNo,
 * userId, step, isSubmit and the flags (1), and the gate polls the server until the flags are complete or a
 * time limit passes. Anything that goes wrong is a failure (−1) with the message when there is one.
 *
 * The server decides which flags a country requires (decisions.md "Data and privacy"); flags it does not
 * require come back set, so the app never asks for data the lender may not use.
 *
 * Before the collector starts, the server is asked whether the shell's timeSDK may run at all
 * (/time/upload/enable, spec §7 data.enableTimeSdk): when it says no, the collector is never started and the
 * check fails at once (−1: the data is missing and nothing will collect it, so waiting a minute would not help).
 * When the installed-app list is among the missing data, the collector also gets the server's allowlist of
 * package names it may report (/user/device/packageList; empty: none).
 *
 * Actors the composition provides (services/actors/upload-gate-actors.ts):
 *   fetchUploadStatus     ({ orderNo }) → UploadStatusFlags     (GET /time/upload/uploadStatus)
 *   fetchCollectionPolicy () → UploadEnable                     (GET /time/upload/enable)
 *   fetchPackageAllowlist () → PackageListPolicy                (GET /user/device/packageList)
 *   startCollector        (CollectorInput) → void               (bridge timeSDK, or the browser's collector)
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { PackageListPolicy, UploadEnable, UploadStatusFlags } from '../domain/api-types'
import { escalateSessionEnded, failureOf, isSessionEnded, type SessionEndedEvent } from './kit/call-failure'

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
  /** The installed apps the collector may report (only when appList is missing; else empty). */
  packageNames: readonly string[]
  flags: UploadFlags
}

export type UploadGateOutput = { code: 0 | 1 | -1; msg?: string }

interface UploadGateContext extends Required<UploadGateInput> {
  flags: UploadFlags | null
  /** The server's allowlist for the installed-app list; empty until asked (and when appList is held). */
  packageNames: readonly string[]
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
    fetchCollectionPolicy: fromPromise<UploadEnable>(async () => {
      throw new Error('fetchCollectionPolicy is provided by services/actors/upload-gate-actors.ts')
    }),
    fetchPackageAllowlist: fromPromise<PackageListPolicy>(async () => {
      throw new Error('fetchPackageAllowlist is provided by services/actors/upload-gate-actors.ts')
    }),
    startCollector: fromPromise<void, CollectorInput>(async () => {
      throw new Error('startCollector is provided by services/actors/upload-gate-actors.ts')
    }),
  },
  guards: {
    flagsComplete: (_, params: { flags: UploadFlags }) => allFlagsSet(params.flags),
    checkOnly: ({ context }) => context.checkOnly,
    collectionEnabled: (_, params: { policy: UploadEnable }) => params.policy.enableTimeSdk,
    /** The collector will run and the installed-app list is among the missing data. */
    allowlistNeeded: (_, params: { policy: UploadEnable; flags: UploadFlags }) =>
      params.policy.enableTimeSdk && !params.flags.appList,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
  },
  actions: {
    storeFlags: assign((_, params: { flags: UploadFlags }) => ({ flags: params.flags })),
    keepAllowlist: assign((_, params: { policy: PackageListPolicy }) => ({
      packageNames: [...params.policy.packageNames],
    })),
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
    packageNames: [],
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
          { target: 'askingPolicy', actions: { type: 'storeFlags', params: ({ event }) => ({ flags: event.output }) } },
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
    askingPolicy: {
      description: "Data is missing: asks the server whether the shell's timeSDK may run (/time/upload/enable).",
      tags: ['busy'],
      invoke: {
        src: 'fetchCollectionPolicy',
        onDone: [
          {
            guard: {
              type: 'allowlistNeeded',
              params: ({ context, event }) => ({ policy: event.output, flags: context.flags! }),
            },
            target: 'loadingAllowlist',
          },
          {
            guard: { type: 'collectionEnabled', params: ({ event }) => ({ policy: event.output }) },
            target: 'startingCollector',
          },
          // Collection is off: nothing will deliver the missing data, so the check fails now.
          { target: 'failed', actions: { type: 'fail', params: {} } },
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
    loadingAllowlist: {
      description: 'The installed-app list is missing: the package names the collector may report.',
      tags: ['busy'],
      invoke: {
        src: 'fetchPackageAllowlist',
        onDone: {
          target: 'startingCollector',
          actions: { type: 'keepAllowlist', params: ({ event }) => ({ policy: event.output }) },
        },
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
          packageNames: context.packageNames,
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
    failed: {
      type: 'final',
      description: 'Check-only with data missing, collection switched off, a failed call, or the time limit (−1).',
    },
  },
  output: ({ context }) => context.result ?? { code: -1 },
})
