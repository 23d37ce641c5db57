/**
 * Journey 29 (issue 20): a loan product changed from the console, and the books read there, against the real
 * server. A visitor's home offers
 * Quick Loan at 0.09% a day; the first admin opens it in the console, types a rate above the annual cap (the editor
 * says so at once and will not save), then a lower one with a reason, and saves version 2. The visitor's home offers
 * 0.08% a day at its next reading, with no restart; the version is listed with who saved it and why. The admin
 * then reads the books (they agree) and exports the settlement as CSV.
 */
import { expect, t } from './fixtures'
import { DESKTOP, PHONE, secretOf, test } from './console-fixtures'
import { field, navOf, openConsole, signIn } from './steps/console'

test.describe('(29) products and books in the console [en]', () => {
  test.use({ lang: 'en' })
  const T = (key: string) => t('en', key)

  test('an admin lowers a product’s rate in the console and a visitor is offered it at once', async ({
    consoleKopa,
    desk,
    codeFor,
    snap,
  }) => {
    const visitor = await desk(PHONE)
    await visitor.goto('/')
    await expect(visitor.getByText(/0\.09%/).first()).toBeVisible()

    const admin = consoleKopa.admin
    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', admin.username, admin.password, await codeFor(secretOf(admin.otpauthUri)))
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.products') })
      .click()
    await expect(desktop).toHaveURL(/\/console#\/products$/)
    await expect(desktop.getByRole('heading', { level: 1, name: T('console.products.title') })).toBeVisible()
    await snap(desktop, 'products')

    await desktop.getByRole('button', { name: 'Change Quick Loan' }).click()
    const json = desktop.getByLabel(/^Configuration \(JSON\)/)
    const config = JSON.parse(await json.inputValue())
    expect(config.interest).toEqual({ dailyPpm: 900 })
    await json.fill(JSON.stringify({ ...config, interest: { dailyPpm: 1_000 } }, null, 2))
    await expect(desktop.locator('li').filter({ hasText: /^interest: the annual rate 36\.5%/ })).toBeVisible()
    await expect(desktop.getByRole('button', { name: T('console.products.save') })).toBeDisabled()
    await snap(desktop, 'a-rate-above-the-cap')

    await json.fill(JSON.stringify({ ...config, interest: { dailyPpm: 800 } }, null, 2))
    await expect(desktop.getByText(T('console.products.valid'))).toBeVisible()
    await field(desktop, T('console.products.note')).fill('Lower rate from December')
    await desktop.getByRole('button', { name: T('console.products.save') }).click()
    await expect(
      desktop.getByText('tz-haraka saved as version 2. New orders use it from now on.'),
    ).toBeVisible()
    await snap(desktop, 'saved-as-version-2')

    // The visitor's next reading of home offers the new rate: no restart.
    await visitor.reload()
    await expect(visitor.getByText(/0\.08%/).first()).toBeVisible()
    await snap(visitor, 'home-offers-the-new-rate')

    // The versions, newest first, with who saved each and why.
    await desktop.getByRole('button', { name: 'Change Quick Loan' }).click()
    const versions = desktop.getByRole('region', { name: T('console.products.history') })
    await expect(versions.getByRole('listitem').first()).toContainText('Version 2')
    await expect(versions.getByRole('listitem').first()).toContainText(admin.username)
    await expect(versions.getByRole('listitem').first()).toContainText('Lower rate from December')
    await expect(versions.getByRole('listitem').nth(1)).toContainText(T('console.products.outsideConsole'))
    await desktop.setViewportSize(PHONE)
    expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    await snap(desktop, 'editor-on-a-phone')
  })

  test('an admin reads books that agree and exports the settlement of the last seven days', async ({
    consoleKopa,
    desk,
    codeFor,
    snap,
  }) => {
    const admin = consoleKopa.admin
    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', admin.username, admin.password, await codeFor(secretOf(admin.otpauthUri)))
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.books') })
      .click()
    await expect(desktop).toHaveURL(/\/console#\/books$/)
    await expect(desktop.getByText(T('console.books.agree'))).toBeVisible()
    await snap(desktop, 'books')
    const download = desktop.waitForEvent('download')
    await desktop.getByRole('button', { name: T('console.books.export.settlement') }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^kopa-settlement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString()
    expect(csv.split('\r\n')[0]).toBe(
      'day,provider,direction,currency,provider_minor,provider_count,ledger_minor,ledger_count,difference_minor',
    )
    await expect(desktop.getByText(T('console.books.exported'))).toBeVisible()
    await desktop.setViewportSize(PHONE)
    expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    await snap(desktop, 'books-on-a-phone')
  })
})
