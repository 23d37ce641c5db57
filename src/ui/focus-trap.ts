/**
 * Focus management shared by the bottom sheet and the dialog: while `active`, Tab and Shift+Tab cycle inside
 * the container, Escape calls `onEscape`, focus moves in when it opens (to `initialFocus` or the first
 * focusable element) and returns to whatever had it before when it closes.
 */
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
}

export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  initialFocus?: () => HTMLElement | null | undefined,
): void {
  const escape = useRef(onEscape)
  const initial = useRef(initialFocus)
  useEffect(() => {
    escape.current = onEscape
    initial.current = initialFocus
  })

  useEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const before = document.activeElement as HTMLElement | null
    ;(initial.current?.() ?? focusableIn(container)[0] ?? container).focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        escape.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusableIn(container)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    container.addEventListener('keydown', onKeyDown)
    return () => {
      container.removeEventListener('keydown', onKeyDown)
      if (before && document.contains(before)) before.focus()
    }
  }, [ref, active])
}
