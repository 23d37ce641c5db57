/** A page's module did not arrive (the line dropped as it opened): say so, and fetch it again on request. */
import type { ReactElement } from 'react'
import { consoleAppView } from '../../machines/console-app.machine'
import { ErrorState } from '../../ui/states'
import { useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'

export default function PageUnloadedScreen({ app }: ConsoleScreenProps): ReactElement {
  const text = useMessageText()
  const { error } = useView(app, consoleAppView)
  return (
    <ErrorState text={error ? text(error) : undefined} onRetry={() => app.send({ type: 'console.retried' })} />
  )
}
