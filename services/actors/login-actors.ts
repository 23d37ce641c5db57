/**
 * The login form's I/O (machines/login.machine.ts): whether a number is registered, the country's description,
 * the SMS code and the login or registration. Composition:
 * `loginMachine.provide({ actors: createLoginActors({ api }) })`. The machine sends the national number; the
 * calls name the country, as every call before login does.
 */
import { fromPromise } from 'xstate'
import type { CountryMeta, ExistsResult, LoginResult, VerifyCodeSent } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { VerifyCodePurpose } from '../../domain/schemas/account'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

interface CodeRequest {
  purpose: VerifyCodePurpose
  country: CountryCode
  /** The national number. */
  mobile: string
}

interface SignInRequest extends CodeRequest {
  code: string
}

export function createLoginActors({ api }: { api: Pick<ApiClient, 'request'> }) {
  return {
    checkNumber: fromPromise<ExistsResult, { country: CountryCode; mobile: string }>(async ({ input, signal }) =>
      dataOf(
        await api.request('/security/existsByMobile', { country: input.country, mobile: input.mobile }, { signal }),
      ),
    ),
    describeCountry: fromPromise<CountryMeta, { country: CountryCode }>(async ({ input, signal }) =>
      dataOf(await api.request('/country/meta/code', { code: input.country }, { signal })),
    ),
    requestCode: fromPromise<VerifyCodeSent, CodeRequest>(async ({ input, signal }) =>
      dataOf(
        await api.request(
          '/security/getVerifyCode',
          { country: input.country, mobile: input.mobile, purpose: input.purpose },
          { signal },
        ),
      ),
    ),
    signIn: fromPromise<LoginResult, SignInRequest>(async ({ input, signal }) => {
      const body = { country: input.country, mobile: input.mobile, code: input.code }
      const path = input.purpose === 'register' ? '/security/register' : '/security/login'
      return dataOf(await api.request(path, body, { signal }))
    }),
  }
}
