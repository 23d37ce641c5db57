#!/usr/bin/env node
// `npm test`: every check of the project, in order, then one plain summary line `N passed, N failed`.
// Static checks (typecheck, lint, size budget) count as one test each; vitest and Playwright report their own.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const results = path.join(root, 'test-results')
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

let passed = 0
let failed = 0
const failures = []

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`=== ${label}: exit ${res.status ?? res.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return res.status === 0
}

function check(label, command, args, env) {
  if (run(label, command, args, env)) passed += 1
  else {
    failed += 1
    failures.push(label)
  }
}

/** Counts tests from a runner's JSON report; a missing report means the runner itself failed. */
function countReport(label, file, ok, read) {
  if (!existsSync(file)) {
    failed += 1
    failures.push(`${label} (no report)`)
    return
  }
  const counts = read(JSON.parse(readFileSync(file, 'utf8')))
  passed += counts.passed
  failed += counts.failed
  if (counts.failed > 0 || !ok) failures.push(label)
  if (!ok && counts.failed === 0) failed += 1
}

/** Browser tests need Chromium from Debian: install it when root, otherwise say how in one line. */
function ensureChromium() {
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser']
  if (candidates.some((c) => existsSync(c))) return true
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: run `sudo apt-get install -y chromium` and then `npm test` again.')
    return false
  }
  console.log('Installing Debian chromium for the browser tests…')
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return update.status === 0 && install.status === 0 && candidates.some((c) => existsSync(c))
}

const hasE2e = existsSync(path.join(root, 'playwright.config.ts'))
if (hasE2e && !ensureChromium()) process.exit(1)

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
check('lint', 'npx', ['eslint', '.', '--max-warnings=0'])

const vitestJson = path.join(results, 'vitest.json')
const vitestOk = run('vitest (unit, dom, server)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
])
countReport('vitest', vitestJson, vitestOk, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numTotalTests === 0 ? 1 : 0),
}))

// The money fault simulation: 100 seeded scenarios on the embedded database (tests/money), apart from the rest
// so its long tests do not share the others' time-outs.
const simJson = path.join(results, 'money-simulation.json')
const simOk = run('money fault simulation', 'npx', [
  'vitest',
  'run',
  '--config',
  'tests/money/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${simJson}`,
])
countReport('money simulation', simJson, simOk, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numTotalTests === 0 ? 1 : 0),
}))

check('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
check('size budget', 'node', ['scripts/check-size.mjs'])

if (hasE2e) {
  const pwJson = path.join(results, 'playwright.json')
  const pwOk = run('browser end to end', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  })
  countReport('playwright', pwJson, pwOk, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
  }))
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
