/** The console could not reach the server at start-up: say so, and try again on request. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleAppView } from '../../machines/console-app.machine'
import { ErrorState } from '../../ui/states'
import { useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'

export default function UnreachableScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { error } = useView(app, consoleAppView)
  return (
    <div className="k-page c-narrow">
      <header className="k-header">
        <h1 className="k-header__title">{t('console.name')}</h1>
      </header>
      <main>
        <ErrorState
          text={error ? text(error) : undefined}
          onRetry={() => app.send({ type: 'console.retried' })}
        />
      </main>
    </div>
  )
}
