/**
 * Journey 6 of issue 7: an approved borrower (14) opens confirm borrow and cancels the loan with exactly one
 * reason.
 *
 * Rules it crosses:
 * - spec §5 "Cancellation: exactly one reason": the reasons are a radio group (issue 13), so exactly one is ever
 *   chosen; sending the form with none shows "You have to choose the reason" (in the borrower's language) at the
 *   group, whose first reason takes the focus, and does not reach the server — the order stays approved;
 * - shared decisions "Cancelling": an approved, unconfirmed order can be cancelled by the borrower; with one
 *   reason the server moves it to 8 (Cancel), a closed status, so home offers a new application (spec §4 "canLoan")
 *   and the confirm route no longer opens.
 */
import { ok, approvedBorrower } from './borrower-api'
import { expect, shellActions, shellLogin, t, test } from './fixtures'
import type { LatestOrder } from '../../domain/api-types'
import { look, openConfirmBorrow, passOutcome } from './steps/money-path'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(6) cancel an approved loan with one reason [${lang}]`, () => {
    test.use({ lang })

    test('the cancellation form takes exactly one reason, then the loan is cancelled', async ({ page, kopa, shot }) => {
      const { b, applied } = await approvedBorrower(kopa)
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      expect((await latest()).status).toBe(14)

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)
      expect(await shellActions(page)).toContain('hello')

      // Home: approved, "Get money" opens confirm borrow.
      const approvedTitle = page.getByRole('heading', { name: t(lang, 'home.state.approved.title'), exact: true })
      await expect(approvedTitle).toBeVisible()
      await look(page, shot, 'home-approved')
      await openConfirmBorrow(page, lang)
      await look(page, shot, 'confirm-borrow')

      // The cancellation form, as a sheet over confirm borrow.
      await page.getByRole('button', { name: t(lang, 'borrow.confirm.cancel'), exact: true }).click()
      const sheet = page.getByRole('dialog', { name: t(lang, 'borrow.cancel.title'), exact: true })
      await expect(sheet).toBeVisible()
      await expect(sheet.getByRole('group', { name: t(lang, 'borrow.cancel.reasons') })).toBeVisible()
      await look(page, shot, 'cancellation-form')

      const submit = sheet.getByRole('button', { name: t(lang, 'borrow.cancel.submit'), exact: true })
      const group = sheet.getByRole('radiogroup', { name: t(lang, 'borrow.cancel.reasons'), exact: true })
      const required = sheet.getByText(t(lang, 'validation.reason.required'), { exact: true })
      const reason = (key: string) =>
        group.getByRole('radio', { name: t(lang, `enums.cancelReason.${key}`), exact: true })
      await expect(sheet.getByRole('checkbox')).toHaveCount(0)

      // No reason: refused on the phone, at the group, whose first reason takes the focus.
      await submit.click()
      await expect(required).toBeInViewport()
      await expect(group.getByRole('radio').first()).toBeFocused()
      await expect(group.getByRole('radio').first()).toHaveAccessibleDescription(t(lang, 'validation.reason.required'))
      await look(page, shot, 'cancellation-no-reason')
      // The refused form did not reach the server: the order is still approved.
      expect((await latest()).status).toBe(14)

      // Choosing clears the message; choosing another replaces the first: exactly one reason is ever chosen.
      await reason('feesTooHigh').check()
      await expect(required).toBeHidden()
      await reason('foundAnotherLender').check()
      await expect(reason('feesTooHigh')).not.toBeChecked()
      await reason('feesTooHigh').check()
      await expect(reason('foundAnotherLender')).not.toBeChecked()

      // Exactly one reason (and a remark): the loan is cancelled.
      await sheet.getByRole('textbox', { name: t(lang, 'borrow.cancel.remark'), exact: true }).fill('Asante')
      await submit.click()

      await expect.poll(async () => (await latest()).status).toBe(8)
      await expect(sheet).toBeHidden()
      // Loan cancelled (issue 13): the amount, nothing owed, and that a new loan may be applied for; Continue goes
      // home. A reload of the outcome screen goes home too (nothing to show any more).
      await passOutcome(page, shot, lang, 'cancelled', [applied.orderNo, t(lang, 'outcome.cancelled.next')])
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      await expect(approvedTitle).toBeHidden()
      await expect(page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true })).toBeEnabled()
      await expect(page.getByRole('button', { name: t(lang, 'home.button.getMoney'), exact: true })).toHaveCount(0)
      await look(page, shot, 'home-after-cancel')

      // The cancelled order cannot be confirmed any more: not by the server, not by a deep link.
      const confirmAgain = await kopa.call('/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true }, b.token)
      expect(confirmAgain.code).not.toBe(0)
      await page.goto('/#/borrow/confirm_borrow')
      await expect(page).not.toHaveURL(/confirm_borrow/)
      expect((await latest()).status).toBe(8)
      // Nor does the outcome screen open again from its address.
      await page.goto('/#/outcome')
      await expect(page).toHaveURL(/\/(#\/?)?$/)
    })
  })
}
