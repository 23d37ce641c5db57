/**
 * One loan at a time per person (docs/decisions.md "One loan at a time per person"): the same national ID number
 * (NIDA, Kenyan ID, CURP) or the same payout account cannot hold two applications or loans at once, nor skip a
 * rejection's 30-day wait, whichever account (phone number) applies.
 *
 * Pure: which form of a number is "the same", which statuses hold it, and what to refuse given the other accounts'
 * orders that share it. The server keeps each number only as a keyed hash of its canonical form
 * (server/profile/person-keys.ts) and the database holds the rule too (migration 0005).
 */
import { ApiCode } from './api-codes'
import { COUNTRIES, type CountryCode } from './countries'
import { isValidCurp, isValidKenyanId, isValidNida } from './identity-numbers'
import { OrderStatus, type OrderStatusCode } from './order-status'
import { normalizeWalletNumber } from './wallets'

/**
 * Statuses in which an order holds its ID number and payout account: from submission (19) until it is repaid (4),
 * cancelled (8) or rejected (9). An order still in onboarding (6, 12, 11, 5, 17) holds neither, so an application
 * abandoned on a lost phone never locks its owner out; it is refused when it would reach 19.
 */
export const PERSON_HELD_STATUSES: readonly OrderStatusCode[] = [1, 2, 3, 7, 10, 14, 18, 19]

export function holdsPerson(status: OrderStatusCode): boolean {
  return PERSON_HELD_STATUSES.includes(status)
}

/**
 * One person's national ID number however it was typed, or null when it is not a valid number of the country's
 * kind: NIDA's 20 digits without dashes or spaces; a Kenyan ID card number without leading zeros (a serial
 * number: 01234567 is 1234567); a CURP in capitals.
 */
export function canonicalNationalId(country: CountryCode, input: string): string | null {
  const text = input.trim()
  switch (COUNTRIES[country].idRules.nationalId) {
    case 'nida':
      return isValidNida(text) ? text.replace(/\D/g, '') : null
    case 'kenyaId':
      return isValidKenyanId(text) ? text.replace(/^0+(?=\d)/, '') : null
    case 'curp':
      return isValidCurp(text) ? text.toUpperCase() : null
  }
}

/**
 * One payout account however it was typed, or null when it is not valid for the provider: the national number of
 * a mobile wallet, the 18 digits of a CLABE. The provider is left out on purpose: a mobile number is one SIM, one
 * person, whichever money service it is registered under (and a ported number moves between them).
 */
export function canonicalWallet(country: CountryCode, provider: string, account: string): string | null {
  return normalizeWalletNumber(country, provider, account)
}

/** An order of ANOTHER account that shares the applicant's ID number or payout account. */
export interface SamePersonOrder {
  readonly status: OrderStatusCode
  /** It was applied for under the applicant's ID number. */
  readonly sameIdNumber: boolean
  /** It is paid out (or would be) to the applicant's payout account. */
  readonly sameWallet: boolean
  /** A rejection's retry date (epoch ms): 30 days after the decision. Null for other statuses. */
  readonly retryAtMs: number | null
}

export type SamePersonRefusal =
  | { readonly code: typeof ApiCode.LoanIdNumberInUse }
  | { readonly code: typeof ApiCode.LoanWalletInUse }
  | { readonly code: typeof ApiCode.LoanPersonRetryLater; readonly retryAtMs: number }

/**
 * What to refuse an application (or the profile step that names its ID number or wallet) given the other
 * accounts' orders that share either: a held order under the same ID number (2116), else one paid to the same
 * account (2117), else a rejection under either whose 30 days are not over (2118, with the latest retry date).
 * Null: nothing stands in the way.
 */
export function samePersonRefusal(
  others: readonly SamePersonOrder[],
  nowMs: number,
): SamePersonRefusal | null {
  if (others.some((o) => o.sameIdNumber && holdsPerson(o.status))) return { code: ApiCode.LoanIdNumberInUse }
  if (others.some((o) => o.sameWallet && holdsPerson(o.status))) return { code: ApiCode.LoanWalletInUse }
  const waits = others
    .filter((o) => (o.sameIdNumber || o.sameWallet) && o.status === OrderStatus.Reject)
    .map((o) => o.retryAtMs)
    .filter((at): at is number => at !== null && at > nowMs)
  return waits.length ? { code: ApiCode.LoanPersonRetryLater, retryAtMs: Math.max(...waits) } : null
}
