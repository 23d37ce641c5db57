/**
 * Journey 31 (issue 20 item 2): a support agent answers a ticket and the borrower sees it, against the real server.
 * The borrower writes a ticket in the app (me → customer service → feedback, with a receipt picture); the first
 * admin adds a support agent (through the console API, as the staff page does); the agent signs in with their
 * authenticator, opens the inbox, finds the ticket due within 24 hours, looks at the receipt and answers with a
 * picture; the borrower's app, opened again, shows the red dot on the ticket and the reply with its picture.
 */
import { freshMobile, photoPng, registered } from './borrower-api'
import { addMember, DESKTOP, secretOf, test } from './console-fixtures'
import { expect, t } from './fixtures'
import { field, fill, navOf, openConsole, signIn } from './steps/console'
import { heading, openTab, signedInByShell, tapBack } from './steps/content'

const DESCRIPTION = 'My loan was approved yesterday but the money has not reached my M-Pesa.'
const REPLY = 'We are checking the payment with M-Pesa. At what time did you expect it?'

test.describe('(31) a support agent answers a ticket [en]', () => {
  test.use({ lang: 'en' })
  const T = (key: string) => t('en', key)

  test('a support agent answers a ticket and the borrower sees it', async ({
    page,
    consoleKopa,
    desk,
    codeFor,
    snap,
  }) => {
    // The borrower writes a ticket in the app, with a receipt.
    const b = await registered(consoleKopa, freshMobile())
    await signedInByShell(page, b.token)
    await openTab(page, 'en', 'me')
    await page.getByRole('button', { name: T('me.item.customerServices') }).click()
    await page.getByRole('button', { name: T('user-center.service.feedback') }).click()
    await expect(heading(page, T('feedback.list.title'))).toBeVisible()
    await page.getByRole('button', { name: T('feedback.list.new'), exact: true }).click()
    await page.getByRole('button', { name: T('feedback.faq.write'), exact: true }).click()
    await expect(heading(page, T('feedback.add.title'))).toBeVisible()
    await page.getByRole('button', { name: T('feedback.add.type') }).click()
    await page.getByRole('option', { name: T('enums.feedbackType.loanNotReceived'), exact: true }).click()
    await page.getByRole('textbox', { name: T('feedback.add.description') }).fill(DESCRIPTION)
    await page.locator('input[type="file"]').setInputFiles({
      name: 'mpesa-receipt.png',
      mimeType: 'image/png',
      buffer: photoPng(360, 640),
    })
    await expect(page.getByText(T('feedback.add.receiptStatus.uploaded'), { exact: true })).toBeVisible()
    await page.getByRole('textbox', { name: T('feedback.add.receiverAccount') }).fill('0754123456')
    await page.getByRole('textbox', { name: T('feedback.add.contact') }).fill('0754 123 456')
    await page.getByRole('radio', { name: T('feedback.add.contactTimes.afternoon'), exact: true }).check()
    await page.getByRole('button', { name: T('feedback.add.submit'), exact: true }).click()
    await expect(heading(page, T('feedback.result.title'))).toBeVisible()
    await page.getByRole('button', { name: T('feedback.result.back'), exact: true }).click()
    const row = page.getByRole('button', { name: new RegExp(T('enums.feedbackType.loanNotReceived')) })
    const dot = row.getByRole('img', { name: T('feedback.list.newReply') })
    await expect(row).toBeVisible()
    await expect(dot).toHaveCount(0)

    // The admin adds a support agent, as the staff page would.
    const agent = {
      username: 'amina.support',
      displayName: 'Amina Juma',
      password: 'support agent passphrase 1',
    }
    const { otpauthUri } = await addMember(consoleKopa, codeFor, { ...agent, role: 'support' })

    // The agent answers in the console.
    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', agent.username, agent.password, await codeFor(secretOf(otpauthUri)))
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.inbox') })
      .click()
    await expect(desktop).toHaveURL(/\/console#\/inbox$/)
    await expect(desktop.getByRole('heading', { level: 1, name: T('console.inbox.title') })).toBeVisible()
    const open = desktop.getByRole('button', { name: /^Open ticket \d+$/ })
    await expect(open).toHaveCount(1)
    await expect(desktop.getByText(/^Answer by /)).toBeVisible()
    await snap(desktop, 'inbox')
    await open.click()
    await expect(desktop.getByText(DESCRIPTION, { exact: true })).toBeVisible()
    await desktop.getByRole('button', { name: fill(T('console.inbox.picture'), { n: '1' }) }).click()
    const picture = desktop.getByRole('img', { name: T('console.inbox.pictureAlt') })
    await expect(picture).toBeVisible()
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360)
    await desktop.getByLabel(T('console.inbox.pictures')).setInputFiles({
      name: 'where-to-find-the-code.png',
      mimeType: 'image/png',
      buffer: photoPng(320, 200),
    })
    await expect(
      desktop.getByRole('button', {
        name: fill(T('console.inbox.pictureRemove'), { name: 'where-to-find-the-code.png' }),
      }),
    ).toBeVisible()
    await field(desktop, T('console.inbox.reply')).fill(REPLY)
    // The receipt is still shown beside the reply being written (its object URL kept while it is open).
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
      .toBe(360)
    await snap(desktop, 'ticket-with-reply')
    await desktop.getByRole('button', { name: T('console.inbox.send'), exact: true }).click()
    const thread = desktop.getByRole('region', { name: T('console.inbox.thread') })
    await expect(thread.getByText(REPLY, { exact: true })).toBeVisible()
    await expect(
      thread.getByRole('button', { name: fill(T('console.inbox.picture'), { n: '1' }) }),
    ).toBeVisible()
    await expect(desktop.getByText(T('console.inbox.status.3')).first()).toBeVisible()
    await snap(desktop, 'ticket-answered')

    // The borrower's app shows the red dot and the reply.
    await tapBack(page, 'en')
    await page.getByRole('button', { name: T('me.item.feedbackList') }).click()
    await expect(dot).toBeVisible()
    await expect(row).toContainText(T('enums.feedbackStatus.needReply'))
    await row.click()
    await expect(heading(page, T('feedback.detail.title'))).toBeVisible()
    await expect(page.getByText(REPLY, { exact: true })).toBeVisible()
    // The reply's picture, fetched by the app with the borrower's own session.
    const messages = page.getByRole('list').filter({ hasText: REPLY })
    await expect(messages.getByRole('img')).toHaveCount(1)
    await expect
      .poll(() => messages.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320)
  })
})
