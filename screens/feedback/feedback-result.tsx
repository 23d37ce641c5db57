/**
 * feedback_result — the ticket was opened: its number, when to expect an answer, and the way back to the list
 * (where replies show with a red dot).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { feedbackResultView } from '../../machines/feedback-ticket/feedback-ticket-view'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { useView } from '../shared/use-view'
import { useTicketChild, type TicketRef } from './parts/ticket-child'

export default function FeedbackResultScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const tickets = useTicketChild(journey)
  const done = () => tickets?.send({ type: 'result.acknowledged' })
  return (
    <div className="k-page">
      <PageHeader title={t('feedback.result.title')} onBack={done} />
      <main className="k-stack">
        <section className="k-card k-stack k-center" role="status">
          <Icon name="check" size={48} />
          <h2 className="k-section-title">{t('feedback.result.heading')}</h2>
          {tickets && <TicketNumber tickets={tickets} />}
          <p className="k-muted">{t('feedback.result.next')}</p>
        </section>
        <Button block onClick={done}>
          {t('feedback.result.back')}
        </Button>
      </main>
    </div>
  )
}

/** The number of the ticket just opened, when the server gave one. */
function TicketNumber({ tickets }: { tickets: TicketRef }): ReactElement | null {
  const { t } = useTranslation()
  const { createdId } = useView(tickets, feedbackResultView)
  return createdId ? <p>{t('feedback.result.number', { id: createdId })}</p> : null
}
