/**
 * Journey 15: deep links and the back button respect the route guard (spec §2): a protected route opened without
 * a session shows login; with a session the same link opens the screen, and back returns where the borrower was.
 */
import { expect, shellLogin, test } from './fixtures'

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
      await shot('login-instead-of-to-borrow')

      await page.goto('/#/user_center/settings')
      await expect(page).toHaveURL(/#\/user\/login$/)

      await page.goto('/')
      await expect(page).toHaveURL(/\/(#\/)?$/)
      await shellLogin(page, await kopa.signUp(`075${lang === 'en' ? 1 : 2}${String(Date.now()).slice(-6)}`))
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()

      await page.goto('/#/user_center/settings')
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      await expect(page.getByRole('button', { name: /./ }).first()).toBeVisible()
      await shot('settings-deep-link')

      await page.goBack()
      await expect(page).toHaveURL(/\/(#\/?)?$/)
      await expect(page.getByRole('navigation').last()).toBeVisible()
    })
  })
}
