/**
 * feedback_faq — the questions that answer most problems, shown before a ticket is written (the journey's
 * help-content child, in the borrower's language). If none helps, the borrower goes on to write a ticket.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { canWriteTicketView } from '../../machines/feedback-ticket/feedback-ticket-view'
import { helpContentView } from '../../machines/help-content.machine'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { FaqList } from '../shared/faq-list'
import { useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'
import { useHelpContent, type HelpContentRef } from '../user-center/parts/help-content'
import { useTicketChild, type TicketRef } from './parts/ticket-child'

export default function FeedbackFaqScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const content = useHelpContent(journey)
  const tickets = useTicketChild(journey)
  const write = () => journey.send(routeTo('addFeedback'))
  return (
    <div className="k-page">
      <PageHeader title={t('feedback.faq.title')} onBack={() => journey.send(routeTo('feedbackList'))} />
      <main className="k-stack">
        <p className="k-muted">{t('feedback.faq.intro')}</p>
        {content && <Questions content={content} />}
        <section className="k-card k-stack" aria-labelledby="feedback-faq-write">
          <h2 id="feedback-faq-write" className="k-section-title">
            {t('feedback.faq.notHere')}
          </h2>
          {tickets ? <WriteTicket tickets={tickets} onWrite={write} /> : <WriteButton onWrite={write} />}
        </section>
      </main>
    </div>
  )
}

/** Writing a ticket: enabled while the ticket child may start one. */
function WriteTicket({ tickets, onWrite }: { tickets: TicketRef; onWrite: () => void }): ReactElement {
  const { canWrite } = useView(tickets, canWriteTicketView)
  return <WriteButton canWrite={canWrite} onWrite={onWrite} />
}

/** The button itself; disabled until the ticket child runs. */
function WriteButton({
  canWrite = false,
  onWrite,
}: {
  canWrite?: boolean
  onWrite: () => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <Button block disabled={!canWrite} onClick={onWrite}>
      {t('feedback.faq.write')}
    </Button>
  )
}

function Questions({ content }: { content: HelpContentRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { questions, failed, error } = useView(content, helpContentView)
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => content.send({ type: 'content.retried' })}
      />
    )
  if (!questions) return <p className="k-muted">{t('ui.loading')}</p>
  if (questions.length === 0) return <EmptyState title={t('feedback.faq.empty')} />
  return (
    <section className="k-card">
      <FaqList items={questions} />
    </section>
  )
}
