/**
 * The one adapter between the domain's valibot schemas and react-final-form.
 *
 * - `validateWith(schema)` is a final-form `validate` function: it runs the schema through `fieldErrors`
 *   (domain/schemas/field-errors.ts) and returns final-form's nested error object of i18n keys, which the
 *   kit's fields translate. An error for the whole form lands at final-form's FORM_ERROR.
 * - `createClearingDecorator(DEPENDENT_FIELDS)` clears the fields that depend on another when it changes
 *   (spec §4: employment type clears industry…, pay frequency the paydays, state the city).
 */
import { FORM_ERROR, getIn, setIn, type Decorator, type ValidationErrors } from 'final-form'
import type * as v from 'valibot'
import { FORM_ERROR as DOMAIN_FORM_ERROR, fieldErrors } from '../domain/schemas/field-errors'

/** Flat `{ 'a.b': key }` errors (a schema's, or a server's ValidationFailed fields) as final-form's nested shape. */
export function toFormErrors(flat: Readonly<Record<string, string>>): Record<string, unknown> {
  let errors: object = {}
  for (const [path, key] of Object.entries(flat)) {
    errors = setIn(errors, path === DOMAIN_FORM_ERROR ? FORM_ERROR : path, key)
  }
  return errors as Record<string, unknown>
}

/** A final-form `validate` function from a valibot schema; errors are i18n keys at each field's path. */
export function validateWith(schema: v.GenericSchema): (values: object) => ValidationErrors {
  return (values) => toFormErrors(fieldErrors(schema, values))
}

/** Whether a form value counts as not filled in: nothing, blank text, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

/**
 * A decorator that, when the borrower changes a key field, clears every field listed for it. Restoring values
 * (initialValues or `form.initialize`, e.g. from a draft) clears nothing, and a dependent field that is already
 * empty is left alone.
 */
export function createClearingDecorator<FormValues extends object>(
  dependents: Readonly<Record<string, readonly string[]>>,
): Decorator<FormValues> {
  return (form) => {
    let previous: object | undefined
    let previousInitial: object | undefined
    return form.subscribe(
      ({ values, initialValues }) => {
        const before = previous
        const initialized = initialValues !== previousInitial
        previous = values
        previousInitial = initialValues
        if (!before || initialized) return
        const cleared = Object.entries(dependents)
          .filter(([key]) => getIn(before, key) !== getIn(values, key))
          .flatMap(([, fields]) => fields)
          .filter((field) => getIn(values, field) !== undefined)
        if (cleared.length === 0) return
        form.batch(() => {
          for (const field of cleared) form.change(field as keyof FormValues, undefined)
        })
      },
      { values: true, initialValues: true },
    )
  }
}
