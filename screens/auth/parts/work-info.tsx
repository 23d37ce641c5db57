/**
 * The work section of additional info: which fields show follows the work type (workFieldsFor) and the pay
 * frequency; what the work type hides is not sent (hiddenWorkFields). The monthly income bands are labelled with
 * what they mean in the order's product's currency.
 */
import type { ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import {
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  JOB_EXPERIENCE,
  PAY_FREQUENCIES,
  employmentCategory,
  workFieldsFor,
  type EmploymentType,
  type PayFrequency,
  type WorkField,
} from '../../../domain/enums'
import type { SalaryBandTerms } from '../../../domain/salary-bands'
import type { FormValues } from '../../../machines/submit.machine'
import { SelectField, TextField } from '../../../ui/form-fields'
import { AreaFields } from './area-fields'
import { useEnumOptions } from './enum-options'
import { PaydayFields } from './payday-fields'
import { PHONE_INPUT_MAX } from './field-input'
import { useSalaryBandOptions } from './salary-band-options'

/** The work address's fields, shown and sent together with `workAddress`. */
const WORK_ADDRESS_FIELDS = ['workState', 'workCity', 'workCounty', 'workAddress', 'workPinCode'] as const

/** What the work type hides is not sent, even if typed before the type changed. */
export function hiddenWorkFields(values: FormValues): FormValues {
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

export function WorkInfo({
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
