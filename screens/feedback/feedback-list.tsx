/**
 * feedback_list — the borrower's tickets, newest first, a page at a time: the type, the status (1 and 2 the
 * platform is processing, 3 waiting for the borrower's reply, 4 resolved) and a red dot on a ticket with a reply
 * not read yet. A new ticket starts with the questions that answer most problems (feedback_faq).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { DateText } from '../../ui/display'
import { ListRow } from '../../ui/list-row'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
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
  const list = useSelector(tickets, (s) => s.context.tickets)
  const unread = useSelector(tickets, (s) => s.context.unread)
  const loading = useSelector(tickets, (s) => s.hasTag('busy'))
  const failed = useSelector(tickets, (s) => s.hasTag('loadFailed'))
  const error = useSelector(tickets, (s) => s.context.error)
  const canMore = useSelector(tickets, (s) => s.can({ type: 'tickets.more' }))
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => tickets.send({ type: 'tickets.refreshed' })}
      />
    )
  return (
    <>
      {unread > 0 && (
        <p className="k-notice k-notice--warning" role="status">
          {t('feedback.list.unread', { count: unread })}
        </p>
      )}
      {list.length === 0 && loading && <p className="k-muted">{t('ui.loading')}</p>}
      {list.length === 0 && !loading && (
        <EmptyState title={t('feedback.list.empty')} text={t('feedback.list.emptyText')} />
      )}
      {list.length > 0 && (
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
