/**
 * The fault simulation, first half of the seeds (tests/money/simulation.ts; the other half is in
 * fault-simulation-2.test.ts, so vitest runs both on their own cores).
 * Replay one seed: KOPA_SIM_SEED=<n> npx vitest run tests/money/
 */
import { simulationSuite } from './simulation-suite'

simulationSuite(0, 2)
