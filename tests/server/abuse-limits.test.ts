/**
 * Issue 14, each defect the attack found, on every database:
 * - the malformed requests that were 500s (multipart without a boundary or cut off, a NUL in an order id, a page of
 *   1e300, a pay frequency that is not a string, bad JSON, wrong types) are codes, with nothing internal in them;
 * - an upload is refused before its body is read when its path, its token or the limits say no: a stranger's
 *   20 MB is never buffered, also twelve at once; uploads read at once are capped;
 * - a borrower keeps one image of each identity kind (a new one replaces the old), receipts within a daily count
 *   and a byte quota, and messages within a daily count;
 * - limits per address (flood guard, calls without a session) and per session, answered 1005 with a retry time;
 * - /event/batch keeps nothing without a session, and caps a session's batches and events;
 * - an Authorization header that is not `Bearer <token>` is refused.
 */
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, type ApiPath } from '../../domain/api'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import {
  encodeRequest,
  encodeUploadExtra,
  encryptText,
  UPLOAD_EXTRA_FIELD,
} from '../../protocol/protocol'
import { DEFAULT_CONFIG, type RateLimitPolicy, type QuotaPolicy } from '../../server/config'
import { appEvents } from '../../server/db/schema/events'
import { images } from '../../server/db/schema/profile'
import { createGate, createRateLimiter } from '../../server/limits'
import { describeOnEachDatabase } from './helpers/databases'
import { answerProblems } from './helpers/fuzz'
import { photo, png } from './helpers/images'
import { startTestServer, type TestServer } from './helpers/server'
import { signUp } from './helpers/session'

const PACKAGE = 'com.kopa.app'
const MB = 1024 * 1024
const json = { 'content-type': 'application/json' }
type Envelope = { code: number; msg: string; data: unknown }

const limits = (l: Partial<RateLimitPolicy>): RateLimitPolicy => ({ ...DEFAULT_CONFIG.rateLimits, ...l })
const quotas = (q: Partial<QuotaPolicy>): QuotaPolicy => ({ ...DEFAULT_CONFIG.quotas, ...q })

let mobiles = 0
const nextMobile = () =>
  `0713${String(Date.now() % 100_000).padStart(5, '0')}${(mobiles = (mobiles + 1) % 10)}`

/** A body that makes its bytes only when read, counting them: proof of what the server consumed. */
function lazyBody(prefix: Buffer, size: number, suffix: Buffer) {
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  let made = 0
  let sentPrefix = false
  let ended = false
  const stream = new Readable({
    read() {
      if (!sentPrefix) {
        sentPrefix = true
        this.push(prefix)
        return
      }
      if (made < size) {
        const n = Math.min(chunk.length, size - made)
        made += n
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n))
        return
      }
      if (!ended) {
        ended = true
        this.push(suffix)
        this.push(null)
      }
    },
  })
  return { stream, pulled: () => made }
}

/** The multipart parts around a file of `size` bytes (a PNG header, then filler), as the app sends an upload. */
function uploadParts(extra: string, boundary = 'kopa-limits') {
  const prefix = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_EXTRA_FIELD}"\r\n\r\n${extra}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  ])
  return {
    prefix,
    suffix: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

function uploadRequest(s: TestServer, apiPath: ApiPath) {
  return encodeUploadExtra({
    packageName: PACKAGE,
    path: apiPath,
    base: API[apiPath].base,
    payload: {},
    now: s.server.ctx.clock.nowMs(),
  })
}

/** Files under the upload directory. */
function filesIn(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.push(p)
    }
  }
  try {
    walk(dir)
  } catch {
    return []
  }
  return out
}

describe('The limiter', () => {
  it('counts per bucket and key in fixed windows, and refuses with the seconds left', () => {
    let now = 0
    const rate = createRateLimiter(100, () => now)
    expect([1, 2, 3].map(() => rate.hit('a', 'k', 2, 60_000).ok)).toEqual([true, true, false])
    expect(rate.hit('a', 'k', 2, 60_000).retryAfterSeconds).toBe(60)
    expect(rate.hit('b', 'k', 2, 60_000).ok).toBe(true)
    now = 45_000
    expect(rate.hit('a', 'k', 2, 60_000).retryAfterSeconds).toBe(15)
    now = 60_000
    expect(rate.hit('a', 'k', 2, 60_000).ok).toBe(true)
  })

  it('keeps at most its number of windows, forgetting the oldest first', () => {
    let now = 0
    const rate = createRateLimiter(1000, () => now)
    for (let i = 0; i < 5000; i++) {
      now += 1
      rate.hit('a', `key-${i}`, 1, 60_000_000)
    }
    expect(rate.size()).toBeLessThanOrEqual(1000)
    // The newest key is still counted; the oldest was forgotten.
    expect(rate.hit('a', 'key-4999', 1, 60_000_000).ok).toBe(false)
    expect(rate.hit('a', 'key-0', 1, 60_000_000).ok).toBe(true)
  })

  it('lets a gate hold at most its number', () => {
    const gate = createGate(2)
    expect([gate.enter(), gate.enter(), gate.enter()]).toEqual([true, true, false])
    gate.leave()
    expect(gate.enter()).toBe(true)
    expect(gate.inside()).toBe(2)
  })
})

describeOnEachDatabase('Malformed requests that were 500s', (target) => {
  let s: TestServer
  let token = ''
  beforeAll(async () => {
    s = await startTestServer(target)
    token = await signUp(s, nextMobile())
  })
  afterAll(() => s.close())

  const post = (url: string, body: string | Buffer, headers: Record<string, string>) =>
    s.raw({ method: 'POST', url, headers: { 'x-forwarded-for': '198.18.0.1', ...headers }, body })

  it('answers multipart without a boundary, cut off or garbled with 1006, and bad JSON with 1002, as HTTP 200', async () => {
    const { url, extra } = uploadRequest(s, '/user/upload/curp/front')
    const auth = { authorization: `Bearer ${token}` }
    const unterminated = `--x\r\nContent-Disposition: form-data; name="extra"\r\n\r\n${extra}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`
    const cases: [string, Record<string, string>, string | Buffer, number][] = [
      ['no boundary', { 'content-type': 'multipart/form-data', ...auth }, unterminated, ApiCode.BadUpload],
      [
        'empty boundary',
        { 'content-type': 'multipart/form-data; boundary=', ...auth },
        unterminated,
        ApiCode.BadUpload,
      ],
      [
        'unterminated',
        { 'content-type': 'multipart/form-data; boundary=x', ...auth },
        unterminated,
        ApiCode.BadUpload,
      ],
      // No parts at all: no `extra` either, so not a request of the wire format.
      [
        'no parts',
        { 'content-type': 'multipart/form-data; boundary=x', ...auth },
        '--x--\r\n',
        ApiCode.Undecryptable,
      ],
      [
        'garbage',
        { 'content-type': 'multipart/form-data; boundary=x', ...auth },
        Buffer.from([0xff, 0, 1, 2]),
        ApiCode.BadUpload,
      ],
      ['bad JSON', json, '{"data":', ApiCode.Undecryptable],
      ['odd content type', { 'content-type': ';;;' }, '{}', ApiCode.Undecryptable],
    ]
    for (const [what, headers, body, code] of cases) {
      const res = await post(url, body, headers)
      expect(answerProblems(res.status, res.body), what).toEqual([])
      expect((JSON.parse(res.body) as Envelope).code, what).toBe(code)
    }
  })

  it('refuses a NUL or a space in orderNo, loanOrderId and payOrderId, and a page of 1e300, with 1001', async () => {
    const cases: [ApiPath, Record<string, unknown>, string][] = [
      ['/portal/repayment/detail', { orderNo: 'KP1\u0000' }, 'orderNo'],
      ['/portal/repayment/confirm', { orderNo: '\u0000', amountMinor: 1000, channelId: 'mpesa' }, 'orderNo'],
      ['/loan/confirm/product-info', { loanOrderId: '1\u0000' }, 'loanOrderId'],
      ['/loan/get-money/contract', { loanOrderId: '1 1' }, 'loanOrderId'],
      ['/portal/repayment/pay-order', { payOrderId: '7\u0000' }, 'payOrderId'],
      ['/loan/loan-order/list-market', { tab: 'finished', page: 1e300 }, 'page'],
      ['/feedback/list/feedback', { page: 2 ** 53 }, 'page'],
      ['/lottery-draw/coupons', { page: 1, pageSize: 1e300 }, 'pageSize'],
    ]
    for (const [apiPath, payload, field] of cases) {
      const res = await s.call<{ fields: Record<string, string> }>(apiPath, payload, { token })
      expect(res.code, apiPath).toBe(ApiCode.ValidationFailed)
      expect(Object.keys(res.data.fields), apiPath).toContain(field)
    }
  })

  it('refuses a pay frequency that is not a string, and keeps no control character of free text', async () => {
    const work = {
      employmentType: 'employee',
      monthlySalary: '180001-280000',
      companyName: 'Kopa\u0000 Ltd',
      industryCategory: 'finance',
      jobExperience: 'in1_3Years',
      monthlyPayday: 5,
      emergencyContactName1: 'Asha\u0007 Juma',
      emergencyContactMobile1: '0754000111',
      emergencyContactRelation1: 'parent',
      emergencyContactName2: 'Neema Juma',
      emergencyContactMobile2: '0754000222',
      emergencyContactRelation2: 'sibling',
    }
    for (const payFrequency of [{ a: 1 }, 5, ['Monthly'], true, null]) {
      const res = await s.call<{ fields: Record<string, string> }>(
        '/user/saveAdditionInfo-market',
        { ...work, payFrequency },
        { token },
      )
      expect(
        answerProblems((res as unknown as { status: number }).status, JSON.stringify(res)),
        JSON.stringify(payFrequency),
      ).toEqual([])
      expect(res.code).toBe(ApiCode.ValidationFailed)
    }
    expect(s.logs.some((l) => l.includes('"level":50'))).toBe(false)
  })

  it('answers wrong types, huge numbers and nesting in every field with 1001, never a 500', async () => {
    const odd = [
      1e300,
      -1e300,
      2 ** 64,
      { $gt: '' },
      ['x'],
      '\u0000',
      '\ud800',
      'x'.repeat(10_000),
      true,
      null,
    ]
    for (const apiPath of [
      '/loan/loan-order/apply-market',
      '/feedback/create',
      '/user/addBankCard',
      '/app/evaluate/record',
    ] as ApiPath[]) {
      for (const value of odd) {
        const payload = {
          productId: value,
          amountMinor: value,
          tenureDays: value,
          loanOrderId: value,
          type: value,
          description: value,
          contact: value,
          provider: value,
          accountNumber: value,
          outcome: value,
        }
        const res = await s.call(apiPath, payload, { token })
        expect(
          answerProblems((res as unknown as { status: number }).status, JSON.stringify(res)),
          `${apiPath} ${String(value).slice(0, 20)}`,
        ).toEqual([])
      }
    }
  })

  it('refuses an Authorization header that is not "Bearer <token>" as an invalid token (100103)', async () => {
    for (const authorization of [token, `Token ${token}`, `Basic ${token}`, `Bearer ${token} x`]) {
      const res = await s.call('/security/getUserInfo', {}, { headers: { authorization } })
      expect(res.code, authorization.slice(0, 12)).toBe(ApiCode.TokenInvalid)
    }
    expect((await s.call('/security/getUserInfo', {}, { headers: { authorization: 'Bearer' } })).code).toBe(
      ApiCode.NotLoggedIn,
    )
    expect(
      (await s.call('/security/getUserInfo', {}, { headers: { authorization: `bearer  ${token}` } })).code,
    ).toBe(ApiCode.Ok)
    const file = await s.raw({ method: 'GET', url: '/feedback/files/1', headers: { authorization: token } })
    expect(file.status).toBe(401)
    expect((JSON.parse(file.body) as Envelope).code).toBe(ApiCode.TokenInvalid)
  })
})

describeOnEachDatabase('Uploads are refused before they are read', (target) => {
  let s: TestServer
  let token = ''
  beforeAll(async () => {
    s = await startTestServer(target, 'inject', { config: { rateLimits: limits({ concurrentUploads: 1 }) } })
    token = await signUp(s, nextMobile())
  })
  afterAll(() => s.close())

  /** Sends a 20 MB upload whose bytes are made only when the server reads them. */
  async function lazyUpload(url: string, extra: string, headers: Record<string, string>, size = 20 * MB) {
    const parts = uploadParts(extra)
    const body = lazyBody(parts.prefix, size, parts.suffix)
    const res = await s.server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': parts.contentType, 'x-forwarded-for': '198.18.1.1', ...headers },
      payload: body.stream,
    })
    body.stream.destroy()
    return { code: (JSON.parse(res.body) as Envelope).code, status: res.statusCode, pulled: body.pulled() }
  }

  it('refuses a stranger’s, an unknown call’s and a JSON call’s 20 MB upload without reading it', async () => {
    const front = uploadRequest(s, '/user/upload/curp/front')
    const login = uploadRequest(s, '/security/login')
    const cases: [string, string, Record<string, string>, number][] = [
      ['no token', front.url, {}, ApiCode.NotLoggedIn],
      ['junk token', front.url, { authorization: `Bearer ${'A'.repeat(43)}` }, ApiCode.TokenInvalid],
      ['no Bearer', front.url, { authorization: token }, ApiCode.TokenInvalid],
      [
        'unknown path',
        `/api/${encryptText(PACKAGE, '/user/upload/everything')}`,
        { authorization: `Bearer ${token}` },
        ApiCode.UnknownCall,
      ],
      ['undecryptable path', '/api/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', {}, ApiCode.Undecryptable],
      ['a JSON call', login.url, {}, ApiCode.Undecryptable],
    ]
    for (const [what, url, headers, code] of cases) {
      const res = await lazyUpload(url, front.extra, headers)
      expect([what, res.status, res.code]).toEqual([what, 200, code])
      // Nothing of the file was read: the server answered from the URL and the headers.
      expect(res.pulled, what).toBe(0)
    }
  })

  it('refuses twelve strangers’ 20 MB uploads at once, reading none of them', async () => {
    const front = uploadRequest(s, '/user/upload/curp/front')
    const results = await Promise.all(
      Array.from({ length: 12 }, () => lazyUpload(front.url, front.extra, {})),
    )
    for (const r of results) expect([r.code, r.pulled]).toEqual([ApiCode.NotLoggedIn, 0])
  })

  it('reads a borrower’s upload only up to 20 MB (1006), and one upload at a time when so configured (1005)', async () => {
    const front = uploadRequest(s, '/user/upload/curp/front')
    const auth = { authorization: `Bearer ${token}` }
    const tooBig = await lazyUpload(front.url, front.extra, auth, 21 * MB)
    expect(tooBig.code).toBe(ApiCode.BadUpload)
    expect(tooBig.pulled).toBeLessThanOrEqual(21 * MB)

    // A slow upload holds the only slot: a second one is refused at once, unread.
    const parts = uploadParts(front.extra)
    const slow = new Readable({ read() {} })
    slow.push(parts.prefix)
    const first = s.server.app.inject({
      method: 'POST',
      url: front.url,
      headers: { 'content-type': parts.contentType, 'x-forwarded-for': '198.18.1.2', ...auth },
      payload: slow,
    })
    const release = () => {
      slow.push(png(40, 30, 'noise').subarray(8))
      slow.push(parts.suffix)
      slow.push(null)
    }
    for (let i = 0; i < 200 && s.server.ctx.limits.uploads.inside() === 0; i++)
      await new Promise((r) => setTimeout(r, 10))
    expect(s.server.ctx.limits.uploads.inside()).toBe(1)
    const second = await lazyUpload(front.url, front.extra, auth)
    expect([second.code, second.pulled]).toEqual([ApiCode.RateLimited, 0])
    release()
    expect((JSON.parse((await first).body) as Envelope).code).toBe(ApiCode.Ok)
    expect(s.server.ctx.limits.uploads.inside()).toBe(0)
  })
})

describeOnEachDatabase('What one borrower may store', (target) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(target, 'inject', {
      config: {
        quotas: quotas({
          receiptUploadsPerDay: 4,
          receiptBytesPerBorrower: 400_000,
          messagesPerDay: 2,
          eventsPerSessionPerDay: 5,
        }),
        rateLimits: limits({ eventBatchesPerSessionPerMinute: 3 }),
      },
    })
  })
  afterAll(() => s.close())

  const kinds = async (userToken: string) => {
    const me = await s.call<T.UserInfo>('/security/getUserInfo', {}, { token: userToken })
    return s.server.ctx.db
      .select({ kind: images.kind, fileName: images.fileName })
      .from(images)
      .where(eq(images.userId, Number(me.data.basicInfo.userId)))
  }

  it('keeps one image of each identity kind: five ID fronts leave one row and one file', async () => {
    const token = await signUp(s, nextMobile())
    const before = filesIn(s.server.ctx.config.uploadDir).length
    for (let i = 0; i < 5; i++) {
      const res = await s.upload<T.ImageCheckResult>('/user/upload/curp/front', photo(), {}, { token })
      expect(res.data.accepted).toBe(true)
    }
    await s.upload('/user/upload/curp/back', photo(), {}, { token })
    await s.upload('/user/upload/curp/back', photo(), {}, { token })
    const rows = await kinds(token)
    expect(rows.map((r) => r.kind).sort()).toEqual(['idBack', 'idFront'])
    const files = filesIn(s.server.ctx.config.uploadDir)
    expect(files.length - before).toBe(2)
    for (const r of rows) expect(files.some((f) => f.endsWith(r.fileName))).toBe(true)
  })

  it('caps receipts by bytes kept and by uploads a day (2204), and messages a day (1005)', async () => {
    const heavy = await signUp(s, nextMobile())
    const receipt = () => ({ bytes: png(480, 300, 'noise'), name: 'r.png', type: 'image/png' })
    // Two noisy receipts (~145 KB each) fit in 400 KB; a third does not.
    expect((await s.upload('/feedback/upload/credential', receipt(), {}, { token: heavy })).code).toBe(
      ApiCode.Ok,
    )
    expect((await s.upload('/feedback/upload/credential', receipt(), {}, { token: heavy })).code).toBe(
      ApiCode.Ok,
    )
    expect((await s.upload('/feedback/upload/credential', receipt(), {}, { token: heavy })).code).toBe(
      ApiCode.FeedbackUploadLimit,
    )

    const many = await signUp(s, nextMobile())
    const tiny = () => ({ bytes: png(8, 8, 'blank'), name: 't.png', type: 'image/png' })
    for (let i = 0; i < 4; i++)
      expect((await s.upload('/feedback/upload/credential', tiny(), {}, { token: many })).code).toBe(
        ApiCode.Ok,
      )
    expect((await s.upload('/feedback/upload/credential', tiny(), {}, { token: many })).code).toBe(
      ApiCode.FeedbackUploadLimit,
    )

    const ticket = await s.call<T.FeedbackCreated>(
      '/feedback/create',
      {
        type: 3,
        description: 'Where is my money?',
        receipts: [],
        contact: '0754123456',
        contactTime: 'anytime',
      },
      { token: many },
    )
    expect(ticket.code).toBe(ApiCode.Ok)
    const leave = () =>
      s.call(
        '/feedback/add/leaveMsg',
        { feedbackId: ticket.data.feedbackId, content: 'Any news?' },
        { token: many },
      )
    expect((await leave()).code).toBe(ApiCode.Ok)
    expect((await leave()).code).toBe(ApiCode.Ok)
    expect((await leave()).code).toBe(ApiCode.RateLimited)
  })

  it('keeps no event without a session, and caps a session’s batches and events', async () => {
    const now = () => s.server.ctx.clock.nowMs()
    // One moment per batch, each event a millisecond before the last: read per event, a clock that ticks between
    // two reads gave two events the same time, which the server keeps once (its fingerprint), so one went missing.
    const events = (n: number, pageName: string) => {
      const at = now()
      return { events: Array.from({ length: n }, (_, i) => ({ time: at - i, eventType: 'view', pageName })) }
    }
    const stranger = await s.call<T.EventsAccepted>('/event/batch', events(3, 'stranger-page'))
    expect(stranger).toMatchObject({ code: ApiCode.Ok, data: { accepted: 0 } })
    const junk = await s.call<T.EventsAccepted>('/event/batch', events(3, 'stranger-page'), {
      token: 'A'.repeat(43),
    })
    expect(junk).toMatchObject({ code: ApiCode.Ok, data: { accepted: 0 } })

    const token = await signUp(s, nextMobile())
    expect(
      (await s.call<T.EventsAccepted>('/event/batch', events(4, 'mine-1'), { token })).data.accepted,
    ).toBe(4)
    // The day's quota is 5 events: one more is kept, the rest answered and dropped.
    expect(
      (await s.call<T.EventsAccepted>('/event/batch', events(4, 'mine-2'), { token })).data.accepted,
    ).toBe(1)
    expect(
      (await s.call<T.EventsAccepted>('/event/batch', events(1, 'mine-3'), { token })).data.accepted,
    ).toBe(0)
    const over = await s.call<{ retryAfterSeconds: number }>('/event/batch', events(1, 'mine-4'), { token })
    expect(over.code).toBe(ApiCode.RateLimited)
    expect(over.data.retryAfterSeconds).toBeGreaterThan(0)

    const stored = await s.server.ctx.db.select().from(appEvents).orderBy(asc(appEvents.id))
    expect(stored.filter((e) => e.pageName === 'stranger-page')).toEqual([])
    expect(stored.filter((e) => e.pageName.startsWith('mine-'))).toHaveLength(5)
  })
})

describe('Limits per address and per session', () => {
  let s: TestServer
  beforeAll(async () => {
    const { DATABASE_TARGETS } = await import('./helpers/databases')
    s = await startTestServer(DATABASE_TARGETS[0]!, 'inject', {
      config: {
        rateLimits: limits({
          perAddressPerMinute: 40,
          anonymousPerAddressPerMinute: 5,
          perSessionPerMinute: 6,
          uploadsPerSessionPerHour: 2,
        }),
      },
    })
  })
  afterAll(() => s.close())

  const exists = (ip: string) =>
    s.call('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' }, { ip })

  it('answers calls without a session from one address beyond the limit with 1005 and a retry time', async () => {
    for (let i = 0; i < 5; i++) expect((await exists('192.0.2.10')).code).toBe(ApiCode.Ok)
    const over = await exists('192.0.2.10')
    expect(over.code).toBe(ApiCode.RateLimited)
    expect((over.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0)
    expect((await exists('192.0.2.11')).code).toBe(ApiCode.Ok)
    // Junk tokens count as calls without a session.
    for (let i = 0; i < 6; i++)
      await s.call('/security/getUserInfo', {}, { ip: '192.0.2.12', token: 'A'.repeat(43) })
    expect(
      (await s.call('/security/getUserInfo', {}, { ip: '192.0.2.12', token: 'B'.repeat(43) })).code,
    ).toBe(ApiCode.RateLimited)
  })

  it('answers a session beyond its limit with 1005, and its uploads beyond theirs', async () => {
    const token = await signUp(s, nextMobile())
    for (let i = 0; i < 2; i++)
      expect((await s.upload('/user/upload/curp/front', photo(), {}, { token })).code).toBe(ApiCode.Ok)
    expect((await s.upload('/user/upload/curp/front', photo(), {}, { token })).code).toBe(ApiCode.RateLimited)
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await s.call('/security/getUserInfo', {}, { token })).code)
    // Six calls a minute: the three uploads and three of these.
    expect(codes).toEqual([ApiCode.Ok, ApiCode.Ok, ApiCode.Ok, ApiCode.RateLimited, ApiCode.RateLimited])
  })

  it('refuses an address flooding the API before reading or decrypting anything', async () => {
    const ip = '192.0.2.20'
    const encoded = encodeRequest({
      packageName: PACKAGE,
      method: 'POST',
      path: '/security/login',
      base: '/api',
      payload: {},
      now: 0,
    })
    let refused = 0
    for (let i = 0; i < 45; i++) {
      const res = await s.raw({
        method: 'POST',
        url: encoded.url,
        headers: { ...json, 'x-forwarded-for': ip, authorization: 'Bearer x' },
        body: '{"data":"x"}',
      })
      expect(res.status).toBe(200)
      if ((JSON.parse(res.body) as Envelope).code === ApiCode.RateLimited) refused += 1
    }
    expect(refused).toBeGreaterThanOrEqual(5)
    expect(s.server.ctx.limits.rate.size()).toBeGreaterThan(0)
  })
})
