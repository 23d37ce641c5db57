/**
 * exhibition_period_detail — the rollover's detail ("exhibition period" is the original app's name for the
 * extension, 展期): fee, new due date, rollovers left, the channel for the fee, confirm (parts/rollover-offer.tsx).
 * The journey's rollover child runs it; while the fee is being paid the journey shows /repay/rollover.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { RolloverOffer } from './parts/rollover-offer'
import { routeTo } from '../shared/route-to'

export default function ExhibitionPeriodDetailScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const rollover = useSelector(journey, (s) => s.children.rollover)
  const back = () => journey.send(routeTo('repayDetail'))
  // Where the repay button goes: the repay detail, with its form to pay.
  const repay = () => journey.send(routeTo('repayDetail'))
  return (
    <main className="k-page">
      <PageHeader title={t('repay.rollover.title')} onBack={back} />
      {rollover && <RolloverOffer rollover={rollover} onDone={back} onRepay={repay} />}
    </main>
  )
}
