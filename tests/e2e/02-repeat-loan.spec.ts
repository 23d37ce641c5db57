/**
 * Journey 2 of issue 7: a repeat loan with a higher limit and a lower rate. A borrower repays a first loan in
 * full through the app (repay detail → cashier → the wallet approves → "I have paid"), home welcomes them back
 * with the repeat-loan benefit and their raised limit and lowered rate, and they apply again from home: the
 * repeat application (apply-market-again) skips the onboarding, and the approval they confirm lends more than
 * the first loan ever could, at a lower daily rate.
 *
 * Rules it crosses (shared decisions "Repeat borrowers" and "Onboarding order"; docs/operations.md "Loan
 * products" and "Assessment"):
 * - each loan repaid on time raises the limit by 100,000 TZS and lowers the daily rate by 0.01% (the server's
 *   credit line before and after says so, and home, to_borrow and confirm borrow show the server's figures);
 * - a borrower who has finished a loan applies with apply-market-again and never walks the onboarding again
 *   (no personal info, ID, additional info or wallet screen, no ID capture or liveness through the shell);
 * - the scorecard's limit is a share of the borrower's ceiling on the ladder: the second approval lends the
 *   new ceiling, above the first loan's whole ceiling, at the lower rate;
 * - a repaid loan is followed by the in-app review request to the native shell.
 */
import type { ConfirmProductInfo, CreditInfo, LatestOrder } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { approvedBorrower, ok, settle, TZS } from './borrower-api'
import { expect, shellActions, t, test } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  latestOf,
  recordApiCalls,
  recordRoutes,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
} from './steps/repay'
import { holdOrderReadsOn, passOutcome } from './steps/money-path'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(2) a repeat loan with a higher limit and a lower rate [${lang}]`, () => {
    test.use({ lang })

    test('a borrower repays the first loan, then borrows again without onboarding, more and cheaper', async ({
      page,
      kopa,
      shot,
    }) => {
      // The first loan: its approval's price and the credit line it was given, then the pay-out.
      const { b, applied } = await approvedBorrower(kopa)
      const first = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', { loanOrderId: applied.loanOrderId })
      const firstLine = await ok<CreditInfo>(kopa, b, '/loan/get-credit-info')
      await ok(kopa, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
      const firstOrder = await repayingOrder(kopa, b)
      const shown = shownIn(page, lang)
      const calls = await recordApiCalls(page)
      const routes = recordRoutes(page)

      // Repay it all through the app.
      await signInOnHome(page, b.token, lang, 'repaying')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expect(page.getByRole('textbox', { name: t(lang, 'repay.form.amount') })).toHaveValue(
        String(firstOrder.remainingMinor! / TZS),
      )
      await shot('repay-detail-first-loan')
      await page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expectPaymentWaiting(page, lang, 'repayment', await shown.money(firstOrder.remainingMinor!))
      await shot('cashier-first-loan')
      await approveOnPhone(page, kopa, lang)

      // Payment received: the loan is repaid in full, with what was paid; Continue goes home.
      await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(firstOrder.remainingMinor!)])

      // Repaid on time: the server's credit line moved one step up the ladder.
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      expect((await latestOf(kopa, b)).status).toBe(OrderStatus.Finish)
      const line = await ok<CreditInfo>(kopa, b, '/loan/get-credit-info')
      expect(line.loansRepaidOnTime).toBe(firstLine.loansRepaidOnTime + 1)
      expect(line.limitMinor).toBe(firstLine.limitMinor + 100_000 * TZS)
      expect(line.dailyRatePercent).toBeCloseTo(firstLine.dailyRatePercent - 0.01, 10)

      // Home welcomes a repeat borrower: the benefit, and their own limit and rate on the product card.
      const benefit = page.getByRole('region', { name: t(lang, 'home.benefit.title'), exact: true })
      await expect(benefit).toBeVisible()
      for (const item of ['amount', 'rate', 'speed'])
        await expect(benefit.getByText(t(lang, `home.benefit.${item}`), { exact: true })).toBeVisible()
      const card = page.getByRole('region').filter({ has: page.getByText(t(lang, 'home.card.upTo'), { exact: true }) })
      await expect(card.locator('.k-amount')).toHaveText(await shown.money(line.limitMinor))
      await expect(valueOf(card, t(lang, 'home.card.rate'))).toHaveText(
        tv(lang, 'home.card.perDay', { rate: await shown.percent(line.dailyRatePercent / 100) }),
      )
      await benefit.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await shot('home-repeat-benefit')

      // Apply again from home: to_borrow offers the raised limit at the lower rate.
      await page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      await expect(
        page.getByText(
          tv(lang, 'borrow.toBorrow.repeat', {
            limit: await shown.money(line.limitMinor),
            rate: await shown.percent(line.dailyRatePercent / 100),
          }),
          { exact: true },
        ),
      ).toBeVisible()
      const slider = page.getByRole('slider', { name: t(lang, 'borrow.toBorrow.amount') })
      await expect(slider).toHaveAttribute('max', String(line.limitMinor))
      await slider.press('End')
      await expect(slider).toHaveValue(String(line.limitMinor))
      await slider.blur()
      await shot('to-borrow-repeat')
      // Review tips follows the order by itself; its readings wait while the screen is checked.
      const reviewReads = await holdOrderReadsOn(page, /#\/auth\/review_tips$/)
      await page.getByRole('button', { name: t(lang, 'borrow.toBorrow.apply'), exact: true }).click()
      // Finish loading checks first what is left to collect for this order (check only): Tanzania requires no data
      // set, so nothing is, no permission disclosure is due, and the application goes in at once.

      // Review tips shows only while the server has not assessed yet (one job poll, 250 ms, in the test server):
      // when the app read the order first, the repeat borrower reads that the application was submitted, and
      // the app opens the approval by itself (docs/decisions.md "Live order status").
      await expect(page).toHaveURL(/#\/(auth\/review_tips|borrow\/confirm_borrow)$/)
      if (page.url().endsWith('#/auth/review_tips')) {
        await expect(page.getByRole('heading', { name: t(lang, 'auth.review.applied.heading'), exact: true })).toBeVisible()
        await settle(kopa)
      }
      await reviewReads.release()

      // The approval, without onboarding: more than the first loan's whole limit, at a lower daily rate.
      await expect(page).toHaveURL(/#\/borrow\/confirm_borrow$/)
      let second: LatestOrder | null = null
      await expect
        .poll(async () => {
          second = await latestOf(kopa, b)
          return second.orderNo !== firstOrder.orderNo && [OrderStatus.Confirm, OrderStatus.GetMoney].includes(second.status as 14 | 18)
        })
        .toBe(true)
      const again = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', { loanOrderId: second!.loanOrderId })
      expect(again.principalMinor).toBe(line.limitMinor)
      expect(again.principalMinor).toBeGreaterThan(firstLine.limitMinor)
      expect(again.principalMinor).toBeGreaterThan(first.principalMinor)
      expect(again.interestRate.dailyPercent).toBeLessThan(first.interestRate.dailyPercent)
      expect(again.interestRate.dailyPercent).toBeCloseTo(line.dailyRatePercent, 10)

      const breakdown = page.getByRole('region', { name: t(lang, 'borrow.breakdown.title'), exact: true })
      await expect(valueOf(breakdown, t(lang, 'borrow.breakdown.amount'))).toHaveText(await shown.money(again.principalMinor))
      const interestLabel = tv(lang, 'borrow.breakdown.interest', {
        daily: await shown.percent(again.interestRate.dailyPercent / 100),
        annual: await shown.percent(again.interestRate.annualPercent / 100),
      })
      await expect(valueOf(breakdown, interestLabel)).toHaveText(await shown.money(again.interestMinor))
      await expect(valueOf(breakdown, t(lang, 'borrow.breakdown.totalRepayable'))).toHaveText(
        await shown.money(again.totalRepayableMinor),
      )
      await expect(page.getByRole('checkbox', { name: t(lang, 'borrow.confirm.agree') })).not.toBeChecked()
      await shot('confirm-borrow-repeat')

      // The repeat application was apply-market-again, and no onboarding step was shown or called.
      expect(calls).toContain('/loan/loan-order/apply-market-again')
      expect(calls).not.toContain('/loan/loan-order/apply-market')
      for (const step of ['/user/saveBasicInfo-market', '/user/saveAdditionInfo-market', '/user/addBankCard', '/user/upload/curp/front'])
        expect(calls).not.toContain(step)
      const onboarding = ['/auth/personal_infomation', '/auth/id_card_authentication', '/auth/additionalInfomation', '/auth/loan_question', '/bank_account/add_bankcard']
      expect(routes).toContain('/borrow/to_borrow')
      expect(routes.filter((route) => onboarding.includes(route))).toEqual([])
      const shell = await shellActions(page)
      expect(shell).not.toContain('captureIdCard')
      expect(shell).not.toContain('startLiveness')
      // The repaid first loan was followed by the in-app review request (a few seconds after it was seen).
      await expect.poll(() => shellActions(page)).toContain('requestReview')
    })
  })
}
