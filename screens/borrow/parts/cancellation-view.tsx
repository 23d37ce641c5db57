/**
 * Cancelling an approved loan with exactly one reason (machines/cancellation.machine.ts). The reasons are check
 * boxes, as in the original form, so both of the spec's messages can appear: "You have to choose the reason"
 * (none ticked) and "Choose only one reason" (more than one). Used by confirm borrow's cancel step and by the
 * standalone /cancellation_form.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { cancellationMachine } from '../../../machines/cancellation.machine'
import { CANCEL_REASONS } from '../../../src/domain/enums'
import { Button } from '../../../src/ui/button'
import { MessageNotice } from '../../shared/message-text'

export type CancellationRef = ActorRefFrom<typeof cancellationMachine>

/** Remarks are short (decisions.md: at most 200 characters). */
const REMARK_MAX = 200

export function CancellationView({ cancellation }: { cancellation: CancellationRef }): ReactElement {
  const { t } = useTranslation()
  const legendId = useId()
  const remarkId = useId()
  const reasons = useSelector(cancellation, (s) => s.context.reasons)
  const remark = useSelector(cancellation, (s) => s.context.remark)
  const error = useSelector(cancellation, (s) => s.context.error)
  const busy = useSelector(cancellation, (s) => s.hasTag('busy'))
  const canSubmit = useSelector(cancellation, (s) => s.can({ type: 'cancellation.submitted' }))
  const canKeep = useSelector(cancellation, (s) => s.can({ type: 'cancellation.dismissed' }))
  return (
    <form
      className="k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        cancellation.send({ type: 'cancellation.submitted' })
      }}
    >
      <fieldset className="k-field" aria-labelledby={legendId}>
        <legend id={legendId} className="k-field__label">
          {t('borrow.cancel.reasons')}
        </legend>
        {CANCEL_REASONS.map((reason) => (
          <label key={reason} className="k-check">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              onChange={() => cancellation.send({ type: 'reason.toggled', reason })}
            />
            <span>{t(`enums.cancelReason.${reason}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="k-field">
        <label htmlFor={remarkId} className="k-field__label">
          {t('borrow.cancel.remark')}
        </label>
        <textarea
          id={remarkId}
          className="k-input"
          rows={2}
          maxLength={REMARK_MAX}
          value={remark}
          onChange={(event) => cancellation.send({ type: 'remark.changed', remark: event.target.value })}
        />
      </div>
      <MessageNotice message={error} />
      <Button type="submit" variant="danger" block busy={busy} disabled={!canSubmit}>
        {t('borrow.cancel.submit')}
      </Button>
      <Button
        variant="secondary"
        block
        disabled={!canKeep}
        onClick={() => cancellation.send({ type: 'cancellation.dismissed' })}
      >
        {t('borrow.cancel.keep')}
      </Button>
    </form>
  )
}
