/**
 * A fake of the lender's native Android shell, for browser tests: it implements the shell's side of
 * docs/native-bridge.md in the page itself. Inject it before the page loads:
 *
 *   await page.addInitScript(installFakeNativeShell, { collector: { flags: { location: false } } })
 *
 * Playwright sends the function as text (`(fn)(JSON config)`), so it is self-contained: no imports, no reference
 * to anything outside its body, a JSON-only config. The same function runs in jsdom in
 * tests/services/bridge-fake-shell.test.ts against the real bridge.
 *
 * What it does, like a real shell:
 * - defines `window.KopaNative.postMessage(json)` and answers each call through `window.KopaBridge.receive(json)`
 *   asynchronously;
 * - holds its events until the page's `hello`, then delivers them in order;
 * - records every call in `window.__kopaShellCalls` ({ id, action, payload, at }).
 *
 * Controls on `window.__kopaShell` (from a test: `page.evaluate(() => window.__kopaShell.login('tok'))`):
 *   calls                 the same array as window.__kopaShellCalls
 *   config                the live configuration (FakeShellConfig, defaults filled in)
 *   configure(patch)      merge a patch into the configuration (nested objects are merged one level deep)
 *   emit(event, payload)  send any event (queued until hello)
 *   login(token)          send `login` {token};   logout()  send `logout`
 *   foreground()          send `appForegrounded`; background()  send `appBackgrounded`
 *   callsOf(action)       the recorded calls of one action
 *   reset()               forget the recorded calls
 */

export type FakeShellState = 'granted' | 'denied' | 'prompt' | 'unavailable'
export type FakeShellError = { code: string; message?: string }

export interface FakeShellConfig {
  /** Protocol version the shell answers hello with. Default 1. */
  protocol?: number
  /** Actions listed in the hello answer; default: every action it answers (not `unsupported`, not `silent`). */
  announce?: string[] | null
  /** Actions answered with error `unsupported` (the page then uses its web fallback). */
  unsupported?: string[]
  /** Actions never answered (to test the page's timeouts). */
  silent?: string[]
  /** Answer an action with this error instead (e.g. { startLiveness: { code: 'cancelled' } }). */
  errors?: Record<string, FakeShellError>
  /** Delay of every answer, ms. Default 0 (still asynchronous, like evaluateJavascript). */
  replyDelayMs?: number
  collector?: {
    /** Set a data set false to have the collector fail to get it; by default it gets every set. */
    flags?: Record<string, boolean>
    msg?: string
    /** How long a collector run takes, ms. Default 0. */
    delayMs?: number
  }
  liveness?: { sdk?: string; sessionId?: string; score?: number; detail?: string; image?: string }
  /** Image data URL of a captured ID side; default a generated 240×320 PNG. */
  idCardImage?: string
  review?: { shown: boolean }
  /** What queryPermissions answers until a request changes it. Default: every permission 'prompt'. */
  permissions?: Record<string, FakeShellState>
  /** Permissions the borrower refuses when asked. Default none. */
  denyOnRequest?: string[]
  deviceInfo?: {
    afid?: string | null
    appName?: string | null
    packageName?: string | null
    edition?: string | null
    platform?: string
  }
  /** What happens after requestLogin: the borrower logs in with this token after delayMs; null: they never do. */
  login?: { token: string; delayMs?: number } | null
}

export interface FakeShellCall {
  id: string
  action: string
  payload: Record<string, unknown>
  v: number
  at: number
}

export interface FakeShellControls {
  calls: FakeShellCall[]
  config: Required<Omit<FakeShellConfig, 'announce' | 'login'>> & Pick<FakeShellConfig, 'announce' | 'login'>
  configure(patch: FakeShellConfig): void
  emit(event: string, payload?: Record<string, unknown>): void
  login(token: string): void
  logout(): void
  foreground(): void
  background(): void
  callsOf(action: string): FakeShellCall[]
  reset(): void
  /** Whether the page has said hello (events are held until then). */
  readonly helloReceived: boolean
}

declare global {
  interface Window {
    __kopaShell?: FakeShellControls
    __kopaShellCalls?: FakeShellCall[]
  }
}

export function installFakeNativeShell(config?: FakeShellConfig): void {
  const w = window as unknown as Window & {
    KopaNative?: { postMessage(message: string): void }
    KopaBridge?: { receive(message: string): void }
  }

  // ---------------------------------------------------------------- a real PNG, so the server's checks pass
  const crcTable: number[] = []
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    crcTable.push(c >>> 0)
  }
  const crc32 = (bytes: number[]) => {
    let c = 0xffffffff
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
  const chunk = (type: string, data: number[]) => {
    const body = [...type].map((ch) => ch.charCodeAt(0)).concat(data)
    return u32(data.length).concat(body, u32(crc32(body)))
  }
  /** A grey noise PNG (zlib "stored" blocks, no compression needed), different for each seed. */
  const noisePng = (width: number, height: number, seed: number) => {
    const raw: number[] = []
    let x = seed >>> 0 || 1
    for (let row = 0; row < height; row++) {
      raw.push(0)
      for (let col = 0; col < width; col++) {
        x ^= x << 13
        x ^= x >>> 17
        x ^= x << 5
        raw.push((x >>> 0) & 255)
      }
    }
    const zlib = [0x78, 0x01]
    for (let i = 0; i < raw.length; i += 65535) {
      const block = raw.slice(i, i + 65535)
      const last = i + 65535 >= raw.length ? 1 : 0
      zlib.push(
        last,
        block.length & 255,
        block.length >>> 8,
        ~block.length & 255,
        (~block.length >>> 8) & 255,
      )
      for (const b of block) zlib.push(b)
    }
    let a = 1
    let b = 0
    for (const byte of raw) {
      a = (a + byte) % 65521
      b = (b + a) % 65521
    }
    zlib.push(...u32(((b << 16) | a) >>> 0))
    const bytes = [137, 80, 78, 71, 13, 10, 26, 10].concat(
      chunk('IHDR', u32(width).concat(u32(height), [8, 0, 0, 0, 0])),
      chunk('IDAT', zlib),
      chunk('IEND', []),
    )
    let binary = ''
    for (let i = 0; i < bytes.length; i += 4096) binary += String.fromCharCode(...bytes.slice(i, i + 4096))
    return 'data:image/png;base64,' + btoa(binary)
  }

  // ---------------------------------------------------------------- configuration
  const given = config ?? {}
  const cfg: FakeShellControls['config'] = {
    protocol: given.protocol ?? 1,
    announce: given.announce,
    unsupported: given.unsupported ?? [],
    silent: given.silent ?? [],
    errors: given.errors ?? {},
    replyDelayMs: given.replyDelayMs ?? 0,
    collector: given.collector ?? {},
    liveness: given.liveness ?? {},
    idCardImage: given.idCardImage ?? '',
    review: given.review ?? { shown: true },
    permissions: given.permissions ?? {},
    denyOnRequest: given.denyOnRequest ?? [],
    deviceInfo: given.deviceInfo ?? {},
    login: given.login,
  }
  const images: Record<string, string> = {}
  const image = (key: string, seed: number) => (images[key] ??= noisePng(240, 320, seed))

  const IMPLEMENTED = [
    'hello',
    'logEventByLocal',
    'logEventByAF',
    'timeSDK',
    'startLiveness',
    'captureIdCard',
    'requestReview',
    'requestLogin',
    'logout',
    'queryPermissions',
    'requestPermissions',
    'getDeviceInfo',
    'openUrl',
    'openWhatsApp',
    'dial',
    'closeWebView',
  ]
  const FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'callLog', 'location']

  const calls: FakeShellCall[] = []
  const heldEvents: string[] = []
  let helloReceived = false

  // ---------------------------------------------------------------- talking to the page
  const deliver = (json: string) => {
    setTimeout(() => w.KopaBridge?.receive(json), cfg.replyDelayMs)
  }
  const reply = (id: string, result: unknown) => deliver(JSON.stringify({ v: 1, id, ok: true, result }))
  const fail = (id: string, error: FakeShellError) => deliver(JSON.stringify({ v: 1, id, ok: false, error }))
  const emit = (event: string, payload?: Record<string, unknown>) => {
    const json = JSON.stringify({ v: 1, event, payload: payload ?? {} })
    if (helloReceived) deliver(json)
    else heldEvents.push(json)
  }

  type Handler = (payload: Record<string, unknown>, id: string) => void
  const handlers: Record<string, Handler> = {
    hello(_, id) {
      const announce =
        cfg.announce === undefined
          ? IMPLEMENTED.filter((a) => !cfg.unsupported.includes(a) && !cfg.silent.includes(a))
          : cfg.announce
      reply(
        id,
        announce === null ? { protocol: cfg.protocol } : { protocol: cfg.protocol, actions: announce },
      )
      helloReceived = true
      for (const json of heldEvents.splice(0)) deliver(json)
    },
    logEventByLocal: (_, id) => reply(id, {}),
    logEventByAF: (_, id) => reply(id, {}),
    timeSDK(payload, id) {
      const flags: Record<string, boolean> = {}
      for (const flag of FLAGS)
        flags[flag] =
          payload[flag] === true || (cfg.collector.flags ? cfg.collector.flags[flag] !== false : true)
      const result: Record<string, unknown> = { flags }
      if (cfg.collector.msg) result.msg = cfg.collector.msg
      setTimeout(() => {
        reply(id, result)
        emit('collectorFinished', { orderNo: payload.orderNo, ...result })
      }, cfg.collector.delayMs ?? 0)
    },
    startLiveness(payload, id) {
      const l = cfg.liveness
      const result: Record<string, unknown> = {
        sdk: l.sdk ?? 'fake-sdk-' + String(payload.mode),
        sessionId: l.sessionId ?? 'fake-session-' + id,
        image: l.image ?? image('face', 7),
      }
      if (l.score !== undefined) result.score = l.score
      if (l.detail !== undefined) result.detail = l.detail
      reply(id, result)
    },
    captureIdCard(payload, id) {
      const side = payload.side === 'back' ? 'back' : 'front'
      reply(id, { image: cfg.idCardImage || image(side, side === 'front' ? 11 : 13) })
    },
    requestReview: (_, id) => reply(id, { shown: cfg.review.shown }),
    requestLogin(_, id) {
      reply(id, {})
      const login = cfg.login
      if (login) setTimeout(() => emit('login', { token: login.token }), login.delayMs ?? 0)
    },
    logout: (_, id) => reply(id, {}),
    queryPermissions(payload, id) {
      const names = Array.isArray(payload.names) ? (payload.names as string[]) : []
      const states: Record<string, string> = {}
      for (const name of names) states[name] = cfg.permissions[name] ?? 'prompt'
      reply(id, { states })
    },
    requestPermissions(payload, id) {
      const names = Array.isArray(payload.names) ? (payload.names as string[]) : []
      const states: Record<string, string> = {}
      for (const name of names) {
        const before = cfg.permissions[name] ?? 'prompt'
        const after = before === 'prompt' ? (cfg.denyOnRequest.includes(name) ? 'denied' : 'granted') : before
        cfg.permissions[name] = after
        states[name] = after
      }
      reply(id, { states })
    },
    getDeviceInfo(_, id) {
      const d = cfg.deviceInfo
      reply(id, {
        afid: d.afid === undefined ? 'fake-afid' : d.afid,
        appName: d.appName === undefined ? 'Kopa' : d.appName,
        packageName: d.packageName === undefined ? 'com.kopa.app' : d.packageName,
        edition: d.edition === undefined ? '1.0.0-fake' : d.edition,
        platform: d.platform ?? 'android',
      })
    },
    openUrl: (_, id) => reply(id, {}),
    openWhatsApp: (_, id) => reply(id, {}),
    dial: (_, id) => reply(id, {}),
    closeWebView: (_, id) => reply(id, {}),
  }

  w.KopaNative = {
    postMessage(json: string) {
      let message: { v?: unknown; id?: unknown; action?: unknown; payload?: unknown }
      try {
        message = JSON.parse(json)
      } catch {
        return
      }
      if (typeof message !== 'object' || message === null) return
      if (typeof message.id !== 'string' || typeof message.action !== 'string') return
      const id = message.id
      const action = message.action
      const payload =
        typeof message.payload === 'object' && message.payload !== null
          ? (message.payload as Record<string, unknown>)
          : {}
      calls.push({ id, action, payload, v: typeof message.v === 'number' ? message.v : 0, at: Date.now() })
      if (cfg.silent.includes(action)) return
      if (message.v !== 1) return fail(id, { code: 'unsupportedVersion' })
      const handler = handlers[action]
      if (!handler || cfg.unsupported.includes(action)) return fail(id, { code: 'unsupported' })
      const error = cfg.errors[action]
      if (error) return fail(id, error)
      handler(payload, id)
    },
  }

  const controls: FakeShellControls = {
    calls,
    config: cfg,
    configure(patch) {
      const target = cfg as unknown as Record<string, unknown>
      for (const [key, value] of Object.entries(patch)) {
        const current = target[key]
        target[key] =
          value &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          current &&
          typeof current === 'object'
            ? { ...(current as object), ...value }
            : value
      }
    },
    emit,
    login: (token) => emit('login', { token }),
    logout: () => emit('logout', {}),
    foreground: () => emit('appForegrounded', {}),
    background: () => emit('appBackgrounded', {}),
    callsOf: (action) => calls.filter((c) => c.action === action),
    reset: () => void calls.splice(0),
    get helloReceived() {
      return helloReceived
    },
  }
  w.__kopaShell = controls
  w.__kopaShellCalls = calls
}
