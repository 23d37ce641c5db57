/**
 * The login and register form (spec §2: mobile number and captcha), bound to the journey's login child
 * (machines/login.machine.ts): the country's dial code (tap it to choose another country), the mobile number,
 * "Get code" with the resend countdown (the server allows one code a minute), the six code boxes and the submit
 * button. Every message comes from the machine — the domain's rules ("Mobile phone number cannot be empty") or the
 * server's refusal at its field ("Invalid verification code", "This number has been registered, please login
 * directly") — and is shown at its field.
 *
 * The dial code is the server's description of the country once it answered (the domain's before). What the
 * server said of the number leads on: login with a number that has no account offers register with it (no code
 * was sent), register with a registered number offers login with it ('user.accountSwitched', number kept).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { JourneyEvent } from '../../../machines/journey/journey-context'
import { loginView, type loginMachine } from '../../../machines/login.machine'
import { COUNTRIES } from '../../../domain/countries'
import { Button } from '../../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../../ui/field-frame'
import { CodeInput } from '../../../ui/segmented-input'
import type { JourneyRef } from '../../screen-props'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { routeTo } from '../../shared/route-to'
import { useView } from '../../shared/use-view'
import { NumberAdvice } from './number-advice'

export type LoginRef = ActorRefFrom<typeof loginMachine>

/** The journey's login child while login or register is shown. */
export function useLoginChild(journey: JourneyRef): LoginRef | undefined {
  return useSelector(journey, (s) => s.children.loginForm)
}

const MOBILE = fieldIds('login-mobile')
const CODE = fieldIds('login-code')
const TO_NATION: JourneyEvent = routeTo('nation')

export function LoginForm({ journey, login }: { journey: JourneyRef; login: LoginRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const {
    purpose,
    country,
    mobile,
    code,
    mobileError,
    codeError,
    error,
    resendIn,
    codeSent,
    canRequest,
    requesting,
    canSubmit,
    signingIn,
    numberStatus,
    countryRefused,
    serverDialCode,
  } = useView(login, loginView)
  const profile = COUNTRIES[country]
  const dialCode = serverDialCode ?? profile.dialCode
  const switchTo = (to: 'login' | 'register') => journey.send({ type: 'user.accountSwitched', to, mobile })
  const mobileMessage = mobileError ? text(mobileError) : null
  const codeMessage = codeError ? text(codeError) : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    login.send({ type: 'login.submitted' })
  }
  return (
    <form className="k-stack" noValidate onSubmit={submit}>
      <FieldFrame ids={MOBILE} label={t('user.form.mobile')} required error={mobileMessage}>
        <div className="k-inline k-phone">
          <button
            type="button"
            className="k-btn k-btn--secondary"
            aria-label={t('user.form.country', { country: t(profile.nameKey), dialCode })}
            onClick={() => journey.send(TO_NATION)}
          >
            {`+${dialCode}`}
          </button>
          <input
            id={MOBILE.controlId}
            className="k-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={mobile}
            aria-required="true"
            aria-invalid={mobileMessage ? true : undefined}
            aria-describedby={describedBy(MOBILE, null, mobileMessage)}
            onChange={(e) => login.send({ type: 'login.mobileChanged', mobile: e.target.value })}
          />
        </div>
      </FieldFrame>
      <NumberAdvice
        countryRefused={countryRefused}
        numberStatus={numberStatus}
        onOtherCountry={() => journey.send(TO_NATION)}
        onSwitch={switchTo}
      />
      <Button
        variant="secondary"
        block
        busy={requesting}
        disabled={!canRequest}
        onClick={() => login.send({ type: 'login.codeRequested' })}
      >
        {resendIn > 0
          ? t('user.form.resendIn', { count: resendIn })
          : codeSent
            ? t('user.form.resend')
            : t('user.form.getCode')}
      </Button>
      {codeSent && (
        <p className="k-muted k-small" role="status">
          {t('user.form.codeSent')}
        </p>
      )}
      <FieldFrame ids={CODE} label={t('user.form.code')} required error={codeMessage} group>
        <CodeInput
          id={CODE.controlId}
          value={code}
          onChange={(next) => login.send({ type: 'login.codeChanged', code: next })}
          aria-required
          aria-invalid={codeMessage ? true : undefined}
          aria-describedby={describedBy(CODE, null, codeMessage)}
        />
      </FieldFrame>
      <div className="k-actions">
        <MessageNotice message={error} />
        <Button type="submit" block busy={signingIn} disabled={!canSubmit}>
          {t(`user.${purpose}.submit`)}
        </Button>
      </div>
    </form>
  )
}
