/**
 * A first paint before any JavaScript: index.html carries the frame of home (its header, the tab bar and, for a
 * visitor without a session, the product card's place and the Apply card every visitor's home shows; for a
 * signed-in borrower a card's outline), drawn with the app's own stylesheet, so a phone on a slow connection shows Kopa as soon as the
 * HTML and CSS arrive. A few lines of inline script pick the borrower's last language (storage `language`, else
 * the default language of the country chosen on this device, else the default country's) and write its words,
 * which come from locales/ at build time. Opened at login or register, the frame is that screen's top instead
 * (ENTRY_FRAMES): its header and its introduction, the screen's largest text. React replaces the frame when the
 * first screen is ready (src/main.tsx); the frame's boxes are the screen's own, so nothing moves when it does.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { CORE_NAMESPACES, FIRST_SCREEN_NAMESPACES } from '../../src/i18n-namespaces.ts'
import { COUNTRIES, DEFAULT_COUNTRY, LANGUAGES } from '../../domain/countries.ts'

/** The words of the frame: `<namespace>.<path>` keys of locales/<lang>/<namespace>.json. */
export const SHELL_KEYS = [
  'home.title',
  'ui.tabs.label',
  'ui.tabs.home',
  'ui.tabs.records',
  'ui.tabs.me',
  'ui.loading',
  'errors.network',
  'ui.error.retry',
  'home.state.canLoan.title',
  'home.state.canLoan.text',
  'home.button.apply',
  'user.login.title',
  'user.login.intro',
  'user.register.title',
  'user.register.intro',
] as const
type ShellKey = (typeof SHELL_KEYS)[number]

/**
 * The entry screens that are not home (the native shell opens login, a link opens register), by hash path: the
 * words of their header and their introduction, which the frame draws in their place when the page opens there.
 * That introduction is the largest text of these screens (their LCP element): drawn by the frame in the same
 * boxes, the first paint is already the screen's largest, and the real screen replaces it without moving it.
 */
export const ENTRY_FRAMES: Readonly<Record<string, { title: ShellKey; intro: ShellKey }>> = {
  '/user/login': { title: 'user.login.title', intro: 'user.login.intro' },
  '/user/register': { title: 'user.register.title', intro: 'user.register.intro' },
}

function lookup(root: string, lang: string, key: string): string {
  const [ns, ...rest] = key.split('.')
  const file = path.join(root, 'locales', lang, `${ns}.json`)
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'))
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`app shell: ${key} is missing in ${file}`)
  return node
}

/** Every language's words for the frame, read from locales/. */
export function shellWords(root: string): Record<string, Record<ShellKey, string>> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(SHELL_KEYS.map((key) => [key, lookup(root, lang, key)])) as Record<ShellKey, string>,
    ]),
  )
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The frame's markup in one language (the script swaps the words for the borrower's). */
export function shellMarkup(words: Record<ShellKey, string>): string {
  const w = (key: ShellKey) => `<span data-k="${key}">${escapeHtml(words[key])}</span>`
  const tab = (key: ShellKey, current: boolean) =>
    `<span class="k-tab"${current ? ' aria-current="page"' : ''}><span class="k-boot__icon"></span>${w(key)}</span>`
  // Shown by src/main.tsx when the app itself could not be fetched (no connection and no service worker yet).
  const failed =
    `<div class="k-card k-stack k-boot__failed" hidden><p role="alert">${w('errors.network')}</p>` +
    `<button type="button" class="k-btn k-btn--primary k-btn--block" onclick="location.reload()">${w('ui.error.retry')}</button></div>`
  const login = ENTRY_FRAMES['/user/login']!
  return [
    // Only a picture until the app runs: assistive technology hears "Loading…", and nothing in it can be used.
    '<div class="k-app k-boot" aria-busy="true">',
    // Which page of the frame shows: home's, or an entry screen's where the page opens at one (the script adds
    // `k-entry` to <html>). Here rather than in ui/styles.css: these rules go with the frame.
    '<style>html:not(.k-entry) .k-boot__entry,.k-entry .k-boot__home{display:none}</style>',
    `<p class="k-sr" role="status">${w('ui.loading')}</p>`,
    '<div class="k-page k-page--tabs k-boot__home" aria-hidden="true">',
    `<header class="k-header"><h1 class="k-header__title">${w('home.title')}</h1></header>`,
    '<main class="k-stack">',
    // A visitor (no session on this device) sees what home shows every visitor: the product card's place and the
    // Apply card (its button works once the app has started). A borrower signed in sees a card's outline only:
    // their home depends on their loan.
    '<div class="k-card k-card--brand k-boot__card k-boot__card--brand k-boot__visitor"></div>',
    `<section class="k-card k-stack k-boot__visitor"><h2 class="k-section-title">${w('home.state.canLoan.title')}</h2>`,
    `<p>${w('home.state.canLoan.text')}</p>`,
    `<span class="k-btn k-btn--primary k-btn--block" aria-disabled="true">${w('home.button.apply')}</span></section>`,
    '<div class="k-card k-boot__card k-boot__member"></div>',
    failed,
    '</main>',
    `<nav class="k-tabbar" data-k-label="ui.tabs.label" aria-label="${escapeHtml(words['ui.tabs.label'])}">`,
    tab('ui.tabs.home', true),
    tab('ui.tabs.records', false),
    tab('ui.tabs.me', false),
    '</nav>',
    '</div>',
    // An entry screen (login, register) as its screen draws it: the header with its back button's place and the
    // title, and the introduction; the form follows below it once the app runs, so nothing above it moves.
    '<div class="k-page k-boot__entry" aria-hidden="true">',
    `<header class="k-header"><span class="k-icon-btn"><span class="k-boot__icon"></span></span>`,
    `<h1 class="k-header__title"><span data-k="${login.title}" data-k-entry="title">${escapeHtml(words[login.title])}</span></h1></header>`,
    '<main class="k-stack">',
    `<p class="k-muted"><span data-k="${login.intro}" data-k-entry="intro">${escapeHtml(words[login.intro])}</span></p>`,
    failed,
    '</main>',
    '</div>',
    '</div>',
  ].join('')
}

/** How long the frame may stand before it offers to try again. */
export const BOOT_PATIENCE_MS = 30_000

/** The app's scripts as the build names them: the entry and the modules it needs at once. */
export interface StartScripts {
  entry: string
  modules: string[]
  /**
   * Screens an open may start at other than home (the native shell opens login; a link, register), by hash path:
   * their scripts, and their translations by language, preloaded with the rest when the page opens there.
   */
  routes?: Record<string, { modules: string[]; locales: Record<string, string[]> }>
}

/**
 * Chooses the language as src/main.tsx does and writes its words into the frame; then, once the frame has been
 * painted, starts the app: that language's start-up translations and every start-up module are preloaded, and the
 * entry script is added (`start`: without it — the dev server — index.html keeps its own script tag). The frame
 * is painted before any script is asked for, so on a slow link its few bytes never share the line with the app's.
 * A phone whose storage is blocked gets the default language; the app starts whatever happens.
 */
export function shellScript(
  words: Record<string, Record<ShellKey, string>>,
  preloads: Record<string, string[]> = {},
  start: StartScripts | null = null,
): string {
  // Each country's languages, its default first (domain/countries.ts startLanguage does the same choice).
  const countryLanguages = Object.fromEntries(Object.values(COUNTRIES).map((c) => [c.code, c.languages]))
  const fallback = JSON.stringify(countries.defaultLanguage)
  return [
    `(function(){var l=${fallback},W=${JSON.stringify(words)},r=document.documentElement,`,
    `E=${JSON.stringify(ENTRY_FRAMES)}[location.hash.replace(/^#/,"").split("?")[0]];`,
    // Opened at an entry screen (whatever storage allows): its frame, with its own header and introduction.
    'if(E){r.classList.add("k-entry");var t=document.querySelectorAll("[data-k-entry]");',
    'for(var i=0;i<t.length;i++){var k=E[t[i].getAttribute("data-k-entry")];t[i].setAttribute("data-k",k);t[i].textContent=W[l][k]}}',
    `try{var C=${JSON.stringify(countryLanguages)},s=window.localStorage,`,
    `c=s&&s.getItem('country');l=s&&s.getItem('language');`,
    // Home's words only where home opens: another route (a deep link to login, say) gets the outline.
    `if(!(s&&s.getItem('token'))&&/^#?\\/?$/.test(location.hash))document.documentElement.classList.add('k-visitor');`,
    // Not chosen on this phone: the phone's own language if the country offers it, else the country's default.
    `if(!W[l]){var L=C[c]||C[${JSON.stringify(DEFAULT_COUNTRY)}],D=navigator.languages||[navigator.language||""];l=L[0];`,
    'for(var q=0;q<D.length;q++){var p=String(D[q]).toLowerCase().split(/[-_]/)[0];if(L.indexOf(p)>=0){l=p;break}}}',
    'document.documentElement.lang=l;var w=W[l],e=document.querySelectorAll("[data-k]");',
    'for(var i=0;i<e.length;i++)e[i].textContent=w[e[i].getAttribute("data-k")];',
    'var n=document.querySelector("[data-k-label]");if(n)n.setAttribute("aria-label",w[n.getAttribute("data-k-label")]);',
    `}catch(x){l=${fallback};document.documentElement.lang=l}`,
    `var P=(${JSON.stringify(preloads)}[l]||[]),S=${JSON.stringify(start)},h=document.head,d=0;`,
    'function a(t,r,u){var k=document.createElement(t);if(r)k.rel=r;else k.type="module";',
    'k.crossOrigin="";k[r?"href":"src"]=u;h.appendChild(k)}',
    'function go(){if(d)return;d=1;',
    'if(S){for(var j=0;j<S.modules.length;j++)a("link","modulepreload",S.modules[j]);',
    // The screen the page opens at, when it is one of the entry screens: its own scripts and words too.
    'var R=S.routes&&S.routes[location.hash.replace(/^#/,"").split("?")[0]];',
    'if(R){var M=R.modules.concat(R.locales[l]||[]);for(var j=0;j<M.length;j++)a("link","modulepreload",M[j]);}}',
    'for(var j=0;j<P.length;j++)a("link","modulepreload",P[j]);',
    'if(S)a("script",null,S.entry)}',
    // A start that has not replaced the frame in BOOT_PATIENCE_MS (a download that hangs, a dropped line that
    // never says so) gets the frame's failure notice and its retry button; the start goes on meanwhile.
    `setTimeout(function(){var b=document.querySelector(".k-boot");if(!b)return;`,
    'var f=b.querySelectorAll(".k-boot__failed,[aria-hidden]");',
    `for(var j=0;j<f.length;j++){f[j].removeAttribute("hidden");f[j].removeAttribute("aria-hidden")}},${BOOT_PATIENCE_MS});`,
    // After the next paint; a page loaded hidden (no animation frames) starts on the timer.
    'if(S&&window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(go,0)});',
    'setTimeout(go,S?100:0)',
    '})()',
  ].join('')
}

const countries = COUNTRIES[DEFAULT_COUNTRY]

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle']>

/**
 * Modules imported dynamically that every open needs at once: the app proper, home's screen, and the wire
 * protocol (the API client loads it on the first call).
 */
const START_UP_MODULES = ['/src/boot.tsx', '/screens/tabs/home.tsx', '/protocol/protocol.ts']

/**
 * The grouped chunk of START_UP_MODULES' kind (vite.config.ts names it): the start-up set (xstate, axios, the domain,
 * the wire protocol, the services and the start-up machines); not machines-apply nor machines.
 */
export const START_UP_GROUPS = /^assets\/(core|app)-/

/**
 * The entry screens other than home (hash path → screen module, and the namespaces it needs beside the core ones,
 * as src/routing/screens.ts names them for its group): the native shell opens login, links open register.
 */
export const ENTRY_SCREENS: Readonly<Record<string, { module: string; namespaces: readonly string[] }>> = {
  '/user/login': { module: '/screens/user/login.tsx', namespaces: ['user'] },
  '/user/register': { module: '/screens/user/register.tsx', namespaces: ['user'] },
}

/** A screen's chunk and the chunks it imports statically, less those already preloaded, as `./file`. */
export function screenImports(bundle: Bundle, module: string, already: readonly string[]): string[] {
  const root = Object.keys(bundle).find((file) => {
    const chunk = bundle[file]
    return chunk?.type === 'chunk' && (chunk.facadeModuleId ?? '').replace(/\\/g, '/').endsWith(module)
  })
  if (!root) throw new Error(`app shell: no chunk for ${module}`)
  const found = new Set<string>()
  const visit = (file: string) => {
    const chunk = bundle[file]
    if (!chunk || chunk.type !== 'chunk' || found.has(file) || already.includes(`./${file}`)) return
    found.add(file)
    chunk.imports.forEach(visit)
  }
  visit(root)
  return [...found].map((file) => `./${file}`)
}

/** Every chunk the entry needs at start-up beyond its own static imports (not other screens), as `./file`. */
export function startUpImports(bundle: Bundle, entryFile: string): string[] {
  const entry = bundle[entryFile]
  if (!entry || entry.type !== 'chunk') return []
  const found = new Set<string>()
  const wanted = (file: string) => {
    const chunk = bundle[file]
    const id = chunk?.type === 'chunk' ? (chunk.facadeModuleId ?? '').replace(/\\/g, '/') : ''
    // Grouped chunks have no single module: the machines an open at home, login or register starts with
    // (src/compose.ts START_CHILDREN; the others load with their routes), and the wire protocol's group
    // (vite.config.ts).
    return START_UP_MODULES.some((m) => id.endsWith(m)) || START_UP_GROUPS.test(file)
  }
  const visit = (file: string) => {
    const chunk = bundle[file]
    if (!chunk || chunk.type !== 'chunk' || found.has(file)) return
    found.add(file)
    chunk.imports.forEach(visit)
    chunk.dynamicImports.filter(wanted).forEach(visit)
  }
  entry.dynamicImports.filter(wanted).forEach(visit)
  return [...found].map((file) => `./${file}`)
}

export function appShell(): Plugin {
  let root = process.cwd()
  return {
    name: 'kopa:app-shell',
    configResolved(config) {
      root = config.root
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The borrower's page only: the staff console (console.html) has no frame of home.
        if (!/(^|\/)index\.html$/.test(ctx.filename)) return html
        const words = shellWords(root)
        // The start-up translations of each language, as built (locale-<lang>-<ns>-<hash>.js, vite.config.ts).
        const wanted = [...CORE_NAMESPACES, ...FIRST_SCREEN_NAMESPACES] as readonly string[]
        // By the module each chunk holds: a file name's prefix would mistake user-center for user.
        const localesOf = (namespaces: readonly string[]) =>
          Object.fromEntries(
            LANGUAGES.map((lang) => [
              lang,
              Object.entries(ctx.bundle ?? {})
                .filter(([, chunk]) => {
                  // The chunk that holds locales/<lang>/<ns>.json: its own (locale-<lang>-<ns>-<hash>.js), or the
                  // language's start-up one (locale-<lang>-start-<hash>.js, vite.config.ts).
                  const ids = chunk.type === 'chunk' ? chunk.moduleIds.map((id) => id.replace(/\\/g, '/')) : []
                  return namespaces.some((ns) => ids.some((id) => id.endsWith(`/locales/${lang}/${ns}.json`)))
                })
                .map(([file]) => `./${file}`),
            ]),
          )
        const preloads = localesOf(wanted)
        const frame = shellMarkup(words[countries.defaultLanguage]!)
        const marker = '<div id="root"></div>'
        if (!html.includes(marker)) throw new Error(`app shell: index.html has no ${marker}`)
        let page = html.replace('<html lang="sw">', `<html lang="${countries.defaultLanguage}">`)
        let start: StartScripts | null = null
        if (ctx.bundle) {
          // The stylesheet goes inline (no request before the first paint); the scripts wait for it (shellScript).
          page = page.replace(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => {
            const asset = ctx.bundle![file]
            if (!asset || asset.type !== 'asset') throw new Error(`app shell: ${file} is not in the build`)
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
          })
          const modules: string[] = []
          page = page.replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_, href: string) => {
            modules.push(href)
            return ''
          })
          let entry = ''
          page = page.replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_, src: string) => {
            entry = src
            return ''
          })
          if (!entry) throw new Error('app shell: the build wrote no entry script into index.html')
          // The app proper is a dynamic import of the entry (evaluated in a task of its own, src/main.tsx): its
          // scripts are preloaded with the entry's, not discovered after it has run.
          modules.push(
            ...startUpImports(ctx.bundle, entry.replace(/^\.\//, '')).filter((f) => f !== entry && !modules.includes(f)),
          )
          const routes = Object.fromEntries(
            Object.entries(ENTRY_SCREENS).map(([hash, screen]) => [
              hash,
              { modules: screenImports(ctx.bundle!, screen.module, [...modules, entry]), locales: localesOf(screen.namespaces) },
            ]),
          )
          start = { entry, modules, routes }
        }
        return page.replace(
          marker,
          `<div id="root">${frame}</div>\n    <script>${shellScript(words, preloads, start)}</script>`,
        )
      },
    },
  }
}
