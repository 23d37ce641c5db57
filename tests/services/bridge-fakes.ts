/**
 * A small, fully controllable page for the bridge's tests in Node: document visibility, pagehide, navigator
 * (user agent, sendBeacon, geolocation, permissions), window.open and location, and — when `native` — a shell
 * object that records what the page posts and lets the test answer.
 */
import { vi } from 'vitest'
import { createBridge, type BridgeOptions, type BridgeWindow } from '../../services/bridge/native-bridge'
import type { EventBatch } from '../../services/bridge/event-batcher'
import type { WebCollectorReport } from '../../services/bridge/web-fallback'

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'

export interface Posted {
  v: number
  id: string
  action: string
  payload: Record<string, unknown>
}

export interface FakePageOptions {
  native?: boolean
  userAgent?: string
  sendBeacon?: ((url: string, body?: string | Blob | null) => boolean) | null
  /** 'grant' answers with a position, 'deny' refuses, 'none' has no geolocation, 'ignore' never answers. */
  geolocation?: 'grant' | 'deny' | 'none' | 'ignore'
  /** Permissions API answers; missing: no Permissions API. */
  permissionStates?: Record<string, string>
  /** window.open returns null (pop-up blocked). */
  popupBlocked?: boolean
}

export function fakePage(options: FakePageOptions = {}) {
  const target = new EventTarget()
  const doc = new EventTarget()
  let visibility = 'visible'
  Object.defineProperty(doc, 'visibilityState', { get: () => visibility })
  const posted: Posted[] = []
  const geolocationRequests = vi.fn()
  const geo = options.geolocation ?? 'grant'
  const geolocation =
    geo === 'none'
      ? undefined
      : {
          getCurrentPosition(
            success: (p: {
              coords: { latitude: number; longitude: number; accuracy: number }
              timestamp: number
            }) => void,
            error?: ((e: { code: number }) => void) | null,
          ) {
            geolocationRequests()
            if (geo === 'grant')
              setTimeout(() =>
                success({
                  coords: { latitude: -6.8, longitude: 39.28, accuracy: 35 },
                  timestamp: 1_700_000_000_000,
                }),
              )
            else if (geo === 'deny') setTimeout(() => error?.({ code: 1 }))
          },
        }
  const permissionStates = options.permissionStates
  const win = {
    document: doc as unknown as BridgeWindow['document'],
    navigator: {
      userAgent: options.userAgent ?? ANDROID_CHROME,
      language: 'sw-TZ',
      maxTouchPoints: 5,
      hardwareConcurrency: 8,
      ...(options.sendBeacon === null ? {} : { sendBeacon: vi.fn(options.sendBeacon ?? (() => true)) }),
      ...(geolocation ? { geolocation } : {}),
      ...(permissionStates
        ? {
            permissions: {
              query: async ({ name }: { name: string }) => {
                const state = permissionStates[name]
                if (!state) throw new TypeError(`${name} is not a permission here`)
                return { state }
              },
            },
          }
        : {}),
    },
    screen: { width: 360, height: 800 },
    devicePixelRatio: 2,
    location: { assign: vi.fn() },
    open: vi.fn(() => (options.popupBlocked ? null : { opener: {} as unknown })),
    addEventListener: target.addEventListener.bind(target) as BridgeWindow['addEventListener'],
    removeEventListener: target.removeEventListener.bind(target) as BridgeWindow['removeEventListener'],
    ...(options.native
      ? { KopaNative: { postMessage: (json: string) => void posted.push(JSON.parse(json) as Posted) } }
      : {}),
  } satisfies BridgeWindow as BridgeWindow

  const receive = (message: unknown) =>
    win.KopaBridge?.receive(typeof message === 'string' ? message : JSON.stringify(message))

  return {
    win,
    posted,
    geolocationRequests,
    /** The last message the page posted for an action. */
    last(action: string): Posted {
      const found = posted.filter((p) => p.action === action).at(-1)
      if (!found) throw new Error(`the page posted no ${action}`)
      return found
    },
    reply: (id: string, result: unknown) => receive({ v: 1, id, ok: true, result }),
    fail: (id: string, error: { code: string; message?: string }) => receive({ v: 1, id, ok: false, error }),
    event: (event: string, payload?: unknown) => receive({ v: 1, event, payload }),
    receive,
    setVisibility(state: 'visible' | 'hidden') {
      visibility = state
      doc.dispatchEvent(new Event('visibilitychange'))
    },
    pagehide: () => target.dispatchEvent(new Event('pagehide')),
    online: () => target.dispatchEvent(new Event('online')),
  }
}

/** A bridge on a fake page, with its `send` and `report` recording what they are given. */
export function bridgeOn(page: ReturnType<typeof fakePage>, options: Partial<BridgeOptions> = {}) {
  const batches: EventBatch[] = []
  const reports: WebCollectorReport[] = []
  const send = vi.fn(async (batch: EventBatch) => {
    batches.push(batch)
    return true
  })
  const report = vi.fn(async (r: WebCollectorReport) => {
    reports.push(r)
    return true
  })
  const bridge = createBridge({ window: page.win, send, report, now: () => 1_700_000_000_000, ...options })
  return { bridge, batches, reports, send, report }
}

/** Let queued timers and promise callbacks run (with fake timers, advance them too). */
export async function settle(ms = 0) {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms)
  else await new Promise((resolve) => setTimeout(resolve, ms))
}
