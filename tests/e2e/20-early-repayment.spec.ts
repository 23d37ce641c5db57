/**
 * Journey 20 (issue 11): early repayment pays interest to the day. On the day of pay-out the server already
 * counts one day of interest (the minimum); ten days later a borrower repays in full from the repay screen: the
 * payoff the screen shows and the cashier asks for is the server's `balance.totalMinor` — principal plus ten days
 * of interest — less than the quoted total, and that payoff closes the loan.
 *
 * Rules it crosses (docs/decisions.md "Pricing details" and "Interest is owed to the day", docs/pricing.md
 * "Interest to the day", docs/api.md /portal/repayment/detail `balance` and `breakdown`):
 * - interest earned on day t = the contractual interest × min(max(t, 1), d) / d (at least one day);
 * - the payoff (`balance.totalMinor`, = `breakdown.dueMinor`, = `remainingMinor` of the order) is principal +
 *   interest to today, less than principal + the contractual interest; the interest not yet earned is not owed;
 * - the exact payoff is accepted as the whole balance and repays the loan (4), and the loan finally cost the
 *   interest to the day of repayment only.
 */
import type { RepaymentDetail } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { ok, paidOutBorrower, settle } from './borrower-api'
import { DAY, expect, t, test } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  latestOf,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
} from './steps/repay'
import { passOutcome } from './steps/money-path'
import { serverNow } from './steps/clock'

const EARLY_DAYS = 10

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(20) early repayment pays interest to the day [${lang}]`, () => {
    test.use({ lang })

    test('a borrower repays in full ten days after pay-out and pays ten days of interest, less than quoted', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b } = await paidOutBorrower(kopa, { tenureDays: 120 })
      const order = await repayingOrder(kopa, b)
      const detail = () => ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const shown = shownIn(page, lang)

      // The day of pay-out: one day of interest is owed, not none and not the whole contractual interest.
      const day0 = await detail()
      const quotedTotal = day0.principalMinor + day0.interestMinor
      const tenure = order.tenureDays
      expect(day0.breakdown.interestDays).toBe(1)
      expect(day0.breakdown.interestToDateMinor).toBeGreaterThan(0)
      expect(Math.abs(day0.breakdown.interestToDateMinor - day0.interestMinor / tenure)).toBeLessThanOrEqual(day0.minorPerUnit)
      expect(day0.breakdown.interestToDateMinor + day0.breakdown.interestNotYetEarnedMinor).toBe(day0.interestMinor)
      expect(day0.balance.totalMinor).toBe(day0.principalMinor + day0.breakdown.interestToDateMinor)
      expect(day0.balance.totalMinor).toBeLessThan(quotedTotal)

      // Ten days later: ten days of interest, to the unit.
      await kopa.advanceClock(EARLY_DAYS * DAY)
      await settle(kopa)
      const early = await detail()
      const payoff = early.balance.totalMinor
      expect(early.overdueDays).toBe(0)
      expect(early.breakdown.interestDays).toBe(EARLY_DAYS)
      expect(Math.abs(early.breakdown.interestToDateMinor - (early.interestMinor * EARLY_DAYS) / tenure)).toBeLessThanOrEqual(
        early.minorPerUnit,
      )
      expect(early.breakdown.interestToDateMinor + early.breakdown.interestNotYetEarnedMinor).toBe(early.interestMinor)
      expect(early.balance.interestMinor).toBe(early.breakdown.interestToDateMinor)
      expect(payoff).toBe(early.breakdown.dueMinor)
      expect(payoff).toBe(early.principalMinor + early.breakdown.interestToDateMinor)
      expect(payoff).toBeLessThan(quotedTotal)
      expect(quotedTotal - payoff).toBe(early.breakdown.interestNotYetEarnedMinor)
      expect((await latestOf(kopa, b)).remainingMinor).toBe(payoff)

      // Home and the repay detail show the payoff, not the quoted total.
      // The phone's clock starts at the server's: the journeys of a worker share one server, whose clock they move
      // by months, and the server refuses a request timed too far from its own.
      await page.clock.install({ time: await serverNow(kopa) })
      await signInOnHome(page, b.token, lang, 'repaying')
      await expect(valueOf(page, t(lang, 'home.repay.remaining'))).toHaveText(await shown.money(payoff))
      await shot('home-payoff-today')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(payoff))
      await expect(owed.locator('.k-amount')).not.toHaveText(await shown.money(quotedTotal))
      // Line by line: the principal, ten days of interest, the amount due; the interest not charged apart.
      await expect(valueOf(owed, t(lang, 'repay.detail.principal'))).toHaveText(await shown.money(early.breakdown.principalMinor))
      await expect(valueOf(owed, tv(lang, 'repay.detail.interestToDate_other', { count: EARLY_DAYS }))).toHaveText(
        await shown.money(early.breakdown.interestToDateMinor),
      )
      await expect(valueOf(owed, t(lang, 'repay.detail.due'))).toHaveText(await shown.money(early.breakdown.dueMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.interestNotYetEarned'))).toHaveText(
        await shown.money(early.breakdown.interestNotYetEarnedMinor),
      )
      await expect(valueOf(owed, t(lang, 'repay.detail.penaltyAccrued'))).toHaveCount(0)
      const amount = page.getByRole('textbox', { name: t(lang, 'repay.form.amount') })
      await expect(amount).toHaveValue(String(payoff / early.minorPerUnit))
      await shot('repay-detail-interest-to-date')

      // Repay it all: the cashier asks for the payoff, and that closes the loan.
      await page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expectPaymentWaiting(page, lang, 'repayment', await shown.money(payoff))
      await shot('cashier-payoff')
      await approveOnPhone(page, kopa, lang)
      await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(payoff)], 'outcome-repaid-early')
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      const repaid = await latestOf(kopa, b)
      expect(repaid.status).toBe(OrderStatus.Finish)
      expect(repaid.remainingMinor).toBe(0)
      await shot('home-repaid-early')

      // What the loan finally cost: ten days of interest; the rest of the quoted interest was never paid.
      const closed = await detail()
      expect(closed.paidMinor).toBe(payoff)
      expect(closed.paidMinor).toBeLessThan(quotedTotal)
      expect(closed.balance.totalMinor).toBe(0)
      expect(closed.breakdown.interestToDateMinor).toBe(early.breakdown.interestToDateMinor)
    })
  })
}
