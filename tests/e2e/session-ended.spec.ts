/**
 * Journey 10: the server ends the session — the token expired, or the account logged in on another device —
 * and the app clears the stored session and sends the borrower to login with the server's reason (spec §8).
 */
import { DAY, expect, shellActions, shellLogin, t, test, type Lang } from './fixtures'

const mobileFor = (lang: Lang, n: number) => `07${lang === 'en' ? 1 : 2}${n}${String(Date.now()).slice(-6)}`

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(10) session ended by the server [${lang}]`, () => {
    test.use({ lang })

    test('a borrower whose token expired is logged out to login with "token expired"', async ({ page, kopa, shot }) => {
      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      expect(await shellActions(page)).toContain('hello')
      await shellLogin(page, await kopa.signUp(mobileFor(lang, 1)))
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
      await page.goto('/#/user_center/settings')
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      await shot('settings-signed-in')

      await kopa.advanceClock(31 * DAY)
      await page.reload()

      await expect(page).toHaveURL(/#\/user\/login$/)
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'errors.code.10010303') })).toBeVisible()
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull()
      // The shell keeps its own copy of the session: the app tells it the session is over.
      await expect.poll(() => shellActions(page)).toContain('logout')
      await shot('login-token-expired')
    })

    test('a borrower who logs in on another device is logged out here with that reason', async ({ page, kopa, shot }) => {
      const mobile = mobileFor(lang, 2)
      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, await kopa.signUp(mobile))
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
      await page.goto('/#/user_center/settings')
      await expect(page).toHaveURL(/#\/user_center\/settings$/)

      await kopa.logIn(mobile)
      await page.reload()

      await expect(page).toHaveURL(/#\/user\/login$/)
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'errors.code.10010304') })).toBeVisible()
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      await expect.poll(() => shellActions(page)).toContain('logout')
      await shot('login-other-device')
    })
  })
}
