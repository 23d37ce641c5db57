/**
 * A text field of a console form whose value lives in its machine (so nothing typed is lost when the session ends):
 * the kit's field frame — label, the message at the field, the required star — around a plain input.
 */
import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react'
import { FieldFrame, describedBy, fieldIds } from '../../../ui/field-frame'
import type { Message } from '../../../machines/console-calls'
import { useMessageText } from '../../shared/message-text'

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'autoCapitalize' | 'spellCheck' | 'enterKeyHint'
>

export interface ConsoleTextFieldProps extends InputAttributes {
  name: string
  label: ReactNode
  value: string
  error?: Message | null
  hint?: ReactNode
  required?: boolean
  onChange: (value: string) => void
}

export function ConsoleTextField({
  name,
  label,
  value,
  error,
  hint,
  required,
  onChange,
  ...attributes
}: ConsoleTextFieldProps): ReactElement {
  const ids = fieldIds(useId())
  const text = useMessageText()
  const message = error ? text(error) : null
  return (
    <FieldFrame ids={ids} label={label} required={required} hint={hint} error={message}>
      <input
        id={ids.controlId}
        className="k-input"
        name={name}
        value={value}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(ids, hint, message)}
        onChange={(event) => onChange(event.target.value)}
        {...attributes}
      />
    </FieldFrame>
  )
}
