/**
 * The JavaScript bridge to the lender's native Android shell, with a web fallback for every action when the page
 * runs in a plain mobile browser. The wire is documented for the shell's developers in docs/native-bridge.md;
 * tests/services/bridge-doc.test.ts keeps that document in step with BRIDGE_ACTIONS and BRIDGE_EVENTS below.
 *
 * Wire: the shell injects `window.KopaNative` with `postMessage(json)`; the page sends `{v, id, action, payload}`
 * and the shell answers through `window.KopaBridge.receive(json)` with `{id, ok: true, result}` or
 * `{id, ok: false, error: {code, message?}}`. Things the page did not ask for (login, logout, foreground,
 * background, a finished data collection) come the same way as `{event, payload}`.
 *
 * Every method resolves with a typed result or rejects with a BridgeError (reason 'timeout', 'cancelled',
 * 'denied', 'failed', 'invalidReply' or 'invalidInput'). An action the shell does not implement (it answers
 * `unsupported`, or left it out of its hello) runs its web fallback instead, so a newer page works in an older
 * shell. Event logging never rejects and never throws: a bad or unsafe event is dropped and reported as `false`.
 *
 * Nothing here writes to the console: payloads carry tokens, user ids and images, and logs must carry none.
 */
import * as v from 'valibot'
import { imageFile } from '../../domain/schemas/common'
import { logEventSchema } from '../../domain/schemas/misc'
import type { FeatureMode } from '../storage/storage'
import {
  createEventBatcher,
  type BatcherWindow,
  type EncodeBeacon,
  type EventBatcher,
  type LogEvent,
  type SendBatch,
} from './event-batcher'
import { createWebFallback, type ReportCollected, type WebFallbackWindow } from './web-fallback'

// ------------------------------------------------------------------------------------------------ the protocol

/** The protocol version the page speaks; every message carries it as `v`. */
export const BRIDGE_PROTOCOL_VERSION = 1

/** Quick calls answer at once; interactive ones wait for the borrower or for a long native job. */
export type TimeoutClass = 'quick' | 'interactive'
export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_INTERACTIVE_TIMEOUT_MS = 5 * 60_000

/** Every action the page sends to the shell, with its timeout class. */
export const BRIDGE_ACTIONS = {
  hello: 'quick',
  logEventByLocal: 'quick',
  logEventByAF: 'quick',
  timeSDK: 'interactive',
  startLiveness: 'interactive',
  captureIdCard: 'interactive',
  requestReview: 'interactive',
  requestLogin: 'quick',
  logout: 'quick',
  queryPermissions: 'quick',
  requestPermissions: 'interactive',
  getDeviceInfo: 'quick',
  openUrl: 'quick',
  openWhatsApp: 'quick',
  dial: 'quick',
  closeWebView: 'quick',
} as const satisfies Record<string, TimeoutClass>
export type BridgeAction = keyof typeof BRIDGE_ACTIONS
export const BRIDGE_ACTION_NAMES = Object.keys(BRIDGE_ACTIONS) as BridgeAction[]

/** Every event the page listens to from the shell. */
export const BRIDGE_EVENTS = [
  'login',
  'logout',
  'appForegrounded',
  'appBackgrounded',
  'collectorFinished',
] as const
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number]

/** Error codes a shell may answer with (anything else reads as 'failed'). */
export const SHELL_ERROR_CODES = [
  'unsupported',
  'unsupportedVersion',
  'invalidPayload',
  'cancelled',
  'permissionDenied',
  'busy',
  'failed',
] as const

/** Spec §3 / §4: the seven data sets of the upload check (the same list as machines/upload-gate.machine.ts). */
export const UPLOAD_FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'callLog', 'location'] as const
export type UploadFlag = (typeof UPLOAD_FLAGS)[number]
export type UploadFlags = Record<UploadFlag, boolean>

/** Device permissions of the disclosure screen (spec §1, §6). */
export const PERMISSIONS = [
  'camera',
  'location',
  'contacts',
  'sms',
  'callLog',
  'phone',
  'installedApps',
  'storage',
] as const
export type Permission = (typeof PERMISSIONS)[number]
export type PermissionState = 'granted' | 'denied' | 'prompt' | 'unavailable'
export type PermissionStates = Partial<Record<Permission, PermissionState>>

// ------------------------------------------------------------------------------------------------ public types

/** logEventByLocal's fields; `time` (epoch ms, UTC) defaults to now and `isUpload` to false. */
export interface LocalEventInput {
  eventType: string
  pageName: string
  eventOption?: string
  orderNo?: string
  isUpload?: boolean
  time?: number
}
export type AfValues = Record<string, string | number | boolean>

export interface CollectorInput {
  orderNo: string
  userId: string
  /** The journey step that asked (e.g. 'finishLoading'). */
  step: string
  isSubmit: boolean
  /**
   * The installed apps the collector may report when `appList` is missing (GET /user/device/packageList): only
   * these package names; empty: no installed app at all.
   */
  packageNames: readonly string[]
  /** What the server already holds (true) and what is missing (false). */
  flags: UploadFlags
}
export interface CollectorResult {
  /** Each data set now with the server: held before, or collected and uploaded by this run. */
  flags: UploadFlags
  /** The shell's message for the borrower when something could not be collected. */
  msg?: string
}
export interface CollectorFinished extends CollectorResult {
  orderNo?: string
}

/** What the face SDK hands back, its frame as an image Blob (for /portal/liveness/detection/result/save). */
export interface LivenessCapture {
  sdk: string
  sessionId: string
  score?: number
  detail?: string
  image: Blob
}

export type FaceSdkRequest =
  | { kind: 'liveness'; orderNo?: string }
  | { kind: 'idCard'; side: 'front' | 'back' }
  | { kind: 'cameraPermission' }
/** `webCapture`: no native SDK for this step here; the web UI takes the photo itself (file input with capture). */
export type FaceSdkResult<K extends FaceSdkRequest['kind'] = FaceSdkRequest['kind']> =
  | { kind: 'webCapture' }
  | {
      liveness: { kind: 'liveness'; result: LivenessCapture }
      idCard: { kind: 'image'; image: Blob }
      cameraPermission: { kind: 'permission'; state: PermissionState }
    }[K]

export interface DeviceInfo {
  afid: string | null
  appName: string | null
  packageName: string | null
  edition: string | null
  platform: string
}

/** Who handled a request: the shell, or (in a browser, or an older shell) the web app, which must act itself. */
export interface Handled {
  handledBy: 'shell' | 'web'
}

export interface ShellHello {
  protocol: number
  /** The actions the shell implements; null when it did not say. */
  actions: readonly string[] | null
}

export interface BridgeEventPayloads {
  login: { token: string }
  logout: Record<string, never>
  appForegrounded: Record<string, never>
  appBackgrounded: Record<string, never>
  collectorFinished: CollectorFinished
}

export type BridgeFailureReason =
  'timeout' | 'cancelled' | 'denied' | 'failed' | 'invalidReply' | 'invalidInput'

/** A bridge call that did not succeed. Its message names the action and the reason, never the payload. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError'
  constructor(
    readonly action: BridgeAction,
    readonly reason: BridgeFailureReason,
    /** The shell's error code, when the shell answered with one. */
    readonly code?: string,
    /** The shell's text for the borrower, when it gave one. */
    readonly shellMessage?: string,
  ) {
    super(`${action}: ${reason}${code ? ` (${code})` : ''}`)
  }
}

export function isBridgeError(error: unknown, reason?: BridgeFailureReason): error is BridgeError {
  return error instanceof BridgeError && (reason === undefined || error.reason === reason)
}

/** What the page needs of `window`; the real one fits. */
export type BridgeWindow = WebFallbackWindow &
  BatcherWindow & {
    KopaNative?: { postMessage(message: string): void }
    KopaBridge?: KopaBridgeGlobal
    location: { assign(url: string): void }
  }
/** What the page puts on `window.KopaBridge` for the shell. */
export interface KopaBridgeGlobal {
  receive(message: string | object): void
  readonly protocol: number
}

export interface BridgeOptions {
  window: BridgeWindow
  /** Timeout of quick calls. Default 10 s. */
  timeoutMs?: number
  /** Timeout of calls that wait for the borrower or a long native job. Default 5 minutes. */
  interactiveTimeoutMs?: number
  /** Delivers a browser event batch (POST /event/batch). */
  send: SendBatch
  /** Encodes a batch for navigator.sendBeacon when the page goes away. */
  beacon?: EncodeBeacon
  /** Delivers what the browser's collector gathered to the server (web fallback of timeSDK). */
  report: ReportCollected
  now?: () => number
  batch?: { maxEvents?: number; flushMs?: number }
  /**
   * The route the borrower is on, as the journey says (src/compose.ts): the page of an attribution event logged
   * in a browser. The bridge never reads the URL. Default: 'unknown'.
   */
  route?: () => string
}

export interface Bridge {
  /** True inside the native shell (window.KopaNative.postMessage exists when the bridge is created). */
  readonly isNative: boolean
  /** The shell's answer to hello; null in a browser or when the shell did not answer. */
  readonly ready: Promise<ShellHello | null>
  /** Log an event (the shell's local log, or the browser's batch). False when it was refused as unsafe. */
  logEventByLocal(event: LocalEventInput): boolean
  /** Log an attribution (AppsFlyer-style) event. False when it was refused as unsafe. */
  logEventByAF(name: string, values?: AfValues): boolean
  /** Start the data collector for the upload gate (spec §4) and wait for its run to end. */
  startCollector(input: CollectorInput): Promise<CollectorResult>
  /** The face and ID-card SDK step that `featureMode` (spec §3) selects, or `webCapture`. */
  faceSdk<K extends FaceSdkRequest['kind']>(
    featureMode: FeatureMode,
    request: Extract<FaceSdkRequest, { kind: K }>,
  ): Promise<FaceSdkResult<K>>
  /**
   * featureMode as it applies here: in a browser every native SDK is off (−1), and so is a step whose action the
   * shell is known to lack (await `ready` first to know). The identity screen should read this, not the stored one.
   */
  featureMode(stored: FeatureMode): FeatureMode
  requestReview(): Promise<{ shown: boolean }>
  /** Show the shell's login; the result arrives as a `login` event. 'web': show the app's own login. */
  requestLogin(): Promise<Handled>
  /** Tell the shell the borrower logged out (the shell sends no `logout` event back). */
  logout(): Promise<Handled>
  queryPermissions(names: readonly Permission[]): Promise<PermissionStates>
  requestPermissions(names: readonly Permission[]): Promise<PermissionStates>
  deviceInfo(): Promise<DeviceInfo>
  openUrl(url: string): Promise<Handled>
  openWhatsApp(phone: string, text?: string): Promise<Handled>
  dial(phone: string): Promise<Handled>
  closeWebView(): Promise<{ closed: boolean }>
  on<E extends BridgeEvent>(event: E, handler: (payload: BridgeEventPayloads[E]) => void): () => void
  /** Send the browser's queued events now. */
  flushEvents(): Promise<void>
  dispose(): void
}

// ------------------------------------------------------------------------------------------------ schemas

const text = v.pipe(v.string(), v.minLength(1))
const empty = v.looseObject({})
const flagsSchema = v.object(
  Object.fromEntries(UPLOAD_FLAGS.map((f) => [f, v.boolean()])) as Record<
    UploadFlag,
    v.BooleanSchema<undefined>
  >,
)
const permissionStatesSchema = v.record(
  v.string(),
  v.picklist(['granted', 'denied', 'prompt', 'unavailable']),
)
const dataUrlImage = v.pipe(
  v.string(),
  v.regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/),
  v.transform(dataUrlToBlob),
  imageFile(),
)
const maybeText = v.nullish(v.string())

const RESULT_SCHEMAS = {
  hello: v.object({ protocol: v.number(), actions: v.optional(v.array(v.string())) }),
  logEventByLocal: empty,
  logEventByAF: empty,
  timeSDK: v.object({ flags: flagsSchema, msg: v.optional(v.string()) }),
  // The limits of /portal/liveness/detection/result/save (domain/schemas/identity.ts).
  startLiveness: v.object({
    sdk: v.pipe(text, v.maxLength(64)),
    sessionId: v.pipe(text, v.maxLength(64)),
    score: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
    detail: v.optional(v.pipe(v.string(), v.maxLength(500))),
    image: dataUrlImage,
  }),
  captureIdCard: v.object({ image: dataUrlImage }),
  requestReview: v.object({ shown: v.boolean() }),
  requestLogin: empty,
  logout: empty,
  queryPermissions: v.object({ states: permissionStatesSchema }),
  requestPermissions: v.object({ states: permissionStatesSchema }),
  getDeviceInfo: v.pipe(
    v.object({
      afid: maybeText,
      appName: maybeText,
      packageName: maybeText,
      edition: maybeText,
      platform: text,
    }),
    // An empty or missing value means "not set here": the app keeps its own default.
    v.transform((d): DeviceInfo => ({
      afid: d.afid || null,
      appName: d.appName || null,
      packageName: d.packageName || null,
      edition: d.edition || null,
      platform: d.platform,
    })),
  ),
  openUrl: empty,
  openWhatsApp: empty,
  dial: empty,
  closeWebView: empty,
} satisfies Record<BridgeAction, v.GenericSchema>

const EVENT_SCHEMAS = {
  login: v.object({ token: text }),
  logout: empty,
  appForegrounded: empty,
  appBackgrounded: empty,
  collectorFinished: v.object({
    orderNo: v.optional(v.string()),
    flags: flagsSchema,
    msg: v.optional(v.string()),
  }),
} satisfies Record<BridgeEvent, v.GenericSchema>

const ReplySchema = v.looseObject({
  id: v.string(),
  ok: v.boolean(),
  result: v.optional(v.unknown()),
  error: v.optional(v.looseObject({ code: v.optional(v.string()), message: v.optional(v.string()) })),
})
const EventMessageSchema = v.looseObject({ event: v.string(), payload: v.optional(v.unknown()) })

/** The image of a data URL; empty (and so refused by imageFile()) when its base64 does not decode. */
function dataUrlToBlob(url: string): Blob {
  const comma = url.indexOf(',')
  const mime = url.slice(5, url.indexOf(';'))
  let binary: string
  try {
    binary = atob(url.slice(comma + 1).replace(/\s+/g, ''))
  } catch {
    binary = ''
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: mime })
}

// ------------------------------------------------------------------------------------------------ helpers

/**
 * Text an event may carry: no run of 7 or more digits (a mobile number, an ID) and no '@' (an e-mail). Order
 * numbers travel in `orderNo`, never inside the other fields.
 */
export function isSafeLogText(value: string): boolean {
  return !/\d{7,}/.test(value) && !value.includes('@')
}

/** Phone numbers the page may dial or open in WhatsApp: digits with an optional leading '+', 6–15 digits. */
const PHONE = /^\+?\d{6,15}$/

function shellFailure(
  action: BridgeAction,
  error: { code?: string; message?: string } | undefined,
): BridgeError {
  const code = error?.code ?? 'failed'
  const reason: BridgeFailureReason =
    code === 'cancelled' ? 'cancelled' : code === 'permissionDenied' ? 'denied' : 'failed'
  return new BridgeError(action, reason, code, error?.message || undefined)
}

/** The shell does not implement the action (or not in this protocol version): use the web fallback. */
class Unsupported extends Error {}

function randomId(): string {
  const bytes = new Uint8Array(6)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

// ------------------------------------------------------------------------------------------------ the bridge

export function createBridge(options: BridgeOptions): Bridge {
  const win = options.window
  const now = options.now ?? Date.now
  const timeouts: Record<TimeoutClass, number> = {
    quick: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    interactive: options.interactiveTimeoutMs ?? DEFAULT_INTERACTIVE_TIMEOUT_MS,
  }
  const native = typeof win.KopaNative?.postMessage === 'function' ? win.KopaNative : null
  const isNative = native !== null
  const pageId = randomId()
  let seq = 0

  const pending = new Map<
    string,
    {
      action: BridgeAction
      resolve: (r: unknown) => void
      reject: (e: unknown) => void
      timer: ReturnType<typeof setTimeout>
    }
  >()
  const handlers = new Map<BridgeEvent, Set<(payload: never) => void>>()
  /** Actions the shell said it implements (hello), null when unknown; plus those it answered `unsupported`. */
  let shellActions: Set<string> | null = null
  const unsupported = new Set<BridgeAction>()

  const batcher: EventBatcher = createEventBatcher({
    window: win,
    send: options.send,
    beacon: options.beacon,
    maxBatch: options.batch?.maxEvents,
    flushMs: options.batch?.flushMs,
  })
  const web = createWebFallback({ window: win, report: options.report })

  /**
   * Events that arrive before anyone listens for their kind (the shell may send `login` as soon as hello is
   * answered, while the page is still loading its machines) wait here, a few per kind, and are handed to the
   * first listener of that kind; an event is never dropped because the page was slow to start.
   */
  const unheard = new Map<BridgeEvent, unknown[]>()
  const UNHEARD_PER_KIND = 8

  function emit<E extends BridgeEvent>(event: E, payload: BridgeEventPayloads[E]) {
    const listening = handlers.get(event)
    if (!listening || listening.size === 0) {
      const held = unheard.get(event) ?? []
      held.push(payload)
      unheard.set(event, held.slice(-UNHEARD_PER_KIND))
      return
    }
    for (const handler of [...listening]) {
      try {
        ;(handler as (p: BridgeEventPayloads[E]) => void)(payload)
      } catch (error) {
        // One listener's bug must not starve the others; it still reaches window.onerror.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  function call(action: BridgeAction, payload: object): Promise<unknown> {
    const id = `${pageId}-${++seq}`
    const message = JSON.stringify({ v: BRIDGE_PROTOCOL_VERSION, id, action, payload })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new BridgeError(action, 'timeout'))
      }, timeouts[BRIDGE_ACTIONS[action]])
      pending.set(id, { action, resolve, reject, timer })
      try {
        native!.postMessage(message)
      } catch {
        clearTimeout(timer)
        pending.delete(id)
        reject(new BridgeError(action, 'failed', 'postMessage'))
      }
    })
  }

  function receive(message: string | object): void {
    let data: unknown = message
    if (typeof message === 'string') {
      try {
        data = JSON.parse(message)
      } catch {
        return
      }
    }
    const reply = v.safeParse(ReplySchema, data)
    if (reply.success) {
      const entry = pending.get(reply.output.id)
      if (!entry) return // a late answer to a call that timed out, or to an earlier page
      pending.delete(reply.output.id)
      clearTimeout(entry.timer)
      const { ok, result, error } = reply.output
      if (ok) entry.resolve(result ?? {})
      else if (error?.code === 'unsupported' || error?.code === 'unsupportedVersion')
        entry.reject(new Unsupported())
      else entry.reject(shellFailure(entry.action, error))
      return
    }
    const event = v.safeParse(EventMessageSchema, data)
    if (!event.success || !(BRIDGE_EVENTS as readonly string[]).includes(event.output.event)) return
    const name = event.output.event as BridgeEvent
    const payload = v.safeParse(EVENT_SCHEMAS[name], event.output.payload ?? {})
    if (payload.success) emit(name, payload.output as BridgeEventPayloads[typeof name])
  }

  const lacks = (action: BridgeAction) =>
    unsupported.has(action) || (shellActions !== null && !shellActions.has(action))

  /**
   * Run an action natively, or its web fallback in a browser or when the shell lacks it. In a browser the
   * fallback runs synchronously within the caller's turn, so window.open keeps the tap's user activation.
   */
  async function invoke<A extends BridgeAction, T>(
    action: A,
    payload: object,
    fallback: () => T | Promise<T>,
  ): Promise<
    { via: 'shell'; result: v.InferOutput<(typeof RESULT_SCHEMAS)[A]> } | { via: 'web'; result: T }
  > {
    if (!native || lacks(action)) return { via: 'web', result: await fallback() }
    let raw: unknown
    try {
      raw = await call(action, payload)
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error
      unsupported.add(action)
      return { via: 'web', result: await fallback() }
    }
    const parsed = v.safeParse(RESULT_SCHEMAS[action], raw)
    if (!parsed.success) throw new BridgeError(action, 'invalidReply')
    return { via: 'shell', result: parsed.output as v.InferOutput<(typeof RESULT_SCHEMAS)[A]> }
  }

  const handledBy = async (
    action: BridgeAction,
    payload: object,
    fallback: () => void,
  ): Promise<Handled> => ({
    handledBy: (await invoke(action, payload, fallback)).via,
  })

  // Foreground and background: the shell's events inside the shell, the Page Visibility API in a browser.
  const onVisibility = () =>
    win.document.visibilityState === 'hidden' ? emit('appBackgrounded', {}) : emit('appForegrounded', {})
  if (!isNative) win.document.addEventListener('visibilitychange', onVisibility)

  const global: KopaBridgeGlobal = { receive, protocol: BRIDGE_PROTOCOL_VERSION }
  win.KopaBridge = global

  const ready: Promise<ShellHello | null> = native
    ? invoke('hello', { protocol: BRIDGE_PROTOCOL_VERSION, events: BRIDGE_EVENTS }, () => null).then(
        (r) => {
          if (r.via === 'web') return null
          if (r.result.actions) shellActions = new Set(r.result.actions)
          return { protocol: r.result.protocol, actions: r.result.actions ?? null }
        },
        () => null,
      )
    : Promise.resolve(null)

  function logEvent(event: LogEvent, nativeAction: BridgeAction, nativePayload: object): boolean {
    if (!native || lacks(nativeAction)) batcher.add(event)
    else
      invoke(nativeAction, nativePayload, () => batcher.add(event)).catch(() => {
        // The shell owns the event once it has it; a lost answer is not worth a second copy.
      })
    return true
  }

  const bridge: Bridge = {
    isNative,
    ready,

    logEventByLocal(input) {
      const parsed = v.safeParse(logEventSchema(), { ...input, time: input.time ?? now() })
      if (!parsed.success) return false
      const event = parsed.output
      if (![event.eventType, event.pageName, event.eventOption ?? ''].every(isSafeLogText)) return false
      return logEvent(event, 'logEventByLocal', event)
    },

    logEventByAF(name, values = {}) {
      if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(name) || !isSafeLogText(name)) return false
      const safe = Object.entries(values).every(
        ([key, value]) =>
          isSafeLogText(key) &&
          ['string', 'number', 'boolean'].includes(typeof value) &&
          isSafeLogText(String(value)),
      )
      if (!safe) return false
      // In a browser an attribution event joins the event batch as eventType 'af' on the current page.
      const detail = Object.keys(values).length > 0 ? `${name} ${JSON.stringify(values)}` : name
      const event = v.safeParse(logEventSchema(), {
        time: now(),
        eventType: 'af',
        pageName: options.route?.() ?? 'unknown',
        eventOption: detail,
        isUpload: false,
      })
      if (!event.success) return false
      return logEvent(event.output, 'logEventByAF', { name, values })
    },

    async startCollector(input) {
      const { orderNo, userId, step, isSubmit, packageNames, flags } = input
      const payload = { orderNo, userId, step, isSubmit, packageNames: [...packageNames], ...flags }
      const r = await invoke('timeSDK', payload, () =>
        web.collect(input),
      )
      // In a browser the page's own collector ran: announce its end as the shell does after each run.
      if (r.via === 'web') emit('collectorFinished', { orderNo, ...r.result })
      return r.result
    },

    async faceSdk(featureMode, req) {
      type R = FaceSdkResult<typeof req.kind>
      const request = req as FaceSdkRequest
      const webCapture = (): R => ({ kind: 'webCapture' })
      const modes = bridge.featureMode(featureMode)
      if (request.kind === 'liveness') {
        if (modes.live <= 0) return webCapture()
        const payload = request.orderNo
          ? { mode: modes.live, orderNo: request.orderNo }
          : { mode: modes.live }
        const r = await invoke('startLiveness', payload, webCapture)
        return r.via === 'web' ? r.result : ({ kind: 'liveness', result: r.result } as R)
      }
      if (request.kind === 'idCard') {
        if (modes.ocr <= 0) return webCapture()
        const r = await invoke('captureIdCard', { mode: modes.ocr, side: request.side }, webCapture)
        return r.via === 'web' ? r.result : ({ kind: 'image', image: r.result.image } as R)
      }
      if (modes.frontPermission <= 0) return webCapture()
      const r = await invoke(
        'requestPermissions',
        { names: ['camera'], mode: modes.frontPermission },
        webCapture,
      )
      return r.via === 'web'
        ? r.result
        : ({ kind: 'permission', state: r.result.states.camera ?? 'unavailable' } as R)
    },

    featureMode(stored) {
      const on = (mode: number, action: BridgeAction) => (native && !lacks(action) ? mode : -1)
      return {
        live: on(stored.live, 'startLiveness'),
        ocr: on(stored.ocr, 'captureIdCard'),
        frontPermission: on(stored.frontPermission, 'requestPermissions'),
      }
    },

    async requestReview() {
      return (await invoke('requestReview', {}, () => ({ shown: false }))).result
    },

    requestLogin: () => handledBy('requestLogin', {}, () => undefined),
    logout: () => handledBy('logout', {}, () => undefined),

    async queryPermissions(names) {
      const r = await invoke('queryPermissions', { names }, () => web.queryPermissions(names))
      return pick(names, r.via === 'web' ? r.result : r.result.states)
    },

    async requestPermissions(names) {
      const r = await invoke('requestPermissions', { names }, () => web.requestPermissions(names))
      return pick(names, r.via === 'web' ? r.result : r.result.states)
    },

    async deviceInfo() {
      return (await invoke('getDeviceInfo', {}, () => web.deviceInfo())).result
    },

    openUrl(url) {
      if (!/^https?:\/\/\S+$/i.test(url)) return Promise.reject(new BridgeError('openUrl', 'invalidInput'))
      return handledBy('openUrl', { url }, () => web.open(url))
    },

    openWhatsApp(phone, message) {
      if (!PHONE.test(phone)) return Promise.reject(new BridgeError('openWhatsApp', 'invalidInput'))
      const digits = phone.replace(/^\+/, '')
      const query = message ? `?text=${encodeURIComponent(message)}` : ''
      return handledBy('openWhatsApp', message ? { phone: digits, text: message } : { phone: digits }, () =>
        web.open(`https://wa.me/${digits}${query}`),
      )
    },

    dial(phone) {
      if (!PHONE.test(phone)) return Promise.reject(new BridgeError('dial', 'invalidInput'))
      return handledBy('dial', { phone }, () => win.location.assign(`tel:${phone}`))
    },

    async closeWebView() {
      const r = await invoke('closeWebView', {}, () => ({ closed: false }))
      return r.via === 'web' ? r.result : { closed: true }
    },

    on(event, handler) {
      let set = handlers.get(event)
      if (!set) handlers.set(event, (set = new Set()))
      const h = handler as (payload: never) => void
      set.add(h)
      const held = unheard.get(event)
      if (held) {
        unheard.delete(event)
        // After the caller has its unsubscribe in hand, in the order they came.
        queueMicrotask(() => {
          for (const payload of held) emit(event, payload as BridgeEventPayloads[typeof event])
        })
      }
      return () => void set.delete(h)
    },

    flushEvents: () => batcher.flush(),

    dispose() {
      batcher.dispose()
      win.document.removeEventListener('visibilitychange', onVisibility)
      for (const [, entry] of pending) {
        clearTimeout(entry.timer)
        entry.reject(new BridgeError(entry.action, 'cancelled'))
      }
      pending.clear()
      handlers.clear()
      unheard.clear()
      if (win.KopaBridge === global) delete win.KopaBridge
    },
  }
  return bridge
}

/** The states of the permissions asked for; one the answer left out is 'unavailable'. */
function pick(names: readonly Permission[], states: Record<string, PermissionState>): PermissionStates {
  return Object.fromEntries(names.map((name) => [name, states[name] ?? 'unavailable']))
}
