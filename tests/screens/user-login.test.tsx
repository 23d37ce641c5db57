import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import LoginScreen from '../../screens/user/login'
import NationScreen from '../../screens/user/nation'
import RegisterScreen from '../../screens/user/register'
import type { Language } from '../../domain/countries'
import { user as borrower } from '../machines/journey-fixtures'
import { renderOn, settledOn, startUserJourney, type UserJourneyOptions } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

const invalid = (fields: Record<string, string>) => ({
  ok: false,
  kind: 'invalid',
  fields,
  message: '',
  messageKey: 'errors.code.1001',
})

async function open(
  route: 'login' | 'register',
  language: Language = 'en',
  opts: Partial<UserJourneyOptions> = {},
) {
  const journey = startUserJourney({ entry: route, ...opts })
  await renderOn(route === 'login' ? LoginScreen : RegisterScreen, journey.actor, { route, language })
  return journey
}

const mobileInput = () => screen.getByRole('textbox', { name: new RegExp(t('user.form.mobile')) })
const codeBoxes = () =>
  within(screen.getByRole('group', { name: new RegExp(t('user.form.code')) })).getAllByRole('textbox')

async function typeCode(user: UserEvent, code: string) {
  await user.click(codeBoxes()[0]!)
  await user.keyboard(code)
}

describe('login: mobile number and SMS code', () => {
  it.each<[Language, string]>([
    ['en', 'Mobile phone number cannot be empty'],
    ['sw', 'Namba ya simu haiwezi kuwa tupu'],
    ['es', 'El número de celular no puede estar vacío'],
  ])('in %s, asking for a code without a number says "%s"', async (language, message) => {
    const { asked } = await open('login', language)
    await userEvent.setup().click(screen.getByRole('button', { name: t('user.form.getCode') }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(asked.codes).toEqual([])
  })

  // The server sends its refusal already translated into the request's language (server/accounts).
  it.each<[Language, string]>([
    ['en', 'Invalid verification code'],
    ['sw', 'Nambari ya uthibitisho si sahihi'],
    ['es', 'Código de verificación no válido'],
  ])('in %s, a wrong code is refused at the code field: "%s"', async (language, serverText) => {
    const { asked } = await open('login', language, {
      signIn: async () => Promise.reject(invalid({ code: serverText })),
    })
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    await typeCode(user, '111111')
    await user.click(screen.getByRole('button', { name: t('user.login.submit') }))
    const message = await screen.findByText(serverText)
    expect(screen.getByRole('group', { name: new RegExp(t('user.form.code')) })).toContainElement(message)
    expect(asked.signIns).toHaveLength(1)
    expect(mobileInput()).toHaveValue('0712345678')
  })

  it('says the code has six digits before asking the server', async () => {
    const { asked } = await open('login')
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    await typeCode(user, '123')
    await user.click(screen.getByRole('button', { name: t('user.login.submit') }))
    expect(await screen.findByText(t('validation.captcha.format'))).toBeInTheDocument()
    expect(asked.signIns).toEqual([])
  })

  it('sends the code to the country’s number and disables "get code" while the server’s wait counts down', async () => {
    const { asked } = await open('login', 'en', {
      requestCode: async () => ({ resendAfterSeconds: 1, expiresInSeconds: 300 }),
    })
    const user = userEvent.setup()
    await user.type(mobileInput(), '+255 712 345 678')
    await user.click(screen.getByRole('button', { name: t('user.form.getCode') }))
    const waiting = await screen.findByRole('button', { name: t('user.form.resendIn', { count: 1 }) })
    expect(waiting).toBeDisabled()
    expect(asked.codes).toEqual([{ purpose: 'login', country: 'TZ', mobile: '712345678' }])
    const again = await screen.findByRole('button', { name: t('user.form.resend') }, { timeout: 2500 })
    expect(again).toBeEnabled()
  })

  it('signs the borrower in and goes on where they were going', async () => {
    const { actor, asked } = await open('login', 'en', { entry: 'records' })
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    await typeCode(user, '123456')
    await user.click(screen.getByRole('button', { name: t('user.login.submit') }))
    await settledOn(actor, 'records')
    expect(asked.signIns).toEqual([{ purpose: 'login', country: 'TZ', mobile: '712345678', code: '123456' }])
    expect(actor.getSnapshot().context.session.token).toBe('tok-new')
  })

  it('register refuses a number that is registered already, at the number', async () => {
    const text = 'This number has been registered, please login directly'
    const { actor } = await open('register', 'en', {
      requestCode: async () => Promise.reject(invalid({ mobile: text })),
    })
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    await user.click(screen.getByRole('button', { name: t('user.form.getCode') }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('user.switch.login.action') }))
    await settledOn(actor, 'login')
  })

  it('login looks the number up first: no account, no SMS, and register opens with the number', async () => {
    const { actor, asked } = await open('login', 'en', { checkNumber: async () => ({ exists: false }) })
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712 345 678')
    await user.click(screen.getByRole('button', { name: t('user.form.getCode') }))
    expect(await screen.findByText(t('user.form.unregistered'))).toBeInTheDocument()
    expect(asked.numbers).toEqual([{ country: 'TZ', mobile: '712345678' }])
    expect(asked.codes).toEqual([])
    await user.click(screen.getByRole('button', { name: t('user.form.registerWithNumber') }))
    await settledOn(actor, 'register')
    cleanup()
    await renderOn(RegisterScreen, actor, { route: 'register' })
    expect(mobileInput()).toHaveValue('0712 345 678')
  })

  it.each<[Language, string]>([
    ['en', 'This number has been registered, please login directly'],
    ['sw', 'Namba hii imeshasajiliwa, tafadhali ingia moja kwa moja'],
    ['es', 'Este número ya está registrado. Inicia sesión'],
  ])('in %s, register says "%s" for a registered number and logs in with it', async (language, text) => {
    const { actor, asked } = await open('register', language, {
      requestCode: async () => Promise.reject(invalid({ mobile: text })),
      checkNumber: async () => ({ exists: true }),
    })
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    await user.click(screen.getByRole('button', { name: t('user.form.getCode') }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: t('user.form.loginWithNumber') }))
    await settledOn(actor, 'login')
    expect(asked.numbers).toEqual([{ country: 'TZ', mobile: '712345678' }])
    cleanup()
    await renderOn(LoginScreen, actor, { route: 'login', language })
    expect(mobileInput()).toHaveValue('0712345678')
  })

  it('sends no code in a country the server does not serve, and leads to the country choice', async () => {
    const refusal = 'Kopa does not lend in this country'
    const { actor, asked } = await open('login', 'en', {
      describeCountry: async () => Promise.reject(invalid({ code: refusal })),
    })
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t('user.form.getCode') })).toBeDisabled()
    const user = userEvent.setup()
    await user.type(mobileInput(), '0712345678')
    expect(asked.codes).toEqual([])
    await user.click(screen.getByRole('button', { name: t('user.form.otherCountry') }))
    await settledOn(actor, 'nation')
  })

  it('the dial code opens the country choice, and the chosen country is the one logged in to', async () => {
    const { actor } = await open('login')
    const user = userEvent.setup()
    await user.click(
      screen.getByRole('button', { name: t('user.form.country', { country: 'Tanzania', dialCode: '255' }) }),
    )
    await settledOn(actor, 'nation')
    cleanup()
    await renderOn(NationScreen, actor, { route: 'nation' })
    expect(screen.getByRole('radio', { name: /Tanzania/ })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('radio', { name: /Kenya/ }))
    actor.send({ type: 'xstate.route', to: '#login' })
    cleanup()
    await renderOn(LoginScreen, actor, { route: 'login' })
    expect(
      screen.getByRole('button', { name: t('user.form.country', { country: 'Kenya', dialCode: '254' }) }),
    ).toHaveTextContent('+254')
  })
})

describe('nation: a signed-in borrower', () => {
  it('sees their account’s country and cannot change it', async () => {
    const { actor } = startUserJourney({ entry: 'nation', borrower: borrower() })
    await renderOn(NationScreen, actor, { route: 'nation' })
    expect(screen.getByText(t('user.nation.fixed'))).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Kenya/ })).toBeDisabled()
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Tanzania/ })).toHaveAttribute('aria-checked', 'true'),
    )
  })
})
