import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { appShell } from './scripts/vite/app-shell.ts'
import { axiosXhrOnly } from './scripts/vite/axios-xhr-only.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { CORE_NAMESPACES } from './src/i18n-namespaces.ts'

/**
 * What the shell (src/main.tsx) needs: kept together so no lazy group captures it. With the staff console's page
 * beside the borrower's, the two modules both pages start with — the module-preload polyfill and wouter's hash
 * location, every open's anyway — stay in it too, rather than becoming two more requests.
 */
const SHELL =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|void-elements|html-parse-stringify|valibot)[\\/]|[\\/]src[\\/]i18n\.ts|[\\/]domain[\\/](countries\.ts|admin-areas[\\/])|[\\/]ui[\\/]loading-overlay|[\\/]services[\\/](storage|offline)[\\/]|vite[\\/]modulepreload-polyfill|node_modules[\\/]wouter[\\/]src[\\/](use-hash-location|react-deps)\.js/

/**
 * The staff console's own modules (console.html, src/console): no group of the borrower's takes them, so they stay
 * in the console's chunks (named console-*: the borrower's service worker never precaches them).
 */
const CONSOLE_CODE =
  /[\\/](src[\\/]console[\\/]|machines[\\/]console-|screens[\\/]console[\\/]|services[\\/]console[\\/]|domain[\\/](console|schemas[\\/]console)\.ts|locales[\\/][a-z]{2}[\\/]console\.json)/

/**
 * The children that load with their routes (src/compose.ts), by file name: the application's and borrowing's (the
 * `machines-apply` chunk), and the rest (`machines`). Their actor factories (services/actors) go with them.
 */
const APPLY_ACTORS = 'identity|upload-gate|loan-offer|agreement|cancellation|coupons|confirm-borrow|lending'
const LATER_ACTORS = 'payment-order|repayment|rollover|records|feedback-ticket|account-deletion'
/** Schemas no first screen checks with (domain/schemas). */
const LATER_SCHEMAS = '(feedback|repayment|coupon|identity|message-values)\\.ts'

/**
 * The app after the shell, as small parallel chunks: libraries first, then the domain rules, the services and
 * the machines, each group taking what the groups above it left (a higher priority captures first).
 */
const GROUPS: { name: string | ((id: string) => string | null); test: RegExp; priority: number }[] = [
  { name: 'shell', test: SHELL, priority: 9 },
  // The translations every open starts with, one file per language (locale-<lang>-start) instead of one per
  // namespace: fewer requests on the first screen, most of whose bytes were response headers.
  {
    name: (id) => `locale-${/locales[\\/]([a-z]{2})[\\/]/.exec(id)?.[1] ?? 'xx'}-start`,
    test: new RegExp(`locales[\\\\/][a-z]{2}[\\\\/](${CORE_NAMESPACES.join('|')})\\.json$`),
    priority: 10,
  },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 8 },
  { name: 'axios-helpers', test: /node_modules[\\/]axios[\\/]lib[\\/](helpers|platform)[\\/]/, priority: 8 },
  { name: 'axios', test: /node_modules[\\/]axios[\\/]/, priority: 7 },
  { name: 'final-form', test: /node_modules[\\/](react-)?final-form[\\/]/, priority: 7 },
  // The schemas the first screens check with (the journey's forms, login's); those only later screens use (feedback,
  // repayment, coupons, identity uploads) in a chunk of their own, taken after the first one has its dependencies.
  { name: 'domain-schemas', test: new RegExp(`[\\\\/]domain[\\\\/]schemas[\\\\/](?!console\\.ts|${LATER_SCHEMAS})`), priority: 6 },
  // The kit's pieces nearly every screen shows (home's among them) and the screens' shared notices: one request
  // instead of a dozen of under a kilobyte each, most of which would be response headers.
  {
    name: 'ui-common',
    test: /[\\/](ui[\\/](button|countdown|display|display-text|page-header|states|notice|toast|icons)|screens[\\/]shared[\\/](message-text|order-watch-notice|tab-navigation|display-text))\.tsx?$/,
    priority: 6,
  },
  { name: 'domain', test: new RegExp(`[\\\\/]domain[\\\\/](?!console\\.ts|schemas[\\\\/](console\\.ts|${LATER_SCHEMAS}))`), priority: 5 },
  { name: 'domain-schemas-later', test: /[\\/]domain[\\/]schemas[\\/](?!console\.ts)/, priority: 4.5 },
  { name: 'protocol', test: /[\\/]protocol[\\/]/, priority: 4 },
  // Every service the first screen starts with in one request (the API client, the bridge, the start-up actors,
  // analytics: four files, two of them under a kilobyte, were mostly response headers); the photo compressor, which
  // only the identity step and feedback use, apart.
  {
    name: (id) => (/[\\/]services[\\/]uploads[\\/]/.test(id) ? 'services-uploads' : 'services'),
    test: new RegExp(`[\\\\/]services[\\\\/](?!console[\\\\/]|actors[\\\\/](${APPLY_ACTORS}|${LATER_ACTORS})-actors)`),
    priority: 4,
  },
  { name: 'machines-core', test: /[\\/]machines[\\/](session|home|latest-order|order-lifecycle|submit|not-provided|loan-outcome)[.-]/, priority: 3 },
  // The journey's children in three chunks (src/compose.ts): those an open at home, login or register starts with,
  // preloaded by index.html (scripts/vite/app-shell.ts); the application's and borrowing's, and the rest (repaying,
  // records, feedback, account deletion), each loaded with the first event that leads to them.
  {
    name: 'machines-start',
    test: /[\\/]machines[\\/](language|app-rating|login|permission|legal-document|help-content|order-watch)\.machine/,
    priority: 2,
  },
  {
    name: 'machines-apply',
    test: new RegExp(`[\\\\/](machines[\\\\/](${APPLY_ACTORS})\\.machine|services[\\\\/]actors[\\\\/](${APPLY_ACTORS})-actors)`),
    priority: 2,
  },
  {
    name: 'machines',
    test: new RegExp(`[\\\\/](machines[\\\\/](?!journey\\.machine|console-)|services[\\\\/]actors[\\\\/](${LATER_ACTORS})-actors)`),
    priority: 1,
  },
  { name: 'machines-journey', test: /[\\/]machines[\\/]journey\.machine/, priority: 2 },
]

// The app is served by the reference server (server/) from dist/, or by any static host:
// relative asset paths and hash routing keep it working under any base path.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    axiosXhrOnly(),
    appShell(),
    // The service worker (services/offline/sw.ts): Workbox, with the precache list of this build injected.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'services/offline',
      filename: 'sw.ts',
      injectRegister: null,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        // Translations are listed too, but not precached: the worker keeps the borrower's language when the page
        // asks, not all three languages up front (services/offline/sw.ts, keep-language.ts).
        // The staff console (console.html, assets/console-*) is no part of the borrower's app: never precached.
        globIgnores: ['sw.js', 'console.html', 'assets/console-*'],
        dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8}\.(js|css)$/,
      },
    }),
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    // The console's page is /console.html on the dev server; its API is the reference server's.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/cou': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/console/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // One stylesheet (under 5 KiB compressed), inlined into index.html (scripts/vite/app-shell.ts): no screen waits
    // for its own CSS file.
    cssCodeSplit: false,
    chunkSizeWarningLimit: 260,
    rolldownOptions: {
      // Two pages: the borrower's app, and the lender's staff console (served at /console by server/static.ts).
      input: { index: 'index.html', console: 'console.html' },
      output: {
        // No chunk after the shell passes the 20 KiB budget (scripts/check-size.mjs), and a slow or dropped
        // connection retries little.
        codeSplitting: { groups: GROUPS },
        // A language's files are named for it, so the service worker can keep only the borrower's language.
        chunkFileNames: (chunk) => {
          const locale = /locales[\\/]([a-z]{2})[\\/]([a-z-]+)\.json$/.exec(chunk.facadeModuleId ?? '')
          // The console's own chunks are named for it (the borrower's service worker never precaches them).
          if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => CONSOLE_CODE.test(id)))
            return locale ? `assets/console-locale-${locale[1]}-[hash].js` : 'assets/console-[name]-[hash].js'
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js'
        },
      },
    },
  },
})
