import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { HttpResponse, delay, http } from 'msw'
import { ApiCode } from '../../domain/api-codes'
import type { Language } from '../../domain/countries'
import { createApiClient, clientContextFromStorage, type ClientContext } from '../../services/api/client'
import { createMemoryStorage, createStorage } from '../../services/storage/storage'
import { WireError, decodeRequest, type DecodedRequest } from '../../protocol/protocol'

const ORIGIN = 'http://kopa.test'
const NOW = 1_700_000_000_000

interface Seen {
  method: string
  pathname: string
  headers: Headers
  query: Record<string, string>
  contentType: string
  body: unknown
  form?: FormData
  decoded: DecodedRequest | WireError
}

let seen: Seen[] = []
let reply: (decoded: DecodedRequest) => Response | Promise<Response> = () =>
  HttpResponse.json({ code: 0, msg: '', data: {} })
/** The stand-in server's clock (the reference server's can be moved in demo mode), and whether it dates answers. */
let serverNow = NOW
let datesAnswers = false

/** A stand-in for the reference server: it decodes each request with the server side of the wire protocol. */
const server = setupServer(
  http.all(`${ORIGIN}/:base/:segment`, async ({ request, params }) => {
    const url = new URL(request.url)
    const contentType = request.headers.get('content-type') ?? ''
    const query = Object.fromEntries(url.searchParams)
    let body: unknown
    let form: FormData | undefined
    if (contentType.startsWith('multipart/form-data')) form = await request.formData()
    else if (request.method === 'POST') body = await request.json()
    const extra = form?.get('extra')
    const decoded = decodeRequest({
      packageName: request.headers.get('packageName') ?? '',
      method: request.method as 'GET' | 'POST',
      pathSegment: String(params.segment),
      query,
      body,
      ...(typeof extra === 'string' ? { extra } : {}),
      now: serverNow,
    })
    seen.push({
      method: request.method,
      pathname: url.pathname,
      headers: request.headers,
      query,
      contentType,
      body,
      form,
      decoded,
    })
    const response =
      decoded instanceof WireError
        ? HttpResponse.json({ code: decoded.code, msg: decoded.reason, data: null })
        : await reply(decoded)
    if (datesAnswers) response.headers.set('date', new Date(serverNow).toUTCString())
    return response
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  seen = []
  reply = () => HttpResponse.json({ code: 0, msg: '', data: {} })
  serverNow = NOW
  datesAnswers = false
})
afterAll(() => server.close())

function context(overrides: Partial<Record<keyof ClientContext, unknown>> = {}): ClientContext {
  const values = {
    token: 'tok-abc',
    packageName: 'com.kopa.app',
    appName: 'Kopa',
    afid: '1699999999-42',
    language: 'sw' as Language,
    platform: 'android',
    ...overrides,
  }
  return {
    token: () => values.token as string | null,
    packageName: () => values.packageName as string,
    appName: () => values.appName as string,
    afid: () => values.afid as string | null,
    language: () => values.language as Language,
    platform: () => values.platform as string,
  }
}

const client = (ctx = context(), timeoutMs?: number) =>
  createApiClient({
    baseURL: ORIGIN,
    context: ctx,
    now: () => NOW,
    ...(timeoutMs ? { timeoutMs } : {}),
  })

describe('what the client puts on the wire', () => {
  it('a GET goes to an encrypted /api path with its payload and t in one randomly named query parameter', async () => {
    reply = () => HttpResponse.json({ code: 0, msg: '', data: { exists: true } })
    const result = await client().request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' })

    expect(result).toEqual({ ok: true, data: { exists: true } })
    const [req] = seen
    expect(req?.method).toBe('GET')
    expect(req?.pathname).toMatch(/^\/api\/[A-Za-z0-9_-]{43,}$/)
    expect(req?.pathname).not.toContain('security')
    const names = Object.keys(req?.query ?? {})
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/^[a-z]{6,10}$/)
    expect(JSON.stringify(req?.query)).not.toContain('0712345678')
    expect(req?.decoded).toEqual({
      path: '/security/existsByMobile',
      payload: { country: 'TZ', mobile: '0712345678' },
      t: NOW,
    })
  })

  it('a POST carries {"data": token} as its JSON body and no query parameter', async () => {
    reply = () => HttpResponse.json({ code: 0, msg: '', data: { token: 'new-token' } })
    const result = await client().request('/security/login', {
      country: 'TZ',
      mobile: '0712345678',
      code: '123456',
    })

    expect(result).toEqual({ ok: true, data: { token: 'new-token' } })
    const [req] = seen
    expect(req?.method).toBe('POST')
    expect(req?.contentType).toContain('application/json')
    expect(req?.query).toEqual({})
    expect(Object.keys(req?.body as object)).toEqual(['data'])
    expect(req?.decoded).toEqual({
      path: '/security/login',
      payload: { country: 'TZ', mobile: '0712345678', code: '123456' },
      t: NOW,
    })
  })

  it('the country look-up goes to the /cou base', async () => {
    await client().request('/country/meta/ip', {})
    expect(seen[0]?.pathname).toMatch(/^\/cou\//)
    expect((seen[0]?.decoded as DecodedRequest).path).toBe('/country/meta/ip')
  })

  it('sends packageName, appName, afid, lang and platform, and the bearer token with every call once signed in', async () => {
    const c = client()
    await c.request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' })
    await c.request('/security/getUserInfo', {})
    const [open, authed] = seen
    for (const req of [open, authed]) {
      expect(req?.headers.get('packageName')).toBe('com.kopa.app')
      expect(req?.headers.get('appName')).toBe('Kopa')
      expect(req?.headers.get('afid')).toBe('1699999999-42')
      expect(req?.headers.get('lang')).toBe('sw_KE')
      expect(req?.headers.get('platform')).toBe('android')
    }
    // A call that does not need the token still carries it: the server answers it for this borrower (docs/api.md).
    expect(open?.headers.get('Authorization')).toBe('Bearer tok-abc')
    expect(authed?.headers.get('Authorization')).toBe('Bearer tok-abc')
  })

  it('waits for the shell to say who is calling before its first call, and sends what it said', async () => {
    const values = { appName: 'Kopa', afid: null as string | null }
    let answer: () => void = () => {}
    const identified = new Promise<void>((resolve) => (answer = resolve))
    const c = createApiClient({
      baseURL: ORIGIN,
      context: { ...context(), appName: () => values.appName, afid: () => values.afid },
      now: () => NOW,
      ready: () => identified,
    })
    const call = c.request('/loan/loan-product/index', {})
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toHaveLength(0)
    Object.assign(values, { appName: 'Pesa Haraka', afid: '1700000000-7' })
    answer()
    await call
    expect(seen[0]?.headers.get('appName')).toBe('Pesa Haraka')
    expect(seen[0]?.headers.get('afid')).toBe('1700000000-7')
  })

  it('sends no bearer token before login', async () => {
    await client(context({ token: null })).request('/loan/loan-product/index', {})
    expect(seen[0]?.headers.get('Authorization')).toBeNull()
  })

  it('maps each interface language to its lang header', async () => {
    for (const [language, header] of [
      ['en', 'en'],
      ['sw', 'sw_KE'],
      ['es', 'es_MX'],
    ] as const) {
      await client(context({ language })).request('/security/existsByMobile', {
        country: 'TZ',
        mobile: '0712345678',
      })
      expect(seen.at(-1)?.headers.get('lang')).toBe(header)
    }
  })

  it("encrypts with the stored package name, so a lender's own package name reaches its own server", async () => {
    const storage = createStorage(createMemoryStorage())
    storage.set('packageName', 'com.lender.cash')
    storage.set('token', 'tok-xyz')
    storage.set('deviceMsg', { platform: 'ios' })
    const c = createApiClient({
      baseURL: ORIGIN,
      context: clientContextFromStorage(storage, () => 'en'),
      now: () => NOW,
    })
    const result = await c.request('/security/getUserInfo', {})
    expect(result.ok).toBe(true)
    const [req] = seen
    expect(req?.headers.get('packageName')).toBe('com.lender.cash')
    expect(req?.headers.get('platform')).toBe('ios')
    expect(req?.headers.get('lang')).toBe('en')
    expect(req?.headers.get('afid')).toBeNull()
    expect(req?.headers.get('Authorization')).toBe('Bearer tok-xyz')
    expect((req?.decoded as DecodedRequest).path).toBe('/security/getUserInfo')
  })

  it('uploads the image as a file part, after the encrypted extra field with the other fields and t', async () => {
    reply = () => HttpResponse.json({ code: 0, msg: '', data: { fileId: 'f1', url: '/img/1' } })
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'face.jpg', { type: 'image/jpeg' })
    const progress: number[] = []
    const result = await client().upload(
      '/portal/liveness/detection/result/save',
      { file: photo },
      { sdk: 'accuauth', sessionId: 's-1', score: 97 },
      (f) => progress.push(f),
    )

    expect(result).toEqual({ ok: true, data: { fileId: 'f1', url: '/img/1' } })
    const [req] = seen
    expect(req?.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect([...(req?.form?.keys() ?? [])]).toEqual(['extra', 'file'])
    const file = req?.form?.get('file') as File
    expect(file.name).toBe('face.jpg')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))
    expect(req?.headers.get('Authorization')).toBe('Bearer tok-abc')
    expect(req?.decoded).toEqual({
      path: '/portal/liveness/detection/result/save',
      payload: { sdk: 'accuauth', sessionId: 's-1', score: 97 },
      t: NOW,
    })
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toBe(1)
    expect([...progress].sort((a, b) => a - b)).toEqual(progress)
  })

  it('refuses to send an upload call as JSON or a JSON call as an upload', () => {
    const c = client()
    const photo = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' })
    expect(() => c.request('/feedback/upload/credential' as '/security/getUserInfo', {})).toThrow(TypeError)
    expect(() =>
      c.upload('/security/getUserInfo' as '/feedback/upload/credential', { file: photo }, {}),
    ).toThrow(TypeError)
  })
})

describe('what the client returns', () => {
  it('each of the four session codes of spec §8 ends the session, as one typed outcome', async () => {
    for (const code of [10010301, 10010303, 10010304, 100103]) {
      reply = () => HttpResponse.json({ code, msg: 'Token expired, Please login again', data: null })
      expect(await client().request('/security/getUserInfo', {})).toEqual({
        ok: false,
        kind: 'sessionEnded',
        code,
      })
    }
  })

  it('a call that needs a session, without a token, ends the session without spending data', async () => {
    const result = await client(context({ token: null })).request('/security/getUserInfo', {})
    expect(result).toEqual({ ok: false, kind: 'sessionEnded', code: ApiCode.NotLoggedIn })
    expect(seen).toHaveLength(0)
  })

  it('logs out with the token it is given after the stored session was cleared', async () => {
    reply = () => HttpResponse.json({ code: 0, msg: '', data: {} })
    const result = await client(context({ token: null })).request('/security/logout', {}, { token: 'tok-old' })
    expect(result).toEqual({ ok: true, data: {} })
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok-old')
  })

  it('a validation failure returns each field with its message', async () => {
    reply = () =>
      HttpResponse.json(
        {
          code: ApiCode.ValidationFailed,
          msg: 'Tafadhali sahihisha sehemu zilizowekwa alama',
          data: { fields: { mobile: 'Namba ya simu haiwezi kuwa tupu', code: 42 } },
        },
        { status: 400 },
      )
    const result = await client().request('/security/login', { country: 'TZ', mobile: '', code: '1' })
    expect(result).toEqual({
      ok: false,
      kind: 'invalid',
      fields: { mobile: 'Namba ya simu haiwezi kuwa tupu' },
      message: 'Tafadhali sahihisha sehemu zilizowekwa alama',
      messageKey: 'errors.code.1001',
    })
  })

  it("another code is a rejection carrying the server's message and the app's own key for the code", async () => {
    reply = () =>
      HttpResponse.json({ code: ApiCode.RateLimited, msg: 'Maombi mengi mno', data: null }, { status: 429 })
    expect(
      await client().request('/security/login', { country: 'TZ', mobile: '0712345678', code: '1' }),
    ).toEqual({
      ok: false,
      kind: 'rejected',
      code: ApiCode.RateLimited,
      message: 'Maombi mengi mno',
      messageKey: 'errors.code.1005',
    })
  })

  it('a code the app does not know falls back to "The request failed Please try again"', async () => {
    reply = () => HttpResponse.json({ code: 4242, data: null })
    expect(
      await client().request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' }),
    ).toEqual({
      ok: false,
      kind: 'rejected',
      code: 4242,
      message: '',
      messageKey: 'errors.requestFailed',
    })
  })

  it("a request the server's wire check refuses (a phone clock ten minutes slow) is a rejection with code 1003", async () => {
    const slowClock = createApiClient({
      baseURL: ORIGIN,
      context: context(),
      now: () => NOW - 10 * 60_000,
    })
    expect(
      await slowClock.request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' }),
    ).toMatchObject({
      ok: false,
      kind: 'rejected',
      code: ApiCode.ReplayWindow,
      messageKey: 'errors.code.1003',
    })
  })

  it('an answer that is not the envelope (a proxy error page) is a failed request', async () => {
    reply = () =>
      new HttpResponse('<html>502 Bad Gateway</html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      })
    expect(
      await client().request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' }),
    ).toEqual({
      ok: false,
      kind: 'network',
      message: 'errors.requestFailed',
    })
  })

  it('no connection is a network failure with a translated message key', async () => {
    reply = () => HttpResponse.error()
    expect(
      await client().request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' }),
    ).toEqual({
      ok: false,
      kind: 'network',
      message: 'errors.network',
    })
  })

  it('no answer within the timeout is a timeout failure', async () => {
    reply = async () => {
      await delay('infinite')
      return HttpResponse.json({ code: 0, msg: '', data: {} })
    }
    expect(
      await client(context(), 50).request('/security/existsByMobile', {
        country: 'TZ',
        mobile: '0712345678',
      }),
    ).toEqual({
      ok: false,
      kind: 'timeout',
      message: 'errors.timeout',
    })
  })

  it('an aborted call (the screen was left) settles as a network failure, not a timeout', async () => {
    reply = async () => {
      await delay('infinite')
      return HttpResponse.json({ code: 0, msg: '', data: {} })
    }
    const controller = new AbortController()
    const pending = client().request(
      '/security/existsByMobile',
      { country: 'TZ', mobile: '0712345678' },
      { signal: controller.signal },
    )
    setTimeout(() => controller.abort(), 20)
    expect(await pending).toEqual({ ok: false, kind: 'network', message: 'errors.network' })
  })
})

// Issue 13: moving the demo server's clock (as the README invites) made every call fail with "Your phone's date and
// time look wrong" in a normal browser.
describe("`t` follows the server's clock", () => {
  const DAY = 24 * 60 * 60_000
  const exists = (c: ReturnType<typeof client>) =>
    c.request('/security/existsByMobile', { country: 'TZ', mobile: '0712345678' })

  it('a call refused for its `t` by a server whose clock moved is sent once more in server time, and succeeds', async () => {
    const c = client()
    datesAnswers = true
    expect(await exists(c)).toEqual({ ok: true, data: {} })
    serverNow = NOW + 10 * DAY
    expect(await exists(c)).toEqual({ ok: true, data: {} })
    expect(seen.map((r) => (r.decoded instanceof WireError ? r.decoded.code : 'ok'))).toEqual(['ok', ApiCode.ReplayWindow, 'ok'])
    const retried = seen[2]!.decoded as DecodedRequest
    expect(Math.abs(retried.t - serverNow)).toBeLessThan(2_000)
    expect(c.clockOffsetMs()).toBeGreaterThan(10 * DAY - 2_000)
    // Later calls are stamped in server time at once.
    expect(await exists(c)).toEqual({ ok: true, data: {} })
    expect(seen).toHaveLength(4)
  })

  it('a phone clock ten minutes slow is corrected from the first answer', async () => {
    datesAnswers = true
    const slow = createApiClient({ baseURL: ORIGIN, context: context(), now: () => NOW - 10 * 60_000 })
    expect(await exists(slow)).toEqual({ ok: true, data: {} })
    expect(seen).toHaveLength(2)
  })

  it('a clock within a minute of the server is left alone: `t` is the device time', async () => {
    datesAnswers = true
    serverNow = NOW + 30_000
    const c = client()
    expect(await exists(c)).toEqual({ ok: true, data: {} })
    expect(c.clockOffsetMs()).toBe(0)
    expect((seen[0]!.decoded as DecodedRequest).t).toBe(NOW)
  })

  it('without a Date header (a server that hides it) a stale `t` is still refused, and sent only once', async () => {
    serverNow = NOW + 10 * DAY
    expect(await exists(client())).toMatchObject({ ok: false, code: ApiCode.ReplayWindow })
    expect(seen).toHaveLength(1)
  })
})

describe('the default timeout', () => {
  it('is 60 seconds, as spec §7 says', () => {
    expect(client().axios.defaults.timeout).toBe(60_000)
  })
})

// Checked by `tsc`, never run: the call table types each call's payload and reply.
const _typeChecks = async () => {
  const c = client()
  // @ts-expect-error - a login needs its SMS code
  await c.request('/security/login', { country: 'TZ', mobile: '0712345678' })
  // @ts-expect-error - not a call of the table
  await c.request('/security/nonexistent', {})
  const login = await c.request('/security/login', { country: 'TZ', mobile: '0712345678', code: '123456' })
  if (login.ok) login.data.token satisfies string
  // @ts-expect-error - a file part is a Blob
  await c.upload('/feedback/upload/credential', { file: 'receipt.jpg' }, {})
  await c.upload('/feedback/upload/credential', { file: new File([], 'a.jpg') }, {})
}
