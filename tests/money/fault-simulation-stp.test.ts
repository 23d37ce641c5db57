/**
 * The fault simulation through Mexico's real adapter, STP (server/payments/stp.ts: SPEI pay-outs to a CLABE,
 * deposits to the borrower's own CLABE), against its local fake (faulty-stp.ts) misbehaving as the faulty provider
 * does. More seeds: npm run sim -- --adapter stp --seeds N
 * Replay one seed: KOPA_SIM_SEED=<n> npx vitest run --config tests/money/vitest.config.ts fault-simulation-stp
 */
import { simulationSuite } from './simulation-suite'

simulationSuite(0, 1, 'stp')
