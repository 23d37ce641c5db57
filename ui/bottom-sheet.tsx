/**
 * A bottom sheet at half the screen's height (spec §9 "Picker height 50 percent"): a modal dialog with a title,
 * a close button, a focus trap, Escape and a tap on the backdrop to close. Rendered into document.body.
 */
import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { useFocusTrap } from './focus-trap'
import { Icon } from './icons'

export interface BottomSheetProps {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** The element to focus on opening (default: the first focusable one). */
  initialFocus?: () => HTMLElement | null | undefined
}

export function BottomSheet({
  open,
  title,
  onClose,
  children,
  initialFocus,
}: BottomSheetProps): ReactElement | null {
  const { t } = useTranslation()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, open, onClose, initialFocus)
  useEffect(() => {
    if (!open) return
    const before = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = before
    }
  }, [open])
  if (!open) return null
  return createPortal(
    <div className="k-backdrop" onClick={onClose}>
      <div
        ref={ref}
        className="k-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="k-sheet__head">
          <h2 id={titleId} className="k-sheet__title">
            {title}
          </h2>
          <button type="button" className="k-icon-btn" aria-label={t('ui.sheet.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
