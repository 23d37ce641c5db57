/**
 * Personal information (status 6; spec §2 "basic info and residence info"). The fields and their lists come from
 * the borrower's country profile (enumeration variant, national ID kind, RFC/NSS, administrative areas, e-mail
 * allowlist); education, marital status, the ID and the contacts wait for the birthday (personalFieldsFor).
 * The form is the journey's `personalInfoForm` child: it keeps the draft, checks the schema and saves.
 */
import { useSelector } from '@xstate/react'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { DEPENDENT_FIELDS, RESIDENCE_TYPES } from '../../domain/enums'
import { SelectField, TextField } from '../../ui/form-fields'
import { createClearingDecorator } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import type { FormValues } from '../../machines/submit.machine'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectCountry, selectOrderReadAt, useFormChild } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm } from '../shared/submit-form'
import { AreaFields } from './parts/area-fields'
import { BasicInfo } from './parts/basic-info'
import { useEnumOptions } from './parts/enum-options'

const DECORATORS = [createClearingDecorator<FormValues>(DEPENDENT_FIELDS)]

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
