/**
 * Wallet providers (decisions.md): Tanzania M-Pesa (Vodacom), Airtel Money, Mixx by Yas (formerly Tigo Pesa;
 * code `tigo`) and HaloPesa (Halotel); Kenya M-Pesa (Safaricom) and Airtel Money; Mexico pays out to a bank
 * account by CLABE (code `clabe`).
 *
 * Number ranges are the operators' allocations in the national numbering plans — Tanzania: TCRA; Kenya:
 * Communications Authority of Kenya — as libphonenumber's carrier data records them (release 9.0.35, July 2026;
 * docs/decisions.md "Identity numbers and phone plans (issue 18)"). Both countries have mobile number portability,
 * so a ported number can sit in another operator's range; a borrower in that case gets the wrong-network message
 * and contacts customer service (docs/decisions.md). Update the ranges here when a regulator allocates new ones.
 */
import type { CountryCode, WalletProviderCode } from './countries'
import { isValidClabe } from './identity-numbers'
import { normalizeMobile } from './phone'

export type { WalletProviderCode } from './countries'

export interface WalletProvider {
  readonly code: WalletProviderCode
  readonly country: CountryCode
  /** Label key of the provider's display name. */
  readonly nameKey: string
  /** What the account number is: a mobile number, or an 18-digit CLABE. */
  readonly accountKind: 'mobile' | 'clabe'
  /** NSN prefixes (without the trunk 0) of the operator's ranges; empty for CLABE. */
  readonly prefixes: readonly string[]
}

/** Expands inclusive numeric prefix ranges, e.g. range('70', '72') → ['70', '71', '72']. */
function range(from: string, to: string): string[] {
  const out: string[] = []
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'))
  return out
}

export const WALLET_PROVIDERS: readonly WalletProvider[] = [
  // Tanzania (NSN 9 digits; prefixes are the two digits after the trunk 0): Vodacom 72, 74–76, 79; Airtel 66, 68,
  // 69, 78; Yas (Mixx by Yas) 65, 67, 70, 71, 77; Viettel (Halotel) 61–63. TTCL's 73 has no wallet here.
  {
    code: 'mpesa',
    country: 'TZ',
    nameKey: 'enums.wallet.mpesa',
    accountKind: 'mobile',
    prefixes: ['72', '74', '75', '76', '79'],
  },
  {
    code: 'airtel',
    country: 'TZ',
    nameKey: 'enums.wallet.airtel',
    accountKind: 'mobile',
    prefixes: ['66', '68', '69', '78'],
  },
  {
    code: 'tigo',
    country: 'TZ',
    nameKey: 'enums.wallet.tigo',
    accountKind: 'mobile',
    prefixes: ['65', '67', '70', '71', '77'],
  },
  {
    code: 'halopesa',
    country: 'TZ',
    nameKey: 'enums.wallet.halopesa',
    accountKind: 'mobile',
    prefixes: ['61', '62', '63'],
  },
  // Kenya (NSN 9 digits): Safaricom and Airtel blocks of 07xx and 01xx. Telkom (77), Finserve, JTL and the other
  // small networks have no wallet here.
  {
    code: 'mpesa',
    country: 'KE',
    nameKey: 'enums.wallet.mpesa',
    accountKind: 'mobile',
    prefixes: [
      '70',
      '71',
      '72',
      ...range('740', '743'),
      '745',
      '746',
      '748',
      '749',
      ...range('757', '759'),
      '768',
      '769',
      '79',
      '11',
      ...range('140', '145'),
      '18',
    ],
  },
  {
    code: 'airtel',
    country: 'KE',
    nameKey: 'enums.wallet.airtel',
    accountKind: 'mobile',
    prefixes: ['73', ...range('750', '756'), '761', '762', '78', ...range('100', '108')],
  },
  // Mexico: payouts go to a bank account.
  { code: 'clabe', country: 'MX', nameKey: 'enums.wallet.clabe', accountKind: 'clabe', prefixes: [] },
]

/** The providers a borrower in a country can choose, in the order the country profile lists them. */
export function providersFor(country: CountryCode): readonly WalletProvider[] {
  return WALLET_PROVIDERS.filter((p) => p.country === country)
}

export function findProvider(country: CountryCode, code: string): WalletProvider | null {
  return WALLET_PROVIDERS.find((p) => p.country === country && p.code === code) ?? null
}

function onNetwork(provider: WalletProvider, national: string): boolean {
  return provider.prefixes.some((prefix) => national.startsWith(prefix))
}

/**
 * Whether an account number fits a provider: a mobile number of the country in the operator's ranges (an
 * Airtel number is refused for M-Pesa), or a CLABE with a correct check digit.
 */
export function isValidWalletNumber(country: CountryCode, provider: string, input: string): boolean {
  const p = findProvider(country, provider)
  if (!p) return false
  if (p.accountKind === 'clabe') return isValidClabe(input)
  const national = normalizeMobile(country, input)
  return national !== null && onNetwork(p, national)
}

/** The mobile-money provider whose range a number falls in, or null (not a mobile number, or no wallet). */
export function providerForNumber(country: CountryCode, input: string): WalletProviderCode | null {
  const national = normalizeMobile(country, input)
  if (national === null) return null
  return providersFor(country).find((p) => p.accountKind === 'mobile' && onNetwork(p, national))?.code ?? null
}

/** The account number as stored: the NSN for a mobile wallet, the 18 digits for a CLABE; null if invalid. */
export function normalizeWalletNumber(country: CountryCode, provider: string, input: string): string | null {
  if (!isValidWalletNumber(country, provider, input)) return null
  return findProvider(country, provider)?.accountKind === 'clabe'
    ? input.replace(/[\s-]/g, '')
    : normalizeMobile(country, input)
}
