/**
 * Focus management shared by the bottom sheet and the dialog: while `active`, Tab and Shift+Tab cycle inside
 * the container, Escape calls `onEscape`, focus moves in when it opens (to `initialFocus` or the first
 * focusable element) and returns to whatever had it before when it closes.
 *
 * Tab is handled for the whole document, not only inside the container (issue 13: Tab left an open picker): from
 * an element the list of tab stops leaves out (a listbox option with tabindex -1, the sheet itself, the page's
 * body after a tap on the backdrop's edge) the next stop is still inside. Focus that gets out anyway (a script, a
 * screen reader's cursor) is brought back. With a sheet and a dialog open at once, the one opened last traps.
 */
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
}

/** The traps open now, the innermost last: only it handles Tab. */
const openTraps: HTMLElement[] = []

/** The next tab stop of `items` after (or before) `from`, in document order, wrapping around. */
export function nextStop(
  items: readonly HTMLElement[],
  from: Element | null,
  backwards: boolean,
): HTMLElement | undefined {
  if (items.length === 0) return undefined
  const first = items[0]!
  const last = items[items.length - 1]!
  if (!from) return backwards ? last : first
  if (backwards) {
    const before = items.filter(
      (el) => el !== from && (from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0,
    )
    return before[before.length - 1] ?? last
  }
  return (
    items.find(
      (el) => el !== from && (from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    ) ?? first
  )
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
    openTraps.push(container)
    ;(initial.current?.() ?? focusableIn(container)[0] ?? container).focus()
    const innermost = () => openTraps[openTraps.length - 1] === container

    const onKeyDown = (event: KeyboardEvent) => {
      if (!innermost()) return
      if (event.key === 'Escape') {
        event.stopPropagation()
        escape.current()
        return
      }
      if (event.key !== 'Tab') return
      event.preventDefault()
      const active = document.activeElement
      const from = active && container.contains(active) && active !== container ? active : null
      ;(nextStop(focusableIn(container), from, event.shiftKey) ?? container).focus()
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!innermost()) return
      const target = event.target as Node | null
      if (target && !container.contains(target)) (focusableIn(container)[0] ?? container).focus()
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('focusin', onFocusIn)
      const at = openTraps.lastIndexOf(container)
      if (at >= 0) openTraps.splice(at, 1)
      if (before && document.contains(before)) before.focus()
    }
  }, [ref, active])
}
