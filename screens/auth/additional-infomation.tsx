/**
 * Additional information (status 11; spec §2 "work info and two emergency contacts"). Which work fields show
 * follows the work type (workFieldsFor), which payday pickers show follows the pay frequency (paydayFieldsFor);
 * changing either clears what depended on it (DEPENDENT_FIELDS). The contacts' cross rules (different
 * relations, different mobiles, never the login number) come from the journey's schema and show at the field.
 * Fields the work type hides are not sent. The form is the journey's `additionalInfoForm` child. The monthly
 * income bands are labelled with what they mean in the order's product's currency (`context.salaryBands`, read by
 * the journey beside the form), the country's defaults until that arrives; the band ids sent never change.
 */
import { useSelector } from '@xstate/react'
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import {
  CONTACT_RELATIONS,
  DAYS_OF_MONTH,
  DEPENDENT_FIELDS,
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  JOB_EXPERIENCE,
  PAY_FREQUENCIES,
  WEEKDAYS,
  employmentCategory,
  paydayFieldsFor,
  workFieldsFor,
  type EmploymentType,
  type PayFrequency,
  type WorkField,
} from '../../domain/enums'
import { useDisplay } from '../../ui/display'
import { formatNumber } from '../../ui/format'
import { SelectField, TextField } from '../../ui/form-fields'
import { createClearingDecorator } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import type { FormValues } from '../../machines/submit.machine'
import { countrySalaryBands, type SalaryBandTerms } from '../../domain/salary-bands'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectCountry, selectSalaryBands, useFormChild } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm } from '../shared/submit-form'
import { AreaFields } from './parts/area-fields'
import { useEnumOptions } from './parts/enum-options'
import { useSalaryBandOptions } from './parts/salary-band-options'

const DECORATORS = [createClearingDecorator<FormValues>(DEPENDENT_FIELDS)]
/** Room for a number typed with its country code and spaces ("+255 713 456 789"); the schema checks the digits. */
const PHONE_INPUT_MAX = 20

/** The work address's fields, shown and sent together with `workAddress`. */
const WORK_ADDRESS_FIELDS = ['workState', 'workCity', 'workCounty', 'workAddress', 'workPinCode'] as const

/** What the work type hides is not sent, even if typed before the type changed. */
function hiddenWorkFields(values: FormValues): FormValues {
  const type = values.employmentType as EmploymentType | undefined
  if (!type) return {}
  const shown = workFieldsFor(type, values.payFrequency as PayFrequency | undefined)
  const hidden: FormValues = {}
  for (const [field, visible] of Object.entries(shown) as [WorkField, boolean][]) {
    if (visible) continue
    if (field === 'workAddress') for (const f of WORK_ADDRESS_FIELDS) hidden[f] = undefined
    else hidden[field] = undefined
  }
  if (employmentCategory(type) !== 'unemployed') hidden.incomeSource = undefined
  return hidden
}

function PaydayFields({ country }: { country: CountryCode }): ReactElement | null {
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

function WorkInfo({
  country,
  salaryBands,
}: {
  country: CountryCode
  salaryBands: SalaryBandTerms
}): ReactElement {
  const { t } = useTranslation()
  const variant = COUNTRIES[country].enumVariant
  const type = useField<EmploymentType>('employmentType', { subscription: { value: true } }).input.value
  const frequency = useField<PayFrequency>('payFrequency', { subscription: { value: true } }).input.value
  const types = useEnumOptions('employmentType', EMPLOYMENT_TYPES[variant])
  const industries = useEnumOptions('industry', INDUSTRIES[variant])
  const experience = useEnumOptions('jobExperience', JOB_EXPERIENCE[variant])
  const frequencies = useEnumOptions('payFrequency', PAY_FREQUENCIES[variant])
  const salaries = useSalaryBandOptions(salaryBands)
  const shown = type ? workFieldsFor(type, frequency || undefined) : null
  const unemployed = type ? employmentCategory(type) === 'unemployed' : false
  return (
    <section className="k-card k-stack" aria-labelledby="additional-work">
      <h2 id="additional-work" className="k-section-title">
        {t('auth.additional.work')}
      </h2>
      <SelectField
        name="employmentType"
        label={t('auth.additional.employmentType')}
        required
        options={types}
      />
      {shown?.companyName && (
        <TextField
          name="companyName"
          label={t('auth.additional.companyName')}
          required
          maxLength={100}
          autoComplete="organization"
        />
      )}
      {shown?.industryCategory && (
        <SelectField
          name="industryCategory"
          label={t('auth.additional.industry')}
          required
          options={industries}
        />
      )}
      {shown?.jobExperience && (
        <SelectField
          name="jobExperience"
          label={t('auth.additional.jobExperience')}
          required
          options={experience}
        />
      )}
      {shown?.workThereTime && (
        <SelectField name="workThereTime" label={t('auth.additional.workThereTime')} options={experience} />
      )}
      <SelectField
        name="monthlySalary"
        label={t('auth.additional.monthlySalary')}
        required
        options={salaries}
      />
      {unemployed && (
        <TextField name="incomeSource" label={t('auth.additional.incomeSource')} required maxLength={100} />
      )}
      {shown?.payFrequency && (
        <SelectField
          name="payFrequency"
          label={t('auth.additional.payFrequency')}
          required
          options={frequencies}
        />
      )}
      {shown?.monthlyPayday && <PaydayFields country={country} />}
      {shown?.companyPhone && (
        <TextField
          name="companyPhone"
          label={t('auth.additional.companyPhone')}
          type="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX}
        />
      )}
      {shown?.workAddress && (
        <>
          <AreaFields country={country} stateName="workState" cityName="workCity" countyName="workCounty" required={false} />
          <TextField name="workAddress" label={t('auth.additional.workAddress')} maxLength={100} />
          <TextField
            name="workPinCode"
            label={t('auth.additional.workPinCode')}
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
          />
        </>
      )}
    </section>
  )
}

function EmergencyContact({ n, country }: { n: 1 | 2; country: CountryCode }): ReactElement {
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

export default function AdditionalInfomationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useFormChild(journey, 'additionalInfoForm')
  const country = useSelector(journey, selectCountry)
  const productBands = useSelector(journey, selectSalaryBands)
  const salaryBands = useMemo(() => productBands ?? countrySalaryBands(country), [productBands, country])
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('auth.additional.title')} onBack={() => journey.send(GO_HOME)} />
      <OnboardingStepIndicator journey={journey} step="additionalInfo" />
      {form && (
        <SubmitForm actor={form} decorators={DECORATORS} extraOnSubmit={hiddenWorkFields}>
          <WorkInfo country={country} salaryBands={salaryBands} />
          <section className="k-card k-stack" aria-labelledby="additional-contacts">
            <h2 id="additional-contacts" className="k-section-title">
              {t('auth.additional.contacts')}
            </h2>
            <p className="k-muted k-small">{t('auth.additional.contactsHint')}</p>
            <EmergencyContact n={1} country={country} />
            <EmergencyContact n={2} country={country} />
          </section>
          <section className="k-card k-stack" aria-labelledby="additional-social">
            <h2 id="additional-social" className="k-section-title">
              {t('auth.additional.social')}
            </h2>
            <TextField
              name="linkedin"
              label={t('auth.additional.linkedin')}
              maxLength={200}
              autoComplete="url"
            />
            <TextField
              name="facebook"
              label={t('auth.additional.facebook')}
              maxLength={200}
              autoComplete="url"
            />
          </section>
          <SubmitButton actor={form}>{t('auth.common.next')}</SubmitButton>
        </SubmitForm>
      )}
    </main>
  )
}
