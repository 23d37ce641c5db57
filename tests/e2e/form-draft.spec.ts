/**
 * Journey 14: what a borrower typed is not lost — a half-filled personal-information form survives a reload, and
 * a submit the form refuses keeps every field as it was typed.
 */
import { expect, shellLogin, t, test, type Page } from './fixtures'

/** A new borrower signed in by the native shell, on home. */
async function signInThroughShell(page: Page, signUp: (mobile: string) => Promise<string>, lang: string) {
  await page.goto('/')
  await expect(page.getByRole('navigation').last()).toBeVisible()
  await shellLogin(page, await signUp(`076${lang === 'en' ? 1 : 2}${String(Date.now()).slice(-6)}`))
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userInfo'))).not.toBeNull()
}

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(14) a half-filled form survives a reload and a failed submit [${lang}]`, () => {
    test.use({ lang })

    test('the personal information typed so far is still there after a reload and after a refused submit', async ({
      page,
      kopa,
      shot,
    }) => {
      await signInThroughShell(page, kopa.signUp, lang)
      await page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      await expect(page.getByRole('slider')).toBeVisible()
      await shot('to-borrow')
      await page.getByRole('button', { name: t(lang, 'borrow.toBorrow.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)

      const firstName = page.getByRole('textbox', { name: t(lang, 'auth.personal.firstName'), exact: true })
      const lastName = page.getByRole('textbox', { name: t(lang, 'auth.personal.lastName'), exact: true })
      const address = page.getByRole('textbox', { name: t(lang, 'auth.personal.address'), exact: true })
      await firstName.fill('Asha')
      await lastName.fill('Mwakyusa')
      await address.fill('Mtaa wa Uhuru 12')
      await shot('personal-info-half-filled')

      await page.reload()
      await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)
      await expect(firstName).toHaveValue('Asha')
      await expect(lastName).toHaveValue('Mwakyusa')
      await expect(address).toHaveValue('Mtaa wa Uhuru 12')
      await shot('personal-info-after-reload')

      await page.getByRole('button', { name: t(lang, 'auth.common.next'), exact: true }).click()
      await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
      await expect(firstName).toHaveValue('Asha')
      await expect(lastName).toHaveValue('Mwakyusa')
      await expect(address).toHaveValue('Mtaa wa Uhuru 12')
      await shot('personal-info-refused-submit')
    })
  })
}
