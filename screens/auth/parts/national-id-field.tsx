/** The national ID field as the country's profile says: Tanzania's NIDA in segments, Mexico's CURP, Kenya's ID number. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { ControlField, TextField } from '../../../ui/form-fields'
import { NidaInput } from '../../../ui/segmented-input'
import { upper } from './field-input'

export function NationalIdField({ country }: { country: CountryCode }): ReactElement {
  const { t } = useTranslation()
  const kind = COUNTRIES[country].idRules.nationalId
  const label = t(`auth.personal.nationalId.${kind}`)
  if (kind === 'nida') {
    return (
      <ControlField<string>
        name="nationalId"
        label={label}
        required
        group
        hint={t('auth.personal.nationalId.nidaHint')}
        render={(control) => <NidaInput {...control} />}
      />
    )
  }
  return kind === 'curp' ? (
    <TextField name="nationalId" label={label} required maxLength={18} autoComplete="off" parse={upper} />
  ) : (
    <TextField
      name="nationalId"
      label={label}
      required
      inputMode="numeric"
      maxLength={8}
      autoComplete="off"
    />
  )
}
