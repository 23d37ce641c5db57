/**
 * to_borrow — choose the amount (the product's range for this borrower, on its step grid) and the tenure (the
 * product's list), see the full price of that choice at once (the pricing engine's quote: interest, fees, tax,
 * what reaches the wallet, what is repaid and when, APR or CAT), then apply. The offer comes from the journey's
 * loanOffer child; the choice is the application form's values (its draft), sent with the application. When the
 * lender offers several products the borrower picks one first; the borrower's credit line is shown above the
 * amount.
 */
import { useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { choiceOf, loanOfferView, quoteOf, type loanOfferMachine } from '../../machines/loan-offer.machine'
import { submitView, type submitMachine } from '../../machines/submit.machine'
import { COUNTRIES } from '../../domain/countries'
import { AmountStepper } from '../../ui/amount-stepper'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import { TenureChips } from '../../ui/tenure-chips'
import type { ScreenProps } from '../screen-props'
import { MessageNotice, useMessageText } from '../shared/message-text'
import type { Message } from '../../machines/kit/call-failure'
import { useDisplayText } from '../shared/display-text'
import { Breakdown } from './parts/breakdown'
import { CreditLine } from './parts/credit-line'
import { ProductChoice } from './parts/product-choice'
import { routeTo } from '../shared/route-to'
import { useView } from '../shared/use-view'

type OfferRef = ActorRefFrom<typeof loanOfferMachine>
type ApplicationRef = ActorRefFrom<typeof submitMachine>

export default function ToBorrowScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const offer = useSelector(journey, (s) => s.children.loanOffer)
  const application = useSelector(journey, (s) => s.children.application)
  return (
    <main className="k-page">
      <PageHeader title={t('borrow.toBorrow.title')} onBack={() => journey.send(routeTo('home'))} />
      {offer && application && (
        <Choice
          offer={offer}
          application={application}
          onReadAgreement={() => journey.send(routeTo('agreement'))}
        />
      )}
    </main>
  )
}

function Choice({
  offer: offerRef,
  application,
  onReadAgreement,
}: {
  offer: OfferRef
  application: ApplicationRef
  onReadAgreement: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const { money, percent } = useDisplayText()
  const { offer, products, credit, chosenProduct, loadFailed, offerError } = useView(offerRef, loanOfferView)
  const { values, fieldErrors, applyError, busy, canApply } = useView(application, submitView)
  const choice = useMemo(() => (offer ? choiceOf(offer, values) : null), [offer, values])
  const quote = useMemo(() => (offer && choice ? quoteOf(offer, choice) : null), [offer, choice])

  if (loadFailed)
    return (
      <ErrorState
        text={offerError ? text(offerError) : undefined}
        onRetry={() => offerRef.send({ type: 'offer.retried' })}
      />
    )
  if (!offer || !choice || !quote) return null

  const country = COUNTRIES[offer.pricing.country]
  const change = (changed: { amountMinor?: number; tenureDays?: number }) =>
    application.send({ type: 'form.changed', values: { productId: offer.productId, ...changed } })

  return (
    <form
      className="k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        application.send({ type: 'form.submitted', extra: { ...choice } })
      }}
    >
      {/*
        The credit line is shown here, where the amount is chosen, rather than on home: it answers "how much may
        I borrow, at what rate, and what does repaying on time earn me" at the moment of choosing. to_borrow is
        always signed in (/loan/get-credit-info needs a token), while home is also seen signed out, and home's
        product card already shows the borrower's own ceiling.
      */}
      {credit && <CreditLine credit={credit} />}
      {products.length > 1 && (
        <section className="k-card">
          <ProductChoice
            products={products}
            value={chosenProduct ?? offer.productId}
            onChoose={(productId) => offerRef.send({ type: 'offer.productChosen', productId })}
          />
        </section>
      )}
      {offer.loansRepaidOnTime > 0 && (
        <p className="k-notice">
          {t('borrow.toBorrow.repeat', {
            limit: money(offer.maxAmountMinor),
            rate: percent(quote.interestRate.dailyPercent / 100),
          })}
        </p>
      )}
      <section className="k-card">
        <h2 className="k-section-title" id="k-amount-label">
          {t('borrow.toBorrow.amount')}
        </h2>
        <AmountStepper
          value={choice.amountMinor}
          min={offer.minAmountMinor}
          max={offer.maxAmountMinor}
          step={offer.stepMinor}
          label={t('borrow.toBorrow.amount')}
          onChange={(amountMinor) => change({ amountMinor })}
        />
        <FieldError message={fieldErrors.amountMinor} />
        <h2 className="k-section-title">{t('borrow.toBorrow.tenure')}</h2>
        <TenureChips
          options={offer.tenureDays}
          value={choice.tenureDays}
          label={t('borrow.toBorrow.tenure')}
          onChange={(tenureDays) => change({ tenureDays })}
        />
        <FieldError message={fieldErrors.tenureDays} />
      </section>
      <Breakdown quote={quote} aprLabel={country.aprLabel} feeTaxNameKey={country.feeTaxNameKey} />
      <Button variant="text" onClick={onReadAgreement}>
        {t('borrow.toBorrow.readAgreement')}
      </Button>
      <div className="k-actions">
        <MessageNotice message={applyError} />
        <Button type="submit" block busy={busy} disabled={!canApply}>
          {t('borrow.toBorrow.apply')}
        </Button>
      </div>
    </form>
  )
}

/** The server's (or the schema's) message at the amount or the tenure. */
function FieldError({ message }: { message: Message | undefined }): ReactElement | null {
  const text = useMessageText()
  return message ? <p className="k-field__error">{text(message)}</p> : null
}
