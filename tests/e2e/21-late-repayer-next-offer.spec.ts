/**
 * Journey 21 (issue 11): a late repayer's next offer. A borrower climbs the ladder with two loans repaid on time
 * (through the API), then repays the third 5 days late through the app: the server's credit line steps down one
 * step (the limit it had one loan ago, at that loan's higher rate) instead of climbing, and home and to_borrow show
 * that credit line. A fourth loan repaid more than 30 days late puts the borrower back on first-loan terms: home
 * and to_borrow show those, and no repeat-loan notice. (Journey 2 shows an on-time repayer climbing.)
 *
 * Rules it crosses (docs/decisions.md "Repeat-borrower ladder: only on-time repayment is rewarded",
 * domain/ladder.ts; docs/api.md /loan/get-credit-info):
 * - on time is one step up; 1–30 days late is one step down (limit one step lower, daily rate one step higher,
 *   never beyond the first loan's terms); more than 30 days late is back to step 0 — so after a late repayment
 *   the limit never rises and the rate never drops;
 * - home's product card and to_borrow's credit line show the server's credit line (`/loan/get-credit-info`), and
 *   to_borrow's repeat-loan notice only for a borrower above step 0.
 */
import type {
  ApplyResult,
  ConfirmProductInfo,
  CreditInfo,
  LatestOrder,
  PayOrder,
  RepaymentDetail,
} from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { ok, orderWhen, paidOutBorrower, settle, TZ_PRODUCT, TZS, type ApiBorrower } from './borrower-api'
import { DAY, expect, SANDBOX_DELAY_MS, shellLogin, t, test, type KopaServer } from './fixtures'
import {
  approveOnPhone,
  expectPaymentWaiting,
  latestOf,
  shownIn,
  signInOnHome,
  tv,
  valueOf,
} from './steps/repay'
import { passOutcome } from './steps/money-path'
import { serverNow } from './steps/clock'

const TENURE = 91
const creditOf = (kopa: KopaServer, b: ApiBorrower) => ok<CreditInfo>(kopa, b, '/loan/get-credit-info')

/** A repeat loan through the API (apply-market-again, submit, the approval confirmed), paid out and repaying. */
async function repeatLoan(kopa: KopaServer, b: ApiBorrower): Promise<LatestOrder> {
  const applied = await ok<ApplyResult>(kopa, b, '/loan/loan-order/apply-market-again', {
    productId: TZ_PRODUCT,
    amountMinor: 100_000 * TZS,
    tenureDays: TENURE,
  })
  await ok(kopa, b, '/user/submit', { orderNo: applied.orderNo })
  const decided = await orderWhen(
    kopa,
    b,
    (o) => o.orderNo === applied.orderNo && ![1, 7, 19].includes(o.status),
    'a decision',
  )
  expect([OrderStatus.Confirm, OrderStatus.GetMoney]).toContain(decided.status)
  await ok(kopa, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
  return orderWhen(kopa, b, (o) => o.orderNo === applied.orderNo && o.status === OrderStatus.Repaying, 'the pay-out')
}

/** The whole balance paid through the API (the wallet approves the prompt); the order is finished. */
async function repayInFull(kopa: KopaServer, b: ApiBorrower, orderNo: string): Promise<void> {
  const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo })
  const channel = detail.channels.find((c) => c.available)!
  await ok<PayOrder>(kopa, b, '/portal/repayment/confirm', {
    orderNo,
    amountMinor: detail.balance.totalMinor,
    channelId: channel.channelId,
  })
  await new Promise((resolve) => setTimeout(resolve, SANDBOX_DELAY_MS))
  await orderWhen(kopa, b, (o) => o.orderNo === orderNo && o.status === OrderStatus.Finish, 'repaid')
}

/**
 * Moves the clock past the loan's due date by `daysLate` days; the session ran out, so the borrower logs in again.
 * Days late are calendar days in the borrower's zone: when a midnight there falls between the pay-out and this
 * move (the worker's server clock can be at any hour), the loan is one day later. Returns the days late.
 */
async function fallLate(kopa: KopaServer, b: ApiBorrower, order: LatestOrder, daysLate: number): Promise<number> {
  await kopa.advanceClock((order.tenureDays + daysLate) * DAY)
  await settle(kopa)
  b.token = await kopa.logIn(b.mobile)
  await expect.poll(async () => (await latestOf(kopa, b)).overdueDays).toBeGreaterThanOrEqual(daysLate)
  const late = (await latestOf(kopa, b)).overdueDays!
  expect(late).toBeLessThanOrEqual(daysLate + 1)
  return late
}

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(21) a late repayer's next offer [${lang}]`, () => {
    test.use({ lang })

    test('a borrower who repays late is offered one step less, and after 30 days late the first-loan terms', async ({
      page,
      kopa,
      shot,
    }) => {
      test.setTimeout(240_000)
      const shown = shownIn(page, lang)

      // The first loan, and its price: the first-loan terms.
      const { b, applied, order: first } = await paidOutBorrower(kopa, { tenureDays: TENURE })
      const firstPrice = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', { loanOrderId: applied.loanOrderId })
      expect(first.status).toBe(OrderStatus.Repaying)

      // Two loans repaid on time: two steps up the ladder (to its top with the demo product).
      await repayInFull(kopa, b, first.orderNo)
      const stepOne = await creditOf(kopa, b)
      expect(stepOne.loansRepaidOnTime).toBe(1)
      expect(stepOne.dailyRatePercent).toBeLessThan(firstPrice.interestRate.dailyPercent)
      const second = await repeatLoan(kopa, b)
      await repayInFull(kopa, b, second.orderNo)
      const stepTwo = await creditOf(kopa, b)
      expect(stepTwo.loansRepaidOnTime).toBe(2)
      expect(stepTwo.limitMinor).toBe(stepOne.nextLimitMinor)
      expect(stepTwo.dailyRatePercent).toBeLessThan(stepOne.dailyRatePercent)

      // The third loan falls 5 days late, and the borrower repays it in full through the app.
      const third = await repeatLoan(kopa, b)
      const thirdLate = await fallLate(kopa, b, third, 5)
      // The phone's clock starts at the server's: the journeys of a worker share one server, whose clock they move
      // by months, and the server refuses a request timed too far from its own.
      await page.clock.install({ time: await serverNow(kopa) })
      await signInOnHome(page, b.token, lang, 'overdue')
      await page.getByRole('button', { name: t(lang, 'home.button.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      const lateDetail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: third.orderNo })
      expect(lateDetail.overdueDays).toBe(thirdLate)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed.locator('.k-amount')).toHaveText(await shown.money(lateDetail.balance.totalMinor))
      await shot('repay-detail-5-days-late')
      await page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true }).click()
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expectPaymentWaiting(page, lang, 'repayment', await shown.money(lateDetail.balance.totalMinor))
      await approveOnPhone(page, kopa, lang)
      await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(lateDetail.balance.totalMinor)])
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      expect((await latestOf(kopa, b)).status).toBe(OrderStatus.Finish)

      // Repaid late: one step down — the limit does not rise (it falls back to step one's), the rate does not drop.
      const afterLate = await creditOf(kopa, b)
      expect(afterLate.loansRepaidOnTime).toBe(stepTwo.loansRepaidOnTime - 1)
      expect(afterLate.limitMinor).toBeLessThan(stepTwo.limitMinor)
      expect(afterLate.limitMinor).toBe(stepOne.limitMinor)
      expect(afterLate.dailyRatePercent).toBeGreaterThan(stepTwo.dailyRatePercent)
      expect(afterLate.dailyRatePercent).toBeCloseTo(stepOne.dailyRatePercent, 10)
      expect(afterLate.availableMinor).toBe(afterLate.limitMinor)

      // Home's product card and to_borrow's credit line show the server's stepped-down line.
      const card = page.getByRole('region').filter({ has: page.getByText(t(lang, 'home.card.upTo'), { exact: true }) })
      await expect(card.locator('.k-amount')).toHaveText(await shown.money(afterLate.limitMinor))
      await expect(valueOf(card, t(lang, 'home.card.rate'))).toHaveText(
        tv(lang, 'home.card.perDay', { rate: await shown.percent(afterLate.dailyRatePercent / 100) }),
      )
      await shot('home-after-late-repayment')
      const expectCreditLine = async (line: CreditInfo) => {
        const credit = page.getByRole('region', { name: t(lang, 'borrow.credit.title'), exact: true })
        await expect(valueOf(credit, t(lang, 'borrow.credit.limit'))).toHaveText(await shown.money(line.limitMinor))
        await expect(valueOf(credit, t(lang, 'borrow.credit.available'))).toHaveText(await shown.money(line.availableMinor))
        await expect(valueOf(credit, t(lang, 'borrow.credit.rate'))).toHaveText(
          tv(lang, 'borrow.credit.perDay', { rate: await shown.percent(line.dailyRatePercent / 100) }),
        )
        const slider = page.getByRole('slider', { name: t(lang, 'borrow.toBorrow.amount') })
        await expect(slider).toHaveAttribute('max', String(line.limitMinor))
      }
      const repeatNotice = async (line: CreditInfo) =>
        page.getByText(
          tv(lang, 'borrow.toBorrow.repeat', {
            limit: await shown.money(line.limitMinor),
            rate: await shown.percent(line.dailyRatePercent / 100),
          }),
          { exact: true },
        )
      await page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      await expectCreditLine(afterLate)
      await expect(await repeatNotice(afterLate)).toBeVisible()
      await shot('to-borrow-after-late-repayment')
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()

      // A fourth loan repaid more than 30 days late: back to the first loan's terms.
      const fourth = await repeatLoan(kopa, b)
      const fourthPrice = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', { loanOrderId: fourth.loanOrderId })
      expect(fourthPrice.interestRate.dailyPercent).toBeCloseTo(afterLate.dailyRatePercent, 10)
      await fallLate(kopa, b, fourth, 31)
      await repayInFull(kopa, b, fourth.orderNo)
      const reset = await creditOf(kopa, b)
      expect(reset.loansRepaidOnTime).toBe(0)
      expect(reset.dailyRatePercent).toBeCloseTo(firstPrice.interestRate.dailyPercent, 10)
      expect(reset.dailyRatePercent).toBeGreaterThan(afterLate.dailyRatePercent)
      expect(reset.limitMinor).toBeLessThan(afterLate.limitMinor)
      expect(reset.nextLimitMinor).toBe(stepOne.limitMinor)

      // The 30-day session ran out meanwhile: the native shell logs the borrower in again.
      await page.reload()
      await expect(page).toHaveURL(/#\/user\/login$/)
      b.token = await kopa.logIn(b.mobile)
      await shellLogin(page, b.token)
      await expect(page).not.toHaveURL(/#\/user\/login$/)
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.canLoan.title'), exact: true })).toBeVisible()
      await expect(card.locator('.k-amount')).toHaveText(await shown.money(reset.limitMinor))
      await expect(valueOf(card, t(lang, 'home.card.rate'))).toHaveText(
        tv(lang, 'home.card.perDay', { rate: await shown.percent(reset.dailyRatePercent / 100) }),
      )
      await shot('home-after-31-days-late')
      await page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      await expectCreditLine(reset)
      await expect(page.getByText(t(lang, 'borrow.toBorrow.repeat').split('{{')[0]!)).toHaveCount(0)
      await shot('to-borrow-first-loan-terms')
    })
  })
}
