/**
 * The account deletion form (screens/user-center/delete-account.tsx): exactly one reason, an optional remark, and
 * the SMS code sent to the login number, with the machine's messages at their fields.
 */
import { useSelector } from '@xstate/react'
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { accountDeletionView, type accountDeletionMachine } from '../../../machines/account-deletion.machine'
import { DELETE_ACCOUNT_REASONS } from '../../../domain/enums'
import { Button } from '../../../ui/button'
import { fieldIds, FieldFrame } from '../../../ui/field-frame'
import { CodeInput } from '../../../ui/segmented-input'
import type { ScreenProps } from '../../screen-props'
import { selectAccountMobile, selectCountry } from '../../shared/journey-selectors'
import { maskedMobile } from '../../shared/masked-mobile'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { useView } from '../../shared/use-view'

type DeletionRef = ActorRefFrom<typeof accountDeletionMachine>

/** Remarks are short (schemas/account.ts: at most 200 characters). */
const REMARK_MAX = 200

export function DeletionForm({ deletion, journey }: { deletion: DeletionRef } & ScreenProps): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const reasonsIds = fieldIds(useId())
  const remarkIds = fieldIds(useId())
  const codeIds = fieldIds(useId())
  const country = useSelector(journey, selectCountry)
  const mobile = useSelector(journey, selectAccountMobile)
  const { reasons, remark, code, codeSent, errors, error, canRequestCode, sending, canSubmit, deleting } =
    useView(deletion, accountDeletionView)
  const shown = (field: keyof typeof errors) => (errors[field] ? text(errors[field]) : null)
  return (
    <form
      className="k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        deletion.send({ type: 'deletion.submitted' })
      }}
    >
      <p className="k-notice k-notice--warning">{t('user-center.delete.warning')}</p>
      <FieldFrame
        ids={reasonsIds}
        label={t('user-center.delete.reasons')}
        required
        group
        error={shown('reasons')}
      >
        {DELETE_ACCOUNT_REASONS.map((reason) => (
          <label key={reason} className="k-check">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              onChange={() => deletion.send({ type: 'reason.toggled', reason })}
            />
            <span>{t(`enums.deleteAccountReason.${reason}`)}</span>
          </label>
        ))}
      </FieldFrame>
      <FieldFrame ids={remarkIds} label={t('user-center.delete.remark')} error={shown('remark')}>
        <textarea
          id={remarkIds.controlId}
          className="k-input"
          rows={2}
          maxLength={REMARK_MAX}
          value={remark}
          onChange={(event) => deletion.send({ type: 'remark.changed', remark: event.target.value })}
        />
      </FieldFrame>
      <FieldFrame
        ids={codeIds}
        label={t('user-center.delete.code')}
        required
        group
        error={shown('code')}
        hint={
          codeSent && mobile
            ? t('user-center.delete.codeSent', { mobile: maskedMobile(country, mobile) })
            : t('user-center.delete.codeHint')
        }
      >
        <CodeInput
          id={codeIds.controlId}
          value={code}
          onChange={(value) => deletion.send({ type: 'code.changed', code: value })}
          aria-labelledby={codeIds.labelId}
          aria-invalid={errors.code ? true : undefined}
        />
        <Button
          variant="secondary"
          busy={sending}
          disabled={!canRequestCode}
          onClick={() => deletion.send({ type: 'code.requested' })}
        >
          {codeSent ? t('user-center.delete.resend') : t('user-center.delete.sendCode')}
        </Button>
      </FieldFrame>
      <MessageNotice message={error} />
      <Button type="submit" variant="danger" block busy={deleting} disabled={!canSubmit}>
        {t('user-center.delete.submit')}
      </Button>
      <Button variant="secondary" block onClick={() => deletion.send({ type: 'deletion.dismissed' })}>
        {t('user-center.delete.keep')}
      </Button>
    </form>
  )
}
