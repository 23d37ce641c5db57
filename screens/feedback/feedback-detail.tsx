/**
 * feedbackDetail — one ticket: what the borrower wrote (with its receipts), its status, and the thread of messages
 * with customer service, with their pictures; a long thread opens on its latest messages with the earlier ones a
 * tap away. While the ticket is open the borrower can leave a message with pictures (compressed on the phone and
 * uploaded with their progress, like a new ticket's receipts); once it is resolved (4) and not yet rated, they can
 * rate the answer from 1 to 5 stars. The screen reads the ticket child once (feedbackDetailView), which says what
 * is allowed; the thread, the message box and the rating are parts.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { feedbackDetailView, type FeedbackDetailView } from '../../machines/feedback-ticket/feedback-ticket-view'
import { DateText } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import { MessageBox } from './parts/message-box'
import {
  STATUS_BADGE,
  statusLabelKey,
  typeLabelKey,
  useTicketChild,
  type TicketRef,
} from './parts/ticket-child'
import { TicketRating } from './parts/ticket-rating'
import { Pictures, Thread } from './parts/ticket-thread'
import './parts/feedback.css'

export default function FeedbackDetailScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const tickets = useTicketChild(journey)
  return (
    <div className="k-page">
      <PageHeader
        title={t('feedback.detail.title')}
        onBack={tickets ? () => tickets.send({ type: 'detail.closed' }) : undefined}
      />
      <main className="k-stack">{tickets && <Ticket tickets={tickets} />}</main>
    </div>
  )
}

function Ticket({ tickets }: { tickets: TicketRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(tickets, feedbackDetailView)
  if (view.failed)
    return (
      <ErrorState
        text={view.error ? text(view.error) : undefined}
        onRetry={() => tickets.send({ type: 'tickets.refreshed' })}
      />
    )
  if (!view.ticket) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <>
      <Summary ticket={view.ticket} picture={view.picture} />
      <Thread view={view} onEarlier={() => tickets.send({ type: 'thread.earlier' })} />
      <MessageBox view={view} tickets={tickets} />
      <TicketRating view={view} onRate={(rating) => tickets.send({ type: 'ticket.rated', rating })} />
    </>
  )
}

/** What the borrower wrote: the type, the status, the text, how to reach them and the receipts. */
function Summary({
  ticket,
  picture,
}: {
  ticket: NonNullable<FeedbackDetailView['ticket']>
  picture: FeedbackDetailView['picture']
}): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby="ticket-summary">
      <div className="k-spread">
        <h2 id="ticket-summary" className="k-section-title">
          {t(typeLabelKey(ticket.type))}
        </h2>
        <span className={STATUS_BADGE[ticket.status]}>{t(statusLabelKey(ticket.status))}</span>
      </div>
      <p className="k-thread__text">{ticket.description}</p>
      <dl className="k-kv">
        <div>
          <dt>{t('feedback.detail.created')}</dt>
          <dd>
            <DateText at={ticket.createTime} withTime />
          </dd>
        </div>
        {ticket.receiverAccount && (
          <div>
            <dt>{t('feedback.detail.receiverAccount')}</dt>
            <dd>{ticket.receiverAccount}</dd>
          </div>
        )}
        <div>
          <dt>{t('feedback.detail.contact')}</dt>
          <dd>{ticket.contact}</dd>
        </div>
        <div>
          <dt>{t('feedback.detail.contactTime')}</dt>
          <dd>{t(`feedback.add.contactTimes.${ticket.contactTime}`)}</dd>
        </div>
        {ticket.receipts.length > 0 && (
          <div>
            <dt>{t('feedback.detail.receipts')}</dt>
            <dd>{t('feedback.detail.receiptCount', { count: ticket.receipts.length })}</dd>
          </div>
        )}
      </dl>
      {ticket.receipts.length > 0 && (
        <Pictures picture={picture} files={ticket.receipts} altKey="feedback.detail.receiptPicture" />
      )}
    </section>
  )
}
