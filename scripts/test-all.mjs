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
/** Each failing test by file and name, printed again at the end so the last lines of a long log say what failed. */
const failedTests = []
/** Tests that failed, then passed when vitest ran them again (CI only): flakes to fix, shown at the end too. */
const flakyTests = []

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
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const counts = read(report)
  const names = testNames(report, root)
  failedTests.push(...names.failed)
  flakyTests.push(...names.flaky)
  passed += counts.passed
  failed += counts.failed
  if (counts.failed > 0 || !ok) failures.push(label)
  if (!ok && counts.failed === 0) failed += 1
}

/** From a vitest or Playwright JSON report: the failing tests' names, and those that passed only when run again. */
function testNames(report, base) {
  const names = []
  const flaky = []
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') names.push(`${path.relative(base, file.name)} › ${t.fullName}`)
      else if (t.status === 'passed' && (t.failureMessages ?? []).length > 0)
        flaky.push(`${path.relative(base, file.name)} › ${t.fullName}: ${String(t.failureMessages[0]).split('\n')[0].slice(0, 200)}`)
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      names.push(`${path.relative(base, file.name)} › (the file failed to run: ${String(file.message).slice(0, 300)})`)
    }
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') names.push(`${spec.file}:${spec.line} › [${t.projectName}] › ${[...titles, spec.title].join(' › ')}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return { failed: names, flaky }
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

// The money fault simulation: 115 seeded scenarios on the embedded database (tests/money), apart from the rest
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

if (flakyTests.length) console.log(`\nPassed only when run again (flaky, to fix):\n${flakyTests.map((n) => `  ! ${n}`).join('\n')}`)
if (failedTests.length) console.log(`\nFailing tests:\n${failedTests.map((n) => `  ✗ ${n}`).join('\n')}`)
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
