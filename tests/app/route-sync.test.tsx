import { act, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import type { HomeIndex, LatestOrder, RejectRecommendation } from '../../domain/api-types'
import type { RouteName } from '../../domain/routes'
import { RouteSync } from '../../src/routing/route-sync'
import { T0, order, user } from '../machines/journey-fixtures'

/** The server's answer when the stored token has run out (spec §8 "Token expired"). */
const TOKEN_EXPIRED = { ok: false, kind: 'sessionEnded', code: 10010303 }

function journey(
  stored: StoredSession,
  latest: LatestOrder | null,
  entry: RouteName | null = null,
  tokenExpired = false,
) {
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => stored),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => {
            if (tokenExpired) throw TOKEN_EXPIRED
            return user()
          }),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async () => {
        if (tokenExpired) throw TOKEN_EXPIRED
        return { order: latest, readAt: T0 }
      }),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(() => new Promise<HomeIndex>(() => {})),
          checkRejectRecommendation: fromPromise(() => new Promise<RejectRecommendation>(() => {})),
        },
      }),
    },
  })
  return createActor(machine, { input: { entry } }).start()
}

const hash = () => window.location.hash
const SIGNED_OUT: StoredSession = { token: null, user: null }
const SIGNED_IN: StoredSession = { token: 'tok', user: user() }

let scrollTo: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  window.history.replaceState(null, '', '/#/')
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => scrollTo.mockRestore())

describe('route sync', () => {
  it('opens, once started, the route asked for while the app was starting — login first for a visitor', async () => {
    const borrower = journey(SIGNED_IN, null)
    borrower.send({ type: 'xstate.route', to: '#coupons' })
    await waitFor(() => expect(borrower.getSnapshot().context.booted).toBe(true))
    expect(borrower.getSnapshot().context.route).toBe('coupons')

    const visitor = journey(SIGNED_OUT, null)
    visitor.send({ type: 'xstate.route', to: '#coupons' })
    await waitFor(() => expect(visitor.getSnapshot().context.booted).toBe(true))
    expect(visitor.getSnapshot().context.route).toBe('login')
    expect(visitor.getSnapshot().context.returnTo).toBe('coupons')
  })

  it('writes each screen the journey opens into the URL as a new history entry, and scrolls to the top', async () => {
    const actor = journey(SIGNED_OUT, null)
    render(<RouteSync actor={actor} />)
    await waitFor(() => expect(actor.getSnapshot().context.booted).toBe(true))
    const entries = window.history.length
    scrollTo.mockClear()

    act(() => actor.send({ type: 'xstate.route', to: '#me' }))
    await waitFor(() => expect(hash()).toBe('#/me'))
    expect(window.history.length).toBe(entries + 1)
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 })
  })

  it('turns a URL the borrower opens into the journey’s route event', async () => {
    const actor = journey(SIGNED_OUT, null)
    render(<RouteSync actor={actor} />)
    await waitFor(() => expect(actor.getSnapshot().context.booted).toBe(true))

    act(() => {
      window.location.hash = '#/privacy_policy'
    })
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('privacyPolicy'))
    expect(hash()).toBe('#/privacy_policy')
  })

  it('sends a deep link to a protected screen to login, replacing the URL it was opened at', async () => {
    window.history.replaceState(null, '', '/#/records')
    const entries = window.history.length
    const actor = journey(SIGNED_OUT, null, 'records')
    render(<RouteSync actor={actor} />)
    await waitFor(() => expect(hash()).toBe('#/user/login'))
    expect(actor.getSnapshot().context.returnTo).toBe('records')
    expect(window.history.length).toBe(entries)
  })

  it('puts the URL back when a guard refuses it, like the back button into a finished step', async () => {
    window.history.replaceState(null, '', '/#/auth/id_card_authentication')
    const actor = journey(SIGNED_IN, order(12), 'idCardAuthentication')
    render(<RouteSync actor={actor} />)
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('idCardAuthentication'))

    act(() => {
      window.location.hash = '#/auth/personal_infomation'
    })
    await waitFor(() => expect(hash()).toBe('#/auth/id_card_authentication'))
    expect(actor.getSnapshot().context.route).toBe('idCardAuthentication')
  })

  it('replaces a URL that is no route with the screen the journey shows', async () => {
    const actor = journey(SIGNED_OUT, null)
    render(<RouteSync actor={actor} />)
    await waitFor(() => expect(actor.getSnapshot().context.booted).toBe(true))
    act(() => {
      window.location.hash = '#/no/such/screen'
    })
    await waitFor(() => expect(hash()).toBe('#/'))
  })

  it('leaves the borrower on login when the app, reopened at a screen, is drawn only after the session ended', async () => {
    // A slow phone: the server refused the stored token before the first screen was drawn, so the journey went
    // from its entry (me, which a visitor may see) to login while the URL still says #/me.
    window.history.replaceState(null, '', '/#/me')
    const actor = journey(SIGNED_IN, null, 'me', true)
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('login'))
    // Were the URL and the journey to chase each other, this test must fail rather than hang the page.
    let changes = 0
    actor.subscribe(() => {
      if (++changes > 100) actor.stop()
    })

    render(<RouteSync actor={actor} openedAt="/me" />)
    await waitFor(() => expect(hash()).toBe('#/user/login'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(changes).toBeLessThan(100)
    expect(actor.getSnapshot().context.route).toBe('login')
    expect(hash()).toBe('#/user/login')
  })

  it('opens a URL the borrower went to while the app was starting, once it has started', async () => {
    // Opened at home; before the first draw the borrower (or the shell) goes to the coupons.
    window.history.replaceState(null, '', '/#/')
    const actor = journey(SIGNED_IN, null)
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('home'))
    window.history.replaceState(null, '', '/#/user_center/coupons')

    render(<RouteSync actor={actor} openedAt="/" />)
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('coupons'))
    expect(hash()).toBe('#/user_center/coupons')
  })
})
