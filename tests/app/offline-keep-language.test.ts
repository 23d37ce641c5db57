/**
 * The rest of the borrower's language on a cold open: kept by the service worker for the next screens and for
 * offline opens (services/offline/keep-language.ts, sw.ts), not downloaded by the page; where no service worker
 * runs, fetched by the page when the phone is idle (src/i18n.ts prefetchLanguage).
 */
import { describe, expect, it, vi } from 'vitest'
import {
  KEEP_LANGUAGE,
  isKeepLanguage,
  isLocaleFile,
  keepFiles,
  keepLanguageOffline,
  languageFiles,
} from '../../services/offline/keep-language'
import { prefetchLanguage } from '../../src/i18n'

const BUILD = [
  'index.html',
  'assets/shell-Ab12Cd34.js',
  'assets/locale-en-ui-DBUEItq_.js',
  'assets/locale-en-user-center-BxneZIke.js',
  'assets/locale-sw-ui-Xy98Zw76.js',
  'assets/locale-es-repay-Qw12Er34.js',
]

/** A Cache as the worker sees it, holding `kept`. */
function cacheHolding(kept: string[]) {
  const store = new Map<string, Response>(kept.map((url) => [url, new Response('kept')]))
  return {
    store,
    match: vi.fn(async (url: RequestInfo | URL) => store.get(String(url))),
    put: vi.fn(async (url: RequestInfo | URL, response: Response) => void store.set(String(url), response)),
  }
}

describe('the language the service worker keeps', () => {
  it('is every translation file of the language asked for, and no other language’s nor any script', () => {
    expect(languageFiles(BUILD, 'en')).toEqual(['assets/locale-en-ui-DBUEItq_.js', 'assets/locale-en-user-center-BxneZIke.js'])
    expect(languageFiles(BUILD, 'sw')).toEqual(['assets/locale-sw-ui-Xy98Zw76.js'])
    expect(languageFiles(BUILD, '../x')).toEqual([])
    expect(BUILD.filter(isLocaleFile)).toHaveLength(4)
  })

  it('answers only its own message', () => {
    expect(isKeepLanguage({ type: KEEP_LANGUAGE, language: 'en' })).toBe(true)
    expect(isKeepLanguage({ type: 'SKIP_WAITING' })).toBe(false)
    expect(isKeepLanguage(null)).toBe(false)
  })

  it('fetches only the files it does not hold yet, and keeps a file that failed out', async () => {
    const cache = cacheHolding(['/a.js'])
    const fetched: string[] = []
    const kept = await keepFiles(cache, ['/a.js', '/b.js', '/c.js', '/d.js'], async (url) => {
      fetched.push(url)
      if (url === '/c.js') return new Response('gone', { status: 404 })
      if (url === '/d.js') throw new TypeError('Failed to fetch')
      return new Response('words')
    })
    expect(fetched).toEqual(['/b.js', '/c.js', '/d.js'])
    expect(kept).toBe(1)
    expect([...cache.store.keys()]).toEqual(['/a.js', '/b.js'])
  })
})

describe('the page on a cold open', () => {
  it('asks the active service worker to keep its language, and downloads none of it itself', async () => {
    const postMessage = vi.fn()
    const win = {
      isSecureContext: true,
      navigator: { serviceWorker: { ready: Promise.resolve({ active: { postMessage } }) } },
    } as unknown as Window
    expect(keepLanguageOffline('sw', win)).toBe(true)
    await Promise.resolve()
    await Promise.resolve()
    expect(postMessage).toHaveBeenCalledWith({ type: KEEP_LANGUAGE, language: 'sw' })
  })

  it('without a service worker (insecure page, a WebView without them), loads the language itself when idle', () => {
    const win = { isSecureContext: false, navigator: {} } as unknown as Window
    expect(keepLanguageOffline('sw', win)).toBe(false)
    const idle = vi.fn()
    const page = {
      document: { readyState: 'complete' },
      requestIdleCallback: idle,
      addEventListener: vi.fn(),
    } as unknown as Window
    prefetchLanguage(page, () => false)
    expect(idle).toHaveBeenCalledTimes(1)
    const kept = vi.fn(() => true)
    idle.mockClear()
    prefetchLanguage(page, kept)
    expect(kept).toHaveBeenCalledTimes(1)
    expect(idle).not.toHaveBeenCalled()
  })
})
