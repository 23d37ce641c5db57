/**
 * Page steps of the journeys that move time (4 overdue up to the penalty cap, 5 rejection and retry, 7 expiry
 * of an unconfirmed approval): the server's clock, a server figure as the screen shows it (money, and instants
 * in the borrower's time zone, formatted by the browser's own Intl in the borrower's locale), texts with counts
 * as i18next picks them, a line of a key–value card, and a borrower whose 30-day session ran out while the clock
 * moved, who opens the app again and is logged in once more by the native shell.
 */
import type { ApiBorrower } from '../borrower-api'
import type { Locator } from '@playwright/test'
import { expect, shellLogin, t, type KopaServer, type Lang, type Page } from '../fixtures'
import { COUNTRIES, intlLocale } from '../../../domain/countries'

/** The server's clock now (ms since the epoch): what every rule and job reads. */
export async function serverNow(kopa: KopaServer): Promise<number> {
  const clock = (await (await fetch(`${kopa.url}/dev/clock`)).json()) as { now: string }
  return Date.parse(clock.now)
}

/** A translated text with its {{values}} filled in; with `count`, the plural form i18next picks (one/other). */
export function tx(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const count = values.count
  const text = typeof count === 'number' ? t(lang, `${key}_${count === 1 ? 'one' : 'other'}`) : t(lang, key)
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`))
}

/** How a Tanzanian borrower's screens show server figures, computed by the page's own Intl. */
export interface Shown {
  /** Minor units of TZS, as <Money> shows them ("TSh 5,000"). */
  money(minor: number): Promise<string>
  /** An instant as <DateText> shows it: the day in the borrower's time zone (Africa/Dar_es_Salaam). */
  date(iso: string): Promise<string>
}

export function shownTo(page: Page, lang: Lang): Shown {
  const locale = intlLocale('TZ', lang)
  const timeZone = COUNTRIES.TZ.timeZone
  return {
    money: (minor) =>
      page.evaluate(
        ({ minor, locale }) => {
          const whole = Math.trunc(Math.abs(minor) / 100)
          const fraction = Math.abs(minor) % 100
          const digits = fraction === 0 ? 0 : 2
          const decimal = `${minor < 0 ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`
          return new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'TZS',
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(decimal as unknown as number)
        },
        { minor, locale },
      ),
    date: (iso) =>
      page.evaluate(
        ({ iso, locale, timeZone }) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso)),
        { iso, locale, timeZone },
      ),
  }
}

/** The value (`<dd>`) shown next to a label (`<dt>`) in a key–value card. */
export function valueOf(scope: Locator | Page, label: string): Locator {
  // The inner locator of `has` is matched inside each line, so it is made from the page, not from the scope.
  const page = 'page' in scope ? scope.page() : scope
  return scope
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
}

/**
 * The borrower opens the app again after its 30-day session ran out (the clock moved past it): the app ends the
 * session and shows login with "token expired"; the native shell logs the borrower in again. `b.token` becomes
 * the new token.
 */
export async function logInAgainAfterSessionExpired(
  page: Page,
  kopa: KopaServer,
  b: ApiBorrower,
  lang: Lang,
  shot?: (name: string) => Promise<void>,
): Promise<void> {
  await page.reload()
  await expect(page).toHaveURL(/#\/user\/login$/)
  const expired = page.getByRole('status').filter({ hasText: t(lang, 'errors.code.10010303') })
  await expect(expired).toBeVisible()
  await shot?.('login-session-expired')
  b.token = await kopa.logIn(b.mobile)
  await shellLogin(page, b.token)
  await expect(page).not.toHaveURL(/#\/user\/login$/)
  // The toast goes after its 3 seconds; the screens after it are shown without it.
  await expect(expired).toBeHidden()
}
