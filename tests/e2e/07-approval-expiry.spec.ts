/**
 * Journey 7 of issue 7: an approved loan (14) is left unconfirmed; 24 hours after the approval it has expired.
 * The borrower leaves confirm borrow with the app in the background while a day passes — on the server's clock
 * (moved through the development endpoint) and on the phone's (Playwright's clock; WebView timers do not run in
 * the background) — and the native shell brings the app back to the foreground.
 *
 * Rules it crosses:
 * - spec §4/§9 "An order is cancelled after 24 hours if not confirmed" (shared decisions "Cancelling"): confirm
 *   borrow counts the 24 hours down from the server's approval time, in server time; two minutes before the end
 *   the order is still approved and the countdown shows what is left; after it the server has moved the order to
 *   8 (Cancel) and the app, back in the foreground, shows that the order timed out (decisions.md "Deadlines run in
 *   server time": the app re-checks the deadline on `appForegrounded`);
 * - the route guard (decisions.md "The URL follows the journey machine"): once the order is 8 the confirm route no
 *   longer opens — its deep link goes home;
 * - spec §4: an expired approval is a closed order, so home offers Apply (canLoan) again, and records lists the
 *   order as cancelled among the finished ones.
 */
import { approvedBorrower, ok, settle } from './borrower-api'
import { HOUR, expect, shellActions, shellLogin, t, test, type Page } from './fixtures'
import { serverNow } from './steps/clock'
import type { LatestOrder } from '../../domain/api-types'

/** The seconds the countdown shows (its `datetime`, PT<n>S). */
async function secondsShown(page: Page, lang: 'en' | 'sw'): Promise<number> {
  const timer = page.getByRole('timer', { name: t(lang, 'borrow.confirm.timeLeft'), exact: true })
  const match = /^PT(\d+)S$/.exec((await timer.getAttribute('datetime')) ?? '')
  if (!match) throw new Error('the countdown shows no duration')
  return Number(match[1])
}

/** The borrower puts the phone away (the shell sends the app to the background) while `ms` pass for both clocks. */
async function awayFor(page: Page, kopa: { advanceClock(ms: number): Promise<void> }, ms: number) {
  await page.evaluate(() => window.__kopaShell!.background())
  await kopa.advanceClock(ms)
  const phoneNow = await page.evaluate(() => Date.now())
  await page.clock.setSystemTime(phoneNow + ms)
  await page.evaluate(() => window.__kopaShell!.foreground())
}

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(7) 24-hour expiry of an unconfirmed approval [${lang}]`, () => {
    test.use({ lang })

    test('an approval left unconfirmed for 24 hours expires and the confirm route closes', async ({ page, kopa, shot }) => {
      // The phone's clock, so a day can pass for the phone as it does for the server.
      await page.clock.install()
      const { b, order } = await approvedBorrower(kopa)
      expect(order.status).toBe(14)
      const confirmBy = Date.parse(order.confirmBy!)
      expect(confirmBy - Date.parse(order.approvedAt!)).toBe(24 * HOUR)
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)
      expect(await shellActions(page)).toContain('hello')

      // Home: approved; "Get money" opens confirm borrow.
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.approved.title'), exact: true })).toBeVisible()
      await shot('home-approved')
      await page.getByRole('button', { name: t(lang, 'home.button.getMoney'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/confirm_borrow$/)

      // The countdown: what is left of the 24 hours by the server's clock.
      const timer = page.getByRole('timer', { name: t(lang, 'borrow.confirm.timeLeft'), exact: true })
      await expect(timer).toHaveText(/^23:\d\d:\d\d$/)
      const leftByServer = (confirmBy - (await serverNow(kopa))) / 1000
      expect(Math.abs((await secondsShown(page, lang)) - leftByServer)).toBeLessThanOrEqual(3)
      const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
      await expect(confirm).toBeVisible()
      await shot('confirm-borrow-countdown')

      // Away until two minutes before the end: still approved, two minutes left.
      await awayFor(page, kopa, confirmBy - 2 * 60_000 - (await serverNow(kopa)))
      await expect(timer).toHaveText(/^00:0[0-2]:\d\d$/)
      // The phone learns the server's clock from the answers' Date header, to the second: as above, 3 s of slack.
      expect(await secondsShown(page, lang)).toBeLessThanOrEqual(120 + 3)
      await expect(confirm).toBeVisible()
      expect((await latest()).status).toBe(14)
      await shot('confirm-borrow-last-minutes')

      // Away past the end: the server cancelled the order (8), and the app says it timed out.
      await awayFor(page, kopa, 3 * 60_000)
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(8)
      await expect(page.getByText(t(lang, 'borrow.confirm.expiredTitle'), { exact: true })).toBeVisible()
      await expect(page.getByText(t(lang, 'borrow.confirm.expiredText'), { exact: true })).toBeVisible()
      await expect(confirm).toHaveCount(0)
      await expect(timer).toHaveCount(0)
      await shot('confirm-borrow-expired')

      // OK: home offers a new application.
      const canLoan = page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })
      const apply = page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true })
      await page.getByRole('button', { name: t(lang, 'borrow.confirm.expiredOk'), exact: true }).click()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(canLoan).toBeVisible()
      await expect(apply).toBeEnabled()
      await expect(page.getByRole('button', { name: t(lang, 'home.button.getMoney'), exact: true })).toHaveCount(0)
      await shot('home-after-expiry')

      // The confirm route no longer opens: its deep link goes home.
      await page.goto('/#/borrow/confirm_borrow')
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(canLoan).toBeVisible()
      await expect(apply).toBeEnabled()

      // Records: the order is finished, as cancelled.
      const tabs = page.getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
      await tabs.getByRole('button', { name: t(lang, 'ui.tabs.records'), exact: true }).click()
      await expect(page).toHaveURL(/#\/records$/)
      await page.getByRole('tab', { name: t(lang, 'records.tab.finished'), exact: true }).click()
      const row = page.getByRole('button').filter({ hasText: order.orderNo })
      await expect(row).toContainText(t(lang, 'records.state.cancelled'))
      await shot('records-cancelled')
    })
  })
}
