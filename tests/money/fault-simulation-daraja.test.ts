/**
 * The fault simulation through Kenya's real adapter, Daraja (server/payments/mpesa.ts), against its local fake
 * (faulty-daraja.ts) misbehaving as the faulty provider does. More seeds: npm run sim -- --adapter daraja --seeds N
 * Replay one seed: KOPA_SIM_SEED=<n> npx vitest run --config tests/money/vitest.config.ts fault-simulation-daraja
 */
import { simulationSuite } from './simulation-suite'

simulationSuite(0, 1, 'daraja')
