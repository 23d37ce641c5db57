/**
 * Journey 16 (issue 7): account deletion, from settings (shared decisions "Cancelling": required by the app
 * stores; docs/decisions.md "User centre" and "Borrower services on the server").
 *
 * Rules it crosses:
 * - refused while a loan is open: a borrower whose loan was paid out sees why and cannot ask for the code; the
 *   server refuses the code and the deletion too (2401);
 * - exactly one reason (check boxes, so "You have to choose the reason" and "Choose only one reason" both occur),
 *   confirmed by the SMS code sent to the login number;
 * - once deleted: the toast, the stored session cleared as for a log out, home, and the native shell told to log
 *   out (docs/native-bridge.md `logout`: "the borrower logged out in the web app"); the server ended every session
 *   (the old token answers 100103) and, with no loan records, deleted the borrower, so the number registers anew.
 */
import { freshMobile, paidOutBorrower, registered } from './borrower-api'
import { expect, t, test, type Lang, type Page } from './fixtures'
import { heading, openTab, signedInByShell } from './steps/content'
import type { FakeShellControls } from './fake-native-shell'

/** me → settings → delete account. */
async function openDeleteAccount(page: Page, lang: Lang, shot: (name: string) => Promise<void>) {
  await openTab(page, lang, 'me')
  await page.getByRole('button', { name: t(lang, 'me.item.settings'), exact: true }).click()
  await expect(page).toHaveURL(/#\/user_center\/settings$/)
  await expect(heading(page, t(lang, 'user-center.settings.title'))).toBeVisible()
  await shot('settings')
  await page
    .getByRole('button', { name: new RegExp(`^${t(lang, 'user-center.settings.deleteAccount')}`) })
    .click()
  await expect(page).toHaveURL(/#\/user_center\/delete_account$/)
  await expect(heading(page, t(lang, 'user-center.delete.title'))).toBeVisible()
}

const shellCalls = (page: Page, action: string) =>
  page.evaluate(
    (name) => (window as unknown as { __kopaShell: FakeShellControls }).__kopaShell.callsOf(name).length,
    action,
  )

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(16) account deletion [${lang}]`, () => {
    test.use({ lang })

    test('a borrower with a loan open cannot delete the account', async ({ page, kopa, shot }) => {
      const { b, order } = await paidOutBorrower(kopa)
      expect(order.status).toBe(2)
      await signedInByShell(page, b.token)
      await openDeleteAccount(page, lang, shot)

      await expect(
        page.getByRole('heading', {
          level: 2,
          name: t(lang, 'user-center.delete.refusedTitle'),
          exact: true,
        }),
      ).toBeVisible()
      await expect(page.getByText(t(lang, 'errors.code.2401'), { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: t(lang, 'user-center.delete.sendCode') })).toHaveCount(0)
      await expect(page.getByRole('button', { name: t(lang, 'user-center.delete.submit') })).toHaveCount(0)
      await shot('delete-account-refused')

      // The server says the same, whoever asks.
      expect((await kopa.call('/user/account/delete/code', {}, b.token)).code).toBe(2401)
      expect(
        (await kopa.call('/user/account/delete', { reasons: ['noLongerNeeded'], code: '123456' }, b.token))
          .code,
      ).toBe(2401)

      await page.getByRole('button', { name: t(lang, 'user-center.delete.back'), exact: true }).click()
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(b.token)
    })

    test('a borrower without a loan deletes the account with one reason and the SMS code', async ({
      page,
      kopa,
      shot,
    }) => {
      const b = await registered(kopa, freshMobile())
      await signedInByShell(page, b.token)
      await openDeleteAccount(page, lang, shot)

      const reasons = page.getByRole('group', { name: t(lang, 'user-center.delete.reasons') })
      const reason = (key: string) =>
        reasons.getByRole('checkbox', { name: t(lang, `enums.deleteAccountReason.${key}`), exact: true })
      const submit = page.getByRole('button', { name: t(lang, 'user-center.delete.submit'), exact: true })
      await expect(page.getByText(t(lang, 'user-center.delete.warning'), { exact: true })).toBeVisible()
      await shot('delete-account-form')

      // No reason, then two reasons: refused on the phone, nothing reaches the server.
      await submit.click()
      await expect(reasons).toContainText(t(lang, 'validation.reason.required'))
      await reason('noLongerNeeded').check()
      await reason('usingAnotherApp').check()
      await submit.click()
      await expect(reasons).toContainText(t(lang, 'validation.reason.onlyOne'))
      await shot('delete-account-two-reasons')
      await reason('usingAnotherApp').uncheck()
      await expect(reasons).not.toContainText(t(lang, 'validation.reason.onlyOne'))

      // The code goes to the login number (a minute after the registration code: one code a minute per number).
      await kopa.advanceClock(61_000)
      await page.getByRole('button', { name: t(lang, 'user-center.delete.sendCode'), exact: true }).click()
      await expect(
        page.getByRole('button', { name: t(lang, 'user-center.delete.resend'), exact: true }),
      ).toBeVisible()
      const code = await kopa.smsCode(b.mobile)
      await page
        .getByRole('textbox', {
          name: t(lang, 'ui.code.digit').replace('{{n}}', '1').replace('{{total}}', '6'),
        })
        .fill(code)
      await page.getByRole('textbox', { name: t(lang, 'user-center.delete.remark') }).fill('Kopa e2e')
      expect((await kopa.call('/security/getUserInfo', {}, b.token)).code).toBe(0)
      await shot('delete-account-confirm')
      await submit.click()

      // Deleted: the toast, home, the session gone on the phone, in the shell and on the server.
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'user-center.delete.done') }),
      ).toBeVisible()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(page.getByRole('navigation', { name: t(lang, 'ui.tabs.label') })).toBeVisible()
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull()
      await expect.poll(() => shellCalls(page, 'logout')).toBe(1)
      await shot('home-after-deletion')
      expect((await kopa.call('/security/getUserInfo', {}, b.token)).code).toBe(100103)

      // Signed out: me offers login again, and the number can register as a new borrower.
      await openTab(page, lang, 'me')
      await expect(page.getByRole('button', { name: new RegExp(`^${t(lang, 'me.login')}`) })).toBeVisible()
      await kopa.advanceClock(61_000)
      expect(await kopa.signUp(b.mobile)).toMatch(/./)
    })
  })
}
