// @vitest-environment jsdom
/**
 * The browser tests' fake shell (tests/e2e/fake-native-shell.ts) speaks the same protocol as the real bridge:
 * installed exactly as Playwright's addInitScript does it (the function's text called with its JSON config) in
 * a jsdom page, then driven through createBridge with the page's real `window`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BRIDGE_ACTION_NAMES,
  createBridge,
  type Bridge,
  type CollectorInput,
  type UploadFlags,
} from '../../services/bridge/native-bridge'
import { installFakeNativeShell, type FakeShellConfig } from '../e2e/fake-native-shell'
import { inspectImage } from '../../server/uploads'
import { looksLikePhoto } from '../../server/kyc/providers'

const held: UploadFlags = {
  appList: true,
  sms: true,
  exif: false,
  device: false,
  contact: true,
  callLog: true,
  location: false,
}
const collectorInput: CollectorInput = {
  orderNo: 'KP2024000123',
  userId: '42',
  step: 'finishLoading',
  isSubmit: true,
  packageNames: [],
  flags: held,
}

let bridge: Bridge | undefined

/** Install the shell the way Playwright does: `(${fn})(${JSON.stringify(arg)})` evaluated in the page. */
function install(config?: FakeShellConfig) {
  const source = `(${installFakeNativeShell.toString()})(${config === undefined ? 'undefined' : JSON.stringify(config)})`
  new Function(source)()
  return window.__kopaShell!
}

function start(options: { timeoutMs?: number } = {}) {
  const send = vi.fn(async () => true)
  const report = vi.fn(async () => true)
  bridge = createBridge({ window, send, report, ...options })
  return { bridge, send, report }
}

afterEach(() => {
  bridge?.dispose()
  bridge = undefined
  const w = window as { KopaNative?: unknown; __kopaShell?: unknown; __kopaShellCalls?: unknown }
  delete w.KopaNative
  delete w.__kopaShell
  delete w.__kopaShellCalls
})

/** jsdom's Blob has no arrayBuffer(); its FileReader does the same. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })
}

const actions = () => window.__kopaShellCalls!.map((c) => c.action)

describe('the fake native shell', () => {
  it('is found by the bridge, answers hello with every action the bridge knows, and records each call', async () => {
    const shell = install()
    const { bridge } = start()
    expect(bridge.isNative).toBe(true)
    const hello = await bridge.ready
    expect(hello).toEqual({ protocol: 1, actions: BRIDGE_ACTION_NAMES })
    expect(shell.helloReceived).toBe(true)
    expect(window.__kopaShellCalls).toEqual([
      {
        id: expect.any(String),
        action: 'hello',
        payload: { protocol: 1, events: expect.any(Array) },
        v: 1,
        at: expect.any(Number),
      },
    ])
    expect(shell.calls).toBe(window.__kopaShellCalls)
  })

  it('answers every action of the bridge natively (none falls back to the web)', async () => {
    const shell = install()
    const { bridge, send, report } = start()
    await bridge.ready
    const on = { live: 1, ocr: 1, frontPermission: 1 }
    bridge.logEventByLocal({ eventType: 'view', pageName: 'home' })
    bridge.logEventByAF('af_open')
    const answers = await Promise.all([
      bridge.startCollector(collectorInput),
      bridge.faceSdk(on, { kind: 'liveness' }),
      bridge.faceSdk(on, { kind: 'idCard', side: 'front' }),
      bridge.requestReview(),
      bridge.requestLogin(),
      bridge.logout(),
      bridge.queryPermissions(['camera']),
      bridge.requestPermissions(['location']),
      bridge.deviceInfo(),
      bridge.openUrl('https://kopa.example/help'),
      bridge.openWhatsApp('+255700000000'),
      bridge.dial('+255222000000'),
      bridge.closeWebView(),
    ])
    expect(new Set(actions())).toEqual(new Set(BRIDGE_ACTION_NAMES))
    expect(answers.filter((a) => 'handledBy' in a && a.handledBy === 'web')).toEqual([])
    expect(answers.filter((a) => 'kind' in a && a.kind === 'webCapture')).toEqual([])
    expect(send).not.toHaveBeenCalled()
    expect(report).not.toHaveBeenCalled()
    expect(shell.callsOf('dial')).toEqual([expect.objectContaining({ payload: { phone: '+255222000000' } })])
  })

  it('reports the collector’s flags as configured and announces the end of the run', async () => {
    install({ collector: { flags: { location: false }, msg: 'Location is off' } })
    const { bridge } = start()
    const finished = vi.fn()
    bridge.on('collectorFinished', finished)
    const result = await bridge.startCollector(collectorInput)
    const flags = { ...held, exif: true, device: true, location: false }
    expect(result).toEqual({ flags, msg: 'Location is off' })
    await vi.waitFor(() =>
      expect(finished).toHaveBeenCalledWith({ orderNo: 'KP2024000123', flags, msg: 'Location is off' }),
    )
    expect(window.__kopaShell!.callsOf('timeSDK')[0]?.payload).toMatchObject({
      orderNo: 'KP2024000123',
      userId: '42',
    })
  })

  it('gives a liveness frame and ID photos the reference server accepts as photos', async () => {
    install({ liveness: { score: 91 } })
    const { bridge } = start()
    const on = { live: 1, ocr: 1, frontPermission: -1 }
    const live = await bridge.faceSdk(on, { kind: 'liveness' })
    const front = await bridge.faceSdk(on, { kind: 'idCard', side: 'front' })
    const back = await bridge.faceSdk(on, { kind: 'idCard', side: 'back' })
    if (live.kind !== 'liveness' || front.kind !== 'image' || back.kind !== 'image')
      throw new Error('no native capture')
    expect(live.result).toMatchObject({
      sdk: 'fake-sdk-1',
      score: 91,
      sessionId: expect.stringMatching(/^fake-session-/),
    })
    const images = await Promise.all(
      [live.result.image, front.image, back.image].map(async (blob) =>
        inspectImage(Buffer.from(await bytesOf(blob))),
      ),
    )
    for (const image of images) {
      expect(image).toMatchObject({ type: 'png', width: 240, height: 320 })
      expect(looksLikePhoto(image!)).toBe(true)
    }
    expect(new Set(images.map((i) => i!.sha256)).size).toBe(3)
  })

  it('holds its events until the page says hello, then delivers them in order', async () => {
    const shell = install()
    shell.login('tok-early')
    shell.background()
    const seen: unknown[] = []
    const { bridge } = start()
    bridge.on('login', (p) => seen.push(['login', p]))
    bridge.on('appBackgrounded', () => seen.push(['background']))
    await bridge.ready
    await vi.waitFor(() => expect(seen).toEqual([['login', { token: 'tok-early' }], ['background']]))
  })

  it('logs the borrower in after requestLogin when a login token is configured', async () => {
    install({ login: { token: 'tok-after-login', delayMs: 5 } })
    const { bridge } = start()
    const login = vi.fn()
    bridge.on('login', login)
    await expect(bridge.requestLogin()).resolves.toEqual({ handledBy: 'shell' })
    await vi.waitFor(() => expect(login).toHaveBeenCalledWith({ token: 'tok-after-login' }))
  })

  it('sends logout, foreground and background on command', async () => {
    const shell = install()
    const { bridge } = start()
    await bridge.ready
    const seen: string[] = []
    bridge.on('logout', () => seen.push('logout'))
    bridge.on('appForegrounded', () => seen.push('foreground'))
    bridge.on('appBackgrounded', () => seen.push('background'))
    shell.background()
    shell.foreground()
    shell.logout()
    await vi.waitFor(() => expect(seen).toEqual(['background', 'foreground', 'logout']))
  })

  it('answers permission queries from its configuration and grants or refuses requests as configured', async () => {
    install({ permissions: { camera: 'granted' }, denyOnRequest: ['contacts'] })
    const { bridge } = start()
    await expect(bridge.queryPermissions(['camera', 'location'])).resolves.toEqual({
      camera: 'granted',
      location: 'prompt',
    })
    await expect(bridge.requestPermissions(['location', 'contacts'])).resolves.toEqual({
      location: 'granted',
      contacts: 'denied',
    })
    await expect(bridge.queryPermissions(['location'])).resolves.toEqual({ location: 'granted' })
  })

  it('can leave actions out (the page falls back), never answer (the page times out) or fail them', async () => {
    const shell = install({ unsupported: ['requestReview'], silent: ['getDeviceInfo'] })
    const { bridge } = start({ timeoutMs: 50 })
    const hello = await bridge.ready
    expect(hello?.actions).not.toContain('requestReview')
    expect(hello?.actions).not.toContain('getDeviceInfo')
    await expect(bridge.requestReview()).resolves.toEqual({ shown: false })

    shell.configure({ unsupported: [], errors: { startLiveness: { code: 'cancelled' } } })
    await expect(
      bridge.faceSdk({ live: 1, ocr: -1, frontPermission: -1 }, { kind: 'liveness' }),
    ).rejects.toMatchObject({
      reason: 'cancelled',
    })
    // getDeviceInfo was left out of hello, so the page does not even ask: its web answer comes back.
    await expect(bridge.deviceInfo()).resolves.toMatchObject({ platform: 'web' })
  })

  it('lets a test change its answers while the page runs, and forget the recorded calls', async () => {
    const shell = install()
    const { bridge } = start()
    shell.configure({ review: { shown: false }, deviceInfo: { afid: 'af-9', edition: '3.1.0' } })
    await expect(bridge.requestReview()).resolves.toEqual({ shown: false })
    await expect(bridge.deviceInfo()).resolves.toEqual({
      afid: 'af-9',
      appName: 'Kopa',
      packageName: 'com.kopa.app',
      edition: '3.1.0',
      platform: 'android',
    })
    shell.reset()
    expect(window.__kopaShellCalls).toEqual([])
  })

  it('refuses a message of another protocol version with unsupportedVersion', async () => {
    install()
    const replies: unknown[] = []
    ;(window as { KopaBridge?: unknown }).KopaBridge = {
      receive: (json: string) => replies.push(JSON.parse(json)),
    }
    const shell = (window as { KopaNative?: { postMessage(json: string): void } }).KopaNative!
    shell.postMessage(JSON.stringify({ v: 2, id: 'x-1', action: 'getDeviceInfo', payload: {} }))
    await vi.waitFor(() =>
      expect(replies).toEqual([{ v: 1, id: 'x-1', ok: false, error: { code: 'unsupportedVersion' } }]),
    )
    delete (window as { KopaBridge?: unknown }).KopaBridge
  })
})
