/**
 * A modal confirm/cancel dialog: focus moves into it (to the confirm button), Tab stays inside, Escape or the
 * cancel button cancels, and focus returns where it was. Without `onCancel` it is a plain message with one button.
 */
import { useId, useRef, type ReactElement, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { useFocusTrap } from './focus-trap'

export interface DialogProps {
  open: boolean
  title: ReactNode
  children?: ReactNode
  onConfirm: () => void
  /** Without it the dialog only informs (no cancel button; Escape confirms). */
  onCancel?: () => void
  confirmLabel?: string
  cancelLabel?: string
  /** A destructive action (cancel the loan, delete the account) gets the danger style. */
  danger?: boolean
}

export function Dialog({
  open,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  danger,
}: DialogProps): ReactElement | null {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const bodyId = useId()
  useFocusTrap(ref, open, onCancel ?? onConfirm, () => confirmRef.current)
  if (!open) return null
  return createPortal(
    <div className="k-backdrop k-backdrop--center">
      <div
        ref={ref}
        className="k-dialog"
        role={onCancel ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
      >
        <h2 id={titleId} className="k-dialog__title">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="k-dialog__body">
            {children}
          </div>
        )}
        <div className="k-dialog__actions">
          {onCancel && (
            <button type="button" className="k-btn k-btn--secondary" onClick={onCancel}>
              {cancelLabel ?? t('ui.dialog.cancel')}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={danger ? 'k-btn k-btn--danger' : 'k-btn k-btn--primary'}
            onClick={onConfirm}
          >
            {confirmLabel ?? t('ui.dialog.confirm')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
