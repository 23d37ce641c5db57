/**
 * The payday pickers of additional info: which show follows the pay frequency (paydayFieldsFor) — a day of the
 * month or a weekday, once or twice.
 */
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { DAYS_OF_MONTH, WEEKDAYS, paydayFieldsFor, type PayFrequency } from '../../../domain/enums'
import { useDisplay } from '../../../ui/display'
import { formatNumber } from '../../../ui/format'
import { SelectField } from '../../../ui/form-fields'
import { useEnumOptions } from './enum-options'

export function PaydayFields({ country }: { country: CountryCode }): ReactElement | null {
  const { t } = useTranslation()
  const { locale } = useDisplay()
  const frequency = useField<PayFrequency>('payFrequency', { subscription: { value: true } }).input.value
  const weekdays = useEnumOptions('weekday', WEEKDAYS[COUNTRIES[country].enumVariant])
  const days = useMemo(
    () => DAYS_OF_MONTH.map((d) => ({ value: d, label: formatNumber(d, locale) })),
    [locale],
  )
  if (!frequency) return null
  const payday = paydayFieldsFor(frequency)
  const options = payday.first === 'dayOfMonth' ? days : weekdays
  const kind = payday.first === 'dayOfMonth' ? 'day' : 'weekday'
  return (
    <>
      <SelectField<string | number>
        name="monthlyPayday"
        label={t(
          payday.second ? `auth.additional.payday.first.${kind}` : `auth.additional.payday.only.${kind}`,
        )}
        required
        options={options}
      />
      {payday.second && (
        <SelectField<string | number>
          name="monthlyPaydayTwo"
          label={t(`auth.additional.payday.second.${kind}`)}
          required
          options={options}
        />
      )}
    </>
  )
}
