/**
 * The browser's stand-in for the shell's event log (docs/native-bridge.md, "Web fallbacks"): events logged outside
 * the native shell are queued and sent to the server in batches (POST /event/batch through the injected `send`).
 *
 * A batch leaves when it is full, when the oldest queued event has waited `flushMs`, at once for an event marked
 * `isUpload`, and when the page is hidden or unloaded (visibilitychange → hidden, pagehide). On the way out the
 * batch goes with navigator.sendBeacon when the page offers one and the composition can encode the request
 * synchronously (`beacon`), because a normal request may be cut off with the page. A batch that fails stays
 * queued (the newest `maxQueued` events are kept) and is tried again when the device comes back online, or after a
 * wait that doubles with each failure in a row (flushMs, 2×, 4×… up to `maxBackoffMs`; a delivery resets it).
 */
import * as v from 'valibot'
import { logEventSchema, MAX_EVENTS_PER_BATCH } from '../../domain/schemas/misc'

/** One event as the server's /event/batch takes it (domain/schemas/misc.ts). */
export type LogEvent = v.InferOutput<ReturnType<typeof logEventSchema>>
export interface EventBatch {
  events: LogEvent[]
}

/** Sends a batch over the API client; resolves true when the server took it. A rejection counts as false. */
export type SendBatch = (batch: EventBatch) => Promise<boolean>
/** A request sendBeacon can carry (it sends no custom headers): the URL and the encoded body. */
export interface BeaconRequest {
  url: string
  body: string | Blob
}
/** Encodes a batch synchronously for sendBeacon, or null when it cannot (e.g. the wire module is not loaded). */
export type EncodeBeacon = (batch: EventBatch) => BeaconRequest | null

/** What the batcher needs of the page: the real `window` fits. */
export interface BatcherWindow {
  document: {
    readonly visibilityState: string
    addEventListener(type: 'visibilitychange', listener: () => void): void
    removeEventListener(type: 'visibilitychange', listener: () => void): void
  }
  navigator: { sendBeacon?(url: string, data?: string | Blob | null): boolean }
  addEventListener(type: 'pagehide' | 'online', listener: () => void): void
  removeEventListener(type: 'pagehide' | 'online', listener: () => void): void
}

export interface EventBatcherOptions {
  window: BatcherWindow
  send: SendBatch
  beacon?: EncodeBeacon
  /** Events per batch (at most the server's MAX_EVENTS_PER_BATCH). Default 20. */
  maxBatch?: number
  /** How long an event may wait for its batch. Default 15 s. */
  flushMs?: number
  /** Undelivered events kept while offline; the oldest are dropped beyond it. Default 500. */
  maxQueued?: number
  /** The longest wait before trying a failed batch again. Default 5 minutes. */
  maxBackoffMs?: number
}

export interface EventBatcher {
  add(event: LogEvent): void
  /** Send everything queued now (resolves when the attempt is over, whatever its outcome). */
  flush(): Promise<void>
  /** Events waiting to be sent (not counting a batch in flight). */
  pending(): number
  dispose(): void
}

export const DEFAULT_MAX_BATCH = 20
export const DEFAULT_FLUSH_MS = 15_000
export const DEFAULT_MAX_QUEUED = 500
export const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000

export function createEventBatcher(options: EventBatcherOptions): EventBatcher {
  const { window: win, send, beacon } = options
  const maxBatch = Math.max(1, Math.min(options.maxBatch ?? DEFAULT_MAX_BATCH, MAX_EVENTS_PER_BATCH))
  const flushMs = options.flushMs ?? DEFAULT_FLUSH_MS
  const maxQueued = Math.max(maxBatch, options.maxQueued ?? DEFAULT_MAX_QUEUED)
  const maxBackoffMs = Math.max(flushMs, options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS)

  let queue: LogEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let flushing: Promise<void> | null = null
  let again = false
  /** Failed deliveries in a row: the next timed attempt waits flushMs × 2^(failures − 1). */
  let failures = 0

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const schedule = () => {
    if (timer !== undefined || queue.length === 0) return
    const wait = failures === 0 ? flushMs : Math.min(flushMs * 2 ** (failures - 1), maxBackoffMs)
    timer = setTimeout(() => void flush(), wait)
  }
  /** Put undelivered events back in front, keeping the newest `maxQueued`. */
  const requeue = (events: LogEvent[]) => {
    queue = [...events, ...queue].slice(-maxQueued)
  }

  async function deliver(batch: LogEvent[]): Promise<boolean> {
    let ok: boolean
    try {
      ok = (await send({ events: batch })) === true
    } catch {
      ok = false
    }
    failures = ok ? 0 : failures + 1
    return ok
  }

  function flush(): Promise<void> {
    clearTimer()
    if (flushing) {
      again = true
      return flushing
    }
    flushing = (async () => {
      do {
        again = false
        while (queue.length > 0) {
          const batch = queue.splice(0, maxBatch)
          if (!(await deliver(batch))) {
            requeue(batch)
            break
          }
        }
      } while (again && queue.length > 0)
    })().finally(() => {
      flushing = null
      schedule()
    })
    return flushing
  }

  /** The page may not come back: hand every queued event to sendBeacon (or a last ordinary request). */
  function flushOnExit() {
    clearTimer()
    const sendBeacon = win.navigator.sendBeacon?.bind(win.navigator)
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch)
      const request = sendBeacon && beacon ? beacon({ events: batch }) : null
      let queued: boolean
      try {
        queued = request !== null && sendBeacon !== undefined && sendBeacon(request.url, request.body)
      } catch {
        queued = false
      }
      if (!queued)
        void deliver(batch).then((ok) => {
          if (!ok) {
            requeue(batch)
            schedule()
          }
        })
    }
  }

  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flushOnExit()
  }
  const onOnline = () => void flush()
  win.document.addEventListener('visibilitychange', onVisibility)
  win.addEventListener('pagehide', flushOnExit)
  win.addEventListener('online', onOnline)

  return {
    add(event) {
      queue.push(event)
      if (queue.length > maxQueued) queue = queue.slice(-maxQueued)
      if (event.isUpload || queue.length >= maxBatch) void flush()
      else schedule()
    },
    flush,
    pending: () => queue.length,
    dispose() {
      clearTimer()
      win.document.removeEventListener('visibilitychange', onVisibility)
      win.removeEventListener('pagehide', flushOnExit)
      win.removeEventListener('online', onOnline)
    },
  }
}
