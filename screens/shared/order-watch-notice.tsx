/**
 * What a waiting screen shows when its order watch (machines/order-watch.machine.ts) stopped after failed readings:
 * that the status could not be checked, why, and a button to check again ('orderWatch.retried'). Nothing while the
 * watch follows the order: the screen moves on by itself when the status changes (issue 13: errors never silent).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { orderWatchView, type orderWatchMachine } from '../../machines/order-watch.machine'
import { Button } from '../../ui/button'
import { AlertNotice } from '../../ui/notice'
import type { JourneyRef } from '../screen-props'
import { useMessageText } from './message-text'
import { useView } from './use-view'

type OrderWatchRef = ActorRefFrom<typeof orderWatchMachine>

export function OrderWatchNotice({ journey }: { journey: JourneyRef }): ReactElement | null {
  const watch = useSelector(journey, (s) => s.children.orderWatch)
  return watch ? <FailedWatch watch={watch} /> : null
}

function FailedWatch({ watch }: { watch: OrderWatchRef }): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const { failed, error } = useView(watch, orderWatchView)
  if (!failed) return null
  return (
    <section className="k-card k-stack" aria-label={t('ui.orderWatch.label')}>
      <AlertNotice id="order-watch-failed">
        {t('ui.orderWatch.failed')}
        {error ? ` ${text(error)}` : ''}
      </AlertNotice>
      <Button block variant="secondary" onClick={() => watch.send({ type: 'orderWatch.retried' })}>
        {t('ui.orderWatch.retry')}
      </Button>
    </section>
  )
}
