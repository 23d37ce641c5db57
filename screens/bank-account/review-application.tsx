/**
 * reviewApplication — the last step of onboarding (issue 13; docs/decisions.md "Review before submitting"): what
 * the borrower applies for (the order's amount and term) and what they entered (the profile the server has, read
 * again when this screen opens, and the wallet as typed on the previous step), ID and account numbers partly
 * hidden. Each section's Edit sends 'review.edited' {step}; the journey opens that step and brings the borrower
 * back here once it is saved. Submit application sends 'application.submitted': the journey sends the wallet, the
 * call that submits the application.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReviewEditStep } from '../../machines/journey.machine'
import type { CountryCode } from '../../domain/countries'
import { enumLabelKey } from '../../domain/enums'
import { normalizeMobile } from '../../domain/phone'
import { Button } from '../../ui/button'
import { Money } from '../../ui/display'
import { KvLine } from '../../ui/kv-line'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { DayText } from '../shared/display-text'
import { GO_HOME, selectCountry, useFormChild } from '../shared/journey-selectors'
import { maskedMobile } from '../shared/masked-mobile'
import { maskedId, maskedWalletNumber } from '../shared/masked-number'
import { MessageNotice } from '../shared/message-text'
import { OnboardingStepIndicator } from '../shared/onboarding-step'

type Values = Readonly<Record<string, unknown>>

const text = (values: Values | null | undefined, key: string): string => {
  const value = values?.[key]
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
}

export default function ReviewApplicationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const order = useSelector(journey, (s) => s.context.order)
  const personal = useSelector(journey, (s) => s.context.session.user?.personalInfo ?? null) as Values | null
  const additional = useSelector(journey, (s) => s.context.session.user?.additionalInfo ?? null) as Values | null
  const canSubmit = useSelector(journey, (s) => s.can({ type: 'application.submitted' }))
  const form = useFormChild(journey, 'walletForm')
  const wallet = useSelector(form, (s) => s?.context.values ?? null) ?? null
  const sending = useSelector(form, (s) => s?.hasTag('busy') ?? false) ?? false
  const error = useSelector(form, (s) => s?.context.error ?? null) ?? null
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

function Section({
  id,
  title,
  onEdit,
  children,
}: {
  id: string
  title: string
  onEdit?: () => void
  children: ReactNode
}): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby={id}>
      <div className="k-spread">
        <h2 className="k-section-title" id={id}>
          {title}
        </h2>
        {onEdit && (
          <Button variant="text" onClick={onEdit} aria-label={t('wallet.review.editLabel', { section: title })}>
            {t('wallet.review.edit')}
          </Button>
        )}
      </div>
      <dl className="k-kv">{children}</dl>
    </section>
  )
}

function Line({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation()
  const empty = children === '' || children === null || children === undefined || children === false
  return <KvLine label={label}>{empty ? t('wallet.review.missing') : children}</KvLine>
}

function Contact({ n, country, values }: { n: number; country: CountryCode; values: Values | null }): ReactElement {
  const { t } = useTranslation()
  const mobile = text(values, `emergencyContactMobile${n}`)
  const relation = text(values, `emergencyContactRelation${n}`)
  return (
    <Line label={t('auth.additional.contact', { n })}>
      {text(values, `emergencyContactName${n}`) && (
        <>
          {text(values, `emergencyContactName${n}`)}
          {relation && ` · ${t(enumLabelKey('contactRelation', relation))}`}
          {mobile && (
            <>
              <br />
              {maskedMobile(country, normalizeMobile(country, mobile) ?? mobile)}
            </>
          )}
        </>
      )}
    </Line>
  )
}
