import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import RecordsScreen from '../../screens/tabs/records'
import type { OrderSummary } from '../../domain/api-types'
import type { Language } from '../../domain/countries'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import type { OrderStatusCode } from '../../domain/order-status'
import { orderSummary, renderMoneyPath, startMoneyPath, t } from './borrow-harness'

const OPEN: OrderStatusCode[] = [1, 2, 3, 5, 6, 7, 10]
const CLOSED: OrderStatusCode[] = [4, 8, 9]

async function open(
  opts: { language?: Language; orders?: { incomplete: OrderSummary[]; finished: OrderSummary[] } } = {},
) {
  const orders = opts.orders ?? {
    incomplete: OPEN.map((s) => orderSummary(`KP-${s}`, s)),
    finished: CLOSED.map((s) => orderSummary(`KP-${s}`, s, { remainingMinor: 0 })),
  }
  const journey = startMoneyPath({
    entry: 'records',
    status: 2,
    orderExtra: { orderNo: 'KP-2' },
    io: {
      loadOrders: async ({ tab, page }) => ({
        items: orders[tab],
        page,
        pageSize: 20,
        total: orders[tab].length,
      }),
    },
  })
  await renderMoneyPath(RecordsScreen, journey.actor, { route: 'records', language: opts.language })
  return journey
}

const rows = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem')

describe('records: Incomplete and Finished with the state of each order', () => {
  it('lists the open orders under Incomplete, each with its list state', async () => {
    await open()
    expect(screen.getByRole('tab', { name: t('records.tab.incomplete') })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() => expect(rows()).toHaveLength(7))
    const states = rows().map((row) => row.querySelector('.k-badge')!.textContent)
    expect(states).toEqual(
      ['assessing', 'repaying', 'overdue', 'addingCard', 'incomplete', 'disbursing', 'failed'].map((s) =>
        t(`records.state.${s}`),
      ),
    )
  })

  it('lists the closed orders under Finished', async () => {
    const user = userEvent.setup()
    await open({ language: 'sw' })
    await user.click(screen.getByRole('tab', { name: 'Imekamilika' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows().map((row) => row.querySelector('.k-badge')!.textContent)).toEqual([
      'Imekamilika',
      'Imesitishwa',
      'Imekataliwa',
    ])
  })

  it('says so when a tab has no orders', async () => {
    await open({ language: 'es', orders: { incomplete: [], finished: [] } })
    expect(await screen.findByRole('heading', { name: 'No tienes préstamos en curso' })).toBeInTheDocument()
  })

  it("opens an order's statement, copies its number, and continues the current loan", async () => {
    const user = userEvent.setup()
    const journey = await open()
    await waitFor(() => expect(rows()).toHaveLength(7))
    await user.click(within(rows()[1]!).getByRole('button'))
    const sheet = await screen.findByRole('dialog', { name: t('records.statement.title') })
    expect(sheet.textContent).toContain('KP-2')
    expect(sheet.textContent).toContain(formatMoney(10_000_000, 'TZS', intlLocale('TZ', 'en')))
    expect(within(sheet).getByRole('button', { name: t('records.statement.copy') })).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: t('records.statement.continue') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('repayDetail'))
  })

  it('offers no way to continue a closed order', async () => {
    const user = userEvent.setup()
    await open()
    await user.click(screen.getByRole('tab', { name: t('records.tab.finished') }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.click(within(rows()[0]!).getByRole('button'))
    const sheet = await screen.findByRole('dialog', { name: t('records.statement.title') })
    expect(within(sheet).queryByRole('button', { name: t('records.statement.continue') })).toBeNull()
  })

  it('keeps the bottom tabs, Records current, and Home goes home', async () => {
    const user = userEvent.setup()
    const journey = await open()
    const tabs = screen.getByRole('navigation', { name: t('ui.tabs.label') })
    expect(within(tabs).getByRole('button', { name: t('ui.tabs.records') })).toHaveAttribute('aria-current', 'page')
    await user.click(within(tabs).getByRole('button', { name: t('ui.tabs.home') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('home'))
  })
})
