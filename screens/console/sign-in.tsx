/**
 * The console's sign-in page (issue 20): username, password and the 6-digit code of the member's authenticator
 * app. Why the page shows, when the member was signed in before (the session ended, they signed out), is said above
 * the form; each field's problem at the field; the server's refusal (wrong details, locked, too many tries, no
 * connection) above the button.
 */
import { useSelector } from '@xstate/react'
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import {
  signInView,
  type consoleSignInMachine,
  type SignInField,
} from '../../machines/console-sign-in.machine'
import { Button } from '../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../ui/field-frame'
import { CodeInput } from '../../ui/segmented-input'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { LanguageChoice } from './parts/language-choice'
import { ConsoleTextField } from './parts/text-field'

type SignInRef = ActorRefFrom<typeof consoleSignInMachine>

function SignInForm({ form }: { form: SignInRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const { values, errors, error, notice, signingIn, canSubmit } = useView(form, signInView)
  const code = fieldIds(useId())
  const codeMessage = errors.code ? text(errors.code) : null
  const change = (field: SignInField) => (value: string) =>
    form.send({ type: 'signIn.changed', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.send({ type: 'signIn.submitted' })
  }
  return (
    <form className="k-stack" noValidate onSubmit={submit} aria-label={t('console.signIn.title')}>
      {notice && (
        <p className="k-notice k-notice--warning" role="status">
          {t(`console.signIn.notice.${notice}`)}
        </p>
      )}
      <ConsoleTextField
        name="username"
        label={t('console.signIn.username')}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        error={errors.username}
        onChange={change('username')}
      />
      <ConsoleTextField
        name="password"
        type="password"
        label={t('console.signIn.password')}
        required
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <FieldFrame
        ids={code}
        label={t('console.signIn.code')}
        hint={t('console.signIn.codeHint')}
        required
        error={codeMessage}
        group
      >
        <CodeInput
          id={code.controlId}
          value={values.code}
          onChange={change('code')}
          aria-required
          aria-invalid={codeMessage ? true : undefined}
          aria-describedby={describedBy(code, true, codeMessage)}
        />
      </FieldFrame>
      <div className="k-actions">
        <MessageNotice message={error} />
        <Button type="submit" block busy={signingIn} disabled={!canSubmit}>
          {t('console.signIn.submit')}
        </Button>
      </div>
    </form>
  )
}

export default function SignInScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useSelector(app, (s) => s.children.signInForm)
  return (
    <div className="k-page c-narrow">
      <header className="k-header">
        <h1 className="k-header__title">{t('console.signIn.title')}</h1>
      </header>
      <main className="k-stack">
        <LanguageChoice app={app} />
        <p className="k-muted">{t('console.signIn.intro')}</p>
        {form ? <SignInForm form={form} /> : <p className="k-muted">{t('ui.loading')}</p>}
      </main>
    </div>
  )
}
