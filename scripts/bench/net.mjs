// The helpers both benchmarks (scripts/bench.mjs, scripts/bench-soak.mjs) need to start a server and wait for it.
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Waits until `url` answers 2xx, failing when the process behind it exits (`exited`) or after `timeoutMs`. */
export async function waitForHttp(url, exited, timeoutMs) {
  let gone = null
  exited.then((how) => (gone = how))
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (gone) throw new Error(`it exited (${gone.signal ?? `exit ${gone.code}`})`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.ok) return
      last = `HTTP ${res.status}`
    } catch (err) {
      last = err.cause?.code ?? err.message
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (${last})`)
}
