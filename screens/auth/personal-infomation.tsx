/**
 * Personal information (status 6; spec §2 "basic info and residence info"). The fields and their lists come from
 * the borrower's country profile (enumeration variant, national ID kind, RFC/NSS, administrative areas, e-mail
 * allowlist); education, marital status, the ID and the contacts wait for the birthday (personalFieldsFor).
 * The form is the journey's `personalInfoForm` child: it keeps the draft, checks the schema and saves.
 */
import { useSelector } from '@xstate/react'
import { useMemo, useState, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import {
  DEPENDENT_FIELDS,
  EDUCATION,
  GENDERS,
  MARITAL_STATUS,
  RESIDENCE_TYPES,
  personalFieldsFor,
} from '../../domain/enums'
import { validationMessageValues } from '../../domain/schemas/message-values'
import { BirthdayPicker } from '../../ui/birthday-picker'
import { ControlField, RadioGroupField, SelectField, TextField } from '../../ui/form-fields'
import { createClearingDecorator } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import { NidaInput } from '../../ui/segmented-input'
import type { FormValues } from '../../machines/submit.machine'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectCountry, selectOrderReadAt, useFormChild } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm } from '../shared/submit-form'
import { AreaFields } from './parts/area-fields'
import { useEnumOptions } from './parts/enum-options'

const DECORATORS = [createClearingDecorator<FormValues>(DEPENDENT_FIELDS)]
const upper = (value: string) => value.toUpperCase()
/** Room for a number typed with its country code and spaces ("+255 713 456 789"); the schema checks the digits. */
const PHONE_INPUT_MAX = 20

function NationalIdField({ country }: { country: CountryCode }): ReactElement {
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

function BasicInfo({ country, today }: { country: CountryCode; today: Date }): ReactElement {
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

function ResidenceInfo({ country }: { country: CountryCode }): ReactElement {
  const { t } = useTranslation()
  const residence = useEnumOptions('residenceType', RESIDENCE_TYPES[COUNTRIES[country].enumVariant])
  return (
    <section className="k-card k-stack" aria-labelledby="personal-residence">
      <h2 id="personal-residence" className="k-section-title">
        {t('auth.personal.residence')}
      </h2>
      <SelectField
        name="residenceType"
        label={t('auth.personal.residenceType')}
        required
        options={residence}
      />
      <AreaFields country={country} stateName="state" cityName="city" countyName="county" required />
      <TextField
        name="address"
        label={t('auth.personal.address')}
        required
        maxLength={100}
        autoComplete="street-address"
      />
      <TextField
        name="pinCode"
        label={t('auth.personal.pinCode')}
        inputMode="numeric"
        maxLength={5}
        autoComplete="postal-code"
      />
    </section>
  )
}

export default function PersonalInfomationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useFormChild(journey, 'personalInfoForm')
  const country = useSelector(journey, selectCountry)
  const readAt = useSelector(journey, selectOrderReadAt)
  // The birthday range counts from the day the journey checks the form with (the order's reading).
  const [today] = useState(() => new Date(readAt || Date.now()))
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('auth.personal.title')} onBack={() => journey.send(GO_HOME)} />
      <OnboardingStepIndicator journey={journey} step="personalInfo" />
      {form && (
        <SubmitForm actor={form} decorators={DECORATORS}>
          <BasicInfo country={country} today={today} />
          <ResidenceInfo country={country} />
          <SubmitButton actor={form}>{t('auth.common.next')}</SubmitButton>
        </SubmitForm>
      )}
    </main>
  )
}
