/**
 * Bad input, as an attacker sends it (issue 14): thousands of generated requests over every call of the API table —
 * payloads shaped like each call's schema with wrong types, control characters, lone surrogates, huge numbers and
 * deep nesting, with a real session, none, a junk one or a malformed header — and raw requests the app never sends
 * (bad content types, multipart without a boundary or unterminated, garbage). Every answer must be HTTP 200 with a
 * documented code and must not name the server's insides; the server must log no failure (a failure the
 * dispatcher's safety nets turned into a refusal is still a schema hole, and fails this test).
 *
 * Fast on purpose: Fastify's inject (no sockets), cases sent in concurrent batches, limits raised so the generated
 * traffic is not simply refused as too much.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API, type ApiPath } from '../../domain/api'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { encodeRequest, encryptText, payloadText, UPLOAD_EXTRA_FIELD } from '../../protocol/protocol'
import { DEFAULT_CONFIG } from '../../server/config'
import { approvedBorrower, startServicesServer } from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { answerProblems, apiCase, rawCase, type ApiCase, type RawCase } from './helpers/fuzz'
import { png } from './helpers/images'
import { multipartBody } from './helpers/server'
import { ok, type LoanServer } from './loans-harness'

const PACKAGE = 'com.kopa.app'
/** Generated cases per database: 10 000 in all, API calls and raw requests. */
const API_CASES = 5_000
const RAW_CASES = 5_000
const BATCH = 50
/** Replay a run: KOPA_FUZZ_SEED=<the seed a failure names> npx vitest run tests/server/abuse-fuzz.test.ts */
const SEED = Number(process.env.KOPA_FUZZ_SEED) || Date.now() % 2 ** 31

describeOnEachDatabase('Bad input from anyone', (target) => {
  let ls: LoanServer
  let token = ''
  const ids: Record<string, string> = {}
  let sent = 0
  /** A small real image: uploads that pass reach the handlers without costing the test a big file each time. */
  const small = { bytes: png(48, 32, 'noise'), name: 'small.png', type: 'image/png' }

  beforeAll(async () => {
    // Limits raised: this is about what each request says, not how many there are (tests/server/abuse-limits.test.ts).
    ls = await startServicesServer(target, {
      config: {
        rateLimits: {
          ...DEFAULT_CONFIG.rateLimits,
          perAddressPerMinute: 1e9,
          anonymousPerAddressPerMinute: 1e9,
          perSessionPerMinute: 1e9,
          uploadsPerSessionPerHour: 1e9,
          eventBatchesPerSessionPerMinute: 1e9,
        },
      },
    })
    const { b, order } = await approvedBorrower(ls)
    token = b.token
    ids.loanOrderId = order.loanOrderId
    ids.orderNo = order.orderNo
    const upload = await ls.s.upload<T.UploadedFile>('/feedback/upload/credential', small, {}, { token })
    ids.fileId = upload.data.fileId
    const ticket = await ok<T.FeedbackCreated>(ls, b, '/feedback/create', {
      type: 3,
      description: 'A question about my loan',
      receipts: [],
      contact: '0754123456',
      contactTime: 'anytime',
    })
    ids.feedbackId = ticket.feedbackId
  })
  afterAll(() => ls.close())

  const inject = async (req: {
    method: 'GET' | 'POST'
    url: string
    headers: Record<string, string>
    body?: string | Buffer
  }) => {
    sent += 1
    const res = await ls.s.server.app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      ...(req.body !== undefined ? { payload: req.body } : {}),
    })
    return { status: res.statusCode, body: res.body }
  }

  /** The encrypted URL of each call, made once: the server does not care that the path token repeats. */
  const urls = new Map<string, string>()
  const urlOf = (path: ApiPath, base: string) => {
    if (!urls.has(path)) urls.set(path, `${base}/${encryptText(PACKAGE, path)}`)
    return urls.get(path)!
  }

  const address = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`

  function authHeader(auth: ApiCase['auth']): Record<string, string> {
    switch (auth) {
      case 'token':
        return { authorization: `Bearer ${token}` }
      case 'junk':
        return { authorization: `Bearer ${'A'.repeat(43)}` }
      case 'malformed':
        return { authorization: token }
      case 'none':
        return {}
    }
  }

  async function sendApi(c: ApiCase) {
    const def = API[c.path]
    const now = ls.s.server.ctx.clock.nowMs()
    // Logging out would end the session the other cases use: a logout goes with a junk token.
    const auth = c.path === '/security/logout' && c.auth === 'token' ? 'junk' : c.auth
    const headers = { 'x-forwarded-for': address(), lang: 'en', ...authHeader(auth) }
    const text = c.rawText?.startsWith('{') ? `{"t":${now},${c.rawText.slice(1)}` : c.rawText
    const url = urlOf(c.path, def.base)
    const token = encryptText(PACKAGE, text ?? payloadText(c.payload, now))
    if (def.body === 'form') {
      const file =
        c.file === 'none'
          ? null
          : {
              field: 'file',
              ...(c.file === 'image'
                ? small
                : { bytes: Buffer.from('%PDF-1.4'), name: 'a.jpg', type: 'image/jpeg' }),
            }
      const { body, contentType } = multipartBody({ [UPLOAD_EXTRA_FIELD]: token }, file)
      return inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, body })
    }
    if (def.method === 'GET')
      return inject({ method: 'GET', url: `${url}?q${c.path.length}abcde=${token}`, headers })
    return inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ data: token }),
    })
  }

  function sendRaw(c: RawCase) {
    const headers: Record<string, string> = { 'x-forwarded-for': address() }
    if (c.contentType !== null) headers['content-type'] = c.contentType
    if (c.authorization !== null) headers.authorization = c.authorization
    return inject({
      method: c.method,
      url: c.url,
      headers,
      ...(c.body !== null && c.method === 'POST' ? { body: c.body } : {}),
    })
  }

  const failures: string[] = []
  /** The failures grouped by what went wrong (first example of each, and how many), for a readable report. */
  const summary = (list: string[]) => {
    const groups = new Map<string, { n: number; example: string }>()
    for (const f of list) {
      const key = f.split(' — ')[0]!
      const g = groups.get(key) ?? { n: 0, example: f }
      g.n += 1
      groups.set(key, g)
    }
    return [...groups.values()].map((g) => `${g.n} × ${g.example}`).slice(0, 40)
  }
  async function check(c: ApiCase | RawCase, send: Promise<{ status: number; body: string }>) {
    const res = await send
    const problems = answerProblems(res.status, res.body)
    if (problems.length) {
      const what =
        c.kind === 'api' ? `${c.path} (${c.auth})` : `${c.method} ${c.url.slice(0, 60)} ${c.contentType}`
      failures.push(`${what}: ${problems.join(', ')} — ${res.body.slice(0, 200)}`)
    }
  }

  it(`answers ${API_CASES} generated requests over every call with 200, a documented code and nothing internal`, async () => {
    const started = Date.now()
    const cpu = process.cpuUsage()
    await fc.assert(
      fc.asyncProperty(fc.array(apiCase(ids), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await Promise.all(batch.map((c) => check(c, sendApi(c))))
      }),
      { numRuns: API_CASES / BATCH, seed: SEED },
    )
    expect(summary(failures), `KOPA_FUZZ_SEED=${SEED}`).toEqual([])
    // The session still works: authorisation and the borrower's state held through the storm.
    const still = await ls.s.call('/security/getUserInfo', {}, { token })
    expect(still.code).toBe(ApiCode.Ok)
    const used = process.cpuUsage(cpu)
    console.info(
      `${target.name}: ${API_CASES} API cases in ${Date.now() - started} ms (CPU ${Math.round((used.user + used.system) / 1000)} ms)`,
    )
  })

  it(`answers ${RAW_CASES} raw malformed requests without a 5xx or a leak`, async () => {
    const now = ls.s.server.ctx.clock.nowMs()
    const urls = (['/security/login', '/user/upload/curp/front', '/loan/loan-order/latest'] as ApiPath[]).map(
      (path) =>
        encodeRequest({ packageName: PACKAGE, method: 'POST', path, base: '/api', payload: {}, now }).url,
    )
    await fc.assert(
      fc.asyncProperty(fc.array(rawCase(urls), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await Promise.all(batch.map((c) => check(c, sendRaw(c))))
      }),
      { numRuns: RAW_CASES / BATCH, seed: SEED },
    )
    expect(summary(failures), `KOPA_FUZZ_SEED=${SEED}`).toEqual([])
  })

  it('logged no failure while answering them (no 1500, no safety net caught a schema hole)', () => {
    expect(sent).toBeGreaterThanOrEqual(API_CASES + RAW_CASES)
    const bad = ls.s.logs
      .map((line) => JSON.parse(line) as { level: number; msg?: string })
      .filter(
        (l) =>
          l.level >= 50 || l.msg === 'input reached the database unchecked' || l.msg === 'a schema threw',
      )
    const seen = new Map<string, number>()
    for (const l of bad as {
      msg?: string
      path?: string
      sqlState?: string
      errName?: string
      stack?: string
    }[]) {
      const key = `${l.msg} ${l.path} ${l.errName} ${l.sqlState ?? ''} ${
        (l.stack ?? '')
          .split('\n')
          .find((f) => f.includes('/server/'))
          ?.trim() ?? ''
      }`
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
    expect([...seen].map(([k, n]) => `${n} × ${k}`)).toEqual([])
  })
})
