import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ConfirmBorrowScreen from '../../screens/borrow/confirm-borrow'
import Yx2ConfirmBorrowScreen from '../../screens/standalone/yx2-confirm-borrow'
import type { ConfirmOffer } from '../../machines/confirm-borrow.machine'
import type { Coupon } from '../../domain/api-types'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { HOUR, confirmOffer, renderMoneyPath, startMoneyPath, t, type MoneyPathIo } from './borrow-harness'

const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))

async function open(opts: { approvedAt?: number; io?: Partial<MoneyPathIo>; promotion?: boolean } = {}) {
  const approvedAt = opts.approvedAt ?? Date.now() - HOUR
  const route = opts.promotion ? 'yx2ConfirmBorrow' : 'confirmBorrow'
  const journey = startMoneyPath({
    entry: route,
    status: opts.promotion ? 18 : 14,
    orderExtra: { approvedAt: new Date(approvedAt).toISOString() },
    io: opts.io,
  })
  await renderMoneyPath(opts.promotion ? Yx2ConfirmBorrowScreen : ConfirmBorrowScreen, journey.actor, {
    route,
  })
  return journey
}

const confirmButton = () => screen.getByRole('button', { name: t('borrow.confirm.submit') })

describe('confirm borrow', () => {
  it('shows every figure of the approved order before confirming: fees, what is received and repaid, APR, penalty and rollover', async () => {
    await open()
    const breakdown = await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    const text = breakdown.textContent!
    for (const minor of [1_000_000, 74_800, 91_000, 16_400, 107_400, 892_600, 1_074_800])
      expect(text).toContain(tzMoney(minor))
    expect(text).toContain('110.65%')
    expect(text).toContain(t('borrow.breakdown.penalty', { rate: '2%', perDay: tzMoney(20_000) }))
    expect(text).toContain(t('borrow.breakdown.rollover', { days: 7, fee: tzMoney(59_000), count: 2 }))
    expect(screen.getByText(/0754 \*\*\* 456/)).toBeInTheDocument()
  })

  it('says that repaying the whole loan early pays interest only to the day of repayment', async () => {
    await open()
    const breakdown = await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    expect(within(breakdown).getByText(t('borrow.breakdown.early'))).toBeInTheDocument()
    expect(t('borrow.breakdown.early')).toBe(
      'Repay the whole loan early and you pay interest only up to the day you repay (at least one day).',
    )
  })

  it('keeps confirm unavailable until the agreement is ticked, and says why when tapped', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    expect(confirmButton()).toHaveAttribute('aria-disabled', 'true')
    await user.click(confirmButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Please agree to the loan agreement')
    expect(journey.inputsOf('confirmLoan')).toEqual([])

    await user.click(screen.getByRole('checkbox', { name: t('borrow.confirm.agree') }))
    expect(confirmButton()).not.toHaveAttribute('aria-disabled')
    await user.click(confirmButton())
    await waitFor(() =>
      expect(journey.inputsOf('confirmLoan')).toEqual([{ loanOrderId: 'L-1001', agreed: true }]),
    )
  })

  it('counts down the 24 hours from the approval time', async () => {
    await open({ approvedAt: Date.now() - 5 * HOUR })
    const timer = await screen.findByRole('timer', { name: t('borrow.confirm.timeLeft') })
    expect(timer.textContent).toMatch(/^(19:00:00|18:59:5\d)$/)
  })

  it("counts on the server's clock when the phone's clock is wrong", async () => {
    const approvedAt = Date.now() - HOUR
    // The phone is two hours behind the server.
    await open({
      approvedAt,
      io: {
        loadConfirm: async () =>
          confirmOffer(approvedAt, { serverNow: Date.now() + 2 * HOUR, receivedAt: Date.now() }),
      },
    })
    const timer = await screen.findByRole('timer', { name: t('borrow.confirm.timeLeft') })
    expect(timer.textContent).toMatch(/^(21:00:00|20:59:5\d)$/)
  })

  it('says "This order has timed out" once the 24 hours have passed', async () => {
    const user = userEvent.setup()
    const journey = await open({ approvedAt: Date.now() - 25 * HOUR })
    expect(await screen.findByRole('heading', { name: 'This order has timed out' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: t('borrow.confirm.submit') })).toBeNull()
    // Meanwhile the server cancelled the order (8); acknowledging reads it again and leaves the screen.
    journey.setStatus(8)
    await user.click(screen.getByRole('button', { name: t('borrow.confirm.expiredOk') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('home'))
  })

  it('opens the loan agreement as the server wrote it, in a sheet the borrower can close', async () => {
    const user = userEvent.setup()
    await open()
    await user.click(await screen.findByRole('button', { name: t('borrow.confirm.readAgreement') }))
    const sheet = await screen.findByRole('dialog', { name: t('borrow.agreement.title') })
    expect(await within(sheet).findByRole('heading', { name: 'Kopa loan agreement' })).toBeInTheDocument()
    expect(within(sheet).getByText(/lends the borrower the principal/)).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: t('ui.sheet.close') }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows a chosen coupon's effect on what is repaid before confirming, and confirms with it", async () => {
    const user = userEvent.setup()
    const coupon: Coupon = {
      couponId: 'c-500',
      titleKey: 'borrow.coupon.title',
      currency: 'TZS',
      discountMinor: 50_000,
      minLoanMinor: 500_000,
      expiresAt: '2030-01-01T00:00:00.000Z',
      status: 'available',
      usedAt: null,
      loanOrderId: null,
    }
    const approvedAt = Date.now() - HOUR
    const journey = await open({
      approvedAt,
      io: {
        loadConfirm: async (): Promise<ConfirmOffer> => confirmOffer(approvedAt, { usableCoupons: 1 }),
        loadCoupons: async () => ({ items: [coupon], page: 1, pageSize: 20, total: 1 }),
        applyCoupon: async (input) => ({
          ...input,
          discountMinor: 50_000,
          payableAfterCouponMinor: 1_024_800,
        }),
      },
    })
    await user.click(await screen.findByRole('button', { name: t('borrow.coupon.choose', { count: 1 }) }))
    const sheet = await screen.findByRole('dialog', { name: t('borrow.coupon.title') })
    await user.click(await within(sheet).findByRole('button', { name: new RegExp(t('borrow.coupon.title')) }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const breakdown = screen.getByRole('region', { name: t('borrow.breakdown.title') })
    expect(within(breakdown).getByText(t('borrow.breakdown.afterCoupon')).nextSibling!.textContent).toBe(
      tzMoney(1_024_800),
    )
    expect(breakdown.textContent).toContain(tzMoney(-50_000))

    await user.click(screen.getByRole('checkbox', { name: t('borrow.confirm.agree') }))
    await user.click(confirmButton())
    await waitFor(() =>
      expect(journey.inputsOf('confirmLoan')).toEqual([
        { loanOrderId: 'L-1001', agreed: true, couponId: 'c-500' },
      ]),
    )
  })

  it('cancels with one reason from the cancel sheet', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(await screen.findByRole('button', { name: t('borrow.confirm.cancel') }))
    const sheet = await screen.findByRole('dialog', { name: t('borrow.cancel.title') })
    await user.click(within(sheet).getByRole('radio', { name: t('enums.cancelReason.feesTooHigh') }))
    await user.click(within(sheet).getByRole('button', { name: t('borrow.cancel.submit') }))
    await waitFor(() =>
      expect(journey.inputsOf('cancelOrder')).toEqual([{ loanOrderId: 'L-1001', reasons: ['feesTooHigh'] }]),
    )
  })

  it('shows the same confirmation for an order approved through a promotion (18)', async () => {
    const user = userEvent.setup()
    const journey = await open({ promotion: true })
    await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    await user.click(screen.getByRole('checkbox', { name: t('borrow.confirm.agree') }))
    await user.click(confirmButton())
    await waitFor(() => expect(journey.inputsOf('confirmLoan')).toHaveLength(1))
  })
})
