import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Three projects: pure code in Node, rendered screens and model-based tests in jsdom,
// and the reference server (embedded PGlite, and PostgreSQL too when DATABASE_URL is set).
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1), so the files ran one after another (CI's
    // machine has 2 cores): most of a server file's time is spent waiting on the database, so two overlap well.
    maxWorkers: 2,
    // On CI a test that fails is run once more, and `npm test` lists every test that passed only then (a flake to
    // fix, never silence): one flaky failure in 2,800 tests kept a whole session's work from landing (stop 26).
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/{domain,machines,services,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/{screens,model,ui,app}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20000,
          // As the server's files: shared modules (376 s → 188 s for the screens' files). They share one jsdom
          // document too, so tests/setup-dom.ts clears the page each file wrote into once the file is done.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The server's files share their worker's modules instead of importing everything (and compiling PGlite's
          // WebAssembly) again per file: 500 s → 370 s for the same 1,019 tests on both databases. It holds because
          // each file opens its own database and server, and none mocks a module or writes the environment.
          isolate: false,
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
})
