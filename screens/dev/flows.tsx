/**
 * #/__flows — development only (the journey's guard opens it only in a development build): the machines the
 * journey runs, by name, and the running journey as it is now — its state value, route, context keys, tags and
 * the children running for this screen. Reads nothing from the network; for a product owner or an engineer
 * next to the XState visualizer.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { journeyMachine } from '../../machines/journey.machine'
import { PageHeader } from '../../src/ui/page-header'
import type { ScreenProps } from '../screen-props'

/** Every machine the journey runs (its actors), by name: the app's flows. */
const MACHINES = Object.keys(journeyMachine.implementations.actors).sort()

export default function FlowsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const value = useSelector(journey, (s) => JSON.stringify(s.value, null, 2))
  const route = useSelector(journey, (s) => s.context.route)
  const contextKeys = useSelector(journey, (s) => Object.keys(s.context).join(', '))
  const tags = useSelector(journey, (s) => [...s.tags].join(', '))
  const children = useSelector(journey, (s) => Object.keys(s.children).join(', '))
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.flows.title')} onBack={() => window.history.back()} />
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
      </main>
    </div>
  )
}
