/**
 * /cancellation_form — cancel an approved, unconfirmed order with exactly one reason (the journey's cancellation
 * child; keeping the loan goes back to confirm borrow). The form is screens/borrow/parts/cancellation-view.tsx.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import { CancellationView } from '../borrow/parts/cancellation-view'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'

export default function CancellationFormScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const cancellation = useSelector(journey, (s) => s.children.cancellation)
  return (
    <main className="k-page">
      <PageHeader
        title={t('borrow.cancel.title')}
        onBack={cancellation ? () => cancellation.send({ type: 'cancellation.dismissed' }) : undefined}
      />
      <p className="k-muted">{t('borrow.cancel.intro')}</p>
      {cancellation && <CancellationView cancellation={cancellation} />}
    </main>
  )
}
