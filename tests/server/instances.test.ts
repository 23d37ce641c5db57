/**
 * Several instances on one database: migrations apply once however many start together, and on PostgreSQL two
 * servers share sessions, the clock and the code limits through the database alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeRequest } from '../../protocol/protocol'
import { API } from '../../domain/api'
import { ApiCode } from '../../domain/api-codes'
import type { LoginResult } from '../../domain/api-types'
import { buildServer, type KopaServer } from '../../server/app'
import type { Database } from '../../server/db/client'
import { migrate, readMigrations } from '../../server/db/migrate'
import { DATABASE_TARGETS, describeOnEachDatabase } from './helpers/databases'
import { startTestServer, testConfig, type TestServer } from './helpers/server'
import { advance, codeFor } from './helpers/session'

describeOnEachDatabase('Migrations', (target) => {
  const options = target.fresh()
  let first: Database
  let second: Database
  beforeAll(async () => {
    first = await target.openEmpty(options)
    // PGlite is one embedded connection; on PostgreSQL the second instance has its own pool.
    second = target.name === 'postgres' ? await target.openEmpty(options) : first
  })
  afterAll(async () => {
    await first.close()
    if (second !== first) await second.close()
    await target.drop(options)
  })

  it('apply each migration exactly once when instances start together', async () => {
    const results = await Promise.all([migrate(first), migrate(second), migrate(first)])
    expect(results.flat().sort()).toEqual(readMigrations().map((m) => m.name))
    expect(await migrate(second)).toEqual([])
  })

  it('refuse to start when an applied migration was edited afterwards', async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m))
    await expect(migrate(first, edited)).rejects.toThrow(/changed after it was applied/)
  })
})

const postgres = DATABASE_TARGETS.filter((t) => t.name === 'postgres')

for (const target of postgres) {
  describe('Two servers on one PostgreSQL database', () => {
    let a: TestServer
    let b: KopaServer
    let cleanupB: () => Promise<void>
    let bUrl: string
    beforeAll(async () => {
      a = await startTestServer(target, 'http')
      const aConfig = a.server.ctx.config
      const second = testConfig(target, {
        databaseUrl: aConfig.databaseUrl,
        databaseSchema: aConfig.databaseSchema,
      })
      cleanupB = second.cleanup
      b = await buildServer({ ...second.config, trustProxy: true, logLevel: 'silent' })
      bUrl = await b.listen()
    })
    afterAll(async () => {
      await b.close()
      await a.close()
      await cleanupB()
    })

    /** The same call sent to server B, through a client that only knows B's URL. */
    async function viaB(
      path: '/security/getUserInfo' | '/security/getVerifyCode',
      payload: object,
      token?: string,
    ) {
      const def = API[path]
      const enc = encodeRequest({
        packageName: b.ctx.config.packageName,
        method: def.method,
        path,
        base: def.base,
        payload: { ...payload },
        now: b.ctx.clock.nowMs(),
      })
      const headers: Record<string, string> = { lang: 'en', 'content-type': 'application/json' }
      if (token) headers.authorization = `Bearer ${token}`
      const res =
        def.method === 'GET'
          ? await fetch(`${bUrl}${enc.url}?${new URLSearchParams(enc.params)}`, { headers })
          : await fetch(`${bUrl}${enc.url}`, { method: 'POST', headers, body: JSON.stringify(enc.data) })
      return (await res.json()) as { code: number; data: unknown }
    }

    it('share sessions: a token from one works on the other, and a login on the other ends it', async () => {
      const mobile = '0715000111'
      await a.call('/security/getVerifyCode', { country: 'TZ', mobile, purpose: 'register' })
      const reg = await a.call<LoginResult>('/security/register', {
        country: 'TZ',
        mobile,
        code: await codeFor(a, mobile),
      })
      expect((await viaB('/security/getUserInfo', {}, reg.data.token)).code).toBe(ApiCode.Ok)

      await advance(a, 60_000)
      expect((await viaB('/security/getVerifyCode', { country: 'TZ', mobile, purpose: 'login' })).code).toBe(
        ApiCode.Ok,
      )
      const login = await a.call<LoginResult>('/security/login', {
        country: 'TZ',
        mobile,
        code: await codeFor(a, mobile),
      })
      expect(login.code).toBe(ApiCode.Ok)
      expect((await viaB('/security/getUserInfo', {}, reg.data.token)).code).toBe(ApiCode.LoggedInElsewhere)
    })

    it('share the code limits: a resend through the other instance within a minute is refused', async () => {
      const mobile = '0715000222'
      expect(
        (await a.call('/security/getVerifyCode', { country: 'TZ', mobile, purpose: 'login' })).code,
      ).toBe(ApiCode.Ok)
      expect((await viaB('/security/getVerifyCode', { country: 'TZ', mobile, purpose: 'login' })).code).toBe(
        ApiCode.RateLimited,
      )
    })

    it('share the clock: moving it on one moves it on the other', async () => {
      await advance(a, 3 * 60 * 60_000)
      const onB = (await (await fetch(`${bUrl}/dev/clock`)).json()) as { offsetMs: number }
      expect(onB.offsetMs).toBe(a.server.ctx.clock.offsetMs())
      expect(onB.offsetMs).toBeGreaterThanOrEqual(3 * 60 * 60_000)
    })
  })
}
