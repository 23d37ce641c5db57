/**
 * Journey 15: deep links and the back button respect the route guard (spec §2): a protected route opened without
 * a session shows login; with a session the same link opens the screen, and back returns where the borrower was.
 */
import { expect, shellLogin, t, test } from './fixtures'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(15) route guard on deep links and back [${lang}]`, () => {
    test.use({ lang })

    test('a protected deep link opens login without a session and the screen with one; back goes home', async ({
      page,
      kopa,
      shot,
    }) => {
      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shot('home')

      await page.goto('/#/borrow/to_borrow')
      await expect(page).toHaveURL(/#\/user\/login$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // A visitor changes the language right there, in one tap (issue 13).
      const languages = page.getByRole('radiogroup', { name: t(lang, 'ui.language.choose') })
      await expect(languages.getByRole('radio', { checked: true })).toHaveText(t(lang, `ui.language.endonym.${lang}`))
      await shot('login-instead-of-to-borrow')

      await page.goto('/#/user_center/coupons')
      await expect(page).toHaveURL(/#\/user\/login$/)

      // What holds nothing of the borrower's opens for a visitor (issue 13): who lends, and the language.
      await page.goto('/#/user_center/about_us')
      await expect(page).toHaveURL(/#\/user_center\/about_us$/)
      await page.goto('/#/user_center/settings')
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      await expect(page.getByRole('button', { name: t(lang, 'user-center.settings.language') })).toBeVisible()
      await expect(page.getByRole('button', { name: t(lang, 'user-center.settings.logOut') })).toHaveCount(0)
      await shot('settings-visitor')

      await page.goto('/')
      await expect(page).toHaveURL(/\/(#\/)?$/)
      await shellLogin(page, await kopa.signUp(`075${lang === 'en' ? 1 : 2}${String(Date.now()).slice(-6)}`))
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
      // Signed in: the app has read the borrower's order and is no longer busy. (A link opened while the login is
      // still being read is tests/machines/journey.test.ts's; this story is a signed-in borrower's link.)
      await expect(page.getByRole('status').and(page.locator('[aria-busy="true"]'))).toHaveCount(0)

      await page.goto('/#/user_center/coupons')
      await expect(page).toHaveURL(/#\/user_center\/coupons$/)
      await expect(page.getByRole('button', { name: /./ }).first()).toBeVisible()
      await shot('coupons-deep-link')

      await page.goBack()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(page.getByRole('navigation').last()).toBeVisible()
    })
  })
}
