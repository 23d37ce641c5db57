/**
 * A message the borrower must see now — a failure of the whole form (no connection, the server refused) — as an
 * alert: announced at once, and brought into view when it appears or changes, wherever the borrower had scrolled
 * (issue 13: "the offline message appears at the bottom of the form, out of view").
 */
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react'

export interface AlertNoticeProps {
  children: ReactNode
  /** What identifies this message: a new one is brought into view again (default: the text shown). */
  id?: string
}

export function AlertNotice({ children, id }: AlertNoticeProps): ReactElement {
  const ref = useRef<HTMLParagraphElement>(null)
  const key = id ?? (typeof children === 'string' ? children : undefined)
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [key])
  return (
    <p ref={ref} className="k-notice k-notice--danger" role="alert">
      {children}
    </p>
  )
}
