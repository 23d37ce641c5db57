import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ReviewTipsScreen from '../../screens/auth/review-tips'
import type { Language } from '../../domain/countries'
import { renderScreen, startJourney, t } from './auth-journey'

async function openReviewTips(language: Language = 'en') {
  const journey = startJourney({ status: 1, entry: 'reviewTips' })
  await renderScreen(ReviewTipsScreen, journey.actor, { route: 'reviewTips', language })
  return journey
}

describe.each<Language>(['en', 'sw', 'es'])('review tips in %s', (language) => {
  it('tells the borrower how long the assessment takes and what holds a result up beyond 24 hours', async () => {
    await openReviewTips(language)
    expect(screen.getByRole('heading', { name: t('auth.review.assessing.heading') })).toBeInTheDocument()
    expect(screen.getByText(t('auth.review.timing'))).toHaveTextContent(/5\D{1,4}10/)
    expect(screen.getByRole('heading', { name: t('auth.review.delay.heading') })).toHaveTextContent('24')
    for (const cause of ['highRisk', 'incomplete', 'wallet']) {
      expect(screen.getByText(t(`auth.review.delay.${cause}`))).toBeInTheDocument()
    }
    expect(screen.getByText(t('auth.review.days', { count: 91 }))).toBeInTheDocument()
  })
})

describe('review tips', () => {
  it('reads the order again on refresh and stays while it is still being assessed', async () => {
    const user = userEvent.setup()
    const { actor, reads } = await openReviewTips()
    const before = reads()
    const refresh = screen.getByRole('button', { name: t('auth.review.refresh') })
    await user.click(refresh)
    await waitFor(() => expect(reads()).toBe(before + 1))
    await waitFor(() => expect(actor.getSnapshot().hasTag('busy')).toBe(false))
    expect(actor.getSnapshot().context.route).toBe('reviewTips')
    expect(refresh).toBeEnabled()
  })

  it('opens the confirmation once the refresh finds the loan approved', async () => {
    const user = userEvent.setup()
    const { actor, advance } = await openReviewTips()
    advance({ type: 'assessment.approved', at: Date.UTC(2026, 10, 1, 9) })
    await user.click(screen.getByRole('button', { name: t('auth.review.refresh') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('confirmBorrow'))
  })

  it('goes back home', async () => {
    const user = userEvent.setup()
    const { actor } = await openReviewTips()
    await user.click(screen.getByRole('button', { name: t('auth.review.home') }))
    expect(actor.getSnapshot().context.route).toBe('home')
  })
})
