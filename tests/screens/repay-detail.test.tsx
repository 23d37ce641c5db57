import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import CashierScreen from '../../screens/repay/cashier'
import ExhibitionPeriodDetailScreen from '../../screens/repay/exhibition-period-detail'
import RepayDetailScreen from '../../screens/repay/repay-detail'
import StaticCashierScreen from '../../screens/repay/static-cashier'
import type { Language } from '../../domain/countries'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import type { OrderStatusCode } from '../../domain/order-status'
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

/** The value next to a label in a key–value list. */
const valueOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextSibling!.textContent

/** The lines of the breakdown that add up to the amount due (the list whose last line is the total), as shown. */
function breakdownLines(region: HTMLElement): [string, string][] {
  const total = region.querySelector('.k-kv__total')!
  const list = total.closest('dl')!
  return [...list.querySelectorAll(':scope > div')].map((row) => [
    row.querySelector('dt')!.textContent!,
    row.querySelector('dd')!.textContent!,
  ])
}

/** A shown amount as a number in the units shown (its sign kept), to add the lines up as the borrower would. */
const amountOf = (text: string) => (/[-−]/.test(text) ? -1 : 1) * Number(text.replace(/[^\d]/g, ''))

const amountField = () => screen.getByRole('textbox', { name: new RegExp(`^${t('repay.form.amount')}`) })

describe('repay detail', () => {
  it('shows what is owed, the due date, the days overdue, the penalty per day and the reduction', async () => {
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
            breakdown: {
              principalMinor: 1_000_000,
              interestToDateMinor: 74_800,
              interestDays: 91,
              interestNotYetEarnedMinor: 0,
              penaltyAccruedMinor: 820_000,
              penaltyWrittenOffMinor: 2_200,
              paidMinor: 0,
              dueMinor: 1_892_600,
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
    expect(valueOf(owed, t('repay.detail.penaltyAccrued'))).toBe(tzMoney(820_000))
    expect(valueOf(owed, t('repay.detail.penaltyPerDay'))).toBe(tzMoney(20_000))
    expect(valueOf(owed, t('repay.detail.reduction'))).toBe(tzMoney(-2_200))
    expect(owed.textContent).not.toContain(
      t('repay.detail.capReached', { cap: tzMoney(25_000_000) }).slice(0, 40),
    )
  })

  it('adds up line by line: principal + interest to date + penalties − written off − paid = the amount due', async () => {
    await open({
      status: 3,
      io: {
        loadDetail: async () =>
          repaymentDetail({
            balance: { penaltyMinor: 60_000, interestMinor: 0, principalMinor: 934_800, totalMinor: 994_800 },
            breakdown: {
              principalMinor: 1_000_000,
              interestToDateMinor: 74_800,
              interestDays: 91,
              interestNotYetEarnedMinor: 0,
              penaltyAccruedMinor: 60_000,
              penaltyWrittenOffMinor: 0,
              paidMinor: 140_000,
              dueMinor: 994_800,
            },
            paidMinor: 140_000,
            overdueDays: 3,
          }),
      },
    })
    const owed = await screen.findByRole('region', { name: t('repay.detail.due') })
    const lines = breakdownLines(owed)
    expect(lines).toEqual([
      [t('repay.detail.principal'), tzMoney(1_000_000)],
      [t('repay.detail.interestToDate', { count: 91 }), tzMoney(74_800)],
      [t('repay.detail.penaltyAccrued'), tzMoney(60_000)],
      [t('repay.detail.paid'), tzMoney(-140_000)],
      [t('repay.detail.due'), tzMoney(994_800)],
    ])
    expect(t('repay.detail.interestToDate', { count: 91 })).toBe('Interest to date (91 days)')
    // What the screen shows adds up: every line but the last sums to the last, the amount due on top.
    const shown = lines.map(([, value]) => amountOf(value))
    expect(shown.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(shown.at(-1))
    expect(owed.querySelector('.k-amount')!.textContent).toBe(tzMoney(994_800))
  })

  it('pays interest to the day when repaid early: interest to date, and the interest not charged apart from the sum', async () => {
    await open({
      io: {
        loadDetail: async () =>
          repaymentDetail({
            balance: {
              penaltyMinor: 0,
              interestMinor: 24_700,
              principalMinor: 1_000_000,
              totalMinor: 1_024_700,
            },
            breakdown: {
              principalMinor: 1_000_000,
              interestToDateMinor: 24_700,
              interestDays: 30,
              interestNotYetEarnedMinor: 50_100,
              penaltyAccruedMinor: 0,
              penaltyWrittenOffMinor: 0,
              paidMinor: 0,
              dueMinor: 1_024_700,
            },
          }),
      },
    })
    const owed = await screen.findByRole('region', { name: t('repay.detail.due') })
    expect(breakdownLines(owed)).toEqual([
      [t('repay.detail.principal'), tzMoney(1_000_000)],
      [t('repay.detail.interestToDate', { count: 30 }), tzMoney(24_700)],
      [t('repay.detail.due'), tzMoney(1_024_700)],
    ])
    expect(valueOf(owed, t('repay.detail.interestNotYetEarned'))).toBe(tzMoney(50_100))
    expect(within(owed).queryByText(t('repay.detail.penaltyPerDay'))).toBeNull()
  })

  it('says once, with the cap, that no more penalty or extension fee is added when the charges cap is reached', async () => {
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
            breakdown: {
              principalMinor: 25_000_000,
              interestToDateMinor: 2_700_000,
              interestDays: 91,
              interestNotYetEarnedMinor: 0,
              penaltyAccruedMinor: 23_000_000,
              penaltyWrittenOffMinor: 1_585_000,
              paidMinor: 0,
              dueMinor: 49_115_000,
            },
            chargesCap: { capMinor: 25_000_000, chargedMinor: 25_000_000, leftMinor: 0, reached: true },
            overdueDays: 46,
            penaltyPerDayMinor: 0,
            reductionMinor: 1_585_000,
          }),
      },
    })
    const owed = await screen.findByRole('region', { name: t('repay.detail.due') })
    expect(within(owed).getByText(t('repay.detail.overdueCapped', { count: 46 }))).toBeInTheDocument()
    expect(within(owed).queryByText(t('repay.detail.overdue', { count: 46 }))).toBeNull()
    expect(owed.textContent).not.toMatch(/added each day/)
    const capped = t('repay.detail.capReached', { cap: tzMoney(25_000_000) })
    expect(capped).toBe(
      `Your loan has reached its limit on charges of ${tzMoney(25_000_000)} (interest, fees and penalties together): no more penalty or extension fee is added.`,
    )
    // Said once (the amount holds a no-break space, so the paragraphs' own text is compared).
    expect([...owed.querySelectorAll('p')].filter((p) => p.textContent === capped)).toHaveLength(1)
    expect(within(owed).queryByText(t('repay.detail.penaltyPerDay'))).toBeNull()
    const shown = breakdownLines(owed).map(([, value]) => amountOf(value))
    expect(breakdownLines(owed).map(([label]) => label)).toEqual([
      t('repay.detail.principal'),
      t('repay.detail.interestToDate', { count: 91 }),
      t('repay.detail.penaltyAccrued'),
      t('repay.detail.reduction'),
      t('repay.detail.due'),
    ])
    expect(shown.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(shown.at(-1))
    expect(shown.at(-1)).toBe(amountOf(tzMoney(49_115_000)))
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
