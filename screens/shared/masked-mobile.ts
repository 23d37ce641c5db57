/**
 * A mobile number for display with its middle hidden — "0712 *** 678", "55 **** 5678": the first and the last
 * group shown (a phone on the table is read by others too). Numbers are shown one way across the app, the
 * national way the borrower writes them and the wallet shows them (issue 13; docs/glossary.md); grouping is the
 * domain's formatMobile.
 */
import type { CountryCode } from '../../domain/countries'
import { formatMobile } from '../../domain/phone'

export function maskedMobile(country: CountryCode, national: string): string {
  const groups = formatMobile(country, national, 'national').split(' ')
  if (groups.length < 3) return groups.join(' ')
  return groups
    .map((group, i) => (i === 0 || i === groups.length - 1 ? group : '*'.repeat(group.length)))
    .join(' ')
}
