/**
 * What a form shows beside its fields (screens/shared/submit-form.tsx): a machine's message, the form's failure
 * that belongs to no field, and the submit button with that failure above it.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { Message } from '../../../machines/kit/call-failure'
import { submitView, type submitMachine } from '../../../machines/submit.machine'
import { Button } from '../../../ui/button'
import { AlertNotice } from '../../../ui/notice'
import { useView } from '../use-view'

type SubmitFormRef = ActorRefFrom<typeof submitMachine>

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
