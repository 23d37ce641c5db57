/**
 * The values a few validation messages interpolate: {{domains}} (e-mail allowlist), {{max}} (receipt images),
 * {{min}} and {{unit}} (repayment amounts). Pass them with every translation of a `validation.*` key —
 * `t(key, validationMessageValues({ country }))` — on the app and on the server; i18next ignores the ones a
 * message does not use.
 */
import { COUNTRIES, type CountryCode } from '../countries'
import { MAX_RECEIPTS } from './feedback'
import { repaymentMessageValues, type RepaymentLimits } from './repayment'

export function validationMessageValues(input: {
  country: CountryCode
  repayment?: RepaymentLimits
  maxReceipts?: number
}): Record<string, string | number> {
  return {
    domains: COUNTRIES[input.country].emailDomains.join(', '),
    max: input.maxReceipts ?? MAX_RECEIPTS,
    ...(input.repayment ? repaymentMessageValues(input.repayment) : {}),
  }
}
