/**
 * What a form does when a submit finds errors (issue 13: "tapping Next with an empty field at the top does nothing
 * visible"): the first field in error — in the order the borrower reads the form — is scrolled to the middle of the
 * screen (clear of the sticky header and the button bar) and focused, and a live region says how many fields need
 * the borrower and what is wrong with the first, so a screen reader hears it too.
 *
 * The kit's fields mark themselves (`k-field--invalid`, `k-field--missing`, `aria-invalid`), so this works on the
 * rendered form and knows no field names: `useErrorFocus()` gives a ref for the form element, `focusFirstError()`
 * to call after a submit (it waits for the errors to render), and the `announcer` element to render in the form.
 */
import { useCallback, useRef, useState, type ReactElement, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'

/** A field in error: the kit's field frames, or any control marked invalid. */
const IN_ERROR = '.k-field--invalid, .k-field--missing, [aria-invalid="true"]'
const CONTROL =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The fields in error inside `root`, outermost frame only, in document order. */
export function fieldsInError(root: ParentNode): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(IN_ERROR))
  return all.filter((el) => !all.some((other) => other !== el && other.contains(el)))
}

/** The control to focus for a field in error: itself when it is one, else its first control. */
export function controlOf(field: HTMLElement): HTMLElement | null {
  if (field.matches(CONTROL)) return field
  return field.querySelector<HTMLElement>(CONTROL)
}

/** "Last name: Enter your last name" — the field's label (without its star) and its error, as shown. */
export function describeField(field: HTMLElement): string {
  const frame = field.closest('.k-field') ?? field
  const label = frame.querySelector('.k-field__label, legend, label')
  const labelText = label
    ? Array.from(label.childNodes)
        .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true'))
        .map((node) => node.textContent ?? '')
        .join('')
        .trim()
    : (field.getAttribute('aria-label') ?? '')
  const error = frame.querySelector('.k-field__error')?.textContent?.trim() ?? ''
  return [labelText, error].filter(Boolean).join(': ')
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Scrolls to and focuses the first field in error inside `root`; returns it (null when there is none). The field
 * is centred, so neither the sticky header nor the sticky button bar covers it.
 */
export function focusFirstError(root: ParentNode): HTMLElement | null {
  const field = fieldsInError(root)[0]
  if (!field) return null
  const control = controlOf(field) ?? field
  // A group taller than half the screen (a list of reasons) is shown from its legend and message down; anything
  // else is centred. The kit's fields keep a scroll margin clear of the sticky header (styles.css).
  const tall = field.matches('fieldset') && field.getBoundingClientRect().height > window.innerHeight / 2
  const behavior = reducedMotion() ? 'auto' : 'smooth'
  if (tall) field.scrollIntoView?.({ block: 'start', behavior })
  else control.scrollIntoView?.({ block: 'center', behavior })
  control.focus({ preventScroll: true })
  return field
}

/** After React has drawn what the last change showed (the errors of a submit). */
const afterRender = (run: () => void) => setTimeout(run, 0)

export interface ErrorFocus {
  formRef: RefObject<HTMLFormElement | null>
  /** Call after a submit: once the errors are drawn, focus the first and announce them. */
  focusFirstError: () => void
  /** The live region; render it inside the form. */
  announcer: ReactElement
}

export function useErrorFocus(): ErrorFocus {
  const { t } = useTranslation()
  const formRef = useRef<HTMLFormElement | null>(null)
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 })
  const focus = useCallback(() => {
    afterRender(() => {
      const form = formRef.current
      if (!form) return
      const fields = fieldsInError(form)
      const first = focusFirstError(form)
      if (!first) return
      setAnnouncement((before) => ({
        text: t('ui.form.errors', { count: fields.length, first: describeField(first) }),
        n: before.n + 1,
      }))
    })
  }, [t])
  // An assertive live region that is always there (a region added together with its words is not reliably read),
  // not a second role="alert" beside the form's own failure notice.
  const announcer = (
    <p className="k-sr" aria-live="assertive" aria-atomic="true">
      {/* A new key each time, so the same words are announced again after another failed submit. */}
      {announcement.text && <span key={announcement.n}>{announcement.text}</span>}
    </p>
  )
  return { formRef, focusFirstError: focus, announcer }
}
