/**
 * feedback_list — the borrower's tickets, newest first, a page at a time: the type, the status (1 and 2 the
 * platform is processing, 3 waiting for the borrower's reply, 4 resolved) and a red dot on a ticket with a reply
 * not read yet. A new ticket starts with the questions that answer most problems (feedback_faq).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { feedbackListView } from '../../machines/feedback-ticket/feedback-ticket-view'
import { Button } from '../../ui/button'
import { DateText } from '../../ui/display'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'
import {
  STATUS_BADGE,
  statusLabelKey,
  typeLabelKey,
  useTicketChild,
  type TicketRef,
} from './parts/ticket-child'

export default function FeedbackListScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const tickets = useTicketChild(journey)
  return (
    <div className="k-page">
      <PageHeader title={t('feedback.list.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">
        {tickets && <Tickets tickets={tickets} />}
        <div className="k-actions">
          <Button block onClick={() => journey.send(routeTo('feedbackFaq'))}>
            {t('feedback.list.new')}
          </Button>
        </div>
      </main>
    </div>
  )
}

function Tickets({ tickets }: { tickets: TicketRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(tickets, feedbackListView)
  const { tickets: list, unreadTickets, loading, failed, error, canMore } = view
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => tickets.send({ type: 'tickets.refreshed' })}
      />
    )
  return (
    <>
      {unreadTickets !== null && (
        <p className="k-notice k-notice--warning" role="status">
          {t('feedback.list.unread', { count: unreadTickets })}
        </p>
      )}
      {view.loadingFirst && <p className="k-muted">{t('ui.loading')}</p>}
      {view.empty && <EmptyState title={t('feedback.list.empty')} text={t('feedback.list.emptyText')} />}
      {view.listed && (
        <ul className="k-list k-card" aria-busy={loading || undefined}>
          {list.map((ticket) => (
            <ListRow
              key={ticket.feedbackId}
              title={t(typeLabelKey(ticket.type))}
              detail={
                <>
                  {/* The badge sits above the summary, not at the row's end: at 360 px a badge beside the text
                      squeezed the summary into a column one word wide. */}
                  <span className={STATUS_BADGE[ticket.status]}>{t(statusLabelKey(ticket.status))}</span>
                  <br />
                  {ticket.summary}
                  <br />
                  <DateText at={ticket.createTime} withTime />
                </>
              }
              marked={ticket.unread}
              markedLabel={t('feedback.list.newReply')}
              onClick={() => tickets.send({ type: 'ticket.opened', feedbackId: ticket.feedbackId })}
            />
          ))}
        </ul>
      )}
      {canMore && (
        <Button
          variant="secondary"
          block
          busy={loading}
          onClick={() => tickets.send({ type: 'tickets.more' })}
        >
          {t('feedback.list.more')}
        </Button>
      )}
    </>
  )
}
