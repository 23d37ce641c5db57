/**
 * Page steps shared by journeys 12, 16 and the route tour (17): a borrower signed in by the native shell, the
 * bottom tabs, and what the server answers in the borrower's language — the same encrypted call the app makes,
 * with the `lang` header the app sends (the fixture's `kopa.call` always asks in English), so a journey can
 * assert that a screen shows the server's own text in Kiswahili as well.
 */
import { tsImport } from 'tsx/esm/api'
import { API, type ApiPath } from '../../../domain/api'
import type { ApiEnvelope } from '../../../domain/api-codes'
import { expect, shellLogin, t, type KopaServer, type Lang, type Page } from '../fixtures'

type Wire = typeof import('../../../protocol/protocol')
const wire: Promise<Wire> = tsImport('../../../protocol/protocol.ts', import.meta.url) as Promise<Wire>

/** One API call that must succeed, asked in `lang` (the reply's texts are the server's in that language). */
export async function okIn<T = unknown>(
  kopa: KopaServer,
  lang: Lang,
  apiPath: ApiPath,
  payload: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const def = API[apiPath]
  if (def.method !== 'GET' && def.method !== 'POST') throw new Error(`${apiPath}: only GET and POST calls`)
  const clock = (await (await fetch(`${kopa.url}/dev/clock`)).json()) as { now: string }
  const encoded = (await wire).encodeRequest({
    packageName: 'com.kopa.app',
    method: def.method,
    path: apiPath,
    base: def.base,
    payload,
    now: Date.parse(clock.now),
  })
  const headers: Record<string, string> = {
    lang,
    platform: 'android',
    appname: 'Kopa',
    packagename: 'com.kopa.app',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
  const res =
    def.method === 'GET'
      ? await fetch(`${kopa.url}${encoded.url}?${new URLSearchParams(encoded.params).toString()}`, {
          headers,
        })
      : await fetch(kopa.url + encoded.url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(encoded.data),
        })
  const body = (await res.json()) as ApiEnvelope<T>
  if (body.code !== 0) throw new Error(`${apiPath} answered ${body.code} ${body.msg}`)
  return body.data
}

/** A public legal document as the server writes it (GET /legal/<document>.json), the one the app shows. */
export async function legalDocument(
  kopa: KopaServer,
  document: 'privacy-policy' | 'terms-of-service',
  lang: Lang,
  country = 'TZ',
): Promise<{ title: string; html: string; version: string }> {
  const res = await fetch(`${kopa.url}/legal/${document}.json?country=${country}&lang=${lang}`)
  if (!res.ok) throw new Error(`/legal/${document}.json answered ${res.status}`)
  return (await res.json()) as { title: string; html: string; version: string }
}

/** The app on home, the native shell logs the borrower in with `token`; resolves once the profile is read. */
export async function signedInByShell(page: Page, token: string): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('navigation').last()).toBeVisible()
  await shellLogin(page, token)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userInfo'))).not.toBeNull()
}

/** Taps a bottom tab by its translated name. */
export async function openTab(page: Page, lang: Lang, tab: 'home' | 'records' | 'me'): Promise<void> {
  await page
    .getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
    .getByRole('button', { name: t(lang, `ui.tabs.${tab}`), exact: true })
    .click()
}

/** The screen's title (the page's one h1). */
export function heading(page: Page, text: string) {
  return page.getByRole('heading', { level: 1, name: text, exact: true })
}

/** Taps the screen header's back button. */
export async function tapBack(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
}

/**
 * No list row on the screen squeezes its text (under half the row, wrapped over more than three lines) or cuts a
 * line off: at 360 px a badge or buttons at a row's end once squeezed the text into a column a word or two wide.
 */
export async function expectReadableRows(page: Page): Promise<void> {
  const squeezed = await page.locator('main .k-row__main').evaluateAll((mains) =>
    mains
      .filter((main) => {
        const row = main.closest('.k-row')
        if (!row || main.getBoundingClientRect().width === 0) return false
        const box = main.getBoundingClientRect()
        const narrow = box.width < 0.5 * row.getBoundingClientRect().width && box.height > 80
        const cut = [...main.querySelectorAll<HTMLElement>('.k-row__detail, .k-row__title')].some(
          (line) => line.scrollWidth > line.clientWidth + 1,
        )
        return narrow || cut
      })
      .map((main) => main.textContent),
  )
  expect(squeezed, 'rows whose text is squeezed or cut off').toEqual([])
}
