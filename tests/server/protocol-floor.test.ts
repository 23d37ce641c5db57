/**
 * The API benchmark's protocol floor (scripts/bench/protocol-floor.ts, issue 17): a figure set beside the
 * server's must do the protocol's whole work and no more — open the app's real requests, refuse what the server
 * refuses, and answer the envelope it was given — or the ratio to it means nothing.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { encodeRequest } from '../../protocol/protocol'
import { buildFloor } from '../../scripts/bench/protocol-floor'

const PACKAGE = 'com.kopa.app'
const NOW = Date.UTC(2026, 10, 29, 12, 0, 0)
const LATEST = { code: 0, msg: 'OK', data: { orderNo: 'KP1', status: 7, amount: 25_000_000 } }
const SAVED = { code: 0, msg: 'Saved', data: null }

let floor: ReturnType<typeof buildFloor> | null = null
afterEach(async () => {
  await floor?.close()
  floor = null
})

async function floorWith(answers: Record<string, unknown>, clockOffsetMs?: number) {
  floor = buildFloor({ packageName: PACKAGE, now: () => NOW })
  const given = await floor.inject({
    method: 'POST',
    url: '/floor/answers',
    payload: { answers, ...(clockOffsetMs === undefined ? {} : { clockOffsetMs }) },
  })
  expect(given.statusCode).toBe(200)
  return floor
}

const getLatest = (now = NOW) => {
  const enc = encodeRequest({
    packageName: PACKAGE,
    method: 'GET',
    path: '/loan/loan-order/latest',
    base: '/api',
    payload: {},
    now,
  })
  return `${enc.url}?${new URLSearchParams(enc.params)}`
}

describe('The protocol floor', () => {
  it('answers an app request of a call with the envelope given for that call', async () => {
    const app = await floorWith({ '/loan/loan-order/latest': LATEST })
    const res = await app.inject({ method: 'GET', url: getLatest() })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual(LATEST)
  })

  it('opens a POST body as the server does', async () => {
    const app = await floorWith({ '/user/saveAdditionInfo-market': SAVED })
    const enc = encodeRequest({
      packageName: PACKAGE,
      method: 'POST',
      path: '/user/saveAdditionInfo-market',
      base: '/api',
      payload: { company: 'Duka' },
      now: NOW,
    })
    const res = await app.inject({ method: 'POST', url: enc.url, payload: enc.data })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(SAVED)
  })

  it('refuses a path token that does not open, and a request outside the replay window', async () => {
    const app = await floorWith({ '/loan/loan-order/latest': LATEST })
    const url = getLatest()
    const tampered = url.replace(/^\/api\/(.)/, (_m, c: string) => `/api/${c === 'A' ? 'B' : 'A'}`)
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(400)
    const stale = await app.inject({ method: 'GET', url: getLatest(NOW - 6 * 60_000) })
    expect(stale.statusCode).toBe(400)
  })

  it('keeps to the server’s moved clock', async () => {
    const movedMs = 3_600_000
    const app = await floorWith({ '/loan/loan-order/latest': LATEST }, movedMs)
    expect((await app.inject({ method: 'GET', url: getLatest(NOW + movedMs) })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: getLatest(NOW) })).statusCode).toBe(400)
  })

  it('refuses a call it was given no answer for', async () => {
    const app = await floorWith({ '/user/saveAdditionInfo-market': SAVED })
    expect((await app.inject({ method: 'GET', url: getLatest() })).statusCode).toBe(404)
  })
})
