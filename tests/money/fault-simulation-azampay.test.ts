/**
 * The fault simulation through Tanzania's real adapter, AzamPay (server/payments/azampay.ts), against its local fake
 * (faulty-azampay.ts) misbehaving as the faulty provider does. More seeds: npm run sim -- --adapter azampay --seeds N
 * Replay one seed: KOPA_SIM_SEED=<n> npx vitest run --config tests/money/vitest.config.ts fault-simulation-azampay
 */
import { simulationSuite } from './simulation-suite'

simulationSuite(0, 1, 'azampay')
