/**
 * The borrower's language kept for offline use by the service worker, not downloaded by the page.
 *
 * A screen's translations load with its screen (src/routing/screens.ts); the rest of the language is only needed
 * for later and for offline opens. Where a service worker runs, the page asks it (a message, once it is active)
 * to keep every translation file of the language in its `kopa-locales` cache (services/offline/sw.ts): the page
 * itself downloads nothing more on a cold open, and every screen's words are there offline. Where none runs (an
 * Android WebView without service workers, a page not served over HTTPS), the page loads them itself when idle
 * (src/i18n.ts prefetchLanguage).
 */

/** The message the page sends and the worker answers by keeping the files. */
export const KEEP_LANGUAGE = 'kopa.keepLanguage'
export const LOCALES_CACHE = 'kopa-locales'

export interface KeepLanguageMessage {
  type: typeof KEEP_LANGUAGE
  language: string
}

/** A translation file of the build (assets/locale-<lang>-<namespace>-<hash>.js, vite.config.ts). */
export function isLocaleFile(url: string): boolean {
  return /(^|\/)assets\/locale-[a-z]{2}-[^/]+\.js$/.test(url)
}

/** The translation files of one language, of the build's file list (the precache manifest). */
export function languageFiles(urls: readonly string[], language: string): string[] {
  if (!/^[a-z]{2}$/.test(language)) return []
  return urls.filter((url) => isLocaleFile(url) && url.includes(`assets/locale-${language}-`))
}

export function isKeepLanguage(data: unknown): data is KeepLanguageMessage {
  const message = data as Partial<KeepLanguageMessage> | null
  return message?.type === KEEP_LANGUAGE && typeof message.language === 'string'
}

/**
 * Puts into `cache` each of `urls` it does not hold yet, one after another (a slow line carries the page's own
 * requests first). A file that cannot be fetched is left out: the next ask, or the page itself, fetches it.
 */
export async function keepFiles(
  cache: Pick<Cache, 'match' | 'put'>,
  urls: readonly string[],
  fetchFile: (url: string) => Promise<Response>,
): Promise<number> {
  let kept = 0
  for (const url of urls) {
    if (await cache.match(url)) continue
    try {
      const response = await fetchFile(url)
      if (!response.ok) continue
      await cache.put(url, response)
      kept++
    } catch {
      // No connection: nothing kept, nothing broken.
    }
  }
  return kept
}

/**
 * Asks the service worker, once one is active, to keep `language` for offline use. False where no service
 * worker can run: the caller then loads the language itself.
 */
export function keepLanguageOffline(language: string, win: Window = window): boolean {
  const container = win.navigator.serviceWorker
  if (!container || !win.isSecureContext) return false
  const message: KeepLanguageMessage = { type: KEEP_LANGUAGE, language }
  void container.ready.then((registration) => registration.active?.postMessage(message))
  return true
}
