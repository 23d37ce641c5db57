import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import HomeScreen from '../../screens/tabs/home'
import MeScreen from '../../screens/tabs/me'
import RecordsScreen from '../../screens/tabs/records'
import type { Language } from '../../domain/countries'
import { user } from '../machines/journey-fixtures'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string) => i18next.t(key)

const meTab = () =>
  within(screen.getByRole('navigation', { name: t('ui.tabs.label') })).getByRole('button', {
    name: new RegExp(t('ui.tabs.me')),
  })
const feedbackRow = () =>
  within(screen.getByRole('navigation', { name: t('me.menu') })).getByRole('button', {
    name: new RegExp(t('me.item.feedbackList')),
  })

describe('a support reply the borrower has not read', () => {
  it('marks the Me tab on home', async () => {
    const { actor, asked } = startUserJourney({ entry: 'home', borrower: user(), unreadReplies: 2 })
    await renderOn(HomeScreen, actor, { route: 'home' })
    await waitFor(() =>
      expect(within(meTab()).getByRole('img', { name: t('ui.tabs.new') })).toBeInTheDocument(),
    )
    expect(asked.redDots).toContainEqual({ signedIn: true })
  })

  it('marks the Me tab and Me’s feedback row, which opens the tickets', async () => {
    const { actor } = startUserJourney({ entry: 'me', borrower: user(), unreadReplies: 1 })
    await renderOn(MeScreen, actor, { route: 'me' })
    await waitFor(() =>
      expect(
        within(feedbackRow()).getByRole('img', { name: t('feedback.list.newReply') }),
      ).toBeInTheDocument(),
    )
    expect(within(meTab()).getByRole('img', { name: t('ui.tabs.new') })).toBeInTheDocument()
    // Only the feedback row carries it.
    expect(screen.getAllByRole('img', { name: t('feedback.list.newReply') })).toHaveLength(1)
    await userEvent.setup().click(feedbackRow())
    await settledOn(actor, 'feedbackList')
  })

  it('keeps the mark on the records tab, where nothing is read again', async () => {
    const { actor, asked } = startUserJourney({ entry: 'home', borrower: user(), unreadReplies: 1 })
    await settledOn(actor, 'home')
    await waitFor(() => expect(actor.getSnapshot().context.unreadReplies).toBe(1))
    actor.send({ type: 'xstate.route', to: '#records' })
    await renderOn(RecordsScreen, actor, { route: 'records' })
    expect(within(meTab()).getByRole('img', { name: t('ui.tabs.new') })).toBeInTheDocument()
    expect(asked.redDots).toHaveLength(1)
  })

  it('shows no mark when every reply is read, and asks again each time me opens', async () => {
    let unread = 1
    const { actor, asked } = startUserJourney({
      entry: 'me',
      borrower: user(),
      unreadReplies: async () => unread,
    })
    await renderOn(MeScreen, actor, { route: 'me' })
    await waitFor(() => expect(within(feedbackRow()).queryByRole('img')).not.toBeNull())
    unread = 0
    actor.send({ type: 'xstate.route', to: '#home' })
    await settledOn(actor, 'home')
    actor.send({ type: 'xstate.route', to: '#me' })
    await settledOn(actor, 'me')
    await waitFor(() => expect(within(feedbackRow()).queryByRole('img')).toBeNull())
    expect(within(meTab()).queryByRole('img')).toBeNull()
    expect(asked.redDots.length).toBeGreaterThanOrEqual(3)
  })

  it('is not asked for a visitor', async () => {
    const visitor = startUserJourney({ entry: 'me', borrower: null, unreadReplies: 3 })
    await renderOn(MeScreen, visitor.actor, { route: 'me' })
    expect(visitor.asked.redDots.every((r) => !r.signedIn)).toBe(true)
    expect(screen.queryByRole('img', { name: t('ui.tabs.new') })).toBeNull()
  })

  it('forgets the count when the borrower logs out', async () => {
    const { actor } = startUserJourney({ entry: 'me', borrower: user(), unreadReplies: 3 })
    await settledOn(actor, 'me')
    await waitFor(() => expect(actor.getSnapshot().context.unreadReplies).toBe(3))
    actor.send({ type: 'session.signOut' })
    await settledOn(actor, 'home')
    expect(actor.getSnapshot().context.unreadReplies ?? 0).toBe(0)
  })

  it.each(['sw', 'es'] as const satisfies readonly Language[])('labels the marks in %s', async (language) => {
    const { actor } = startUserJourney({ entry: 'me', borrower: user(), unreadReplies: 1 })
    await renderOn(MeScreen, actor, { route: 'me', language })
    await waitFor(() =>
      expect(
        within(feedbackRow()).getByRole('img', {
          name: i18next.t('feedback.list.newReply', { lng: language }),
        }),
      ).toBeInTheDocument(),
    )
    expect(i18next.t('feedback.list.newReply', { lng: language })).not.toBe(
      i18next.t('feedback.list.newReply', { lng: 'en' }),
    )
  })
})
