/**
 * Journey 4 of issue 7: a paid-out loan falls overdue; the server's clock is moved through the development
 * endpoint, and the late penalty runs up to its cap and stops there.
 *
 * Rules it crosses:
 * - spec §9 "Overdue penalty 2% per day" (docs/operations.md "Loan products"): once the due date has passed the
 *   order is overdue (3); the repay detail shows the days overdue, the penalty and the penalty per day exactly as
 *   the server computes them, and one day later one more day's penalty;
 * - the charges cap (shared decisions "Pricing", docs/operations.md): interest, fees, their tax and penalties
 *   together never exceed the principal. Past the cap the screen shows the penalty at the cap, the part written
 *   off as a reduction, nothing more per day and a notice that no more is added; a further advance leaves every
 *   amount unchanged while the days overdue keep counting;
 * - spec §4: an overdue order shows home's overdue state (the warning with the days late, "Pay") and "overdue"
 *   in records and its statement;
 * - the 30-day session (spec §8 "Token expired"): a borrower back after it ran out logs in again through the
 *   native shell and returns to the repay detail.
 */
import { ok, paidOutBorrower, settle } from './borrower-api'
import { DAY, expect, shellActions, shellLogin, t, test } from './fixtures'
import { logInAgainAfterSessionExpired, shownTo, tx, valueOf } from './steps/clock'
import type { LatestOrder, RepaymentDetail } from '../../domain/api-types'

/** Everything the borrower is charged besides the principal (no rollover was taken). */
const chargesOf = (d: RepaymentDetail) => d.interestMinor + d.processingFeeMinor + d.feeTaxMinor + d.balance.penaltyMinor

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(4) overdue with penalty up to the cap [${lang}]`, () => {
    test.use({ lang })

    test('the penalty accrues each overdue day, stops at the cap and stays there', async ({ page, kopa, shot }) => {
      const { b, order } = await paidOutBorrower(kopa)
      expect(order.status).toBe(2)
      const detail = () => ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      const shown = shownTo(page, lang)

      // The due date passes: the server's clock moves to the day after it. The 30-day session ran out meanwhile,
      // so the native shell logs the borrower in again when they open the app.
      await kopa.advanceClock((order.tenureDays + 1) * DAY)
      await settle(kopa)
      b.token = await kopa.logIn(b.mobile)
      await expect.poll(async () => (await latest()).status).toBe(3)
      const first = await detail()
      expect(first.overdueDays).toBeGreaterThan(0)
      // 2% of the principal a day (spec §9), each overdue day alike.
      expect(first.penaltyPerDayMinor).toBe((first.principalMinor * 2) / 100)
      expect(first.balance.penaltyMinor).toBe(first.overdueDays * first.penaltyPerDayMinor)
      expect(first.reductionMinor).toBe(0)

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)
      expect(await shellActions(page)).toContain('hello')

      // Home: the overdue state, its warning with the days late, what is owed and "Pay".
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.overdue.title'), exact: true })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText(tx(lang, 'home.overdue.warning', { count: first.overdueDays }))
      await expect(valueOf(page, t(lang, 'home.repay.remaining'))).toHaveText(await shown.money((await latest()).remainingMinor!))
      await shot('home-overdue')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()

      // Repay detail: the days overdue, the penalty and the penalty per day as the server has them.
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      const expectOwed = async (d: RepaymentDetail, notice: 'overdue' | 'overdueCapped') => {
        await expect(owed.locator('.k-amount').first()).toHaveText(await shown.money(d.balance.totalMinor))
        await expect(owed.getByText(tx(lang, `repay.detail.${notice}`, { count: d.overdueDays }), { exact: true })).toBeVisible()
        // What is owed, line by line as the server adds it up: principal + interest + penalties − waived − paid.
        const b = d.breakdown
        expect(b.principalMinor + b.interestToDateMinor + b.penaltyAccruedMinor - b.penaltyWrittenOffMinor - b.paidMinor).toBe(
          d.balance.totalMinor,
        )
        await expect(valueOf(owed, t(lang, 'repay.detail.principal'))).toHaveText(await shown.money(b.principalMinor))
        const interestLabel =
          b.interestDays === null
            ? t(lang, 'repay.detail.interestToDate')
            : tx(lang, 'repay.detail.interestToDate', { count: b.interestDays })
        await expect(valueOf(owed, interestLabel)).toHaveText(await shown.money(b.interestToDateMinor))
        await expect(valueOf(owed, t(lang, 'repay.detail.penaltyAccrued'))).toHaveText(await shown.money(b.penaltyAccruedMinor))
        if (notice === 'overdue')
          await expect(valueOf(page, t(lang, 'repay.detail.penaltyPerDay'))).toHaveText(await shown.money(d.penaltyPerDayMinor))
        else await expect(valueOf(page, t(lang, 'repay.detail.penaltyPerDay'))).toHaveCount(0)
        if (d.reductionMinor > 0)
          await expect(valueOf(owed, t(lang, 'repay.detail.reduction'))).toHaveText(await shown.money(-d.reductionMinor))
        else await expect(valueOf(owed, t(lang, 'repay.detail.reduction'))).toHaveCount(0)
      }
      await expectOwed(first, 'overdue')
      await shot('repay-detail-overdue')

      // A day later: one more day's penalty.
      await kopa.advanceClock(DAY)
      const second = await detail()
      expect(second.overdueDays).toBe(first.overdueDays + 1)
      expect(second.balance.penaltyMinor).toBe(first.balance.penaltyMinor + first.penaltyPerDayMinor)
      await page.reload()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expectOwed(second, 'overdue')

      // Far enough that the penalty would pass the cap (a few days beyond it, by the server's own figures).
      const daysToCap = Math.ceil((second.principalMinor - chargesOf(second)) / second.penaltyPerDayMinor)
      await kopa.advanceClock((daysToCap + 3) * DAY)
      await logInAgainAfterSessionExpired(page, kopa, b, lang, shot)
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const capped = await detail()
      expect(capped.overdueDays).toBe(second.overdueDays + daysToCap + 3)
      // The cap: all charges together never exceed the principal, and are now at it (rounded down to a whole
      // shilling); what the 2% a day would have added beyond it is written off as the reduction.
      expect(chargesOf(capped)).toBeLessThanOrEqual(capped.principalMinor)
      expect(capped.principalMinor - chargesOf(capped)).toBeLessThan(capped.minorPerUnit)
      expect(capped.balance.penaltyMinor + capped.reductionMinor).toBe(capped.overdueDays * first.penaltyPerDayMinor)
      expect(capped.penaltyPerDayMinor).toBe(0)
      await expectOwed(capped, 'overdueCapped')
      await shot('repay-detail-penalty-capped')

      // Ten more days: the penalty and everything owed stay where the cap put them.
      await kopa.advanceClock(10 * DAY)
      const later = await detail()
      expect(later.overdueDays).toBe(capped.overdueDays + 10)
      expect(later.balance).toEqual(capped.balance)
      await page.reload()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expectOwed(later, 'overdueCapped')
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(capped.balance.totalMinor))
      await shot('repay-detail-cap-holds')

      // Home still shows the overdue state, with the capped total.
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      // At the cap home no longer says a penalty is added each day.
      expect((await latest()).chargesCapReached).toBe(true)
      await expect(page.getByRole('alert')).toHaveText(tx(lang, 'home.overdue.warningCapped', { count: later.overdueDays }))
      expect((await latest()).remainingMinor).toBe(later.balance.totalMinor)
      await expect(valueOf(page, t(lang, 'home.repay.remaining'))).toHaveText(await shown.money(later.balance.totalMinor))
      await expect(page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true })).toBeEnabled()
      await shot('home-overdue-capped')

      // Records: the loan is overdue, in its row and its statement.
      const tabs = page.getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
      await tabs.getByRole('button', { name: t(lang, 'ui.tabs.records'), exact: true }).click()
      await expect(page).toHaveURL(/#\/records$/)
      const row = page.getByRole('button').filter({ hasText: order.orderNo })
      await expect(row).toContainText(t(lang, 'records.state.overdue'))
      await shot('records-overdue')
      await row.click()
      const statement = page.getByRole('dialog', { name: t(lang, 'records.statement.title'), exact: true })
      await expect(valueOf(statement, t(lang, 'records.statement.state'))).toHaveText(t(lang, 'records.state.overdue'))
      await expect(valueOf(statement, t(lang, 'records.statement.remaining'))).toHaveText(
        await shown.money(later.balance.totalMinor),
      )
      await shot('records-statement-overdue')
    })
  })
}
