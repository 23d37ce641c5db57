/**
 * feedbackDetail — one ticket: what the borrower wrote (with its receipts), its status, and the thread of messages
 * with customer service, with their pictures; a long thread opens on its latest messages with the earlier ones a
 * tap away. While the ticket is open the borrower can leave a message with pictures (compressed on the phone and
 * uploaded with their progress, like a new ticket's receipts); once it is resolved (4) and not yet rated, they can
 * rate the answer from 1 to 5 stars. What is allowed comes from the ticket child (`can`).
 */
import { useSelector } from '@xstate/react'
import { useId, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { UploadedFile } from '../../domain/api-types'
import { FEEDBACK_MESSAGE_MAX } from '../../domain/schemas/feedback'
import { Button } from '../../ui/button'
import { DateText } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { Receipts, usePreviewUrl, type ReceiptTexts } from './parts/receipts'
import {
  STATUS_BADGE,
  statusLabelKey,
  typeLabelKey,
  useTicketChild,
  type TicketRef,
} from './parts/ticket-child'
import './parts/feedback.css'

const STARS = [1, 2, 3, 4, 5] as const
/** The star drawn in each rating button (the button itself is named "3 stars" for screen readers). */
const STAR_GLYPH = '\u2605'
/** The texts of a message's pictures (the list is the one of a new ticket's receipts). */
const ATTACHMENT_TEXTS: ReceiptTexts = {
  legend: 'feedback.detail.attachments',
  hint: 'feedback.detail.attachmentsHint',
  full: 'feedback.detail.attachmentsFull',
  add: 'feedback.detail.attach',
}

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
  const ticket = useSelector(tickets, (s) => s.context.ticket)
  const failed = useSelector(tickets, (s) => s.hasTag('loadFailed'))
  const error = useSelector(tickets, (s) => s.context.error)
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => tickets.send({ type: 'tickets.refreshed' })}
      />
    )
  if (!ticket) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <>
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
          <Pictures tickets={tickets} files={ticket.receipts} altKey="feedback.detail.receiptPicture" />
        )}
      </section>
      <Thread tickets={tickets} />
      <MessageBox tickets={tickets} />
      <Rating tickets={tickets} />
    </>
  )
}

function Thread({ tickets }: { tickets: TicketRef }): ReactElement {
  const { t } = useTranslation()
  const messages = useSelector(tickets, (s) => s.context.thread)
  const earlier = useSelector(tickets, (s) => s.can({ type: 'thread.earlier' }))
  const loadingEarlier = useSelector(tickets, (s) => s.hasTag('loadingEarlier'))
  return (
    <section className="k-card k-stack" aria-labelledby="ticket-thread">
      <h2 id="ticket-thread" className="k-section-title">
        {t('feedback.detail.thread')}
      </h2>
      {(earlier || loadingEarlier) && (
        <Button
          variant="text"
          busy={loadingEarlier}
          onClick={() => tickets.send({ type: 'thread.earlier' })}
        >
          {t('feedback.detail.earlier')}
        </Button>
      )}
      {messages.length === 0 ? (
        <p className="k-muted">{t('feedback.detail.noMessages')}</p>
      ) : (
        <ol className="k-thread">
          {messages.map((message) => (
            <li key={message.messageId} className={`k-thread__message k-thread__message--${message.from}`}>
              <span className="k-inline k-small k-muted">
                <span>{t(`feedback.detail.from.${message.from}`)}</span>
                <DateText at={message.createTime} withTime />
              </span>
              <p className="k-thread__text">{message.content}</p>
              {message.attachments.length > 0 && (
                <Pictures tickets={tickets} files={message.attachments} altKey="feedback.detail.picture" />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function MessageBox({ tickets }: { tickets: TicketRef }): ReactElement | null {
  const { t } = useTranslation()
  const boxId = useId()
  const open = useSelector(tickets, (s) => s.can({ type: 'message.sent' }))
  const value = useSelector(tickets, (s) => s.context.messageText)
  const sending = useSelector(tickets, (s) => s.hasTag('sending'))
  const error = useSelector(tickets, (s) => s.context.error)
  if (!open && !sending) return null
  return (
    <form
      className="k-card k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        tickets.send({ type: 'message.sent' })
      }}
    >
      <label htmlFor={boxId} className="k-field__label">
        {t('feedback.detail.message')}
      </label>
      <textarea
        id={boxId}
        className="k-input"
        rows={3}
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={value}
        onChange={(event) => tickets.send({ type: 'message.changed', text: event.target.value })}
      />
      <Receipts tickets={tickets} texts={ATTACHMENT_TEXTS} showError={false} />
      <MessageNotice message={error} />
      <Button type="submit" block busy={sending}>
        {t('feedback.detail.send')}
      </Button>
    </form>
  )
}

/**
 * The pictures of a message or of the ticket, as the ticket child read them with the session; one still being read
 * says so, one that could not be read says it cannot be shown. No list of its own: a picture is part of its
 * message, not a message of the thread.
 */
function Pictures({
  tickets,
  files,
  altKey,
}: {
  tickets: TicketRef
  files: readonly UploadedFile[]
  altKey: 'feedback.detail.picture' | 'feedback.detail.receiptPicture'
}): ReactElement {
  return (
    <div className="k-thread__pictures">
      {files.map((file, index) => (
        <Picture key={file.fileId} tickets={tickets} file={file} alt={altKey} number={index + 1} />
      ))}
    </div>
  )
}

function Picture({
  tickets,
  file,
  alt,
  number,
}: {
  tickets: TicketRef
  file: UploadedFile
  alt: string
  number: number
}): ReactElement {
  const { t } = useTranslation()
  const image = useSelector(tickets, (s) => s.context.images[file.fileId])
  const pending = useSelector(
    tickets,
    (s) =>
      !s.context.imagesAsked.includes(file.fileId) ||
      s.context.imagesLoading.some((f) => f.fileId === file.fileId),
  )
  const url = usePreviewUrl(image)
  if (url) return <img className="k-thread__picture" src={url} alt={t(alt, { number })} />
  return (
    <span className="k-small k-muted">
      {pending ? t('feedback.detail.pictureLoading', { number }) : t('feedback.detail.pictureMissing', { number })}
    </span>
  )
}

function Rating({ tickets }: { tickets: TicketRef }): ReactElement | null {
  const { t } = useTranslation()
  const legendId = useId()
  const [stars, setStars] = useState<number | null>(null)
  const rated = useSelector(tickets, (s) => s.context.ticket?.rating ?? null)
  const canRate = useSelector(tickets, (s) => s.can({ type: 'ticket.rated', rating: 1 }))
  const rating = useSelector(tickets, (s) => s.hasTag('rating'))
  if (rated !== null)
    return (
      <p className="k-card" role="status">
        {t('feedback.detail.rated', { count: rated })}
      </p>
    )
  if (!canRate && !rating) return null
  return (
    <form
      className="k-card k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (stars) tickets.send({ type: 'ticket.rated', rating: stars })
      }}
    >
      <fieldset className="k-field" aria-labelledby={legendId}>
        <legend id={legendId} className="k-field__label">
          {t('feedback.detail.rate')}
        </legend>
        <div className="k-stars" role="radiogroup" aria-labelledby={legendId}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={stars === n}
              aria-label={t('feedback.detail.stars', { count: n })}
              className={stars !== null && n <= stars ? 'k-star k-star--on' : 'k-star'}
              onClick={() => setStars(n)}
            >
              <span aria-hidden="true">{STAR_GLYPH}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <Button type="submit" block busy={rating} disabled={stars === null}>
        {t('feedback.detail.sendRating')}
      </Button>
    </form>
  )
}
