/**
 * The login form's input, context, events and calls (machines/login.machine.ts).
 */
import type { CountryMeta, LoginResult } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { VerifyCodePurpose } from '../../domain/schemas/account'
import type { Message } from '../kit/call-failure'

export interface LoginInput {
  purpose: VerifyCodePurpose
  country: CountryCode
  /** A number the borrower already typed (a landing page); '' or absent: empty. */
  mobile?: string
}

export type LoginField = 'mobile' | 'code'

export interface LoginContext {
  purpose: VerifyCodePurpose
  country: CountryCode
  /** As typed. */
  mobile: string
  code: string
  /** Whether a code was sent to this borrower since the form opened. */
  codeSent: boolean
  /** Seconds before another code may be asked for (0: now). */
  resendIn: number
  fieldErrors: Partial<Record<LoginField, Message>>
  error: Message | null
  result: LoginResult | null
  /**
   * What the server said of the number as typed: 'unregistered' (login: no account, register instead) or
   * 'registered' (register: log in instead); null until it said either, and again once the number changes.
   */
  numberStatus: 'registered' | 'unregistered' | null
  /** The server's description of the country (dial code, currency, languages); null until it answers. */
  countryMeta: CountryMeta | null
  /** The server's refusal of the country (not served); null while it is served or unknown. */
  countryRefused: Message | null
}

export type LoginEvent =
  | { type: 'login.mobileChanged'; mobile: string }
  | { type: 'login.codeChanged'; code: string }
  | { type: 'login.codeRequested' }
  | { type: 'login.submitted' }

export type LoginOutput = Pick<LoginResult, 'token' | 'newUser'>

export interface CodeRequest {
  purpose: VerifyCodePurpose
  country: CountryCode
  /** The national number (no dial code, no 0). */
  mobile: string
}

export interface SignInRequest extends CodeRequest {
  code: string
}

export interface NumberQuery {
  country: CountryCode
  /** The national number. */
  mobile: string
}
