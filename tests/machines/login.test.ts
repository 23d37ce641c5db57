import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { loginMachine } from '../../machines/login.machine'
import { type CodeRequest, type LoginInput, type NumberQuery, type SignInRequest } from '../../machines/login/login-context'
import type { CountryMeta, ExistsResult, LoginResult, VerifyCodeSent } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'

const SENT: VerifyCodeSent = { resendAfterSeconds: 60, expiresInSeconds: 300 }
const TANZANIA: CountryMeta = {
  country: 'TZ',
  dialCode: '255',
  currency: 'TZS',
  languages: ['sw', 'en'],
  defaultLanguage: 'sw',
}
const invalid = (fields: Record<string, string>) => ({
  ok: false,
  kind: 'invalid',
  fields,
  message: '',
  messageKey: 'errors.code.1001',
})

function start(
  input: Partial<LoginInput> = {},
  answers: {
    requestCode?: (req: CodeRequest) => Promise<VerifyCodeSent>
    signIn?: (req: SignInRequest) => Promise<LoginResult>
    checkNumber?: (req: NumberQuery) => Promise<ExistsResult>
    describeCountry?: (req: { country: CountryCode }) => Promise<CountryMeta>
  } = {},
) {
  const clock = new SimulatedClock()
  const requestCode = vi.fn(answers.requestCode ?? (async () => SENT))
  const signIn = vi.fn(answers.signIn ?? (async () => ({ token: 'tok-9', userId: '9', newUser: false })))
  const checkNumber = vi.fn(answers.checkNumber ?? (async () => ({ exists: true })))
  const describeCountry = vi.fn(answers.describeCountry ?? (async () => TANZANIA))
  const actor = createActor(
    loginMachine.provide({
      actors: {
        checkNumber: fromPromise(({ input }: { input: NumberQuery }) => checkNumber(input)),
        describeCountry: fromPromise(({ input }: { input: { country: CountryCode } }) => describeCountry(input)),
        requestCode: fromPromise(({ input }: { input: CodeRequest }) => requestCode(input)),
        signIn: fromPromise(({ input }: { input: SignInRequest }) => signIn(input)),
      },
    }),
    { input: { purpose: 'login', country: 'TZ', ...input }, clock },
  ).start()
  return { actor, clock, requestCode, signIn, checkNumber, describeCountry }
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('login', () => {
  it('refuses to ask for a code without a number: "Mobile phone number cannot be empty"', () => {
    const { actor, requestCode } = start()
    actor.send({ type: 'login.codeRequested' })
    expect(actor.getSnapshot().context.fieldErrors.mobile).toEqual({ key: 'validation.mobile.required' })
    expect(requestCode).not.toHaveBeenCalled()
  })

  it('sends the code to the national number however it was typed, for the chosen country and purpose', async () => {
    const { actor, requestCode } = start({ purpose: 'register', country: 'KE' })
    actor.send({ type: 'login.mobileChanged', mobile: '+254 712 345 678' })
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(requestCode).toHaveBeenCalledWith({ purpose: 'register', country: 'KE', mobile: '712345678' })
    expect(actor.getSnapshot().context.codeSent).toBe(true)
  })

  it('allows another code only after the server’s minute, counting the seconds down', async () => {
    const { actor, clock, requestCode } = start({ mobile: '0712345678' })
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(actor.getSnapshot().context.resendIn).toBe(60)
    expect(actor.getSnapshot().can({ type: 'login.codeRequested' })).toBe(false)
    for (let second = 0; second < 59; second += 1) clock.increment(1_000)
    expect(actor.getSnapshot().context.resendIn).toBe(1)
    expect(actor.getSnapshot().can({ type: 'login.codeRequested' })).toBe(false)
    clock.increment(1_000)
    expect(actor.getSnapshot().hasTag('coolingDown')).toBe(false)
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(requestCode).toHaveBeenCalledTimes(2)
  })

  it('shows the server’s refusal of a registered number at the number field and offers login instead', async () => {
    const { actor, checkNumber } = start(
      { purpose: 'register', mobile: '0712345678' },
      { requestCode: async () => Promise.reject(invalid({ mobile: 'This number has been registered, please login directly' })) },
    )
    actor.send({ type: 'login.codeRequested' })
    const snap = await idle(actor)
    expect(snap.context.fieldErrors.mobile).toEqual({ text: 'This number has been registered, please login directly' })
    expect(snap.hasTag('coolingDown')).toBe(false)
    expect(checkNumber).toHaveBeenCalledWith({ country: 'TZ', mobile: '712345678' })
    expect(snap.context.numberStatus).toBe('registered')
  })

  it('register asks for the code without a look-up first: getVerifyCode refuses a registered number itself', async () => {
    const { actor, checkNumber, requestCode } = start({ purpose: 'register', mobile: '0712345678' })
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(requestCode).toHaveBeenCalledTimes(1)
    expect(checkNumber).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.numberStatus).toBeNull()
  })

  it('register offers no login when the refused number turns out not to be registered', async () => {
    const { actor } = start(
      { purpose: 'register', mobile: '0712345678' },
      {
        requestCode: async () => Promise.reject(invalid({ mobile: 'Enter a correct mobile number' })),
        checkNumber: async () => ({ exists: false }),
      },
    )
    actor.send({ type: 'login.codeRequested' })
    const snap = await idle(actor)
    expect(snap.context.fieldErrors.mobile).toEqual({ text: 'Enter a correct mobile number' })
    expect(snap.context.numberStatus).toBeNull()
  })

  it('login looks the number up first and spends no SMS on a number with no account: it is led to register', async () => {
    const { actor, checkNumber, requestCode } = start(
      { purpose: 'login', mobile: '0712 345 678' },
      { checkNumber: async () => ({ exists: false }) },
    )
    actor.send({ type: 'login.codeRequested' })
    const snap = await idle(actor)
    expect(checkNumber).toHaveBeenCalledWith({ country: 'TZ', mobile: '712345678' })
    expect(requestCode).not.toHaveBeenCalled()
    expect(snap.context.numberStatus).toBe('unregistered')
    expect(snap.context.codeSent).toBe(false)
    actor.send({ type: 'login.mobileChanged', mobile: '0712345679' })
    expect(actor.getSnapshot().context.numberStatus).toBeNull()
  })

  it('login sends the code once the look-up finds the number registered', async () => {
    const { actor, checkNumber, requestCode } = start({ purpose: 'login', mobile: '0712345678' })
    actor.send({ type: 'login.codeRequested' })
    expect(actor.getSnapshot().hasTag('requestingCode')).toBe(true)
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(checkNumber).toHaveBeenCalledTimes(1)
    expect(requestCode).toHaveBeenCalledWith({ purpose: 'login', country: 'TZ', mobile: '712345678' })
  })

  it('login still sends the code when the look-up cannot be made (the server’s login takes any number)', async () => {
    const { actor, requestCode } = start(
      { purpose: 'login', mobile: '0712345678' },
      { checkNumber: async () => Promise.reject({ ok: false, kind: 'network', message: 'errors.network' }) },
    )
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(requestCode).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.numberStatus).toBeNull()
  })

  it('keeps the server’s description of the country for the dial code it shows', async () => {
    const { actor, describeCountry } = start({ country: 'TZ' })
    await waitFor(actor, (s) => s.context.countryMeta !== null)
    expect(describeCountry).toHaveBeenCalledWith({ country: 'TZ' })
    expect(actor.getSnapshot().context.countryMeta).toEqual(TANZANIA)
  })

  it('sends no code in a country the server refuses to serve, and says why', async () => {
    const { actor, requestCode, checkNumber } = start(
      { country: 'KE', mobile: '0712345678' },
      { describeCountry: async () => Promise.reject(invalid({ code: 'We do not serve this country' })) },
    )
    await waitFor(actor, (s) => s.context.countryRefused !== null)
    expect(actor.getSnapshot().context.countryRefused).toEqual({ text: 'We do not serve this country' })
    expect(actor.getSnapshot().can({ type: 'login.codeRequested' })).toBe(false)
    actor.send({ type: 'login.codeRequested' })
    expect(checkNumber).not.toHaveBeenCalled()
    expect(requestCode).not.toHaveBeenCalled()
  })

  it('a country that could not be described (offline) still takes logins, with the domain’s dial code', async () => {
    const { actor, requestCode } = start(
      { mobile: '0712345678' },
      { describeCountry: async () => Promise.reject({ ok: false, kind: 'network', message: 'errors.network' }) },
    )
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    expect(requestCode).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context).toMatchObject({ countryMeta: null, countryRefused: null })
  })

  it('checks the code’s six digits before signing in', () => {
    const { actor, signIn } = start({ mobile: '0712345678' })
    actor.send({ type: 'login.codeChanged', code: '123' })
    actor.send({ type: 'login.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: { key: 'validation.captcha.format' } })
    expect(signIn).not.toHaveBeenCalled()
  })

  it('keeps what was typed and shows "Invalid verification code" at the code when the server refuses it', async () => {
    const { actor } = start(
      { mobile: '0712345678' },
      { signIn: async () => Promise.reject(invalid({ code: 'Invalid verification code' })) },
    )
    actor.send({ type: 'login.codeChanged', code: '111111' })
    actor.send({ type: 'login.submitted' })
    const snap = await idle(actor)
    expect(snap.context.fieldErrors.code).toEqual({ text: 'Invalid verification code' })
    expect(snap.context.code).toBe('111111')
    expect(snap.context.mobile).toBe('0712345678')
    actor.send({ type: 'login.codeChanged', code: '11111' })
    expect(actor.getSnapshot().context.fieldErrors.code).toBeUndefined()
  })

  it('shows a network failure as a message and lets the borrower try again', async () => {
    let calls = 0
    const { actor } = start(
      { mobile: '0712345678' },
      {
        signIn: async () => {
          calls += 1
          if (calls === 1) return Promise.reject({ ok: false, kind: 'network', message: 'errors.network' })
          return { token: 'tok-2', userId: '2', newUser: true }
        },
      },
    )
    actor.send({ type: 'login.codeChanged', code: '123456' })
    actor.send({ type: 'login.submitted' })
    expect((await idle(actor)).context.error).toEqual({ key: 'errors.network' })
    actor.send({ type: 'login.submitted' })
    await expect(toPromise(actor)).resolves.toEqual({ token: 'tok-2', newUser: true })
  })

  it('ends with the token once the server accepts the code', async () => {
    const { actor, signIn } = start({ purpose: 'register', mobile: '0712 345 678' })
    actor.send({ type: 'login.codeChanged', code: ' 654321 ' })
    actor.send({ type: 'login.submitted' })
    await expect(toPromise(actor)).resolves.toEqual({ token: 'tok-9', newUser: false })
    expect(signIn).toHaveBeenCalledWith({ purpose: 'register', country: 'TZ', mobile: '712345678', code: '654321' })
  })
})
