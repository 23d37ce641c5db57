/**
 * Journey 12 (issue 7): a feedback ticket with a receipt image and a reply thread. A signed-in borrower goes
 * me → customer service → feedback, reads the questions before a ticket (the server's, in their language), writes
 * a ticket about a loan not received with a receipt picture, and sees it in the list; customer service answers
 * (POST /dev/feedback/reply), the list shows the red dot, the detail the thread; the borrower answers, support
 * resolves the ticket and the borrower rates the answer.
 *
 * Rules it crosses (spec §3, §5, §7; decisions.md "Feedback and rating", "Borrower services on the server"):
 * - the receiving account is asked only for the types about money that moved (1, 6, 7), and is then required;
 * - a receipt is uploaded as soon as it is added; the ticket lists it (the server keeps one picture);
 * - statuses: 1 submitted, 3 support asked the borrower, a borrower's message on 3 hands it back (2), 4 done;
 * - the red dot counts tickets with a support reply or a resolution the borrower has not opened, and opening
 *   the ticket clears it;
 * - a done ticket takes no more messages and can be rated once.
 */
import { freshMobile, ok, photoPng, registered } from './borrower-api'
import { expect, t, test } from './fixtures'
import { expectReadableRows, heading, okIn, openTab, signedInByShell, tapBack } from './steps/content'
import type { FaqItem, FeedbackItem, Page as ApiPage, RedDot } from '../../domain/api-types'

/** What the borrower and customer service write, in the borrower's language (the gallery shows both). */
const WRITTEN = {
  en: {
    description: 'My loan was approved yesterday but the money has not reached my M-Pesa.',
    reply: 'We are checking the payment with M-Pesa. At what time did you expect it?',
    answer: 'Yesterday at 14:05, to 0754 123 456.',
    resolved: 'The money was sent again and reached your wallet. Sorry for the delay.',
  },
  sw: {
    description: 'Mkopo wangu uliidhinishwa jana lakini pesa haijafika kwenye M-Pesa.',
    reply: 'Tunafuatilia malipo na M-Pesa. Ulitarajia pesa saa ngapi?',
    answer: 'Jana saa 14:05, kwenda 0754 123 456.',
    resolved: 'Pesa imetumwa tena na imefika kwenye pochi yako. Samahani kwa kuchelewa.',
  },
} as const

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(12) a feedback ticket with a receipt and a reply thread [${lang}]`, () => {
    test.use({ lang })

    test('a borrower writes a ticket with a receipt, reads the reply, answers and rates it', async ({
      page,
      kopa,
      shot,
    }) => {
      const { description: DESCRIPTION, reply: REPLY, answer: ANSWER, resolved: RESOLVED } = WRITTEN[lang]
      const b = await registered(kopa, freshMobile())
      const tickets = () =>
        ok<ApiPage<FeedbackItem>>(kopa, b, '/feedback/list/feedback', { page: 1, pageSize: 10 })
      const redDot = async () => (await ok<RedDot>(kopa, b, '/feedback/red-dot-marker')).unread
      await signedInByShell(page, b.token)

      // me → customer service → feedback (no ticket yet)
      await openTab(page, lang, 'me')
      await expect(heading(page, t(lang, 'me.title'))).toBeVisible()
      await shot('me')
      await page.getByRole('button', { name: t(lang, 'me.item.customerServices') }).click()
      await expect(heading(page, t(lang, 'user-center.service.title'))).toBeVisible()
      await expectReadableRows(page)
      await shot('customer-services')
      await page.getByRole('button', { name: t(lang, 'user-center.service.feedback') }).click()
      await expect(page).toHaveURL(/#\/feedback\/feedback_list$/)
      await expect(heading(page, t(lang, 'feedback.list.title'))).toBeVisible()
      await expect(page.getByText(t(lang, 'feedback.list.empty'), { exact: true })).toBeVisible()
      await shot('feedback-list-empty')

      // The questions before a ticket are the server's, in the borrower's language.
      const questions = await okIn<{ items: FaqItem[] }>(
        kopa,
        lang,
        '/feedback/list/question_answer',
        {},
        b.token,
      )
      expect(questions.items.length).toBeGreaterThan(0)
      await page.getByRole('button', { name: t(lang, 'feedback.list.new'), exact: true }).click()
      await expect(page).toHaveURL(/#\/feedback\/feedback_faq$/)
      await expect(heading(page, t(lang, 'feedback.faq.title'))).toBeVisible()
      await expect(page.getByText(questions.items[0]!.question, { exact: true })).toBeVisible()
      await shot('feedback-faq')
      await page.getByRole('button', { name: t(lang, 'feedback.faq.write'), exact: true }).click()

      // A new ticket: the account field only for a type about money that moved.
      await expect(page).toHaveURL(/#\/feedback\/add_feedback$/)
      await expect(heading(page, t(lang, 'feedback.add.title'))).toBeVisible()
      const account = page.getByRole('textbox', { name: t(lang, 'feedback.add.receiverAccount') })
      const chooseType = async (type: string) => {
        await page.getByRole('button', { name: t(lang, 'feedback.add.type') }).click()
        await page.getByRole('option', { name: t(lang, `enums.feedbackType.${type}`), exact: true }).click()
      }
      await chooseType('other')
      await expect(account).toHaveCount(0)
      await chooseType('loanNotReceived')
      await expect(account).toBeVisible()
      await page.getByRole('textbox', { name: t(lang, 'feedback.add.description') }).fill(DESCRIPTION)

      await page.locator('input[type="file"]').setInputFiles({
        name: 'mpesa-receipt.png',
        mimeType: 'image/png',
        buffer: photoPng(360, 640),
      })
      await expect(
        page.getByText(t(lang, 'feedback.add.receiptStatus.uploaded'), { exact: true }),
      ).toBeVisible()
      await expect(
        page.getByRole('img', {
          name: t(lang, 'feedback.add.receiptPreview').replace('{{name}}', 'mpesa-receipt.png'),
        }),
      ).toBeVisible()

      // Sending without the account is refused at that field, with the domain's message.
      await page.getByRole('textbox', { name: t(lang, 'feedback.add.contact') }).fill('0754 123 456')
      await page
        .getByRole('radio', { name: t(lang, 'feedback.add.contactTimes.afternoon'), exact: true })
        .check()
      await page.getByRole('button', { name: t(lang, 'feedback.add.submit'), exact: true }).click()
      await expect(account).toHaveAttribute('aria-invalid', 'true')
      await expect(
        page.getByText(t(lang, 'validation.feedback.receiverAccount'), { exact: true }),
      ).toBeVisible()
      expect((await tickets()).total).toBe(0)
      await account.fill('0754123456')
      await shot('add-feedback-with-receipt')
      await page.getByRole('button', { name: t(lang, 'feedback.add.submit'), exact: true }).click()

      // The result names the ticket the server opened, with the receipt attached.
      await expect(page).toHaveURL(/#\/feedback\/feedback_result$/)
      await expect(heading(page, t(lang, 'feedback.result.title'))).toBeVisible()
      const created = (await tickets()).items
      expect(created).toHaveLength(1)
      const ticket = created[0]!
      expect(ticket).toMatchObject({ type: 7, status: 1, unread: false })
      await expect(
        page.getByText(t(lang, 'feedback.result.number').replace('{{id}}', ticket.feedbackId), {
          exact: true,
        }),
      ).toBeVisible()
      await shot('feedback-result')

      const row = page.getByRole('button', {
        name: new RegExp(t(lang, 'enums.feedbackType.loanNotReceived')),
      })
      const dot = row.getByRole('img', { name: t(lang, 'feedback.list.newReply') })
      await page.getByRole('button', { name: t(lang, 'feedback.result.back'), exact: true }).click()
      await expect(page).toHaveURL(/#\/feedback\/feedback_list$/)
      await expect(row).toBeVisible()
      await expect(row).toContainText(t(lang, 'enums.feedbackStatus.processing'))
      await expect(dot).toHaveCount(0)
      await shot('feedback-list-one-ticket')

      // Customer service asks the borrower something: status 3, and the red dot once the list is opened again.
      await kopa.devPost('/dev/feedback/reply', { feedbackId: ticket.feedbackId, content: REPLY, status: 3 })
      expect(await redDot()).toBe(1)
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/me$/)
      await page.getByRole('button', { name: t(lang, 'me.item.feedbackList') }).click()
      await expect(page).toHaveURL(/#\/feedback\/feedback_list$/)
      await expect(dot).toBeVisible()
      await expect(row).toContainText(t(lang, 'enums.feedbackStatus.needReply'))
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: t(lang, 'feedback.list.unread_one').replace('{{count}}', '1') }),
      ).toBeVisible()
      await expectReadableRows(page)
      await shot('feedback-list-red-dot')

      // The detail shows the thread; opening it clears the red dot on the server.
      await row.click()
      await expect(page).toHaveURL(/#\/feedback\/feedbackDetail$/)
      await expect(heading(page, t(lang, 'feedback.detail.title'))).toBeVisible()
      const thread = page.getByRole('list').filter({ hasText: REPLY })
      await expect(thread.getByRole('listitem')).toHaveCount(1)
      await expect(thread.getByRole('listitem').first()).toContainText(
        t(lang, 'feedback.detail.from.support'),
      )
      await expect(page.getByText(DESCRIPTION, { exact: true })).toBeVisible()
      await expect(
        page.getByText(t(lang, 'feedback.detail.receiptCount_one').replace('{{count}}', '1'), {
          exact: true,
        }),
      ).toBeVisible()
      await expect.poll(redDot).toBe(0)
      await shot('feedback-detail-reply')

      // The borrower answers: the message joins the thread and the ticket goes back to the platform (2).
      await page.getByRole('textbox', { name: t(lang, 'feedback.detail.message') }).fill(ANSWER)
      await page.getByRole('button', { name: t(lang, 'feedback.detail.send'), exact: true }).click()
      await expect(page.getByRole('listitem').filter({ hasText: ANSWER })).toContainText(
        t(lang, 'feedback.detail.from.borrower'),
      )
      await expect(page.getByRole('textbox', { name: t(lang, 'feedback.detail.message') })).toHaveValue('')
      await expect.poll(async () => (await tickets()).items[0]!.status).toBe(2)
      await expect(page.getByText(t(lang, 'enums.feedbackStatus.processing'), { exact: true })).toBeVisible()
      await shot('feedback-detail-answered')

      // Support resolves it: the list shows the red dot again; the detail offers the rating and no message box.
      await kopa.devPost('/dev/feedback/reply', {
        feedbackId: ticket.feedbackId,
        content: RESOLVED,
        status: 4,
      })
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/feedback\/feedback_list$/)
      await expect(dot).toBeVisible()
      await expect(row).toContainText(t(lang, 'enums.feedbackStatus.done'))
      await row.click()
      await expect(page.getByRole('listitem').filter({ hasText: RESOLVED })).toBeVisible()
      await expect(page.getByRole('textbox', { name: t(lang, 'feedback.detail.message') })).toHaveCount(0)
      const send = page.getByRole('button', { name: t(lang, 'feedback.detail.sendRating'), exact: true })
      await expect(send).toBeDisabled()
      await page
        .getByRole('radio', {
          name: t(lang, 'feedback.detail.stars_other').replace('{{count}}', '4'),
          exact: true,
        })
        .click()
      await shot('feedback-detail-rating')
      await send.click()
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: t(lang, 'feedback.detail.rated_other').replace('{{count}}', '4') }),
      ).toBeVisible()
      await expect(send).toHaveCount(0)
      expect((await tickets()).items[0]).toMatchObject({ status: 4, rating: 4 })
      await shot('feedback-detail-rated')
    })
  })
}
