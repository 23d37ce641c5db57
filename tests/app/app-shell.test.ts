/**
 * The frame index.html draws before any JavaScript (scripts/vite/app-shell.ts): in the borrower's last language,
 * with words that come from locales/, and with that language's start-up translations preloaded.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SHELL_KEYS, shellMarkup, shellScript, shellWords, type StartScripts } from '../../scripts/vite/app-shell'
import { startLanguage } from '../../domain/countries'

const root = path.resolve(import.meta.dirname, '../..')
const words = shellWords(root)
const preloads = { sw: ['./assets/locale-sw-ui-a1.js'], en: ['./assets/locale-en-ui-b2.js'], es: [] }

const start = { entry: './assets/index-e1.js', modules: ['./assets/shell-s1.js'] }

/** The frame and its inline script as index.html runs them; resolves once the script has started the app. */
async function openFrame(withStart: StartScripts | null = null): Promise<void> {
  document.documentElement.className = ''
  document.head.innerHTML = ''
  document.body.innerHTML = `<div id="root">${shellMarkup(words.sw!)}</div>`
  new Function(shellScript(words, preloads, withStart))()
  await new Promise((resolve) => setTimeout(resolve, 150))
}

/** The phone's own languages, as navigator.languages reports them. */
function deviceLanguages(tags: string[]): void {
  Object.defineProperty(navigator, 'languages', { value: tags, configurable: true })
}

const text = (key: string) => document.querySelector(`[data-k="${key}"]`)?.textContent

/**
 * The timers each run of the frame's script sets (its boot patience waits seconds), cleared after each story: the
 * screens' test files share a worker, so one left running would fire in another file's page, or after it.
 */
const pending: ReturnType<typeof setTimeout>[] = []
const realSetTimeout = globalThis.setTimeout

describe('The frame before JavaScript', () => {
  beforeEach(() => {
    localStorage.clear()
    deviceLanguages([])
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      const id = realSetTimeout(handler, ms)
      pending.push(id)
      return id
    }) as unknown as typeof setTimeout)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    for (const id of pending.splice(0)) clearTimeout(id)
  })

  it('has every word in every language, read from locales/', () => {
    const en = JSON.parse(readFileSync(path.join(root, 'locales/en/ui.json'), 'utf8')) as { tabs: { home: string } }
    expect(words.en!['ui.tabs.home']).toBe(en.tabs.home)
    for (const lang of ['sw', 'en', 'es']) for (const key of SHELL_KEYS) expect(words[lang]![key]).toBeTruthy()
  })

  it('speaks the language the borrower chose', async () => {
    localStorage.setItem('language', 'en')
    await openFrame()
    expect(document.documentElement.lang).toBe('en')
    expect(text('ui.tabs.records')).toBe(words.en!['ui.tabs.records'])
    expect(document.querySelector('nav')?.getAttribute('aria-label')).toBe(words.en!['ui.tabs.label'])
  })

  it('else the language of the country chosen on this device, else the default country’s', async () => {
    deviceLanguages(['fr-FR'])
    localStorage.setItem('country', 'MX')
    await openFrame()
    expect(document.documentElement.lang).toBe('es')
    expect(text('ui.tabs.me')).toBe(words.es!['ui.tabs.me'])
    localStorage.clear()
    localStorage.setItem('language', 'fr')
    await openFrame()
    expect(document.documentElement.lang).toBe('sw')
    expect(text('ui.tabs.home')).toBe(words.sw!['ui.tabs.home'])
  })

  it('opens a visitor’s phone set to English in English, where the country offers English', async () => {
    deviceLanguages(['en-GB', 'sw'])
    await openFrame()
    expect(document.documentElement.lang).toBe('en')
    expect(text('ui.tabs.home')).toBe(words.en!['ui.tabs.home'])
    deviceLanguages(['es-MX'])
    localStorage.setItem('country', 'KE')
    await openFrame()
    expect(document.documentElement.lang).toBe('en') // Kenya offers English and Kiswahili, not Spanish
  })

  it('chooses as the app does (startLanguage), for every stored choice, country and phone language', async () => {
    for (const stored of [null, 'en', 'sw', 'es', 'fr'])
      for (const country of [null, 'TZ', 'KE', 'MX', 'XX'])
        for (const device of [[], ['en-US'], ['sw-TZ', 'en'], ['es'], ['fr', 'sw']]) {
          localStorage.clear()
          if (stored) localStorage.setItem('language', stored)
          if (country) localStorage.setItem('country', country)
          deviceLanguages(device)
          new Function(shellScript(words, {}, null))()
          expect(document.documentElement.lang, `${stored} ${country} ${device.join(',')}`).toBe(
            startLanguage(stored, country, device),
          )
        }
  })

  it('preloads that language’s start-up translations, and no other language’s', async () => {
    localStorage.setItem('language', 'en')
    await openFrame()
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))
    expect(links).toEqual(['./assets/locale-en-ui-b2.js'])
  })

  it('keeps its failure notice hidden until the app cannot be fetched', async () => {
    await openFrame()
    const failed = document.querySelector('.k-boot__failed')
    expect(failed?.hasAttribute('hidden')).toBe(true)
    expect(failed?.textContent).toContain(words.sw!['errors.network'])
  })

  it('is only a picture to assistive technology: "Loading…", no landmark or button to reach', async () => {
    await openFrame()
    expect(document.querySelector('.k-boot .k-page')?.getAttribute('aria-hidden')).toBe('true')
    expect(document.querySelector('[role="status"]')?.closest('[aria-hidden]')).toBeNull()
    expect(document.querySelector('nav')?.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('shows a visitor the Apply card every visitor’s home has, and a signed-in borrower only an outline', async () => {
    await openFrame()
    expect(document.documentElement.classList.contains('k-visitor')).toBe(true)
    expect(text('home.state.canLoan.title')).toBe(words.sw!['home.state.canLoan.title'])
    localStorage.setItem('token', 'tok-1')
    await openFrame()
    expect(document.documentElement.classList.contains('k-visitor')).toBe(false)
  })

  it('shows home’s words only where home opens: a deep link to another screen gets the outline', async () => {
    window.location.hash = '#/user/login'
    try {
      await openFrame()
      expect(document.documentElement.classList.contains('k-visitor')).toBe(false)
    } finally {
      window.location.hash = ''
    }
    await openFrame()
    expect(document.documentElement.classList.contains('k-visitor')).toBe(true)
  })

  it('asks for the app’s scripts only after the frame, entry last, even where storage is blocked', async () => {
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('blocked')
      },
    })
    document.documentElement.lang = 'xx'
    try {
      await openFrame(start)
    } finally {
      Object.defineProperty(window, 'localStorage', storage)
    }
    expect(document.documentElement.lang).toBe('sw')
    const added = [...document.head.children].map((el) => el.getAttribute('href') ?? el.getAttribute('src'))
    expect(added).toEqual(['./assets/shell-s1.js', './assets/locale-sw-ui-a1.js', './assets/index-e1.js'])
    expect(document.head.querySelector('script')?.getAttribute('type')).toBe('module')
  })

  it('opened at login (as the native shell opens it), also asks for login’s screen and words, in that language', async () => {
    const routes = {
      '/user/login': {
        modules: ['./assets/login-l1.js', './assets/login-form-l2.js'],
        locales: { en: ['./assets/locale-en-user-u1.js'], sw: ['./assets/locale-sw-user-u2.js'], es: [] },
      },
    }
    localStorage.setItem('language', 'en')
    const hrefs = async (hash: string) => {
      window.location.hash = hash
      await openFrame({ ...start, routes })
      return [...document.head.children].map((el) => el.getAttribute('href') ?? el.getAttribute('src'))
    }
    expect(await hrefs('#/user/login')).toEqual([
      './assets/shell-s1.js',
      './assets/login-l1.js',
      './assets/login-form-l2.js',
      './assets/locale-en-user-u1.js',
      './assets/locale-en-ui-b2.js',
      './assets/index-e1.js',
    ])
    expect(await hrefs('#/')).toEqual(['./assets/shell-s1.js', './assets/locale-en-ui-b2.js', './assets/index-e1.js'])
    window.location.hash = ''
  })
})
