/**
 * Home's loan-market extras: the lender's notice, the recent loans of the country for a borrower who may apply,
 * and the repayment card's tone — a class per tone and its words, so it never rests on colour alone.
 */
import { cleanup, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import HomeScreen from '../../screens/tabs/home'
import type { LatestOrder, RepayColor } from '../../domain/api-types'
import type { Language } from '../../domain/countries'
import { T0, iso, order, user } from '../machines/journey-fixtures'
import { renderOn, startUserJourney, type UserJourneyOptions } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

const RECORDS = [
  { maskedMobile: '•••••••678', amountMinor: 50_000_00, currency: 'TZS' as const, at: iso(T0 - 10 * 60_000) },
  { maskedMobile: '•••••••123', amountMinor: 20_000_00, currency: 'TZS' as const, at: iso(T0 - 60 * 60_000) },
]

async function openHome(
  latest: LatestOrder | null,
  extra: Partial<UserJourneyOptions> = {},
  language: Language = 'en',
) {
  const { actor } = startUserJourney({ entry: 'home', borrower: user(), order: latest, ...extra })
  await renderOn(HomeScreen, actor, { route: 'home', language })
  return actor
}

const stateCard = async (state: string) =>
  (await screen.findByRole('heading', { level: 2, name: t(`home.state.${state}.title`) })).closest('section')!

describe("home: the lender's notice", () => {
  it('shows the notice the lender configured, above the product card', async () => {
    await openHome(null, { market: { products: [], notice: 'Our offices are closed on 9 December.' } })
    const notice = await screen.findByRole('region', { name: t('home.notice.label') })
    expect(notice).toHaveTextContent('Our offices are closed on 9 December.')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows none when the lender has no notice', async () => {
    await openHome(null, { market: { products: [], notice: null } })
    await stateCard('canLoan')
    expect(screen.queryByRole('region', { name: t('home.notice.label') })).toBeNull()
  })
})

describe('home: recent loans before applying', () => {
  it('lists who borrowed how much, numbers masked, for a borrower who may apply', async () => {
    await openHome(null, { lendingRecords: RECORDS })
    const ticker = (await screen.findByRole('heading', { name: t('home.ticker.title') })).closest('section')!
    const rows = within(ticker).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('•••••••678')
    expect(rows[0]).toHaveTextContent('50,000')
    // 07:50 UTC is 10:50 in Dar es Salaam.
    expect(rows[0]).toHaveTextContent('10:50')
    expect(ticker).not.toHaveTextContent('712345678')
  })

  it('in Kiswahili and Spanish too', async () => {
    for (const language of ['sw', 'es'] as const) {
      await openHome(null, { lendingRecords: RECORDS }, language)
      const ticker = (await screen.findByRole('heading', { name: t('home.ticker.title') })).closest(
        'section',
      )!
      expect(ticker).toHaveTextContent(
        t('home.ticker.row', { mobile: '•••••••678', amount: '@' }).split('@')[0]!,
      )
      cleanup()
    }
  })

  it('shows no ticker once a loan is being repaid', async () => {
    await openHome(order(2, { remainingMinor: 10_000_00, dueDate: '2026-11-03' }), {
      lendingRecords: RECORDS,
    })
    await stateCard('repaying')
    expect(screen.queryByRole('heading', { name: t('home.ticker.title') })).toBeNull()
  })
})

describe("home: the repayment card's tone", () => {
  it.each<[string, LatestOrder, RepayColor, string, string]>([
    [
      'due in two days',
      order(2, { remainingMinor: 1, dueDate: '2026-11-03' }),
      { tone: 'dueSoon', daysToDue: 2 },
      'repaying',
      'home.tone.dueSoon',
    ],
    [
      'due today',
      order(2, { remainingMinor: 1, dueDate: '2026-11-01' }),
      { tone: 'dueToday', daysToDue: 0 },
      'repaying',
      'home.tone.dueToday',
    ],
    [
      'overdue',
      order(3, { remainingMinor: 1, overdueDays: 2 }),
      { tone: 'overdue', daysToDue: -2 },
      'overdue',
      'home.tone.overdue',
    ],
  ])('%s: its class, and the words for it', async (_, latest, tone, state, key) => {
    await openHome(latest, { repayTone: tone })
    const card = await stateCard(state)
    await expect.poll(() => card.className).toContain(`k-tone--${tone.tone}`)
    expect(card).toHaveTextContent(t(key, { count: tone.daysToDue ?? 0 }))
  })

  it('a loan far from its due date keeps the plain words', async () => {
    await openHome(order(2, { remainingMinor: 1, dueDate: '2026-12-01' }), {
      repayTone: { tone: 'normal', daysToDue: 30 },
    })
    const card = await stateCard('repaying')
    await expect.poll(() => card.className).toContain('k-tone--normal')
    for (const key of ['home.tone.dueToday', 'home.tone.overdue']) expect(card).not.toHaveTextContent(t(key))
  })

  it('says "due in 2 days" in Kiswahili and Spanish', async () => {
    for (const language of ['sw', 'es'] as const) {
      await openHome(
        order(2, { remainingMinor: 1, dueDate: '2026-11-03' }),
        { repayTone: { tone: 'dueSoon', daysToDue: 2 } },
        language,
      )
      const card = await stateCard('repaying')
      expect(await within(card).findByText(t('home.tone.dueSoon', { count: 2 }))).toBeInTheDocument()
      expect(t('home.tone.dueSoon', { count: 2 })).not.toBe('Due in 2 days')
      cleanup()
    }
  })
})
