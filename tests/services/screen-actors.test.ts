import { describe, expect, it, vi } from 'vitest'
import { createActor, setup, waitFor } from 'xstate'
import { accountDeletionMachine } from '../../machines/account-deletion.machine'
import { appRatingMachine } from '../../machines/app-rating.machine'
import { cancellationMachine } from '../../machines/cancellation.machine'
import { confirmBorrowMachine } from '../../machines/confirm-borrow.machine'
import { couponsMachine } from '../../machines/coupons.machine'
import { feedbackTicketMachine } from '../../machines/feedback-ticket.machine'
import { paymentOrderMachine } from '../../machines/payment-order.machine'
import { repaymentMachine } from '../../machines/repayment.machine'
import { rolloverMachine } from '../../machines/rollover.machine'
import { submitMachine } from '../../machines/submit.machine'
import type { ApiFailure, ApiResult } from '../../domain/api-result'
import type { ApiClient } from '../../services/api/client'
import { createAccountDeletionActors } from '../../services/actors/account-deletion-actors'
import { createAppRatingActors } from '../../services/actors/app-rating-actors'
import { createCancellationActors } from '../../services/actors/cancellation-actors'
import { createConfirmBorrowActors } from '../../services/actors/confirm-borrow-actors'
import { createCouponsActors } from '../../services/actors/coupons-actors'
import { createFeedbackTicketActors } from '../../services/actors/feedback-ticket-actors'
import { createPaymentOrderActors } from '../../services/actors/payment-order-actors'
import { createRepaymentActors } from '../../services/actors/repayment-actors'
import { createRolloverActors } from '../../services/actors/rollover-actors'
import { createServerClock } from '../../services/actors/server-clock'
import { createSubmitActors } from '../../services/actors/submit-actors'
import { BridgeError } from '../../services/bridge/native-bridge'
import { createMemoryStorage, createStorage } from '../../services/storage/storage'

type Handler = (path: string, payload: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>

/** An API client whose answers come from `handler`; every call is recorded. */
function fakeApi(handler: Handler) {
  const calls: { path: string; payload: unknown }[] = []
  const request = vi.fn(async (path: string, payload: unknown) => {
    calls.push({ path, payload })
    return handler(path, payload)
  })
  return { api: { request } as unknown as Pick<ApiClient, 'request'>, calls }
}

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data })
const T0 = Date.UTC(2027, 0, 10, 9, 0, 0)

describe('server clock', () => {
  it("reads the server's time from the Date header, to the middle of its second", () => {
    const clock = createServerClock(undefined, () => T0)
    clock.observe(new Date(T0 + 2 * 60_000).toUTCString())
    expect(clock.offsetMs()).toBe(2 * 60_000 + 500)
    expect(clock.stamp()).toEqual({ serverNow: T0 + 2 * 60_000 + 500, receivedAt: T0 })
  })

  it('keeps the last offset when an answer has no readable Date header', () => {
    const clock = createServerClock(undefined, () => T0)
    clock.observe(new Date(T0 - 30_000).toUTCString())
    clock.observe(undefined)
    clock.observe('not a date')
    expect(clock.offsetMs()).toBe(-29_500)
  })
})

describe('form actors', () => {
  it('restores, saves and clears a draft in local storage', async () => {
    const storage = createStorage(createMemoryStorage())
    storage.saveDraft('feedback.new', { description: 'Nimelipa jana' })
    const { api, calls } = fakeApi(() => ok({ feedbackId: 'F-1' }))
    const forms = createSubmitActors({ api, storage })
    const form = createActor(
      submitMachine.provide({
        actors: { submit: forms.submitTo('/feedback/create'), draftStore: forms.draftStore },
      }),
      { input: { formId: 'feedback.new' } },
    ).start()
    expect(form.getSnapshot().context.values).toEqual({ description: 'Nimelipa jana' })

    form.send({ type: 'form.changed', values: { contact: 'asha@gmail.com' } })
    expect(storage.loadDraft('feedback.new')).toEqual({
      description: 'Nimelipa jana',
      contact: 'asha@gmail.com',
    })

    form.send({ type: 'form.submitted' })
    await waitFor(form, (s) => s.status === 'done')
    expect(calls).toEqual([
      { path: '/feedback/create', payload: { description: 'Nimelipa jana', contact: 'asha@gmail.com' } },
    ])
    expect(storage.loadDraft('feedback.new')).toBeNull()
  })
})

describe('money-path actors', () => {
  it('stamp a pay order with both clocks, so repayment times it in server time', async () => {
    const clock = createServerClock(undefined, () => T0)
    clock.observe(new Date(T0 + 60_000).toUTCString())
    const { api } = fakeApi((path) =>
      path === '/portal/repayment/confirm'
        ? ok({ payOrderId: 'PY-1', status: 'pending' })
        : ok({ balance: { totalMinor: 100 } }),
    )
    const actors = createRepaymentActors({ api, clock })
    const actor = createActor(actors.createPaymentOrder, {
      input: { orderNo: 'KP1', amountMinor: 500_000, channelId: 'mpesa' },
    }).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toMatchObject({ payOrderId: 'PY-1', serverNow: T0 + 60_500, receivedAt: T0 })
  })

  it('reject with the client failure as it came, which the machine shows', async () => {
    const refused: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2111,
      message: '',
      messageKey: 'errors.code.2111',
    }
    const { api } = fakeApi(() => refused)
    const machine = repaymentMachine.provide({
      actors: {
        ...createRepaymentActors({ api, clock: createServerClock() }),
        paymentOrder: paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) }),
      },
    })
    const actor = createActor(machine, { input: { orderNo: 'KP1' } }).start()
    await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.code.2111' })
  })

  it('load the used coupons from their own call and the others by status', async () => {
    const page = { items: [], page: 1, pageSize: 20, total: 0 }
    const { api, calls } = fakeApi(() => ok(page))
    const { loadCoupons } = createCouponsActors({ api })
    for (const tab of ['used', 'expired'] as const) {
      await waitFor(createActor(loadCoupons, { input: { tab, page: 1 } }).start(), (s) => s.status === 'done')
    }
    expect(calls).toEqual([
      { path: '/lottery-draw/coupon/used', payload: { page: 1, pageSize: 20 } },
      { path: '/lottery-draw/coupons', payload: { status: 'expired', page: 1, pageSize: 20 } },
    ])
  })
})

describe('feedback receipt upload', () => {
  it('reports progress and the uploaded file, and aborts when the receipt is removed', async () => {
    let signal: AbortSignal | undefined
    let progress: ((fraction: number) => void) | undefined
    let answer: ((result: ApiResult<unknown>) => void) | undefined
    const upload = vi.fn(
      (
        _path: string,
        _files: unknown,
        _payload: unknown,
        onProgress: (f: number) => void,
        options: { signal: AbortSignal },
      ) => {
        progress = onProgress
        signal = options.signal
        return new Promise<ApiResult<unknown>>((resolve) => (answer = resolve))
      },
    )
    const api = { request: vi.fn(), upload } as unknown as Pick<ApiClient, 'request' | 'upload' | 'axios'>
    const { uploadReceipt } = createFeedbackTicketActors({ api, token: () => 'tok' })
    const received: unknown[] = []
    const host = setup({ actors: { uploadReceipt } }).createMachine({
      invoke: { src: 'uploadReceipt', input: { localId: 'r1', file: new Blob(['x']), to: 'ticket' } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    })
    const parent = createActor(host).start()

    progress!(0.5)
    answer!(ok({ fileId: 'file-1', url: '/f/1', contentType: 'image/jpeg', size: 1 }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(received).toEqual([
      { type: 'receipt.progressed', localId: 'r1', fraction: 0.5 },
      {
        type: 'receipt.uploaded',
        localId: 'r1',
        file: { fileId: 'file-1', url: '/f/1', contentType: 'image/jpeg', size: 1 },
      },
    ])

    parent.stop()
    expect(signal!.aborted).toBe(true)
    expect(upload.mock.calls[0]![0]).toBe('/feedback/upload/credential')
  })

  it('uploads a message’s image with /feedback/uploadFile', async () => {
    const upload = vi.fn(async (_path: string) => ok({ fileId: 'file-2', url: '/f/2', contentType: 'image/jpeg', size: 1 }))
    const api = { request: vi.fn(), upload } as unknown as Pick<ApiClient, 'request' | 'upload' | 'axios'>
    const { uploadReceipt } = createFeedbackTicketActors({ api, token: () => 'tok' })
    const received: unknown[] = []
    const host = setup({ actors: { uploadReceipt } }).createMachine({
      invoke: { src: 'uploadReceipt', input: { localId: 'r1', file: new Blob(['x']), to: 'message' } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    })
    const parent = createActor(host).start()
    await vi.waitFor(() => expect(received).toHaveLength(1))
    parent.stop()
    expect(upload.mock.calls[0]![0]).toBe('/feedback/uploadFile')
    expect(received).toEqual([expect.objectContaining({ type: 'receipt.uploaded', localId: 'r1' })])
  })
})

describe('feedback thread actors', () => {
  const file = (fileId: string) => ({ fileId, url: `/feedback/files/${fileId}`, contentType: 'image/jpeg', size: 9 })

  it('read a page of the thread with /feedback/list/leave-message', async () => {
    const { api, calls } = fakeApi(() => ok({ items: [], page: 2, pageSize: 20, total: 25 }))
    const { loadMessages } = createFeedbackTicketActors({ api: api as never, token: () => 'tok' })
    const done = await waitFor(
      createActor(loadMessages, { input: { feedbackId: 'F-1', page: 2, pageSize: 20 } }).start(),
      (s) => s.status === 'done',
    )
    expect(done.output).toEqual({ items: [], page: 2, pageSize: 20, total: 25 })
    expect(calls).toEqual([{ path: '/feedback/list/leave-message', payload: { feedbackId: 'F-1', page: 2, pageSize: 20 } }])
  })

  it('fetch the ticket’s images with the session’s token and leave out the ones that cannot be read', async () => {
    const get = vi.fn(async (url: string, config: { headers: Record<string, string> }) => {
      if (url.endsWith('/gone')) return { status: 404, data: new Blob(['{}'], { type: 'application/json' }) }
      if (url.endsWith('/offline')) throw new Error('Network Error')
      return { status: 200, data: new Blob([`${url} ${config.headers.Authorization}`], { type: 'image/jpeg' }) }
    })
    const api = { request: vi.fn(), upload: vi.fn(), axios: { get } } as unknown as Pick<
      ApiClient,
      'request' | 'upload' | 'axios'
    >
    const { loadImages } = createFeedbackTicketActors({ api, token: () => 'tok-7' })
    const done = await waitFor(
      createActor(loadImages, { input: { files: [file('1'), file('gone'), file('offline')] } }).start(),
      (s) => s.status === 'done',
    )
    const images = done.output as Record<string, Blob>
    expect(Object.keys(images)).toEqual(['1'])
    expect(await images['1']!.text()).toBe('/feedback/files/1 Bearer tok-7')
    expect(get).toHaveBeenCalledWith('/feedback/files/1', expect.objectContaining({ responseType: 'blob' }))
  })

  it('ask for no image without a session', async () => {
    const get = vi.fn()
    const api = { request: vi.fn(), upload: vi.fn(), axios: { get } } as unknown as Pick<
      ApiClient,
      'request' | 'upload' | 'axios'
    >
    const { loadImages } = createFeedbackTicketActors({ api, token: () => null })
    const done = await waitFor(createActor(loadImages, { input: { files: [file('1')] } }).start(), (s) => s.status === 'done')
    expect(done.output).toEqual({})
    expect(get).not.toHaveBeenCalled()
  })
})

describe('app-rating actors', () => {
  it('read a missing review card (a plain browser, a shell error) as nothing shown', async () => {
    const bridge = { requestReview: vi.fn(() => Promise.reject(new BridgeError('requestReview', 'failed'))) }
    const { api } = fakeApi(() => ok({}))
    const { requestReview } = createAppRatingActors({
      api,
      storage: createStorage(createMemoryStorage()),
      bridge,
    })
    const done = await waitFor(createActor(requestReview).start(), (s) => s.status === 'done')
    expect(done.output).toEqual({ shown: false })
  })

  it('keep the prompt record in local storage under popEvaluateTime', async () => {
    const storage = createStorage(createMemoryStorage())
    const { api } = fakeApi(() => ok({}))
    const actors = createAppRatingActors({
      api,
      storage,
      bridge: { requestReview: async () => ({ shown: true }) },
    })
    const record = { popupTime: T0, rejectState: false, loanOrderId: 'L-1' }
    await waitFor(createActor(actors.saveRecord, { input: record }).start(), (s) => s.status === 'done')
    expect(storage.get('popEvaluateTime')).toEqual(record)
    const loaded = await waitFor(createActor(actors.loadRecord).start(), (s) => s.status === 'done')
    expect(loaded.output).toEqual(record)
  })
})

describe('composition', () => {
  it('gives every screen machine of the money path and the rest its actors from the factories', async () => {
    // Lists answer empty pages; the screens that need a full reply are told "order not found".
    const notFound: ApiFailure = {
      ok: false,
      kind: 'rejected',
      code: 2104,
      message: '',
      messageKey: 'errors.code.2104',
    }
    const needsOrder = ['/loan/confirm/product-info', '/portal/repayment/detail', '/repay/getExtensionData']
    const { api, calls } = fakeApi((path) =>
      needsOrder.includes(path)
        ? notFound
        : ok({ items: [], page: 1, pageSize: 20, total: 0, show: true, unread: 0 }),
    )
    const uploads = { ...api, upload: vi.fn() } as unknown as Pick<ApiClient, 'request' | 'upload' | 'axios'>
    const storage = createStorage(createMemoryStorage())
    const clock = createServerClock()
    const bridge = { requestReview: async () => ({ shown: false }) }
    const forms = createSubmitActors({ api, storage })
    const paymentOrder = paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) })
    const cancellation = cancellationMachine.provide({ actors: createCancellationActors({ api }) })
    const coupons = couponsMachine.provide({ actors: createCouponsActors({ api }) })

    const started = [
      createActor(
        confirmBorrowMachine.provide({
          actors: { ...createConfirmBorrowActors({ api, clock }), cancellation, coupons },
        }),
        { input: { loanOrderId: 'L-1' } },
      ),
      createActor(
        repaymentMachine.provide({ actors: { ...createRepaymentActors({ api, clock }), paymentOrder } }),
        {
          input: { orderNo: 'KP1' },
        },
      ),
      createActor(
        rolloverMachine.provide({ actors: { ...createRolloverActors({ api, clock }), paymentOrder } }),
        {
          input: { orderNo: 'KP1' },
        },
      ),
      createActor(coupons, { input: { mode: 'centre' } }),
      createActor(accountDeletionMachine.provide({ actors: createAccountDeletionActors({ api }) }), {
        input: { latestStatus: null },
      }),
      createActor(appRatingMachine.provide({ actors: createAppRatingActors({ api, storage, bridge }) }), {
        input: {},
      }),
      createActor(
        feedbackTicketMachine.provide({
          actors: {
            ...createFeedbackTicketActors({ api: uploads, token: () => 'tok' }),
            ticketForm: submitMachine.provide({
              actors: { submit: forms.submitTo('/feedback/create'), draftStore: forms.draftStore },
            }),
          },
        }),
        { input: { country: 'TZ' } },
      ),
    ].map((actor) => actor.start())

    await new Promise((resolve) => setTimeout(resolve, 0))
    for (const actor of started) expect(actor.getSnapshot().status).toBe('active')
    expect(
      started
        .slice(0, 3)
        .map((a) => (a.getSnapshot() as { hasTag(tag: string): boolean }).hasTag('loadFailed')),
    ).toEqual([true, true, true])
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/loan/confirm/product-info',
        '/portal/repayment/detail',
        '/repay/getExtensionData',
        '/lottery-draw/is-show',
        '/lottery-draw/coupon/quantity',
        '/feedback/list/feedback',
        '/feedback/red-dot-marker',
      ]),
    )
  })
})
