/**
 * A mobile number for display with its middle hidden — "+255 712 *** 678", "+52 55 **** 5678": the dial code, the
 * first and the last group shown (a phone on the table is read by others too). Grouping is the domain's
 * formatMobile.
 */
import type { CountryCode } from '../../src/domain/countries'
import { formatMobile } from '../../src/domain/phone'

export function maskedMobile(country: CountryCode, national: string): string {
  const groups = formatMobile(country, national).split(' ')
  if (groups.length < 4) return groups.join(' ')
  return groups
    .map((group, i) => (i <= 1 || i === groups.length - 1 ? group : '*'.repeat(group.length)))
    .join(' ')
}
