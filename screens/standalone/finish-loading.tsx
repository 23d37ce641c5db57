/**
 * finish_loading — the short state after submitting (19; decisions.md): the journey's upload gate checks the
 * borrower's device data and, where the country requires some, the data collector sends it; then the
 * application is submitted and assessment starts (1). The screen shows which of the two steps runs; when either
 * fails it shows the reason and a retry (journey event 'finishLoading.retried', enabled when the journey can).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectJourneyError } from '../shared/journey-selectors'
import { MessageNotice } from '../shared/message-text'
import { OrderWatchNotice } from '../shared/order-watch-notice'

const STEPS = ['collecting', 'submitting'] as const
type Step = (typeof STEPS)[number]

export default function FinishLoadingScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const canRetry = useSelector(journey, (s) => s.can({ type: 'finishLoading.retried' }))
  const collecting = useSelector(journey, (s) => s.children.uploadGate !== undefined)
  const error = useSelector(journey, selectJourneyError)
  const step: Step = collecting ? 'collecting' : 'submitting'
  const current = STEPS.indexOf(step)
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.finishLoading.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        <section className="k-card k-stack k-center" aria-live="polite" aria-busy={!canRetry}>
          {canRetry ? (
            <h2 className="k-section-title">{t('standalone.finishLoading.failed')}</h2>
          ) : (
            <>
              <span className="k-spinner" aria-hidden="true" />
              <h2 className="k-section-title">{t(`standalone.finishLoading.step.${step}`)}</h2>
            </>
          )}
          <p className="k-muted">{t('standalone.finishLoading.text')}</p>
        </section>
        {!canRetry && (
          <ol className="k-card k-stack" aria-label={t('standalone.finishLoading.progress')}>
            {STEPS.map((name, index) => (
              <li key={name} aria-current={index === current ? 'step' : undefined}>
                {t(`standalone.finishLoading.step.${name}`)}
                {index < current && ` — ${t('standalone.finishLoading.done')}`}
              </li>
            ))}
          </ol>
        )}
        <OrderWatchNotice journey={journey} />
        {canRetry && (
          <>
            <MessageNotice message={error} />
            <div className="k-actions">
              <Button block onClick={() => journey.send({ type: 'finishLoading.retried' })}>
                {t('standalone.finishLoading.retry')}
              </Button>
            </div>
          </>
        )}
      </main>
    </div>
  )
}
