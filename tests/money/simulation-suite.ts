/**
 * The fault simulation as vitest suites: the seed range is split across sibling files (fault-simulation*.test.ts)
 * so vitest runs them on every core, each file with its one server on embedded PGlite, reused by its scenarios.
 * PGlite only, even when DATABASE_URL is set (CI): `npm run sim -- --db postgres` is the long run on PostgreSQL.
 *
 * KOPA_SIM_SEED=<n> runs exactly that seed (in the first file of each adapter only); KOPA_SIM_FROM and
 * KOPA_SIM_SEEDS move and size the range the faulty provider's files share.
 *
 * Each real adapter (fault-simulation-<adapter>.test.ts) runs a smaller range of its own through its vendor's
 * local fake, driven by the same book and faults (tests/money/faulty-azampay.ts…): `npm run sim -- --adapter
 * <name> --seeds N` runs as many as you like.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { DATABASE_TARGETS } from '../server/helpers/databases'
import {
  describeFailure,
  runScenario,
  seedsToRun,
  startSimulation,
  type ScenarioResult,
  type SimEnv,
  type SimAdapter,
} from './simulation'
import { FAULTY } from './faulty-provider'

/** Seeds every `npx vitest run` covers through the faulty provider itself, split across its files. */
// 115 in all in `npm test`: 70 here, 15 through each real adapter (AzamPay, Daraja, STP);
// longer runs are `npm run sim -- --seeds N [--adapter <name>]`.
export const DEFAULT_SEEDS = { from: 1, count: 70 }
/** Seeds each real adapter runs in `npm test` (its own range, so its scenarios differ from the faulty run's). */
export const ADAPTER_SEEDS = { from: 100_001, count: 15 }
/** The whole book's check runs every this many scenarios (it reads every order so far), and at the end. */
const BOOKS_EVERY = 100
/** Failures of no known cause reported in full; later ones (and known ones) by their first line. */
const REPORTED_IN_FULL = 3
const NEW_CAUSE = 'no known cause (new: see the full report)'

const pglite = DATABASE_TARGETS.find((t) => t.name === 'pglite')!

/** This file's share of the seeds: part `part` (0-based) of `parts`. */
function share(part: number, parts: number, range: typeof DEFAULT_SEEDS): number[] {
  if (process.env.KOPA_SIM_SEED) return part === 0 ? seedsToRun(range) : []
  const all = seedsToRun(range)
  const size = Math.ceil(all.length / parts)
  return all.slice(part * size, (part + 1) * size)
}

export function simulationSuite(part: number, parts: number, adapter: SimAdapter = FAULTY): void {
  const seedRange = adapter === FAULTY ? DEFAULT_SEEDS : ADAPTER_SEEDS
  const seeds = share(part, parts, seedRange)
  const range = seeds.length ? `seeds ${seeds[0]}–${seeds[seeds.length - 1]}` : 'no seeds'
  const through = adapter === FAULTY ? '' : ` through the ${adapter} adapter and its faulty local fake`
  describe(`Fault simulation of the money paths${through}, ${range} (pglite)`, () => {
    let env: SimEnv
    beforeAll(async () => {
      env = await startSimulation(pglite, adapter)
    })
    afterAll(() => env?.close())

    const all = seedsToRun(seedRange).length
    const many = (n: number) => n.toLocaleString('en')
    const howMany = seeds.length === all ? many(all) : `${many(seeds.length)} of ${many(all)}`
    it.skipIf(seeds.length === 0)(
      `${howMany} seeded scenarios of duplicated, reordered, dropped and contradicting callbacks, time-outs ` +
        'and crashes pay each loan out once and book every shilling',
      async () => {
        const started = Date.now()
        const failed: ScenarioResult[] = []
        const notes: string[] = []
        const byCause = new Map<string, number[]>()
        for (const [i, seed] of seeds.entries()) {
          const last = i === seeds.length - 1
          const result = await runScenario(seed, env, { checkBooks: last || (i + 1) % BOOKS_EVERY === 0 })
          notes.push(...result.notes)
          if (result.ok) continue
          failed.push(result)
          const causes = result.classes.length ? result.classes : [NEW_CAUSE]
          for (const c of causes) byCause.set(c, [...(byCause.get(c) ?? []), seed])
          // Failures of a new kind in full (their trace is the diagnosis); known ones in a line.
          const full = causes.includes(NEW_CAUSE)
            ? byCause.get(NEW_CAUSE)!.length <= REPORTED_IN_FULL
            : failed.length <= 1
          console.log(full ? describeFailure(result) : `${result.failures[0]} (${causes.join('; ')})`)
          console.log(`replay with: KOPA_SIM_SEED=${seed} npx vitest run tests/money/`)
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        const causes = [...byCause].map(
          ([cause, list]) =>
            `${list.length} × ${cause}: seeds ${list.slice(0, 12).join(', ')}${list.length > 12 ? ', …' : ''}`,
        )
        console.log(
          [
            `${seeds.length} scenarios (${range}) in ${seconds} s, ${failed.length} failed`,
            ...causes,
            ...(notes.length ? [`${notes.length} notes, e.g. ${notes.slice(0, 3).join(' | ')}`] : []),
          ].join('\n'),
        )
        if (failed.length > 0)
          throw new Error(
            [
              `seed ${failed[0]!.seed}: ${failed.length} of ${seeds.length} scenarios failed`,
              ...causes,
              ...failed.slice(0, 10).map((f) => f.failures.join('\n')),
            ].join('\n'),
          )
      },
    )
  })
}
