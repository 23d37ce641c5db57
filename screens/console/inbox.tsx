/**
 * The support inbox (roles with `tickets.answer`): the borrowers' tickets by status — those the platform owes an
 * answer the soonest due first, each with its SLA — and a ticket opened with its thread, receipts, the reply form
 * and its status changes (screens/console/parts/ticket-thread.tsx).
 */
import { useSelector } from '@xstate/react'
import { useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { INBOX_FILTERS } from '../../domain/console-inbox'
import { inboxView, type consoleInboxMachine } from '../../machines/console-inbox.machine'
import { Button } from '../../ui/button'
import { formatDateTime } from '../../ui/format'
import { ErrorState } from '../../ui/states'
import { useToast } from '../../ui/toast'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { SlaBadge } from './parts/sla-badge'
import { TicketThread } from './parts/ticket-thread'

type InboxRef = ActorRefFrom<typeof consoleInboxMachine>

function Inbox({ inbox }: { inbox: InboxRef }): ReactElement {
  const { t, i18n } = useTranslation()
  const text = useMessageText()
  const view = useView(inbox, inboxView)
  const toast = useToast()
  useEffect(() => {
    if (view.done && view.ticket) toast.show(`console.inbox.done.${view.done}`)
    // Once per change: the machine clears `done` when another ticket is opened.
  }, [view.done, view.ticket?.updatedAt]) // eslint-disable-line react-hooks/exhaustive-deps
  if (view.failed)
    return (
      <>
        <ErrorState
          text={view.error ? text(view.error) : undefined}
          onRetry={() => inbox.send({ type: 'inbox.retried' })}
        />
        <Button variant="secondary" onClick={() => inbox.send({ type: 'inbox.ticketClosed' })}>
          {t('console.inbox.back')}
        </Button>
      </>
    )
  if (view.ticket)
    return (
      <TicketThread
        ticket={view.ticket}
        timeZone={view.timeZone}
        reply={view.reply}
        replyError={view.replyError}
        error={view.error}
        busy={view.busy}
        canReply={view.canReply}
        picture={view.picture}
        pictures={view.pictures}
        pictureError={view.pictureError}
        canAddPicture={view.canAddPicture}
        onPictureAdded={(file) => inbox.send({ type: 'inbox.pictureAdded', file })}
        onPictureRemoved={(index) => inbox.send({ type: 'inbox.pictureRemoved', index })}
        onReplyChange={(value) => inbox.send({ type: 'inbox.replyChanged', text: value })}
        onReply={() => inbox.send({ type: 'inbox.replySent' })}
        onStatus={(status) => inbox.send({ type: 'inbox.statusChosen', status })}
        onPicture={(url) => inbox.send({ type: 'inbox.receiptOpened', url })}
        onPictureClosed={() => inbox.send({ type: 'inbox.receiptClosed' })}
        onClose={() => inbox.send({ type: 'inbox.ticketClosed' })}
      />
    )
  return (
    <>
      <div className="c-inbox-filters" role="group" aria-label={t('console.inbox.filters')}>
        {INBOX_FILTERS.map((f) => (
          <Button
            key={f}
            variant={view.filter === f ? 'primary' : 'secondary'}
            aria-pressed={view.filter === f}
            onClick={() => inbox.send({ type: 'inbox.filterChosen', filter: f })}
          >
            {t(`console.inbox.filter.${f}`)}
          </Button>
        ))}
      </div>
      <MessageNotice message={view.error} />
      {view.tickets && (
        <section className="k-stack" aria-labelledby="inbox-found">
          <h2 id="inbox-found" className="k-section-title">
            {t('console.inbox.count', { count: view.total })}
          </h2>
          {view.tickets.length === 0 ? (
            <p className="k-muted">{t('console.inbox.empty')}</p>
          ) : (
            <ul className="c-log">
              {view.tickets.map((ticket) => (
                <li key={ticket.ticketId} className="c-log__row c-product c-ticket">
                  <p className="c-log__what">{ticket.summary}</p>
                  <p>
                    <Button
                      variant="secondary"
                      onClick={() => inbox.send({ type: 'inbox.ticketOpened', ticketId: ticket.ticketId })}
                    >
                      {t('console.inbox.open', { id: ticket.ticketId })}
                    </Button>
                  </p>
                  <p className="k-small">
                    <strong>{ticket.borrowerName ?? t('console.inbox.noName')}</strong>{' '}
                    {ticket.borrowerMobile} · {t(`console.inbox.type.${ticket.type}`)} ·{' '}
                    {t(`console.inbox.status.${ticket.status}`)} ·{' '}
                    {t('console.inbox.opened', {
                      at: formatDateTime(ticket.createdAt, i18n.language, view.timeZone),
                    })}
                  </p>
                  <SlaBadge ticket={ticket} timeZone={view.timeZone} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  )
}

export default function InboxScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const inbox = useSelector(app, (s) => s.children.inboxDesk)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.inbox.title')}</h1>
      <p className="k-muted">{t('console.inbox.intro')}</p>
      {inbox ? <Inbox inbox={inbox} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
