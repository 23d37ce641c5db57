/**
 * Journey 3 of issue 7: rollover, and the new due date everywhere it is shown. A borrower whose loan was paid
 * out extends it from the repay screen: the offer (exhibition_period_detail) shows the fee, its tax, the due date
 * and the new one; confirming starts a payment order for the fee (rollover); once the wallet confirms it, the
 * due date has moved on the repay detail, on home and in the records statement — the server's new date.
 *
 * Rules it crosses (shared decisions "Pricing": rollover; docs/decisions.md; spec §5):
 * - a rollover moves the due date by 7 days for a fee paid through a payment order; principal and interest stay
 *   due (the balance does not change); each one uses up one of the product's rollovers;
 * - a due date is a calendar day the server computes in the borrower's time zone; the app shows that day in
 *   the borrower's locale whatever zone the phone is set to (this phone is in Honolulu, UTC−10, where a day
 *   taken for local midnight would show the day before).
 */
import type { RepaymentDetail, RolloverOffer } from '../../domain/api-types'
import { ok, paidOutBorrower } from './borrower-api'
import { DAY, expect, t, test, type Lang, type Page } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  expectReadableOnBrand,
  latestOf,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
  type Shown,
} from './steps/repay'
import { passOutcome } from './steps/money-path'

/** A calendar day shown as the borrower's locale writes it, and carried as the same day in `<time datetime>`. */
async function expectDay(shown: Shown, place: ReturnType<Page['locator']>, isoDate: string) {
  await expect(place).toHaveText(await shown.day(isoDate))
  await expect(place.locator('time')).toHaveAttribute('datetime', isoDate)
}

const rolloverButton = (page: Page, lang: Lang, left: number) =>
  page.getByRole('button', { name: tv(lang, left === 1 ? 'repay.detail.rollover_one' : 'repay.detail.rollover_other', { count: left }), exact: true })

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(3) rollover, and the new due date everywhere [${lang}]`, () => {
    test.use({ lang, timezoneId: 'Pacific/Honolulu' })

    test('a borrower extends the loan by 7 days, pays the fee, and the new due date shows on every screen', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b } = await paidOutBorrower(kopa)
      const order = await repayingOrder(kopa, b)
      const shown = shownIn(page, lang)
      const before = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const offer = await ok<RolloverOffer>(kopa, b, '/repay/getExtensionData', { orderNo: order.orderNo })
      const quote = offer.quote!
      expect(quote.dueDate).toBe(order.dueDate)
      expect(Date.parse(quote.newDueDate) - Date.parse(quote.dueDate)).toBe(7 * DAY)

      await signInOnHome(page, b.token, lang, 'repaying')
      await expectDay(shown, valueOf(page, t(lang, 'home.repay.due')), order.dueDate!)
      await shot('home-repaying')

      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expectDay(shown, valueOf(owed, t(lang, 'repay.detail.dueDate')), order.dueDate!)
      await expectReadableOnBrand(owed)
      await expect(rolloverButton(page, lang, offer.rolloversLeft)).toBeEnabled()
      await shot('repay-detail')

      // The offer: what it costs now and the date it moves to.
      await rolloverButton(page, lang, offer.rolloversLeft).click()
      await expect(page).toHaveURL(/#\/repay\/exhibition_period_detail$/)
      const offered = page.getByRole('region', { name: tv(lang, 'repay.rollover.heading', { days: quote.days }), exact: true })
      await expect(valueOf(offered, t(lang, 'repay.rollover.fee'))).toHaveText(await shown.money(quote.feeMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.feeTax'))).toHaveText(await shown.money(quote.feeTaxMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.payNow'))).toHaveText(await shown.money(quote.totalMinor))
      await expectDay(shown, valueOf(offered, t(lang, 'repay.rollover.dueDate')), quote.dueDate)
      await expectDay(shown, valueOf(offered, t(lang, 'repay.rollover.newDueDate')), quote.newDueDate)
      await expect(valueOf(offered, t(lang, 'repay.rollover.left'))).toHaveText(String(offer.rolloversLeft))
      await expect(page.getByText(t(lang, 'repay.rollover.stillDue'), { exact: true })).toBeVisible()
      await expect(page.getByRole('radio', { name: t(lang, 'enums.wallet.mpesa') })).toBeChecked()
      await shot('rollover-offer')

      // Confirm: a payment order for the fee, approved on the phone.
      await page.getByRole('button', { name: t(lang, 'repay.rollover.confirm'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/rollover$/)
      await expectPaymentWaiting(page, lang, 'rollover', await shown.money(quote.totalMinor))
      await shot('rollover-fee-payment')

      await approveOnPhone(page, kopa, lang)

      // Rollover done (issue 13): the fee paid and the next due date; Continue opens repay detail.
      await expect.poll(async () => (await latestOf(kopa, b)).dueDate).toBe(quote.newDueDate)
      await passOutcome(page, shot, lang, 'rolledOver', [
        await shown.money(quote.totalMinor),
        await shown.day(quote.newDueDate),
      ])

      // Paid: the server moved the due date by 7 days, and nothing else of what is owed.
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const after = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      expect(after.dueDate).toBe(quote.newDueDate)
      expect(after.balance).toEqual(before.balance)
      expect(after.rollover.rolloversLeft).toBe(offer.rolloversLeft - 1)
      await expectDay(shown, valueOf(owed, t(lang, 'repay.detail.dueDate')), quote.newDueDate)
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(after.balance.totalMinor))
      await expect(rolloverButton(page, lang, after.rollover.rolloversLeft)).toBeEnabled()
      await shot('repay-detail-extended')

      // Home shows the new date.
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.repaying.title'), exact: true })).toBeVisible()
      await expectDay(shown, valueOf(page, t(lang, 'home.repay.due')), quote.newDueDate)
      await shot('home-extended')

      // So does the loan's statement in records.
      await page
        .getByRole('navigation', { name: t(lang, 'ui.tabs.label') })
        .getByRole('button', { name: t(lang, 'ui.tabs.records'), exact: true })
        .click()
      const row = page.getByRole('listitem').filter({ hasText: order.orderNo })
      await expect(row.getByText(t(lang, 'records.state.repaying'), { exact: true })).toBeVisible()
      await row.getByRole('button').click()
      const statement = page.getByRole('dialog', { name: t(lang, 'records.statement.title') })
      await expectDay(shown, valueOf(statement, t(lang, 'records.statement.dueDate')), quote.newDueDate)
      await expect(valueOf(statement, t(lang, 'records.statement.remaining'))).toHaveText(
        await shown.money(after.balance.totalMinor),
      )
      await valueOf(statement, t(lang, 'records.statement.remaining')).scrollIntoViewIfNeeded()
      await shot('records-statement')
    })
  })
}
