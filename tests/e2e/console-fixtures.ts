/**
 * Fixtures of the staff console's journeys (issue 20):
 * - `consoleKopa` (one per worker): the reference server on a fresh database whose first admin was created before it
 *   started, by the operator's own command (`npm run console:admin`, scripts/console-admin.ts) on the migrated
 *   database, with what it printed: the password and the authenticator URI;
 * - `desk(viewport)`: a browser page of the console on a desktop or a phone, any number of them (each member signs in
 *   on their own device);
 * - `snap(page, name)`: a screenshot of that page into the gallery (docs/screens/<journey>/), as the borrower's
 *   journeys take theirs (tests/e2e/fixtures.ts), with the same axe-core check of every screen;
 * - `codeFor(secret)`: the authenticator's code now, by the server's clock (which the journeys move), computed with
 *   the server's own RFC 6238 code (server/console/totp.ts), a fresh 30-second step each time, since a code is
 *   good once.
 */
import type { Browser, Page } from '@playwright/test'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import {
  expect,
  galleryOf,
  startServer,
  test as base,
  type KopaServer,
  type KopaWorkerOptions,
} from './fixtures'

type Totp = typeof import('../../server/console/totp')
type Client = typeof import('../../server/db/client')
type Migrate = typeof import('../../server/db/migrate')
type AdminCommand = typeof import('../../scripts/console-admin')
const load = <T>(file: string) => tsImport(file, import.meta.url) as Promise<T>

export interface FirstAdmin {
  username: string
  displayName: string
  password: string
  otpauthUri: string
}

export interface ConsoleServer extends KopaServer {
  readonly admin: FirstAdmin
}

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 320, height: 640 }

/**
 * The first admin adds a staff member through the console's API, as the staff page would (that page has its own
 * journey, 25): the new member's authenticator URI, to sign in with.
 */
export async function addMember(
  server: ConsoleServer,
  codeFor: (secret: string) => Promise<string>,
  member: {
    username: string
    displayName: string
    password: string
    role: 'support' | 'risk' | 'finance' | 'admin'
  },
): Promise<{ otpauthUri: string }> {
  const { admin } = server
  const session = await fetch(`${server.url}/console/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: admin.username,
      password: admin.password,
      code: await codeFor(secretOf(admin.otpauthUri)),
    }),
  })
  const { token } = (await session.json()) as { token: string }
  const created = await fetch(`${server.url}/console/api/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(member),
  })
  expect(created.status).toBe(201)
  return (await created.json()) as { otpauthUri: string }
}

/** The secret of an `otpauth://` URI. */
export const secretOf = (uri: string): string => new URL(uri).searchParams.get('secret') ?? ''

/** The first admin, made as docs/operations.md says: the database migrated, then `npm run console:admin`. */
async function createFirstAdmin(env: NodeJS.ProcessEnv): Promise<FirstAdmin> {
  const [{ openDatabase }, { migrate }, { main }] = await Promise.all([
    load<Client>('../../server/db/client.ts'),
    load<Migrate>('../../server/db/migrate.ts'),
    load<AdminCommand>('../../scripts/console-admin.ts'),
  ])
  const database = await openDatabase({
    url: env.DATABASE_URL ?? '',
    dataDir: path.join(env.KOPA_DATA_DIR!, 'pglite'),
    schema: env.DATABASE_SCHEMA ?? '',
    poolSize: 2,
  })
  try {
    await migrate(database)
  } finally {
    await database.close()
  }
  const printed: string[] = []
  const displayName = 'Ana Mwita'
  const status = await main(
    ['--username', 'ana.admin', '--name', displayName],
    env,
    (t) => printed.push(t),
    (t) => printed.push(t),
  )
  const text = printed.join('\n')
  if (status !== 0) throw new Error(`console:admin failed: ${text}`)
  const password = /Password \(shown once\): (\S+)/.exec(text)?.[1]
  const otpauthUri = /(otpauth:\/\/\S+)/.exec(text)?.[1]
  if (!password || !otpauthUri) throw new Error(`console:admin printed no password or URI: ${text}`)
  return { username: 'ana.admin', displayName, password, otpauthUri }
}

interface ConsoleFixtures {
  desk: (viewport: { width: number; height: number }) => Promise<Page>
  snap: (page: Page, name: string) => Promise<void>
  codeFor: (secret: string) => Promise<string>
}

export const test = base.extend<ConsoleFixtures, KopaWorkerOptions & { consoleKopa: ConsoleServer }>({
  consoleKopa: [
    async ({ database }, provide, workerInfo) => {
      let admin: FirstAdmin | null = null
      const { server, stop } = await startServer(database, workerInfo.workerIndex, async (env) => {
        admin = await createFirstAdmin(env)
      })
      await provide(Object.assign(server, { admin: admin! }))
      await stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ consoleKopa }, provide) => provide(consoleKopa.url),
  desk: async ({ browser, consoleKopa }, provide) => {
    const pages: Page[] = []
    await provide(async (viewport) => {
      const page = await newDesk(browser, consoleKopa.url, viewport)
      pages.push(page)
      return page
    })
    await Promise.all(pages.map((p) => p.context().close()))
  },
  codeFor: async ({ consoleKopa }, provide) => {
    const { totpAt } = await load<Totp>('../../server/console/totp.ts')
    await provide(async (secret) => {
      // A code is good once: each sign-in takes the next 30-second step of the server's clock.
      await consoleKopa.advanceClock(30_000)
      const clock = (await (await fetch(`${consoleKopa.url}/dev/clock`)).json()) as { now: string }
      return totpAt(secret, Date.parse(clock.now))
    })
  },
  snap: async ({ lang }, provide, testInfo) => {
    // As the borrower's journeys (galleryOf): only a passing journey replaces its pictures.
    const gallery = galleryOf(testInfo, lang)
    await provide((page, name) => gallery.take(page, name))
    gallery.save()
  },
})

/** A device of its own (cookies, storage) at `viewport`, service workers blocked as in every journey. */
async function newDesk(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const phone = viewport.width < 600
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    serviceWorkers: 'block',
    acceptDownloads: true,
  })
  return context.newPage()
}

export { expect }
