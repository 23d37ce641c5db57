/**
 * Journey 18 (issue 11): a rollover taken when the loan is already overdue. A borrower 3 days late extends the loan
 * from the repay screen: the new due date is the old due date + 7 days (not today + 7), the loan is back to date
 * (2) once the fee is paid, and the penalties already charged stay due. Later, 7 days late on the new date, the
 * rollover is still offered (its new due date is today); the borrower opens it, midnight passes, and confirming is
 * refused with the server's reason (too late, 2119) before any fee is asked for — the repay detail then offers no
 * rollover at all.
 *
 * Rules it crosses (docs/decisions.md "Rollover from overdue (3)", docs/pricing.md "Rollover", docs/api.md
 * /repay/getExtensionData and code 2119):
 * - a rollover moves the due date by 7 days counted from the current due date, for the same fee as on time;
 * - it is offered — and its fee asked for — only while that new due date is today or later: from 3 the order
 *   always returns to 2; when the new due date is already past it is refused (`tooLate`, 2119) before any
 *   payment order is made, and the repay detail offers no rollover;
 * - penalties already charged stay due after the rollover; the offer's "to repay by the new due date" is the
 *   server's `newBalanceMinor` (what is owed now, penalties included, the fee not).
 */
import type { LatestOrder, PayOrder, RepaymentDetail, RolloverOffer } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { ok, paidOutBorrower, settle } from './borrower-api'
import { DAY, expect, t, test, type Lang, type Page } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  latestOf,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
  type Shown,
} from './steps/repay'
import { passOutcome } from './steps/money-path'
import { serverNow } from './steps/clock'

/** A calendar day shown as the borrower's locale writes it, and carried as the same day in `<time datetime>`. */
async function expectDay(shown: Shown, place: ReturnType<Page['locator']>, isoDate: string) {
  await expect(place).toHaveText(await shown.day(isoDate))
  await expect(place.locator('time')).toHaveAttribute('datetime', isoDate)
}

const rolloverButton = (page: Page, lang: Lang, left: number) =>
  page.getByRole('button', { name: tv(lang, left === 1 ? 'repay.detail.rollover_one' : 'repay.detail.rollover_other', { count: left }), exact: true })

/** Any rollover button of the repay detail, whatever the count it names. */
const anyRolloverButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: t(lang, 'repay.detail.rollover_other').split('(')[0]!.trim() })

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(18) rollover when overdue [${lang}]`, () => {
    test.use({ lang })

    test('a borrower 3 days late rolls over to the old due date + 7 and is back to date; past that it is too late', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b } = await paidOutBorrower(kopa, { tenureDays: 91 })
      const order = await repayingOrder(kopa, b)
      const detail = () => ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const extension = () => ok<RolloverOffer>(kopa, b, '/repay/getExtensionData', { orderNo: order.orderNo })
      const shown = shownIn(page, lang)
      const onTime = await extension()
      expect(onTime.available).toBe(true)

      // Three days past the due date (the 30-day session ran out meanwhile: the shell logs in again).
      await kopa.advanceClock((order.tenureDays + 3) * DAY)
      await settle(kopa)
      b.token = await kopa.logIn(b.mobile)
      await expect.poll(async () => (await latestOf(kopa, b)).status).toBe(OrderStatus.Overdued)
      const late = await detail()
      expect(late.overdueDays).toBe(3)
      expect(late.balance.penaltyMinor).toBeGreaterThan(0)

      // The server's offer: from the old due date + 7 (4 days from today), the same fee as on time.
      const offer = await extension()
      expect(offer.available).toBe(true)
      expect(offer.unavailableReason).toBeNull()
      const quote = offer.quote!
      expect(quote.dueDate).toBe(order.dueDate)
      expect(daysBetween(quote.dueDate, quote.newDueDate)).toBe(7)
      expect(daysBetween(quote.dueDate, quote.newDueDate) - late.overdueDays).toBe(4)
      expect(quote.feeMinor).toBe(onTime.quote!.feeMinor)
      expect(quote.totalMinor).toBe(onTime.quote!.totalMinor)
      // What repays the loan on the new due date: what is owed now (penalties already charged included), not the fee.
      expect(quote.newBalanceMinor).toBe(late.balance.totalMinor)
      expect(late.rollover.available).toBe(true)

      // The phone's clock starts at the server's: the journeys of a worker share one server, whose clock they move
      // by months, and the server refuses a request timed too far from its own.
      await page.clock.install({ time: await serverNow(kopa) })
      await signInOnHome(page, b.token, lang, 'overdue')
      await shot('home-overdue-3-days')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed.getByText(tv(lang, 'repay.detail.overdue_other', { count: late.overdueDays }), { exact: true })).toBeVisible()
      await expect(valueOf(owed, t(lang, 'repay.detail.penaltyAccrued'))).toHaveText(await shown.money(late.breakdown.penaltyAccruedMinor))
      await expect(rolloverButton(page, lang, offer.rolloversLeft)).toBeEnabled()
      await shot('repay-detail-overdue')

      // The offer on screen: the server's fee, and the old due date + 7 as the new one.
      await rolloverButton(page, lang, offer.rolloversLeft).click()
      await expect(page).toHaveURL(/#\/repay\/exhibition_period_detail$/)
      const offered = page.getByRole('region', { name: tv(lang, 'repay.rollover.heading', { days: quote.days }), exact: true })
      await expect(valueOf(offered, t(lang, 'repay.rollover.fee'))).toHaveText(await shown.money(quote.feeMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.feeTax'))).toHaveText(await shown.money(quote.feeTaxMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.payNow'))).toHaveText(await shown.money(quote.totalMinor))
      await expectDay(shown, valueOf(offered, t(lang, 'repay.rollover.dueDate')), quote.dueDate)
      await expectDay(shown, valueOf(offered, t(lang, 'repay.rollover.newDueDate')), quote.newDueDate)
      await expect(valueOf(offered, t(lang, 'repay.rollover.newTotal'))).toHaveText(await shown.money(quote.newBalanceMinor))
      await shot('rollover-offer-when-overdue')

      await page.getByRole('button', { name: t(lang, 'repay.rollover.confirm'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/rollover$/)
      await expectPaymentWaiting(page, lang, 'rollover', await shown.money(quote.totalMinor))
      await approveOnPhone(page, kopa, lang)

      // Rollover done: the fee paid and the next due date; Continue opens repay detail.
      await expect.poll(async () => (await latestOf(kopa, b)).dueDate).toBe(quote.newDueDate)
      await passOutcome(page, shot, lang, 'rolledOver', [
        await shown.money(quote.totalMinor),
        await shown.day(quote.newDueDate),
      ])

      // Paid: back to date (2) with the new due date; the penalties already charged stay due.
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const rolled = await latestOf(kopa, b)
      expect(rolled.status).toBe(OrderStatus.Repaying)
      expect(rolled.overdueDays).toBe(0)
      const after = await detail()
      expect(after.dueDate).toBe(quote.newDueDate)
      expect(after.overdueDays).toBe(0)
      expect(after.balance.penaltyMinor).toBe(late.balance.penaltyMinor)
      expect(after.balance.totalMinor).toBe(late.balance.totalMinor)
      await expectDay(shown, valueOf(owed, t(lang, 'repay.detail.dueDate')), quote.newDueDate)
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(after.balance.totalMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.penaltyAccrued'))).toHaveText(await shown.money(after.breakdown.penaltyAccruedMinor))
      await expect(owed.getByText(tv(lang, 'repay.detail.overdue_other', { count: late.overdueDays }), { exact: true })).toHaveCount(0)
      await shot('repay-detail-back-to-date')
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.repaying.title'), exact: true })).toBeVisible()
      await shot('home-back-to-date')

      // Seven days late on the new date: the next rollover's new due date is today — still offered.
      await kopa.advanceClock((daysBetween(quote.dueDate, quote.newDueDate) - late.overdueDays + 7) * DAY)
      await settle(kopa)
      await expect.poll(async () => (await latestOf(kopa, b)).overdueDays).toBe(7)
      const lastDay = await extension()
      expect(lastDay.available).toBe(true)
      expect(lastDay.quote!.dueDate).toBe(quote.newDueDate)
      expect(daysBetween(lastDay.quote!.dueDate, lastDay.quote!.newDueDate)).toBe(7)
      await page.reload()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.overdue.title'), exact: true })).toBeVisible()
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expect(rolloverButton(page, lang, lastDay.rolloversLeft)).toBeEnabled()
      await rolloverButton(page, lang, lastDay.rolloversLeft).click()
      await expect(page).toHaveURL(/#\/repay\/exhibition_period_detail$/)
      const lastOffer = page.getByRole('region', { name: tv(lang, 'repay.rollover.heading', { days: quote.days }), exact: true })
      await expectDay(shown, valueOf(lastOffer, t(lang, 'repay.rollover.newDueDate')), lastDay.quote!.newDueDate)
      await shot('rollover-offer-last-day')

      // Midnight passes while the offer is open: the new due date would already be past. Never offered again, and
      // refused before any fee is asked for — the screen says why.
      await kopa.advanceClock(DAY)
      await settle(kopa)
      const tooLate = await extension()
      expect(tooLate.available).toBe(false)
      expect(tooLate.unavailableReason).toBe('tooLate')
      expect(tooLate.quote).toBeNull()
      await page.getByRole('button', { name: t(lang, 'repay.rollover.confirm'), exact: true }).click()
      const why = page.getByText(t(lang, 'errors.code.2119'), { exact: true })
      // The refusal is at the top, the stale offer is no longer payable, and the way on is to repay.
      await expect(why).toBeInViewport()
      await expect(page.getByRole('button', { name: t(lang, 'repay.rollover.confirm'), exact: true })).toHaveCount(0)
      await expect(page.getByRole('button', { name: t(lang, 'repay.rollover.repayInstead'), exact: true })).toBeEnabled()
      await expect(page).toHaveURL(/#\/repay\/exhibition_period_detail$/)
      await shot('rollover-refused-too-late')
      const refused = await kopa.call<PayOrder>(
        '/repay/confirmExtensionOrder',
        { orderNo: order.orderNo, channelId: tooLate.channels[0]!.channelId },
        b.token,
      )
      expect(refused.code).toBe(2119)
      const stillLate = await detail()
      expect(stillLate.overdueDays).toBe(8)
      expect(stillLate.rollover.available).toBe(false)
      expect(stillLate.pendingPayOrder).toBeNull()
      expect(stillLate.dueDate).toBe(quote.newDueDate)
      expect(((await latestOf(kopa, b)) as LatestOrder).status).toBe(OrderStatus.Overdued)

      // The repay detail offers no rollover any more: the loan must be repaid.
      await page.reload()
      await expect(page).toHaveURL(/#\/repay\/(repay_detail|exhibition_period_detail)$/)
      if (page.url().endsWith('exhibition_period_detail'))
        await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expect(owed.getByText(tv(lang, 'repay.detail.overdue_other', { count: stillLate.overdueDays }), { exact: true })).toBeVisible()
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(stillLate.balance.totalMinor))
      await expect(page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true })).toBeEnabled()
      await expect(anyRolloverButton(page, lang)).toHaveCount(0)
      await shot('repay-detail-too-late')
    })
  })
}
