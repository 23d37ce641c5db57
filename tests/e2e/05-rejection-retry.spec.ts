/**
 * Journey 5 of issue 7: the scorecard rejects an application; home shows the rejection and the date the borrower
 * may apply again; after 30 days (the server's clock moved through the development endpoint) the borrower applies
 * again from home and submits a new application.
 *
 * Rules it crosses:
 * - spec §4 "A rejected user may retry after 30 days" (shared decisions: 30 days after the decision, the app shows
 *   the date): the server's retry date is 30 days after its decision, and home shows it as a day in the
 *   borrower's time zone;
 * - spec §4 home state "rejected (cannot apply)": no Apply button, the loan screen's deep link goes home, and
 *   still so ten minutes before the retry date; the lender's suggestions (/app/isRejectRecommendation) are shown
 *   when the server makes any;
 * - once the retry date has passed home offers Apply (canLoan) and the borrower, whose profile is complete,
 *   applies from the loan screen straight into assessment (decisions.md "Order lifecycle"): a new order exists
 *   for the amount shown; the scorecard (same work information) rejects it again, and home shows the new retry
 *   date, 30 days after that decision;
 * - spec §4 "Upload check": with all seven flags already set for the order (the default policy requires no
 *   data), the app does not start the native data collector (no timeSDK call to the shell);
 * - the 30-day session (spec §8 "Token expired"): the borrower, back after it ran out, logs in again through
 *   the native shell.
 */
import { assessedApplication, ok, registered } from './borrower-api'
import { DAY, expect, shellActions, shellLogin, t, test } from './fixtures'
import { logInAgainAfterSessionExpired, serverNow, shownTo, valueOf } from './steps/clock'
import type { LatestOrder, RejectRecommendation, UploadStatusFlags } from '../../domain/api-types'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(5) rejection, the retry date and a new application after 30 days [${lang}]`, () => {
    test.use({ lang })

    test('a rejected borrower sees when to retry, cannot apply before, and applies again after 30 days', async ({
      page,
      kopa,
      shot,
    }) => {
      const b = await registered(kopa)
      const before = await serverNow(kopa)
      const { order: rejected } = await assessedApplication(kopa, b, { work: 'poor' })
      const after = await serverNow(kopa)
      expect(rejected.status).toBe(9)
      // The retry date is 30 days after the decision, which the server took between `before` and `after`.
      const retryAt = Date.parse(rejected.retryAt!)
      expect(retryAt).toBeGreaterThanOrEqual(before + 30 * DAY)
      expect(retryAt).toBeLessThanOrEqual(after + 30 * DAY)
      const recommendation = await ok<RejectRecommendation>(kopa, b, '/app/isRejectRecommendation')
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      const shown = shownTo(page, lang)

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)
      expect(await shellActions(page)).toContain('hello')

      // Home: the rejection, the day to apply again in the borrower's time zone, and no Apply.
      const rejectedTitle = page.getByRole('heading', { name: t(lang, 'home.state.rejected.title'), exact: true })
      const apply = page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true })
      await expect(rejectedTitle).toBeVisible()
      await expect(page.getByText(t(lang, 'home.state.rejected.text'), { exact: true })).toBeVisible()
      const retryDate = page.locator(`time[datetime="${new Date(retryAt).toISOString()}"]`)
      await expect(retryDate).toHaveText(await shown.date(rejected.retryAt!))
      await expect(page.getByText(`${t(lang, 'home.rejected.retry')} ${await shown.date(rejected.retryAt!)}`)).toBeVisible()
      await expect(apply).toHaveCount(0)
      // What the lender suggests instead, when the server suggests anything.
      const suggested = page.getByRole('heading', { name: t(lang, 'home.rejected.recommended'), exact: true })
      const apps = recommendation.show ? recommendation.apps : []
      if (apps.length === 0) await expect(suggested).toHaveCount(0)
      else {
        await expect(suggested).toBeVisible()
        for (const app of apps) await expect(page.getByRole('link', { name: app.name })).toHaveAttribute('href', app.url)
      }
      await shot('home-rejected')

      // The loan screen does not open before the retry date: its deep link goes home.
      await page.goto('/#/borrow/to_borrow')
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(rejectedTitle).toBeVisible()

      // Ten minutes before the retry date: still no Apply.
      await kopa.advanceClock(retryAt - 10 * 60_000 - (await serverNow(kopa)))
      await page.reload()
      await expect(rejectedTitle).toBeVisible()
      await expect(retryDate).toBeVisible()
      await expect(apply).toHaveCount(0)
      expect((await latest()).status).toBe(9)

      // The retry date passes. The borrower comes back; their 30-day session ran out meanwhile.
      await kopa.advanceClock(retryAt + 60_000 - (await serverNow(kopa)))
      await logInAgainAfterSessionExpired(page, kopa, b, lang, shot)
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      await expect(rejectedTitle).toHaveCount(0)
      await expect(apply).toBeEnabled()
      await shot('home-can-apply-again')

      // A new application from home: the loan screen, whose amount and term the borrower applies for.
      await apply.click()
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      await expect(page.getByRole('slider')).toBeVisible()
      const amount = valueOf(page, t(lang, 'borrow.breakdown.amount'))
      await expect(amount).toHaveText(/\d/)
      const appliedFor = await amount.textContent()
      await shot('to-borrow')
      await page.getByRole('button', { name: t(lang, 'borrow.toBorrow.apply'), exact: true }).click()
      // Finish loading checks first what is left to collect (check only): Tanzania requires no data set, so no
      // permission disclosure is due and the application goes in at once.
      await expect(page).not.toHaveURL(/#\/borrow\/to_borrow$/)

      // The server holds a new order, created after the retry date, for the amount the loan screen showed; the
      // profile is complete, so it goes straight to assessment (decisions.md "Order lifecycle").
      await expect.poll(async () => (await latest()).orderNo).not.toBe(rejected.orderNo)
      const renewed = await latest()
      expect(Date.parse(renewed.createdAt)).toBeGreaterThanOrEqual(retryAt)
      expect(appliedFor).toBe(await shown.money(renewed.amountMinor))

      // Test mode assesses at once (the screen after Apply is review tips or, once decided, home). The work
      // information still says unemployed, so the scorecard rejects again — with a retry date of its own,
      // 30 days after this decision, which home shows when the borrower looks again.
      await expect.poll(async () => (await latest()).status).toBe(9)
      const again = await latest()
      expect(again.orderNo).toBe(renewed.orderNo)
      expect(Date.parse(again.retryAt!)).toBeGreaterThanOrEqual(Date.parse(renewed.createdAt) + 30 * DAY)
      // Spec §4 upload check (the app went through it before the order reached assessment): the default policy
      // requires no data (shared decisions "Data and privacy"), so every flag of the order is reported set and the
      // app never started the shell's data collector.
      const flags = await ok<UploadStatusFlags>(kopa, b, '/time/upload/uploadStatus', { orderNo: renewed.orderNo })
      expect(Object.values(flags).every(Boolean)).toBe(true)
      expect(await page.evaluate(() => window.__kopaShell!.callsOf('timeSDK').length)).toBe(0)
      await page.reload()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(rejectedTitle).toBeVisible()
      await expect(page.locator(`time[datetime="${new Date(again.retryAt!).toISOString()}"]`)).toHaveText(
        await shown.date(again.retryAt!),
      )
      await expect(apply).toHaveCount(0)
      await shot('home-rejected-again')
    })
  })
}
