/**
 * The receipt images of a new ticket (the feedback ticket child's `receipts`): each is compressed and uploaded as
 * soon as it is added, with its progress; a failed one can be tried again or removed. Receipts are mostly
 * screenshots of a payment message, so the picker opens the gallery as well as the camera (the kit's
 * ImageCapture goes straight to the camera). At most the configured number (3 by default), each at most 20 MB:
 * the machine refuses anything else with the domain's message. The same list, with its own texts, holds the images
 * of a message on a ticket's detail (`texts`; the message box shows the machine's message there).
 */
import { useEffect, useId, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { receiptsView } from '../../../machines/feedback-ticket/feedback-ticket-view'
import type { ReceiptRow as Row } from '../../../machines/kit/upload-queue'
import { UPLOAD_IMAGE_TYPES } from '../../../domain/schemas/common'
import { Button } from '../../../ui/button'
import { Icon } from '../../../ui/icons'
import { ProgressBar } from '../../../ui/progress-bar'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { useView } from '../../shared/use-view'
import type { TicketRef } from './ticket-child'

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',')

/** The texts of the list: a new ticket's receipts by default. */
export interface ReceiptTexts {
  legend: string
  hint: string
  full: string
  add: string
}

const RECEIPT_TEXTS: ReceiptTexts = {
  legend: 'feedback.add.receipts',
  hint: 'feedback.add.receiptsHint',
  full: 'feedback.add.receiptsFull',
  add: 'feedback.add.addReceipt',
}

/** An object URL for a Blob, revoked when the Blob changes or the preview goes away. */
export function usePreviewUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

export function Receipts({
  tickets,
  texts = RECEIPT_TEXTS,
  showError = true,
}: {
  tickets: TicketRef
  texts?: ReceiptTexts
  /** Whether the machine's message is shown here (not where another part of the screen shows it). */
  showError?: boolean
}): ReactElement {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const labelId = useId()
  const { receipts, max, full, error } = useView(tickets, receiptsView)
  return (
    <fieldset className="k-field" aria-labelledby={labelId}>
      <legend id={labelId} className="k-field__label">
        {t(texts.legend)}
      </legend>
      <p className="k-field__hint">{t(texts.hint, { count: max })}</p>
      {receipts.length > 0 && (
        <ul className="k-list">
          {receipts.map((receipt) => (
            <ReceiptRow key={receipt.localId} receipt={receipt} tickets={tickets} />
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (chosen) tickets.send({ type: 'receipt.added', file: chosen })
        }}
      />
      {full ? (
        <p className="k-muted">{t(texts.full, { count: max })}</p>
      ) : (
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <Icon name="camera" />
          {t(texts.add)}
        </Button>
      )}
      {showError && <MessageNotice message={error} />}
    </fieldset>
  )
}

function ReceiptRow({ receipt, tickets }: { receipt: Row; tickets: TicketRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const preview = usePreviewUrl(receipt.file)
  return (
    <li className="k-row">
      {preview && (
        <img
          src={preview}
          alt={t('feedback.add.receiptPreview', { name: receipt.name })}
          width={48}
          height={48}
        />
      )}
      <span className="k-row__main">
        <span className="k-row__title">{receipt.name}</span>
        <span className="k-row__detail">{t(`feedback.add.receiptStatus.${receipt.status}`)}</span>
        {receipt.uploading && (
          <ProgressBar
            value={receipt.progress}
            label={t('ui.image.uploading', { percent: receipt.percent })}
          />
        )}
        {receipt.error && <span className="k-field__error">{text(receipt.error)}</span>}
      </span>
      <span className="k-inline">
        {receipt.retryable && (
          <Button
            variant="text"
            onClick={() => tickets.send({ type: 'receipt.retried', localId: receipt.localId })}
          >
            {t('feedback.add.retry')}
          </Button>
        )}
        <Button
          variant="text"
          aria-label={t('feedback.add.removeReceipt', { name: receipt.name })}
          onClick={() => tickets.send({ type: 'receipt.removed', localId: receipt.localId })}
        >
          {t('feedback.add.remove')}
        </Button>
      </span>
    </li>
  )
}
