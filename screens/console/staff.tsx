/**
 * Staff (admins only): add a member of staff — username, name, role and a first password (or one suggested) — and
 * then, once, what they need to sign in: the username, the password as typed, and their authenticator's set-up as
 * the `otpauth://` URI and as the setup key an authenticator app takes by hand. The console never shows either
 * again (the server keeps only the secret itself).
 */
import { useSelector } from '@xstate/react'
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { STAFF_ROLES } from '../../domain/console'
import { STAFF_PASSWORD_MIN } from '../../domain/schemas/console'
import { staffView, type consoleStaffMachine, type NewStaffField } from '../../machines/console-staff.machine'
import { Button } from '../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../ui/field-frame'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { NewMember } from './parts/new-member'
import { ConsoleTextField } from './parts/text-field'

type StaffRef = ActorRefFrom<typeof consoleStaffMachine>

function RoleField({ staff }: { staff: StaffRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(staff, staffView)
  const role = view.values.role
  const error = view.errors.role
  const ids = fieldIds(useId())
  const message = error ? text(error) : null
  return (
    <FieldFrame ids={ids} label={t('console.staff.role')} required error={message} group>
      <div className="k-radios" role="radiogroup" aria-labelledby={ids.labelId} aria-required>
        {STAFF_ROLES.map((option, index) => (
          <label key={option} className="k-radio c-role">
            <input
              type="radio"
              id={index === 0 ? ids.controlId : undefined}
              name="role"
              value={option}
              checked={role === option}
              aria-invalid={message ? true : undefined}
              aria-describedby={describedBy(ids, null, message)}
              onChange={() => staff.send({ type: 'staff.changed', field: 'role', value: option })}
            />
            <span>
              <strong>{t(`console.role.${option}`)}</strong>
              <span className="k-muted k-small c-role__text">{t(`console.staff.roleText.${option}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </FieldFrame>
  )
}

function NewMemberForm({ staff }: { staff: StaffRef }): ReactElement {
  const { t } = useTranslation()
  const { values, errors, error, creating, busy, canSubmit, canSuggest } = useView(staff, staffView)
  const change = (field: NewStaffField) => (value: string) =>
    staff.send({ type: 'staff.changed', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    staff.send({ type: 'staff.submitted' })
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={submit} aria-labelledby="staff-new">
      <h2 id="staff-new" className="k-section-title">
        {t('console.staff.new')}
      </h2>
      <ConsoleTextField
        name="username"
        label={t('console.staff.username')}
        hint={t('console.staff.usernameHint')}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        error={errors.username}
        onChange={change('username')}
      />
      <ConsoleTextField
        name="displayName"
        label={t('console.staff.displayName')}
        required
        autoComplete="off"
        value={values.displayName}
        error={errors.displayName}
        onChange={change('displayName')}
      />
      <RoleField staff={staff} />
      <ConsoleTextField
        name="password"
        label={t('console.staff.password')}
        hint={t('console.staff.passwordHint', { min: STAFF_PASSWORD_MIN })}
        required
        autoComplete="new-password"
        autoCapitalize="none"
        spellCheck={false}
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <Button
        variant="secondary"
        disabled={!canSuggest}
        onClick={() => staff.send({ type: 'staff.passwordSuggested' })}
      >
        {t('console.staff.suggest')}
      </Button>
      <div className="k-actions">
        <MessageNotice message={error} />
        <Button type="submit" block busy={creating} disabled={!canSubmit || (busy && !creating)}>
          {t('console.staff.submit')}
        </Button>
      </div>
    </form>
  )
}

function StaffPage({ staff }: { staff: StaffRef }): ReactElement {
  const { created, firstPassword } = useView(staff, staffView)
  return created ? (
    <NewMember
      created={created}
      password={firstPassword}
      onAnother={() => staff.send({ type: 'staff.another' })}
    />
  ) : (
    <NewMemberForm staff={staff} />
  )
}

export default function StaffScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const staff = useSelector(app, (s) => s.children.staffForm)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.staff.title')}</h1>
      <p className="k-muted">{t('console.staff.intro')}</p>
      {staff ? <StaffPage staff={staff} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
