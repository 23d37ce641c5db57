/**
 * Journey 6 of issue 7: an approved borrower (14) opens confirm borrow and cancels the loan with exactly one
 * reason.
 *
 * Rules it crosses:
 * - spec §5 "Cancellation: exactly one reason": sending the form with no reason shows "You have to choose the
 *   reason", with two "Choose only one reason" (in the borrower's language), and neither reaches the server — the
 *   order stays approved;
 * - shared decisions "Cancelling": an approved, unconfirmed order can be cancelled by the borrower; with one
 *   reason the server moves it to 8 (Cancel), a closed status, so home offers a new application (spec §4 "canLoan")
 *   and the confirm route no longer opens.
 */
import { ok, approvedBorrower } from './borrower-api'
import { expect, shellActions, shellLogin, t, test } from './fixtures'
import type { LatestOrder } from '../../src/domain/api-types'
import { look, openConfirmBorrow } from './steps/money-path'

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
      const alert = sheet.getByRole('alert')
      const reason = (key: string) =>
        sheet.getByRole('checkbox', { name: t(lang, `enums.cancelReason.${key}`), exact: true })

      // No reason: refused on the phone.
      await submit.click()
      await expect(alert).toHaveText(t(lang, 'validation.reason.required'))
      await look(page, shot, 'cancellation-no-reason')

      // Two reasons: refused too.
      await reason('feesTooHigh').check()
      await expect(alert).toBeHidden()
      await reason('foundAnotherLender').check()
      await submit.click()
      await expect(alert).toHaveText(t(lang, 'validation.reason.onlyOne'))
      await look(page, shot, 'cancellation-two-reasons')
      // Neither refused form reached the server: the order is still approved.
      expect((await latest()).status).toBe(14)

      // Exactly one reason (and a remark): the loan is cancelled.
      await reason('foundAnotherLender').uncheck()
      await expect(reason('feesTooHigh')).toBeChecked()
      await sheet.getByRole('textbox', { name: t(lang, 'borrow.cancel.remark'), exact: true }).fill('Asante')
      await submit.click()

      await expect.poll(async () => (await latest()).status).toBe(8)
      await expect(sheet).toBeHidden()
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
    })
  })
}
