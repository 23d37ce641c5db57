import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BRIDGE_EVENTS,
  BRIDGE_PROTOCOL_VERSION,
  BridgeError,
  isBridgeError,
  isSafeLogText,
  type CollectorInput,
} from '../../services/bridge/native-bridge'
import { bridgeOn, fakePage, settle } from './bridge-fakes'

const PNG_1x1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const FEATURES_ON = { live: 1, ocr: 1, frontPermission: 1 }
const DEFAULT_FEATURES = { live: 1, ocr: -1, frontPermission: -1 }
const collectorInput: CollectorInput = {
  orderNo: 'KP2024000123',
  userId: '42',
  step: 'finishLoading',
  isSubmit: true,
  packageNames: ['com.example.wallet'],
  flags: {
    appList: true,
    sms: true,
    exif: false,
    device: false,
    contact: true,
    callLog: true,
    location: false,
  },
}

/** A native page whose shell has already answered hello (announcing `actions`, or not saying). */
async function shellPage(actions?: string[]) {
  const page = fakePage({ native: true })
  const made = bridgeOn(page)
  page.reply(page.last('hello').id, actions ? { protocol: 1, actions } : { protocol: 1 })
  await made.bridge.ready
  return { page, ...made }
}

describe('detecting the shell', () => {
  it('is native when window.KopaNative.postMessage is a function, and says hello with its protocol and events', async () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page)
    expect(bridge.isNative).toBe(true)
    const hello = page.last('hello')
    expect(hello).toMatchObject({
      v: BRIDGE_PROTOCOL_VERSION,
      payload: { protocol: 1, events: [...BRIDGE_EVENTS] },
    })
    page.reply(hello.id, { protocol: 1, actions: ['hello', 'getDeviceInfo'] })
    await expect(bridge.ready).resolves.toEqual({ protocol: 1, actions: ['hello', 'getDeviceInfo'] })
  })

  it('is a plain browser when KopaNative is missing or has no postMessage function', async () => {
    const page = fakePage()
    ;(page.win as { KopaNative?: unknown }).KopaNative = { postMessage: 'not a function' }
    const { bridge } = bridgeOn(page)
    expect(bridge.isNative).toBe(false)
    await expect(bridge.ready).resolves.toBeNull()
  })

  it('puts window.KopaBridge.receive in place for the shell, and takes it away on dispose', () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page)
    expect(page.win.KopaBridge).toMatchObject({ protocol: 1 })
    bridge.dispose()
    expect(page.win.KopaBridge).toBeUndefined()
  })
})

describe('calls and replies', () => {
  it('posts {v, id, action, payload} as JSON text and resolves with the shell’s result', async () => {
    const { page, bridge } = await shellPage()
    const info = bridge.deviceInfo()
    const call = page.last('getDeviceInfo')
    expect(call).toEqual({ v: 1, id: expect.any(String), action: 'getDeviceInfo', payload: {} })
    page.reply(call.id, {
      afid: 'af-1',
      appName: 'Kopa',
      packageName: 'com.lender.cash',
      edition: '2.3.0',
      platform: 'android',
    })
    await expect(info).resolves.toEqual({
      afid: 'af-1',
      appName: 'Kopa',
      packageName: 'com.lender.cash',
      edition: '2.3.0',
      platform: 'android',
    })
  })

  it('reads an empty or missing device value as "not set" (null), so the app keeps its default', async () => {
    const { page, bridge } = await shellPage()
    const info = bridge.deviceInfo()
    page.reply(page.last('getDeviceInfo').id, { afid: '', appName: null, platform: 'android' })
    await expect(info).resolves.toEqual({
      afid: null,
      appName: null,
      packageName: null,
      edition: null,
      platform: 'android',
    })
  })

  it('gives every call its own id and matches replies by id, whatever their order', async () => {
    const { page, bridge } = await shellPage()
    const review = bridge.requestReview()
    const info = bridge.deviceInfo()
    const [a, b] = [page.last('requestReview'), page.last('getDeviceInfo')]
    expect(a.id).not.toBe(b.id)
    page.reply(b.id, { platform: 'android' })
    page.reply(a.id, { shown: true })
    await expect(review).resolves.toEqual({ shown: true })
    await expect(info).resolves.toMatchObject({ platform: 'android' })
  })

  it('accepts a reply passed as an object as well as JSON text, and ignores garbage', async () => {
    const { page, bridge } = await shellPage()
    const review = bridge.requestReview()
    page.win.KopaBridge!.receive('{not json')
    page.win.KopaBridge!.receive({ nonsense: true })
    page.win.KopaBridge!.receive({ id: page.last('requestReview').id, ok: true, result: { shown: false } })
    await expect(review).resolves.toEqual({ shown: false })
  })

  it('rejects with reason invalidReply when the result has the wrong shape', async () => {
    const { page, bridge } = await shellPage()
    const review = bridge.requestReview()
    page.reply(page.last('requestReview').id, { shown: 'yes' })
    await expect(review).rejects.toMatchObject({
      name: 'BridgeError',
      action: 'requestReview',
      reason: 'invalidReply',
    })
  })

  it('maps the shell’s error codes: cancelled, permissionDenied → denied, anything else → failed with its message', async () => {
    const { page, bridge } = await shellPage()
    const live = bridge.faceSdk(FEATURES_ON, { kind: 'liveness' })
    page.fail(page.last('startLiveness').id, { code: 'cancelled' })
    await expect(live).rejects.toMatchObject({ reason: 'cancelled', code: 'cancelled' })

    const card = bridge.faceSdk(FEATURES_ON, { kind: 'idCard', side: 'front' })
    page.fail(page.last('captureIdCard').id, { code: 'permissionDenied' })
    await expect(card).rejects.toMatchObject({ reason: 'denied' })

    const collector = bridge.startCollector(collectorInput)
    page.fail(page.last('timeSDK').id, { code: 'busy', message: 'Please wait, still uploading' })
    const error = await collector.catch((e: unknown) => e)
    expect(isBridgeError(error, 'failed')).toBe(true)
    expect(error).toMatchObject({ code: 'busy', shellMessage: 'Please wait, still uploading' })
    expect((error as BridgeError).message).toBe('timeSDK: failed (busy)')
  })

  it('fails with reason failed when postMessage itself throws', async () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page)
    page.win.KopaNative!.postMessage = () => {
      throw new Error('bridge object gone')
    }
    await expect(bridge.deviceInfo()).rejects.toMatchObject({ reason: 'failed', code: 'postMessage' })
  })

  it('rejects pending calls with reason cancelled on dispose', async () => {
    const { bridge } = await shellPage()
    const review = bridge.requestReview()
    bridge.dispose()
    await expect(review).rejects.toMatchObject({ reason: 'cancelled' })
  })

  it('never puts the payload in an error message', async () => {
    const { page, bridge } = await shellPage()
    const collector = bridge.startCollector(collectorInput)
    page.fail(page.last('timeSDK').id, { code: 'failed' })
    const error = (await collector.catch((e: unknown) => e)) as Error
    expect(error.message).not.toContain('42')
    expect(error.message).not.toContain(collectorInput.orderNo)
  })
})

describe('timeouts', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('fails a quick call with reason timeout after timeoutMs, and ignores the late answer', async () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page, { timeoutMs: 2_000 })
    const info = bridge.deviceInfo()
    const outcome = info.catch((e: unknown) => e)
    await settle(1_999)
    await settle(1)
    expect(await outcome).toMatchObject({ name: 'BridgeError', action: 'getDeviceInfo', reason: 'timeout' })
    expect(() => page.reply(page.last('getDeviceInfo').id, { platform: 'android' })).not.toThrow()
  })

  it('waits interactiveTimeoutMs for calls that wait on the borrower (liveness, collector, review)', async () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page, { timeoutMs: 1_000, interactiveTimeoutMs: 60_000 })
    const live = bridge.faceSdk(DEFAULT_FEATURES, { kind: 'liveness' }).catch((e: unknown) => e)
    await settle(59_000)
    page.reply(page.last('startLiveness').id, { sdk: 'acme', sessionId: 's-1', image: PNG_1x1 })
    expect(await live).toMatchObject({ kind: 'liveness', result: { sdk: 'acme', sessionId: 's-1' } })

    const collector = bridge.startCollector(collectorInput).catch((e: unknown) => e)
    await settle(60_000)
    expect(await collector).toMatchObject({ reason: 'timeout', action: 'timeSDK' })
  })

  it('treats a shell that never answers hello as one that did not say which actions it has', async () => {
    const page = fakePage({ native: true })
    const { bridge } = bridgeOn(page, { timeoutMs: 500 })
    await settle(500)
    await expect(bridge.ready).resolves.toBeNull()
    void bridge.requestReview().catch(() => undefined)
    expect(page.last('requestReview')).toBeDefined()
  })
})

describe('an older shell: actions it does not implement use the web fallback', () => {
  it('does not ask the shell for an action its hello left out', async () => {
    const { page, bridge } = await shellPage(['hello', 'getDeviceInfo'])
    await expect(bridge.requestReview()).resolves.toEqual({ shown: false })
    await expect(bridge.requestLogin()).resolves.toEqual({ handledBy: 'web' })
    expect(page.posted.map((p) => p.action)).toEqual(['hello'])
  })

  it('falls back when the shell answers unsupported, and does not ask again', async () => {
    const { page, bridge } = await shellPage()
    const review = bridge.requestReview()
    page.fail(page.last('requestReview').id, { code: 'unsupported' })
    await expect(review).resolves.toEqual({ shown: false })
    await expect(bridge.requestReview()).resolves.toEqual({ shown: false })
    expect(page.posted.filter((p) => p.action === 'requestReview')).toHaveLength(1)
  })

  it('falls back when the shell does not speak this protocol version (unsupportedVersion)', async () => {
    const { page, bridge } = await shellPage()
    const login = bridge.requestLogin()
    page.fail(page.last('requestLogin').id, { code: 'unsupportedVersion' })
    await expect(login).resolves.toEqual({ handledBy: 'web' })
  })
})

describe('actions in the shell', () => {
  it('starts the collector with orderNo, userId, step, isSubmit, the app allowlist and the seven flags, and returns its result', async () => {
    const { page, bridge } = await shellPage()
    const run = bridge.startCollector(collectorInput)
    const call = page.last('timeSDK')
    expect(call.payload).toEqual({
      orderNo: 'KP2024000123',
      userId: '42',
      step: 'finishLoading',
      isSubmit: true,
      packageNames: ['com.example.wallet'],
      appList: true,
      sms: true,
      exif: false,
      device: false,
      contact: true,
      callLog: true,
      location: false,
    })
    const flags = { ...collectorInput.flags, exif: true, device: true, location: false }
    page.reply(call.id, { flags, msg: 'Location is off' })
    await expect(run).resolves.toEqual({ flags, msg: 'Location is off' })
  })

  it('passes the featureMode value to the SDK the step needs, and turns the liveness frame into a Blob', async () => {
    const { page, bridge } = await shellPage()
    const live = bridge.faceSdk(
      { live: 2, ocr: -1, frontPermission: -1 },
      { kind: 'liveness', orderNo: 'KP1' },
    )
    expect(page.last('startLiveness').payload).toEqual({ mode: 2, orderNo: 'KP1' })
    page.reply(page.last('startLiveness').id, { sdk: 'acme', sessionId: 's-9', score: 97.5, image: PNG_1x1 })
    const result = await live
    if (result.kind !== 'liveness') throw new Error('expected the SDK result')
    expect(result.result).toMatchObject({ sdk: 'acme', sessionId: 's-9', score: 97.5 })
    expect(result.result.image).toBeInstanceOf(Blob)
    expect(result.result.image.type).toBe('image/png')
    expect(new Uint8Array(await result.result.image.arrayBuffer()).subarray(1, 4)).toEqual(
      new Uint8Array([80, 78, 71]),
    )
  })

  it('captures an ID side with the card SDK when ocr is on, and asks for the camera first when frontPermission is on', async () => {
    const { page, bridge } = await shellPage()
    const card = bridge.faceSdk(FEATURES_ON, { kind: 'idCard', side: 'back' })
    expect(page.last('captureIdCard').payload).toEqual({ mode: 1, side: 'back' })
    page.reply(page.last('captureIdCard').id, { image: PNG_1x1 })
    expect(await card).toMatchObject({ kind: 'image', image: expect.any(Blob) })

    const permission = bridge.faceSdk(FEATURES_ON, { kind: 'cameraPermission' })
    expect(page.last('requestPermissions').payload).toEqual({ names: ['camera'], mode: 1 })
    page.reply(page.last('requestPermissions').id, { states: { camera: 'granted' } })
    await expect(permission).resolves.toEqual({ kind: 'permission', state: 'granted' })
  })

  it('refuses an image that is not an image (wrong type, or not base64)', async () => {
    const { page, bridge } = await shellPage()
    const card = bridge.faceSdk(FEATURES_ON, { kind: 'idCard', side: 'front' })
    page.reply(page.last('captureIdCard').id, { image: 'data:application/pdf;base64,JVBERi0=' })
    await expect(card).rejects.toMatchObject({ reason: 'invalidReply' })
    const broken = bridge.faceSdk(FEATURES_ON, { kind: 'idCard', side: 'front' })
    page.reply(page.last('captureIdCard').id, { image: 'data:image/png;base64,iVBORw0KGgoA=AAA' })
    await expect(broken).rejects.toMatchObject({ reason: 'invalidReply' })
  })

  it('uses the web capture, without asking the shell, for a step whose featureMode is off (−1)', async () => {
    const { page, bridge } = await shellPage()
    await expect(bridge.faceSdk(DEFAULT_FEATURES, { kind: 'idCard', side: 'front' })).resolves.toEqual({
      kind: 'webCapture',
    })
    await expect(bridge.faceSdk(DEFAULT_FEATURES, { kind: 'cameraPermission' })).resolves.toEqual({
      kind: 'webCapture',
    })
    expect(page.posted.map((p) => p.action)).toEqual(['hello'])
  })

  it('keeps the stored featureMode in the shell, turning off a step whose action the shell lacks', async () => {
    const { bridge } = await shellPage()
    expect(bridge.featureMode(FEATURES_ON)).toEqual(FEATURES_ON)
    const older = (await shellPage(['hello', 'captureIdCard', 'timeSDK'])).bridge
    expect(older.featureMode({ live: 2, ocr: 1, frontPermission: 1 })).toEqual({
      live: -1,
      ocr: 1,
      frontPermission: -1,
    })
  })

  it('asks the shell for its login, to log out, to open links, to dial and to close', async () => {
    const { page, bridge } = await shellPage()
    const answers = [
      bridge.requestLogin(),
      bridge.logout(),
      bridge.openUrl('https://kopa.example/help'),
      bridge.openWhatsApp('+255700000000', 'Hello'),
      bridge.dial('+255222000000'),
      bridge.closeWebView(),
    ]
    for (const p of page.posted.slice(1)) page.reply(p.id, {})
    expect(await Promise.all(answers)).toEqual([
      { handledBy: 'shell' },
      { handledBy: 'shell' },
      { handledBy: 'shell' },
      { handledBy: 'shell' },
      { handledBy: 'shell' },
      { closed: true },
    ])
    expect(page.posted.slice(1).map((p) => [p.action, p.payload])).toEqual([
      ['requestLogin', {}],
      ['logout', {}],
      ['openUrl', { url: 'https://kopa.example/help' }],
      ['openWhatsApp', { phone: '255700000000', text: 'Hello' }],
      ['dial', { phone: '+255222000000' }],
      ['closeWebView', {}],
    ])
  })

  it('refuses links that are not http(s) and numbers that are not phone numbers, without asking the shell', async () => {
    const { page, bridge } = await shellPage()
    await expect(bridge.openUrl('javascript:alert(1)')).rejects.toMatchObject({ reason: 'invalidInput' })
    await expect(bridge.dial('call me')).rejects.toMatchObject({ reason: 'invalidInput' })
    await expect(bridge.openWhatsApp('12')).rejects.toMatchObject({ reason: 'invalidInput' })
    expect(page.posted.map((p) => p.action)).toEqual(['hello'])
  })

  it('answers each permission asked for, reading a permission the shell left out as unavailable', async () => {
    const { page, bridge } = await shellPage()
    const states = bridge.queryPermissions(['camera', 'sms', 'location'])
    expect(page.last('queryPermissions').payload).toEqual({ names: ['camera', 'sms', 'location'] })
    page.reply(page.last('queryPermissions').id, { states: { camera: 'granted', sms: 'denied' } })
    await expect(states).resolves.toEqual({ camera: 'granted', sms: 'denied', location: 'unavailable' })
  })
})

describe('events from the shell', () => {
  it('delivers login with its token to every listener until it unsubscribes', async () => {
    const { page, bridge } = await shellPage()
    const first = vi.fn()
    const second = vi.fn()
    const off = bridge.on('login', first)
    bridge.on('login', second)
    page.event('login', { token: 'tok-1' })
    off()
    page.event('login', { token: 'tok-2' })
    expect(first.mock.calls).toEqual([[{ token: 'tok-1' }]])
    expect(second.mock.calls).toEqual([[{ token: 'tok-1' }], [{ token: 'tok-2' }]])
  })

  it('keeps a login that arrives before the page listens, and hands it to the first listener', async () => {
    const { page, bridge } = await shellPage()
    page.event('login', { token: 'early-1' })
    page.event('login', { token: 'early-2' })
    const login = vi.fn()
    bridge.on('login', login)
    expect(login).not.toHaveBeenCalled() // not inside on(): the caller has its unsubscribe first
    await Promise.resolve()
    expect(login.mock.calls).toEqual([[{ token: 'early-1' }], [{ token: 'early-2' }]])
    const late = vi.fn()
    bridge.on('login', late)
    await Promise.resolve()
    expect(late).not.toHaveBeenCalled() // handed over once, not replayed to each newcomer
  })

  it('ignores an event with a malformed payload or an unknown name', async () => {
    const { page, bridge } = await shellPage()
    const login = vi.fn()
    bridge.on('login', login)
    page.event('login', { token: '' })
    page.event('login')
    page.event('teleport', { to: 'moon' })
    expect(login).not.toHaveBeenCalled()
  })

  it('delivers logout, foreground, background and collectorFinished', async () => {
    const { page, bridge } = await shellPage()
    const seen: unknown[] = []
    for (const name of BRIDGE_EVENTS.filter((e) => e !== 'login'))
      bridge.on(name, (p) => seen.push([name, p]))
    const flags = { ...collectorInput.flags, device: true }
    page.event('logout')
    page.event('appBackgrounded', {})
    page.event('appForegrounded', {})
    page.event('collectorFinished', { orderNo: 'KP1', flags })
    expect(seen).toEqual([
      ['logout', {}],
      ['appBackgrounded', {}],
      ['appForegrounded', {}],
      ['collectorFinished', { orderNo: 'KP1', flags }],
    ])
  })

  it('keeps delivering to the other listeners when one throws', async () => {
    const { page, bridge } = await shellPage()
    const errors: unknown[] = []
    const onError = (e: unknown) => errors.push(e)
    process.on('uncaughtException', onError)
    const after = vi.fn()
    bridge.on('logout', () => {
      throw new Error('listener bug')
    })
    bridge.on('logout', after)
    page.event('logout')
    expect(after).toHaveBeenCalledTimes(1)
    await settle()
    process.off('uncaughtException', onError)
    expect(errors).toHaveLength(1)
  })

  it('does not turn page visibility into foreground/background events inside the shell (the shell sends them)', async () => {
    const { page, bridge } = await shellPage()
    const background = vi.fn()
    bridge.on('appBackgrounded', background)
    page.setVisibility('hidden')
    expect(background).not.toHaveBeenCalled()
  })
})

describe('event logging in the shell', () => {
  it('posts logEventByLocal with its six fields, time in epoch ms', async () => {
    const { page, bridge } = await shellPage()
    expect(
      bridge.logEventByLocal({
        eventType: 'click',
        pageName: 'toBorrow',
        eventOption: 'apply',
        orderNo: 'KP7',
        isUpload: true,
      }),
    ).toBe(true)
    expect(page.last('logEventByLocal').payload).toEqual({
      time: 1_700_000_000_000,
      eventType: 'click',
      pageName: 'toBorrow',
      eventOption: 'apply',
      orderNo: 'KP7',
      isUpload: true,
    })
  })

  it('posts logEventByAF with the event name and its values', async () => {
    const { page, bridge } = await shellPage()
    expect(bridge.logEventByAF('af_loan_apply', { amount: 50000, currency: 'TZS', repeat: false })).toBe(true)
    expect(page.last('logEventByAF').payload).toEqual({
      name: 'af_loan_apply',
      values: { amount: 50000, currency: 'TZS', repeat: false },
    })
  })

  it('refuses, and never sends, an event that carries what looks like a phone number, an ID or an e-mail', async () => {
    const { page, bridge, send } = await shellPage()
    expect(bridge.logEventByLocal({ eventType: 'input', pageName: 'login', eventOption: '0712345678' })).toBe(
      false,
    )
    expect(
      bridge.logEventByLocal({ eventType: 'input', pageName: 'login', eventOption: 'a@gmail.com' }),
    ).toBe(false)
    expect(bridge.logEventByAF('af_login', { mobile: '+255712345678' })).toBe(false)
    expect(bridge.logEventByAF('af_login', { id: 1990010112345 })).toBe(false)
    expect(bridge.logEventByLocal({ eventType: '', pageName: 'login' })).toBe(false)
    expect(page.posted.map((p) => p.action)).toEqual(['hello'])
    expect(send).not.toHaveBeenCalled()
  })

  it('never throws when the shell does not answer an event (logging must not break a journey)', async () => {
    vi.useFakeTimers()
    try {
      const page = fakePage({ native: true })
      const { bridge } = bridgeOn(page, { timeoutMs: 100 })
      expect(bridge.logEventByLocal({ eventType: 'view', pageName: 'home' })).toBe(true)
      await settle(200)
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends the event to the browser batch instead when the shell cannot log it', async () => {
    const { page, bridge, batches } = await shellPage()
    bridge.logEventByLocal({ eventType: 'view', pageName: 'home', isUpload: true })
    page.fail(page.last('logEventByLocal').id, { code: 'unsupported' })
    await settle()
    expect(batches).toEqual([
      { events: [{ time: 1_700_000_000_000, eventType: 'view', pageName: 'home', isUpload: true }] },
    ])
  })
})

describe('isSafeLogText', () => {
  it('allows short numbers and words, and refuses 7+ digit runs and e-mail addresses', () => {
    expect(isSafeLogText('amount_50000')).toBe(true)
    expect(isSafeLogText('step 3 of 5')).toBe(true)
    expect(isSafeLogText('1234567')).toBe(false)
    expect(isSafeLogText('id-12345678-12345')).toBe(false)
    expect(isSafeLogText('me@example.com')).toBe(false)
  })
})
