/**
 * Journey 8 of issue 7: the pay-out fails, the borrower corrects the wallet in the app and the loan goes out again.
 *
 * Rules it crosses:
 * - spec §5 "Agreement must be ticked": confirm borrow's button reads as unavailable until the agreement is ticked,
 *   and a tap without it answers "Please agree to the loan agreement" and sends nothing (the order stays 14);
 * - docs/operations.md "Sandbox numbers": a pay-out to a wallet ending 0000 fails, so the order ends at 10;
 * - spec §8 "Loan failed to pay out: re-apply and confirm the wallet account is correct", spec §4 (10 opens repay
 *   detail; home shows "failed" with Edit): the app explains the failure and leads to the wallet form, which names
 *   the account the money did not reach;
 * - docs/decisions.md "Pay-out failure (10)": correcting the wallet sends the SAME order back to 19 (finish
 *   loading, then assessment) — one loan at a time — and after a new approval and confirmation the money goes to
 *   the corrected wallet (2, disbursed, the books balanced);
 * - decisions "Data and privacy": the app asks the shell's data collector for nothing the country does not require.
 */
import { ok, approvedBorrower, settle } from './borrower-api'
import { expect, shellActions, shellLogin, t, test } from './fixtures'
import type {
  ConfirmProductInfo,
  LatestOrder,
  MoneyTime,
  OrderSummary,
  Page as ApiPage,
  RepaymentDetail,
  UploadStatusFlags,
  UserInfo,
} from '../../domain/api-types'
import {
  confirmBorrowScreen,
  holdNextCall,
  look,
  openConfirmBorrow,
  passOutcome,
  passTransient,
  routeLog,
} from './steps/money-path'

/**
 * The borrower's real M-Pesa number (the first one, …0000, does not exist at the sandbox); one per language, as
 * the English borrower's loan still holds theirs when the Kiswahili one corrects (one loan per wallet).
 */
const CORRECTED = { en: '0754987654', sw: '0754986654' } as const

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(8) pay-out failure, a corrected wallet and a new pay-out [${lang}]`, () => {
    test.use({ lang })

    test('a pay-out to a wallet that does not exist fails; the borrower corrects it and is paid', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b, applied } = await approvedBorrower(kopa, { wallet: '0754120000' })
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      const routes = routeLog(page)
      const lending = { url: /#\/borrow\/lending$/, refresh: t(lang, 'borrow.lending.refresh'), name: 'lending' }
      const repayDetail = /#\/repay\/repay_detail$/

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)

      // The agreement tick: the button reads as unavailable, yet a tap still says why (decisions.md "Money-path
      // screens"), and nothing reaches the server.
      const first = await openConfirmBorrow(page, lang)
      // The account the money is for, as the profile names it (the wallet form will name it the same way).
      const before = await ok<UserInfo>(kopa, b, '/security/getUserInfo')
      await expect(page.getByText(before.wallet!.maskedNumber)).toBeVisible()
      await look(page, shot, 'confirm-borrow')
      await first.confirm.click({ force: true })
      const agreementRequired = page.getByRole('alert').filter({ hasText: t(lang, 'validation.agreement.required') })
      await expect(agreementRequired).toBeVisible()
      await agreementRequired.scrollIntoViewIfNeeded()
      await look(page, shot, 'confirm-borrow-agreement-required')
      expect((await latest()).status).toBe(14)
      await first.tick.check()
      await expect(agreementRequired).toBeHidden()
      await expect(first.confirm).toBeEnabled()
      await first.confirm.click()

      // The sandbox refuses the pay-out to …0000: repay detail explains it.
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(10)
      await passTransient(page, shot, lending, repayDetail)
      const failure = page.getByRole('alert').filter({ hasText: t(lang, 'repay.failed.title') })
      await expect(failure).toContainText(t(lang, 'repay.failed.text'))
      await expect(failure.getByRole('button', { name: t(lang, 'repay.failed.edit'), exact: true })).toBeEnabled()
      await look(page, shot, 'repay-detail-payout-failed')

      // Home says so too; its Edit opens the wallet form.
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.failed.title'), exact: true })).toBeVisible()
      await look(page, shot, 'home-payout-failed')
      await page.getByRole('button', { name: t(lang, 'home.button.edit'), exact: true }).click()

      // The wallet form names the account the money did not reach; the borrower types the right one.
      await expect(page).toHaveURL(/#\/bank_account\/add_bankcard$/)
      await expect(page.getByRole('heading', { name: t(lang, 'wallet.correct.title'), exact: true })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'wallet.correct.text') })).toBeVisible()
      await expect(page.getByText(before.wallet!.maskedNumber)).toBeVisible()
      await look(page, shot, 'wallet-correct')
      await page.getByRole('radio', { name: t(lang, 'enums.wallet.mpesa'), exact: true }).check()
      await page.getByRole('textbox', { name: t(lang, 'wallet.mobile.number'), exact: true }).fill(CORRECTED[lang])
      await page
        .getByRole('textbox', { name: t(lang, 'wallet.mobile.confirm'), exact: true })
        .fill(CORRECTED[lang])
      await look(page, shot, 'wallet-corrected')

      // Saving sends the same order back to 19: finish loading sends the application again (that call is held
      // here, so the screen can be seen while it runs and the server checked before it lands).
      const submit = await holdNextCall(page, '/user/submit')
      await page.getByRole('button', { name: t(lang, 'wallet.save'), exact: true }).click()
      // Finish loading checks what is left to collect (check only): nothing in Tanzania, so no disclosure is due.
      await submit.reached
      await expect(page).toHaveURL(/#\/finish_loading$/)
      const sending = t(lang, 'standalone.finishLoading.step.submitting')
      await expect(page.getByRole('heading', { level: 2, name: sending, exact: true })).toBeVisible()
      expect(await latest()).toMatchObject({ orderNo: applied.orderNo, status: 19 })
      await look(page, shot, 'finish-loading')
      await submit.release()

      // Assessment (at once in the test server) approves it again.
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(14)
      const reviewTips = { url: /#\/auth\/review_tips$/, refresh: t(lang, 'auth.review.refresh'), name: 'review-tips' }
      await passTransient(page, shot, reviewTips, /#\/borrow\/confirm_borrow$/)

      // Confirm again, to the corrected wallet; the tick is asked for again.
      const second = await confirmBorrowScreen(page, lang)
      const info = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', {
        loanOrderId: applied.loanOrderId,
      })
      expect(info.wallet.maskedNumber).toMatch(/654$/)
      await expect(page.getByText(info.wallet.maskedNumber)).toBeVisible()
      await look(page, shot, 'confirm-borrow-corrected-wallet')
      await second.tick.check()
      await second.confirm.click()

      // Paid out: the order repays (2), the money left for the corrected wallet, and the books balance.
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(2)
      await passTransient(page, shot, lending, /#\/outcome$/)
      // Money sent (issue 13), to the corrected wallet; Continue opens repay detail.
      await passOutcome(page, shot, lang, 'moneySent', [applied.orderNo])
      await expect(page).toHaveURL(repayDetail)
      await expect(page.getByRole('heading', { name: t(lang, 'repay.detail.due'), exact: true })).toBeVisible()
      await expect(failure).toHaveCount(0)
      await look(page, shot, 'repay-detail-paid-out')
      const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: applied.orderNo })
      expect(detail.disbursedAt).not.toBeNull()
      expect(detail.disbursalMinor).toBe(info.disbursalMinor)
      const time = await ok<MoneyTime>(kopa, b, '/loan/get-money-time', { loanOrderId: applied.loanOrderId })
      expect(time.disbursedAt).not.toBeNull()
      const books = (await (await fetch(`${kopa.url}/dev/books`)).json()) as { ok: boolean; problems: string[] }
      expect(books.problems).toEqual([])
      expect(books.ok).toBe(true)
      // One loan all along: the failed pay-out did not leave a second order.
      const records = (tab: 'incomplete' | 'finished') =>
        ok<ApiPage<OrderSummary>>(kopa, b, '/loan/loan-order/list-market', { tab })
      expect((await records('incomplete')).items.map((o) => [o.orderNo, o.status])).toEqual([[applied.orderNo, 2]])
      expect((await records('finished')).total).toBe(0)

      // The borrower passed every step on screen, and the app never started the shell's data collector: the
      // server reports all seven data sets as held, since Tanzania requires none.
      expect(routes).toEqual(
        expect.arrayContaining(['#/repay/repay_detail', '#/bank_account/add_bankcard', '#/finish_loading', '#/outcome']),
      )
      const flags = await ok<UploadStatusFlags>(kopa, b, '/time/upload/uploadStatus', { orderNo: applied.orderNo })
      expect(Object.values(flags).every(Boolean)).toBe(true)
      const actions = await shellActions(page)
      expect(actions).toContain('hello')
      expect(actions).not.toContain('timeSDK')
    })
  })
}
