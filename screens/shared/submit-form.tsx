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
import { useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { Form } from 'react-final-form'
import { waitFor, type ActorRefFrom } from 'xstate'
import type { Message } from '../../machines/kit/call-failure'
import {
  submitFieldErrorsOf,
  submitSchemaOf,
  submitValuesOf,
  type FormValues,
  type submitMachine,
} from '../../machines/submit.machine'
import { useErrorFocus } from '../../ui/error-focus'
import { toFormErrors, validateWith } from '../../ui/forms'
import { MachineSync, type FormCodec } from './parts/machine-sync'

export type { FormCodec } from './parts/machine-sync'
export { FormFailure, MessageText, SubmitButton } from './parts/form-status'

export type SubmitFormRef = ActorRefFrom<typeof submitMachine>

const messageText = (message: Message): string => ('text' in message ? message.text : message.key)

const SAME: FormCodec = { toForm: (v) => v, toMachine: (v) => v, errors: (e) => e }

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

