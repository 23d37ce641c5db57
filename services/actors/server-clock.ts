/**
 * The server's clock as the app can know it: every answer's HTTP `Date` header says the server's time when it
 * answered (to the second). Deadlines that run on the server's clock — the 24-hour window of an approved order,
 * the 15 minutes of a payment order — are counted by the machines from `stamp()`: the server's time now and the
 * device's, so a phone whose clock is wrong still counts down to the server's moment (machines/kit/call-failure.ts
 * `ServerTime`). Without a readable header (a cross-origin server that does not expose it) the offset stays 0,
 * which the wire protocol's replay window already bounds to a few minutes.
 *
 * Composition: `const clock = createServerClock(api)` once, next to the API client.
 */
import type { AxiosInstance } from 'axios'

export interface ServerClock {
  /** The server's time now (estimated) and the device's time now, ms since the epoch. */
  stamp(): { serverNow: number; receivedAt: number }
  /** Server clock − device clock, as last measured. */
  offsetMs(): number
  /** Records a `Date` header read at device time `at`. */
  observe(dateHeader: string | undefined | null, at?: number): void
}

export function createServerClock(
  api?: { axios: Pick<AxiosInstance, 'interceptors'> },
  now: () => number = Date.now,
): ServerClock {
  let offset = 0
  const clock: ServerClock = {
    stamp() {
      const receivedAt = now()
      return { serverNow: receivedAt + offset, receivedAt }
    },
    offsetMs: () => offset,
    observe(dateHeader, at = now()) {
      const server = dateHeader ? Date.parse(dateHeader) : Number.NaN
      // The header is cut to the second: the server's moment lies within the following second.
      if (!Number.isNaN(server)) offset = server + 500 - at
    },
  }
  api?.axios.interceptors.response.use((response) => {
    const header = (response.headers as Record<string, unknown> | undefined)?.date
    clock.observe(typeof header === 'string' ? header : undefined)
    return response
  })
  return clock
}
