/**
 * What the bridge does in a plain mobile browser, where there is no native shell (docs/native-bridge.md, "Web
 * fallbacks"): the data collector reports only what a browser may know, permissions come from the Permissions and
 * Geolocation APIs, device info is the page's own, and links open in the browser.
 *
 * The browser's collector gathers two of the seven data sets: `device` (operating system from the user agent,
 * screen, language, time zone — nothing that identifies the borrower) and `location` (only when the borrower allows
 * geolocation). The others (contacts, SMS, call log, installed apps, photo EXIF) cannot be read by a web page and
 * stay unset; the server's policy decides whether they are required (decisions.md, "Data and privacy").
 */
import type {
  CollectorInput,
  CollectorResult,
  DeviceInfo,
  Permission,
  PermissionState,
  PermissionStates,
} from './native-bridge'

export interface WebDeviceReport {
  os: 'android' | 'ios' | 'other'
  screenWidth: number
  screenHeight: number
  pixelRatio: number
  language: string | null
  timeZone: string | null
  touchPoints: number
  cores: number | null
}
export interface WebLocationReport {
  latitude: number
  longitude: number
  /** Metres, as the browser estimates it. */
  accuracyM: number
  /** When the position was taken, epoch ms (UTC). */
  time: number
}
/** What the browser's collector sends to the server for an order (only the data sets it could gather). */
export interface WebCollectorReport {
  orderNo: string
  userId: string
  step: string
  isSubmit: boolean
  device?: WebDeviceReport
  location?: WebLocationReport
}
/** Delivers a report to the server; resolves true when the server took it. A rejection counts as false. */
export type ReportCollected = (report: WebCollectorReport) => Promise<boolean>

interface Position {
  coords: { latitude: number; longitude: number; accuracy: number }
  timestamp: number
}

/** What the fallbacks need of the page: the real `window` fits. */
export interface WebFallbackWindow {
  navigator: {
    readonly userAgent: string
    readonly language?: string
    readonly maxTouchPoints?: number
    readonly hardwareConcurrency?: number
    readonly geolocation?: {
      getCurrentPosition(
        success: (position: Position) => void,
        error?: ((error: { code: number }) => void) | null,
        options?: { enableHighAccuracy?: boolean; timeout?: number; maximumAge?: number },
      ): void
    }
    readonly permissions?: { query(descriptor: { name: string }): Promise<{ state: string }> }
  }
  screen?: { readonly width: number; readonly height: number }
  devicePixelRatio?: number
  open?(url: string, target?: string): { opener: unknown } | null
  location: { assign(url: string): void }
}

export interface WebFallbackOptions {
  window: WebFallbackWindow
  report: ReportCollected
  /** How long to wait for a position once the borrower allowed it. Default 20 s. */
  geolocationTimeoutMs?: number
  /** How long to wait for the borrower to answer the browser's location prompt. Default 60 s. */
  promptTimeoutMs?: number
}

export interface WebFallback {
  collect(input: CollectorInput): Promise<CollectorResult>
  deviceInfo(): DeviceInfo
  queryPermissions(names: readonly Permission[]): Promise<PermissionStates>
  requestPermissions(names: readonly Permission[]): Promise<PermissionStates>
  /** Open a link in a new tab, or in this one when the browser blocks pop-ups. */
  open(url: string): void
}

/** The header `platform` of a page outside the shell (decisions.md "Native bridge"). */
export const WEB_PLATFORM = 'web'

/** The operating system a user agent names (iPadOS presents itself as a Mac with a touch screen). */
export function osOf(userAgent: string, maxTouchPoints = 0): WebDeviceReport['os'] {
  if (/Android/i.test(userAgent)) return 'android'
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1))
    return 'ios'
  return 'other'
}

function timeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

export function createWebFallback(options: WebFallbackOptions): WebFallback {
  const { window: win, report } = options
  const nav = win.navigator
  const geolocationTimeoutMs = options.geolocationTimeoutMs ?? 20_000
  const promptTimeoutMs = options.promptTimeoutMs ?? 60_000

  function device(): WebDeviceReport {
    return {
      os: osOf(nav.userAgent, nav.maxTouchPoints ?? 0),
      screenWidth: win.screen?.width ?? 0,
      screenHeight: win.screen?.height ?? 0,
      pixelRatio: win.devicePixelRatio ?? 1,
      language: nav.language || null,
      timeZone: timeZone(),
      touchPoints: nav.maxTouchPoints ?? 0,
      cores: nav.hardwareConcurrency || null,
    }
  }

  /** Ask the browser for a position: the borrower's answer to its prompt decides the state. */
  function locate(): Promise<{ state: PermissionState; position?: WebLocationReport }> {
    const geolocation = nav.geolocation
    if (!geolocation) return Promise.resolve({ state: 'unavailable' })
    return new Promise((resolve) => {
      // A prompt the borrower never answers leaves the permission undecided.
      const guard = setTimeout(() => resolve({ state: 'prompt' }), promptTimeoutMs)
      const done = (answer: { state: PermissionState; position?: WebLocationReport }) => {
        clearTimeout(guard)
        resolve(answer)
      }
      try {
        geolocation.getCurrentPosition(
          (p) =>
            done({
              state: 'granted',
              position: {
                latitude: p.coords.latitude,
                longitude: p.coords.longitude,
                accuracyM: p.coords.accuracy,
                time: p.timestamp,
              },
            }),
          // 1 PERMISSION_DENIED; 2 and 3 (no fix, too slow) come only after the borrower allowed it.
          (e) => done({ state: e.code === 1 ? 'denied' : 'granted' }),
          { enableHighAccuracy: false, timeout: geolocationTimeoutMs, maximumAge: 10 * 60_000 },
        )
      } catch {
        done({ state: 'unavailable' })
      }
    })
  }

  async function queryOne(name: 'camera' | 'geolocation'): Promise<PermissionState> {
    try {
      const { state } = await nav.permissions!.query({ name })
      return state === 'granted' || state === 'denied' ? state : 'prompt'
    } catch {
      // No Permissions API, or it does not know this permission: the browser asks when it is used.
      return 'prompt'
    }
  }

  async function query(name: Permission): Promise<PermissionState> {
    if (name === 'camera') return queryOne('camera')
    if (name === 'location') return nav.geolocation ? queryOne('geolocation') : 'unavailable'
    return 'unavailable'
  }

  const statesOf = async (
    names: readonly Permission[],
    one: (name: Permission) => Promise<PermissionState>,
  ) => Object.fromEntries(await Promise.all(names.map(async (name) => [name, await one(name)] as const)))

  return {
    async collect(input) {
      const { orderNo, userId, step, isSubmit, flags } = input
      const collected: WebCollectorReport = { orderNo, userId, step, isSubmit }
      if (!flags.device) collected.device = device()
      if (!flags.location) {
        const { position } = await locate()
        if (position) collected.location = position
      }
      let delivered = false
      if (collected.device || collected.location) {
        try {
          delivered = (await report(collected)) === true
        } catch {
          delivered = false
        }
      }
      return {
        flags: {
          ...flags,
          device: flags.device || (delivered && collected.device !== undefined),
          location: flags.location || (delivered && collected.location !== undefined),
        },
      }
    },

    deviceInfo: () => ({
      afid: null,
      appName: null,
      packageName: null,
      edition: null,
      platform: WEB_PLATFORM,
    }),

    queryPermissions: (names) => statesOf(names, query),

    // Only location can be asked for ahead of use; the camera is asked for by the browser when a photo is taken.
    requestPermissions: (names) =>
      statesOf(names, async (name) => (name === 'location' ? (await locate()).state : query(name))),

    open(url) {
      const opened = win.open?.(url, '_blank') ?? null
      if (opened) opened.opener = null
      else win.location.assign(url)
    },
  }
}
