/**
 * Wallet account (POST /user/addBankCard): a provider from the country's list, an account number valid for that
 * provider — a mobile number on the provider's own network (an Airtel number is refused for M-Pesa), or in Mexico
 * an 18-digit CLABE with its check digit — typed twice.
 */
import * as v from 'valibot'
import { COUNTRIES, type CountryCode } from '../countries'
import { isValidClabe } from '../identity-numbers'
import { normalizeMobile } from '../phone'
import { findProvider, isValidWalletNumber, normalizeWalletNumber } from '../wallets'
import { REQUIRED, crossField, filled } from './common'

const compact = (s: string) => s.replace(/[\s-]/g, '')

export function walletSchema(country: CountryCode) {
  const required = 'validation.wallet.numberRequired'
  const entries = {
    provider: v.picklist(COUNTRIES[country].walletProviders, 'validation.wallet.provider'),
    accountNumber: v.pipe(v.string(required), v.check(filled, required)),
    confirmAccountNumber: v.pipe(
      v.string('validation.wallet.confirmRequired'),
      v.check(filled, 'validation.wallet.confirmRequired'),
    ),
  }
  type Shape = v.InferOutput<v.ObjectSchema<typeof entries, string>>
  /** The same account typed two ways (+255 712 345 678 and 0712345678) is the same account. */
  const sameAccount = (provider: string, a: string, b: string) => {
    const x = normalizeWalletNumber(country, provider, a)
    const y = normalizeWalletNumber(country, provider, b)
    return x !== null && y !== null ? x === y : compact(a) === compact(b)
  }
  const isClabe = (i: Shape) => findProvider(country, i.provider)?.accountKind === 'clabe'
  const wellFormed = (i: Shape) =>
    isClabe(i) ? isValidClabe(i.accountNumber) : normalizeMobile(country, i.accountNumber) !== null
  return v.pipe(
    v.object(entries, REQUIRED),
    crossField<Shape>(
      ['provider', 'accountNumber'],
      (i) => isClabe(i) || normalizeMobile(country, i.accountNumber) !== null,
      'validation.wallet.number',
      'accountNumber',
    ),
    crossField<Shape>(
      ['provider', 'accountNumber'],
      (i) => !isClabe(i) || isValidClabe(i.accountNumber),
      'validation.wallet.clabe',
      'accountNumber',
    ),
    crossField<Shape>(
      ['provider', 'accountNumber'],
      (i) => !wellFormed(i) || isValidWalletNumber(country, i.provider, i.accountNumber),
      'validation.wallet.network',
      'accountNumber',
    ),
    crossField<Shape>(
      ['accountNumber', 'confirmAccountNumber'],
      (i) => sameAccount(i.provider, i.accountNumber, i.confirmAccountNumber),
      'validation.wallet.mismatch',
      'confirmAccountNumber',
    ),
  )
}

export type WalletInput = v.InferInput<ReturnType<typeof walletSchema>>
