/**
 * Journey 30 (issue 20): a risk officer reads a decision, against the real server. A borrower applies through the
 * real API and the server assesses and approves them; the first admin adds a risk officer (through the console API,
 * as the staff page does); the officer signs in with their authenticator, finds the borrower by phone number,
 * opens the order and reads its status changes and the decision: each rule's points and reason.
 */
import { approvedBorrower } from './borrower-api'
import { addMember, DESKTOP, PHONE, secretOf, test } from './console-fixtures'
import { expect, t } from './fixtures'
import { field, fill, navOf, openConsole, signIn } from './steps/console'

test.describe('(30) a risk officer reads a decision [en]', () => {
  test.use({ lang: 'en' })
  const T = (key: string) => t('en', key)

  test('a risk officer finds a borrower by phone, opens the order and reads why it was approved', async ({
    consoleKopa,
    desk,
    codeFor,
    snap,
  }) => {
    const { b, applied } = await approvedBorrower(consoleKopa)
    // The admin adds a risk officer, as the staff page would.
    const officer = {
      username: 'rita.risk',
      displayName: 'Rita Mollel',
      password: 'risk officer passphrase 1',
    }
    const { otpauthUri } = await addMember(consoleKopa, codeFor, { ...officer, role: 'risk' })

    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', officer.username, officer.password, await codeFor(secretOf(otpauthUri)))
    await expect(navOf(desktop, 'en').getByRole('button')).toHaveText([
      T('console.nav.overview'),
      T('console.nav.loans'),
      T('console.nav.products'),
      T('console.nav.password'),
    ])
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.loans') })
      .click()
    await expect(desktop).toHaveURL(/\/console#\/loans$/)
    await field(desktop, T('console.loans.query')).fill(b.mobile)
    await desktop.getByRole('button', { name: T('console.loans.searchButton'), exact: true }).click()
    await expect(desktop.getByRole('heading', { name: '1 borrower found' })).toBeVisible()
    await snap(desktop, 'borrower-found')

    await desktop
      .getByRole('button', { name: fill(T('console.loans.openOrder'), { orderNo: applied.orderNo }) })
      .click()
    await expect(
      desktop.getByRole('heading', { name: fill(T('console.loans.order'), { orderNo: applied.orderNo }) }),
    ).toBeVisible()
    const decision = desktop.getByRole('region', { name: T('console.loans.decision') })
    await expect(decision).toContainText(/^.*Approved: \d+ points \(approves at \d+\)/)
    await expect(decision.getByRole('listitem').first()).toContainText(/points: /)
    const timeline = desktop.getByRole('region', { name: T('console.loans.timeline') })
    await expect(timeline.getByRole('row').last()).toContainText(T('console.loans.status.14'))
    await snap(desktop, 'the-decision-and-its-reasons')

    await desktop.setViewportSize(PHONE)
    expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    await snap(desktop, 'order-on-a-phone')
  })
})
