import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CouponsScreen from '../../screens/user-center/coupons'
import type { Coupon, Page } from '../../domain/api-types'
import { intlLocale, type CountryCode, type Language } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { renderUserCentre, startUserCentre, t, type UserCentreIo } from './user-center-harness'

/** Late on 31 March in UTC: already 1 April in Dar es Salaam (UTC+3), still 31 March in Mexico City (UTC−6). */
const LATE_ON_31_MARCH = '2027-03-31T22:30:00.000Z'

function coupon(extra: Partial<Coupon> = {}): Coupon {
  return {
    couponId: 'C-1',
    titleKey: 'server.coupon.luckyDraw',
    currency: 'TZS',
    discountMinor: 3_000_00,
    minLoanMinor: 100_000_00,
    expiresAt: LATE_ON_31_MARCH,
    status: 'available',
    usedAt: null,
    loanOrderId: null,
    ...extra,
  }
}

/** Text as toHaveTextContent compares it: Intl's no-break spaces read as spaces. */
const spaced = (text: string) => text.replace(/\s/g, ' ')

const pageOf = (items: Coupon[], n = 1, total = items.length): Page<Coupon> => ({
  items,
  page: n,
  pageSize: 20,
  total,
})

async function openCoupons(
  io: Partial<UserCentreIo>,
  where: { country?: CountryCode; language?: Language } = {},
) {
  const journey = startUserCentre({ entry: 'coupons', country: where.country, io })
  await renderUserCentre({ coupons: CouponsScreen }, journey.actor, { route: 'coupons', ...where })
  return journey
}

describe('coupons', () => {
  it("shows each coupon's quota condition and its expiry in the borrower's time zone (Tanzania)", async () => {
    await openCoupons({
      loadCentre: async () => ({ show: false, available: 1 }),
      loadCoupons: async () => pageOf([coupon()]),
    })
    const row = (await screen.findByText(t('server.coupon.luckyDraw'))).closest('li')!
    const locale = intlLocale('TZ', 'en')
    expect(row).toHaveTextContent(
      spaced(t('coupons.minLoan', { amount: formatMoney(100_000_00, 'TZS', locale) })),
    )
    expect(row).toHaveTextContent(spaced(formatMoney(-3_000_00, 'TZS', locale)))
    expect(row).toHaveTextContent(/Valid until 1 Apr 2027/)
    expect(screen.getByText('You have 1 coupon you can use')).toBeInTheDocument()
  })

  it('shows the same instant as the day it still is in Mexico City, in Spanish', async () => {
    await openCoupons(
      {
        loadCentre: async () => ({ show: false, available: 2 }),
        loadCoupons: async () => pageOf([coupon({ currency: 'MXN', minLoanMinor: 2_000_00 })]),
      },
      { country: 'MX', language: 'es' },
    )
    const row = (await screen.findByText(t('server.coupon.luckyDraw'))).closest('li')!
    expect(row).toHaveTextContent(/Válido hasta el 31 mar 2027/)
    expect(row).toHaveTextContent(
      spaced(t('coupons.minLoan', { amount: formatMoney(2_000_00, 'MXN', intlLocale('MX', 'es')) })),
    )
    expect(screen.getByText('Tienes 2 cupones disponibles')).toBeInTheDocument()
  })

  it('lists the used coupons with the day each was used', async () => {
    const user = userEvent.setup()
    const journey = await openCoupons({
      loadCoupons: async ({ tab }) =>
        tab === 'used'
          ? pageOf([
              coupon({
                couponId: 'C-9',
                status: 'used',
                usedAt: '2027-02-10T09:00:00.000Z',
                loanOrderId: 'L-1',
              }),
            ])
          : pageOf([]),
    })
    expect(await screen.findByText(t('coupons.empty.available'))).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: t('coupons.tab.used') }))
    const panel = screen.getByRole('tabpanel')
    expect(await within(panel).findByText(/Used on 10 Feb 2027/)).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: t('coupons.tab.used') })).toHaveAttribute('aria-selected', 'true')
    expect(journey.inputsOf('loadCoupons')).toEqual([
      { tab: 'available', page: 1 },
      { tab: 'used', page: 1 },
    ])
  })

  it('offers the draw only when the lender does, and shows what it gave', async () => {
    const user = userEvent.setup()
    const journey = await openCoupons({
      loadCentre: async () => ({ show: true, available: 0 }),
      drawCoupon: async () => ({
        coupon: coupon({ couponId: 'C-2', discountMinor: 1_000_00, minLoanMinor: 50_000_00 }),
      }),
    })
    await user.click(await screen.findByRole('button', { name: t('coupons.draw.button') }))
    const dialog = await screen.findByRole('dialog', { name: t('coupons.draw.won') })
    expect(dialog).toHaveTextContent(
      spaced(t('coupons.minLoan', { amount: formatMoney(50_000_00, 'TZS', intlLocale('TZ', 'en')) })),
    )
    await user.click(within(dialog).getByRole('button', { name: t('ui.dialog.confirm') }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('You have 1 coupon you can use')).toBeInTheDocument()
    expect(journey.inputsOf('drawCoupon')).toHaveLength(1)
  })

  it('has no draw where the lender does not offer one', async () => {
    await openCoupons({ loadCentre: async () => ({ show: false, available: 0 }) })
    await screen.findByText(t('coupons.empty.available'))
    expect(screen.queryByRole('button', { name: t('coupons.draw.button') })).not.toBeInTheDocument()
  })

  it('loads the next page only while there is one', async () => {
    const user = userEvent.setup()
    const journey = await openCoupons({
      loadCoupons: async ({ page }) =>
        page === 1
          ? pageOf([coupon()], 1, 2)
          : pageOf([coupon({ couponId: 'C-2', discountMinor: 5_000_00 })], 2, 2),
    })
    await user.click(await screen.findByRole('button', { name: t('coupons.more') }))
    await waitFor(() => expect(screen.getAllByText(t('server.coupon.luckyDraw'))).toHaveLength(2))
    expect(screen.queryByRole('button', { name: t('coupons.more') })).not.toBeInTheDocument()
    expect(journey.inputsOf('loadCoupons')).toHaveLength(2)
  })
})
