/**
 * The lender's console (issue 20), its first floor: staff sign in with a password and an authenticator code,
 * sessions expire, each role may do what it needs and no more, and every staff action is in an audit log the
 * database will not let anyone change.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditCsv, csvField } from '../../server/console/audit'
import { hashPassword, verifyPassword } from '../../server/console/passwords'
import { may, shownTo } from '../../server/console/roles'
import { createStaff, LOCK_MS, SESSION_IDLE_MS, SESSION_MAX_MS } from '../../server/console/staff'
import { acceptTotp, base32Decode, base32Encode, hotp, totpAt } from '../../server/console/totp'
import type { StaffRole } from '../../server/db/schema/staff'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer, type TestServer } from './helpers/server'

describe('authenticator codes (RFC 4226 and RFC 6238 test vectors)', () => {
  const rfcSecret = Buffer.from('12345678901234567890')

  it('computes the HOTP values of RFC 4226 appendix D', () => {
    const want = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    expect(want.map((_, counter) => hotp(rfcSecret, counter))).toEqual(want)
  })

  it('computes RFC 6238 appendix B’s SHA-1 codes (their last six digits)', () => {
    const secret = base32Encode(rfcSecret)
    expect(totpAt(secret, 59_000)).toBe('287082')
    expect(totpAt(secret, 1_111_111_109_000)).toBe('081804')
    expect(totpAt(secret, 1_234_567_890_000)).toBe('005924')
    expect(totpAt(secret, 20_000_000_000_000)).toBe('353130')
  })

  it('reads back what it writes in base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7])
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
  })

  it('takes a code of this step or the next or last, once, and no older one', () => {
    const secret = base32Encode(rfcSecret)
    const now = 1_234_567_890_000
    const step = Math.floor(now / 30_000)
    expect(acceptTotp(secret, totpAt(secret, now), now, 0)).toBe(step)
    expect(acceptTotp(secret, totpAt(secret, now - 30_000), now, 0)).toBe(step - 1)
    expect(acceptTotp(secret, totpAt(secret, now + 30_000), now, 0)).toBe(step + 1)
    expect(acceptTotp(secret, totpAt(secret, now - 60_000), now, 0)).toBeNull()
    // Used once: not again, nor an earlier step's.
    expect(acceptTotp(secret, totpAt(secret, now), now, step)).toBeNull()
    expect(acceptTotp(secret, totpAt(secret, now - 30_000), now, step)).toBeNull()
    expect(acceptTotp(secret, '12345', now, 0)).toBeNull()
  })
})

describe('passwords', () => {
  it('are kept as salted scrypt hashes that only the password opens', async () => {
    const one = await hashPassword('correct horse battery')
    const two = await hashPassword('correct horse battery')
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(one).not.toBe(two)
    expect(await verifyPassword('correct horse battery', one)).toBe(true)
    expect(await verifyPassword('correct horse batterY', one)).toBe(false)
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
  })
})

describe('roles and personal data', () => {
  it('lets each role do its work only, and an admin everything', () => {
    const allowed = (role: StaffRole) =>
      (
        ['audit.read', 'tickets.answer', 'repayments.review', 'decisions.read', 'staff.manage'] as const
      ).filter((p) => may(role, p))
    expect(allowed('support')).toEqual(['tickets.answer'])
    expect(allowed('finance')).toEqual(['repayments.review'])
    expect(allowed('risk')).toEqual(['decisions.read'])
    expect(allowed('admin')).toHaveLength(5)
  })

  it('masks numbers for everyone but an admin, and the name for finance', () => {
    expect(shownTo('support', 'mobile', '0712345678')).toBe('*******678')
    expect(shownTo('finance', 'nationalId', '19900101123450000123')).toBe('****************0123')
    expect(shownTo('support', 'name', 'Amina Juma')).toBe('Amina Juma')
    expect(shownTo('finance', 'name', 'Amina Juma')).toBe('A…')
    expect(shownTo('admin', 'mobile', '0712345678')).toBe('0712345678')
  })
})

describe('the audit export', () => {
  it('writes RFC 4180 CSV and never a formula a spreadsheet would run', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('-1+2')).toBe("'-1+2")
    const csv = auditCsv([
      {
        id: 1,
        at: new Date('2026-11-01T08:00:00Z'),
        staffId: 2,
        action: 'staff.created',
        subject: 'staff:3',
        before: null,
        after: { role: 'support' },
      },
    ])
    expect(csv).toBe(
      'id,at,staff_id,action,subject,before,after\r\n1,2026-11-01T08:00:00.000Z,2,staff.created,staff:3,,"{""role"":""support""}"\r\n',
    )
  })
})

describeOnEachDatabase('The staff console API', (target) => {
  let s: TestServer
  let adminSecret = ''
  let auditorSecret = ''
  const PASSWORD = 'a long admin passphrase'

  const request = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { token?: string; body?: unknown } = {},
  ) => {
    const res = await s.server.app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-forwarded-for': '10.20.0.1',
      },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    })
    const type = String(res.headers['content-type'] ?? '')
    return {
      status: res.statusCode,
      body: type.includes('json') ? res.json() : res.body,
      headers: res.headers,
    }
  }
  const now = () => s.server.ctx.clock.nowMs()
  const advance = (ms: number) => s.server.ctx.clock.advance(ms)
  /** A code of the next step, as an authenticator would show 30 s later (each code is good once). */
  const nextCode = async (secret: string) => {
    await advance(30_000)
    return totpAt(secret, now())
  }
  const signIn = async (username: string, password: string, secret: string) =>
    request('POST', '/console/api/session', { body: { username, password, code: await nextCode(secret) } })

  beforeAll(async () => {
    s = await startTestServer(target)
    const { totpSecret } = await createStaff(
      s.server.ctx.db,
      s.server.ctx.clock.now(),
      { username: 'ana.admin', displayName: 'Ana', role: 'admin', password: PASSWORD },
      null,
    )
    adminSecret = totpSecret
    // A second admin for the audit story: sign-ins are limited to 10 a minute per username.
    auditorSecret = (
      await createStaff(
        s.server.ctx.db,
        s.server.ctx.clock.now(),
        { username: 'ada.admin', displayName: 'Ada', role: 'admin', password: PASSWORD },
        null,
      )
    ).totpSecret
  })
  afterAll(() => s.close())

  it('signs an admin in with password and code, and the token reads who they are', async () => {
    const res = await signIn('ana.admin', PASSWORD, adminSecret)
    expect(res.status).toBe(200)
    expect(res.body.staff).toMatchObject({ username: 'ana.admin', role: 'admin' })
    const me = await request('GET', '/console/api/me', { token: res.body.token })
    expect(me.status).toBe(200)
    expect(me.body.permissions).toContain('audit.export')
  })

  it('refuses a wrong code, a wrong password and an unknown name alike, and a code twice', async () => {
    const code = await nextCode(adminSecret)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (const body of [
      { username: 'ana.admin', password: PASSWORD, code: wrongCode },
      { username: 'ana.admin', password: 'not the passphrase', code },
      { username: 'nobody.here', password: PASSWORD, code },
    ]) {
      const res = await request('POST', '/console/api/session', { body })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ error: 'wrongCredentials' })
    }
    const first = await request('POST', '/console/api/session', {
      body: { username: 'ana.admin', password: PASSWORD, code },
    })
    expect(first.status).toBe(200)
    const replay = await request('POST', '/console/api/session', {
      body: { username: 'ana.admin', password: PASSWORD, code },
    })
    expect(replay.status).toBe(401)
  })

  it('answers bad input with the fields at fault, never a 5xx', async () => {
    for (const body of [
      {},
      { username: 'A', password: '', code: 'abc' },
      [1, 2],
      'text',
      { username: 'x'.repeat(500) },
    ]) {
      const res = await request('POST', '/console/api/session', { body })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('invalidInput')
      expect(JSON.stringify(res.body)).not.toContain(PASSWORD)
    }
  })

  it('creates staff only for an admin, and each role gets what it may', async () => {
    const admin = (await signIn('ana.admin', PASSWORD, adminSecret)).body.token as string
    const created = await request('POST', '/console/api/staff', {
      token: admin,
      body: {
        username: 'sam.support',
        displayName: 'Sam',
        role: 'support',
        password: 'support passphrase 1',
      },
    })
    expect(created.status).toBe(201)
    const uri = new URL(created.body.otpauthUri as string)
    expect(uri.protocol).toBe('otpauth:')
    const secret = uri.searchParams.get('secret')!
    const taken = await request('POST', '/console/api/staff', {
      token: admin,
      body: { username: 'sam.support', displayName: 'Sam 2', role: 'risk', password: 'support passphrase 2' },
    })
    expect(taken.status).toBe(409)
    const weak = await request('POST', '/console/api/staff', {
      token: admin,
      body: { username: 'tim.risk', displayName: 'Tim', role: 'risk', password: 'short' },
    })
    expect(weak.status).toBe(400)
    expect(weak.body.fields).toEqual(['password'])

    const support = (await signIn('sam.support', 'support passphrase 1', secret)).body.token as string
    expect((await request('GET', '/console/api/me', { token: support })).body.permissions).toEqual([
      'tickets.answer',
      'loans.read',
      'loans.cancel',
    ])
    expect((await request('GET', '/console/api/audit', { token: support })).status).toBe(403)
    const denied = await request('POST', '/console/api/staff', {
      token: support,
      body: { username: 'eve.admin', displayName: 'Eve', role: 'admin', password: 'a sneaky passphrase' },
    })
    expect(denied.status).toBe(403)
    expect((await request('GET', '/console/api/me')).status).toBe(401)
  })

  it('locks an account for 15 minutes after five wrong tries, then lets it in again', async () => {
    const admin = (await signIn('ana.admin', PASSWORD, adminSecret)).body.token as string
    const created = await request('POST', '/console/api/staff', {
      token: admin,
      body: {
        username: 'fay.finance',
        displayName: 'Fay',
        role: 'finance',
        password: 'finance passphrase 1',
      },
    })
    const secret = new URL(created.body.otpauthUri as string).searchParams.get('secret')!
    const answers: number[] = []
    for (let i = 0; i < 5; i++) answers.push((await signIn('fay.finance', 'wrong passphrase', secret)).status)
    expect(answers).toEqual([401, 401, 401, 401, 423])
    expect((await signIn('fay.finance', 'finance passphrase 1', secret)).status).toBe(423)
    await advance(LOCK_MS)
    expect((await signIn('fay.finance', 'finance passphrase 1', secret)).status).toBe(200)
  })

  it('ends a session after 30 idle minutes, after 12 hours in any case, and at sign-out', async () => {
    const idle = (await signIn('ana.admin', PASSWORD, adminSecret)).body.token as string
    await advance(SESSION_IDLE_MS + 1_000)
    expect((await request('GET', '/console/api/me', { token: idle })).status).toBe(401)

    const busy = (await signIn('ana.admin', PASSWORD, adminSecret)).body.token as string
    let elapsed = 0
    while (elapsed < SESSION_MAX_MS - SESSION_IDLE_MS) {
      await advance(SESSION_IDLE_MS - 60_000)
      elapsed += SESSION_IDLE_MS - 60_000
      expect((await request('GET', '/console/api/me', { token: busy })).status).toBe(200)
    }
    await advance(SESSION_IDLE_MS - 60_000)
    expect((await request('GET', '/console/api/me', { token: busy })).status).toBe(401)

    const leaving = (await signIn('ana.admin', PASSWORD, adminSecret)).body.token as string
    expect((await request('DELETE', '/console/api/session', { token: leaving })).status).toBe(204)
    expect((await request('GET', '/console/api/me', { token: leaving })).status).toBe(401)
  })

  it('keeps every action in an audit log no one can change, which only an admin reads and exports', async () => {
    const admin = (await signIn('ada.admin', PASSWORD, auditorSecret)).body.token as string
    const from = new Date(now() - 30 * 24 * 3600_000).toISOString()
    const page = await request('GET', `/console/api/audit?from=${from}&limit=500`, { token: admin })
    expect(page.status).toBe(200)
    const actions = (page.body.rows as { action: string }[]).map((r) => r.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.created',
        'session.signedIn',
        'session.refused',
        'session.locked',
        'session.signedOut',
      ]),
    )
    expect(JSON.stringify(page.body)).not.toMatch(/passphrase|scrypt\$/)

    const csv = await request('GET', `/console/api/audit.csv?from=${from}`, { token: admin })
    expect(csv.status).toBe(200)
    expect(String(csv.headers['content-type'])).toContain('text/csv')
    expect(String(csv.body).split('\r\n')[0]).toBe('id,at,staff_id,action,subject,before,after')
    const after = await request('GET', `/console/api/audit?from=${from}&limit=500`, { token: admin })
    expect((after.body.rows as { action: string }[]).at(-1)?.action).toBe('audit.exported')

    expect((await request('GET', '/console/api/audit?from=yesterday', { token: admin })).status).toBe(400)
    const db = s.server.ctx.db
    await expect(db.execute(sql`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow()
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow()
  })
})

describeOnEachDatabase('The staff console, for the operator and the admin', (target) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(target)
  })
  afterAll(() => s.close())

  const json = async (method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) => {
    const res = await s.server.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-forwarded-for': '10.20.0.2',
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : null }
  }

  it('an admin changes their password with the current one, and their other sessions end', async () => {
    const { totpSecret } = await createStaff(
      s.server.ctx.db,
      s.server.ctx.clock.now(),
      { username: 'ola.admin', displayName: 'Ola', role: 'admin', password: 'first passphrase' },
      null,
    )
    const signIn = async (password: string) => {
      await s.server.ctx.clock.advance(30_000)
      const code = totpAt(totpSecret, s.server.ctx.clock.nowMs())
      return json('POST', '/console/api/session', null, { username: 'ola.admin', password, code })
    }
    const here = (await signIn('first passphrase')).body!.token as string
    const elsewhere = (await signIn('first passphrase')).body!.token as string
    const wrong = await json('POST', '/console/api/password', here, {
      current: 'not it',
      next: 'second passphrase',
    })
    expect(wrong).toEqual({ status: 400, body: { error: 'invalidInput', fields: ['current'] } })
    const short = await json('POST', '/console/api/password', here, {
      current: 'first passphrase',
      next: 'short',
    })
    expect(short.body).toEqual({ error: 'invalidInput', fields: ['next'] })
    expect(
      (
        await json('POST', '/console/api/password', here, {
          current: 'first passphrase',
          next: 'second passphrase',
        })
      ).status,
    ).toBe(204)
    expect((await json('GET', '/console/api/me', here)).status).toBe(200)
    expect((await json('GET', '/console/api/me', elsewhere)).status).toBe(401)
    expect((await signIn('first passphrase')).status).toBe(401)
    expect((await signIn('second passphrase')).status).toBe(200)
  })
})
