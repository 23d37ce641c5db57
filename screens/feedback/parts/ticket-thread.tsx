/**
 * The thread of a ticket (feedbackDetail): its messages, oldest first, with their pictures, and the earlier ones a
 * tap away while the ticket child has more (the view's showEarlier).
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { UploadedFile } from '../../../domain/api-types'
import type { FeedbackDetailView } from '../../../machines/feedback-ticket/feedback-ticket-view'
import { Button } from '../../../ui/button'
import { DateText } from '../../../ui/display'
import { usePreviewUrl } from './receipts'

export function Thread({
  view,
  onEarlier,
}: {
  view: FeedbackDetailView
  onEarlier: () => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby="ticket-thread">
      <h2 id="ticket-thread" className="k-section-title">
        {t('feedback.detail.thread')}
      </h2>
      {view.showEarlier && (
        <Button variant="text" busy={view.loadingEarlier} onClick={onEarlier}>
          {t('feedback.detail.earlier')}
        </Button>
      )}
      {view.thread.length === 0 ? (
        <p className="k-muted">{t('feedback.detail.noMessages')}</p>
      ) : (
        <ol className="k-thread">
          {view.thread.map((message) => (
            <li key={message.messageId} className={`k-thread__message k-thread__message--${message.from}`}>
              <span className="k-inline k-small k-muted">
                <span>{t(`feedback.detail.from.${message.from}`)}</span>
                <DateText at={message.createTime} withTime />
              </span>
              <p className="k-thread__text">{message.content}</p>
              {message.attachments.length > 0 && (
                <Pictures
                  picture={view.picture}
                  files={message.attachments}
                  altKey="feedback.detail.picture"
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * The pictures of a message or of the ticket, as the ticket child read them with the session; one still being read
 * says so, one that could not be read says it cannot be shown. No list of its own: a picture is part of its
 * message, not a message of the thread.
 */
export function Pictures({
  picture,
  files,
  altKey,
}: {
  picture: FeedbackDetailView['picture']
  files: readonly UploadedFile[]
  altKey: 'feedback.detail.picture' | 'feedback.detail.receiptPicture'
}): ReactElement {
  return (
    <div className="k-thread__pictures">
      {files.map((file, index) => (
        <Picture key={file.fileId} shown={picture(file.fileId)} alt={altKey} number={index + 1} />
      ))}
    </div>
  )
}

function Picture({
  shown,
  alt,
  number,
}: {
  shown: ReturnType<FeedbackDetailView['picture']>
  alt: string
  number: number
}): ReactElement {
  const { t } = useTranslation()
  const url = usePreviewUrl(shown.state === 'shown' ? shown.image : null)
  if (url) return <img className="k-thread__picture" src={url} alt={t(alt, { number })} />
  return (
    <span className="k-small k-muted">
      {shown.state === 'loading'
        ? t('feedback.detail.pictureLoading', { number })
        : t('feedback.detail.pictureMissing', { number })}
    </span>
  )
}
