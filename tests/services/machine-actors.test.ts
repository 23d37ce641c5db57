import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { identityMachine } from '../../machines/identity.machine'
import { sessionMachine } from '../../machines/session.machine'
import { uploadGateMachine } from '../../machines/upload-gate.machine'
import type { ApiResult } from '../../domain/api-result'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'
import type { ApiClient } from '../../services/api/client'
import { BridgeError, type Bridge, type CollectorInput } from '../../services/bridge/native-bridge'
import { createIdentityActors } from '../../services/actors/identity-actors'
import { createJourneyActors } from '../../services/actors/journey-actors'
import { createSessionActors } from '../../services/actors/session-actors'
import { createUploadGateActors } from '../../services/actors/upload-gate-actors'
import { createMemoryStorage, createStorage } from '../../services/storage/storage'
import { order, user } from '../machines/journey-fixtures'

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data })
const CHECK = { accepted: true, problem: null, front: true, back: false, face: false }

/** An API client answering each path from `answers` and recording the calls. */
function fakeApi(answers: Record<string, (payload: unknown) => ApiResult<unknown>>) {
  const calls: { path: string; payload: unknown; files?: string[]; token?: string }[] = []
  const answer = (path: string, payload: unknown) => {
    const reply = answers[path]
    if (!reply) throw new Error(`unexpected call ${path}`)
    return reply(payload)
  }
  const api = {
    request: async (path: string, payload: unknown, options?: { token?: string }) => {
      calls.push({ path, payload, ...(options?.token ? { token: options.token } : {}) })
      return answer(path, payload)
    },
    upload: async (path: string, files: Record<string, Blob>, payload: unknown, onProgress?: (f: number) => void) => {
      calls.push({ path, payload, files: Object.keys(files) })
      onProgress?.(0.5)
      onProgress?.(1)
      return answer(path, payload)
    },
  }
  return { api: api as unknown as ApiClient, calls }
}

const bridge = (overrides: Partial<Bridge> = {}) =>
  ({
    ready: Promise.resolve(null),
    featureMode: (stored) => stored,
    faceSdk: async () => ({
      kind: 'liveness',
      result: { sdk: 'demo', sessionId: 'lv-1', score: 97, image: new Blob(['frame'], { type: 'image/jpeg' }) },
    }),
    startCollector: async (input) => ({ flags: input.flags }),
    ...overrides,
  }) as Bridge

describe('session actors', () => {
  it('store the user info read after login and clear the whole session on logout', async () => {
    const storage = createStorage(createMemoryStorage())
    const { api, calls } = fakeApi({
      '/security/getUserInfo': () => ok(user('77')),
      '/security/logout': () => ok({}),
    })
    const shell = { logout: vi.fn(async () => ({ handled: true }) as const) }
    const actor = createActor(
      sessionMachine.provide({ actors: createSessionActors({ api, storage, bridge: shell as unknown as Bridge }) }),
    ).start()
    await waitFor(actor, (s) => s.matches('signedOut'))

    actor.send({ type: 'shell.login', token: 'tok-9' })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    expect(calls.map((c) => c.path)).toEqual(['/security/getUserInfo'])
    expect(storage.get('token')).toBe('tok-9')
    expect(storage.get('userInfo')?.basicInfo?.userId).toBe('77')

    actor.send({ type: 'shell.logout' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(storage.get('token')).toBeNull()
    expect(storage.get('userInfo')).toBeNull()
    expect(calls.at(-1)).toEqual({ path: '/security/logout', payload: {}, token: 'tok-9' })
    expect(shell.logout).not.toHaveBeenCalled()

    actor.send({ type: 'shell.login', token: 'tok-10' })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }))
    actor.send({ type: 'session.signOut' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(calls.at(-1)).toEqual({ path: '/security/logout', payload: {}, token: 'tok-10' })
    expect(shell.logout).toHaveBeenCalledTimes(1)
  })

  it('tell the shell, but not the server, when the server ended the session', async () => {
    const storage = createStorage(createMemoryStorage())
    storage.set('token', 'tok-old')
    const { api, calls } = fakeApi({
      '/security/getUserInfo': () => ({ ok: false, kind: 'sessionEnded', code: 10010303 }),
    })
    const shell = { logout: vi.fn(async () => ({ handled: true }) as const) }
    const actor = createActor(
      sessionMachine.provide({ actors: createSessionActors({ api, storage, bridge: shell as unknown as Bridge }) }),
    ).start()
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(calls.map((c) => c.path)).toEqual(['/security/getUserInfo'])
    expect(shell.logout).toHaveBeenCalledTimes(1)
    expect(storage.get('token')).toBeNull()
  })
})

describe('journey actors', () => {
  it('stamp each reading of the latest order with the device clock', async () => {
    const { api } = fakeApi({ '/loan/loan-order/latest': () => ok(order(6)) })
    const { fetchLatestOrder } = createJourneyActors({ api, now: () => 1234 })
    const actor = createActor(fetchLatestOrder).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ order: order(6), readAt: 1234 })
  })

  it('read the support-reply marker for a signed-in borrower, and make no call for a visitor', async () => {
    const { api, calls } = fakeApi({ '/feedback/red-dot-marker': () => ok({ unread: 2 }) })
    const { loadRedDot } = createJourneyActors({ api })
    const signedIn = createActor(loadRedDot, { input: { signedIn: true } }).start()
    expect((await waitFor(signedIn, (s) => s.status === 'done')).output).toEqual({ unread: 2 })
    const visitor = createActor(loadRedDot, { input: { signedIn: false } }).start()
    expect((await waitFor(visitor, (s) => s.status === 'done')).output).toEqual({ unread: 0 })
    expect(calls.map((c) => c.path)).toEqual(['/feedback/red-dot-marker'])
  })

  it('answer null for a support-reply marker that could not be read, never an error', async () => {
    const failure = { ok: false, kind: 'rejected', code: 1500, message: 'busy', messageKey: 'errors.code.1500' } as const
    const { api } = fakeApi({ '/feedback/red-dot-marker': () => failure })
    const { loadRedDot } = createJourneyActors({ api })
    const actor = createActor(loadRedDot, { input: { signedIn: true } }).start()
    const done = await waitFor(actor, (s) => s.status !== 'active')
    expect(done.status).toBe('done')
    expect(done.output).toBeNull()
  })

  it('reject with the API client’s failure as it came, so machines can read it', async () => {
    const failure = { ok: false, kind: 'sessionEnded', code: 10010303 } as const
    const { api } = fakeApi({ '/user/submit': () => failure })
    const { submitApplication } = createJourneyActors({ api })
    const actor = createActor(submitApplication, { input: { orderNo: 'KP-1' } })
    const error = new Promise((resolve) => actor.subscribe({ error: resolve }))
    actor.start()
    expect(await error).toEqual(failure)
  })

  it('send each form’s values to its own call', async () => {
    const { api, calls } = fakeApi({ '/loan/loan-order/apply-market-again': () => ok({ orderNo: 'KP-2' }) })
    const { save } = createJourneyActors({ api })
    const values = { productId: 'tz-standard', amountMinor: 100_000_00, tenureDays: 91 }
    const actor = createActor(save.repeatApplication, { input: { values } }).start()
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ path: '/loan/loan-order/apply-market-again', payload: values }])
  })

  it('read the salary bands of the order’s product from its step-amount reply, in its currency', async () => {
    const scorecard = COUNTRY_SCORECARDS.KE
    const { api, calls } = fakeApi({
      '/loan/product/step-amount': () =>
        ok({
          productId: 'ke-flex',
          currency: 'KES',
          minorPerUnit: 100,
          pricing: { currency: 'KES', scorecard },
        }),
    })
    const { loadSalaryBands } = createJourneyActors({ api })
    const actor = createActor(loadSalaryBands, { input: { productId: 'ke-flex' } }).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ currency: 'KES', minorPerUnit: 100, bands: scorecard.salaryBands })
    expect(calls).toEqual([{ path: '/loan/product/step-amount', payload: { productId: 'ke-flex' } }])

    // No order to ask about: nothing is asked, and the form keeps the country's bands.
    const none = createActor(loadSalaryBands, { input: { productId: null } }).start()
    expect((await waitFor(none, (s) => s.status === 'done')).output).toBeNull()
    expect(calls).toHaveLength(1)
  })
})

describe('upload gate actors', () => {
  it('ask /time/upload/enable, then /user/device/packageList for a missing app list, and hand timeSDK the allowlist', async () => {
    const { api, calls } = fakeApi({
      '/time/upload/uploadStatus': () =>
        ok({ appList: false, sms: true, exif: true, device: true, contact: true, callLog: true, location: true }),
      '/time/upload/enable': () => ok({ enableTimeSdk: true }),
      '/user/device/packageList': () => ok({ packageNames: ['com.mpesa'] }),
    })
    const started: unknown[] = []
    const shell = bridge({
      startCollector: async (input) => {
        started.push(input)
        return { flags: input.flags }
      },
    })
    const actor = createActor(uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge: shell }) }), {
      input: { orderNo: 'KP-1', userId: '42', step: 'finishLoading', isSubmit: true },
    }).start()
    await waitFor(actor, (s) => s.matches('collecting'))
    actor.stop()
    expect(calls.map((c) => c.path)).toEqual([
      '/time/upload/uploadStatus',
      '/time/upload/enable',
      '/user/device/packageList',
    ])
    expect(started).toEqual([expect.objectContaining({ orderNo: 'KP-1', packageNames: ['com.mpesa'] })])
  })

  it('never start timeSDK when /time/upload/enable says the collector may not run', async () => {
    const { api } = fakeApi({
      '/time/upload/uploadStatus': () =>
        ok({ appList: true, sms: true, exif: false, device: true, contact: true, callLog: true, location: false }),
      '/time/upload/enable': () => ok({ enableTimeSdk: false }),
    })
    const startCollector = vi.fn(async (input: CollectorInput) => ({ flags: input.flags }))
    const actor = createActor(
      uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge: bridge({ startCollector }) }) }),
      { input: { orderNo: 'KP-1', userId: '42', step: 'finishLoading', isSubmit: true } },
    ).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1 })
    expect(startCollector).not.toHaveBeenCalled()
  })

  it('report the native shell’s message when the collector fails', async () => {
    const { api } = fakeApi({
      '/time/upload/uploadStatus': () =>
        ok({ appList: true, sms: true, exif: false, device: true, contact: true, callLog: true, location: false }),
      '/time/upload/enable': () => ok({ enableTimeSdk: true }),
    })
    const shell = bridge({
      startCollector: async () => {
        throw new BridgeError('timeSDK', 'denied', 'permissionDenied', 'Washa huduma ya mahali')
      },
    })
    const actor = createActor(uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge: shell }) }), {
      input: { orderNo: 'KP-1', userId: '42', step: 'finishLoading', isSubmit: true },
    }).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ code: -1, msg: 'Washa huduma ya mahali' })
  })
})

describe('identity actors', () => {
  const storage = createStorage(createMemoryStorage())
  const compress = vi.fn(async (image: Blob, onProgress: (f: number) => void) => {
    onProgress(1)
    return new Blob([`small ${image.size}`], { type: 'image/jpeg' })
  })

  it('compress each photo, upload it with its progress, save the liveness result and finish', async () => {
    const { api, calls } = fakeApi({
      '/user/upload/curp/front': () => ok(CHECK),
      '/user/upload/curp/back': () => ok(CHECK),
      '/portal/liveness/detection/result/save': () => ok(CHECK),
      '/user/finishUploadAllImg': () => ok({ status: 11, orderNo: 'KP-1' }),
    })
    const actor = createActor(
      identityMachine.provide({ actors: createIdentityActors({ api, bridge: bridge(), storage, compress }) }),
    ).start()
    const progress: number[] = []
    actor.subscribe((s) => s.context.progress !== null && progress.push(s.context.progress))

    for (const side of ['front', 'back'] as const) {
      await waitFor(actor, (s) => !s.hasTag('busy'))
      actor.send({ type: 'identity.photoTaken', side, image: new Blob(['photo'], { type: 'image/jpeg' }) })
    }
    await waitFor(actor, (s) => s.hasTag('liveFace'))
    actor.send({ type: 'identity.livenessStarted' })
    await waitFor(actor, (s) => s.hasTag('canSubmit'))
    actor.send({ type: 'identity.submitted' })
    const done = await waitFor(actor, (s) => s.status === 'done')

    expect(done.output).toEqual({ status: 'completed' })
    expect(compress).toHaveBeenCalledTimes(2)
    expect(calls.map((c) => c.path)).toEqual([
      '/user/upload/curp/front',
      '/user/upload/curp/back',
      '/portal/liveness/detection/result/save',
      '/user/finishUploadAllImg',
    ])
    expect(calls[2]).toMatchObject({ payload: { sdk: 'demo', sessionId: 'lv-1', score: 97 }, files: ['file'] })
    expect(progress).toContain(0.2)
    expect(progress).toContain(1)
  })

  it('turn a photo the server did not accept into the problem it named', async () => {
    const { api } = fakeApi({
      '/user/upload/curp/front': () => ok({ ...CHECK, accepted: false, problem: 'notRecognised' }),
    })
    const actor = createActor(
      identityMachine.provide({ actors: createIdentityActors({ api, bridge: bridge(), storage, compress }) }),
    ).start()
    await waitFor(actor, (s) => s.hasTag('awaitingFront'))
    actor.send({ type: 'identity.photoTaken', side: 'front', image: new Blob(['photo'], { type: 'image/jpeg' }) })
    const snap = await waitFor(actor, (s) => s.context.error !== null)
    expect(snap.context.error).toEqual({ key: 'identity.error.notRecognised' })
  })
})
