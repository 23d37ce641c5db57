/**
 * The dispatcher against bad input: whatever arrives at /api gets the envelope with a documented code and a
 * translated message, never a crash or a 500; the logs name calls and codes but no personal data; development
 * endpoints vanish in production; the built app is served with the right caching.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type { LoginResult } from '../../domain/api-types'
import { encodeRequest, encryptText } from '../../protocol/protocol'
import { accountsModule } from '../../server/accounts/module'
import { buildServer } from '../../server/app'
import type { SmsMessage, SmsProvider } from '../../server/sms'
import { DATABASE_TARGETS, describeOnEachDatabase } from './helpers/databases'
import { startTestServer, testConfig, TRANSPORTS, type TestServer } from './helpers/server'
import { realKyc } from './helpers/real-providers'
import { codeFor } from './helpers/session'

const PACKAGE = 'com.kopa.app'
const json = { 'content-type': 'application/json' }

function envelopeOf(body: string) {
  const parsed = JSON.parse(body) as { code: number; msg: string; data: unknown }
  expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'msg'])
  expect(parsed.msg).not.toBe('')
  expect(parsed.msg).not.toMatch(/^errors\./)
  return parsed
}

describeOnEachDatabase('The encrypted API', (target) => {
  let server: TestServer
  beforeAll(async () => {
    // Every module of server/modules.ts, as in production.
    server = await startTestServer(target, 'inject')
  })
  afterAll(() => server.close())

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await server.as(transport)
    })

    const post = (url: string, body: string | Buffer, headers: Record<string, string> = json) =>
      s.raw({ method: 'POST', url, headers, body })
    const loginUrl = () =>
      encodeRequest({
        packageName: PACKAGE,
        method: 'POST',
        path: '/security/login',
        base: '/api',
        payload: {},
        now: 0,
      }).url

    it('answers garbage, a wrong envelope and undecryptable tokens with 1002 and HTTP 200', async () => {
      const cases = [
        await post(loginUrl(), '{not json'),
        await post(loginUrl(), JSON.stringify({ data: 'bm90IGEgdG9rZW4' })),
        await post(loginUrl(), JSON.stringify({ data: 42 })),
        await post(loginUrl(), JSON.stringify(['data'])),
        await post(loginUrl(), ''),
        await post(loginUrl(), Buffer.from([0xff, 0xfe, 0x00, 0x01]), {
          'content-type': 'application/octet-stream',
        }),
        await post('/api/not-a-token', JSON.stringify({ data: encryptText(PACKAGE, '{"t":1}') })),
        await post('/api', '{}'),
        await s.raw({ method: 'GET', url: '/api/%E0%A4%A' }),
        await s.raw({ method: 'GET', url: `${loginUrl()}?a=1&b=2` }),
        await post(
          loginUrl(),
          JSON.stringify({ data: encryptText('com.other.app', JSON.stringify({ t: Date.now() })) }),
        ),
      ]
      for (const [i, res] of cases.entries()) {
        expect(res.status, `case ${i}`).toBe(200)
        expect(envelopeOf(res.body).code).toBe(ApiCode.Undecryptable)
      }
    })

    it('answers a body over the limit with 1002, not a Fastify error page', async () => {
      const res = await post(loginUrl(), JSON.stringify({ data: 'A'.repeat(2 * 1024 * 1024) }))
      expect(res.status).toBe(200)
      expect(envelopeOf(res.body).code).toBe(ApiCode.Undecryptable)
    })

    it('answers a stale or future t with 1003 and a message about the phone’s clock, in the borrower’s language', async () => {
      const now = s.server.ctx.clock.nowMs()
      const stale = await s.call(
        '/security/existsByMobile',
        { country: 'TZ', mobile: '0712345678' },
        { t: now - 6 * 60_000 },
      )
      expect(stale).toMatchObject({ code: ApiCode.ReplayWindow, msg: expect.stringMatching(/date and time/) })
      const future = await s.call(
        '/security/existsByMobile',
        { country: 'TZ', mobile: '0712345678' },
        { t: now + 6 * 60_000, lang: 'es_MX' },
      )
      expect(future.code).toBe(ApiCode.ReplayWindow)
      expect(future.msg).not.toBe(stale.msg)
    })

    it('dates every answer by the server’s clock, also once it was moved, so the app counts deadlines in it', async () => {
      await s.server.ctx.clock.advance(3 * 60 * 60_000)
      const now = s.server.ctx.clock.nowMs()
      const encoded = encodeRequest({
        packageName: PACKAGE,
        method: 'GET',
        path: '/security/existsByMobile',
        base: '/api',
        payload: { country: 'TZ', mobile: '0712345678' },
        now,
      })
      const answers = [
        await s.raw({ method: 'GET', url: `${encoded.url}?${new URLSearchParams(encoded.params)}` }),
        await post(loginUrl(), '{not json'),
      ]
      for (const res of answers) {
        // The header is cut to the second.
        const dated = Date.parse(res.headers.date ?? '')
        expect(dated).toBeGreaterThanOrEqual(Math.floor(now / 1000) * 1000)
        expect(dated).toBeLessThanOrEqual(s.server.ctx.clock.nowMs())
      }
    })

    it('answers a call that is not in the table, or sent with the wrong method or base, with 1004', async () => {
      const now = s.server.ctx.clock.nowMs()
      const unknown = encodeRequest({
        packageName: PACKAGE,
        method: 'POST',
        path: '/security/hack',
        base: '/api',
        payload: {},
        now,
      })
      const wrongMethod = encodeRequest({
        packageName: PACKAGE,
        method: 'GET',
        path: '/security/login',
        base: '/api',
        payload: {},
        now,
      })
      const wrongBase = encodeRequest({
        packageName: PACKAGE,
        method: 'POST',
        path: '/security/login',
        base: '/cou',
        payload: {},
        now,
      })
      const results = [
        await post(unknown.url, JSON.stringify(unknown.data)),
        await s.raw({ method: 'GET', url: `${wrongMethod.url}?${new URLSearchParams(wrongMethod.params)}` }),
        await post(wrongBase.url, JSON.stringify(wrongBase.data)),
      ]
      for (const res of results) expect(envelopeOf(res.body).code).toBe(ApiCode.UnknownCall)
    })

    it('answers wrong types and missing fields at each field, translated, with 1001', async () => {
      const res = await s.call(
        '/security/login',
        { country: 'TZ', mobile: ['0712345678'], code: null },
        { lang: 'sw_KE' },
      )
      expect(res.code).toBe(ApiCode.ValidationFailed)
      const fields = (res.data as { fields: Record<string, string> }).fields
      expect(Object.keys(fields).sort()).toEqual(['code', 'mobile'])
      expect(res.msg).toBe(Object.values(fields)[0])
      const unknownCountry = await s.call('/security/login', {
        country: 'FR',
        mobile: '0712345678',
        code: '123456',
      })
      expect(unknownCountry.code).toBe(ApiCode.ValidationFailed)
    })
  })

  it('logs each call by its name and code, and never a number, code, token, body or URL', async () => {
    const mobile = '0719876543'
    await server.call('/security/getVerifyCode', { country: 'TZ', mobile, purpose: 'register' })
    const code = await codeFor(server, mobile)
    const reg = await server.call<LoginResult>('/security/register', { country: 'TZ', mobile, code })
    await server.call('/security/getUserInfo', {}, { token: reg.data.token })
    await server.raw({ method: 'POST', url: '/api/garbage', headers: json, body: '{"data":"x"}' })

    const calls = server.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'call')
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ call: '/security/register', code: 0, status: 200 }),
        expect.objectContaining({ call: '/security/getUserInfo', code: 0 }),
        expect.objectContaining({ call: null, code: ApiCode.Undecryptable }),
      ]),
    )
    const all = server.logs.join('\n')
    for (const secret of [
      mobile.slice(1),
      mobile.slice(-6),
      code,
      reg.data.token,
      '/api/',
      'authorization',
      'Bearer',
    ]) {
      expect(all).not.toContain(secret)
    }
  })

  it('serves every call of the API table with the modules of server/modules.ts', () => {
    expect(server.server.registry.unserved()).toEqual([])
    expect(server.logs.some((l) => l.includes('without a handler'))).toBe(false)
  })
})

describe('Production mode, serving the built app', () => {
  const target = DATABASE_TARGETS[0]!
  const sent: SmsMessage[] = []
  const gateway: SmsProvider = { name: 'test gateway', send: async (m) => void sent.push(m) }
  let s: TestServer
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kopa-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Kopa</title><script src="./assets/app-3f2a1b.js"></script>',
    )
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log("kopa")')
    // Only the accounts module: the start-up log must list every other call as unserved. Real-looking identity
    // checks: production refuses the development ones (tests/server/production-readiness.test.ts).
    s = await startTestServer(target, 'http', {
      config: { mode: 'production', distDir: dist },
      overrides: { sms: gateway, kyc: realKyc(), modules: [accountsModule] },
    })
  })
  afterAll(async () => {
    await s.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('has no development endpoints and no movable clock', async () => {
    expect((await s.raw({ method: 'GET', url: '/dev/sms' })).status).toBe(404)
    expect((await s.raw({ method: 'GET', url: '/dev/clock' })).status).toBe(404)
    const advance = await s.raw({
      method: 'POST',
      url: '/dev/clock/advance',
      headers: json,
      body: '{"ms":1000}',
    })
    expect(advance.status).toBe(404)
    await expect(s.server.ctx.clock.advance(1000)).rejects.toThrow()
  })

  it('sends codes through the configured gateway in E.164, in the borrower’s language', async () => {
    const res = await s.call(
      '/security/getVerifyCode',
      { country: 'TZ', mobile: '0712000111', purpose: 'register' },
      { lang: 'sw_KE' },
    )
    expect(res.code).toBe(ApiCode.Ok)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to).toBe('+255712000111')
    expect(sent[0]!.text).toMatch(/\b\d{6}\b/)
  })

  it('refuses to start without a real SMS gateway', async () => {
    const { config, cleanup } = testConfig(target, { mode: 'production' })
    await expect(buildServer(config)).rejects.toThrow(/SMS gateway/)
    await cleanup()
  })

  it('lists at start-up the calls of the table that no module serves, and answers them 1004', async () => {
    const unserved = s.server.registry.unserved()
    expect(unserved).toContain('/user/addBankCard')
    expect(unserved).not.toContain('/security/login')
    const warning = s.logs.map((l) => JSON.parse(l) as { calls?: string[] }).find((l) => l.calls)
    expect(warning?.calls).toEqual(unserved)
    expect((await s.call('/user/addBankCard', {})).code).toBe(ApiCode.UnknownCall)
  })

  it('serves hashed assets for a year, immutable, and index.html revalidated every time', async () => {
    const index = await s.raw({ method: 'GET', url: '/' })
    expect(index.status).toBe(200)
    expect(index.body).toContain('<title>Kopa</title>')
    expect(index.headers['cache-control']).toBe('no-cache')
    expect((await s.raw({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache')
    const asset = await s.raw({ method: 'GET', url: '/assets/app-3f2a1b.js' })
    expect(asset.status).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never serves uploaded images or the data directory', async () => {
    for (const url of ['/uploads/', '/data/', '/../package.json', '/server/config.ts']) {
      expect((await s.raw({ method: 'GET', url })).status).toBe(404)
    }
  })
})
