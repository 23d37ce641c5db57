/**
 * A react-final-form form bound to a submit machine child (machines/submit.machine.ts), shared by every screen
 * that edits a form (onboarding, wallet, …):
 * - initial values are the machine's values (what the server knew, or the kept draft); a draft that arrives after
 *   the form opened is restored into it;
 * - every change is forwarded as `form.changed` (the machine saves the draft); a field that was cleared is sent as
 *   undefined, so the machine's merge forgets it;
 * - the form is checked with the machine's own schema through the kit's `validateWith`; on submit it sends
 *   `form.submitted` and, once the machine is no longer busy, shows the machine's field errors (the schema's keys or
 *   the server's translated texts) at their fields. A failed submit keeps what was typed;
 * - a submit that finds errors (the schema's, or the server's at their fields) scrolls to the first, focuses it and
 *   announces them (the kit's useErrorFocus); a failure of the whole form (no connection, a refusal) shows beside
 *   the submit button, in the bar that stays in view (issue 13).
 */
import { useSelector } from '@xstate/react'
import type { Decorator } from 'final-form'
import { useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react'
import { Form, useForm } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { waitFor, type ActorRefFrom } from 'xstate'
import type { Message } from '../../machines/kit/call-failure'
import {
  submitFieldErrorsOf,
  submitSchemaOf,
  submitValuesOf,
  submitView,
  type FormValues,
  type submitMachine,
} from '../../machines/submit.machine'
import { Button } from '../../ui/button'
import { useErrorFocus } from '../../ui/error-focus'
import { AlertNotice } from '../../ui/notice'
import { useOnValuesChange } from '../../ui/form-fields'
import { toFormErrors, validateWith } from '../../ui/forms'
import { useView } from './use-view'

export type SubmitFormRef = ActorRefFrom<typeof submitMachine>

/** JSON of a value with sorted keys and without undefined entries: two forms of the same values compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  )
}

const messageText = (message: Message): string => ('text' in message ? message.text : message.key)

/**
 * How a form's values differ from its machine's, for the rare form whose wire keys final-form cannot hold (it
 * turns a numeric key such as `answers.3` into an array index): values both ways, and the nested errors that
 * `validateWith` and the machine give for the machine's shape.
 */
export interface FormCodec {
  toForm: (values: FormValues) => FormValues
  toMachine: (values: FormValues) => FormValues
  errors: (errors: Record<string, unknown>) => Record<string, unknown>
}

const SAME: FormCodec = { toForm: (v) => v, toMachine: (v) => v, errors: (e) => e }

/** Keeps the form and the machine's values in step, both ways. */
function MachineSync({
  actor,
  defaults,
  codec,
}: {
  actor: SubmitFormRef
  defaults: FormValues
  codec: FormCodec
}): null {
  const form = useForm<FormValues>('MachineSync')
  const known = useRef(new Set(Object.keys(codec.toMachine(form.getState().values))))
  useOnValuesChange<FormValues>((formValues) => {
    const values = codec.toMachine(formValues)
    const sent: FormValues = {}
    for (const key of known.current) sent[key] = undefined
    Object.assign(sent, values)
    for (const key of Object.keys(values)) known.current.add(key)
    actor.send({ type: 'form.changed', values: sent })
  })
  const machineValues = useSelector(actor, submitValuesOf)
  useEffect(() => {
    if (canonical(machineValues) !== canonical(codec.toMachine(form.getState().values))) {
      form.initialize(codec.toForm({ ...defaults, ...machineValues }))
    }
  }, [machineValues, form, defaults, codec])
  return null
}

export interface SubmitFormProps {
  actor: SubmitFormRef
  children: ReactNode
  /** Clearing decorators; keep the array stable (module level). */
  decorators?: Decorator<FormValues>[]
  /** Values the form starts from under the machine's (e.g. `{ answers: {} }`); keep it stable. */
  defaults?: FormValues
  /** Values sent with this submission only (e.g. hidden fields removed). */
  extraOnSubmit?: (values: FormValues) => FormValues
  className?: string
  /** Keep it stable (module level). */
  codec?: FormCodec
  /**
   * How the submission reaches the machine when a parent adds to it (the feedback ticket sends its uploaded
   * receipts with 'ticket.submitted'); by default 'form.submitted' straight to `actor`.
   */
  send?: (extra: FormValues | undefined) => void
}

const NO_DEFAULTS: FormValues = {}

function BoundForm({
  actor,
  children,
  decorators,
  defaults = NO_DEFAULTS,
  extraOnSubmit,
  className,
  codec = SAME,
  send,
}: SubmitFormProps): ReactElement {
  const schema = useSelector(actor, submitSchemaOf)
  const validate = useMemo(() => {
    if (!schema) return undefined
    const check = validateWith(schema)
    return (values: FormValues) =>
      codec.errors((check(codec.toMachine(values)) ?? {}) as Record<string, unknown>)
  }, [schema, codec])
  const errorFocus = useErrorFocus()
  const [initialValues] = useState<FormValues>(() =>
    codec.toForm({ ...defaults, ...submitValuesOf(actor.getSnapshot()) }),
  )
  const onSubmit = async (values: FormValues) => {
    const extra = extraOnSubmit?.(codec.toMachine(values))
    if (send) send(extra)
    else actor.send({ type: 'form.submitted', extra })
    try {
      const after = await waitFor(actor, (s) => !s.hasTag('busy'))
      if (after.status !== 'active') return undefined
      const flat = Object.fromEntries(
        Object.entries(submitFieldErrorsOf(after)).map(([field, message]) => [field, messageText(message)]),
      )
      return codec.errors(toFormErrors(flat))
    } catch {
      // The journey stopped the form (it moved on): nothing to show here.
      return undefined
    }
  }
  return (
    <Form<FormValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      decorators={decorators}
      subscription={{}}
    >
      {({ handleSubmit }) => (
        <form
          ref={errorFocus.formRef}
          className={className ?? 'k-stack'}
          noValidate
          onSubmit={(event) => {
            // Invalid: final-form marks every field and returns nothing; sent: the machine's answer, then its errors.
            void Promise.resolve(handleSubmit(event)).then(errorFocus.focusFirstError)
          }}
        >
          <MachineSync actor={actor} defaults={defaults} codec={codec} />
          {errorFocus.announcer}
          {children}
        </form>
      )}
    </Form>
  )
}

/** The form of one submit machine child; a new child (the screen was entered again) gets a fresh form. */
export function SubmitForm(props: SubmitFormProps): ReactElement {
  return <BoundForm key={props.actor.sessionId} {...props} />
}

/** A message of a machine: an i18n key (with its values) or the server's text as it came. */
export function MessageText({
  message,
  values,
}: {
  message: Message
  values?: Record<string, unknown>
}): ReactElement {
  const { t } = useTranslation()
  return <>{'text' in message ? message.text : t(message.key, { ...values, ...message.values })}</>
}

/**
 * The machine's failure that belongs to no field (network, refused, timeout). SubmitButton shows it beside the
 * button, in the bar that stays in view; a form with its own bar puts it there too.
 */
export function FormFailure({ actor }: { actor: SubmitFormRef }): ReactElement | null {
  const { applyError: error } = useView(actor, submitView)
  if (!error) return null
  return (
    <AlertNotice>
      <MessageText message={error} />
    </AlertNotice>
  )
}

/**
 * The form's submit button, in the bar at the bottom of the screen, with the form's failure right above it:
 * enabled when the machine can take the submit, busy while it is sent.
 */
export function SubmitButton({
  actor,
  children,
}: {
  actor: SubmitFormRef
  children: ReactNode
}): ReactElement {
  const { canApply: canSubmit, busy } = useView(actor, submitView)
  return (
    <div className="k-actions">
      <FormFailure actor={actor} />
      <Button type="submit" block busy={busy} disabled={!canSubmit}>
        {children}
      </Button>
    </div>
  )
}
