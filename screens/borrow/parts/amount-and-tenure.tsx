/**
 * to_borrow's choice: the amount on the product's step grid and the tenure from its list, each with the server's
 * (or the schema's) message under it.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { LoanChoice, LoanOffer } from '../../../machines/loan-offer.machine'
import type { Message } from '../../../machines/kit/call-failure'
import { AmountStepper } from '../../../ui/amount-stepper'
import { TenureChips } from '../../../ui/tenure-chips'
import { useMessageText } from '../../shared/message-text'

export function AmountAndTenure({
  offer,
  choice,
  fieldErrors,
  onChange,
}: {
  offer: LoanOffer
  choice: LoanChoice
  fieldErrors: { amountMinor?: Message; tenureDays?: Message }
  onChange: (changed: { amountMinor?: number; tenureDays?: number }) => void
}): ReactElement {
  const { t } = useTranslation()
  return (
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
        onChange={(amountMinor) => onChange({ amountMinor })}
      />
      <FieldError message={fieldErrors.amountMinor} />
      <h2 className="k-section-title">{t('borrow.toBorrow.tenure')}</h2>
      <TenureChips
        options={offer.tenureDays}
        value={choice.tenureDays}
        label={t('borrow.toBorrow.tenure')}
        onChange={(tenureDays) => onChange({ tenureDays })}
      />
      <FieldError message={fieldErrors.tenureDays} />
    </section>
  )
}

/** The server's (or the schema's) message at the amount or the tenure. */
function FieldError({ message }: { message: Message | undefined }): ReactElement | null {
  const text = useMessageText()
  return message ? <p className="k-field__error">{text(message)}</p> : null
}
