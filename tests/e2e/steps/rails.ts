/**
 * Page steps of the journeys through a country's real payment adapter (26 AzamPay, 27 Daraja, 28 STP): the same
 * screens as journey 1, with the rails under them. An approved borrower confirms and is paid out; a loan is repaid
 * in full by a push to the phone. What each journey checks at its provider's fake stays in the journey.
 */
import type { LatestOrder } from '../../../domain/api-types'
import { OrderStatus } from '../../../domain/order-status'
import { orderWhen, type ApiBorrower } from '../borrower-api'
import { expect, t, type KopaServer, type Lang, type Page } from '../fixtures'
import { confirmBorrowScreen, passOutcome, type Shot } from './money-path'
import { approveOnPhone, expectPaymentWaiting, latestOf, signInOnHome, type Shown } from './repay'

/**
 * An approved borrower signs in, opens confirm borrow from home, ticks the agreement (photographed) and confirms;
 * resolves with the order once the provider's pay-out moved it to repaying. The outcome screen is the caller's.
 */
export async function confirmAndAwaitPayout(
  page: Page,
  kopa: KopaServer,
  b: ApiBorrower,
  lang: Lang,
  shot: Shot,
): Promise<LatestOrder> {
  await signInOnHome(page, b.token, lang, 'approved')
  await page.getByRole('button', { name: t(lang, 'home.button.getMoney'), exact: true }).click()
  const { confirm, tick } = await confirmBorrowScreen(page, lang)
  await tick.check()
  await shot('confirm-borrow')
  await confirm.click()
  return orderWhen(kopa, b, (o) => o.status === OrderStatus.Repaying, 'the pay-out')
}

/**
 * From repay detail, the borrower pays everything the paid-out order owes: the cashier waits for the push to the
 * phone (photographed as `cashierShot`), the phone approves, the outcome says repaid in full with the amount, and
 * order `orderNo` is finished with nothing left. Resolves with the amount owed, in minor units.
 */
export async function repayAllByPush(
  page: Page,
  kopa: KopaServer,
  b: ApiBorrower,
  o: { lang: Lang; shot: Shot; shown: Shown; paid: LatestOrder; orderNo: string; cashierShot: string },
): Promise<number> {
  const { lang, shot, shown } = o
  const owed = o.paid.remainingMinor
  if (owed === null) throw new Error('a loan paid out owes something')
  await page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true }).click()
  await expect(page).toHaveURL(/#\/repay\/cashier$/)
  await expectPaymentWaiting(page, lang, 'repayment', await shown.money(owed))
  await shot(o.cashierShot)
  await approveOnPhone(page, kopa, lang)
  await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(owed)])
  const repaid = await latestOf(kopa, b)
  expect(repaid).toMatchObject({ orderNo: o.orderNo, status: OrderStatus.Finish, remainingMinor: 0 })
  return owed
}
