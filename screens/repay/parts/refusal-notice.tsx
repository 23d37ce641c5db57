/** Why no rollover can be taken, focused once shown (screens/repay/parts/rollover-offer.tsx). */
import { useEffect, useRef, type ReactElement } from 'react'
import type { Message } from '../../../machines/kit/call-failure'
import { useMessageText } from '../../shared/message-text'

/** Why no rollover can be taken, as the alert at the top of the screen: focused (so in view and read) once shown. */
export function RefusalNotice({ message }: { message: Message | null }): ReactElement | null {
  const text = useMessageText()
  const ref = useRef<HTMLParagraphElement>(null)
  const shown = message !== null
  useEffect(() => {
    if (!shown) return
    ref.current?.focus()
    ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [shown])
  if (!message) return null
  return (
    <p ref={ref} tabIndex={-1} className="k-notice k-notice--danger" role="alert">
      {text(message)}
    </p>
  )
}
