/**
 * Journey 33 (issue 20 item 4): support cancels an approved order, against the real server. A borrower applies
 * through the real API and is approved (14); the first admin adds a support agent (through the console API, as the
 * staff page does); the agent finds the borrower, opens the order, sees only the action the lifecycle allows
 * (cancel), is asked why, cancels, and the story reads again: cancelled, with no action left.
 */
import { approvedBorrower } from './borrower-api'
import { addMember, DESKTOP, secretOf, test } from './console-fixtures'
import { expect, t } from './fixtures'
import { field, fill, navOf, openConsole, signIn } from './steps/console'

test.describe('(33) support cancels an approved order [en]', () => {
  test.use({ lang: 'en' })
  const T = (key: string) => t('en', key)

  test('a support agent cancels an order not yet confirmed, with a reason', async ({
    consoleKopa,
    desk,
    codeFor,
  }) => {
    const { b, applied } = await approvedBorrower(consoleKopa)
    const agent = {
      username: 'sam.support',
      displayName: 'Sam Kimaro',
      password: 'support agent passphrase 1',
    }
    const { otpauthUri } = await addMember(consoleKopa, codeFor, { ...agent, role: 'support' })

    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', agent.username, agent.password, await codeFor(secretOf(otpauthUri)))
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.loans') })
      .click()
    await field(desktop, T('console.loans.query')).fill(b.mobile)
    await desktop.getByRole('button', { name: T('console.loans.searchButton'), exact: true }).click()
    await desktop
      .getByRole('button', { name: fill(T('console.loans.openOrder'), { orderNo: applied.orderNo }) })
      .click()
    const actions = desktop.getByRole('region', { name: T('console.loans.action.title') })
    await expect(actions.getByRole('button')).toHaveText([T('console.loans.action.cancel.button')])
    await actions.getByRole('button', { name: T('console.loans.action.cancel.button') }).click()
    await actions.getByRole('button', { name: T('console.loans.action.cancel.confirm') }).click()
    await expect(actions.getByText(T('console.loans.action.noteRequired'))).toBeVisible()
    await field(desktop, T('console.loans.action.note')).fill('The borrower called: no longer needed')
    await actions.getByRole('button', { name: T('console.loans.action.cancel.confirm') }).click()
    await expect(desktop.locator('#order-title + p strong')).toHaveText(T('console.loans.status.8'))
    await expect(desktop.getByRole('region', { name: T('console.loans.action.title') })).toHaveCount(0)
    const timeline = desktop.getByRole('region', { name: T('console.loans.timeline') })
    await expect(timeline.getByRole('row').last()).toContainText('staff.cancelled')
  })
})
