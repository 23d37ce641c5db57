/** One of additional info's two emergency contacts: name, mobile and relation (the journey's schema checks them together). */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { CONTACT_RELATIONS } from '../../../domain/enums'
import { TextField, SelectField } from '../../../ui/form-fields'
import { useEnumOptions } from './enum-options'
import { PHONE_INPUT_MAX } from './field-input'

export function EmergencyContact({ n, country }: { n: 1 | 2; country: CountryCode }): ReactElement {
  const { t } = useTranslation()
  const relations = useEnumOptions('contactRelation', CONTACT_RELATIONS[COUNTRIES[country].enumVariant])
  return (
    <fieldset className="k-stack">
      <legend className="k-section-title">{t('auth.additional.contact', { n })}</legend>
      <TextField
        name={`emergencyContactName${n}`}
        label={t('auth.additional.contactName')}
        required
        maxLength={50}
      />
      <TextField
        name={`emergencyContactMobile${n}`}
        label={t('auth.additional.contactMobile')}
        required
        type="tel"
        inputMode="tel"
        maxLength={PHONE_INPUT_MAX}
      />
      <SelectField
        name={`emergencyContactRelation${n}`}
        label={t('auth.additional.contactRelation')}
        required
        options={relations}
      />
    </fieldset>
  )
}
