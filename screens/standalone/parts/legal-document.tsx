/**
 * A public legal text (privacy policy, terms of service) from the journey's legalDocument child: the server's
 * document for the borrower's country and language, readable and scrollable, or a retry when it failed to load.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { legalDocumentView, type legalDocumentMachine } from '../../../machines/legal-document.machine'
import { PageHeader } from '../../../ui/page-header'
import { ErrorState } from '../../../ui/states'
import { AgreementView } from '../../borrow/parts/agreement-view'
import type { JourneyRef } from '../../screen-props'
import { useMessageText } from '../../shared/message-text'
import { NAV_BACK } from '../../shared/route-to'
import { useView } from '../../shared/use-view'

type DocumentRef = ActorRefFrom<typeof legalDocumentMachine>

export function LegalDocumentPage({ journey, title }: { journey: JourneyRef; title: string }): ReactElement {
  const child = useSelector(journey, (s) => s.children.legalDocument)
  return (
    <main className="k-page">
      <PageHeader title={title} onBack={() => journey.send(NAV_BACK)} />
      {child && <LegalText child={child} />}
    </main>
  )
}

function LegalText({ child }: { child: DocumentRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { document, failed, error } = useView(child, legalDocumentView)
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => child.send({ type: 'document.retried' })}
      />
    )
  if (!document) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <section className="k-card">
      <AgreementView document={document} />
    </section>
  )
}
