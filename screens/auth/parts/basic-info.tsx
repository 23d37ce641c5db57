/**
 * The basic section of personal info: the fields and their lists come from the borrower's country profile;
 * education, marital status, the ID and the contacts wait for the birthday (personalFieldsFor).
 */
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { EDUCATION, GENDERS, MARITAL_STATUS, personalFieldsFor } from '../../../domain/enums'
import { validationMessageValues } from '../../../domain/schemas/message-values'
import { BirthdayPicker } from '../../../ui/birthday-picker'
import { ControlField, RadioGroupField, SelectField, TextField } from '../../../ui/form-fields'
import { useEnumOptions } from './enum-options'
import { NationalIdField } from './national-id-field'
import { PHONE_INPUT_MAX, upper } from './field-input'

export function BasicInfo({ country, today }: { country: CountryCode; today: Date }): ReactElement {
  const { t } = useTranslation()
  const profile = COUNTRIES[country]
  const variant = profile.enumVariant
  const birthday = useField('birthday', { subscription: { value: true } }).input.value
  const shown = personalFieldsFor(birthday)
  const genders = useEnumOptions<string | number>('gender', GENDERS[variant])
  const education = useEnumOptions('education', EDUCATION[variant])
  const marital = useEnumOptions('maritalStatus', MARITAL_STATUS[variant])
  const domains = useMemo(() => validationMessageValues({ country }), [country])
  const optional = profile.idRules.optional
  const cardTypes = useEnumOptions('cardType', profile.idRules.cardTypes)
  return (
    <section className="k-card k-stack" aria-labelledby="personal-basic">
      <h2 id="personal-basic" className="k-section-title">
        {t('auth.personal.basic')}
      </h2>
      <TextField name="firstName" label={t('auth.personal.firstName')} required autoComplete="given-name" />
      <TextField name="middleName" label={t('auth.personal.middleName')} autoComplete="additional-name" />
      <TextField name="lastName" label={t('auth.personal.lastName')} required autoComplete="family-name" />
      <RadioGroupField name="gender" label={t('auth.personal.gender')} required inline options={genders} />
      <ControlField<string>
        name="birthday"
        label={t('auth.personal.birthday')}
        required
        group
        hint={birthday ? undefined : t('auth.personal.birthdayFirst')}
        render={(control) => <BirthdayPicker {...control} today={today} />}
      />
      {shown.education && (
        <SelectField name="education" label={t('auth.personal.education')} required options={education} />
      )}
      {shown.maritalStatus && (
        <SelectField
          name="maritalStatus"
          label={t('auth.personal.maritalStatus')}
          required
          options={marital}
        />
      )}
      {shown.nationalId && cardTypes.length > 1 && (
        <RadioGroupField
          name="cardType"
          label={t('auth.personal.cardType')}
          hint={t('auth.personal.cardTypeHint', { card: cardTypes[0]!.label })}
          inline
          options={cardTypes}
        />
      )}
      {shown.nationalId && <NationalIdField country={country} />}
      {shown.rfc && optional.includes('rfc') && (
        <TextField
          name="rfc"
          label={t('auth.personal.rfc')}
          maxLength={13}
          autoComplete="off"
          parse={upper}
        />
      )}
      {shown.nss && optional.includes('nss') && (
        <TextField
          name="nss"
          label={t('auth.personal.nss')}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
        />
      )}
      {shown.email && (
        <TextField
          name="email"
          label={t('auth.personal.email')}
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={t('auth.personal.emailHint', domains)}
          errorValues={domains}
        />
      )}
      {shown.whatsappNo && (
        <TextField
          name="whatsappNo"
          label={t('auth.personal.whatsapp')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_INPUT_MAX}
        />
      )}
      {shown.sparePhone && (
        <TextField
          name="sparePhone"
          label={t('auth.personal.sparePhone')}
          type="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX}
        />
      )}
    </section>
  )
}
