/**
 * /yx3 — the phone-number landing page: the borrower types a mobile number of their country and goes on to
 * register with it filled in (journey event 'user.mobileEntered'). The number is checked with the domain's rule
 * first ("Mobile phone number cannot be empty", "Please enter a correct mobile number"). A borrower who is signed
 * in already goes home.
 */
import { useSelector } from '@xstate/react'
import * as v from 'valibot'
import { useMemo, type ReactElement } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES } from '../../domain/countries'
import { mobileNumber } from '../../domain/schemas/account'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-fields'
import { validateWith } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectCountry } from '../shared/journey-selectors'

interface Values {
  mobile?: string
}

const BENEFITS = ['amount', 'fast', 'phone'] as const

export default function Yx3Screen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const validate = useMemo(() => validateWith(v.object({ mobile: mobileNumber(country) })), [country])
  const { dialCode } = COUNTRIES[country]
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.yx3.title')} />
      <main className="k-stack">
        <section className="k-card k-card--brand k-stack">
          <h2 className="k-section-title">{t('standalone.yx3.headline')}</h2>
          <ul className="k-stack">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{t(`standalone.yx3.benefit.${benefit}`)}</li>
            ))}
          </ul>
        </section>
        <Form<Values>
          onSubmit={(values) => journey.send({ type: 'user.mobileEntered', mobile: values.mobile ?? '' })}
          validate={validate}
          subscription={{ submitting: true }}
        >
          {({ handleSubmit }) => (
            <form className="k-stack k-card" noValidate onSubmit={handleSubmit}>
              <TextField
                name="mobile"
                label={t('standalone.yx3.mobile', { dialCode })}
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
              />
              <Button type="submit" block>
                {t('standalone.yx3.continue')}
              </Button>
            </form>
          )}
        </Form>
      </main>
    </div>
  )
}
