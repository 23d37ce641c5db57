/**
 * Browser journeys (issue 7): Debian's Chromium at a 360×740 touch phone, against the reference server started
 * by the tests (tests/e2e/fixtures.ts) on a fresh embedded database per worker, and — in CI, when DATABASE_URL is
 * set — once more on PostgreSQL in a fresh schema. Never downloads a browser.
 *
 * `npm test` (scripts/test-all.mjs) builds dist/ first and runs `playwright test --reporter=list,json` with
 * PLAYWRIGHT_JSON_OUTPUT_NAME, which the json reporter honours; globalSetup builds dist/ when it is missing.
 */
import { defineConfig, type Project } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs'
import type { KopaWorkerOptions } from './tests/e2e/fixtures'

const phone = {
  browserName: 'chromium' as const,
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; Kopa E2E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] },
}

// Every journey runs in each of its languages once. With PostgreSQL (DATABASE_URL, as in CI) the languages are
// shared out between the two databases — English on the embedded one, Kiswahili on PostgreSQL, the Mexican
// borrower's Spanish on both — so each journey runs on each database and in each language without running three
// times, and the suite keeps inside its 25 minutes on two cores. Without PostgreSQL the embedded database runs all.
const projects: Project<KopaWorkerOptions>[] = process.env.DATABASE_URL
  ? [
      { name: 'pglite', grep: /\[(en|es)\]/, use: { ...phone, database: 'pglite' } },
      // A journey in one language that must run on both databases is tagged @both-databases (journey 26, issue 19).
      { name: 'postgres', grep: /\[(sw|es)\]|@both-databases/, use: { ...phone, database: 'postgres' } },
    ]
  : [{ name: 'pglite', use: { ...phone, database: 'pglite' } }]

export default defineConfig<KopaWorkerOptions>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }]],
  use: {
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker has its own journey (offline.spec.ts allows it); elsewhere it is blocked, so each journey
    // tests the app rather than the worker's cache (docs/decisions.md "Browser tests and the service worker").
    serviceWorkers: 'block',
  },
  projects,
})
