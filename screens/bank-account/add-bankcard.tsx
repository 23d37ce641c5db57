/**
 * The wallet account the loan is paid to (status 5; and, after a failed pay-out (10), correcting it). The borrower
 * chooses a provider of their country (Mexico: a bank account by CLABE) and types the number twice; the journey's
 * `walletForm` schema checks it against the provider's number ranges (walletSchema). A first wallet is not sent
 * from here: Continue opens the review of the application (reviewApplication), whose Submit sends it; a corrected
 * wallet is saved at once.
 */
import { useSelector } from '@xstate/react'
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import type { CountryCode } from '../../domain/countries'
import { findProvider, providersFor } from '../../domain/wallets'
import { RadioGroupField, TextField } from '../../ui/form-fields'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import {
  GO_HOME,
  selectAccountWallet,
  selectCorrectingWallet,
  selectCountry,
  useFormChild,
} from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm } from '../shared/submit-form'

function AccountFields({ country }: { country: CountryCode }): ReactElement {
  const { t } = useTranslation()
  const providers = providersFor(country)
  const options = useMemo(
    () => providers.map((p) => ({ value: p.code, label: t(p.nameKey) })),
    [providers, t],
  )
  const provider = useField<string>('provider', { subscription: { value: true } }).input.value
  const chosen = provider ? findProvider(country, provider) : null
  const kind = chosen?.accountKind ?? (providers[0]?.accountKind === 'clabe' ? 'clabe' : 'mobile')
  const name = chosen ? t(chosen.nameKey) : ''
  return (
    <section className="k-card k-stack">
      <RadioGroupField name="provider" label={t('wallet.provider')} required options={options} />
      <TextField
        name="accountNumber"
        label={t(`wallet.${kind}.number`)}
        hint={chosen ? t(`wallet.${kind}.hint`, { provider: name }) : undefined}
        required
        type={kind === 'mobile' ? 'tel' : 'text'}
        inputMode={kind === 'mobile' ? 'tel' : 'numeric'}
        autoComplete="off"
      />
      <TextField
        name="confirmAccountNumber"
        label={t(`wallet.${kind}.confirm`)}
        required
        type={kind === 'mobile' ? 'tel' : 'text'}
        inputMode={kind === 'mobile' ? 'tel' : 'numeric'}
        autoComplete="off"
      />
    </section>
  )
}

export default function AddBankcardScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useFormChild(journey, 'walletForm')
  const country = useSelector(journey, selectCountry)
  const correcting = useSelector(journey, selectCorrectingWallet)
  const current = useSelector(journey, selectAccountWallet)
  const providers = providersFor(country)
  // A country with one way to be paid (Mexico: CLABE) has it chosen already.
  const defaults = useMemo(
    () => (providers.length === 1 ? { provider: providers[0]!.code } : {}),
    [providers],
  )
  return (
    <main className="k-page k-stack">
      <PageHeader
        title={t(correcting ? 'wallet.correct.title' : 'wallet.title')}
        onBack={() => journey.send(GO_HOME)}
      />
      {!correcting && <OnboardingStepIndicator journey={journey} step="addWallet" />}
      {correcting && (
        <p className="k-notice k-notice--warning" role="status">
          {t('wallet.correct.text')}
        </p>
      )}
      {correcting && current && (
        <dl className="k-card k-kv">
          <div>
            <dt>{t('wallet.correct.current')}</dt>
            <dd>
              {t('wallet.correct.account', {
                provider: t(`enums.wallet.${current.provider}`),
                number: current.maskedNumber,
              })}
            </dd>
          </div>
        </dl>
      )}
      {!correcting && <p className="k-muted">{t('wallet.intro')}</p>}
      {form && (
        <SubmitForm actor={form} defaults={defaults}>
          <AccountFields country={country} />
          <SubmitButton actor={form}>{t(correcting ? 'wallet.save' : 'wallet.next')}</SubmitButton>
        </SubmitForm>
      )}
    </main>
  )
}
