import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { appShell } from './scripts/vite/app-shell.ts'
import { axiosXhrOnly } from './scripts/vite/axios-xhr-only.ts'
import { cryptoJsNoKdf } from './scripts/vite/crypto-js-no-kdf.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { stripMachineDescriptions } from './scripts/vite/strip-machine-descriptions.ts'
import { CORE_NAMESPACES } from './src/i18n-namespaces.ts'

/**
 * What the shell (src/main.tsx) needs, the route table it reads included (src/routing/screens.ts: left to the app's
 * group, it would make the entry import the whole start-up set before it runs): kept together so no lazy group
 * captures it. With the staff console's page
 * beside the borrower's, the two modules both pages start with — the module-preload polyfill and wouter's hash
 * location, every open's anyway — stay in it too, rather than becoming two more requests.
 */
const SHELL =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|void-elements|html-parse-stringify|valibot)[\\/]|[\\/]src[\\/](i18n|routing[\\/]screens)\.ts|[\\/]domain[\\/]countries\.ts|[\\/]ui[\\/]loading-overlay|[\\/]services[\\/](storage|offline)[\\/]|vite[\\/]modulepreload-polyfill|node_modules[\\/]wouter[\\/]src[\\/](use-hash-location|react-deps)\.js/

/**
 * The staff console's own modules (console.html, src/console): no group of the borrower's takes them, so they stay
 * in the console's chunks (named console-*: the borrower's service worker never precaches them).
 */
const CONSOLE_CODE =
  /[\\/](src[\\/]console[\\/]|machines[\\/]console-|screens[\\/]console[\\/]|services[\\/]console[\\/]|domain[\\/](console(-[a-z-]+)?|schemas[\\/]console)\.ts|locales[\\/][a-z]{2}[\\/]console\.json)/

/**
 * The children that load with their routes (src/compose.ts), by file name: the application's and borrowing's (the
 * `machines-apply` chunk), and the rest (`machines`). Their actor factories (services/actors) go with them.
 */
const APPLY_ACTORS = 'identity|upload-gate|loan-offer|agreement|cancellation|coupons|confirm-borrow|lending'
const LATER_ACTORS = 'payment-order|repayment|rollover|records|feedback-ticket|account-deletion'
/**
 * Schemas no first screen checks with (domain/schemas): later screens' (feedback, repayment, coupons, identity
 * uploads), and the journey's forms' (journey-forms.ts and what it gathers, given to the journey with the first
 * form: machines/kit/form-schemas.ts).
 */
const LATER_SCHEMAS =
  '(feedback|repayment|coupon|identity|message-values|journey-forms|additional-info|loan|personal-info|questionnaire|wallet|fields)\\.ts'
/**
 * Domain rules only those schemas and later screens use: left to `domain-later`, or to the start-up set when a
 * start-up module imports them after all (a group takes a module's imports with it).
 */
const LATER_RULES = '(identity-numbers|pricing|suggested-amount|product|repayment-rules|onboarding-steps|wallets|admin-areas[\\\\/].*)\\.ts'

/**
 * The start-up set, in two parts. `core`: what the staff console's page shares with the borrower's (xstate, the
 * domain rules and the schemas the first screens check with, the kit's common pieces, the session's and home's
 * machines and those they use); `app`: the borrower's alone (axios, the wire protocol, the services, the other
 * start-up machines and the journey), which the console must not load (the services start the native bridge).
 */
const CORE_PARTS: RegExp[] = [
  /node_modules[\\/](xstate|@xstate)[\\/]/,
  // Not the schemas and rules only the journey's forms and later screens use (`domain-later`), nor the console's
  // (its own words, and the product rules its editor checks with).
  new RegExp(`[\\\\/]domain[\\\\/](?!console\\.ts|product-rules\\.ts|${LATER_RULES}|schemas[\\\\/](console\\.ts|${LATER_SCHEMAS}))`),
  // The kit's pieces nearly every screen shows (home's among them) and the screens' shared notices.
  /[\\/](ui[\\/](button|countdown|display|display-text|page-header|states|notice|toast|icons)|screens[\\/]shared[\\/](message-text|order-watch-notice|tab-navigation|display-text|use-view))\.tsx?$/,
  /[\\/]machines[\\/](session|home|latest-order|order-lifecycle|submit|not-provided|loan-outcome)[.\\/-]/,
]
const APP_PARTS: RegExp[] = [
  /node_modules[\\/]axios[\\/]/,
  /[\\/]protocol[\\/]/,
  // Every service the first screen starts with (the API client, the bridge, the start-up actors, analytics); not the
  // photo compressor (`services-uploads`), nor the actors of the machines that load with their routes.
  new RegExp(`[\\\\/]services[\\\\/](?!console[\\\\/]|uploads[\\\\/]|actors[\\\\/](${APPLY_ACTORS}|${LATER_ACTORS})-actors)`),
  // The machines an open at home, login or register starts with (src/compose.ts START_CHILDREN), and the journey
  // with its state fragments (machines/journey/).
  /[\\/]machines[\\/](language|app-rating|login|permission|legal-document|help-content|order-watch|journey)\.machine|[\\/]machines[\\/]journey[\\/]/,
  // The app proper, which the entry imports once the frame is painted (src/boot.tsx), and its composition; not the
  // route table the entry itself reads (src/routing/screens.ts, with the shell).
  /[\\/]src[\\/](boot|compose|app)\.tsx?$|[\\/]src[\\/]routing[\\/](?!screens\.ts)/,
]
const anyOf = (parts: RegExp[]) => (id: string) => !CONSOLE_CODE.test(id) && parts.some((part) => part.test(id))

/**
 * The shell, then the start-up set as two chunks (`core` and `app`), then what loads with its route in chunks of
 * its own (a higher priority captures first). The start-up set was eleven chunks (xstate, axios and its helpers,
 * the domain rules and schemas, the kit's common pieces, the wire protocol, the services, three of machines)
 * fetched in parallel: every open needs all of them, and two files are about 7 KB less on the wire for a cold open
 * (2026-11-28, docs/performance.md) — nine responses' headers fewer, and Brotli's window spanning each part
 * instead of restarting per file.
 */
const GROUPS: {
  name: string | ((id: string) => string | null)
  test: RegExp | ((id: string) => boolean)
  priority: number
}[] = [
  { name: 'shell', test: SHELL, priority: 9 },
  // The translations every open starts with, one file per language (locale-<lang>-start) instead of one per
  // namespace: fewer requests on the first screen, most of whose bytes were response headers.
  {
    name: (id) => `locale-${/locales[\\/]([a-z]{2})[\\/]/.exec(id)?.[1] ?? 'xx'}-start`,
    test: new RegExp(`locales[\\\\/][a-z]{2}[\\\\/](${CORE_NAMESPACES.join('|')})\\.json$`),
    priority: 10,
  },
  // The console's share first, with what it uses; the borrower's own after it.
  { name: 'core', test: anyOf(CORE_PARTS), priority: 8.5 },
  { name: 'app', test: anyOf(APP_PARTS), priority: 8 },
  { name: 'final-form', test: /node_modules[\\/](react-)?final-form[\\/]/, priority: 7 },
  { name: 'domain-later', test: /[\\/]domain[\\/](?!console(-[a-z-]+)?\.ts|product-rules\.ts|schemas[\\/]console\.ts)/, priority: 4.5 },
  { name: 'services-uploads', test: /[\\/]services[\\/]uploads[\\/]/, priority: 4 },
  // The journey's other children in two chunks (src/compose.ts), each loaded with the first event that leads to
  // them: the application's and borrowing's, and the rest (repaying, records, feedback, account deletion). A
  // machine's parts in its folder (machines/identity/) go with it.
  {
    name: 'machines-apply',
    test: new RegExp(`[\\\\/](machines[\\\\/](${APPLY_ACTORS})(\\.machine|[\\\\/])|services[\\\\/]actors[\\\\/](${APPLY_ACTORS})-actors)`),
    priority: 2,
  },
  {
    name: 'machines',
    test: new RegExp(`[\\\\/](machines[\\\\/](?!journey\\.machine|journey[\\\\/]|console-)|services[\\\\/]actors[\\\\/](${LATER_ACTORS})-actors)`),
    priority: 1,
  },
]

// The app is served by the reference server (server/) from dist/, or by any static host:
// relative asset paths and hash routing keep it working under any base path.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    axiosXhrOnly(),
    cryptoJsNoKdf(),
    stripMachineDescriptions(),
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
