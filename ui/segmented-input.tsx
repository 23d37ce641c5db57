/**
 * A number typed into a row of boxes: the 6-digit SMS code (one digit a box) and Tanzania's NIDA number (boxes of
 * 8, 5, 5 and 2 digits). Digits only; a full box moves focus to the next one; Backspace in an empty box goes
 * back; a paste (or the keyboard's one-time-code autofill) spreads over the boxes.
 */
import { useRef, type ClipboardEvent, type CSSProperties, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { NIDA_PARTS, NIDA_LENGTH, isNidaPartComplete, joinNida, splitNida } from '../domain/identity-numbers'

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** Writes `digits` into the boxes from `from` onwards, each box taking as many as it holds. */
export function spreadDigits(
  parts: readonly string[],
  lengths: readonly number[],
  from: number,
  digits: string,
): string[] {
  const next = lengths.map((_, i) => parts[i] ?? '')
  let rest = digits
  for (let i = from; i < lengths.length && rest; i++) {
    const length = lengths[i] ?? 0
    next[i] = rest.slice(0, length)
    rest = rest.slice(length)
  }
  return next
}

interface AriaProps {
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
}

interface SegmentedInputProps extends AriaProps {
  id?: string
  lengths: readonly number[]
  parts: readonly string[]
  onPartsChange: (parts: string[]) => void
  /** A whole number pasted at once, spread over every box. */
  splitAll: (digits: string) => readonly string[]
  isComplete: (index: number, part: string) => boolean
  boxLabel: (index: number) => string
  onBlur?: () => void
  onFocus?: () => void
  autoComplete?: string
  className?: string
}

function SegmentedInput({
  id,
  lengths,
  parts,
  onPartsChange,
  splitAll,
  isComplete,
  boxLabel,
  onBlur,
  onFocus,
  autoComplete,
  className,
  ...aria
}: SegmentedInputProps): ReactElement {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const total = lengths.reduce((sum, n) => sum + n, 0)

  const apply = (next: string[]) => {
    onPartsChange(next)
    const open = next.findIndex((part, i) => !isComplete(i, part))
    boxes.current[open < 0 ? lengths.length - 1 : open]?.focus()
  }
  const fill = (index: number, digits: string) =>
    apply(digits.length >= total ? [...splitAll(digits)] : spreadDigits(parts, lengths, index, digits))

  const onChange = (index: number, text: string) => {
    const digits = digitsOf(text)
    if (digits.length > (lengths[index] ?? 0)) return fill(index, digits)
    const next = lengths.map((_, i) => parts[i] ?? '')
    next[index] = digits
    onPartsChange(next)
    if (isComplete(index, digits)) boxes.current[index + 1]?.focus()
  }
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(event.clipboardData.getData('text'))
    if (!digits) return
    event.preventDefault()
    fill(index, digits)
  }
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace' || (parts[index] ?? '') !== '' || index === 0) return
    event.preventDefault()
    const next = lengths.map((_, i) => parts[i] ?? '')
    next[index - 1] = next[index - 1]!.slice(0, -1)
    onPartsChange(next)
    boxes.current[index - 1]?.focus()
  }

  return (
    <div className={`k-segments ${className ?? ''}`} role="group" aria-labelledby={aria['aria-labelledby']}>
      {lengths.map((length, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el
          }}
          id={index === 0 ? id : undefined}
          className="k-input k-segment"
          style={{ '--k-len': length } as CSSProperties}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? autoComplete : 'off'}
          aria-label={boxLabel(index)}
          aria-describedby={aria['aria-describedby']}
          aria-invalid={aria['aria-invalid']}
          aria-required={aria['aria-required']}
          value={parts[index] ?? ''}
          onChange={(event) => onChange(index, event.target.value)}
          onPaste={(event) => onPaste(index, event)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onBlur={onBlur}
          onFocus={onFocus}
        />
      ))}
    </div>
  )
}

export interface NumberBoxesProps extends AriaProps {
  id?: string
  value: string | null | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  onFocus?: () => void
}

/** The NIDA number in four boxes of 8-5-5-2 digits; the value is dash-joined (12345678-12345-00002-26), '' when empty. */
export function NidaInput({ value, onChange, ...rest }: NumberBoxesProps): ReactElement {
  const { t } = useTranslation()
  const text = value ?? ''
  const parts = text.includes('-') ? text.split('-') : splitNida(text)
  return (
    <SegmentedInput
      {...rest}
      className="k-segments--nida"
      lengths={NIDA_PARTS}
      parts={parts}
      onPartsChange={(next) => onChange(next.every((p) => p === '') ? '' : joinNida(next))}
      splitAll={(digits) => splitNida(digits.slice(0, NIDA_LENGTH))}
      isComplete={isNidaPartComplete}
      boxLabel={(i) => t('ui.nida.part', { n: i + 1, total: NIDA_PARTS.length, digits: NIDA_PARTS[i] })}
    />
  )
}

export interface CodeInputProps extends NumberBoxesProps {
  /** Number of digits (6 for the SMS code). */
  length?: number
  /** Called once the last digit is in, with the whole code. */
  onComplete?: (code: string) => void
}

/** The SMS verification code, one digit a box, with the phone's one-time-code autofill on the first box. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  ...rest
}: CodeInputProps): ReactElement {
  const { t } = useTranslation()
  const lengths = Array.from({ length }, () => 1)
  const parts = Array.from({ length }, (_, i) => (value ?? '')[i] ?? '')
  return (
    <SegmentedInput
      {...rest}
      className="k-segments--code"
      autoComplete="one-time-code"
      lengths={lengths}
      parts={parts}
      onPartsChange={(next) => {
        const code = next.join('')
        onChange(code)
        if (code.length === length && next.every((p) => p.length === 1)) onComplete?.(code)
      }}
      splitAll={(digits) => digits.slice(0, length).split('')}
      isComplete={(_, part) => part.length === 1}
      boxLabel={(i) => t('ui.code.digit', { n: i + 1, total: length })}
    />
  )
}
