import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCollectorReporter } from '../../services/collector/report'

afterEach(() => vi.unstubAllGlobals())

function stubFetch(reply: unknown, ok = true) {
  const fetch = vi.fn(async () => ({ ok, json: async () => reply }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('the browser collector report', () => {
  it('tells the server which kinds of data arrived, never the data itself', async () => {
    const fetch = stubFetch({ code: 0 })
    const report = createCollectorReporter('https://api.example', () => 'tok')
    const taken = await report({
      orderNo: 'K1',
      userId: 'u1',
      step: 'submit',
      isSubmit: true,
      device: { platform: 'web' } as never,
      location: { latitude: -6.8, longitude: 39.2 } as never,
    })
    expect(taken).toBe(true)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('https://api.example/collector/report')
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' })
    expect(JSON.parse(init.body as string)).toEqual({ orderNo: 'K1', delivered: ['device', 'location'] })
    expect(init.body as string).not.toContain('39.2')
  })

  it('reads a refusal or a lost connection as not delivered', async () => {
    stubFetch({ code: 10010301 })
    const report = createCollectorReporter('', () => null)
    expect(await report({ orderNo: 'K1', userId: 'u1', step: 's', isSubmit: false })).toBe(false)
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))))
    expect(await report({ orderNo: 'K1', userId: 'u1', step: 's', isSubmit: false })).toBe(false)
  })
})
