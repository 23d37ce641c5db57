/**
 * open_app — the "run in the app" prompt: some steps (the face check, the data the lender needs to assess a
 * loan) work only in the Kopa app, so a borrower in a plain browser is given the download address the server
 * names. Inside the app there is nothing to download, and the screen says so.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { GO_HOME } from '../shared/journey-selectors'
import { useMessageText } from '../shared/message-text'
import { helpContentView } from '../../machines/help-content.machine'
import { useView } from '../shared/use-view'
import { useHelpContent, type HelpContentRef } from './parts/help-content'

export default function OpenAppScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const content = useHelpContent(journey)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.openApp.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        {content && <Download content={content} />}
        <Button variant="secondary" block onClick={() => journey.send(GO_HOME)}>
          {t('user-center.openApp.home')}
        </Button>
      </main>
    </div>
  )
}

function Download({ content }: { content: HelpContentRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { download, inApp, failed, error } = useView(content, helpContentView)
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => content.send({ type: 'content.retried' })}
      />
    )
  if (inApp)
    return (
      <section className="k-card">
        <p>{t('user-center.openApp.inApp')}</p>
      </section>
    )
  if (!download) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <section className="k-card k-stack" aria-labelledby="open-app-why">
      <h2 id="open-app-why" className="k-section-title">
        {t('user-center.openApp.heading')}
      </h2>
      <p>{t('user-center.openApp.why')}</p>
      <a className="k-btn k-btn--primary k-btn--block" href={download.url} rel="noopener noreferrer">
        {download.version
          ? t('user-center.openApp.downloadVersion', { version: download.version })
          : t('user-center.openApp.download')}
      </a>
      <p className="k-small k-muted">{t('user-center.openApp.after')}</p>
    </section>
  )
}
