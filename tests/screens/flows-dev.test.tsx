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
    const lit = () =>
      [...chart.querySelectorAll('[data-state].on')].map((g) => g.getAttribute('data-state')).sort()
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

  it('draws each child the journey runs as its own chart, lit where that child is', async () => {
    const { actor } = startUserJourney({ entry: 'flows', devRoutes: true })
    await renderOn(FlowsScreen, actor, { route: 'flows' })
    // The session runs for every screen; its chart is docs/flows/session.svg, lit at the state it is in.
    const session = await screen.findByTestId('child-chart-session')
    expect(
      screen.getByRole('region', { name: t('standalone.flows.childChart', { name: 'session' }) }),
    ).toContainElement(session)
    const lit = () =>
      [...session.querySelectorAll('[data-state].on')].map((g) => g.getAttribute('data-state'))
    const sessionActor = actor.getSnapshot().children.session!
    const stateIds = (value: unknown, prefix: string): string[] =>
      typeof value === 'string'
        ? [`${prefix}.${value}`]
        : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [
            `${prefix}.${k}`,
            ...stateIds(v, `${prefix}.${k}`),
          ])
    await waitFor(() =>
      expect(lit().sort()).toEqual(stateIds(sessionActor.getSnapshot().value, 'session').sort()),
    )
    expect(lit().length).toBeGreaterThan(0)
    // Each running child with a chart gets one; a chart is drawn only for a child that runs.
    for (const id of Object.keys(actor.getSnapshot().children))
      expect(await screen.findByTestId(`child-chart-${id}`)).toBeInTheDocument()
    expect(screen.queryByTestId('child-chart-repayment')).toBeNull()
  })

  it('is not opened outside a development build', async () => {
    const { actor } = startUserJourney({ entry: 'flows' })
    await settledOn(actor, 'home')
  })
})
