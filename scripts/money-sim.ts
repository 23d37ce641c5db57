/**
 * `npm run sim -- --seeds 5000 [--adapter azampay|daraja|stp] [--from 100000] [--db postgres] [--books-every 100] [--trace 200]
 * [--stop-after 10]`:
 * the long run of the money fault simulation (tests/money/simulation.ts), outside the test suite — the suite runs
 * 115 seeds on PGlite — 70 through the faulty provider, 15 through each real adapter (AzamPay, Daraja, STP) — (so that `npm test` keeps
 * within 25 minutes on two cores); this runs as many as you like
 * (1,000 by default), on PGlite or on PostgreSQL.
 *
 * It imports the simulation and runs it in this process (the harness it uses only needs vitest's `expect`,
 * which works outside vitest), so progress and failures print as they happen:
 *   - a progress line every 50 scenarios (rate, failures so far);
 *   - each failure: its `seed <n>:` lines, a replay command, and (--trace) the tail of its trace;
 *   - the final line `N scenarios, M failed`; the exit code is 1 on any failure.
 *
 *   --adapter faulty   the faulty provider itself (default)
 *   --adapter azampay  Tanzania's real AzamPay adapter against its local fake, which answers and calls back from the
 *                      faulty provider's book with the same faults (tests/money/faulty-azampay.ts)
 *   --adapter daraja   Kenya's real M-Pesa (Daraja) adapter against its local fake, the same way
 *                      (tests/money/faulty-daraja.ts); Kenyan borrowers on the Kenyan product
 *   --adapter stp      Mexico's real STP (SPEI) adapter against its local fake, the same way
 *                      (tests/money/faulty-stp.ts); Mexican borrowers paid out to a CLABE, repaying by transfer
 *                      to their own CLABE
 *   --db pglite     embedded, in memory (default)
 *   --db postgres   DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema (test_…)
 *                   dropped at the end, as the server tests do (tests/server/helpers/databases.ts)
 */
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1000' },
    from: { type: 'string', default: '1' },
    db: { type: 'string', default: 'pglite' },
    adapter: { type: 'string', default: 'faulty' },
    'books-every': { type: 'string', default: '100' },
    trace: { type: 'string', default: '120' },
    'stop-after': { type: 'string', default: '0' },
  },
})

const seeds = Number(values.seeds)
const from = Number(values.from)
const booksEvery = Number(values['books-every'])
const traceLines = Number(values.trace)
const stopAfter = Number(values['stop-after'])
if (![seeds, from, booksEvery, traceLines, stopAfter].every(Number.isSafeInteger) || seeds < 1) {
  console.error(
    'usage: npm run sim -- --seeds <n> [--from <seed>] [--db pglite|postgres] [--books-every <n>]',
  )
  process.exit(2)
}
if (values.db !== 'pglite' && values.db !== 'postgres') {
  console.error(`--db must be pglite or postgres, not ${values.db}`)
  process.exit(2)
}
// The database targets read DATABASE_URL when their module loads: set it first.
if (values.db === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test'

const { DATABASE_TARGETS } = await import('../tests/server/helpers/databases')
const sim = await import('../tests/money/simulation')

if (!sim.isSimAdapter(values.adapter)) {
  console.error(`--adapter must be one of ${sim.SIM_ADAPTERS.join(', ')}, not ${values.adapter}`)
  process.exit(2)
}
const adapter = values.adapter
const target = DATABASE_TARGETS.find((t) => t.name === values.db)
if (!target) throw new Error(`no ${values.db} target`)

const started = Date.now()
const env = await sim.startSimulation(target, adapter)
let failed = 0
let ran = 0
const classes = new Map<string, number[]>()
const coverage: Record<string, number> = {}
let notes = 0
try {
  console.log(`money simulation: seeds ${from}–${from + seeds - 1} through ${adapter} on ${target.name}`)
  for (let i = 0; i < seeds; i += 1) {
    const seed = from + i
    const last = i === seeds - 1
    const result = await sim.runScenario(seed, env, { checkBooks: last || (i + 1) % booksEvery === 0 })
    ran += 1
    notes += result.notes.length
    for (const note of result.notes.slice(0, 2)) console.log(`note: ${note}`)
    for (const [k, v] of Object.entries(result.coverage)) coverage[k] = (coverage[k] ?? 0) + v
    if (!result.ok) {
      failed += 1
      for (const c of result.classes.length ? result.classes : ['(no known cause)'])
        classes.set(c, [...(classes.get(c) ?? []), seed])
      console.log(`\nFAILED ${sim.describeFailure(result, traceLines)}\n`)
    }
    if ((i + 1) % 50 === 0 || last) {
      const s = (Date.now() - started) / 1000
      console.log(
        `${i + 1}/${seeds} scenarios in ${s.toFixed(0)} s (${((1000 * s) / (i + 1)).toFixed(0)} s per 1,000), ` +
          `${failed} failed`,
      )
    }
    if (stopAfter > 0 && failed >= stopAfter) {
      console.log(`stopping after ${failed} failures (--stop-after)`)
      break
    }
  }
} finally {
  await env.close()
}
console.log('reached:')
for (const [k, v] of Object.entries(coverage).sort()) console.log(`  ${String(v).padStart(6)}  ${k}`)
if (notes) console.log(`${notes} notes (server errors without a crash…), see above`)
for (const [c, list] of classes) console.log(`${list.length} × ${c}: seeds ${list.slice(0, 20).join(', ')}`)
console.log(`${ran} scenarios, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
