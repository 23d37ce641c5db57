/**
 * The staff console in screen tests: the real composition (src/console/compose.ts) over the real API client, talking
 * to the console API faked with msw (tests/console/fake-console-api.ts), drawn in English by the console's own app
 * (route sync included), and an axe-core check of what is on screen.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { webcrypto } from 'node:crypto'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { consoleRouteByPath } from '../../domain/console'
import { createConsoleActors } from '../../services/console/console-actors'
import { createConsoleApi } from '../../services/console/console-api'
import { createLanguageStore, createTokenStore } from '../../services/console/token-store'
import { ConsoleApp } from '../../src/console/app'
import { composeConsole } from '../../src/console/compose'
import { initConsoleI18n } from '../../src/console/i18n'
import { CODE, FakeConsoleApi } from '../console/fake-console-api'

export const BASE = 'http://localhost:3000'
export const server = setupServer()

/** msw for the whole file; a fresh fake API per test (`fake`). */
export function withConsoleServer(): { fake: () => FakeConsoleApi } {
  let current = new FakeConsoleApi()
  beforeAll(async () => {
    // jsdom lays nothing out and cannot scroll; the route sync scrolls to the top of each new page.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    server.listen({ onUnhandledRequest: 'error' })
    await initConsoleI18n('en')
  })
  afterEach(() => {
    server.resetHandlers()
    window.location.hash = ''
  })
  afterAll(() => server.close())
  return {
    fake: () => {
      current = new FakeConsoleApi()
      server.use(...current.handlers(BASE))
      return current
    },
  }
}

/** The console as a member opens it at `#<path>`. */
export function openConsole(path = '/') {
  window.location.hash = path
  const tokens = createTokenStore(sessionStorage)
  const save = vi.fn()
  const actors = createConsoleActors({
    api: createConsoleApi({ fetch, baseUrl: BASE, tokens }),
    tokens,
    languages: createLanguageStore(localStorage),
    now: () => Date.parse('2026-03-10T09:00:00Z'),
    // jsdom's crypto refuses Node's typed arrays; the browser's takes its own.
    random: (bytes) => webcrypto.getRandomValues(bytes),
    save,
  })
  const entry = consoleRouteByPath(path)?.name ?? null
  const app = createActor(composeConsole(actors), {
    input: { entry, language: 'en', timeZone: 'Africa/Dar_es_Salaam' },
  }).start()
  const user = userEvent.setup()
  const view = render(<ConsoleApp app={app} />)
  return { app, user, view, save }
}

export type OpenConsole = ReturnType<typeof openConsole>

/** Signs in through the form, as a member would type it. */
export async function signIn(
  { user }: OpenConsole,
  username = 'ana.admin',
  password = 'correct horse battery',
  code = CODE,
) {
  await screen.findByRole('heading', { level: 1, name: 'Sign in to the Kopa console' })
  const username$ = screen.getByLabelText(/^Username/)
  await user.clear(username$)
  await user.type(username$, username)
  await user.type(screen.getByLabelText(/^Password/), password)
  const boxes = within(screen.getByRole('group', { name: /Authenticator code/ })).getAllByRole('textbox')
  await user.click(boxes[0]!)
  await user.paste(code)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

/** The pages the navigation offers, by name. */
export function navigation(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Console pages' })
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
}

/** axe-core over what is on screen (contrast is judged in Chromium, tests/e2e: jsdom lays nothing out). */
export async function expectAccessible(): Promise<void> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

export { screen, waitFor, within }
