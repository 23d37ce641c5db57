import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ExhibitionPeriodDetailScreen from '../../screens/repay/exhibition-period-detail'
import RepayDetailScreen from '../../screens/repay/repay-detail'
import RolloverScreen from '../../screens/repay/rollover'
import { intlLocale } from '../../src/domain/countries'
import { formatMoney } from '../../src/domain/money'
import { renderRoutes, rolloverOffer, startMoneyPath, t, type MoneyPathIo } from './borrow-harness'

const SCREENS = {
  repayDetail: RepayDetailScreen,
  exhibitionPeriodDetail: ExhibitionPeriodDetailScreen,
  rollover: RolloverScreen,
}
const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))

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
