import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ExhibitionPeriodDetailScreen from '../../screens/repay/exhibition-period-detail'
import RepayDetailScreen from '../../screens/repay/repay-detail'
import RolloverScreen from '../../screens/repay/rollover'
import { intlLocale } from '../../domain/countries'
import type { ApiFailure } from '../../domain/api-result'
import { formatMoney } from '../../domain/money'
import { payOrder, renderRoutes, rolloverOffer, startMoneyPath, t, type MoneyPathIo } from './borrow-harness'

const SCREENS = {
  repayDetail: RepayDetailScreen,
  exhibitionPeriodDetail: ExhibitionPeriodDetailScreen,
  rollover: RolloverScreen,
}
const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))
const refusal = (code: number): ApiFailure => ({
  ok: false,
  kind: 'rejected',
  code,
  message: '',
  messageKey: `errors.code.${code}`,
})

async function open(io: Partial<MoneyPathIo> = {}) {
  const journey = startMoneyPath({ entry: 'exhibitionPeriodDetail', status: 2, io })
  await renderRoutes(SCREENS, journey.actor, { route: 'exhibitionPeriodDetail' })
  return journey
}

describe('rollover: 7 more days for a fee', () => {
  it('shows the fee with its tax, the current and the new due date, and how many rollovers are left', async () => {
    await open()
    const offer = await screen.findByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })
    const value = (label: string) => within(offer).getByText(label).nextSibling!.textContent
    expect(value(t('repay.rollover.fee'))).toBe(tzMoney(50_000))
    expect(value(t('repay.rollover.feeTax'))).toBe(tzMoney(9_000))
    expect(value(t('repay.rollover.payNow'))).toBe(tzMoney(59_000))
    expect(value(t('repay.rollover.dueDate'))).toBe('16 Apr 2025')
    expect(value(t('repay.rollover.newDueDate'))).toBe('23 Apr 2025')
    expect(value(t('repay.rollover.left'))).toBe('2')
  })

  it('shows before paying the new due date, the fee and the new total that repays the loan on that date', async () => {
    await open({
      loadExtension: async () =>
        rolloverOffer({
          quote: {
            number: 1,
            days: 7,
            feeMinor: 50_000,
            feeTaxMinor: 9_000,
            totalMinor: 59_000,
            reducedByCapMinor: 0,
            dueDate: '2025-04-16',
            newDueDate: '2025-04-23',
            newBalanceMinor: 1_160_000,
          },
        }),
    })
    const offer = await screen.findByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })
    const value = (label: string) => within(offer).getByText(label).nextSibling!.textContent
    expect(value(t('repay.rollover.newDueDate'))).toBe('23 Apr 2025')
    expect(value(t('repay.rollover.fee'))).toBe(tzMoney(50_000))
    expect(value(t('repay.rollover.newTotal'))).toBe(tzMoney(1_160_000))
    expect(t('repay.rollover.newTotal')).toBe('To repay by the new due date')
    // No cap note when the cap took nothing off.
    expect(offer.textContent).not.toContain('near its limit on charges')
    expect(screen.getByRole('button', { name: t('repay.rollover.confirm') })).toBeEnabled()
  })

  it('says the fee was lowered, and by how much, when the charges cap is near', async () => {
    await open({
      loadExtension: async () =>
        rolloverOffer({
          quote: {
            number: 1,
            days: 7,
            feeMinor: 20_000,
            feeTaxMinor: 3_600,
            totalMinor: 23_600,
            reducedByCapMinor: 35_400,
            dueDate: '2025-04-16',
            newDueDate: '2025-04-23',
            newBalanceMinor: 1_180_000,
          },
        }),
    })
    const offer = await screen.findByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })
    const value = (label: string) => within(offer).getByText(label).nextSibling!.textContent
    expect(value(t('repay.rollover.fee'))).toBe(tzMoney(20_000))
    expect(value(t('repay.rollover.payNow'))).toBe(tzMoney(23_600))
    expect(value(t('repay.rollover.newTotal'))).toBe(tzMoney(1_180_000))
    const lowered = t('repay.rollover.reducedByCap', { amount: tzMoney(35_400) })
    expect(lowered).toBe(`The fee is ${tzMoney(35_400)} lower: your loan is near its limit on charges.`)
    expect([...offer.querySelectorAll('p')].filter((p) => p.textContent === lowered)).toHaveLength(1)
  })

  it.each([
    [
      'tooLate',
      'This loan can no longer be extended: the new due date would already be past. Please repay it instead',
    ],
    [
      'capReached',
      'This loan has reached its limit on charges, so it cannot be extended. Please repay it instead',
    ],
  ] as const)('is refused, with the reason in words, when the server says %s', async (reason, words) => {
    await open({
      loadExtension: async () =>
        rolloverOffer({ available: false, unavailableReason: reason, quote: null, rolloversLeft: 1 }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(words)
    expect(screen.queryByRole('button', { name: t('repay.rollover.confirm') })).toBeNull()
    expect(screen.getByRole('button', { name: t('repay.rollover.repayInstead') })).toBeEnabled()
  })

  it.each([
    [
      2119,
      'too late',
      'This loan can no longer be extended: the new due date would already be past. Please repay it instead',
    ],
    [
      2120,
      'the charges cap reached',
      'This loan has reached its limit on charges, so it cannot be extended. Please repay it instead',
    ],
  ] as const)(
    'after the server refuses the rollover (%i) as %s, the offer is no longer payable and the reason is at the top',
    async (code, _why, words) => {
      const user = userEvent.setup()
      const journey = await open({ confirmExtension: () => Promise.reject(refusal(code)) })
      await screen.findByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })
      await user.click(screen.getByRole('button', { name: t('repay.rollover.confirm') }))

      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(words)
      // First on the page under the header, and focused: in view without scrolling, and read out.
      expect(alert).toHaveFocus()
      const page = alert.closest('.k-page')!
      const shown = [...page.querySelectorAll('h1, h2, p, dl, button')].filter((el) => !el.closest('header'))
      expect(shown[0]).toBe(alert)
      // The stale offer is gone: no pay button, no new due date, fee or new total.
      expect(screen.queryByRole('button', { name: t('repay.rollover.confirm') })).toBeNull()
      expect(screen.queryByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })).toBeNull()
      expect(screen.queryByText(t('repay.rollover.newDueDate'))).toBeNull()
      expect(screen.queryByText('23 Apr 2025')).toBeNull()
      expect(screen.queryByText(t('repay.rollover.fee'))).toBeNull()
      expect(screen.queryByText(t('repay.rollover.newTotal'))).toBeNull()
      expect(journey.inputsOf('confirmExtension')).toHaveLength(1)
      expect(journey.actor.getSnapshot().context.route).toBe('exhibitionPeriodDetail')

      // "Repay instead" goes where the repay button goes: the repay detail.
      await user.click(screen.getByRole('button', { name: t('repay.rollover.repayInstead') }))
      await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('repayDetail'))
    },
  )

  it('a network error keeps the offer and lets the borrower try again', async () => {
    const user = userEvent.setup()
    let calls = 0
    const journey = await open({
      confirmExtension: async (input) => {
        calls += 1
        if (calls === 1) throw { ok: false, kind: 'network', message: 'errors.network' } satisfies ApiFailure
        return payOrder({ purpose: 'rollover', amountMinor: 59_000, channelId: input.channelId })
      },
    })
    await user.click(await screen.findByRole('button', { name: t('repay.rollover.confirm') }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.network'))
    const offer = screen.getByRole('region', { name: t('repay.rollover.heading', { days: 7 }) })
    expect(within(offer).getByText(t('repay.rollover.newDueDate')).nextSibling!.textContent).toBe(
      '23 Apr 2025',
    )
    expect(screen.queryByRole('button', { name: t('repay.rollover.repayInstead') })).toBeNull()
    const confirm = screen.getByRole('button', { name: t('repay.rollover.confirm') })
    expect(confirm).toBeEnabled()

    await user.click(confirm)
    await screen.findByRole('heading', { level: 2, name: t('repay.wait.rollover') })
    expect(journey.inputsOf('confirmExtension')).toHaveLength(2)
    expect(journey.actor.getSnapshot().context.route).toBe('rollover')
  })

  it('pays the fee through the chosen channel and waits for the payment with its window', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(await screen.findByRole('button', { name: t('repay.rollover.confirm') }))
    await screen.findByRole('heading', { level: 2, name: t('repay.wait.rollover') })
    expect(journey.actor.getSnapshot().context.route).toBe('rollover')
    expect(journey.inputsOf('confirmExtension')).toEqual([{ orderNo: 'KP-1001', channelId: 'mpesa' }])
    expect(screen.getByRole('timer', { name: t('repay.wait.timeLeft') })).toBeInTheDocument()
  })

  it('is refused, with the reason, when no rollover is left', async () => {
    await open({
      loadExtension: async () =>
        rolloverOffer({ available: false, unavailableReason: 'limit', quote: null, rolloversLeft: 0 }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('This loan has reached its rollover limit')
    expect(screen.queryByRole('button', { name: t('repay.rollover.confirm') })).toBeNull()
  })

  it('goes back to the repay detail', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(await screen.findByRole('button', { name: t('ui.header.back') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('repayDetail'))
  })
})
