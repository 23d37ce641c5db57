/**
 * Issue 13 item 1 on screen: home shows the 24-hour confirm countdown of an approved order (the server's deadline,
 * on the server's clock, in the borrower's time zone and language), and a waiting screen whose order watch gave up
 * says so with a way to check again.
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate'
import { orderWatchMachine, type OrderWatchReading } from '../../machines/order-watch.machine'
import type { JourneyRef } from '../../screens/screen-props'
import { OrderWatchNotice } from '../../screens/shared/order-watch-notice'
import HomeScreen from '../../screens/tabs/home'
import { initI18n } from '../../src/i18n'
import { DisplayProvider } from '../../ui/display'
import { DAY, iso, order, user } from '../machines/journey-fixtures'
import { renderOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('home: the approved loan’s 24 hours', () => {
  it.each(['en', 'sw', 'es'] as const)('counts down to the server’s deadline and says it [%s]', async (language) => {
    const approvedAt = Date.now() - 60 * 60 * 1000
    const confirmBy = approvedAt + DAY
    const { actor } = startUserJourney({
      entry: 'home',
      borrower: user(),
      order: order(14, { approvedAt: iso(approvedAt), confirmBy: iso(confirmBy) }),
    })
    await renderOn(HomeScreen, actor, { route: 'home', language })
    await screen.findByRole('heading', { level: 2, name: t('home.state.approved.title') })
    const timer = screen.getByRole('timer', { name: t('home.state.approved.timeLeft') })
    expect(timer).toHaveTextContent(/^(23:00:00|22:5\d:\d\d)$/)
    expect(screen.getByText(t('home.state.approved.confirmBy'))).toBeInTheDocument()
    // The deadline as a moment, shown in the borrower's zone (the kit's DateText).
    expect(document.querySelector(`time[datetime="${new Date(confirmBy).toISOString()}"]`)).not.toBeNull()
  })

  it('shows no countdown for an application still being assessed', async () => {
    const { actor } = startUserJourney({ entry: 'home', borrower: user(), order: order(1) })
    await renderOn(HomeScreen, actor, { route: 'home' })
    await screen.findByRole('heading', { level: 2, name: t('home.state.assessing.title') })
    expect(screen.queryByRole('timer')).toBeNull()
  })
})

describe('a waiting screen whose order watch gave up', () => {
  it.each(['en', 'sw', 'es'] as const)('says the status could not be checked and checks again on a tap [%s]', async (language) => {
    await initI18n(language)
    const clock = new SimulatedClock()
    let fail = true
    const reads: number[] = []
    const host = setup({
      actors: {
        orderWatch: orderWatchMachine.provide({
          actors: {
            fetchLatestOrder: fromPromise(async (): Promise<OrderWatchReading> => {
              reads.push(clock.now())
              if (fail) throw { ok: false, kind: 'network', message: 'errors.network' }
              return { order: order(1), readAt: clock.now() }
            }),
          },
        }),
      },
    }).createMachine({ invoke: { id: 'orderWatch', src: 'orderWatch', input: { order: order(1) } } })
    const journey = createActor(host, { clock }).start() as unknown as JourneyRef
    render(
      <DisplayProvider country="TZ" language={language}>
        <OrderWatchNotice journey={journey} />
      </DisplayProvider>,
    )
    expect(screen.queryByRole('alert')).toBeNull()
    for (const ms of [2_000, 3_000, 5_000]) {
      await act(async () => {
        clock.increment(ms)
        await new Promise((resolve) => setTimeout(resolve, 0))
      })
    }
    expect(await screen.findByRole('alert')).toHaveTextContent(t('ui.orderWatch.failed'))
    expect(screen.getByRole('alert')).toHaveTextContent(t('errors.network'))
    fail = false
    await userEvent.click(screen.getByRole('button', { name: t('ui.orderWatch.retry') }))
    expect(reads).toHaveLength(4)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
