/**
 * One ticket in the support inbox: who wrote it (masked by role), its SLA, the description and receipts, the
 * thread both ways with its pictures, the reply form and the status changes the ticket allows.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleTicket, ConsoleTicketFile } from '../../../domain/console-inbox'
import type { FeedbackStatusCode } from '../../../domain/enums'
import type { Message } from '../../../machines/console-calls'
import { Button } from '../../../ui/button'
import { formatDateTime } from '../../../ui/format'
import { SlaBadge } from './sla-badge'
import { TicketReply } from './ticket-reply'

export interface TicketThreadProps {
  ticket: ConsoleTicket
  timeZone: string
  reply: string
  replyError: Message | null
  error: Message | null
  busy: boolean
  canReply: boolean
  picture: string | null
  /** Names of the pictures chosen for the reply. */
  pictures: string[]
  pictureError: Message | null
  canAddPicture: boolean
  onPictureAdded: (file: File) => void
  onPictureRemoved: (index: number) => void
  onReplyChange: (text: string) => void
  onReply: () => void
  onStatus: (status: FeedbackStatusCode) => void
  onPicture: (url: string) => void
  onPictureClosed: () => void
  onClose: () => void
}

function Pictures({
  files,
  onPicture,
}: {
  files: ConsoleTicketFile[]
  onPicture: (url: string) => void
}): ReactElement | null {
  const { t } = useTranslation()
  if (files.length === 0) return null
  return (
    <ul className="c-orders">
      {files.map((f, i) => (
        <li key={f.fileId}>
          <Button variant="secondary" onClick={() => onPicture(f.url)}>
            {t('console.inbox.picture', { n: i + 1 })}
          </Button>
        </li>
      ))}
    </ul>
  )
}

export function TicketThread(props: TicketThreadProps): ReactElement {
  const { ticket, timeZone } = props
  const { t, i18n } = useTranslation()
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone)
  return (
    <article className="k-stack" aria-labelledby="ticket-title">
      <Button variant="secondary" onClick={props.onClose}>
        {t('console.inbox.back')}
      </Button>
      <h2 id="ticket-title" className="k-section-title">
        {t('console.inbox.ticketTitle', { id: ticket.ticketId })}
      </h2>
      <section className="k-card k-stack">
        <p>
          <strong>{ticket.borrowerName ?? t('console.inbox.noName')}</strong>{' '}
          <span className="k-muted">{ticket.borrowerMobile}</span>
        </p>
        <p className="k-small">
          {t(`console.inbox.type.${ticket.type}`)} · {t(`console.inbox.status.${ticket.status}`)} ·{' '}
          {t('console.inbox.opened', { at: at(ticket.createdAt) })}
        </p>
        <SlaBadge ticket={ticket} timeZone={timeZone} />
        <p className="k-small">
          {t('console.inbox.contact', { contact: ticket.contact })}
          {ticket.orderNo ? ` · ${t('console.inbox.order', { orderNo: ticket.orderNo })}` : ''}
          {ticket.receiverAccount
            ? ` · ${t('console.inbox.account', { account: ticket.receiverAccount })}`
            : ''}
        </p>
        <p className="c-ticket__text">{ticket.description}</p>
        <Pictures files={ticket.receipts} onPicture={props.onPicture} />
      </section>
      {props.picture && (
        <figure className="k-card k-stack">
          <img src={props.picture} alt={t('console.inbox.pictureAlt')} className="c-ticket__picture" />
          <Button variant="secondary" onClick={props.onPictureClosed}>
            {t('console.inbox.pictureClose')}
          </Button>
        </figure>
      )}
      <section className="k-stack" aria-labelledby="ticket-thread">
        <h3 id="ticket-thread" className="k-section-title">
          {t('console.inbox.thread')}
        </h3>
        {ticket.messages.length === 0 ? (
          <p className="k-muted">{t('console.inbox.noMessages')}</p>
        ) : (
          <ul className="c-log">
            {ticket.messages.map((m) => (
              <li key={m.messageId} className="c-log__row c-product c-ticket">
                <p className="k-small">
                  <strong>{t(`console.inbox.from.${m.from}`)}</strong> · {at(m.createdAt)}
                </p>
                <p className="c-ticket__text">{m.content}</p>
                <Pictures files={m.attachments} onPicture={props.onPicture} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <TicketReply {...props} />
      {ticket.nextStatuses.length > 0 && (
        <section className="k-stack" aria-labelledby="ticket-status">
          <h3 id="ticket-status" className="k-section-title">
            {t('console.inbox.changeStatus')}
          </h3>
          <div className="c-orders">
            {ticket.nextStatuses.map((s) => (
              <Button key={s} variant="secondary" disabled={props.busy} onClick={() => props.onStatus(s)}>
                {t(`console.inbox.moveTo.${s}`)}
              </Button>
            ))}
          </div>
        </section>
      )}
    </article>
  )
}
