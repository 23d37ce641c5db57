/**
 * agreement — the loan agreement's full text from the server (the journey's agreement child): the open order's,
 * with its figures, or the product's before applying; or, opened from repay detail or a records statement, a
 * confirmed order's signed contract (titled "Loan contract"). Readable and scrollable; back returns where the
 * borrower came from.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { agreementMachine } from '../../machines/agreement.machine'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { AgreementView } from './parts/agreement-view'
import { NAV_BACK } from '../shared/route-to'

type AgreementRef = ActorRefFrom<typeof agreementMachine>

export default function AgreementScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const agreement = useSelector(journey, (s) => s.children.agreement)
  const contract = useSelector(agreement, (s) => s?.context.kind === 'contract')
  return (
    <main className="k-page">
      <PageHeader
        title={contract ? t('borrow.agreement.contractTitle') : t('borrow.agreement.title')}
        onBack={() => journey.send(NAV_BACK)}
      />
      {agreement && <Agreement agreement={agreement} />}
    </main>
  )
}

function Agreement({ agreement }: { agreement: AgreementRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const document = useSelector(agreement, (s) => s.context.document)
  const failed = useSelector(agreement, (s) => s.hasTag('loadFailed'))
  const error = useSelector(agreement, (s) => s.context.error)
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => agreement.send({ type: 'agreement.retried' })}
      />
    )
  if (!document) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <section className="k-card">
      <AgreementView document={document} />
    </section>
  )
}
