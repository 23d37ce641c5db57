/**
 * Numbers shown on a screen others may see, partly hidden: an ID number keeps its last four characters, a bank
 * account (CLABE) its last four digits, a mobile wallet its first and last groups (maskedMobile). The borrower can
 * still tell which number it is; a stranger reading over the shoulder cannot copy it.
 */
import type { CountryCode } from '../../domain/countries'
import { findProvider, normalizeWalletNumber } from '../../domain/wallets'
import { maskedMobile } from './masked-mobile'

const SHOWN = 4

/** "•••• 0123": the last four characters (spaces and dashes dropped); neither the rest nor the length shows. */
export function maskedId(value: string): string {
  const compact = value.replace(/[\s-]/g, '')
  if (compact.length <= SHOWN) return compact
  return `•••• ${compact.slice(-SHOWN)}`
}

/** A wallet's number as typed, partly hidden the way its kind is written (mobile number or bank account). */
export function maskedWalletNumber(country: CountryCode, provider: string, typed: string): string {
  const number = normalizeWalletNumber(country, provider, typed) ?? typed.replace(/\D/g, '')
  return findProvider(country, provider)?.accountKind === 'mobile' ? maskedMobile(country, number) : maskedId(number)
}
