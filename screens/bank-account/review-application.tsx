/**
 * reviewApplication — the last step of onboarding (issue 13; docs/decisions.md "Review before submitting"): what
 * the borrower applies for (the order's amount and term) and what they entered (the profile the server has, read
 * again when this screen opens, and the wallet as typed on the previous step), ID and account numbers partly
 * hidden. Each section's Edit sends 'review.edited' {step}; the journey opens that step and brings the borrower
 * back here once it is saved. Submit application sends 'application.submitted': the journey sends the wallet, the
 * call that submits the application.
 */
import { shallowEqual, useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReviewEditStep } from '../../machines/journey/journey-context'
import { submitView } from '../../machines/submit.machine'
import { enumLabelKey } from '../../domain/enums'
import { Button } from '../../ui/button'
import { Money } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { DayText } from '../shared/display-text'
import {
  GO_HOME,
  selectAccountAdditionalInfo,
  selectAccountPersonalInfo,
  selectCountry,
  selectLatestOrder,
  useFormChild,
} from '../shared/journey-selectors'
import { maskedId, maskedWalletNumber } from '../shared/masked-number'
import { MessageNotice } from '../shared/message-text'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { Contact, Line, Section, text, type Values } from './parts/review-sections'

export default function ReviewApplicationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const order = useSelector(journey, selectLatestOrder)
  const personal = useSelector(journey, selectAccountPersonalInfo) as Values | null
  const additional = useSelector(journey, selectAccountAdditionalInfo) as Values | null
  const canSubmit = useSelector(journey, (s) => s.can({ type: 'application.submitted' }))
  const form = useFormChild(journey, 'walletForm')
  const walletForm = useSelector(form, (s) => (s ? submitView(s) : null), shallowEqual)
  const wallet = walletForm?.values ?? null
  const sending = walletForm?.busy ?? false
  const error = walletForm?.applyError ?? null
  const edit = (step: ReviewEditStep) => () => journey.send({ type: 'review.edited', step })

  const name = ['firstName', 'middleName', 'lastName'].map((k) => text(personal, k)).filter(Boolean).join(' ')
  const idNumber = text(personal, 'nationalId')
  const birthday = text(personal, 'birthday')
  const address = text(personal, 'address')
  const employmentType = text(additional, 'employmentType')
  const companyName = text(additional, 'companyName')
  const provider = text(wallet, 'provider')
  const accountNumber = text(wallet, 'accountNumber')
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('wallet.review.title')} onBack={() => journey.send(GO_HOME)} />
      <OnboardingStepIndicator journey={journey} step="review" />
      <p className="k-muted">{t('wallet.review.intro')}</p>

      {order && (
        <Section id="review-loan" title={t('wallet.review.loan')}>
          <Line label={t('auth.review.amount')}>
            <Money minor={order.amountMinor} />
          </Line>
          <Line label={t('auth.review.tenure')}>{t('auth.review.days', { count: order.tenureDays })}</Line>
        </Section>
      )}

      <Section id="review-personal" title={t('ui.steps.personalInfo')} onEdit={edit('personalInfo')}>
        <Line label={t('wallet.review.name')}>{name}</Line>
        <Line label={t('wallet.review.idNumber')}>{idNumber && maskedId(idNumber)}</Line>
        <Line label={t('auth.personal.birthday')}>
          {birthday && <DayText day={birthday} />}
        </Line>
        <Line label={t('auth.personal.address')}>{address}</Line>
      </Section>

      <Section id="review-work" title={t('auth.additional.work')} onEdit={edit('additionalInfo')}>
        <Line label={t('auth.additional.employmentType')}>
          {employmentType && t(enumLabelKey('employmentType', employmentType))}
        </Line>
        <Line label={t('auth.additional.companyName')}>{companyName}</Line>
      </Section>

      <Section id="review-contacts" title={t('auth.additional.contacts')} onEdit={edit('additionalInfo')}>
        {[1, 2].map((n) => (
          <Contact key={n} n={n} country={country} values={additional} />
        ))}
      </Section>

      <Section id="review-wallet" title={t('ui.steps.addWallet')} onEdit={edit('addWallet')}>
        <Line label={t('wallet.provider')}>{provider && t(`enums.wallet.${provider}`)}</Line>
        <Line label={t('wallet.review.number')}>
          {accountNumber && maskedWalletNumber(country, provider, accountNumber)}
        </Line>
      </Section>

      <MessageNotice message={error} />
      <p className="k-muted">{t('wallet.review.consent')}</p>
      <div className="k-actions">
        <Button
          block
          busy={sending}
          disabled={!canSubmit || sending}
          onClick={() => journey.send({ type: 'application.submitted' })}
        >
          {t('wallet.review.submit')}
        </Button>
      </div>
    </main>
  )
}
