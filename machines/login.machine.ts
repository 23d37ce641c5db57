/**
 * login — the web login and register forms (/user/login, /user/register; spec §2 "Login/register: mobile number
 * and captcha"). The borrower types a mobile number of the chosen country (any usual way: +255…, 0…, spaces),
 * asks for the 6-digit SMS code, types it and signs in. The rules and their messages are the domain's
 * (schemas/account.ts: "Mobile phone number cannot be empty", the code's format); the server's refusals come
 * back at their field already translated ("Invalid verification code", "This number has been registered,
 * please login directly"). Another code may be asked for once the server's `resendAfterSeconds` (once a minute)
 * have passed; `resendIn` counts them down a second at a time for the screen.
 *
 * Registered or not (GET /security/existsByMobile), decided before an SMS is spent:
 * - login: the number is looked up before the code is asked for; a number with no account gets no code and is
 *   led to register with it (`numberStatus` 'unregistered'). A look-up that cannot be made does not stop the
 *   login (the server's login accepts any number of the country: server/accounts).
 * - register: /security/getVerifyCode itself refuses a registered number, before sending anything, at the
 *   number field ("This number has been registered, please login directly"), so no look-up comes first. When
 *   that refusal arrives the number is looked up once, and a registered one is led to login
 *   (`numberStatus` 'registered').
 *
 * The country (POST /cou/country/meta/code) is looked up when the form opens: the dial code the form shows is the
 * server's (`countryMeta`, the domain's until it answers), and a country the server refuses to serve
 * (`countryRefused`, its message) gets no code: the borrower chooses another on /user/nation.
 *
 * On success the machine ends with the token; the journey hands it to the session ('session.signIn').
 *
 * Input (LoginInput): { purpose: 'login' | 'register', country, mobile? } (mobile: prefilled, e.g. from /yx3)
 * Events: login.mobileChanged {mobile}, login.codeChanged {code}, login.codeRequested, login.submitted
 * Tags:   busy (looking the number up, sending the code or signing in), requestingCode (looking up or sending),
 *         signingIn, coolingDown (no new code yet)
 * Output: { token, newUser }
 * Actors the composition provides:
 *   checkNumber     ({ country, mobile }) → ExistsResult          (GET /security/existsByMobile)
 *   describeCountry ({ country }) → CountryMeta                   (POST /cou/country/meta/code)
 *   requestCode     ({ purpose, country, mobile }) → VerifyCodeSent   (POST /security/getVerifyCode)
 *   signIn          ({ purpose, country, mobile, code }) → LoginResult (POST /security/login or /security/register)
 */
import * as v from 'valibot'
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { CountryMeta, ExistsResult, LoginResult, VerifyCodeSent } from '../domain/api-types'
import type { CountryCode } from '../domain/countries'
import { normalizeMobile } from '../domain/phone'
import { loginSchema, mobileNumber } from '../domain/schemas/account'
import { fieldErrors } from '../domain/schemas/field-errors'
import { failureOf, messageOf, msg, type Message } from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import type {
  CodeRequest,
  LoginContext,
  LoginEvent,
  LoginInput,
  LoginOutput,
  NumberQuery,
  SignInRequest,
} from './login/login-context'

const nationalOf = (c: LoginContext) => normalizeMobile(c.country, c.mobile) ?? c.mobile.trim()

function localErrors(schema: v.GenericSchema, value: unknown): LoginContext['fieldErrors'] {
  const errors = fieldErrors(schema, value)
  const out: LoginContext['fieldErrors'] = {}
  for (const field of ['mobile', 'code'] as const) if (errors[field]) out[field] = msg(errors[field])
  return out
}

const mobileErrors = (c: LoginContext) =>
  localErrors(v.object({ mobile: mobileNumber(c.country) }), { mobile: c.mobile })
const formErrors = (c: LoginContext) =>
  localErrors(loginSchema(c.country), { mobile: c.mobile, code: c.code.trim() })

/** The server's refusal at its fields (already translated), or nothing when it named no field of this form. */
function serverFieldErrors(error: unknown): LoginContext['fieldErrors'] | null {
  const failure = failureOf(error)
  if (failure.kind !== 'invalid') return null
  const out: LoginContext['fieldErrors'] = {}
  for (const field of ['mobile', 'code'] as const)
    if (failure.fields[field]) out[field] = { text: failure.fields[field] }
  return Object.keys(out).length > 0 ? out : null
}

/** The server's refusal of the country at the meta/code call's only field, or null for any other failure. */
function countryRefusal(error: unknown): Message | null {
  const failure = failureOf(error)
  if (failure.kind !== 'invalid') return null
  const text = failure.fields.code ?? failure.message
  return text ? { text } : msg(failure.messageKey)
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    tags: {} as 'busy' | 'requestingCode' | 'signingIn' | 'coolingDown',
  },
  actors: {
    checkNumber: fromPromise<ExistsResult, NumberQuery>(notProvided('checkNumber')),
    describeCountry: fromPromise<CountryMeta, { country: CountryCode }>(notProvided('describeCountry')),
    requestCode: fromPromise<VerifyCodeSent, CodeRequest>(notProvided('requestCode')),
    signIn: fromPromise<LoginResult, SignInRequest>(notProvided('signIn')),
  },
  delays: {
    /** The countdown to the next code moves a second at a time. */
    oneSecond: 1000,
  },
  guards: {
    mobileValid: ({ context }) => Object.keys(mobileErrors(context)).length === 0,
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    cooledDown: ({ context }) => context.resendIn <= 0,
    refusedAtField: (_, params: { error: unknown }) => serverFieldErrors(params.error) !== null,
    /** Register: getVerifyCode refused the number itself (the server's "registered" rule). */
    registerRefusedNumber: ({ context }, params: { error: unknown }) =>
      context.purpose === 'register' && serverFieldErrors(params.error)?.mobile !== undefined,
    forLogin: ({ context }) => context.purpose === 'login',
    countryRefused: ({ context }) => context.countryRefused !== null,
    exists: (_, params: { result: ExistsResult }) => params.result.exists,
    refusedCountry: (_, params: { error: unknown }) => countryRefusal(params.error) !== null,
  },
  actions: {
    changeMobile: assign(({ context }, params: { mobile: string }) => ({
      mobile: params.mobile,
      fieldErrors: { ...context.fieldErrors, mobile: undefined },
      numberStatus: null,
    })),
    markNumber: assign((_, params: { status: 'registered' | 'unregistered' }) => ({
      numberStatus: params.status,
    })),
    keepCountryMeta: assign((_, params: { meta: CountryMeta }) => ({ countryMeta: params.meta })),
    refuseCountry: assign((_, params: { error: unknown }) => ({
      countryRefused: countryRefusal(params.error),
    })),
    changeCode: assign(({ context }, params: { code: string }) => ({
      code: params.code,
      fieldErrors: { ...context.fieldErrors, code: undefined },
    })),
    showMobileErrors: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, ...mobileErrors(context) },
    })),
    showFormErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    showServerFieldErrors: assign(({ context }, params: { error: unknown }) => ({
      fieldErrors: { ...context.fieldErrors, ...serverFieldErrors(params.error) },
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(failureOf(params.error)) })),
    clearError: assign({ error: null }),
    startCooldown: assign((_, params: { sent: VerifyCodeSent }) => ({
      codeSent: true,
      resendIn: Math.max(0, Math.ceil(params.sent.resendAfterSeconds)),
    })),
    tick: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    keepResult: assign((_, params: { result: LoginResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'login',
  description: 'Log in or register with a mobile number and an SMS code; another code once a minute.',
  context: ({ input }) => ({
    purpose: input.purpose,
    country: input.country,
    mobile: input.mobile ?? '',
    code: '',
    codeSent: false,
    resendIn: 0,
    fieldErrors: {},
    error: null,
    result: null,
    numberStatus: null,
    countryMeta: null,
    countryRefused: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        'login.mobileChanged': { actions: { type: 'changeMobile', params: ({ event }) => event } },
        'login.codeChanged': { actions: { type: 'changeCode', params: ({ event }) => event } },
      },
      states: {
        code: {
          description: 'The SMS code: asked for, then no new one until the server’s wait is over.',
          initial: 'ready',
          states: {
            ready: {
              on: {
                'login.codeRequested': [
                  // A country the server does not serve gets no code; the form points to /user/nation.
                  { guard: 'countryRefused' },
                  { guard: and(['mobileValid', 'forLogin']), target: 'checking', actions: 'clearError' },
                  { guard: 'mobileValid', target: 'requesting', actions: 'clearError' },
                  { actions: 'showMobileErrors' },
                ],
              },
            },
            checking: {
              description:
                'Login: is the number registered? No SMS is spent on a number that has no account.',
              tags: ['busy', 'requestingCode'],
              invoke: {
                src: 'checkNumber',
                input: ({ context }) => ({ country: context.country, mobile: nationalOf(context) }),
                onDone: [
                  {
                    guard: { type: 'exists', params: ({ event }) => ({ result: event.output }) },
                    target: 'requesting',
                  },
                  { target: 'ready', actions: { type: 'markNumber', params: { status: 'unregistered' } } },
                ],
                // The login itself accepts any number of the country: a look-up that failed does not stop it.
                onError: 'requesting',
              },
            },
            confirmingRegistered: {
              description:
                'Register: the server refused the number; if it is registered, login is offered instead.',
              tags: ['busy'],
              invoke: {
                src: 'checkNumber',
                input: ({ context }) => ({ country: context.country, mobile: nationalOf(context) }),
                onDone: [
                  {
                    guard: { type: 'exists', params: ({ event }) => ({ result: event.output }) },
                    target: 'ready',
                    actions: { type: 'markNumber', params: { status: 'registered' } },
                  },
                  { target: 'ready' },
                ],
                onError: 'ready',
              },
            },
            requesting: {
              tags: ['busy', 'requestingCode'],
              invoke: {
                src: 'requestCode',
                input: ({ context }) => ({
                  purpose: context.purpose,
                  country: context.country,
                  mobile: nationalOf(context),
                }),
                onDone: {
                  target: 'coolingDown',
                  actions: { type: 'startCooldown', params: ({ event }) => ({ sent: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'registerRefusedNumber', params: ({ event }) => ({ error: event.error }) },
                    target: 'confirmingRegistered',
                    actions: {
                      type: 'showServerFieldErrors',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                  {
                    guard: { type: 'refusedAtField', params: ({ event }) => ({ error: event.error }) },
                    target: 'ready',
                    actions: {
                      type: 'showServerFieldErrors',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                  {
                    target: 'ready',
                    actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            coolingDown: {
              tags: ['coolingDown'],
              always: { guard: 'cooledDown', target: 'ready' },
              after: { oneSecond: { target: 'coolingDown', reenter: true, actions: 'tick' } },
            },
          },
        },
        country: {
          description:
            "The server's description of the country: its dial code, or that it does not serve it.",
          initial: 'describing',
          states: {
            describing: {
              invoke: {
                src: 'describeCountry',
                input: ({ context }) => ({ country: context.country }),
                onDone: {
                  target: 'described',
                  actions: { type: 'keepCountryMeta', params: ({ event }) => ({ meta: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'refusedCountry', params: ({ event }) => ({ error: event.error }) },
                    target: 'refused',
                    actions: { type: 'refuseCountry', params: ({ event }) => ({ error: event.error }) },
                  },
                  // Not reached (offline): the domain's profile of the country stands in.
                  { target: 'described' },
                ],
              },
            },
            described: {},
            refused: {},
          },
        },
        form: {
          initial: 'filling',
          states: {
            filling: {
              on: {
                'login.submitted': [
                  { guard: 'formValid', target: 'signingIn', actions: 'clearError' },
                  { actions: 'showFormErrors' },
                ],
              },
            },
            signingIn: {
              tags: ['busy', 'signingIn'],
              invoke: {
                src: 'signIn',
                input: ({ context }) => ({
                  purpose: context.purpose,
                  country: context.country,
                  mobile: nationalOf(context),
                  code: context.code.trim(),
                }),
                onDone: {
                  target: '#login.signedIn',
                  actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'refusedAtField', params: ({ event }) => ({ error: event.error }) },
                    target: 'filling',
                    actions: {
                      type: 'showServerFieldErrors',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                  {
                    target: 'filling',
                    actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.result!.token, newUser: context.result!.newUser }),
})

/**
 * What the login and register form shows — the form's one read of this machine (screens/shared/use-view.ts):
 * the fields as typed with their messages, what the server said of the number and the country, and which of
 * "get code" and submit may be pressed now.
 */
export function loginView(s: SnapshotFrom<typeof loginMachine>) {
  const { context } = s
  return {
    purpose: context.purpose,
    country: context.country,
    mobile: context.mobile,
    code: context.code,
    mobileError: context.fieldErrors.mobile ?? null,
    codeError: context.fieldErrors.code ?? null,
    error: context.error,
    resendIn: s.hasTag('coolingDown') ? context.resendIn : 0,
    codeSent: context.codeSent,
    canRequest: s.can({ type: 'login.codeRequested' }),
    requesting: s.hasTag('requestingCode'),
    canSubmit: s.can({ type: 'login.submitted' }),
    signingIn: s.hasTag('signingIn'),
    numberStatus: context.numberStatus,
    countryRefused: context.countryRefused,
    serverDialCode: context.countryMeta?.dialCode ?? null,
  }
}

export type LoginView = ReturnType<typeof loginView>
