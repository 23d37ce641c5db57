/**
 * Issue 14, what operators see and what a server exposes:
 * - failures outside the dispatcher — a callback, a job, a plain route, the start-up — are one structured line each
 *   (kind, error class, SQLSTATE, stack; never the message, which may quote a number), counted on GET /ops/health;
 * - GET /ops/health answers this machine, or whoever has KOPA_OPS_TOKEN, and nobody else;
 * - a demo or test server refuses to listen beyond loopback without KOPA_DEMO_PUBLIC=1, and warns naming what is
 *   open when allowed;
 * - production has no development route, no sandbox, no public secret and no development SMS or KYC provider.
 */
import { spawnSync } from 'node:child_process'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import type { ServerModule } from '../../server/context'
import { ExposureRefusal, isLoopbackHost } from '../../server/exposure'
import { createLoansModule } from '../../server/loans/module'
import { MODULES } from '../../server/modules'
import { loadPaymentSettings, PUBLIC_SANDBOX_SECRET } from '../../server/payments/config'
import type { CallbackInput, PaymentProvider, VerifiedCallback } from '../../server/payments/provider'
import type { SmsProvider } from '../../server/sms'
import { DATABASE_TARGETS, describeOnEachDatabase } from './helpers/databases'
import { realKyc, realPaymentProvider } from './helpers/real-providers'
import { startTestServer, testConfig, type TestServer } from './helpers/server'

/** A number that must never reach a log line. */
const SECRET_NUMBER = '0712345678'

/** A provider whose callbacks fail: its check throws, or it reads an amount no column can hold. */
function failingProvider(name: string, mode: 'throws' | 'overflows'): PaymentProvider {
  return {
    ...realPaymentProvider(name),
    verifyCallback(input: CallbackInput): VerifiedCallback {
      if (mode === 'throws') throw new Error(`cannot read callback for ${SECRET_NUMBER}`)
      const body = input.body as { ref?: string }
      return {
        ok: true,
        outcome: {
          kind: 'payout',
          providerRef: `${SECRET_NUMBER}-${body.ref ?? 'x'}`,
          state: 'succeeded',
          idempotencyKey: `k-${body.ref ?? 'x'}`,
          amountMinor: 1e300,
        },
      }
    },
  }
}

/** A module with a route and a job that fail with a number in their messages. */
const failing: ServerModule = {
  name: 'failing',
  register(host) {
    host.fastify.get('/test/boom', async () => {
      throw new Error(`boom for ${SECRET_NUMBER}`)
    })
    host.jobs.define(
      'test.boom',
      async () => {
        throw new Error(`job failed for ${SECRET_NUMBER}`)
      },
      { maxAttempts: 2, retryDelayMs: () => 0 },
    )
  },
}

type Line = Record<string, unknown> & { level: number; msg: string }
const parsed = (s: TestServer) => s.logs.map((l) => JSON.parse(l) as Line)

describeOnEachDatabase('Failures outside the dispatcher', (target) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(target, 'inject', {
      overrides: {
        modules: [
          ...MODULES.filter((m) => m.name !== 'loans'),
          createLoansModule({
            providers: [failingProvider('throws', 'throws'), failingProvider('overflows', 'overflows')],
          }),
          failing,
        ],
      },
    })
  })
  afterAll(() => s.close())

  const health = async () => {
    const res = await s.raw({ method: 'GET', url: '/ops/health' })
    expect(res.status).toBe(200)
    return JSON.parse(res.body) as { failures: Record<string, number>; jobsFailed: number; ok: boolean }
  }

  it('logs and counts every failed callback, without its message', async () => {
    const before = (await health()).failures.callback ?? 0
    for (let i = 0; i < 3; i++) {
      const threw = await s.raw({
        method: 'POST',
        url: '/payments/callback/throws',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(threw.status).toBe(500)
      expect(threw.body).not.toContain(SECRET_NUMBER)
      const overflowed = await s.raw({
        method: 'POST',
        url: '/payments/callback/overflows',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ref: String(i) }),
      })
      // Answered, so the provider does not send it forever; kept for reconciliation when it can be stored.
      expect(overflowed.status).toBe(200)
    }
    const lines = parsed(s).filter((l) => l.failure === 'callback')
    expect(lines.length).toBeGreaterThanOrEqual(6)
    for (const l of lines) {
      expect(l.level).toBe(50)
      expect(l.errName).toBeTruthy()
      expect(typeof l.stack).toBe('string')
    }
    expect((await health()).failures.callback).toBe(before + 6)
    expect(s.logs.join('\n')).not.toContain(SECRET_NUMBER)
  })

  it('logs and counts a failed job, each retry and the last attempt, without its message', async () => {
    await s.server.ctx.jobs.enqueue('test.boom', {})
    await s.server.ctx.jobs.runDue()
    await s.server.ctx.jobs.runDue()
    const lines = parsed(s).filter((l) => l.job === 'test.boom')
    expect(lines.map((l) => [l.msg, l.failure, l.level])).toEqual([
      ['job failed', 'job', 40],
      ['job failed for good', 'jobGaveUp', 50],
    ])
    expect(lines[0]).toMatchObject({ errName: 'Error', attempt: 1 })
    const h = await health()
    expect(h.failures).toMatchObject({ job: 1, jobGaveUp: 1 })
    expect(h.jobsFailed).toBeGreaterThanOrEqual(1)
    expect(s.logs.join('\n')).not.toContain(SECRET_NUMBER)
  })

  it('answers a failed plain route with a bare 500, logged as a route failure', async () => {
    const res = await s.raw({ method: 'GET', url: '/test/boom?token=abc' })
    expect(res.status).toBe(500)
    expect(JSON.parse(res.body)).toEqual({ error: 'Internal Server Error' })
    const line = parsed(s).find((l) => l.failure === 'route')
    expect(line).toMatchObject({ route: '/test/boom', errName: 'Error', level: 50 })
    expect(JSON.stringify(line)).not.toContain('abc')
    expect((await health()).failures.route).toBe(1)
    expect(s.logs.join('\n')).not.toContain(SECRET_NUMBER)
  })

  it('answers a body a plain route cannot parse with the status’s reason only, no internal code', async () => {
    const res = await s.raw({
      method: 'POST',
      url: '/dev/clock/advance',
      headers: { 'content-type': 'application/json' },
      body: '{"ms":',
    })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual({ error: 'Bad Request' })
  })

  it('serves /ops/health to this machine only, or to the holder of KOPA_OPS_TOKEN', async () => {
    const remote = await s.server.app.inject({
      method: 'GET',
      url: '/ops/health',
      remoteAddress: '203.0.113.9',
    })
    expect(remote.statusCode).toBe(404)
    const spoofed = await s.server.app.inject({
      method: 'GET',
      url: '/ops/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(spoofed.statusCode).toBe(404)
  })
})

describe('/ops/health with KOPA_OPS_TOKEN', () => {
  it('answers only a request bearing the token', async () => {
    const s = await startTestServer(DATABASE_TARGETS[0]!, 'inject', {
      config: { opsToken: 'ops-token-0123456789' },
    })
    try {
      expect((await s.raw({ method: 'GET', url: '/ops/health' })).status).toBe(404)
      const ok = await s.raw({
        method: 'GET',
        url: '/ops/health',
        headers: { authorization: 'Bearer ops-token-0123456789' },
      })
      expect(ok.status).toBe(200)
      expect(JSON.parse(ok.body)).toMatchObject({ ok: true, mode: 'test', failures: {} })
    } finally {
      await s.close()
    }
  })
})

describe('Who can reach a demo server', () => {
  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])
      expect(isLoopbackHost(host)).toBe(true)
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com'])
      expect(isLoopbackHost(host)).toBe(false)
  })

  it('refuses to listen beyond loopback in demo and test mode without KOPA_DEMO_PUBLIC=1', async () => {
    for (const mode of ['demo', 'test'] as const) {
      const { config, open, cleanup } = testConfig(DATABASE_TARGETS[0]!, {
        mode,
        host: '0.0.0.0',
        logLevel: 'silent',
      })
      const server = await buildServer(config, { database: await open() })
      try {
        await expect(server.listen()).rejects.toBeInstanceOf(ExposureRefusal)
        await expect(server.listen()).rejects.toThrow(/KOPA_DEMO_PUBLIC=1/)
      } finally {
        await server.close()
        await cleanup()
      }
    }
  })

  it('listens beyond loopback with KOPA_DEMO_PUBLIC=1 and warns naming the SMS outbox, the clock and the sandbox', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'))
        done()
      },
    })
    const { config, open, cleanup } = testConfig(DATABASE_TARGETS[0]!, {
      mode: 'demo',
      host: '0.0.0.0',
      demoPublic: true,
      jobPollMs: 0,
    })
    const server = await buildServer(config, { database: await open(), logStream })
    try {
      const url = await server.listen()
      expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
      const warning = lines.map((l) => JSON.parse(l) as Line).find((l) => Array.isArray(l.open))
      expect(warning?.level).toBe(40)
      const open = (warning?.open as string[]).join('\n')
      expect(open).toMatch(/\/dev\/sms/)
      expect(open).toMatch(/clock/)
      expect(open).toMatch(/sandbox/)
      expect(open).toMatch(/forge/)
    } finally {
      await server.close()
      await cleanup()
    }
  })

  it('prints a structured line when the start-up fails (server/main.ts)', () => {
    const run = spawnSync('npx', ['tsx', 'server/main.ts'], {
      env: { ...process.env, KOPA_MODE: 'bogus', DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const line = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line)
      .find((l) => l.failure === 'startup')
    expect(line).toMatchObject({ level: 60, stage: 'config', msg: 'start-up failed', errName: 'Error' })
    expect(run.stderr).toMatch(/KOPA_MODE must be demo, production or test/)
  })
})

describeOnEachDatabase('Production has nothing of development', (target) => {
  const sent: string[] = []
  const gateway: SmsProvider = { name: 'lender-gateway', send: async (m) => void sent.push(m.to) }
  let s: TestServer
  beforeAll(async () => {
    const { COUNTRIES } = await import('../../domain/countries')
    const routes = Object.fromEntries(
      (Object.keys(COUNTRIES) as (keyof typeof COUNTRIES)[]).flatMap((c) =>
        COUNTRIES[c].walletProviders.map((w) => [`${c}:${w}`, 'lender-wallets']),
      ),
    )
    const { migrate } = await import('../../server/db/migrate')
    const { seedDemo } = await import('../../server/seed/demo-products')
    s = await startTestServer(target, 'inject', {
      config: { mode: 'production', personKeySecret: 'p'.repeat(40) },
      overrides: {
        sms: gateway,
        kyc: realKyc(),
        modules: [
          ...MODULES.filter((m) => m.name !== 'loans'),
          createLoansModule({ payments: { routes }, providers: [realPaymentProvider('lender-wallets')] }),
          {
            name: 'products',
            async register(host) {
              await migrate(host.database)
              await seedDemo(host.db)
            },
          },
        ],
      },
    })
  })
  afterAll(() => s.close())

  it('registers no development route and no sandbox', async () => {
    const routes = s.server.app.printRoutes({ commonPrefix: false })
    expect(routes).not.toMatch(/\/dev\b|dev\//)
    for (const url of [
      '/dev/sms',
      '/dev/clock',
      '/dev/books',
      '/dev/payments/sandbox/deliver',
      '/dev/coupons/grant',
      '/dev/feedback/reply',
    ]) {
      for (const method of ['GET', 'POST'] as const)
        expect((await s.raw({ method, url })).status, url).toBe(404)
    }
    const sandbox = await s.raw({
      method: 'POST',
      url: '/payments/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(sandbox.status).toBe(404)
    expect(s.server.ctx.sms.name).toBe('lender-gateway')
    expect(s.server.ctx.kyc.ocr.simulated).toBeFalsy()
    expect(s.server.ctx.kyc.liveness.simulated).toBeFalsy()
    await expect(s.server.ctx.clock.advance(1)).rejects.toThrow()
  })

  it('has no public secret: the old sandbox secret is refused, demo makes its own', () => {
    expect(() => loadPaymentSettings('production', { KOPA_SANDBOX_SECRET: PUBLIC_SANDBOX_SECRET })).toThrow(
      /KOPA_SANDBOX_SECRET/,
    )
    expect(() => loadPaymentSettings('demo', { KOPA_SANDBOX_SECRET: 'short' })).toThrow(/KOPA_SANDBOX_SECRET/)
    expect(loadPaymentSettings('production', {}).sandboxSecret).toBe('')
    const a = loadPaymentSettings('demo', {}).sandboxSecret
    const b = loadPaymentSettings('demo', {}).sandboxSecret
    expect(a).not.toBe(PUBLIC_SANDBOX_SECRET)
    expect(a.length).toBeGreaterThanOrEqual(24)
    expect(a).not.toBe(b)
  })
})
