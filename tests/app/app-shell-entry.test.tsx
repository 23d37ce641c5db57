/**
 * Opened at login (the native shell opens it) or register (a link), the frame index.html draws before any
 * JavaScript is that screen's top: its header and its introduction, the screen's largest text, in the boxes the
 * screen itself draws them in — so the first paint is already the screen's largest, and nothing moves when the
 * real screen replaces it (scripts/vite/app-shell.ts).
 */
import path from 'node:path'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import LoginScreen from '../../screens/user/login'
import RegisterScreen from '../../screens/user/register'
import { ENTRY_FRAMES, shellMarkup, shellScript, shellWords, startUpImports } from '../../scripts/vite/app-shell'
import { renderOn, startUserJourney } from '../screens/user-journey'

const words = shellWords(path.resolve(import.meta.dirname, '../..'))

/** The frame and its inline script as index.html runs them, opened at `hash`. */
function openFrameAt(hash: string): void {
  window.location.hash = hash
  document.documentElement.className = ''
  document.body.innerHTML = `<div id="root">${shellMarkup(words.sw!)}</div>`
  new Function(shellScript(words))()
}

/** The page of the frame on show (the other one is display: none by the frame's own rule). */
function shownPage(): Element {
  const entry = document.documentElement.classList.contains('k-entry')
  return document.querySelector(entry ? '.k-boot__entry' : '.k-boot__home')!
}

/** An element's place in its page: the tags and classes from the page down to it. */
function placeOf(element: Element, page: Element): string {
  const steps: string[] = []
  for (let at: Element | null = element; at && at !== page; at = at.parentElement) {
    const index = [...at.parentElement!.children].indexOf(at)
    steps.unshift(`${at.tagName.toLowerCase()}.${[...at.classList].filter((c) => !c.startsWith('k-boot')).join('.')}[${index}]`)
  }
  return steps.join(' > ')
}

describe('The frame of an entry screen', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    window.location.hash = ''
    cleanup()
  })

  it('opened at login, draws login’s title and introduction in the borrower’s language, and not home', () => {
    localStorage.setItem('language', 'en')
    openFrameAt('#/user/login')
    expect(document.documentElement.classList.contains('k-entry')).toBe(true)
    const page = shownPage()
    expect(page.querySelector('h1')?.textContent).toBe(words.en!['user.login.title'])
    expect(page.querySelector('p.k-muted')?.textContent).toBe(words.en!['user.login.intro'])
    expect(document.querySelector('style')?.textContent).toContain('.k-entry .k-boot__home{display:none}')
  })

  it('opened at register, draws register’s, even where storage is blocked (in the default language)', () => {
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('blocked')
      },
    })
    try {
      openFrameAt('#/user/register')
    } finally {
      Object.defineProperty(window, 'localStorage', storage)
    }
    const page = shownPage()
    expect(page.querySelector('h1')?.textContent).toBe(words.sw!['user.register.title'])
    expect(page.querySelector('p.k-muted')?.textContent).toBe(words.sw!['user.register.intro'])
  })

  it('opened at home or any other screen, draws home’s frame', () => {
    openFrameAt('#/')
    expect(document.documentElement.classList.contains('k-entry')).toBe(false)
    openFrameAt('#/user/nation')
    expect(document.documentElement.classList.contains('k-entry')).toBe(false)
    expect(Object.keys(ENTRY_FRAMES).sort()).toEqual(['/user/login', '/user/register'])
  })

  it.each([
    ['login', '#/user/login', LoginScreen],
    ['register', '#/user/register', RegisterScreen],
  ] as const)('draws %s’s header and introduction where its screen draws them', async (route, hash, Screen) => {
    localStorage.setItem('language', 'en')
    openFrameAt(hash)
    const framePage = shownPage()
    const frame = {
      title: framePage.querySelector('h1')!,
      intro: framePage.querySelector('main p.k-muted')!,
      header: placeOf(framePage.querySelector('h1')!, framePage),
      place: placeOf(framePage.querySelector('main p.k-muted')!, framePage),
    }
    document.body.innerHTML = ''
    const journey = startUserJourney({ entry: route })
    await renderOn(Screen, journey.actor, { route, language: 'en' })
    const page = document.querySelector('.k-page')!
    expect([...framePage.classList].filter((c) => !c.startsWith('k-boot'))).toEqual([...page.classList])
    const title = page.querySelector('h1')!
    const intro = page.querySelector('main > p.k-muted')!
    expect(frame.title.textContent).toBe(title.textContent)
    expect(frame.intro.textContent).toBe(intro.textContent)
    expect(frame.header).toBe(placeOf(title, page))
    expect(frame.place).toBe(placeOf(intro, page))
  })
})

describe('What index.html preloads for a cold open', () => {
  /** A build as Rolldown hands it to the page's transform: chunks by file, with their modules and imports. */
  const chunk = (facadeModuleId: string | null, imports: string[] = [], dynamicImports: string[] = []) => ({
    type: 'chunk' as const,
    facadeModuleId,
    imports,
    dynamicImports,
  })
  const bundle = {
    'assets/index-e1.js': chunk('/app/src/main.tsx', ['assets/shell-s1.js', 'assets/core-c1.js'], [
      'assets/boot-b1.js',
      'assets/home-h1.js',
      'assets/login-l1.js',
      'assets/app-a1.js',
      'assets/machines-apply-a1.js',
      'assets/machines-m1.js',
      'assets/domain-later-d1.js',
    ]),
    'assets/shell-s1.js': chunk(null),
    'assets/boot-b1.js': chunk('/app/src/boot.tsx', ['assets/core-c1.js', 'assets/app-a1.js']),
    'assets/home-h1.js': chunk('/app/screens/tabs/home.tsx', ['assets/core-c1.js']),
    'assets/login-l1.js': chunk('/app/screens/user/login.tsx'),
    // The start-up set (vite.config.ts): the console's share, and the borrower's own (services, journey, protocol).
    'assets/core-c1.js': chunk(null),
    'assets/app-a1.js': chunk(null, ['assets/core-c1.js']),
    'assets/machines-apply-a1.js': chunk(null),
    'assets/machines-m1.js': chunk(null),
    'assets/domain-later-d1.js': chunk(null),
  }

  it('the app, home and the start-up set — not the machines and schemas that load with their routes', () => {
    const preloaded = startUpImports(bundle as never, 'assets/index-e1.js')
    expect(preloaded.sort()).toEqual(
      ['./assets/boot-b1.js', './assets/home-h1.js', './assets/core-c1.js', './assets/app-a1.js'].sort(),
    )
  })
})
