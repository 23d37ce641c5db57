/** The bound form's two-way sync with its submit machine (screens/shared/submit-form.tsx). */
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-final-form'
import type { ActorRefFrom } from 'xstate'
import { submitValuesOf, type FormValues, type submitMachine } from '../../../machines/submit.machine'
import { useOnValuesChange } from '../../../ui/form-fields'

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

/** Keeps the form and the machine's values in step, both ways. */
export function MachineSync({
  actor,
  defaults,
  codec,
}: {
  actor: ActorRefFrom<typeof submitMachine>
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

