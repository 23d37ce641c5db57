/**
 * Journey 19 (issue 11): the charges cap (in duplum) counts the rollover fee. A borrower extends the loan (the fee
 * and its tax are paid through a payment order), then falls far behind: the late penalty stops where interest,
 * processing fee, its tax, the rollover fee with its tax and the penalties together reach the cap — the principal
 * for Tanzania — so the penalty at the cap is lower by exactly what the rollover cost, and no rollover is offered.
 *
 * Rules it crosses (docs/decisions.md "Pricing details", docs/pricing.md "Cap" and "Rollover", docs/api.md
 * /portal/repayment/detail `chargesCap`, /repay/getExtensionData, codes 2119 and 2120):
 * - interest, fees, tax, rollover fees and penalties together never exceed the cap, whichever is charged first;
 * - a rollover fee is sold only within the room left under the cap (lowered to it, `reducedByCapMinor`, or
 *   refused, `capReached`); here the room is wide, so the fee is the product's whole fee and nothing is taken off;
 * - once the cap is reached no more penalty is added and no rollover is offered (refused before any fee is asked);
 *   the repay detail says the cap is reached, with the cap, and shows the breakdown that adds up to the amount due.
 * With the demo Tanzanian product the cap cannot be reached while a rollover is still in time (at most 7 days late),
 * so the refusal here is `tooLate` or `capReached`, whichever the server names first; a fee lowered by the cap is
 * proved in tests/domain (docs/pricing.md "cap-rollover"), not reachable by a borrower of the demo products.
 */
import type { PayOrder, RepaymentDetail, RolloverOffer } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { ok, paidOutBorrower } from './borrower-api'
import { DAY, expect, shellLogin, t, test, type Lang, type Page } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  latestOf,
  repayingOrder,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
} from './steps/repay'
import { passOutcome } from './steps/money-path'
import { serverNow } from './steps/clock'

/** The loan's own charges as quoted (contractual interest, processing fee, its tax). */
const quotedCharges = (d: RepaymentDetail) => d.interestMinor + d.processingFeeMinor + d.feeTaxMinor

/** A translated template as a pattern, any value in place of each {{name}}. */
const templateOf = (lang: Lang, key: string) =>
  new RegExp(t(lang, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'))

const rolloverButton = (page: Page, lang: Lang, left: number) =>
  page.getByRole('button', { name: tv(lang, left === 1 ? 'repay.detail.rollover_one' : 'repay.detail.rollover_other', { count: left }), exact: true })

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(19) in duplum with a rollover fee [${lang}]`, () => {
    test.use({ lang })

    test('a rollover fee counts toward the charges cap: the penalty stops lower by what the rollover cost', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b } = await paidOutBorrower(kopa)
      const order = await repayingOrder(kopa, b)
      const detail = () => ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
      const extension = () => ok<RolloverOffer>(kopa, b, '/repay/getExtensionData', { orderNo: order.orderNo })
      const shown = shownIn(page, lang)

      // Before: the cap is the principal; the loan's own charges use part of it.
      const before = await detail()
      expect(before.chargesCap.capMinor).toBe(before.principalMinor)
      expect(before.chargesCap.chargedMinor).toBe(quotedCharges(before))
      expect(before.chargesCap.leftMinor).toBe(before.chargesCap.capMinor! - before.chargesCap.chargedMinor)
      expect(before.chargesCap.reached).toBe(false)
      const offer = await extension()
      const quote = offer.quote!
      // Wide room: the whole fee, nothing taken off by the cap, and it fits in the room.
      expect(quote.reducedByCapMinor).toBe(0)
      expect(quote.totalMinor).toBe(quote.feeMinor + quote.feeTaxMinor)
      expect(quote.totalMinor).toBeLessThanOrEqual(before.chargesCap.leftMinor!)

      // The borrower extends the loan and pays the fee.
      // The phone's clock starts at the server's: the journeys of a worker share one server, whose clock they move
      // by months, and the server refuses a request timed too far from its own.
      await page.clock.install({ time: await serverNow(kopa) })
      await signInOnHome(page, b.token, lang, 'repaying')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await rolloverButton(page, lang, offer.rolloversLeft).click()
      await expect(page).toHaveURL(/#\/repay\/exhibition_period_detail$/)
      const offered = page.getByRole('region', { name: tv(lang, 'repay.rollover.heading', { days: quote.days }), exact: true })
      await expect(valueOf(offered, t(lang, 'repay.rollover.fee'))).toHaveText(await shown.money(quote.feeMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.feeTax'))).toHaveText(await shown.money(quote.feeTaxMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.payNow'))).toHaveText(await shown.money(quote.totalMinor))
      await expect(valueOf(offered, t(lang, 'repay.rollover.newTotal'))).toHaveText(await shown.money(quote.newBalanceMinor))
      // Nothing was taken off by the cap, so the screen says nothing of it.
      await expect(offered.getByText(templateOf(lang, 'repay.rollover.reducedByCap'))).toHaveCount(0)
      await shot('rollover-offer')
      await page.getByRole('button', { name: t(lang, 'repay.rollover.confirm'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/rollover$/)
      await expectPaymentWaiting(page, lang, 'rollover', await shown.money(quote.totalMinor))
      await approveOnPhone(page, kopa, lang)
      await expect.poll(async () => (await latestOf(kopa, b)).dueDate).toBe(quote.newDueDate)
      await passOutcome(page, shot, lang, 'rolledOver', [
        await shown.money(quote.totalMinor),
        await shown.day(quote.newDueDate),
      ])
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)

      // The rollover's fee and tax are charges under the cap: the room left shrank by exactly that.
      const rolled = await detail()
      expect(rolled.chargesCap.chargedMinor).toBe(before.chargesCap.chargedMinor + quote.totalMinor)
      expect(rolled.chargesCap.leftMinor).toBe(before.chargesCap.leftMinor! - quote.totalMinor)
      expect(rolled.balance).toEqual(before.balance)

      // Far enough past the new due date that the penalty would pass the cap (by the server's own figures).
      const perDayMinor = (rolled.principalMinor * 2) / 100
      const daysToCap = Math.ceil(rolled.chargesCap.leftMinor! / perDayMinor)
      await kopa.advanceClock((order.tenureDays + quote.days + daysToCap + 3) * DAY)
      // The 30-day session ran out meanwhile: the native shell logs the borrower in again.
      b.token = await kopa.logIn(b.mobile)
      await page.reload()
      await expect(page).toHaveURL(/#\/user\/login$/)
      await shellLogin(page, b.token)
      await expect(page).not.toHaveURL(/#\/user\/login$/)
      if (!page.url().endsWith('#/repay/repay_detail'))
        await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expect.poll(async () => (await latestOf(kopa, b)).status).toBe(OrderStatus.Overdued)
      const capped = await detail()
      expect(capped.overdueDays).toBe(daysToCap + 3)

      // At the cap: everything charged — the rollover fee included — never exceeds it, and has reached it (to the
      // whole shilling); the penalty is what the room left after the rollover allowed, the rest written off.
      expect(capped.chargesCap.reached).toBe(true)
      expect(capped.chargesCap.chargedMinor).toBeLessThanOrEqual(capped.chargesCap.capMinor!)
      expect(capped.chargesCap.capMinor! - capped.chargesCap.chargedMinor).toBeLessThan(capped.minorPerUnit)
      expect(capped.chargesCap.leftMinor!).toBeLessThan(capped.minorPerUnit)
      expect(capped.chargesCap.chargedMinor).toBe(quotedCharges(capped) + quote.totalMinor + capped.balance.penaltyMinor)
      expect(capped.balance.penaltyMinor).toBeLessThanOrEqual(rolled.chargesCap.leftMinor!)
      expect(capped.balance.penaltyMinor).toBeLessThan(capped.principalMinor - quotedCharges(capped))
      expect(capped.balance.penaltyMinor + capped.reductionMinor).toBe(capped.overdueDays * perDayMinor)
      expect(capped.penaltyPerDayMinor).toBe(0)
      const line = capped.breakdown
      expect(line.penaltyAccruedMinor - line.penaltyWrittenOffMinor).toBe(capped.balance.penaltyMinor)
      expect(line.principalMinor + line.interestToDateMinor + line.penaltyAccruedMinor - line.penaltyWrittenOffMinor - line.paidMinor).toBe(
        capped.balance.totalMinor,
      )

      // No rollover once the cap is reached (this far behind it is also too late): never offered, refused before
      // any fee is asked for.
      const none = await extension()
      expect(none.available).toBe(false)
      expect(none.quote).toBeNull()
      expect(['capReached', 'tooLate']).toContain(none.unavailableReason)
      expect(capped.rollover.available).toBe(false)
      const refused = await kopa.call<PayOrder>(
        '/repay/confirmExtensionOrder',
        { orderNo: order.orderNo, channelId: none.channels[0]!.channelId },
        b.token,
      )
      expect([2119, 2120]).toContain(refused.code)
      expect((await detail()).pendingPayOrder).toBeNull()

      // The screen: the capped penalty, the written-off part, no more per day, no rollover.
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(capped.balance.totalMinor))
      await expect(owed.getByText(tv(lang, 'repay.detail.overdueCapped_other', { count: capped.overdueDays }), { exact: true })).toBeVisible()
      await expect(
        owed.getByText(tv(lang, 'repay.detail.capReached', { cap: await shown.money(capped.chargesCap.capMinor!) }), { exact: true }),
      ).toBeVisible()
      await expect(valueOf(owed, t(lang, 'repay.detail.penaltyAccrued'))).toHaveText(await shown.money(line.penaltyAccruedMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.reduction'))).toHaveText(await shown.money(-line.penaltyWrittenOffMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.due'))).toHaveText(await shown.money(line.dueMinor))
      await expect(valueOf(owed, t(lang, 'repay.detail.penaltyPerDay'))).toHaveCount(0)
      await expect(
        page.getByRole('button', { name: t(lang, 'repay.detail.rollover_other').split('(')[0]!.trim() }),
      ).toHaveCount(0)
      await shot('repay-detail-cap-with-rollover-fee')

      // Ten more days: the cap holds; nothing owed moves.
      await kopa.advanceClock(10 * DAY)
      const later = await detail()
      expect(later.overdueDays).toBe(capped.overdueDays + 10)
      expect(later.balance).toEqual(capped.balance)
      expect(later.chargesCap.chargedMinor).toBe(capped.chargesCap.chargedMinor)
      await page.reload()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(later.balance.totalMinor))
      await expect(owed.getByText(tv(lang, 'repay.detail.overdueCapped_other', { count: later.overdueDays }), { exact: true })).toBeVisible()
    })
  })
}
