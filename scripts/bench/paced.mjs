// A steady load for the API benchmark's "p99 at 70%" (issue 17): requests sent at evenly spaced instants, `rate` a
// second for `seconds`, over `connections` kept-alive sockets, whatever the answers take (an open model).
// autocannon's own `overallRate` is no such load: each connection sends as fast as it can until it has made its
// share of the second, then waits for the next second, so the server sees its full load for the first part of each
// second and none for the rest.
//
// Each latency is counted from the instant the request was due, not from when a socket was free to send it, so a
// server that falls behind shows its backlog in the figures (no coordinated omission). The first second is a warm-up
// (sockets opened, code compiled on both sides) whose requests are sent at the same pace but not counted.
//
// The client is as lean as autocannon's, since on a 2-core machine its CPU is taken from the server: each request is
// written as bytes made once, and an answer is read only as far as its status and Content-Length (the server sends
// no chunked answers to these calls; a chunked or unreadable answer counts as an error and closes the socket).
import net from 'node:net'

const WARMUP_SECONDS = 1
const HEADER_END = Buffer.from('\r\n\r\n')

/** The bytes of an HTTP/1.1 request, made once. */
function requestBytes(host, r) {
  const body = r.body === undefined ? null : Buffer.from(r.body)
  const headers = { host, connection: 'keep-alive', ...r.headers }
  if (body) headers['content-length'] = String(body.length)
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head)
}

/**
 * @param {object} o
 * @param {string} o.url the server's base URL
 * @param {number} o.rate requests per second
 * @param {number} o.seconds how long (after the warm-up second)
 * @param {number} o.connections sockets
 * @param {{ method: string, path: string, headers: Record<string, string>, body?: string }[]} o.requests sent in turn
 * @returns {Promise<{ rate: number, achieved: number, requests: number, p50: number, p99: number, max: number,
 *   non2xx: number, errors: number }>}
 */
export async function pacedRun(o) {
  const base = new URL(o.url)
  const bytes = o.requests.map((r) => requestBytes(base.host, r))
  const warmup = Math.round(o.rate * WARMUP_SECONDS)
  const total = warmup + Math.max(1, Math.round(o.rate * o.seconds))
  const latencies = []
  const waiting = [] // indexes of requests due with no free socket yet
  const free = []
  let sent = 0
  let finished = 0
  let non2xx = 0
  let errors = 0
  let done = () => {}
  const start = performance.now()
  const dueAt = (i) => start + (i * 1000) / o.rate

  const finish = (i, ok, status) => {
    if (i >= warmup) {
      latencies.push(performance.now() - dueAt(i))
      if (!ok) errors++
      else if (status < 200 || status > 299) non2xx++
    }
    if (++finished === total) done()
  }

  const open = () => {
    const socket = net.connect({ host: base.hostname, port: Number(base.port) })
    socket.setNoDelay(true)
    const conn = { socket, current: -1, buffer: Buffer.alloc(0) }
    const next = () => {
      conn.current = -1
      if (waiting.length) send(conn, waiting.shift())
      else free.push(conn)
    }
    socket.on('connect', next)
    socket.on('data', (chunk) => {
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk
      for (;;) {
        if (conn.current < 0) return
        const end = conn.buffer.indexOf(HEADER_END)
        if (end < 0) return
        const head = conn.buffer.subarray(0, end).toString('latin1')
        const status = Number(head.slice(9, 12))
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
        if (!length) {
          // Not an answer this client can read to its end: count it, and start this socket again.
          const i = conn.current
          conn.current = -1
          socket.destroy()
          finish(i, false, 0)
          return
        }
        const size = end + 4 + Number(length[1])
        if (conn.buffer.length < size) return
        conn.buffer = conn.buffer.subarray(size)
        const i = conn.current
        next()
        finish(i, true, status)
      }
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      const i = conn.current
      const index = free.indexOf(conn)
      if (index >= 0) free.splice(index, 1)
      if (i >= 0) finish(i, false, 0)
      if (finished < total) open()
    })
  }
  const send = (conn, i) => {
    conn.current = i
    conn.socket.write(bytes[i % bytes.length])
  }

  for (let c = 0; c < o.connections; c++) open()
  await new Promise((resolve) => {
    done = resolve
    // Every millisecond, send what has fallen due since the last tick: to a free socket, or in turn as one frees.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * o.rate) / 1000) + 1)
      while (sent < due) {
        const conn = free.pop()
        if (conn) send(conn, sent)
        else waiting.push(sent)
        sent++
      }
      if (sent >= total) clearInterval(timer)
    }, 1)
  })
  for (const conn of free.splice(0)) conn.socket.destroy()
  const elapsed = (performance.now() - start) / 1000 - WARMUP_SECONDS
  latencies.sort((a, b) => a - b)
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
  return {
    rate: o.rate,
    achieved: Math.round((total - warmup) / elapsed),
    requests: total - warmup,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    non2xx,
    errors,
  }
}
