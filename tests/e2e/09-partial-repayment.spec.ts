/**
 * Journey 9 of issue 7: partial repayment, then the rest. A borrower whose loan was paid out pays part of what
 * is due on the repay screen's cashier form, sees what is left, and then pays the rest; the loan is repaid.
 *
 * Rules it crosses (spec §5 "Repayment amount", shared decisions "Repayment", docs/decisions.md):
 * - a part must be a whole amount of at least 1,000, at least the product's minimum and a multiple of its unit,
 *   never above the balance — each refusal is the field's own translated error, and no payment order is made;
 * - the whole balance is always accepted ("Pay everything"), whatever it is;
 * - a payment lands only when the wallet confirms it (sandbox callback), and then what is left is the server's
 *   balance (paid first to interest, then principal) on the repay detail and on home;
 * - once nothing is left the order is finished (4): home offers Apply again, records list it as finished, and the
 *   app asks the native shell for the in-app review (the rating prompt follows a repaid loan).
 */
import type { RepaymentDetail } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { ok, paidOutBorrower } from './borrower-api'
import { expect, shellActions, t, test } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  expectReadableOnBrand,
  expectTabChosen,
  latestOf,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
} from './steps/repay'
import { passOutcome } from './steps/money-path'
import { tx } from './steps/clock'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(9) partial repayment, then the rest [${lang}]`, () => {
    test.use({ lang })

    test('a borrower pays part of the loan, sees what is left, then pays the rest and the loan is repaid', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b } = await paidOutBorrower(kopa)
      const order = await repayingOrder(kopa, b)
      const detailOf = () => ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const shown = shownIn(page, lang)
      const before = await detailOf()
      const units = (minor: number) => String(minor / before.minorPerUnit)

      await signInOnHome(page, b.token, lang, 'repaying')
      await expect(valueOf(page, t(lang, 'home.repay.remaining'))).toHaveText(await shown.money(order.remainingMinor!))
      await shot('home-repaying')

      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(before.balance.totalMinor))
      await expectReadableOnBrand(owed)
      const amount = page.getByRole('textbox', { name: t(lang, 'repay.form.amount') })
      const pay = page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true })
      // The whole balance is offered first.
      await expect(amount).toHaveValue(units(before.balance.totalMinor))
      await shot('repay-detail')

      // Below the 1,000 floor, above the balance, off the unit's grid: each is refused at the field, translated.
      const floorMinor = before.amountRules.floorMinor
      await amount.fill(units(floorMinor - before.minorPerUnit * 500))
      await pay.click()
      await expect(page.getByText(t(lang, 'validation.repay.belowFloor'), { exact: true })).toBeVisible()
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      await shot('amount-too-small')

      await amount.fill(units(before.balance.totalMinor + before.amountRules.unitMinor))
      await pay.click()
      await expect(page.getByText(t(lang, 'validation.repay.aboveBalance'), { exact: true })).toBeVisible()
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      await shot('amount-too-large')

      const unit = before.amountRules.unitMinor / before.minorPerUnit
      await amount.fill(units(100_000 * before.minorPerUnit + (before.amountRules.unitMinor / 2)))
      await pay.click()
      await expect(page.getByText(tv(lang, 'validation.repay.notMultiple', { unit }), { exact: true })).toBeVisible()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      // None of the refused amounts reached the server as a payment order.
      const untouched = await detailOf()
      expect(untouched.pendingPayOrder).toBeNull()
      expect(untouched.paidMinor).toBe(0)

      // A part: 100,000 (a valid whole amount on the unit's grid).
      const partMinor = 100_000 * before.minorPerUnit
      await amount.fill(units(partMinor))
      await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
      await pay.click()
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expectPaymentWaiting(page, lang, 'repayment', await shown.money(partMinor))
      await shot('cashier-part')
      await approveOnPhone(page, kopa, lang)

      // Payment received (issue 13): what was paid, what is left and by when; Continue opens the detail again.
      await expect.poll(async () => (await detailOf()).paidMinor).toBe(partMinor)
      const after = await detailOf()
      await passOutcome(page, shot, lang, 'repaidInPart', [
        await shown.money(partMinor),
        await shown.money(after.balance.totalMinor),
      ])

      // Back on the detail: what is left, per the server.
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      expect(after.balance.totalMinor).toBe(before.balance.totalMinor - partMinor)
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(after.balance.totalMinor))
      // Line by line: principal + interest to date − paid so far = what is left.
      const lines = after.breakdown
      expect(lines.principalMinor + lines.interestToDateMinor + lines.penaltyAccruedMinor - lines.penaltyWrittenOffMinor - lines.paidMinor).toBe(
        after.balance.totalMinor,
      )
      await expect(valueOf(owed, t(lang, 'repay.detail.paid'))).toHaveText(await shown.money(-lines.paidMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.principal'))).toHaveText(await shown.money(lines.principalMinor))
      const interestLabel =
        lines.interestDays === null
          ? t(lang, 'repay.detail.interestToDate')
          : tx(lang, 'repay.detail.interestToDate', { count: lines.interestDays })
      await expect(valueOf(owed, interestLabel)).toHaveText(await shown.money(lines.interestToDateMinor))
      await expect(amount).toHaveValue(units(after.balance.totalMinor))
      await shot('repay-detail-after-part')

      // Home says the same.
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.repaying.title'), exact: true })).toBeVisible()
      await expect(valueOf(page, t(lang, 'home.repay.remaining'))).toHaveText(await shown.money(after.balance.totalMinor))
      expect((await latestOf(kopa, b)).remainingMinor).toBe(after.balance.totalMinor)
      await shot('home-after-part')

      // The rest: "Pay everything" fills in exactly what is left, whatever it is.
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await amount.fill('')
      await page
        .getByRole('button', { name: tv(lang, 'repay.form.full', { amount: await shown.money(after.balance.totalMinor) }), exact: true })
        .click()
      await expect(amount).toHaveValue(units(after.balance.totalMinor))
      await pay.click()
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expectPaymentWaiting(page, lang, 'repayment', await shown.money(after.balance.totalMinor))
      await approveOnPhone(page, kopa, lang)
      await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(after.balance.totalMinor)])

      // Repaid: the order is finished and home offers a new loan.
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      const repaid = await latestOf(kopa, b)
      expect(repaid.status).toBe(OrderStatus.Finish)
      expect(repaid.remainingMinor).toBe(0)
      await expect(page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true })).toBeEnabled()
      await shot('home-repaid')

      await page
        .getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
        .getByRole('button', { name: t(lang, 'ui.tabs.records'), exact: true })
        .click()
      const finished = page.getByRole('tab', { name: t(lang, 'records.tab.finished'), exact: true })
      await finished.click()
      await expectTabChosen(finished)
      const row = page.getByRole('listitem').filter({ hasText: order.orderNo })
      await expect(row.getByText(t(lang, 'records.state.finished'), { exact: true })).toBeVisible()
      await shot('records-finished')
      await page
        .getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
        .getByRole('button', { name: t(lang, 'ui.tabs.home'), exact: true })
        .click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()

      // The rating prompt follows a repaid loan: the app asked the shell for its in-app review card.
      await expect.poll(() => shellActions(page)).toContain('requestReview')
    })
  })
}
