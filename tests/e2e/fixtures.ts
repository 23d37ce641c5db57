/**
 * Fixtures of the browser journeys:
 * - `kopa` (one per worker): the reference server (server/main.ts, KOPA_MODE=test) on a free port, serving the
 *   built app, on a fresh PGlite directory — or on PostgreSQL in a fresh schema for the `postgres` project —
 *   with its dev endpoints for the clock and the development SMS;
 * - `page`: a 360×740 touch phone with the fake native shell (fake-native-shell.ts) injected before any script,
 *   the interface language (`lang` option) stored before the app starts;
 * - `shot(name)`: a screenshot of the screen as the borrower sees it, into docs/screens/<journey>/ (gallery:
 *   scripts/gallery.mjs builds docs/screens/index.html from these files), and an accessibility scan of that screen
 *   (axe-core, every rule it runs by default, bottom sheets and dialogs included): any violation fails the journey,
 *   in whichever language it runs (issue 13). The journey goes on after a violation, so one run lists them all.
 */
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import type { Result as AxeResult } from 'axe-core'
import { createRequire } from 'node:module'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { installFakeNativeShell, type FakeShellConfig } from './fake-native-shell'
import { AZAMPAY_TEST_CREDENTIALS, FakeAzamPay } from '../server/helpers/fake-azampay'
import { DARAJA_TEST_CREDENTIALS, FakeDaraja } from '../server/helpers/fake-daraja'
import { FakeStp } from '../server/helpers/fake-stp'
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:net'
import { tsImport } from 'tsx/esm/api'
import { API, type ApiPath } from '../../domain/api'
import type { ApiEnvelope } from '../../domain/api-codes'
import type { LoginResult } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'

// The app's own wire encoder, loaded through tsx like the server loads it (its crypto-js subpath imports have no
// extension, which Playwright's loader does not resolve).
type Wire = typeof import('../../protocol/protocol')
const wire: Promise<Wire> = tsImport('../../protocol/protocol.ts', import.meta.url) as Promise<Wire>

export type Lang = 'en' | 'sw' | 'es'

export interface KopaWorkerOptions {
  database: 'pglite' | 'postgres'
  /**
   * The money rails the server pays through: the sandbox (default), or a country's real adapter pointed at its
   * local fake of the vendor's API, started beside the server (issue 19): `azampay` routes Tanzania's four wallets
   * to server/payments/azampay.ts against tests/server/helpers/fake-azampay.ts; `daraja` routes Kenya's M-Pesa to
   * server/payments/mpesa.ts against tests/server/helpers/fake-daraja.ts; `stp` routes Mexico's CLABE to
   * server/payments/stp.ts against tests/server/helpers/fake-stp.ts.
   */
  rails: 'sandbox' | 'azampay' | 'daraja' | 'stp'
}

export interface KopaServer {
  readonly url: string
  /** Moves the server's one clock forward and runs the jobs now due. */
  advanceClock(ms: number): Promise<void>
  /** The newest development SMS code sent to a number (matched by its last three digits). */
  smsCode(mobile: string): Promise<string>
  /** Any dev endpoint, plain JSON. */
  devPost(pathname: string, body: unknown): Promise<unknown>
  /** One real encrypted API call, as the app (or another device) makes it, timed on the server's clock. */
  call<T = unknown>(apiPath: ApiPath, payload?: Record<string, unknown>, token?: string): Promise<ApiEnvelope<T>>
  /** One real upload call (the encrypted `extra` and one image), as the app's upload service makes it. */
  upload<T = unknown>(apiPath: ApiPath, file: { bytes: Buffer; name: string; type: string }, token: string): Promise<ApiEnvelope<T>>
  /** Registers a number (Tanzanian unless told) with its SMS code, as the shell's own login would; returns the token. */
  signUp(mobile: string, country?: CountryCode): Promise<string>
  /** Logs an existing number in again (another device) and returns the new token. */
  logIn(mobile: string, country?: CountryCode): Promise<string>
  /** The local fake of AzamPay the server pays through, with `rails: 'azampay'`. */
  readonly azampay?: FakeAzamPay
  /** The local fake of Safaricom's Daraja the server pays Kenya's M-Pesa through, with `rails: 'daraja'`. */
  readonly daraja?: FakeDaraja
  /** The local fake of STP the server pays Mexico's CLABEs through, with `rails: 'stp'`. */
  readonly stp?: FakeStp
}

/** The callback secret of the e2e server's AzamPay (the URL registered "in the portal" carries it). */
const AZAMPAY_CALLBACK_TOKEN = 'e2e-azampay-callback-token'

/** The environment that routes Tanzania's wallets to AzamPay at `fake` (docs/operations.md "Tanzania: AzamPay"). */
function azampayEnv(fake: FakeAzamPay): NodeJS.ProcessEnv {
  return {
    KOPA_PAYMENT_ROUTES: ['mpesa', 'airtel', 'tigo', 'halopesa'].map((w) => `TZ:${w}=azampay`).join(','),
    KOPA_AZAMPAY_APP_NAME: AZAMPAY_TEST_CREDENTIALS.appName,
    KOPA_AZAMPAY_CLIENT_ID: AZAMPAY_TEST_CREDENTIALS.clientId,
    KOPA_AZAMPAY_CLIENT_SECRET: AZAMPAY_TEST_CREDENTIALS.clientSecret,
    KOPA_AZAMPAY_API_KEY: AZAMPAY_TEST_CREDENTIALS.apiKey,
    KOPA_AZAMPAY_CALLBACK_TOKEN: AZAMPAY_CALLBACK_TOKEN,
    KOPA_AZAMPAY_PAYOUT_ACCOUNT: '255700000001',
    KOPA_AZAMPAY_PAYOUT_NAME: 'Kopa Lender Ltd',
    KOPA_AZAMPAY_BASE_URL: fake.url,
    KOPA_AZAMPAY_AUTH_URL: fake.url,
  }
}

/** The callback secret of the e2e server's Daraja (Daraja's callback URLs carry it: it signs nothing). */
export const DARAJA_CALLBACK_TOKEN = 'e2e-daraja-callback-token'
/** The e2e lender's B2C and STK (Lipa na M-Pesa Online) shortcodes, Safaricom's sandbox test shortcodes. */
export const DARAJA_SHORTCODES = { b2c: '600998', stk: '174379' } as const

/**
 * The environment that routes Kenya's M-Pesa to Daraja at `fake` (docs/operations.md "Kenya: M-Pesa through
 * Daraja"). Daraja takes the callback URLs in each request, so the server must know its own address before it
 * listens: `port` was picked for it beforehand.
 */
function darajaEnv(fake: FakeDaraja, port: number): NodeJS.ProcessEnv {
  return {
    KOPA_PAYMENT_ROUTES: 'KE:mpesa=mpesa',
    KOPA_MPESA_BASE_URL: fake.url,
    KOPA_MPESA_CONSUMER_KEY: DARAJA_TEST_CREDENTIALS.consumerKey,
    KOPA_MPESA_CONSUMER_SECRET: DARAJA_TEST_CREDENTIALS.consumerSecret,
    KOPA_MPESA_B2C_SHORTCODE: DARAJA_SHORTCODES.b2c,
    KOPA_MPESA_INITIATOR_NAME: 'testapi',
    KOPA_MPESA_SECURITY_CREDENTIAL: Buffer.from('e2e-security-credential').toString('base64'),
    KOPA_MPESA_STK_SHORTCODE: DARAJA_SHORTCODES.stk,
    KOPA_MPESA_PASSKEY: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
    KOPA_MPESA_CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
    KOPA_MPESA_CALLBACK_TOKEN: DARAJA_CALLBACK_TOKEN,
  }
}

/** The e2e lender at STP: its empresa, its paying CLABE, the prefix of its borrowers' CLABEs, the URL secret. */
export const STP_LENDER = {
  empresa: 'KOPAE2E',
  account: '646180110400000007',
  clabePrefix: '6461801570',
  webhookSecret: 'e2e-stp-webhook-secret-0123456789',
} as const

/**
 * The environment that routes Mexico's CLABE to STP at `fake` (docs/operations.md "Mexico: STP"), signing with a
 * key made for this run: an encrypted PKCS#8 key, as STP issues one, whose public half the fake checks every
 * firma with. Notifications are believed from 127.0.0.1 only (the fake's address).
 */
function stpEnv(fake: FakeStp, privateKeyPem: string, passphrase: string): NodeJS.ProcessEnv {
  return {
    KOPA_PAYMENT_ROUTES: 'MX:clabe=stp',
    KOPA_STP_BASE_URL: fake.url,
    KOPA_STP_EMPRESA: STP_LENDER.empresa,
    KOPA_STP_ACCOUNT: STP_LENDER.account,
    KOPA_STP_ACCOUNT_NAME: 'Kopa Prestamos',
    KOPA_STP_CLABE_PREFIX: STP_LENDER.clabePrefix,
    KOPA_STP_PRIVATE_KEY: privateKeyPem,
    KOPA_STP_PASSPHRASE: passphrase,
    KOPA_STP_WEBHOOK_SECRET: STP_LENDER.webhookSecret,
    KOPA_STP_ALLOWED_IPS: '127.0.0.1',
  }
}

/** A port free on 127.0.0.1 now: the system picks it, and it is let go at once for the server to take. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

interface TestFixtures {
  lang: Lang
  shell: FakeShellConfig
  shot: (name: string) => Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const SCREENS_DIR = path.join(ROOT, 'docs', 'screens')
/** The axe-core the project pins (package.json), put into the page by accessibilityViolations. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
export const HOUR = 60 * 60 * 1000
export const DAY = 24 * HOUR
/** How long the e2e server's sandbox takes to answer a pay-out or a payment prompt. */
export const SANDBOX_DELAY_MS = 1000

/**
 * Starts the reference server on a fresh database. `beforeStart` runs first, with the server's environment, on
 * that database (the staff console's journey creates its first admin there, as an operator would).
 */
export async function startServer(
  database: KopaWorkerOptions['database'],
  worker: number,
  beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>,
  rails: KopaWorkerOptions['rails'] = 'sandbox',
): Promise<{
  server: KopaServer
  stop: () => Promise<void>
}> {
  const distDir = path.resolve(ROOT, process.env.KOPA_DIST_DIR ?? 'dist')
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no built app in ${distDir}: run npx vite build`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopa-e2e-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KOPA_MODE: 'test',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    KOPA_DATA_DIR: dataDir,
    KOPA_UPLOAD_DIR: path.join(dataDir, 'uploads'),
    KOPA_DIST_DIR: distDir,
    KOPA_JOB_POLL_MS: '250',
    // The sandbox answers a second after a request, as a phone prompt does: the payment order's reply (sent after
    // the prompt went out) always reaches the app before the payment's result, so the waiting screen is seen.
    KOPA_SANDBOX_DELAY_MS: String(SANDBOX_DELAY_MS),
    // The journeys move the server's clock days ahead while the browser keeps its own: accept its `t` anyway.
    // The journeys of one worker share a server whose clock they move years ahead in all (18–21 alone ~1,000 days).
    KOPA_REPLAY_WINDOW_MS: String(5000 * DAY),
    LOG_LEVEL: 'warn',
  }
  if (database === 'postgres') {
    env.DATABASE_SCHEMA = `kopa_e2e_${Date.now().toString(36)}_${worker}`
  } else {
    delete env.DATABASE_URL
    delete env.DATABASE_SCHEMA
  }
  // A real adapter's local fake answers on its own port; its callbacks go to the server once it listens.
  const azampay = rails === 'azampay' ? new FakeAzamPay() : undefined
  if (azampay) {
    await azampay.start()
    Object.assign(env, azampayEnv(azampay))
  }
  const daraja = rails === 'daraja' ? new FakeDaraja() : undefined
  if (daraja) {
    await daraja.start()
    const port = await freePort()
    env.PORT = String(port)
    Object.assign(env, darajaEnv(daraja, port))
  }
  let stp: FakeStp | undefined
  if (rails === 'stp') {
    const passphrase = 'e2e-stp-passphrase'
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase },
    })
    stp = new FakeStp(createPrivateKey({ key: privateKey, passphrase }), STP_LENDER.empresa)
    await stp.start()
    Object.assign(env, stpEnv(stp, privateKey, passphrase))
  }
  if (beforeStart) await beforeStart(env)
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /server on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!.replace('0.0.0.0', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  child.stdout?.on('data', () => {})
  if (azampay) azampay.callbackUrl = `${url}/payments/callback/azampay?token=${AZAMPAY_CALLBACK_TOKEN}`
  if (stp) stp.notifyUrl = `${url}/payments/callback/stp?token=${STP_LENDER.webhookSecret}`

  const devPost = async (pathname: string, body: unknown) => {
    const res = await fetch(url + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`)
    return res.json() as Promise<unknown>
  }
  const call = async <T,>(apiPath: ApiPath, payload: Record<string, unknown> = {}, token?: string) => {
    const def = API[apiPath]
    const clock = (await (await fetch(`${url}/dev/clock`)).json()) as { now: string }
    const encoded = (await wire).encodeRequest({
      packageName: 'com.kopa.app',
      method: def.method,
      path: apiPath,
      base: def.base,
      payload,
      now: Date.parse(clock.now),
    })
    const headers: Record<string, string> = {
      lang: 'en',
      platform: 'android',
      appname: 'Kopa',
      packagename: 'com.kopa.app',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    const res =
      def.method === 'GET'
        ? await fetch(`${url}${encoded.url}?${new URLSearchParams(encoded.params).toString()}`, { headers })
        : await fetch(url + encoded.url, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(encoded.data),
          })
    return (await res.json()) as ApiEnvelope<T>
  }
  const upload = async <T,>(apiPath: ApiPath, file: { bytes: Buffer; name: string; type: string }, token: string) => {
    const def = API[apiPath]
    const clock = (await (await fetch(`${url}/dev/clock`)).json()) as { now: string }
    const w = await wire
    const encoded = w.encodeUploadExtra({
      packageName: 'com.kopa.app',
      path: apiPath,
      base: def.base,
      payload: {},
      now: Date.parse(clock.now),
    })
    const form = new FormData()
    form.set(w.UPLOAD_EXTRA_FIELD, encoded.extra)
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
    const res = await fetch(url + encoded.url, {
      method: 'POST',
      headers: { lang: 'en', platform: 'android', appname: 'Kopa', packagename: 'com.kopa.app', authorization: `Bearer ${token}` },
      body: form,
    })
    return (await res.json()) as ApiEnvelope<T>
  }
  const session = async (mobile: string, purpose: 'register' | 'login', country: CountryCode = 'TZ') => {
    // Past the once-a-minute resend limit of any earlier code to this number.
    if (purpose === 'login') await devPost('/dev/clock/advance', { ms: 61_000 })
    const sent = await call('/security/getVerifyCode', { country, mobile, purpose })
    if (sent.code !== 0) throw new Error(`getVerifyCode answered ${sent.code} ${sent.msg}`)
    const code = await server.smsCode(mobile)
    const path = purpose === 'register' ? '/security/register' : '/security/login'
    const res = await call<LoginResult>(path, { country, mobile, code })
    if (res.code !== 0) throw new Error(`${path} answered ${res.code} ${res.msg}`)
    return res.data.token
  }
  const server: KopaServer = {
    url,
    ...(azampay ? { azampay } : {}),
    ...(daraja ? { daraja } : {}),
    ...(stp ? { stp } : {}),
    devPost,
    call,
    upload,
    signUp: (mobile, country) => session(mobile, 'register', country),
    logIn: (mobile, country) => session(mobile, 'login', country),
    async advanceClock(ms) {
      await devPost('/dev/clock/advance', { ms })
    },
    async smsCode(mobile) {
      const html = await (await fetch(`${url}/dev/sms`)).text()
      const tail = mobile.slice(-3)
      for (const row of html.split('<tr>')) {
        const cells = [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]!)
        if (cells.length === 3 && cells[1]!.endsWith(tail)) {
          const code = /\b(\d{4,8})\b/.exec(cells[2]!)
          if (code) return code[1]!
        }
      }
      throw new Error(`no development SMS to …${tail}`)
    },
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await azampay?.stop()
    await daraja?.stop()
    await stp?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { server, stop }
}

export const test = base.extend<TestFixtures, KopaWorkerOptions & { kopa: KopaServer }>({
  database: ['pglite', { option: true, scope: 'worker' }],
  rails: ['sandbox', { option: true, scope: 'worker' }],
  kopa: [
    async ({ database, rails }, provide, workerInfo) => {
      const { server, stop } = await startServer(database, workerInfo.workerIndex, undefined, rails)
      await provide(server)
      await stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  lang: ['en', { option: true }],
  shell: [{}, { option: true }],
  baseURL: async ({ kopa }, provide) => provide(kopa.url),
  page: async ({ page, lang, shell }, provide, testInfo) => {
    // What the page said (its warnings and errors, failed requests) goes with a failed journey's report.
    const said: string[] = []
    const at = () => `${(performance.now() / 1000).toFixed(2)}s`
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') said.push(`${at()} ${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => said.push(`${at()} uncaught: ${error.message}`))
    page.on('requestfailed', (request) => said.push(`${at()} request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`))
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) said.push(`${at()} url: ${new URL(frame.url()).hash || '/'}`)
    })
    await page.addInitScript(installFakeNativeShell, shell)
    await page.addInitScript((language: string) => {
      if (location.protocol !== 'http:') return
      if (!sessionStorage.getItem('kopa-e2e-started')) {
        sessionStorage.setItem('kopa-e2e-started', '1')
        localStorage.setItem('language', language)
      }
    }, lang)
    await provide(page)
    if (testInfo.status !== testInfo.expectedStatus) {
      // What the app told the shell (its page views name the journey's routes, in order) and what it shows now.
      const shellSaw = await page
        .evaluate(() =>
          (window.__kopaShellCalls ?? []).map((c) => `${c.action} ${JSON.stringify(c.payload).slice(0, 120)}`),
        )
        .catch(() => [] as string[])
      const screen = (await page.locator('body').ariaSnapshot({ timeout: 2_000 }).catch(() => '(unreadable)')).slice(0, 3_000)
      const log = [...said, '-- shell calls:', ...shellSaw, '-- screen:', screen].join('\n')
      await testInfo.attach('page-log', { body: log, contentType: 'text/plain' })
      // The reporter shows only an attachment's first 300 characters; CI's output keeps what a test prints.
      console.log(`page log of "${testInfo.titlePath.slice(1).join(' › ')}" [${testInfo.project.name}]:\n${log}`)
    }
  },
  shot: async ({ page, lang }, provide, testInfo) => {
    const gallery = galleryOf(testInfo, lang)
    await provide((name: string) => gallery.take(page, name))
    gallery.save()
  },
})

/**
 * The pictures one journey takes in one language (its `shot`, the console's `snap`), each checked with axe-core, and
 * written to docs/screens/<journey>/ by `save()` only when the journey passed, so the gallery never shows a screen
 * it no longer passes and a failing run never erases the last good ones.
 */
export function galleryOf(testInfo: TestInfo, lang: string) {
  const journey = (testInfo.titlePath[1] ?? 'journey').replace(/\s*\[[a-z]{2}\]$/, '')
  const story = testInfo.title.split(/\s+/).slice(0, 6).join(' ')
  const slug = `${journey.replace(/^\((\d+)\)\s*/, '$1 ')} ${story}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  const taken: { file: string; png: Buffer }[] = []
  return {
    async take(page: Page, name: string) {
      await page.waitForLoadState('networkidle').catch(() => {})
      const file = `${String(taken.length + 1).padStart(2, '0')}-${name}.${lang}.png`
      taken.push({ file, png: await page.screenshot({ animations: 'disabled' }) })
      const violations = await accessibilityViolations(page)
      expect.soft(violations, `accessibility of "${name}" [${lang}] (axe-core ${axeVersion()})`).toEqual([])
    },
    save() {
      if (testInfo.status !== testInfo.expectedStatus || taken.length === 0) return
      const dir = path.join(SCREENS_DIR, slug)
      mkdirSync(dir, { recursive: true })
      for (const old of readdirSync(dir)) if (old.endsWith(`.${lang}.png`)) rmSync(path.join(dir, old))
      for (const { file, png } of taken) writeFileSync(path.join(dir, file), png)
    },
  }
}

/**
 * One line per node of every axe violation on the page as it is now: rule, impact, the node and what is wrong.
 *
 * axe-core runs in the page itself (`axe.run` on the document, every rule it runs by default). The app has no
 * frames, so @axe-core/playwright's way — axe put into the page again at every picture, a partial run per frame,
 * then a blank page opened to merge them — found the same at ten times the cost (journey 1 in two languages: 70 s
 * of checks for 43 pictures; 7 s so). axe is put into a page once (a new document gets its own copy) and judges the
 * page as it is now at every call (tests/e2e/accessibility-check.spec.ts).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Let a sheet's or a toast's entrance animation end: a half-faded element has no final colour to judge. Endless
  // ones (a spinner) never end and change no colour, so they are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => {})
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    return (await axe.run(document)).violations
  })
  return violations.flatMap((v: AxeResult) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? 'n/a'}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`),
  )
}

function axeVersion(): string {
  return /axe v([\d.]+)/.exec(AXE_SOURCE.slice(0, 200))?.[1] ?? '?'
}

/** A translated text as the app shows it: `t('sw', 'errors.code.10010303')` reads locales/sw/errors.json. */
export function t(lang: Lang, key: string): string {
  const [ns, ...rest] = key.split('.')
  let node: unknown = JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8'))
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`)
  return node
}

/** What the fake shell recorded: the actions the app asked of the native shell, in order. */
export async function shellActions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __kopaShellCalls: { action: string }[] }).__kopaShellCalls.map((c) => c.action),
  )
}

/** The native shell logs the borrower in with a token (docs/native-bridge.md, event `login`). */
export async function shellLogin(page: Page, token: string): Promise<void> {
  await page.evaluate((tok) => {
    ;(window as unknown as { __kopaShell: { login(t: string): void } }).__kopaShell.login(tok)
  }, token)
}

export { expect }
export type { Page }
