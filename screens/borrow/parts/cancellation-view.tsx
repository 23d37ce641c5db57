/**
 * Cancelling an approved loan with exactly one reason (machines/cancellation.machine.ts). The reasons are a radio
 * group (issue 13: check boxes let several be ticked, then complained at the bottom of the sheet): one reason is
 * chosen at a time, and "You have to choose the reason" shows at the group, which is focused and announced. A
 * failure of the cancellation shows beside the button. Used by confirm borrow's cancel step and by the standalone
 * /cancellation_form.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { cancellationView, type cancellationMachine } from '../../../machines/cancellation.machine'
import { CANCEL_REASONS } from '../../../domain/enums'
import { Button } from '../../../ui/button'
import { useErrorFocus } from '../../../ui/error-focus'
import { FieldFrame, fieldIds } from '../../../ui/field-frame'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { useView } from '../../shared/use-view'

export type CancellationRef = ActorRefFrom<typeof cancellationMachine>

/** Remarks are short (decisions.md: at most 200 characters). */
const REMARK_MAX = 200

export function CancellationView({ cancellation }: { cancellation: CancellationRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const reasonIds = fieldIds(useId())
  const remarkId = useId()
  const errorFocus = useErrorFocus()
  const { reasons, remark, reasonError, error, busy, canSubmit, canKeep } = useView(
    cancellation,
    cancellationView,
  )
  const shownError = reasonError ? text(reasonError) : null
  return (
    <form
      ref={errorFocus.formRef}
      className="k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        cancellation.send({ type: 'cancellation.submitted' })
        errorFocus.focusFirstError()
      }}
    >
      {errorFocus.announcer}
      <FieldFrame
        ids={reasonIds}
        label={t('borrow.cancel.reasons')}
        required
        error={shownError}
        group
        messagesFirst
      >
        <div className="k-radios" role="radiogroup" aria-labelledby={reasonIds.labelId} aria-required>
          {CANCEL_REASONS.map((reason, index) => (
            <label key={reason} className="k-radio">
              <input
                type="radio"
                id={index === 0 ? reasonIds.controlId : undefined}
                name={reasonIds.controlId}
                value={reason}
                checked={reasons.includes(reason)}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={shownError ? reasonIds.errorId : undefined}
                onChange={() => cancellation.send({ type: 'reason.chosen', reason })}
              />
              <span>{t(`enums.cancelReason.${reason}`)}</span>
            </label>
          ))}
        </div>
      </FieldFrame>
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
