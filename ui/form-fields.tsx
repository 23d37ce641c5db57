/**
 * Form fields bound to react-final-form. Each reads its value, error (an i18n key from validateWith, or a
 * server's message after submit) and touched state, and renders a FieldFrame: the error shows once the field
 * was left (or the form was submitted), and a required field left empty shows the red line.
 *
 * `ControlField` binds any control of the kit (birthday picker, NIDA boxes, code input, stepper, image capture)
 * through the same ControlProps.
 */
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react'
import { useField, useForm } from 'react-final-form'
import { FieldFrame, FieldMessages, describedBy, fieldIds, type FieldIds } from './field-frame'
import { isEmptyValue } from './forms'
import { PickerSelect, type OptionValue, type PickerOption } from './picker'

interface CommonFieldProps {
  name: string
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  /** Values for the error message's placeholders, e.g. {{min}}. */
  errorValues?: Record<string, unknown>
}

interface FieldConfig {
  type?: 'checkbox' | 'radio'
  parse?: (value: unknown, name: string) => unknown
  format?: (value: unknown, name: string) => unknown
}

/** What a field shows: the error once touched, and the red line when required and still empty. */
export function useKopaField<V = unknown>(
  name: string,
  required: boolean | undefined,
  config: FieldConfig = {},
) {
  const { input, meta } = useField<V>(name, config)
  const ids = fieldIds(useId())
  const ownError = typeof meta.error === 'string' ? meta.error : null
  const serverError =
    !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : null
  const error = meta.touched ? (ownError ?? serverError) : null
  const filled = config.type === 'checkbox' ? Boolean(input.checked) : !isEmptyValue(input.value)
  const missing = Boolean(required && meta.touched && !filled)
  return { input, meta, ids, error, missing }
}

/** Accessibility attributes every control of a field carries. */
function ariaOf(ids: FieldIds, hint: unknown, error: string | null, required?: boolean) {
  return {
    'aria-describedby': describedBy(ids, hint, error),
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  }
}

type TextInputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'inputMode'
  | 'autoComplete'
  | 'maxLength'
  | 'placeholder'
  | 'disabled'
  | 'readOnly'
  | 'enterKeyHint'
>

export interface TextFieldProps extends CommonFieldProps, TextInputAttributes {
  /** Turn typed text into the form value (e.g. keep only digits). */
  parse?: (value: string) => unknown
}

export function TextField({
  name,
  label,
  required,
  hint,
  errorValues,
  parse,
  ...attributes
}: TextFieldProps): ReactElement {
  const { input, ids, error, missing } = useKopaField<string>(name, required, {
    parse: parse ? (value) => parse(typeof value === 'string' ? value : '') : undefined,
  })
  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      errorValues={errorValues}
      missing={missing}
    >
      <input
        id={ids.controlId}
        className="k-input"
        {...attributes}
        {...ariaOf(ids, hint, error, required)}
        name={input.name}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
      />
    </FieldFrame>
  )
}

export interface SelectFieldProps<V extends OptionValue> extends CommonFieldProps {
  options: readonly PickerOption<V>[]
  /** The picker's title; by default the label when it is text. */
  title?: string
  placeholder?: string
  disabled?: boolean
  searchable?: boolean
}

/** A select-like field that opens the bottom-sheet picker. */
export function SelectField<V extends OptionValue>({
  name,
  label,
  required,
  hint,
  errorValues,
  options,
  title,
  placeholder,
  disabled,
  searchable,
}: SelectFieldProps<V>): ReactElement {
  const { input, ids, error, missing } = useKopaField<V>(name, required)
  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      errorValues={errorValues}
      missing={missing}
    >
      <PickerSelect<V>
        id={ids.controlId}
        title={title ?? (typeof label === 'string' ? label : '')}
        options={options}
        value={input.value}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        placeholder={placeholder}
        disabled={disabled}
        searchable={searchable}
        aria-labelledby={ids.labelId}
        {...ariaOf(ids, hint, error, required)}
      />
    </FieldFrame>
  )
}

/** A tick box, e.g. "I agree to the loan agreement" (the label may hold links). */
export function CheckboxField({ name, label, required, hint, errorValues }: CommonFieldProps): ReactElement {
  const { input, ids, error, missing } = useKopaField<boolean>(name, required, { type: 'checkbox' })
  return (
    <div
      className={['k-field', missing && 'k-field--missing', error && 'k-field--invalid']
        .filter(Boolean)
        .join(' ')}
    >
      <div className="k-check">
        <input
          id={ids.controlId}
          type="checkbox"
          {...ariaOf(ids, hint, error, required)}
          name={input.name}
          checked={Boolean(input.checked)}
          onChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
        />
        <label id={ids.labelId} htmlFor={ids.controlId}>
          {label}
        </label>
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} errorValues={errorValues} />
    </div>
  )
}

export interface RadioGroupFieldProps<V extends OptionValue> extends CommonFieldProps {
  options: readonly PickerOption<V>[]
  /** Lay the options out in a row of chips (short lists such as gender). */
  inline?: boolean
}

export function RadioGroupField<V extends OptionValue>({
  name,
  label,
  required,
  hint,
  errorValues,
  options,
  inline,
}: RadioGroupFieldProps<V>): ReactElement {
  const { input, ids, error, missing } = useKopaField<V>(name, required)
  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      errorValues={errorValues}
      missing={missing}
      group
    >
      <div
        className={inline ? 'k-radios k-radios--inline' : 'k-radios'}
        role="radiogroup"
        aria-labelledby={ids.labelId}
        aria-required={required || undefined}
      >
        {options.map((option, index) => (
          <label key={String(option.value)} className="k-radio">
            <input
              type="radio"
              id={index === 0 ? ids.controlId : undefined}
              name={input.name}
              value={String(option.value)}
              checked={input.value === option.value}
              aria-describedby={describedBy(ids, hint, error)}
              aria-invalid={error ? true : undefined}
              onChange={() => input.onChange(option.value)}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </FieldFrame>
  )
}

/** The props ControlField hands to a control. */
export interface ControlProps<V> {
  id: string
  value: V
  onChange: (value: V) => void
  onBlur: () => void
  onFocus: () => void
  'aria-labelledby': string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
  'aria-required': true | undefined
}

export interface ControlFieldProps<V> extends CommonFieldProps {
  render: (control: ControlProps<V>) => ReactNode
  /** A control made of several inputs (boxes, selects): framed as a fieldset with a legend. */
  group?: boolean
}

export function ControlField<V>({
  name,
  label,
  required,
  hint,
  errorValues,
  render,
  group,
}: ControlFieldProps<V>): ReactElement {
  const { input, ids, error, missing } = useKopaField<V>(name, required)
  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      errorValues={errorValues}
      missing={missing}
      group={group}
    >
      {render({
        id: ids.controlId,
        value: input.value,
        onChange: (value) => input.onChange(value),
        onBlur: () => input.onBlur(),
        onFocus: () => input.onFocus(),
        'aria-labelledby': ids.labelId,
        ...(ariaOf(ids, hint, error, required) as Pick<
          ControlProps<V>,
          'aria-describedby' | 'aria-invalid' | 'aria-required'
        >),
      })}
    </FieldFrame>
  )
}

/**
 * Calls `onValuesChange` with the form's values after each change (not for the values it starts with), so a
 * screen can forward them to its machine, which keeps the draft. The kit itself never touches storage.
 */
export function useOnValuesChange<FormValues extends object>(
  onValuesChange: (values: FormValues) => void,
): void {
  const form = useForm<FormValues>('useOnValuesChange')
  const callback = useRef(onValuesChange)
  useEffect(() => {
    callback.current = onValuesChange
  })
  useEffect(() => {
    let first = true
    return form.subscribe(
      ({ values }) => {
        if (first) first = false
        else callback.current(values)
      },
      { values: true },
    )
  }, [form])
}

/** useOnValuesChange as an element inside a <Form>. */
export function FormValuesSpy<FormValues extends object>({
  onValuesChange,
}: {
  onValuesChange: (values: FormValues) => void
}): null {
  useOnValuesChange(onValuesChange)
  return null
}
