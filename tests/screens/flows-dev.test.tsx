import { act, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import FlowsScreen from '../../screens/dev/flows'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('#/__flows: the running journey for developers', () => {
  it('lists the machines the journey runs and shows its live state, without the network', async () => {
    const { actor } = startUserJourney({ entry: 'flows', devRoutes: true })
    await renderOn(FlowsScreen, actor, { route: 'flows' })
    for (const machine of ['session', 'home', 'uploadGate', 'confirmBorrow'])
      expect(screen.getByText(machine, { selector: 'li code' })).toBeInTheDocument()
    expect(screen.getByText('flows', { selector: 'dd code' })).toBeInTheDocument()
    expect(screen.getByLabelText(t('standalone.flows.value'))).toHaveTextContent('"dev"')
    expect(screen.getByText(/route, returnTo/)).toBeInTheDocument()
  })

  it('draws the journey as a statechart and highlights the states it is in, as it moves', async () => {
    const { actor } = startUserJourney({ entry: 'flows', devRoutes: true })
    await renderOn(FlowsScreen, actor, { route: 'flows' })
    const chart = screen.getByTestId('journey-chart')
    const lit = () => [...chart.querySelectorAll('[data-state].on')].map((g) => g.getAttribute('data-state')).sort()
    expect(chart.querySelectorAll('[data-state]').length).toBeGreaterThan(50)
    expect(lit()).toEqual(expect.arrayContaining(['journey.app', 'flows']))
    act(() => actor.send({ type: 'xstate.route', to: '#me' }))
    await waitFor(() => expect(lit()).toContain('me'))
    expect(lit()).not.toContain('flows')
    // …and logs the event that moved it.
    const log = screen.getByRole('list', { name: t('standalone.flows.events') })
    const logged = [...log.querySelectorAll('li')].map((li) => li.textContent)
    expect(logged).toContainEqual(expect.stringContaining('journey ← xstate.route'))
  })

  it('is not opened outside a development build', async () => {
    const { actor } = startUserJourney({ entry: 'flows' })
    await settledOn(actor, 'home')
  })
})
