/**
 * Journey 32 (issue 20 item 3): finance approves a manual repayment and the loan closes, against the real server.
 * A borrower whose loan was paid out repays it outside the app and uploads the receipt in the app (me → customer
 * services → feedback: "I repaid but my bill is not updated", with the picture); the admin adds a finance member
 * (through the console API, as the staff page does); finance signs in, opens the repayment queue, reads the proof
 * and its receipt, books what the loan takes today with the receipt code; the borrower's loan is finished — home
 * offers a new loan, the records list it as finished — and the ticket carries finance's answer.
 */
import { OrderStatus } from '../../domain/order-status'
import { orderWhen, paidOutBorrower, photoPng } from './borrower-api'
import { addMember, DESKTOP, secretOf, test } from './console-fixtures'
import { expect, t } from './fixtures'
import { heading, openTab, signedInByShell } from './steps/content'
import { field, fill, navOf, openConsole, signIn } from './steps/console'

test.describe('(32) finance approves a manual repayment [en]', () => {
  test.use({ lang: 'en' })
  const T = (key: string) => t('en', key)

  test('finance approves a manual repayment and the loan closes', async ({
    consoleKopa,
    page,
    desk,
    codeFor,
    snap,
  }) => {
    const { b, applied } = await paidOutBorrower(consoleKopa)

    // The borrower uploads the proof in the app.
    await signedInByShell(page, b.token)
    await openTab(page, 'en', 'me')
    await page.getByRole('button', { name: T('me.item.customerServices') }).click()
    await page.getByRole('button', { name: T('user-center.service.feedback') }).click()
    await expect(heading(page, T('feedback.list.title'))).toBeVisible()
    await page.getByRole('button', { name: T('feedback.list.new'), exact: true }).click()
    await page.getByRole('button', { name: T('feedback.faq.write'), exact: true }).click()
    await expect(heading(page, T('feedback.add.title'))).toBeVisible()
    await page.getByRole('button', { name: T('feedback.add.type') }).click()
    await page
      .getByRole('option', { name: T('enums.feedbackType.repaidBillNotUpdated'), exact: true })
      .click()
    await page
      .getByRole('textbox', { name: T('feedback.add.description') })
      .fill('I paid the whole loan by M-Pesa this morning but the app still shows it as unpaid.')
    await page.getByRole('textbox', { name: T('feedback.add.receiverAccount') }).fill('0754123456')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'mpesa-receipt.png',
      mimeType: 'image/png',
      buffer: photoPng(360, 640),
    })
    await expect(page.getByText(T('feedback.add.receiptStatus.uploaded'), { exact: true })).toBeVisible()
    await page.getByRole('textbox', { name: T('feedback.add.contact') }).fill('0754 123 456')
    await page.getByRole('radio', { name: T('feedback.add.contactTimes.morning'), exact: true }).check()
    await page.getByRole('button', { name: T('feedback.add.submit'), exact: true }).click()
    await expect(heading(page, T('feedback.result.title'))).toBeVisible()
    await snap(page, 'borrower-sent-the-proof')

    // The admin adds a finance member, as the staff page would.
    const finance = {
      username: 'fatma.finance',
      displayName: 'Fatma Said',
      password: 'finance passphrase 2026',
    }
    const { otpauthUri } = await addMember(consoleKopa, codeFor, { ...finance, role: 'finance' })

    // Finance reviews the proof and books the repayment.
    const desktop = await desk(DESKTOP)
    await openConsole(desktop, 'en')
    await signIn(desktop, 'en', finance.username, finance.password, await codeFor(secretOf(otpauthUri)))
    await expect(navOf(desktop, 'en').getByRole('button')).toHaveText([
      T('console.nav.overview'),
      T('console.nav.loans'),
      T('console.nav.books'),
      T('console.nav.proofs'),
      T('console.nav.password'),
    ])
    await navOf(desktop, 'en')
      .getByRole('button', { name: T('console.nav.proofs') })
      .click()
    await expect(desktop).toHaveURL(/\/console#\/repayment-proofs$/)
    const queue = desktop.getByRole('region', { name: /waiting/ })
    const row = queue.getByRole('row').filter({ hasText: applied.orderNo })
    await expect(row).toBeVisible()
    await snap(desktop, 'the-proof-queue')
    await row.getByRole('button').click()
    const receipt = desktop.getByRole('img', { name: fill(T('console.proofs.receiptAlt'), { n: '1' }) })
    await expect(receipt).toBeVisible()
    await expect(field(desktop, fill(T('console.proofs.amountIn'), { currency: 'TZS' }))).not.toHaveValue('')
    await field(desktop, T('console.proofs.reference')).fill('QK81FULL2026')
    // The receipt is still drawn beside the decision being written (its object URL kept while the proof is open).
    await expect
      .poll(() => receipt.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
      .toBe(360)
    await snap(desktop, 'a-proof-with-its-receipt')
    await desktop.getByRole('button', { name: T('console.proofs.approve'), exact: true }).click()
    await expect(desktop.getByText(T('console.proofs.decided.approved'), { exact: true })).toBeVisible()
    // Decided, the proof is shown again with the same receipt, still drawn.
    await expect
      .poll(() => receipt.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
      .toBe(360)
    await snap(desktop, 'the-repayment-approved')

    // The borrower's loan is finished.
    const closed = await orderWhen(
      consoleKopa,
      b,
      (o) => o.status === OrderStatus.Finish,
      'the manual repayment',
    )
    expect(closed.remainingMinor).toBe(0)
    await page.goto('/')
    await expect(
      page.getByRole('heading', { name: T('home.state.canLoan.title'), exact: true }),
    ).toBeVisible()
    await openTab(page, 'en', 'records')
    const finished = page.getByRole('tab', { name: T('records.tab.finished'), exact: true })
    await finished.click()
    const record = page.getByRole('listitem').filter({ hasText: applied.orderNo })
    await expect(record.getByText(T('records.state.finished'), { exact: true })).toBeVisible()
    await snap(page, 'the-loan-is-finished')
  })
})
