/**
 * The reply to a ticket in the support inbox: the text, up to three pictures, and Send; the ticket's status moves
 * to "waiting for the borrower" with it (server/console/tickets.ts).
 */
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { TICKET_REPLY_MAX } from '../../../domain/console-inbox'
import { Button } from '../../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../../ui/field-frame'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import type { TicketThreadProps } from './ticket-thread'

type TicketReplyProps = Pick<
  TicketThreadProps,
  | 'reply'
  | 'replyError'
  | 'error'
  | 'busy'
  | 'canReply'
  | 'pictures'
  | 'pictureError'
  | 'canAddPicture'
  | 'onPictureAdded'
  | 'onPictureRemoved'
  | 'onReplyChange'
  | 'onReply'
>

export function TicketReply(props: TicketReplyProps): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const ids = fieldIds(useId())
  const replyMessage = props.replyError ? text(props.replyError) : null
  const pictureIds = fieldIds(useId())
  const pictureMessage = props.pictureError ? text(props.pictureError) : null
  const send = (event: FormEvent) => {
    event.preventDefault()
    props.onReply()
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={send} aria-label={t('console.inbox.replyForm')}>
      <FieldFrame ids={ids} label={t('console.inbox.reply')} required error={replyMessage}>
        <textarea
          id={ids.controlId}
          className="k-input"
          name="reply"
          rows={4}
          maxLength={TICKET_REPLY_MAX + 100}
          value={props.reply}
          aria-required
          aria-invalid={replyMessage ? true : undefined}
          aria-describedby={describedBy(ids, undefined, replyMessage)}
          onChange={(event) => props.onReplyChange(event.target.value)}
        />
      </FieldFrame>
      <FieldFrame
        ids={pictureIds}
        label={t('console.inbox.pictures')}
        hint={t('console.inbox.picturesHint')}
        error={pictureMessage}
      >
        <input
          id={pictureIds.controlId}
          type="file"
          className="k-input"
          accept="image/jpeg,image/png,image/webp"
          disabled={!props.canAddPicture}
          aria-invalid={pictureMessage ? true : undefined}
          aria-describedby={describedBy(pictureIds, t('console.inbox.picturesHint'), pictureMessage)}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) props.onPictureAdded(file)
            event.target.value = ''
          }}
        />
      </FieldFrame>
      {props.pictures.length > 0 && (
        <ul className="c-orders">
          {props.pictures.map((name, i) => (
            <li key={`${i}-${name}`}>
              {name}{' '}
              <Button variant="text" onClick={() => props.onPictureRemoved(i)}>
                {t('console.inbox.pictureRemove', { name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" busy={props.busy} disabled={!props.canReply}>
        {t('console.inbox.send')}
      </Button>
      <MessageNotice message={props.error} />
    </form>
  )
}
