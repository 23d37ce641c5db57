/**
 * Change password (every member): the current one, the new one twice. Once changed, the member's other sessions
 * have ended (the server ends them) and the page says so; this one goes on.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { STAFF_PASSWORD_MIN } from '../../domain/schemas/console'
import {
  passwordView,
  type consolePasswordMachine,
  type PasswordField,
} from '../../machines/console-password.machine'
import { Button } from '../../ui/button'
import { MessageNotice } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { ConsoleTextField } from './parts/text-field'

type PasswordRef = ActorRefFrom<typeof consolePasswordMachine>

function PasswordForm({ form }: { form: PasswordRef }): ReactElement {
  const { t } = useTranslation()
  const { values, errors, error, saving, changed, canSubmit } = useView(form, passwordView)
  const change = (field: PasswordField) => (value: string) =>
    form.send({ type: 'password.changed', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.send({ type: 'password.submitted' })
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={submit} aria-label={t('console.password.title')}>
      {changed && (
        <p className="k-notice" role="status">
          {t('console.password.changed')}
        </p>
      )}
      <ConsoleTextField
        name="current"
        type="password"
        label={t('console.password.current')}
        required
        autoComplete="current-password"
        value={values.current}
        error={errors.current}
        onChange={change('current')}
      />
      <ConsoleTextField
        name="next"
        type="password"
        label={t('console.password.next')}
        hint={t('console.password.nextHint', { min: STAFF_PASSWORD_MIN })}
        required
        autoComplete="new-password"
        value={values.next}
        error={errors.next}
        onChange={change('next')}
      />
      <ConsoleTextField
        name="repeat"
        type="password"
        label={t('console.password.repeat')}
        required
        autoComplete="new-password"
        value={values.repeat}
        error={errors.repeat}
        onChange={change('repeat')}
      />
      <div className="k-actions">
        <MessageNotice message={error} />
        <Button type="submit" block busy={saving} disabled={!canSubmit}>
          {t('console.password.submit')}
        </Button>
      </div>
    </form>
  )
}

export default function PasswordScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useSelector(app, (s) => s.children.passwordForm)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.password.title')}</h1>
      <p className="k-muted">{t('console.password.intro')}</p>
      {form ? <PasswordForm form={form} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
