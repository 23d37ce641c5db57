/**
 * Accounts through the real server: encrypted requests, the development SMS outbox, sessions and their codes,
 * verification-code limits — on every database, through inject and through real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult, UserInfo, VerifyCodeSent } from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import { sessions, verifyCodes } from '../../server/db/schema/core'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer, TRANSPORTS, type TestServer } from './helpers/server'
import { advance, codeFor, signUp } from './helpers/session'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const TTL = 30 * MINUTE

/** A fresh Tanzanian number for each story, so stories never share limits. */
let serial = 100_000
const nextMobile = () => `0712${String((serial += 1)).padStart(6, '0')}`.slice(0, 10)

async function sendCode(s: TestServer, mobile: string, purpose: 'login' | 'register' = 'login') {
  return s.call<VerifyCodeSent | { fields: Record<string, string> } | { retryAfterSeconds: number }>(
    '/security/getVerifyCode',
    { country: 'TZ', mobile, purpose },
  )
}

const register = (s: TestServer, mobile: string) => signUp(s, mobile)

describeOnEachDatabase('Accounts', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target, 'inject', { config: { tokenTtlMs: TTL } })
  })
  afterAll(() => server.close())

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await server.as(transport)
    })

    it('lets a new borrower ask for a code, register with it and read who they are', async () => {
      const mobile = nextMobile()
      const before = await s.call<{ exists: boolean }>('/security/existsByMobile', { country: 'TZ', mobile })
      expect(before).toMatchObject({ code: ApiCode.Ok, data: { exists: false } })

      const sent = await sendCode(s, mobile, 'register')
      expect(sent).toMatchObject({
        code: 0,
        data: { resendAfterSeconds: 60, expiresInSeconds: 300 } satisfies VerifyCodeSent,
      })
      const code = await codeFor(s, mobile)
      expect(code).toMatch(/^\d{6}$/)

      const reg = await s.call<LoginResult>(
        '/security/register',
        { country: 'TZ', mobile, code },
        { lang: 'sw_KE' },
      )
      expect(reg.code).toBe(ApiCode.Ok)
      expect(reg.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(reg.data.newUser).toBe(true)

      const me = await s.call<UserInfo>('/security/getUserInfo', {}, { token: reg.data.token })
      expect(me.code).toBe(ApiCode.Ok)
      expect(me.data.basicInfo).toMatchObject({
        userId: reg.data.userId,
        country: 'TZ',
        mobile: mobile.slice(1),
        language: 'sw',
      })
      expect(me.data.profile).toEqual({
        basicInfo: false,
        identity: false,
        additionalInfo: false,
        wallet: false,
        questionnaire: true,
      })
      expect(me.data.credit.currency).toBe('TZS')

      const after = await s.call<{ exists: boolean }>('/security/existsByMobile', {
        country: 'TZ',
        mobile: `+255 ${mobile.slice(1)}`,
      })
      expect(after.data.exists).toBe(true)
    })

    it('tells a borrower who registers a known number to log in instead, in their language', async () => {
      const mobile = nextMobile()
      await register(s, mobile)
      const again = await sendCode(s, mobile, 'register')
      expect(again.code).toBe(ApiCode.ValidationFailed)
      expect((again.data as { fields: Record<string, string> }).fields.mobile).toMatch(/registered/i)
      const inSwahili = await s.call(
        '/security/getVerifyCode',
        { country: 'TZ', mobile, purpose: 'register' },
        { lang: 'sw_KE' },
      )
      expect(inSwahili.msg).not.toBe(again.msg)
      expect(inSwahili.msg).not.toMatch(/^errors\./)
    })

    it('logs a borrower in on a new device and ends the session on the old one', async () => {
      const mobile = nextMobile()
      const first = await register(s, mobile)
      await advance(s, MINUTE)
      expect((await sendCode(s, mobile)).code).toBe(ApiCode.Ok)
      const login = await s.call<LoginResult>('/security/login', {
        country: 'TZ',
        mobile,
        code: await codeFor(s, mobile),
      })
      expect(login.code).toBe(ApiCode.Ok)
      expect(login.data.newUser).toBe(false)
      expect(login.data.token).not.toBe(first)

      const old = await s.call('/security/getUserInfo', {}, { token: first })
      expect(old.code).toBe(ApiCode.LoggedInElsewhere)
      expect(old.msg).toMatch(/another device/i)
      expect((await s.call('/security/getUserInfo', {}, { token: login.data.token })).code).toBe(ApiCode.Ok)
    })

    it('creates the account when a new number logs in with its code', async () => {
      const mobile = nextMobile()
      await sendCode(s, mobile, 'login')
      const login = await s.call<LoginResult>('/security/login', {
        country: 'TZ',
        mobile,
        code: await codeFor(s, mobile),
      })
      expect(login).toMatchObject({ code: ApiCode.Ok, data: { newUser: true } })
    })

    it('refuses calls without a token, with an unknown token, with an expired token and after logging out', async () => {
      const missing = await s.call('/security/getUserInfo')
      expect(missing).toMatchObject({ code: ApiCode.NotLoggedIn, msg: 'User not logged in' })
      const unknown = await s.call('/security/getUserInfo', {}, { token: 'A'.repeat(43) })
      expect(unknown.code).toBe(ApiCode.TokenInvalid)
      const garbage = await s.call('/security/getUserInfo', {}, { token: 'not a token' })
      expect(garbage.code).toBe(ApiCode.TokenInvalid)

      const mobile = nextMobile()
      const token = await register(s, mobile)
      await advance(s, TTL)
      expect((await s.call('/security/getUserInfo', {}, { token })).code).toBe(ApiCode.TokenExpired)

      await advance(s, MINUTE)
      await sendCode(s, mobile)
      const fresh = await s.call<LoginResult>('/security/login', {
        country: 'TZ',
        mobile,
        code: await codeFor(s, mobile),
      })
      expect((await s.call('/security/logout', {}, { token: fresh.data.token })).code).toBe(ApiCode.Ok)
      expect((await s.call('/security/getUserInfo', {}, { token: fresh.data.token })).code).toBe(
        ApiCode.TokenInvalid,
      )
    })

    it('locks a code after five wrong tries, even against the right code, until a new one is sent', async () => {
      const mobile = nextMobile()
      await sendCode(s, mobile)
      const right = await codeFor(s, mobile)
      const wrong = right === '000000' ? '111111' : '000000'
      for (let i = 1; i <= 4; i += 1) {
        const res = await s.call('/security/login', { country: 'TZ', mobile, code: wrong })
        expect(res.code, `wrong try ${i}`).toBe(ApiCode.ValidationFailed)
        expect((res.data as { fields: Record<string, string> }).fields.code).toBe('Invalid verification code')
      }
      const fifth = await s.call('/security/login', { country: 'TZ', mobile, code: wrong })
      expect(fifth.code).toBe(ApiCode.RateLimited)
      const rightTooLate = await s.call('/security/login', { country: 'TZ', mobile, code: right })
      expect(rightTooLate).toMatchObject({
        code: ApiCode.RateLimited,
        msg: expect.stringMatching(/new code/i),
      })

      await advance(s, MINUTE)
      await sendCode(s, mobile)
      const ok = await s.call('/security/login', { country: 'TZ', mobile, code: await codeFor(s, mobile) })
      expect(ok.code).toBe(ApiCode.Ok)
    })

    it('lets a code live five minutes', async () => {
      const mobile = nextMobile()
      await sendCode(s, mobile)
      const code = await codeFor(s, mobile)
      await advance(s, 5 * MINUTE)
      const late = await s.call('/security/login', { country: 'TZ', mobile, code })
      expect(late.code).toBe(ApiCode.ValidationFailed)
    })

    it('sends a new code at most once a minute and five times an hour per number', async () => {
      const mobile = nextMobile()
      expect((await sendCode(s, mobile)).code).toBe(ApiCode.Ok)
      const tooSoon = await sendCode(s, mobile)
      expect(tooSoon.code).toBe(ApiCode.RateLimited)
      expect((tooSoon.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0)
      expect((tooSoon.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60)
      for (let i = 2; i <= 5; i += 1) {
        await advance(s, MINUTE)
        expect((await sendCode(s, mobile)).code, `code ${i}`).toBe(ApiCode.Ok)
      }
      await advance(s, MINUTE)
      const sixth = await sendCode(s, mobile)
      expect(sixth.code).toBe(ApiCode.RateLimited)
      await advance(s, 60 * MINUTE)
      expect((await sendCode(s, mobile)).code).toBe(ApiCode.Ok)
    })

    it('answers a malformed number with the field and its message, never a crash', async () => {
      const res = await s.call('/security/getVerifyCode', { country: 'TZ', mobile: '12', purpose: 'login' })
      expect(res.code).toBe(ApiCode.ValidationFailed)
      expect(Object.keys((res.data as { fields: Record<string, string> }).fields)).toEqual(['mobile'])
      const wrongTypes = await s.call('/security/login', { country: 'TZ', mobile: 712345678, code: 123456 })
      expect(wrongTypes.code).toBe(ApiCode.ValidationFailed)
      const noCountry = await s.call('/security/existsByMobile', { mobile: '0712345678' })
      expect(noCountry.code).toBe(ApiCode.ValidationFailed)
    })
  })

  it('refuses more codes an hour from one address than the limit (20), whatever the numbers', async () => {
    const ip = '203.0.113.7'
    for (let i = 0; i < 20; i += 1) {
      const res = await server.call(
        '/security/getVerifyCode',
        { country: 'TZ', mobile: nextMobile(), purpose: 'login' },
        { ip },
      )
      expect(res.code, `code ${i + 1}`).toBe(ApiCode.Ok)
    }
    const over = await server.call(
      '/security/getVerifyCode',
      { country: 'TZ', mobile: nextMobile(), purpose: 'login' },
      { ip },
    )
    expect(over.code).toBe(ApiCode.RateLimited)
    const elsewhere = await server.call('/security/getVerifyCode', {
      country: 'TZ',
      mobile: nextMobile(),
      purpose: 'login',
    })
    expect(elsewhere.code).toBe(ApiCode.Ok)
  })

  it('forgets codes after a day and ended sessions a month later, keeping recent ones', async () => {
    const { db } = server.server.ctx
    const mobile = nextMobile()
    const oldToken = await signUp(server, mobile)
    expect((await db.select().from(verifyCodes)).length).toBeGreaterThan(0)
    await advance(server, 31 * DAY + HOUR)
    expect(await db.select().from(verifyCodes)).toEqual([])
    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions)
    expect(left).toEqual([])
    expect((await server.call('/security/getUserInfo', {}, { token: oldToken })).code).toBe(
      ApiCode.TokenInvalid,
    )

    // A session that ended recently is kept, so its token still gets the precise code (expired, not unknown).
    const recent = await signUp(server, nextMobile())
    await advance(server, HOUR)
    expect((await server.call('/security/getUserInfo', {}, { token: recent })).code).toBe(
      ApiCode.TokenExpired,
    )
  })
})
