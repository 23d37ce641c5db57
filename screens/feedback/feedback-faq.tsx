/**
 * feedback_faq — the questions that answer most problems, shown before a ticket is written (the journey's
 * help-content child, in the borrower's language). If none helps, the borrower goes on to write a ticket.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { helpContentMachine } from '../../machines/help-content.machine'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { FaqList } from '../shared/faq-list'
import { useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
import { useTicketChild } from './parts/ticket-child'

type ContentRef = ActorRefFrom<typeof helpContentMachine>

export default function FeedbackFaqScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const content = useSelector(journey, (s) => s.children.helpContent)
  const tickets = useTicketChild(journey)
  const canWrite = useSelector(tickets, (s) => s?.can({ type: 'ticket.started' }) ?? false)
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
          <Button block disabled={!canWrite} onClick={() => journey.send(routeTo('addFeedback'))}>
            {t('feedback.faq.write')}
          </Button>
        </section>
      </main>
    </div>
  )
}

function Questions({ content }: { content: ContentRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const questions = useSelector(content, (s) => s.context.questions)
  const failed = useSelector(content, (s) => s.hasTag('loadFailed'))
  const error = useSelector(content, (s) => s.context.error)
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
