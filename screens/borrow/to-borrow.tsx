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
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useDisplayText } from '../shared/display-text'
import { AmountAndTenure } from './parts/amount-and-tenure'
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
      <AmountAndTenure
        offer={offer}
        choice={choice}
        fieldErrors={fieldErrors}
        onChange={(changed) => application.send({ type: 'form.changed', values: { productId: offer.productId, ...changed } })}
      />
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
