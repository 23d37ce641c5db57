/**
 * The frame around every form control: the label (with a star when required), the control, the hint, and the
 * translated error below, on a line kept for it (shown or not: no layout shift under the borrower's finger). `missing` draws the red line of spec §5 ("required fields are starred and show a red
 * line when empty"); `error` is an i18n key (from validateWith) or a message the server already translated.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface FieldIds {
  controlId: string
  labelId: string
  hintId: string
  errorId: string
}

export function fieldIds(controlId: string): FieldIds {
  return {
    controlId,
    labelId: `${controlId}-label`,
    hintId: `${controlId}-hint`,
    errorId: `${controlId}-error`,
  }
}

/** The aria-describedby of a control: its hint and its shown error. */
export function describedBy(ids: FieldIds, hint: unknown, error: unknown): string | undefined {
  return [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ') || undefined
}

export interface FieldFrameProps {
  ids: FieldIds
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  /** The error to show now (an i18n key or a translated message), or nothing. */
  error?: string | null
  errorValues?: Record<string, unknown>
  /** Required and still empty after the borrower left the field: the red line. */
  missing?: boolean
  /** A group of controls (radios, boxes, selects): a fieldset with a legend instead of a label. */
  group?: boolean
  /**
   * A group longer than the screen (a list of reasons in a sheet): its hint and error go under the legend, above
   * the options, where the borrower looks when the group is brought into view — not under the last option.
   */
  messagesFirst?: boolean
  className?: string
  children: ReactNode
}

export function FieldFrame({
  ids,
  label,
  required,
  hint,
  error,
  errorValues,
  missing,
  group,
  messagesFirst,
  className,
  children,
}: FieldFrameProps): ReactElement {
  const classes = ['k-field', missing && 'k-field--missing', error && 'k-field--invalid', className]
  const caption = (
    <>
      {label}
      {required && (
        <span className="k-field__star" aria-hidden="true">
          *
        </span>
      )}
    </>
  )
  const messages = <FieldMessages ids={ids} hint={hint} error={error} errorValues={errorValues} />
  if (group) {
    return (
      <fieldset
        className={classes.filter(Boolean).join(' ')}
        aria-labelledby={ids.labelId}
        aria-describedby={describedBy(ids, hint, error)}
      >
        <legend id={ids.labelId} className="k-field__label">
          {caption}
        </legend>
        {messagesFirst && messages}
        {children}
        {!messagesFirst && messages}
      </fieldset>
    )
  }
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label id={ids.labelId} htmlFor={ids.controlId} className="k-field__label">
        {caption}
      </label>
      {children}
      {messages}
    </div>
  )
}

/** An i18n key looks like `validation.name.required`; anything else is a message the server already translated. */
const I18N_KEY = /^[\w-]+(\.[\w-]+)+$/

/** The hint and the translated error of a field. */
export function FieldMessages({
  ids,
  hint,
  error,
  errorValues,
}: Pick<FieldFrameProps, 'ids' | 'hint' | 'error' | 'errorValues'>): ReactElement {
  const { t } = useTranslation()
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="k-field__hint">
          {hint}
        </p>
      )}
      {/* The error's line is kept even when empty, so an error appearing never moves the controls below it. */}
      <div className="k-field__slot">
        {error && (
          <p id={ids.errorId} className="k-field__error">
            {I18N_KEY.test(error) ? t(error, errorValues) : error}
          </p>
        )}
      </div>
    </>
  )
}
