/**
 * Page steps of the money-path journeys (2 repeat loan, 3 rollover, 9 partial repayment): a borrower the API
 * brought to a running loan signs in through the native shell and lands on home; a payment order is paid the
 * way a borrower pays it (the cashier's prompt is approved on the phone, the sandbox wallet calls back, and the
 * borrower taps "I have paid"); what the screens should show is the server's figure in the borrower's locale.
 */
import { tsImport } from 'tsx/esm/api'
import type { ApiPath } from '../../../domain/api'
import type { LatestOrder } from '../../../domain/api-types'
import { intlLocale, type CountryCode } from '../../../domain/countries'
import { OrderStatus } from '../../../domain/order-status'
import { ok, settle, type ApiBorrower } from '../borrower-api'
import type { Locator } from '@playwright/test'
import { SANDBOX_DELAY_MS, expect, shellLogin, t, type KopaServer, type Lang, type Page } from '../fixtures'

type Wire = typeof import('../../../protocol/protocol')
const wire: Promise<Wire> = tsImport('../../../protocol/protocol.ts', import.meta.url) as Promise<Wire>

/** The Tanzanian borrower's Intl locale for the interface language (en-TZ, sw-TZ). */
export const localeOf = (lang: Lang): string => intlLocale('TZ', lang)

/** A translated text with its {{values}} filled in, as i18next shows it. */
export function tv(lang: Lang, key: string, values: Record<string, string | number>): string {
  return t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}

/**
 * How the screens show a server figure: money in the country's currency and a calendar day ('YYYY-MM-DD', the
 * day the server computed in the borrower's time zone), formatted by the browser's own Intl in the borrower's
 * locale — so a day must read the same whatever zone the phone is set to.
 */
export interface Shown {
  money(minor: number): Promise<string>
  day(isoDate: string): Promise<string>
  /** A rate as a fraction (0.0008 is 0.08%), up to four decimals. */
  percent(fraction: number): Promise<string>
}

export function shownIn(page: Page, lang: Lang, currency = 'TZS', minorPerUnit = 100, country: CountryCode = 'TZ'): Shown {
  const locale = intlLocale(country, lang)
  return {
    money: (minor) =>
      page.evaluate(
        ({ minor, currency, locale, minorPerUnit }) => {
          const digits = Math.round(Math.log10(minorPerUnit))
          const whole = Math.trunc(Math.abs(minor) / minorPerUnit)
          const fraction = Math.abs(minor) % minorPerUnit
          const shown = fraction === 0 ? 0 : digits
          const decimal = `${minor < 0 ? '-' : ''}${whole}${digits > 0 ? `.${String(fraction).padStart(digits, '0')}` : ''}`
          return new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: shown,
            maximumFractionDigits: shown,
          }).format(decimal as unknown as number)
        },
        { minor, currency, locale, minorPerUnit },
      ),
    day: (isoDate) =>
      page.evaluate(
        ({ isoDate, locale }) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`)),
        { isoDate, locale },
      ),
    percent: (fraction) =>
      page.evaluate(
        ({ fraction, locale }) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(fraction),
        { fraction, locale },
      ),
  }
}

/** The borrower opens the app, the native shell logs them in, and home shows their loan's state. */
export async function signInOnHome(page: Page, token: string, lang: Lang, homeState: string): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('navigation').last()).toBeVisible()
  await shellLogin(page, token)
  await expect(page.getByRole('heading', { name: t(lang, `home.state.${homeState}.title`), exact: true })).toBeVisible()
}

/** A `<dt>`/`<dd>` line of a key–value list: the value shown next to a label. */
export function valueOf(scope: Locator | Page, label: string): Locator {
  const page = 'mainFrame' in scope ? scope : scope.page()
  return scope.locator('dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd')
}

/** The payment order for `amount` waits on the phone (cashier, or the rollover's fee): its amount and the push. */
export async function expectPaymentWaiting(page: Page, lang: Lang, purpose: 'repayment' | 'rollover', amount: string) {
  await expect(page.getByRole('heading', { name: t(lang, `repay.wait.${purpose}`), exact: true })).toBeVisible()
  await expect(page.locator('.k-amount')).toHaveText(amount)
  await expect(page.getByText(t(lang, 'repay.wait.pushSent'), { exact: true })).toBeVisible()
  await expect(page.getByRole('timer')).toBeVisible()
}

/** The wallet approves the waiting payment order (the sandbox calls back) and the borrower taps "I have paid". */
export async function approveOnPhone(page: Page, kopa: KopaServer, lang: Lang): Promise<void> {
  // The borrower enters the PIN; the sandbox answers SANDBOX_DELAY_MS after the prompt.
  await new Promise((resolve) => setTimeout(resolve, SANDBOX_DELAY_MS))
  await settle(kopa)
  // The cashier also asks the server by itself every few seconds: it may find the payment first and move on to the
  // outcome screen, and then there is nothing left to tap.
  const paid = page.getByRole('button', { name: t(lang, 'repay.wait.paid'), exact: true })
  const tapped = paid.click().then(() => 'tapped' as const)
  tapped.catch(() => {})
  const movedOn = page.waitForURL(/#\/outcome$/).then(() => 'movedOn' as const)
  movedOn.catch(() => {})
  await Promise.race([tapped, movedOn])
}

/**
 * Labels of a brand-coloured card (home's product card, the amount due) are readable on it: the muted grey of
 * other lists is unreadable on the brand green, and so was the card's white at 85 % opacity (4.3:1, issue 13).
 * Each label's colour, fully opaque, reaches 4.5:1 on the card's background.
 */
export async function expectReadableOnBrand(card: Locator): Promise<void> {
  const labels = card.locator('dt')
  for (let i = 0; i < (await labels.count()); i += 1) {
    const label = labels.nth(i)
    await expect(label).toHaveCSS('opacity', '1')
    const ratio = await label.evaluate((dt, cardEl) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
      const lum = (css: string) => {
        const [r, g, b] = rgb(css).map((c) => {
          const v = c / 255
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      const [hi, lo] = [lum(getComputedStyle(dt).color), lum(getComputedStyle(cardEl!).backgroundColor)].sort(
        (x, y) => y - x,
      )
      return (hi! + 0.05) / (lo! + 0.05)
    }, await card.elementHandle())
    expect(ratio).toBeGreaterThanOrEqual(4.5)
  }
}

/** The chosen tab of a tab list looks chosen: the brand colour, unlike the others. */
export async function expectTabChosen(tab: Locator): Promise<void> {
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  const primary = await tab.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--k-primary')
    document.body.append(probe)
    const rgb = getComputedStyle(probe).color
    probe.remove()
    return rgb
  })
  await expect(tab).toHaveCSS('background-color', primary)
}

/** The server's view of the borrower's latest order. */
export const latestOf = (kopa: KopaServer, b: ApiBorrower) => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')

/**
 * The borrower's loan once the server has paid it out (2, repaying). `settle` stops when no sandbox callback is
 * due, which on PostgreSQL can be while the server's own job worker still holds the pay-out job (claimed with
 * SKIP LOCKED, so the clock advance skips it): the order may still read 7 then. Settle until it has landed.
 */
export async function repayingOrder(kopa: KopaServer, b: ApiBorrower): Promise<LatestOrder> {
  let order: LatestOrder | null = null
  await expect
    .poll(async () => {
      await settle(kopa)
      order = await latestOf(kopa, b)
      return order.status
    })
    .toBe(OrderStatus.Repaying)
  return order!
}

/**
 * Records every API call the page makes, by its spec path (the app encrypts the path on the wire; this reads
 * it back with the app's own package key), in order.
 */
export async function recordApiCalls(page: Page): Promise<ApiPath[]> {
  const w = await wire
  const calls: ApiPath[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    const match = /^\/(?:api|cou)\/([^/]+)$/.exec(pathname)
    if (!match) return
    const path = w.decryptText('com.kopa.app', match[1]!)
    if (path) calls.push(path as ApiPath)
  })
  return calls
}

/** The hash routes the app showed, in order (the URL is the projection of the journey's state). */
export function recordRoutes(page: Page): string[] {
  const routes: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    const route = new URL(frame.url()).hash.replace(/^#/, '') || '/'
    if (routes[routes.length - 1] !== route) routes.push(route)
  })
  return routes
}
