/**
 * Additional information (status 11; spec §2 "work info and two emergency contacts"). Which work fields show
 * follows the work type (workFieldsFor), which payday pickers show follows the pay frequency (paydayFieldsFor);
 * changing either clears what depended on it (DEPENDENT_FIELDS). The contacts' cross rules (different
 * relations, different mobiles, never the login number) come from the journey's schema and show at the field.
 * Fields the work type hides are not sent. The form is the journey's `additionalInfoForm` child. The monthly
 * income bands are labelled with what they mean in the order's product's currency (selectSalaryBands, read by
 * the journey beside the form), the country's defaults until that arrives; the band ids sent never change.
 */
import { useSelector } from '@xstate/react'
import { useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { DEPENDENT_FIELDS } from '../../domain/enums'
import { countrySalaryBands } from '../../domain/salary-bands'
import type { FormValues } from '../../machines/submit.machine'
import { TextField } from '../../ui/form-fields'
import { createClearingDecorator } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, selectCountry, selectSalaryBands, useFormChild } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm } from '../shared/submit-form'
import { EmergencyContact } from './parts/emergency-contact'
import { WorkInfo, hiddenWorkFields } from './parts/work-info'

const DECORATORS = [createClearingDecorator<FormValues>(DEPENDENT_FIELDS)]

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
