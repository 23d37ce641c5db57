/**
 * The money-path screens' use of the calls added for issue 6: the lending screen's money time, to_borrow's credit
 * line and product picker, the signed contract from repay detail and the records, and the choice of loan on
 * repay detail when more than one has something to repay.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AgreementScreen from '../../screens/borrow/agreement'
import LendingScreen from '../../screens/borrow/lending'
import ToBorrowScreen from '../../screens/borrow/to-borrow'
import RepayDetailScreen from '../../screens/repay/repay-detail'
import RecordsScreen from '../../screens/tabs/records'
import type { CreditInfo, ProductSummary, RepayProduct } from '../../domain/api-types'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import type { ProductConfig } from '../../domain/product'
import { tzStandard } from '../domain/pricing-products'
import {
  orderSummary,
  renderMoneyPath,
  renderRoutes,
  repaymentDetail,
  startMoneyPath,
  stepAmounts,
  t,
} from './borrow-harness'

describe('lending: when the money is expected', () => {
  it("shows the server's window in the borrower's time zone, and no other time", async () => {
    // The harness confirms at 08:00 UTC on 1 Nov 2026: expected 08:10–09:00 UTC, 11:10–12:00 in Dar es Salaam.
    const journey = startMoneyPath({ entry: 'lending', status: 7 })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    expect(screen.queryByText(/10 to 60 minutes/)).toBeNull()
    const line = (await screen.findByText(t('borrow.lending.expected'), { exact: false })).closest('p')!
    expect(line).toHaveTextContent(/1 Nov 2026, 11:10\s*–\s*12:00/)
    expect(journey.inputsOf('loadMoneyTime')).toEqual([{ loanOrderId: 'L-1001' }])
  })

  it('says when the money was sent once the server has paid it out', async () => {
    const journey = startMoneyPath({
      entry: 'lending',
      status: 7,
      io: {
        loadMoneyTime: async () => ({
          expectedFrom: '2026-11-01T08:10:00.000Z',
          expectedBy: '2026-11-01T09:00:00.000Z',
          disbursedAt: '2026-11-01T08:25:00.000Z',
        }),
      },
    })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending', language: 'sw' })
    const line = (await screen.findByText(t('borrow.lending.sentAt'), { exact: false })).closest('p')!
    expect(line).toHaveTextContent('11:25')
    expect(screen.queryByText(t('borrow.lending.expected'), { exact: false })).toBeNull()
  })

  it('says so when the window cannot be read, claims no other time, and reads it again on request', async () => {
    const user = userEvent.setup()
    let calls = 0
    const journey = startMoneyPath({
      entry: 'lending',
      status: 7,
      io: {
        loadMoneyTime: async () =>
          ++calls === 1
            ? Promise.reject({ ok: false, kind: 'network', message: 'errors.network' })
            : {
                expectedFrom: '2026-11-01T08:10:00.000Z',
                expectedBy: '2026-11-01T09:00:00.000Z',
                disbursedAt: null,
              },
      },
    })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending', language: 'es' })
    expect(await screen.findByText(t('borrow.lending.expectedFailed'))).toBeInTheDocument()
    expect(screen.queryByText(t('borrow.lending.expected'), { exact: false })).toBeNull()
    expect(screen.queryByText(/\b60 minutos\b/)).toBeNull()
    await user.click(screen.getByRole('button', { name: t('borrow.lending.expectedRetry') }))
    expect(await screen.findByText(t('borrow.lending.expected'), { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t('borrow.lending.refresh') })).toBeEnabled()
  })
})

/** A second Tanzanian product: the same terms with a higher ceiling. */
const tzHaraka: ProductConfig = {
  ...tzStandard,
  id: 'tz-haraka',
  amount: { ...tzStandard.amount, maxMinor: 500_000_00 },
}

const CREDIT: CreditInfo = {
  currency: 'TZS',
  limitMinor: 300_000_00,
  availableMinor: 300_000_00,
  dailyRatePercent: 0.0822,
  loansRepaidOnTime: 1,
  nextLimitMinor: 350_000_00,
}

function summary(id: string, name: string, maxAmountMinor: number): ProductSummary {
  return {
    productId: id,
    name,
    currency: 'TZS',
    minorPerUnit: 100,
    minAmountMinor: 10_000_00,
    maxAmountMinor,
    stepMinor: 1_000_00,
    tenureDays: [91, 120, 180],
    dailyRatePercent: 0.08,
    annualRatePercent: 30,
    installments: 1,
  }
}

describe('to_borrow: the credit line and the product to borrow', () => {
  it('shows the limit, what is available, the daily rate and the next limit of the ladder', async () => {
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: { loadCredit: async () => CREDIT },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow' })
    const card = (await screen.findByRole('heading', { name: t('borrow.credit.title') })).closest('section')!
    expect(within(card).getByText(t('borrow.credit.limit')).nextElementSibling).toHaveTextContent('300,000')
    expect(within(card).getByText(t('borrow.credit.available')).nextElementSibling).toHaveTextContent(
      '300,000',
    )
    expect(card).toHaveTextContent('0.0822% per day')
    const next = t('borrow.credit.next', { limit: formatMoney(350_000_00, 'TZS', intlLocale('TZ', 'en')) })
    expect(card).toHaveTextContent(next.replace(/\s+/g, ' '))
  })

  it('says nothing of the next limit at the top of the ladder, in Kiswahili too', async () => {
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: { loadCredit: async () => ({ ...CREDIT, nextLimitMinor: null }) },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow', language: 'sw' })
    const card = (await screen.findByRole('heading', { name: t('borrow.credit.title') })).closest('section')!
    expect(card).toHaveTextContent(t('borrow.credit.limit'))
    expect(card).not.toHaveTextContent(t('borrow.credit.next', { limit: '@' }).split('@')[0]!)
  })

  it('offers no product choice when the lender has one product', async () => {
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: { loadProducts: async () => [summary(tzStandard.id, 'Kopa Standard', 300_000_00)] },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow' })
    await screen.findByRole('button', { name: t('borrow.toBorrow.apply') })
    await waitFor(() => expect(journey.inputsOf('loadProducts')).toHaveLength(1))
    expect(screen.queryByRole('radiogroup', { name: t('borrow.toBorrow.product') })).toBeNull()
  })

  it("lets the borrower pick another of the lender's products, and prices and applies with it", async () => {
    const user = userEvent.setup()
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: {
        loadProducts: async () => [
          summary(tzStandard.id, 'Kopa Standard', 300_000_00),
          summary(tzHaraka.id, 'Haraka', 500_000_00),
        ],
        loadOffer: async ({ productId }) => stepAmounts(productId === tzHaraka.id ? tzHaraka : tzStandard),
      },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow' })
    const group = await screen.findByRole('radiogroup', { name: t('borrow.toBorrow.product') })
    expect(within(group).getByRole('radio', { name: /Kopa Standard/ })).toBeChecked()
    await user.click(within(group).getByRole('radio', { name: /Haraka/ }))
    await waitFor(() =>
      expect(journey.inputsOf('loadOffer')).toEqual([{ productId: null }, { productId: tzHaraka.id }]),
    )
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Haraka/ })).toBeChecked())
    await user.click(screen.getByRole('button', { name: t('borrow.toBorrow.apply') }))
    await waitFor(() => expect(journey.inputsOf('apply')).toHaveLength(1))
    expect(journey.inputsOf('apply')[0]).toMatchObject({ productId: tzHaraka.id })
  })
})

describe('the signed loan contract', () => {
  it('opens from repay detail on the agreement screen, titled as the contract', async () => {
    const user = userEvent.setup()
    const journey = startMoneyPath({ entry: 'repayDetail', status: 2 })
    await renderRoutes({ repayDetail: RepayDetailScreen, agreement: AgreementScreen }, journey.actor, {
      route: 'repayDetail',
    })
    await user.click(await screen.findByRole('button', { name: t('repay.detail.contract') }))
    expect(
      await screen.findByRole('heading', { level: 1, name: t('borrow.agreement.contractTitle') }),
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('article', { name: `Loan contract ${repaymentDetail().loanOrderId}` }),
    ).toBeInTheDocument()
    expect(journey.inputsOf('loadContract')).toEqual([{ loanOrderId: repaymentDetail().loanOrderId }])
  })

  it('opens from the records statement of a repaid loan, but a cancelled one has none', async () => {
    const user = userEvent.setup()
    const journey = startMoneyPath({
      entry: 'records',
      status: 4,
      io: {
        loadOrders: async ({ page }) => ({
          items: [orderSummary('KP-0999', 4, { remainingMinor: 0 }), orderSummary('KP-0998', 8)],
          page,
          pageSize: 20,
          total: 2,
        }),
      },
    })
    await renderRoutes({ records: RecordsScreen, agreement: AgreementScreen }, journey.actor, {
      route: 'records',
      language: 'sw',
    })
    await user.click(await screen.findByRole('button', { name: /KP-0998/ }))
    const cancelled = await screen.findByRole('dialog')
    expect(within(cancelled).queryByRole('button', { name: t('records.statement.contract') })).toBeNull()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: /KP-0999/ }))
    const repaid = await screen.findByRole('dialog')
    await user.click(within(repaid).getByRole('button', { name: t('records.statement.contract') }))
    expect(
      await screen.findByRole('heading', { level: 1, name: t('borrow.agreement.contractTitle') }),
    ).toBeInTheDocument()
    expect(journey.inputsOf('loadContract')).toEqual([{ loanOrderId: 'L-KP-0999' }])
  })
})

describe('repay detail: more than one loan to repay', () => {
  const repayable = (orderNo: string, remainingMinor: number, overdueDays = 0): RepayProduct => ({
    orderNo,
    loanOrderId: `L-${orderNo}`,
    productName: 'Kopa Standard',
    status: overdueDays > 0 ? 3 : 2,
    currency: 'TZS',
    remainingMinor,
    dueDate: '2025-04-16',
    overdueDays,
  })

  it('lists them, switches the detail to the one chosen, and offers the rollover only for the journey’s loan', async () => {
    const user = userEvent.setup()
    const own = repaymentDetail()
    const journey = startMoneyPath({
      entry: 'repayDetail',
      status: 2,
      orderExtra: { orderNo: own.orderNo },
      io: {
        loadRepayables: async () => [
          repayable(own.orderNo, own.balance.totalMinor),
          repayable('KP-2002', 5_000_00, 3),
        ],
        loadDetail: async () => repaymentDetail(),
      },
    })
    await renderMoneyPath(RepayDetailScreen, journey.actor, { route: 'repayDetail' })
    const group = await screen.findByRole('radiogroup', { name: t('repay.orders.label') })
    expect(within(group).getAllByRole('radio')).toHaveLength(2)
    expect(within(group).getByRole('radio', { name: new RegExp(own.orderNo) })).toBeChecked()
    expect(group).toHaveTextContent(t('repay.orders.overdue', { count: 3 }))
    expect(screen.getByRole('button', { name: t('repay.detail.rollover', { count: 2 }) })).toBeInTheDocument()

    await user.click(within(group).getByRole('radio', { name: /KP-2002/ }))
    await waitFor(() =>
      expect(journey.inputsOf('loadDetail')).toEqual([{ orderNo: own.orderNo }, { orderNo: 'KP-2002' }]),
    )
    // The detail reloads for the loan chosen; the list comes back with it.
    const again = await screen.findByRole('radiogroup', { name: t('repay.orders.label') })
    await waitFor(() => expect(within(again).getByRole('radio', { name: /KP-2002/ })).toBeChecked())
    expect(screen.queryByRole('button', { name: t('repay.detail.rollover', { count: 2 }) })).toBeNull()
  })

  it('shows no choice with a single loan to repay', async () => {
    const journey = startMoneyPath({
      entry: 'repayDetail',
      status: 2,
      io: { loadRepayables: async () => [repayable('KP-1001', 10_748_00)] },
    })
    await renderMoneyPath(RepayDetailScreen, journey.actor, { route: 'repayDetail' })
    await screen.findByRole('button', { name: t('repay.detail.contract') })
    await waitFor(() => expect(journey.inputsOf('loadRepayables')).toHaveLength(1))
    expect(screen.queryByRole('radiogroup', { name: t('repay.orders.label') })).toBeNull()
  })
})
