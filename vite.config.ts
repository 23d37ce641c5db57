import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** What the shell (src/main.tsx) needs: kept together so no lazy group captures it. */
const SHELL =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|void-elements|html-parse-stringify|valibot)[\\/]|[\\/]src[\\/](i18n\.ts|main\.tsx|domain[\\/](countries\.ts|admin-areas[\\/])|ui[\\/]loading-overlay)|[\\/]services[\\/]storage[\\/]/

/**
 * The app after the shell, as small parallel chunks: libraries first, then the domain rules, the services and
 * the machines, each group taking what the groups above it left (a higher priority captures first).
 */
const GROUPS: { name: string | ((id: string) => string | null); test: RegExp; priority: number }[] = [
  { name: 'shell', test: SHELL, priority: 9 },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 8 },
  { name: 'axios-helpers', test: /node_modules[\\/]axios[\\/]lib[\\/](helpers|platform)[\\/]/, priority: 8 },
  { name: 'axios', test: /node_modules[\\/]axios[\\/]/, priority: 7 },
  { name: 'final-form', test: /node_modules[\\/](react-)?final-form[\\/]/, priority: 7 },
  { name: 'domain-schemas', test: /[\\/]src[\\/]domain[\\/]schemas[\\/]/, priority: 6 },
  { name: 'domain', test: /[\\/]src[\\/]domain[\\/]/, priority: 5 },
  { name: (id) => `services-${/[\\/]services[\\/]([a-z-]+)[\\/]/.exec(id)?.[1] ?? 'other'}`, test: /[\\/]services[\\/]/, priority: 4 },
  { name: 'machines-core', test: /[\\/]machines[\\/](session|home|latest-order|order-lifecycle|submit)[.-]/, priority: 3 },
  { name: 'machines', test: /[\\/]machines[\\/](?!journey\.machine)/, priority: 2 },
  { name: 'machines-journey', test: /[\\/]machines[\\/]journey\.machine/, priority: 1 },
]

// The app is served by the reference server (server/) from dist/, or by any static host:
// relative asset paths and hash routing keep it working under any base path.
export default defineConfig({
  base: './',
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080', '/cou': 'http://127.0.0.1:8080', '/dev': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 260,
    rolldownOptions: {
      output: {
        // No chunk after the shell passes the 20 KiB budget (scripts/check-size.mjs), and a slow or dropped
        // connection retries little.
        codeSplitting: { groups: GROUPS },
      },
    },
  },
})
