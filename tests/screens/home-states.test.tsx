import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { ActorRefFrom } from 'xstate'
import type { homeMachine } from '../../machines/home.machine'
import HomeScreen from '../../screens/tabs/home'
import type { LatestOrder } from '../../domain/api-types'
import type { OrderStatusCode } from '../../domain/order-status'
import { DAY, T0, iso, order, user } from '../machines/journey-fixtures'
import { OVERVIEW, renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

async function openHome(
  latest: LatestOrder | null,
  extra: Parameters<typeof startUserJourney>[0] = { entry: 'home' },
) {
  const { actor } = startUserJourney({ borrower: user(), order: latest, ...extra })
  await renderOn(HomeScreen, actor, { route: 'home' })
  await screen.findByRole('heading', { level: 2, name: t(`home.state.${stateOf(latest)}.title`) })
  return actor
}

function stateOf(latest: LatestOrder | null): string {
  const byStatus: Partial<Record<OrderStatusCode, string>> = {
    1: 'assessing',
    2: 'repaying',
    3: 'overdue',
    7: 'lending',
    9: 'rejected',
    10: 'failed',
    14: 'approved',
  }
  return (latest && byStatus[latest.status]) ?? 'canLoan'
}

const BUTTONS = ['apply', 'details', 'getMoney', 'edit', 'pay'] as const
const buttonsShown = () =>
  BUTTONS.filter((b) => screen.queryByRole('button', { name: t(`home.button.${b}`) }) !== null)

describe('home: the borrower sees their loan’s state and the one thing to do next', () => {
  it.each<[string, LatestOrder | null, (typeof BUTTONS)[number] | null]>([
    ['no loan yet: Apply', null, 'apply'],
    ['an application being assessed: Details', order(1), 'details'],
    ['an approved loan: Get money', order(14, { approvedAt: iso(T0) }), 'getMoney'],
    ['a failed pay-out: Edit', order(10), 'edit'],
    ['a loan being repaid: Pay', order(2, { remainingMinor: 107_480_00, dueDate: '2027-01-31' }), 'pay'],
    ['an overdue loan: Pay', order(3, { remainingMinor: 110_000_00, overdueDays: 4 }), 'pay'],
    ['money on its way: no button', order(7), null],
    ['a rejection: no button', order(9, { retryAt: iso(T0 + 20 * DAY) }), null],
  ])('%s', async (_, latest, button) => {
    await openHome(latest)
    expect(buttonsShown()).toEqual(button ? [button] : [])
    if (button) expect(screen.getByRole('button', { name: t(`home.button.${button}`) })).toBeEnabled()
  })

  it('warns about an overdue loan, with the days it is late', async () => {
    await openHome(order(3, { remainingMinor: 110_000_00, overdueDays: 4 }))
    expect(screen.getByRole('alert')).toHaveTextContent(t('home.overdue.warning', { count: 4 }))
  })

  it('does not say a penalty is added every day once the charges cap is reached, in every language', async () => {
    // What each language's ordinary warning says about the daily penalty.
    const daily = { en: /added every day/, sw: /huongezwa kila siku/, es: /Cada día se suma/ }
    for (const language of ['en', 'sw', 'es'] as const) {
      const { actor } = startUserJourney({
        entry: 'home',
        borrower: user(),
        order: order(3, { remainingMinor: 200_000_00, overdueDays: 46, chargesCapReached: true }),
      })
      const view = await renderOn(HomeScreen, actor, { route: 'home', language })
      await screen.findByRole('heading', { level: 2, name: t('home.state.overdue.title') })
      const warning = screen.getByRole('alert')
      expect(warning).toHaveTextContent(t('home.overdue.warningCapped', { count: 46 }))
      expect(t('home.overdue.warning', { count: 46 })).toMatch(daily[language])
      expect(warning.textContent).not.toMatch(daily[language])
      view.unmount()
    }
  })

  it('tells a rejected borrower the day they may apply again, in their own time zone, and what else they may try', async () => {
    // 22:30 UTC on 20 Nov is already 21 Nov in Dar es Salaam (UTC+3).
    const retryAt = '2026-11-20T22:30:00.000Z'
    await openHome(order(9, { retryAt }), {
      entry: 'home',
      recommendation: {
        show: true,
        retryAt,
        apps: [{ name: 'Akiba', packageName: 'tz.akiba', url: 'https://example.org/akiba' }],
      },
    })
    const local = new Intl.DateTimeFormat('en-TZ', {
      dateStyle: 'medium',
      timeZone: 'Africa/Dar_es_Salaam',
    }).format(new Date(retryAt))
    expect(local).toContain('21')
    const card = screen.getByRole('heading', { name: t('home.state.rejected.title') }).closest('section')!
    expect(within(card).getByText(local)).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Akiba' })).toHaveAttribute(
      'href',
      'https://example.org/akiba',
    )
  })

  it('sends Apply to the journey: a borrower without a loan goes on to choose the amount', async () => {
    const actor = await openHome(null)
    await userEvent.setup().click(screen.getByRole('button', { name: t('home.button.apply') }))
    await settledOn(actor, 'toBorrow')
  })

  it('sends Details to the journey: an assessed application opens review tips', async () => {
    const actor = await openHome(order(1))
    await userEvent.setup().click(screen.getByRole('button', { name: t('home.button.details') }))
    await settledOn(actor, 'reviewTips')
  })

  it('a signed-out visitor who taps Apply is asked to log in first', async () => {
    const { actor } = startUserJourney({ entry: 'home' })
    await renderOn(HomeScreen, actor, { route: 'home' })
    await userEvent.setup().click(await screen.findByRole('button', { name: t('home.button.apply') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('login'))
    expect(actor.getSnapshot().context.returnTo).toBe('toBorrow')
  })

  it('shows the product card: the range, its steps, the tenures and the daily rate', async () => {
    await openHome(null)
    const card = screen.getByRole('heading', { name: 'Kopa Standard' }).closest('section')!
    expect(card).toHaveTextContent(/5,000/)
    expect(card).toHaveTextContent(/500,000/)
    expect(card).toHaveTextContent(/1,000/)
    const list = new Intl.ListFormat('en-TZ', { type: 'disjunction' }).format(['91', '120', '180'])
    expect(card).toHaveTextContent(t('home.card.tenures', { list, count: 180 }))
    expect(card).toHaveTextContent('0.09%')
  })

  it('promises a repeat borrower raised amounts, a lower rate and money within 1 minute', async () => {
    await openHome(order(4), { entry: 'home', overview: { ...OVERVIEW, repeatBorrower: true } })
    expect(screen.getByRole('heading', { name: t('home.benefit.title') })).toBeInTheDocument()
    expect(screen.getByText(t('home.benefit.speed'))).toBeInTheDocument()
  })

  it('tells a borrower who may apply who may borrow, and keeps the tabs', async () => {
    const actor = await openHome(null)
    expect(screen.getByText(t('home.eligibility.resident', { country: 'Tanzania' }))).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: t('ui.tabs.me') }))
    await settledOn(actor, 'me')
  })

  it('shows the home card in Kiswahili and Spanish too', async () => {
    for (const language of ['sw', 'es'] as const) {
      const { actor } = startUserJourney({ borrower: user(), order: order(2), entry: 'home' })
      const view = await renderOn(HomeScreen, actor, { route: 'home', language })
      expect(await screen.findByRole('button', { name: t('home.button.pay') })).toBeInTheDocument()
      view.unmount()
    }
  })

  describe('sells no credit beside an open loan', () => {
    // A repeat borrower with the recent loans of the country at hand: everything home could offer is there to show.
    const offerAtHand = {
      entry: 'home' as const,
      overview: { ...OVERVIEW, repeatBorrower: true },
      lendingRecords: [
        {
          maskedMobile: '•••••••678',
          amountMinor: 50_000_00,
          currency: 'TZS' as const,
          at: iso(T0 - 60_000),
        },
      ],
    }
    const offered = () => ({
      upTo: screen.queryByText(t('home.card.upTo')),
      product: screen.queryByRole('heading', { name: 'Kopa Standard' }),
      benefit: screen.queryByRole('heading', { name: t('home.benefit.title') }),
      ticker: screen.queryByRole('heading', { name: t('home.ticker.title') }),
      eligibility: screen.queryByRole('heading', { name: t('home.eligibility.title') }),
    })
    const nothingOffered = { upTo: null, product: null, benefit: null, ticker: null, eligibility: null }

    it.each<[string, LatestOrder]>([
      ['an overdue loan (3)', order(3, { remainingMinor: 110_000_00, overdueDays: 4 })],
      ['a loan being repaid (2)', order(2, { remainingMinor: 107_480_00, dueDate: '2027-01-31' })],
    ])(
      '%s: the loan, its alert and Pay — no "Borrow up to", no repeat-loan benefits, no ticker, nothing that says borrow',
      async (_, latest) => {
        const actor = await openHome(latest, offerAtHand)
        // The offer was loaded: home holds it back, it is not merely late.
        const home = actor.getSnapshot().children.home as ActorRefFrom<typeof homeMachine>
        expect(home.getSnapshot().context.overview?.repeatBorrower).toBe(true)
        expect(offered()).toEqual(nothingOffered)
        expect(document.body).not.toHaveTextContent(/500,000/)
        expect(document.body).not.toHaveTextContent(/borrow/i)
        expect(screen.getByRole('button', { name: t('home.button.pay') })).toBeEnabled()
        if (latest.status === 3)
          expect(screen.getByRole('alert')).toHaveTextContent(t('home.overdue.warning', { count: 4 }))
      },
    )

    it.each<[string, LatestOrder]>([
      ['money on its way (7)', order(7)],
      ['an approved loan (14)', order(14, { approvedAt: iso(T0) })],
      ['an application being assessed (1)', order(1)],
      ['a failed pay-out (10)', order(10)],
      ['a rejection before its retry date (9)', order(9, { retryAt: iso(T0 + 20 * DAY) })],
    ])('%s: no offer beside it either', async (_, latest) => {
      await openHome(latest, offerAtHand)
      expect(offered()).toEqual(nothingOffered)
    })

    it('offers it all again once the loan is repaid', async () => {
      await openHome(order(4), offerAtHand)
      await screen.findByRole('heading', { name: t('home.ticker.title') })
      const shown = offered()
      for (const [what, element] of Object.entries(shown)) expect(element, what).not.toBeNull()
    })

    it('in Kiswahili and Spanish too: the overdue home offers nothing', async () => {
      for (const language of ['sw', 'es'] as const) {
        const { actor } = startUserJourney({
          ...offerAtHand,
          borrower: user(),
          order: order(3, { remainingMinor: 110_000_00, overdueDays: 4 }),
        })
        const view = await renderOn(HomeScreen, actor, { route: 'home', language })
        await screen.findByRole('heading', { level: 2, name: t('home.state.overdue.title') })
        expect(offered()).toEqual(nothingOffered)
        expect(screen.getByRole('alert')).toHaveTextContent(t('home.overdue.warning', { count: 4 }))
        view.unmount()
      }
    })
  })
})
