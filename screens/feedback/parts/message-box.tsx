/**
 * The message box of an open ticket (feedbackDetail): the text and its pictures (the list of a new ticket's
 * receipts, with its own texts), shown while the ticket child lets a message be sent or one is on its way.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_MESSAGE_MAX } from '../../../domain/schemas/feedback'
import type { FeedbackDetailView } from '../../../machines/feedback-ticket/feedback-ticket-view'
import { Button } from '../../../ui/button'
import { MessageNotice } from '../../shared/message-text'
import { Receipts, type ReceiptTexts } from './receipts'
import type { TicketRef } from './ticket-child'

/** The texts of a message's pictures (the list is the one of a new ticket's receipts). */
const ATTACHMENT_TEXTS: ReceiptTexts = {
  legend: 'feedback.detail.attachments',
  hint: 'feedback.detail.attachmentsHint',
  full: 'feedback.detail.attachmentsFull',
  add: 'feedback.detail.attach',
}

export function MessageBox({
  view,
  tickets,
}: {
  view: FeedbackDetailView
  tickets: TicketRef
}): ReactElement | null {
  const { t } = useTranslation()
  const boxId = useId()
  if (!view.messageOpen) return null
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
        value={view.messageText}
        onChange={(event) => tickets.send({ type: 'message.changed', text: event.target.value })}
      />
      <Receipts tickets={tickets} texts={ATTACHMENT_TEXTS} showError={false} />
      <MessageNotice message={view.error} />
      <Button type="submit" block busy={view.sending}>
        {t('feedback.detail.send')}
      </Button>
    </form>
  )
}
