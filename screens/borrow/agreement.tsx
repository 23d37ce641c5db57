/**
 * agreement — the loan agreement's full text from the server (the journey's agreement child): the open order's,
 * with its figures, or the product's before applying; or, opened from repay detail or a records statement, a
 * confirmed order's signed contract (titled "Loan contract"). Readable and scrollable; back returns where the
 * borrower came from.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { agreementView, type agreementMachine } from '../../machines/agreement.machine'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { AgreementView } from './parts/agreement-view'
import { NAV_BACK } from '../shared/route-to'
import { useView } from '../shared/use-view'

type AgreementRef = ActorRefFrom<typeof agreementMachine>

export default function AgreementScreen({ journey }: ScreenProps): ReactElement {
  const agreement = useSelector(journey, (s) => s.children.agreement)
  const onBack = () => journey.send(NAV_BACK)
  return agreement ? (
    <Agreement agreement={agreement} onBack={onBack} />
  ) : (
    <Page contract={false} onBack={onBack} />
  )
}

function Page({
  contract,
  onBack,
  children,
}: {
  contract: boolean
  onBack: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <main className="k-page">
      <PageHeader
        title={contract ? t('borrow.agreement.contractTitle') : t('borrow.agreement.title')}
        onBack={onBack}
      />
      {children}
    </main>
  )
}

function Agreement({ agreement, onBack }: { agreement: AgreementRef; onBack: () => void }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { contract, document, failed, error } = useView(agreement, agreementView)
  return (
    <Page contract={contract} onBack={onBack}>
      {failed ? (
        <ErrorState
          text={error ? text(error) : undefined}
          onRetry={() => agreement.send({ type: 'agreement.retried' })}
        />
      ) : !document ? (
        <p className="k-muted">{t('ui.loading')}</p>
      ) : (
        <section className="k-card">
          <AgreementView document={document} />
        </section>
      )}
    </Page>
  )
}
