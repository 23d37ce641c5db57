/**
 * The API benchmark's steady load (scripts/bench/paced.mjs, issue 17): what its "p99 at 70%" figures rest on. It
 * must send at the pace asked, count a server's backlog from the instants requests were due (a stall shows in the
 * tail even though few requests were in flight), and count refusals and answers it cannot read.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

interface PacedResult {
  rate: number
  achieved: number
  requests: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
}
type PacedRun = (o: {
  url: string
  rate: number
  seconds: number
  connections: number
  requests: { method: string; path: string; headers: Record<string, string>; body?: string }[]
}) => Promise<PacedResult>

const root = path.resolve(import.meta.dirname, '..', '..')
const pacedRun = async (...args: Parameters<PacedRun>) => {
  const mod = (await import(path.join(root, 'scripts', 'bench', 'paced.mjs'))) as { pacedRun: PacedRun }
  return mod.pacedRun(...args)
}

let server: http.Server | null = null
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = null
})

/** A server answering each request with `answer`; returns its base URL. */
async function serve(answer: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void) {
  let n = 0
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => answer(Object.assign(req, { body }), res, n++))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** `GET /` a hundred times a second. */
const getRoot = (url: string, o: { seconds: number; connections: number }) =>
  pacedRun({ url, rate: 100, ...o, requests: [{ method: 'GET', path: '/', headers: {} }] })

const ok = (res: http.ServerResponse, body = '{"code":0}') => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

describe('The steady load of the API benchmark', () => {
  it('sends evenly at the rate asked, the warm-up second apart, with each request’s method, path, headers and body', async () => {
    const seen: string[] = []
    const arrived: number[] = []
    const url = await serve((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization} ${(req as { body?: string }).body}`)
      arrived.push(performance.now())
      ok(res)
    })
    const result = await pacedRun({
      url,
      rate: 200,
      seconds: 1,
      connections: 4,
      requests: [
        { method: 'GET', path: '/a?x=1', headers: { authorization: 'Bearer a' } },
        { method: 'POST', path: '/b', headers: { authorization: 'Bearer b' }, body: '{"data":"é"}' },
      ],
    })
    expect(result.requests).toBe(200)
    expect(seen).toHaveLength(400) // the warm-up second's 200 too
    expect(seen.filter((line) => line === 'GET /a?x=1 Bearer a ')).toHaveLength(200)
    expect(seen.filter((line) => line === 'POST /b Bearer b {"data":"é"}')).toHaveLength(200)
    expect(result.achieved).toBeGreaterThan(150)
    expect(result.achieved).toBeLessThan(250)
    // Spread over the two seconds, not sent in a few bursts: every tenth of a second had its share, give or take.
    const first = arrived[0]!
    const perTenth = Array.from(
      { length: 20 },
      (_, k) => arrived.filter((t) => t - first >= k * 100 && t - first < (k + 1) * 100).length,
    )
    expect(perTenth.filter((n) => n >= 8 && n <= 32).length).toBeGreaterThanOrEqual(17)
    expect(result.errors + result.non2xx).toBe(0)
    expect(result.p50).toBeLessThan(50)
  })

  it('counts a stall from when each request was due, so one 400 ms stop shows in the tail', async () => {
    let stalled = false
    const url = await serve((_req, res, n) => {
      // One request of the counted second holds its answer 400 ms; the others answer at once, but a socket waits.
      if (n === 150 && !stalled) {
        stalled = true
        setTimeout(() => ok(res), 400)
      } else ok(res)
    })
    // One socket: every request due during the stall waits behind it.
    const result = await getRoot(url, { seconds: 2, connections: 1 })
    expect(stalled).toBe(true)
    expect(result.max).toBeGreaterThanOrEqual(380)
    // 40 of 200 counted requests were due during the stall and waited: the p99 is a backlog's, not one request's.
    expect(result.p99).toBeGreaterThan(250)
    expect(result.p50).toBeLessThan(50)
  })

  it('counts refusals, and an answer it cannot read to its end as an error, and goes on', async () => {
    const url = await serve((_req, res, n) => {
      if (n % 10 === 1) {
        res.writeHead(503, { 'content-length': 2 })
        res.end('no')
      } else if (n % 10 === 2) {
        res.writeHead(200, { 'transfer-encoding': 'chunked' })
        res.end('chunked')
      } else ok(res)
    })
    const result = await getRoot(url, { seconds: 1, connections: 2 })
    expect(result.requests).toBe(100)
    expect(result.non2xx).toBe(10)
    expect(result.errors).toBe(10)
  })
})
