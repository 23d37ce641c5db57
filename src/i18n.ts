/**
 * Translations: locales/<lang>/<namespace>.json, merged into one resource per language where a key reads
 * `<namespace>.<path>`. Only the active language is downloaded, and of it only what the screen on show needs:
 * the core namespaces at start-up, each route's own with its screen (src/routing/screens.ts), the rest kept by the
 * service worker for offline use, or fetched when the phone is idle where none runs (`prefetchLanguage`). Each file is its own small chunk, named for its
 * language (vite.config.ts), so a borrower on costly data never pays for the other two.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { CORE_NAMESPACES } from './i18n-namespaces'
import { keepLanguageOffline } from '../services/offline/keep-language'

export { CORE_NAMESPACES }

export const LANGUAGES = ['sw', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}


type Resource = Record<string, unknown>
// The staff console's words (console.json) are the console's own (src/console/i18n.ts): never the borrower's to load.
const loaders = import.meta.glob<{ default: Resource }>(['../locales/*/*.json', '!../locales/*/console.json'])

function namespaceOf(file: string): { lang: string; ns: string } {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!match) throw new Error(`not a locale file: ${file}`)
  return { lang: match[1]!, ns: match[2]! }
}

const files = Object.entries(loaders).map(([file, load]) => ({ ...namespaceOf(file), load }))

/** Every namespace the app has (the file names under locales/<lang>/). */
export const NAMESPACES: readonly string[] = [...new Set(files.map((f) => f.ns))].sort()

/** One load per file and language, shared by whoever asks first. */
const loading = new Map<string, Promise<Resource>>()
/** `lang/ns` already in i18next's resources. */
const added = new Set<string>()
const markAdded = (lang: Language, namespaces: readonly string[]) => namespaces.forEach((ns) => added.add(`${lang}/${ns}`))

function loadOne(lang: Language, ns: string): Promise<Resource> {
  const key = `${lang}/${ns}`
  let pending = loading.get(key)
  if (!pending) {
    const file = files.find((f) => f.lang === lang && f.ns === ns)
    if (!file) return Promise.reject(new Error(`no translations for ${key}`))
    pending = file.load().then((m) => m.default)
    // A failed download (a dropped connection) is tried again at the next ask.
    pending.catch(() => loading.delete(key))
    loading.set(key, pending)
  }
  return pending
}

/** The namespaces of one language as one resource (`{ ns: {...}, ... }`); all of them when none are named. */
export async function loadLanguage(lang: Language, namespaces: readonly string[] = NAMESPACES): Promise<Resource> {
  const parts = await Promise.all(namespaces.map(async (ns) => [ns, await loadOne(lang, ns)] as const))
  return Object.fromEntries(parts)
}

/** Adds namespaces of the active language (a screen's own) before its screen shows; a no-op once added. */
export async function loadNamespaces(namespaces: readonly string[], lang: unknown = i18next.language): Promise<void> {
  if (!isLanguage(lang)) return
  const missing = namespaces.filter((ns) => !added.has(`${lang}/${ns}`))
  if (missing.length === 0) return
  // Deep merge: each namespace is a branch of the one `translation` resource. Nothing is drawn again (react-i18next
  // does not listen to additions): nothing on screen uses a namespace before it is in, a screen waits for its own.
  i18next.addResourceBundle(lang, 'translation', await loadLanguage(lang, missing), true, false)
  markAdded(lang, missing)
}

/**
 * Everything else of the active language, for the next screens and for offline opens. Where a service worker
 * runs, the page does not download it: the worker keeps it, once it is active (services/offline/keep-language.ts),
 * and a later screen's words come from its cache. Where none runs, the page fetches it when the phone has nothing
 * better to do: after the page has loaded, in an idle moment — a slow line carries the first screen, its data and
 * the app first. A failed download is simply asked again by the screen that needs it.
 */
export function prefetchLanguage(win: Window = window, keep: typeof keepLanguageOffline = keepLanguageOffline): void {
  const lang = i18next.language
  const run = () => void loadNamespaces(NAMESPACES, lang).catch(() => undefined)
  const whenIdle = () =>
    'requestIdleCallback' in win ? win.requestIdleCallback(run, { timeout: 10_000 }) : setTimeout(run, 3_000)
  const afterLoad = () => {
    if (!keep(lang, win)) whenIdle()
  }
  if (win.document.readyState === 'complete') afterLoad()
  else win.addEventListener('load', afterLoad, { once: true })
}

export async function initI18n(
  lang: Language,
  namespaces: readonly string[] = NAMESPACES,
): Promise<typeof i18next> {
  const translation = await loadLanguage(lang, namespaces)
  added.clear()
  markAdded(lang, namespaces)
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = lang
  return i18next
}

export async function changeLanguage(lang: Language): Promise<void> {
  await loadNamespaces(NAMESPACES, lang)
  // Kept for offline opens in this language too (a no-op where no service worker runs: loaded above).
  keepLanguageOffline(lang)
  await i18next.changeLanguage(lang)
  document.documentElement.lang = lang
}
