/**
 * Issue 20: the console's client of /console/api — the session's token kept for this tab and sent as a bearer,
 * forgotten when the server has ended the session; every refusal read into what the forms show; no answer is a
 * network failure, never a hang.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createConsoleActors } from '../../services/console/console-actors'
import { createConsoleApi, fileNameOf } from '../../services/console/console-api'
import { SUGGESTED_ALPHABET, suggestPassword } from '../../services/console/suggest-password'
import { createTokenStore, TOKEN_KEY, type StorageLike } from '../../services/console/token-store'
import { CODE, FakeConsoleApi } from '../console/fake-console-api'

const BASE = 'http://console.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

let fake: FakeConsoleApi
let storage: ReturnType<typeof memoryStorage>
beforeEach(() => {
  fake = new FakeConsoleApi()
  server.use(...fake.handlers(BASE))
  storage = memoryStorage()
})

const apiWith = (timeoutMs?: number) =>
  createConsoleApi({
    fetch,
    baseUrl: BASE,
    tokens: createTokenStore(storage),
    ...(timeoutMs ? { timeoutMs } : {}),
  })

describe('the console API client', () => {
  it('keeps the session’s token for this tab and sends it with every call', async () => {
    const api = apiWith()
    const reply = await api.signIn({ username: 'ana.admin', password: 'correct horse battery', code: CODE })
    expect(storage.data.get(TOKEN_KEY)).toBe(reply.token)
    const me = await api.me()
    expect(me.staff.username).toBe('ana.admin')
    expect(me.permissions).toContain('staff.manage')
  })

  it('forgets the token once the server says the session has ended', async () => {
    const api = apiWith()
    await api.signIn({ username: 'ana.admin', password: 'correct horse battery', code: CODE })
    fake.endSessions()
    await expect(api.me()).rejects.toEqual({ kind: 'refused', status: 401, error: 'signedOut', fields: [] })
    expect(storage.data.has(TOKEN_KEY)).toBe(false)
  })

  it('reads a refusal: its status, code, fields, when a lock ends and how long to wait', async () => {
    const api = apiWith()
    await expect(api.signIn({ username: 'ana.admin', password: 'wrong', code: CODE })).rejects.toEqual({
      kind: 'refused',
      status: 401,
      error: 'wrongCredentials',
      fields: [],
    })
    fake.nextSignIn = { status: 423, body: { error: 'locked', retryAt: '2026-03-10T09:15:00.000Z' } }
    await expect(api.signIn({ username: 'ana.admin', password: 'x', code: CODE })).rejects.toMatchObject({
      status: 423,
      retryAt: '2026-03-10T09:15:00.000Z',
    })
    fake.nextSignIn = { status: 429, body: { error: 'tooMany' }, headers: { 'retry-after': '37' } }
    await expect(api.signIn({ username: 'ana.admin', password: 'x', code: CODE })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 37,
    })
    fake.nextSignIn = { status: 400, body: { error: 'invalidInput', fields: ['username', 'code'] } }
    await expect(api.signIn({ username: '', password: 'x', code: '' })).rejects.toMatchObject({
      status: 400,
      fields: ['username', 'code'],
    })
    expect(storage.data.has(TOKEN_KEY)).toBe(false)
  })

  it('is a network failure when nothing answers, or not in time', async () => {
    server.use(http.get(`${BASE}/console/api/me`, () => HttpResponse.error()))
    await expect(apiWith().me()).rejects.toEqual({ kind: 'network' })
    server.use(http.get(`${BASE}/console/api/me`, () => new Promise<Response>(() => {})))
    await expect(apiWith(50).me()).rejects.toEqual({ kind: 'network' })
  })

  it('refuses an answer it cannot read rather than passing it on', async () => {
    server.use(http.get(`${BASE}/console/api/me`, () => HttpResponse.json({ staff: { id: 'x' } })))
    storage.setItem(TOKEN_KEY, 'token-1')
    await expect(apiWith().me()).rejects.toMatchObject({ kind: 'refused', error: 'badReply' })
    server.use(http.get(`${BASE}/console/api/me`, () => HttpResponse.json({ error: 'x' }, { status: 502 })))
    await expect(apiWith().me()).rejects.toMatchObject({ kind: 'refused', status: 502 })
  })

  it('leaves out a permission it does not know (a newer server) rather than refusing the member', async () => {
    server.use(
      http.get(`${BASE}/console/api/me`, () =>
        HttpResponse.json({
          staff: { id: 1, username: 'ana.admin', displayName: 'Ana', role: 'admin' },
          permissions: ['audit.read', 'tickets.escalate'],
        }),
      ),
    )
    storage.setItem(TOKEN_KEY, 'token-1')
    expect((await apiWith().me()).permissions).toEqual(['audit.read'])
  })

  it('pages the audit log with afterId and saves the export under the server’s file name', async () => {
    const api = apiWith()
    await api.signIn({ username: 'ana.admin', password: 'correct horse battery', code: CODE })
    for (let i = 0; i < 4; i++) fake.log(1, 'session.signedIn', 'staff:1')
    const window = { from: '2026-03-09T21:00:00.000Z', to: '2026-03-10T21:00:00.000Z' }
    const first = await api.readAudit({ ...window, limit: 3 })
    expect(first.rows.map((r) => r.id)).toEqual([1, 2, 3])
    expect(first.nextAfterId).toBe(3)
    const next = await api.readAudit({ ...window, afterId: 3, limit: 3 })
    expect(next.rows.map((r) => r.id)).toEqual([4, 5])
    expect(next.nextAfterId).toBeNull()
    const file = await api.exportAudit(window)
    expect(file.name).toBe('kopa-audit-2026-03-09.csv')
    expect(await file.blob.text()).toMatch(/^id,at,staff_id/)
  })

  it('signs out at the server and forgets the token even when the server cannot be told', async () => {
    const api = apiWith()
    await api.signIn({ username: 'ana.admin', password: 'correct horse battery', code: CODE })
    await api.signOut()
    expect(fake.sessions.size).toBe(0)
    storage.setItem(TOKEN_KEY, 'token-x')
    server.use(http.delete(`${BASE}/console/api/session`, () => HttpResponse.error()))
    await expect(api.signOut()).rejects.toEqual({ kind: 'network' })
    expect(storage.data.has(TOKEN_KEY)).toBe(false)
  })

  it('takes only a plain file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="kopa-audit-2026-03-09.csv"', 'x.csv')).toBe(
      'kopa-audit-2026-03-09.csv',
    )
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('x.csv')
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv')
  })
})

describe('the console’s actors', () => {
  const deps = () => {
    const tokens = createTokenStore(storage)
    return {
      api: createConsoleApi({ fetch, baseUrl: BASE, tokens }),
      tokens,
      languages: { set: vi.fn() },
      now: () => Date.parse('2026-03-09T22:30:00Z'),
      random: (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes),
      save: vi.fn(),
    }
  }
  const run = async <T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> => {
    const actor = createActor(logic, { input } as never).start()
    const done = await waitFor(actor, (s) => s.status !== 'active')
    if (done.status === 'error') throw done.error
    return done.output as T
  }

  it('make no object URL for a picture whose read was stopped as its bytes came', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:kept')
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }))
    try {
      // An API that answers whatever the signal says: the bytes come after the desk stopped the read.
      let answer: (blob: Blob) => void = () => {}
      const late = () => new Promise<Blob>((resolve) => (answer = resolve))
      const actors = createConsoleActors({
        ...deps(),
        api: { ...deps().api, readReceipt: late, readTicketFile: late },
      })
      for (const [logic, input] of [
        [actors.readReceipts, { urls: ['/console/api/files/r1'] }],
        [actors.readTicketFile, { url: '/console/api/files/t1' }],
      ] as const) {
        const read = createActor(logic as Parameters<typeof createActor>[0], { input } as never).start()
        read.stop()
        answer(new Blob(['png']))
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      expect(createObjectURL).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('find no session in a tab that kept none, without asking the server', async () => {
    const actors = createConsoleActors(deps())
    expect(await run(actors.restoreSession)).toBeNull()
    expect(fake.calls).toEqual([])
  })

  it('find no session when the server ended the one the tab kept', async () => {
    storage.setItem(TOKEN_KEY, 'token-gone')
    expect(await run(createConsoleActors(deps()).restoreSession)).toBeNull()
    expect(storage.data.has(TOKEN_KEY)).toBe(false)
  })

  it('sign in and read what the member may do, asking again when the connection dropped after the sign-in', async () => {
    let drops = 1
    server.use(
      http.get(`${BASE}/console/api/me`, () => {
        if (drops-- > 0) return HttpResponse.error()
        return undefined
      }),
    )
    const me = await run<{ staff: { username: string } }>(createConsoleActors(deps()).signIn, {
      username: 'amina.support',
      password: 'support password 1',
      code: CODE,
    })
    expect(me.staff.username).toBe('amina.support')
    expect(fake.calls.filter((c) => c === 'POST /console/api/session')).toHaveLength(1)
  })

  it('name today as the member’s time zone names it', async () => {
    const actors = createConsoleActors(deps())
    expect(await run(actors.today, { timeZone: 'Africa/Nairobi' })).toBe('2026-03-10')
    expect(await run(actors.today, { timeZone: 'America/Mexico_City' })).toBe('2026-03-09')
  })

  it('save the export as a file', async () => {
    const d = deps()
    await d.api.signIn({ username: 'ana.admin', password: 'correct horse battery', code: CODE })
    await run(createConsoleActors(d).exportAudit, {
      from: '2026-03-09T21:00:00.000Z',
      to: '2026-03-10T21:00:00.000Z',
    })
    expect(d.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'kopa-audit-2026-03-09.csv' }))
  })
})

describe('a suggested first password', () => {
  it('is 20 characters of the unambiguous alphabet, each equally likely', () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 500; i++) {
      const password = suggestPassword((bytes) => crypto.getRandomValues(bytes))
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/)
      for (const c of password) counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    expect(counts.size).toBe(SUGGESTED_ALPHABET.length)
    // 10,000 draws over 56 characters: about 179 each; a biased draw (byte % 56 without rejection) would give the
    // first 32 characters about 25% more.
    for (const n of counts.values()) expect(n).toBeGreaterThan(110)
  })

  it('draws again past the bytes that would favour the first characters', () => {
    const fixed = [255, 250, 224, 0, 55]
    const password = suggestPassword(() => new Uint8Array(fixed), 2)
    expect(password).toBe(`${SUGGESTED_ALPHABET[0]}${SUGGESTED_ALPHABET[55]}`)
  })
})

describe('the token store', () => {
  it('keeps the token in memory when the browser refuses storage', () => {
    const refusing: StorageLike = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const tokens = createTokenStore(refusing)
    tokens.set('t-1')
    expect(tokens.get()).toBe('t-1')
    tokens.clear()
    expect(tokens.get()).toBeNull()
    expect(createTokenStore(null).get()).toBeNull()
  })
})
