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
import { STAFF_ROLES, groupedKey, setupKeyOf, type NewStaffReply } from '../../domain/console'
import { STAFF_PASSWORD_MIN } from '../../domain/schemas/console'
import type { consoleStaffMachine, NewStaffField } from '../../machines/console-staff.machine'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { FieldFrame, describedBy, fieldIds } from '../../ui/field-frame'
import { KvLine } from '../../ui/kv-line'
import { MessageNotice, useMessageText } from '../shared/message-text'
import type { ConsoleScreenProps } from './console-props'
import { ConsoleTextField } from './parts/text-field'

type StaffRef = ActorRefFrom<typeof consoleStaffMachine>

function RoleField({ staff }: { staff: StaffRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const role = useSelector(staff, (s) => s.context.values.role)
  const error = useSelector(staff, (s) => s.context.fieldErrors.role)
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
  const values = useSelector(staff, (s) => s.context.values)
  const errors = useSelector(staff, (s) => s.context.fieldErrors)
  const error = useSelector(staff, (s) => s.context.error)
  const creating = useSelector(staff, (s) => s.hasTag('creating'))
  const busy = useSelector(staff, (s) => s.hasTag('busy'))
  const canSubmit = useSelector(staff, (s) => s.can({ type: 'staff.submitted' }))
  const canSuggest = useSelector(staff, (s) => s.can({ type: 'staff.passwordSuggested' }))
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

function NewMember({ staff, created }: { staff: StaffRef; created: NewStaffReply }): ReactElement {
  const { t } = useTranslation()
  const password = useSelector(staff, (s) => s.context.firstPassword)
  const key = setupKeyOf(created.otpauthUri)
  return (
    <section className="k-card k-stack" aria-labelledby="staff-created">
      <h2 id="staff-created" className="k-section-title">
        {t('console.staff.created', { name: created.staff.displayName })}
      </h2>
      <p className="k-notice k-notice--warning" role="status">
        {t('console.staff.once')}
      </p>
      <dl className="k-kv">
        <KvLine label={t('console.staff.username')}>{created.staff.username}</KvLine>
        <KvLine label={t('console.staff.role')}>{t(`console.role.${created.staff.role}`)}</KvLine>
      </dl>
      {password && (
        <div className="c-secret">
          <p>
            <span className="k-muted k-small">{t('console.staff.firstPassword')}</span>
            <code className="c-code" data-testid="first-password">
              {password}
            </code>
          </p>
          <CopyButton text={password} label={t('console.staff.copyPassword')} />
        </div>
      )}
      <h3 className="k-section-title">{t('console.staff.authenticator')}</h3>
      <p className="k-muted">{t('console.staff.authenticatorText')}</p>
      {key && (
        <div className="c-secret">
          <p>
            <span className="k-muted k-small">
              {t('console.staff.setupKey', { account: `${key.issuer}: ${key.account}` })}
            </span>
            <code className="c-code" data-testid="setup-key">
              {groupedKey(key.secret)}
            </code>
          </p>
          <CopyButton text={key.secret} label={t('console.staff.copyKey')} />
        </div>
      )}
      <div className="c-secret">
        <p>
          <span className="k-muted k-small">{t('console.staff.uri')}</span>
          <code className="c-code" data-testid="otpauth-uri">
            {created.otpauthUri}
          </code>
        </p>
        <CopyButton text={created.otpauthUri} label={t('console.staff.copyUri')} />
      </div>
      <Button variant="secondary" onClick={() => staff.send({ type: 'staff.another' })}>
        {t('console.staff.another')}
      </Button>
    </section>
  )
}

export default function StaffScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const staff = useSelector(app, (s) => s.children.staffForm)
  const created = useSelector(staff, (s) => (s?.hasTag('created') ? s.context.created : null))
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.staff.title')}</h1>
      <p className="k-muted">{t('console.staff.intro')}</p>
      {!staff ? (
        <p className="k-muted">{t('ui.loading')}</p>
      ) : created ? (
        <NewMember staff={staff} created={created} />
      ) : (
        <NewMemberForm staff={staff} />
      )}
    </main>
  )
}
