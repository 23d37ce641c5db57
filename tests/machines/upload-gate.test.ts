import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromPromise, setup, waitFor } from 'xstate'
import {
  UPLOAD_POLL_MS,
  UPLOAD_TIME_LIMIT_MS,
  uploadGateMachine,
  type CollectorInput,
  type UploadFlags,
  type UploadGateInput,
} from '../../machines/upload-gate.machine'
import type { PackageListPolicy, UploadEnable } from '../../domain/api-types'

const ALL_SET: UploadFlags = {
  appList: true,
  sms: true,
  exif: true,
  device: true,
  contact: true,
  callLog: true,
  location: true,
}
const LOCATION_MISSING: UploadFlags = { ...ALL_SET, location: false, exif: false }
const APPS_MISSING: UploadFlags = { ...ALL_SET, appList: false }

const INPUT: UploadGateInput = { orderNo: 'KP-1001', userId: '42', step: 'finishLoading', isSubmit: true }

/** Runs the gate with the server answering `replies` in order (the last one repeats). */
function gate(
  replies: (UploadFlags | Error)[],
  opts: {
    input?: Partial<UploadGateInput>
    collector?: (input: CollectorInput) => Promise<void>
    /** /time/upload/enable (default: the collector may run). */
    policy?: () => Promise<UploadEnable>
    /** /user/device/packageList (default: two package names). */
    allowlist?: () => Promise<PackageListPolicy>
  } = {},
) {
  const clock = new SimulatedClock()
  const statusCalls: string[] = []
  const collector = vi.fn(opts.collector ?? (async () => {}))
  const policy = vi.fn(opts.policy ?? (async () => ({ enableTimeSdk: true })))
  const allowlist = vi.fn(opts.allowlist ?? (async () => ({ packageNames: ['com.mpesa', 'com.tigo'] })))
  let i = 0
  const actor = createActor(
    uploadGateMachine.provide({
      actors: {
        fetchUploadStatus: fromPromise(async ({ input }: { input: { orderNo: string } }) => {
          statusCalls.push(input.orderNo)
          const reply = replies[Math.min(i++, replies.length - 1)]!
          if (reply instanceof Error) throw reply
          return reply
        }),
        fetchCollectionPolicy: fromPromise(() => policy()),
        fetchPackageAllowlist: fromPromise(() => allowlist()),
        startCollector: fromPromise(({ input }: { input: CollectorInput }) => collector(input)),
      },
    }),
    { input: { ...INPUT, ...opts.input }, clock },
  ).start()
  return { actor, clock, collector, statusCalls, policy, allowlist }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('upload gate', () => {
  it('passes with 0 when the server already holds all seven data sets, without starting the collector', async () => {
    const { actor, collector } = gate([ALL_SET])
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: 0 })
    expect(collector).not.toHaveBeenCalled()
  })

  it('fails with −1 in check-only mode when a data set is missing, and never starts the collector', async () => {
    const { actor, collector, policy } = gate([LOCATION_MISSING], { input: { checkOnly: true } })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1 })
    expect(collector).not.toHaveBeenCalled()
    expect(policy).not.toHaveBeenCalled()
  })

  it('starts the collector with the order, the borrower, the step, isSubmit and the flags', async () => {
    const { actor, collector, policy, allowlist } = gate([LOCATION_MISSING, ALL_SET])
    await waitFor(actor, (s) => s.matches('collecting'))
    expect(policy).toHaveBeenCalledTimes(1)
    // The installed-app list is held: no allowlist is asked for, and the collector may report no app.
    expect(allowlist).not.toHaveBeenCalled()
    expect(collector).toHaveBeenCalledWith({
      orderNo: 'KP-1001',
      userId: '42',
      step: 'finishLoading',
      isSubmit: true,
      packageNames: [],
      flags: LOCATION_MISSING,
    })
  })

  it('asks the server whether timeSDK may run, and never starts the collector when it may not (−1 at once)', async () => {
    const { actor, collector, policy, statusCalls } = gate([LOCATION_MISSING], {
      policy: async () => ({ enableTimeSdk: false }),
    })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(policy).toHaveBeenCalledTimes(1)
    expect(collector).not.toHaveBeenCalled()
    expect(done.output).toEqual({ code: -1 })
    expect(statusCalls).toHaveLength(1)
  })

  it('does not ask whether the collector may run when the server already holds everything', async () => {
    const { actor, policy } = gate([ALL_SET])
    await waitFor(actor, (s) => s.status === 'done')
    expect(policy).not.toHaveBeenCalled()
  })

  it('hands the collector the server’s allowlist of package names when the installed-app list is missing', async () => {
    const { actor, collector, allowlist } = gate([APPS_MISSING, ALL_SET])
    await waitFor(actor, (s) => s.matches('collecting'))
    expect(allowlist).toHaveBeenCalledTimes(1)
    expect(collector).toHaveBeenCalledWith(
      expect.objectContaining({ packageNames: ['com.mpesa', 'com.tigo'], flags: APPS_MISSING }),
    )
  })

  it('fails with the server’s message when the allowlist cannot be read, without starting the collector', async () => {
    const { actor, collector } = gate([APPS_MISSING], {
      allowlist: async () => Promise.reject({ kind: 'rejected', message: 'The request failed Please try again' }),
    })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1, msg: 'The request failed Please try again' })
    expect(collector).not.toHaveBeenCalled()
  })

  it('polls after each interval and reports 1 once the collector has delivered every data set', async () => {
    const { actor, clock, statusCalls } = gate([LOCATION_MISSING, LOCATION_MISSING, ALL_SET])
    await waitFor(actor, (s) => s.matches({ collecting: 'waiting' }))
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)

    clock.increment(UPLOAD_POLL_MS - 1)
    await settle()
    expect(statusCalls).toHaveLength(1)

    clock.increment(1)
    await waitFor(actor, (s) => s.matches({ collecting: 'waiting' }) && statusCalls.length === 2)

    clock.increment(UPLOAD_POLL_MS)
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: 1 })
    expect(statusCalls).toHaveLength(3)
  })

  it('keeps polling through a lost connection and gives up with −1 when the time limit passes', async () => {
    const { actor, clock, statusCalls } = gate([LOCATION_MISSING, new Error('offline'), LOCATION_MISSING])
    await waitFor(actor, (s) => s.matches({ collecting: 'waiting' }))
    for (let waited = 0; waited + UPLOAD_POLL_MS < UPLOAD_TIME_LIMIT_MS; waited += UPLOAD_POLL_MS) {
      clock.increment(UPLOAD_POLL_MS)
      await waitFor(actor, (s) => s.matches({ collecting: 'waiting' }))
    }
    expect(actor.getSnapshot().status).toBe('active')
    clock.increment(UPLOAD_POLL_MS)
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1 })
    expect(statusCalls.length).toBeGreaterThan(10)
  })

  it('fails with the native shell’s message when the collector cannot start', async () => {
    const { actor } = gate([LOCATION_MISSING], {
      collector: async () => {
        throw { kind: 'rejected', message: 'Location permission denied' }
      },
    })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1, msg: 'Location permission denied' })
  })

  it('fails without a message when the connection is lost before the check', async () => {
    const { actor } = gate([Object.assign(new Error('offline'), { ok: false, kind: 'network', message: 'errors.network' })])
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1 })
  })

  it('fails with the server’s message when the status call is refused', async () => {
    const { actor } = gate([Object.assign(new Error('refused'), { kind: 'rejected', message: 'orderNo cannot be empty' })])
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1, msg: 'orderNo cannot be empty' })
  })

  it('tells its parent when the server ended the session during the check', async () => {
    const parent = createActor(
      setup({
        actors: {
          gate: uploadGateMachine.provide({
            actors: {
              fetchUploadStatus: fromPromise<UploadFlags, { orderNo: string }>(async () => {
                throw { kind: 'sessionEnded', code: 10010303 }
              }),
            },
          }),
        },
      }).createMachine({
        initial: 'checking',
        states: {
          checking: { invoke: { src: 'gate', input: INPUT }, on: { 'session.ended': 'loggedOut' } },
          loggedOut: { type: 'final' },
        },
      }),
    ).start()
    await waitFor(parent, (s) => s.status === 'done')
  })
})
