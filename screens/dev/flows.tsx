/**
 * #/__flows — development only (the journey's guard opens it only in a development build): the machines the
 * journey runs, by name, and the running journey as it is now — its state value, route, context keys, tags and
 * the children running for this screen — and the journey's statechart (docs/flows/journey.svg, drawn by
 * `npm run flows`) and the chart of each child it runs, with the states they are in highlighted as they move. Reads nothing from the network;
 * for a product owner or an engineer next to the XState visualizer.
 */
import { useSelector } from '@xstate/react'
import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { journeyMachine } from '../../machines/journey.machine'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectRoute } from '../shared/journey-selectors'
import journeyChart from '../../docs/flows/journey.svg?raw'
import { ChildCharts } from './child-charts'
import { LiveChart } from './live-chart'

/** Every machine the journey runs (its actors), by name: the app's flows. */
const MACHINES = Object.keys(journeyMachine.implementations.actors).sort()

/** How many events the log keeps. */
const EVENT_LOG_SIZE = 30

export default function FlowsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const value = useSelector(journey, (s) => JSON.stringify(s.value, null, 2))
  const route = useSelector(journey, selectRoute)
  const contextKeys = useSelector(journey, (s) => Object.keys(s.context).join(', '))
  const tags = useSelector(journey, (s) => [...s.tags].join(', '))
  const children = useSelector(journey, (s) => Object.keys(s.children).join(', '))
  // The events the journey and its children receive, newest first (the system's inspection stream).
  const [log, setLog] = useState<{ n: number; to: string; type: string }[]>([])
  useEffect(() => {
    let n = 0
    const subscription = journey.system.inspect((inspection) => {
      if (inspection.type !== '@xstate.event') return
      const to =
        inspection.actorRef === journey ? 'journey' : ((inspection.actorRef as { id?: string }).id ?? '?')
      const entry = { n: ++n, to, type: inspection.event.type }
      setLog((current) => [entry, ...current].slice(0, EVENT_LOG_SIZE))
    })
    return () => subscription.unsubscribe()
  }, [journey])
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.flows.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        <section className="k-card k-stack" aria-labelledby="flows-machines">
          <h2 id="flows-machines" className="k-section-title">
            {t('standalone.flows.machines', { count: MACHINES.length })}
          </h2>
          <ul className="k-small">
            {MACHINES.map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </section>
        <section className="k-card k-stack" aria-labelledby="flows-live">
          <h2 id="flows-live" className="k-section-title">
            {t('standalone.flows.live')}
          </h2>
          <dl className="k-kv k-small">
            <div>
              <dt>{t('standalone.flows.route')}</dt>
              <dd>
                <code>{route}</code>
              </dd>
            </div>
            <div>
              <dt>{t('standalone.flows.tags')}</dt>
              <dd>
                <code>{tags || '—'}</code>
              </dd>
            </div>
            <div>
              <dt>{t('standalone.flows.children')}</dt>
              <dd>
                <code>{children}</code>
              </dd>
            </div>
            <div>
              <dt>{t('standalone.flows.context')}</dt>
              <dd>
                <code>{contextKeys}</code>
              </dd>
            </div>
          </dl>
          <pre className="k-small" aria-label={t('standalone.flows.value')}>
            {value}
          </pre>
        </section>
        <section className="k-card k-stack" aria-labelledby="flows-chart">
          <h2 id="flows-chart" className="k-section-title">
            {t('standalone.flows.chart')}
          </h2>
          <p className="k-small k-muted">{t('standalone.flows.chartHint')}</p>
          <LiveChart actor={journey} svg={journeyChart} testId="journey-chart" />
          <ChildCharts journey={journey} />
        </section>
        <section className="k-card k-stack" aria-labelledby="flows-events">
          <h2 id="flows-events" className="k-section-title">
            {t('standalone.flows.events')}
          </h2>
          <ol className="k-small" reversed aria-label={t('standalone.flows.events')}>
            {log.map((entry) => (
              <li key={entry.n}>
                <code>{entry.to}</code> ← <code>{entry.type}</code>
              </li>
            ))}
          </ol>
        </section>
      </main>
    </div>
  )
}
