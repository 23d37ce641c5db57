/**
 * Story helpers over a TestServer: read a code from the development SMS page, move the clock, sign up.
 */
import { expect } from 'vitest'
import { ApiCode } from '../../../domain/api-codes'
import type { LoginResult } from '../../../domain/api-types'
import type { CountryCode } from '../../../domain/countries'
import type { TestServer } from './server'

/** The newest code the development outbox holds for a number, read from the /dev/sms page. */
export async function codeFor(s: TestServer, mobile: string): Promise<string> {
  const page = await s.raw({ method: 'GET', url: '/dev/sms' })
  expect(page.status).toBe(200)
  expect(page.body).not.toContain(mobile.replace(/^0/, ''))
  for (const row of page.body.split('<tr>')) {
    if (row.includes(`•${mobile.slice(-3)}<`)) {
      const code = /\b(\d{6})\b/.exec(row)?.[1]
      if (code) return code
    }
  }
  throw new Error('no code in the outbox')
}

export async function advance(s: TestServer, ms: number): Promise<void> {
  const res = await s.raw({
    method: 'POST',
    url: '/dev/clock/advance',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  })
  expect(res.status).toBe(200)
}

/** Registers a number and returns its token. */
export async function signUp(s: TestServer, mobile: string, country: CountryCode = 'TZ'): Promise<string> {
  const sent = await s.call('/security/getVerifyCode', { country, mobile, purpose: 'register' })
  expect(sent.code).toBe(ApiCode.Ok)
  const res = await s.call<LoginResult>('/security/register', {
    country,
    mobile,
    code: await codeFor(s, mobile),
  })
  expect(res.code).toBe(ApiCode.Ok)
  return res.data.token
}
