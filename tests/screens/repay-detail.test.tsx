import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import CashierScreen from '../../screens/repay/cashier'
import ExhibitionPeriodDetailScreen from '../../screens/repay/exhibition-period-detail'
import RepayDetailScreen from '../../screens/repay/repay-detail'
import StaticCashierScreen from '../../screens/repay/static-cashier'
import type { Language } from '../../src/domain/countries'
import { intlLocale } from '../../src/domain/countries'
import { formatMoney } from '../../src/domain/money'
import type { OrderStatusCode } from '../../src/domain/order-status'
import {
  payOrder,
  renderRoutes,
  repaymentDetail,
  startMoneyPath,
  t,
  type MoneyPathIo,
} from './borrow-harness'

const SCREENS = {
  repayDetail: RepayDetailScreen,
  cashier: CashierScreen,
  staticCashier: StaticCashierScreen,
  exhibitionPeriodDetail: ExhibitionPeriodDetailScreen,
}
const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))

async function open(opts: { status?: OrderStatusCode; io?: Partial<MoneyPathIo>; language?: Language } = {}) {
  const journey = startMoneyPath({ entry: 'repayDetail', status: opts.status ?? 2, io: opts.io })
  await renderRoutes(SCREENS, journey.actor, { route: 'repayDetail', language: opts.language })
  return journey
}

const amountField = () => screen.getByRole('textbox', { name: new RegExp(`^${t('repay.form.amount')}`) })

describe('repay detail', () => {
  it('shows what is owed, the due date, the days overdue, the penalty and the reduction', async () => {
    await open({
      status: 3,
      io: {
        loadDetail: async () =>
          repaymentDetail({
            balance: {
              penaltyMinor: 817_800,
              interestMinor: 74_800,
              principalMinor: 1_000_000,
              totalMinor: 1_892_600,
            },
            overdueDays: 41,
            reductionMinor: 2_200,
          }),
      },
    })
    const owed = await screen.findByRole('region', { name: t('repay.detail.due') })
    expect(owed.textContent).toContain(tzMoney(1_892_600))
    expect(owed.textContent).toContain('16 Apr 2025')
    expect(within(owed).getByText(t('repay.detail.overdue', { count: 41 }))).toBeInTheDocument()
    expect(within(owed).getByText(t('repay.detail.penalty')).nextSibling!.textContent).toBe(tzMoney(817_800))
    expect(within(owed).getByText(t('repay.detail.penaltyPerDay')).nextSibling!.textContent).toBe(
      tzMoney(20_000),
    )
    expect(within(owed).getByText(t('repay.detail.reduction')).nextSibling!.textContent).toBe(tzMoney(-2_200))
  })

  it('says the penalty stopped once the charges cap is reached, instead of "a penalty is added each day"', async () => {
    await open({
      status: 3,
      io: {
        loadDetail: async () =>
          repaymentDetail({
            balance: {
              penaltyMinor: 21_415_000,
              interestMinor: 2_700_000,
              principalMinor: 25_000_000,
              totalMinor: 49_115_000,
            },
            overdueDays: 46,
            penaltyPerDayMinor: 0,
            reductionMinor: 1_585_000,
          }),
      },
    })
    const owed = await screen.findByRole('region', { name: t('repay.detail.due') })
    expect(within(owed).getByText(t('repay.detail.overdueCapped', { count: 46 }))).toBeInTheDocument()
    expect(within(owed).queryByText(t('repay.detail.overdue', { count: 46 }))).toBeNull()
    expect(within(owed).getByText(t('repay.detail.penaltyPerDay')).nextSibling!.textContent).toBe(tzMoney(0))
    expect(within(owed).getByText(t('repay.detail.reduction')).nextSibling!.textContent).toBe(tzMoney(-1_585_000))
  })

  it('lists the installments with their dates and states', async () => {
    await open({
      io: {
        loadDetail: async () =>
          repaymentDetail({
            installments: [
              {
                number: 1,
                dueDate: '2025-02-14',
                principalMinor: 250_000,
                interestMinor: 27_000,
                totalMinor: 277_000,
                paidMinor: 277_000,
                state: 'paid',
              },
              {
                number: 2,
                dueDate: '2025-03-16',
                principalMinor: 250_000,
                interestMinor: 27_000,
                totalMinor: 277_000,
                paidMinor: 0,
                state: 'upcoming',
              },
            ],
          }),
      },
    })
    const list = await screen.findByRole('region', { name: t('repay.installments.title') })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent(t('repay.installments.state.paid'))
    expect(rows[1]).toHaveTextContent(t('repay.installments.state.upcoming'))
    expect(rows[1]!.textContent).toContain('16 Mar 2025')
  })

  it('explains a failed pay-out (10) and offers Edit to correct the wallet', async () => {
    const user = userEvent.setup()
    const journey = await open({ status: 10 })
    expect(screen.getByRole('alert')).toHaveTextContent('Re-apply and confirm the wallet account is correct')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('addBankCard'))
  })

  it.each([
    ['en', '999', 'The minimum repayment is 1,000'],
    ['en', '2050', 'Enter a multiple of 100'],
    ['en', '1500', 'Enter at least 2000'],
    ['en', '20000', 'The amount is more than you owe'],
    ['sw', '2050', 'Weka kiasi kinachogawanyika kwa 100'],
    ['es', '1500', 'Escribe al menos 2000'],
  ] as const)('in %s, refuses %s with "%s"', async (language, typed, message) => {
    const user = userEvent.setup()
    const journey = await open({ language })
    await user.clear(await waitFor(amountField))
    await user.type(amountField(), typed)
    await user.click(screen.getByRole('button', { name: t('repay.form.pay') }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(amountField()).toHaveAttribute('aria-invalid', 'true')
    expect(journey.inputsOf('createPaymentOrder')).toEqual([])
  })

  it('takes a part payment on the rules, and the whole balance whatever it is', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.clear(await waitFor(amountField))
    await user.type(amountField(), '5400')
    await user.click(screen.getByRole('button', { name: t('repay.form.pay') }))
    await waitFor(() =>
      expect(journey.inputsOf('createPaymentOrder')).toEqual([
        { orderNo: 'KP-1001', amountMinor: 540_000, channelId: 'mpesa' },
      ]),
    )
  })

  it('opens the cashier after Pay: the amount, the 15-minute window and "I have paid"', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(
      await screen.findByRole('button', { name: t('repay.form.full', { amount: tzMoney(1_074_800) }) }),
    )
    await user.click(screen.getByRole('button', { name: t('repay.form.pay') }))
    await screen.findByRole('heading', { level: 1, name: t('repay.cashier.title') })
    expect(journey.actor.getSnapshot().context.route).toBe('cashier')
    expect(screen.getByText(t('repay.wait.pushSent'))).toBeInTheDocument()
    const timer = screen.getByRole('timer', { name: t('repay.wait.timeLeft') })
    expect(timer.textContent).toMatch(/^00:(15:00|14:5\d)$/)
    await user.click(screen.getByRole('button', { name: t('repay.wait.paid') }))
    await waitFor(() => expect(journey.inputsOf('checkPayment').length).toBeGreaterThan(0))
  })

  it('says "This order has timed out, please try again" when the payment window closed, and starts over', async () => {
    const user = userEvent.setup()
    const journey = await open({ io: { checkPayment: async () => ({ status: 'expired' }) } })
    await user.click(await screen.findByRole('button', { name: t('repay.form.pay') }))
    await screen.findByRole('heading', { level: 1, name: t('repay.cashier.title') })
    await user.click(screen.getByRole('button', { name: t('repay.wait.paid') }))
    expect(await screen.findByText('This order has timed out, please try again')).toBeInTheDocument()
    expect(journey.actor.getSnapshot().context.route).toBe('repayDetail')
    await user.click(screen.getByRole('button', { name: t('repay.retry') }))
    expect(await screen.findByRole('button', { name: t('repay.form.pay') })).toBeEnabled()
  })

  it('offers the 7-day rollover when the order allows one, and opens it', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(await screen.findByRole('button', { name: t('repay.detail.rollover', { count: 2 }) }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('exhibitionPeriodDetail'))
  })

  it('shows no rollover button when the detail says none is available', async () => {
    await open({
      io: { loadDetail: async () => repaymentDetail({ rollover: { available: false, rolloversLeft: 0 } }) },
    })
    await screen.findByRole('region', { name: t('repay.detail.due') })
    expect(screen.queryByRole('button', { name: /^Extend by 7 days/ })).toBeNull()
  })
})

describe('static cashier: paying at a pay-bill number or bank reference', () => {
  it('shows the number and reference with copy buttons, and that the proof is checked within 48 hours', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await open({
      io: {
        createPaymentOrder: async (input) =>
          payOrder({
            amountMinor: input.amountMinor,
            channelId: input.channelId,
            instructions: { payTo: '888999', reference: 'KP1001X', pushSent: false },
          }),
      },
    })
    await user.click(await screen.findByRole('radio', { name: new RegExp(t('enums.wallet.airtel')) }))
    await user.click(screen.getByRole('button', { name: t('repay.form.pay') }))
    await screen.findByRole('heading', { level: 1, name: t('repay.static.screenTitle') })
    expect(screen.getByText('888999')).toBeInTheDocument()
    expect(screen.getByText(/within 48 hours/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('repay.static.copyReference') }))
    expect(writeText).toHaveBeenCalledWith('KP1001X')
    await user.click(screen.getByRole('button', { name: t('repay.static.copyPayTo') }))
    expect(writeText).toHaveBeenLastCalledWith('888999')
  })
})
