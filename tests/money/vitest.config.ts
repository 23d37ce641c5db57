/**
 * The money simulation's own vitest configuration: `npm test` runs it as its own step (scripts/test-all.mjs), so
 * its long tests do not share the rest's time-outs: `npx vitest run --config tests/money/vitest.config.ts`.
 */
import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'money',
    environment: 'node',
    include: ['tests/money/**/*.test.ts'],
    // Vitest's default on a 2-core machine is one worker (cores − 1): the suite's files would run one by one.
    maxWorkers: 2,
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
})
