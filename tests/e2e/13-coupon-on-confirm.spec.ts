/**
 * Journey 13 of issue 7: a coupon applied on confirm borrow.
 *
 * Rules it crosses:
 * - spec §3 "Coupon: quota condition (minimum loan), expiry": a coupon for larger loans than this one is listed but
 *   cannot be chosen; the count on confirm borrow is of the coupons that apply;
 * - docs/decisions.md "Choosing a coupon applies it" (/lottery-draw/coupon/use) and its figures are shown before
 *   the borrower confirms; "Coupons take a fixed amount off the interest only": what reaches the wallet does not
 *   change, what is repaid goes down by the discount — every figure read against the server's
 *   /loan/confirm/product-info, and the loan is then owed at the discounted total;
 * - "applying one is not using it: confirming the loan uses it": the coupon is usable until the borrower confirms,
 *   then shows under Used in the coupon centre (me → coupons) with the day it was used.
 */
import { ok, approvedBorrower, settle } from './borrower-api'
import { expect, shellLogin, t, test, type Lang } from './fixtures'
import type { ConfirmProductInfo, Coupon, LatestOrder, RepaymentDetail } from '../../domain/api-types'
import { COUNTRIES, intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { formatDate } from '../../ui/format'
import { look, openConfirmBorrow, passOutcome, passTransient, valueOf } from './steps/money-path'

/** An amount as the app shows it in Tanzania in the borrower's language. */
const tsh = (lang: Lang, minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', lang))
/** A day as the app shows it in Tanzania (the borrower's time zone). */
const day = (lang: Lang, at: string) => formatDate(at, intlLocale('TZ', lang), COUNTRIES.TZ.timeZone)
/** A translated text with its `{{placeholders}}` filled in. */
const tr = (lang: Lang, key: string, values: Record<string, string | number>) =>
  t(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]))

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(13) a coupon applied on confirm [${lang}]`, () => {
    test.use({ lang })

    test('the borrower chooses a coupon, sees what it takes off, confirms, and finds it used', async ({
      page,
      kopa,
      shot,
    }) => {
      const { b, applied } = await approvedBorrower(kopa)
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      const productInfo = () =>
        ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', { loanOrderId: applied.loanOrderId })
      const before = await productInfo()
      expect(before.coupon).toBeNull()
      // Two gifts: one for loans of TSh 100,000 or more (this loan is 250,000), one only for 300,000 or more.
      const grant = (discountUnits: number, minLoanUnits: number) =>
        kopa.devPost('/dev/coupons/grant', {
          country: 'TZ',
          mobile: b.mobile,
          discountUnits,
          minLoanUnits,
          validDays: 30,
        }) as Promise<Coupon>
      const fits = await grant(5_000, 100_000)
      const tooBig = await grant(8_000, 300_000)
      expect(before.principalMinor).toBeGreaterThanOrEqual(fits.minLoanMinor)
      expect(before.principalMinor).toBeLessThan(tooBig.minLoanMinor)

      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shellLogin(page, b.token)
      const { confirm, tick } = await openConfirmBorrow(page, lang)

      // Before a coupon: the server's price, and one coupon that applies.
      const repay = valueOf(page, t(lang, 'borrow.breakdown.totalRepayable'))
      const receive = valueOf(page, t(lang, 'borrow.breakdown.disbursal'))
      const discount = valueOf(page, t(lang, 'borrow.breakdown.coupon'))
      const afterCoupon = valueOf(page, t(lang, 'borrow.breakdown.afterCoupon'))
      await expect(repay).toHaveText(tsh(lang, before.totalRepayableMinor))
      await expect(receive).toHaveText(tsh(lang, before.disbursalMinor))
      await expect(discount).toHaveCount(0)
      expect((await productInfo()).usableCoupons).toBe(1)
      const choose = page.getByRole('button', { name: tr(lang, 'borrow.coupon.choose_one', { count: 1 }), exact: true })
      await expect(choose).toBeEnabled()
      await choose.scrollIntoViewIfNeeded()
      await look(page, shot, 'confirm-borrow-with-coupon-offer')

      // The choice: both coupons are listed, only the one the loan is large enough for can be picked.
      await choose.click()
      const sheet = page.getByRole('dialog', { name: t(lang, 'borrow.coupon.title'), exact: true })
      await expect(sheet).toBeVisible()
      const row = (c: Coupon) => sheet.getByRole('button').filter({ hasText: tsh(lang, c.minLoanMinor) })
      await expect(row(fits)).toContainText(t(lang, 'server.coupon.gift'))
      await expect(row(fits)).toContainText(tsh(lang, -fits.discountMinor))
      await expect(row(fits)).toBeEnabled()
      await expect(row(tooBig)).toContainText(tsh(lang, -tooBig.discountMinor))
      await expect(row(tooBig)).toBeDisabled()
      // …and looks it: greyed like any unavailable button (its words still readable, issue 13), not like a choice
      // that does nothing.
      await expect(row(tooBig)).toHaveCSS('background-color', 'rgb(244, 245, 247)') // --k-bg
      await expect(row(tooBig)).toHaveCSS('opacity', '1')
      await expect(row(fits)).not.toHaveCSS('background-color', 'rgb(244, 245, 247)')
      await look(page, shot, 'coupon-choice')
      await row(fits).click()
      await expect(sheet).toBeHidden()

      // Applied on the server, and the screen shows the server's figures: the interest comes down by the
      // discount, what reaches the wallet does not change.
      await expect.poll(async () => (await productInfo()).coupon?.couponId).toBe(fits.couponId)
      const after = await productInfo()
      expect(after.coupon!.discountMinor).toBe(Math.min(fits.discountMinor, before.interestMinor))
      expect(after.payableAfterCouponMinor).toBe(before.totalRepayableMinor - after.coupon!.discountMinor)
      expect(after.disbursalMinor).toBe(before.disbursalMinor)
      expect(after.usableCoupons).toBe(0)
      await expect(discount).toHaveText(tsh(lang, -after.coupon!.discountMinor))
      await expect(afterCoupon).toHaveText(tsh(lang, after.payableAfterCouponMinor))
      await expect(receive).toHaveText(tsh(lang, after.disbursalMinor))
      await expect(choose).toHaveCount(0)
      await afterCoupon.scrollIntoViewIfNeeded()
      await look(page, shot, 'confirm-borrow-coupon-applied')

      // Applied is not used: until the borrower confirms, the coupon is still theirs to use.
      const usable = await ok<{ items: Coupon[] }>(kopa, b, '/lottery-draw/coupons', { status: 'available' })
      expect(usable.items.map((c) => c.couponId).sort()).toEqual([fits.couponId, tooBig.couponId].sort())

      await tick.check()
      await confirm.click()
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(2)
      const lending = { url: /#\/borrow\/lending$/, refresh: t(lang, 'borrow.lending.refresh'), name: 'lending' }
      await passTransient(page, shot, lending, /#\/outcome$/)
      // Money sent: what reached the wallet, the coupon leaving it untouched; Continue opens repay detail.
      await passOutcome(page, shot, lang, 'moneySent', [tsh(lang, after.disbursalMinor)])
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)

      // The loan is priced at the discounted total; repaid today (interest to the day), one day of that interest.
      const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: applied.orderNo })
      expect(detail.principalMinor + detail.interestMinor).toBe(after.payableAfterCouponMinor)
      expect(detail.balance.totalMinor).toBe(
        detail.principalMinor + Math.round(detail.interestMinor / before.tenureDays / 100) * 100,
      )
      expect(detail.disbursalMinor).toBe(before.disbursalMinor)
      const owed = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(owed).toContainText(tsh(lang, detail.balance.totalMinor))
      await look(page, shot, 'repay-detail-after-coupon')

      // Me → coupons: the coupon is used (with the day), the other one still usable.
      await page.getByRole('button', { name: t(lang, 'ui.header.back'), exact: true }).click()
      await page.getByRole('navigation').last().getByRole('button', { name: t(lang, 'ui.tabs.me'), exact: true }).click()
      await page.getByRole('button', { name: t(lang, 'me.item.coupons'), exact: true }).click()
      await expect(page).toHaveURL(/#\/user_center\/coupons$/)
      await expect(page.getByText(tr(lang, 'coupons.available_one', { count: 1 }), { exact: true })).toBeVisible()
      const panel = page.getByRole('tabpanel')
      await expect(panel).toContainText(tsh(lang, -tooBig.discountMinor))
      await expect(panel).not.toContainText(tsh(lang, -fits.discountMinor))
      await look(page, shot, 'coupons-usable')
      await page.getByRole('tab', { name: t(lang, 'coupons.tab.used'), exact: true }).click()
      await expect(page.getByRole('tab', { name: t(lang, 'coupons.tab.used'), exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      const used = await ok<{ items: Coupon[] }>(kopa, b, '/lottery-draw/coupon/used', {})
      expect(used.items.map((c) => [c.couponId, c.status])).toEqual([[fits.couponId, 'used']])
      const usedRow = panel.getByRole('listitem').filter({ hasText: tsh(lang, -fits.discountMinor) })
      await expect(usedRow).toHaveCount(1)
      await expect(usedRow).toContainText(t(lang, 'server.coupon.gift'))
      await expect(usedRow).toContainText(tr(lang, 'coupons.minLoan', { amount: tsh(lang, fits.minLoanMinor) }))
      await expect(usedRow).toContainText(tr(lang, 'coupons.usedOn', { date: day(lang, used.items[0]!.usedAt!) }))
      await expect(panel.getByRole('listitem')).toHaveCount(1)
      await look(page, shot, 'coupons-used')
    })
  })
}
