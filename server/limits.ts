/**
 * Limits before work (issue 14): fixed-window request counters per client address and per session, and a gate on
 * how many uploads are read at once. Both live in this instance's memory — nothing is written for a stranger's
 * request — and both are bounded: at most `trackedKeys` windows are kept (the oldest go first), and a window is
 * forgotten when it ends. Behind a load balancer each instance counts its own share (docs/operations.md "Limits").
 *
 * Windows run on the system's monotonic time, not the server clock: demo and test mode may move that clock a month
 * forward, which must not reset a flood's count (nor make a test's calls count into one window forever).
 */
import { performance } from 'node:perf_hooks'

export interface LimitVerdict {
  readonly ok: boolean
  /** Seconds until the window ends (when refused). */
  readonly retryAfterSeconds: number
}

export interface RateLimiter {
  /** Counts one request of `key` in `bucket` and says whether it is within `limit` per `windowMs`. */
  hit(bucket: string, key: string, limit: number, windowMs: number): LimitVerdict
  /** Windows tracked now (operations, tests). */
  size(): number
}

interface Window {
  count: number
  endsAt: number
}

export function createRateLimiter(
  maxKeys: number,
  nowMs: () => number = () => performance.now(),
): RateLimiter {
  // A Map keeps insertion order: the first entries are the oldest windows.
  const windows = new Map<string, Window>()

  /** Full: forget ended windows, then the oldest ones, down to 90% (so this runs once per many new keys). */
  function evict(now: number) {
    for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k)
    const target = Math.floor(maxKeys * 0.9)
    for (const k of windows.keys()) {
      if (windows.size <= target) return
      windows.delete(k)
    }
  }

  return {
    hit(bucket, key, limit, windowMs) {
      const now = nowMs()
      const id = `${bucket}\u0000${key}`
      let w = windows.get(id)
      if (!w || w.endsAt <= now) {
        if (w) windows.delete(id)
        if (windows.size >= maxKeys) evict(now)
        w = { count: 0, endsAt: now + windowMs }
        windows.set(id, w)
      }
      w.count += 1
      const ok = w.count <= limit
      return { ok, retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((w.endsAt - now) / 1000)) }
    },
    size: () => windows.size,
  }
}

/** At most `max` holders at once; `enter()` is false when the gate is full (the caller refuses, never waits). */
export interface Gate {
  enter(): boolean
  leave(): void
  inside(): number
}

export function createGate(max: number): Gate {
  let inside = 0
  return {
    enter() {
      if (inside >= max) return false
      inside += 1
      return true
    },
    leave() {
      inside = Math.max(0, inside - 1)
    },
    inside: () => inside,
  }
}

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
