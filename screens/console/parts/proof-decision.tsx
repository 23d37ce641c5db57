/**
 * A waiting proof's two decisions: approve (the amount and the receipt code, booked as the repayment) or reject
 * (the reason the borrower reads).
 */
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { consoleProofsMachine, proofsView } from '../../../machines/console-proofs.machine'
import { Button } from '../../../ui/button'
import { describedBy, FieldFrame, fieldIds } from '../../../ui/field-frame'
import { useMessageText } from '../../shared/message-text'
import { ConsoleTextField } from './text-field'

export function ProofDecision({
  proofs,
  view,
  money,
}: {
  proofs: ActorRefFrom<typeof consoleProofsMachine>
  view: ReturnType<typeof proofsView>
  money: (minor: number | null) => string
}): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const proof = view.proof!
  const approve = (event: FormEvent) => {
    event.preventDefault()
    proofs.send({ type: 'proofs.approved' })
  }
  const reject = (event: FormEvent) => {
    event.preventDefault()
    proofs.send({ type: 'proofs.rejected' })
  }
  const reasonError = view.fieldErrors.reason ? text(view.fieldErrors.reason) : null
  const reasonIds = fieldIds(useId())
  return (
    <>
      <form
        className="k-card k-stack"
        noValidate
        onSubmit={approve}
        aria-label={t('console.proofs.approveForm')}
      >
        <ConsoleTextField
          name="amount"
          label={t('console.proofs.amountIn', { currency: proof.currency ?? '' })}
          inputMode="decimal"
          required
          value={view.form.amount}
          error={view.fieldErrors.amount}
          hint={t('console.proofs.amountHint', { due: money(proof.dueNowMinor) })}
          onChange={(value) => proofs.send({ type: 'proofs.amountChanged', value })}
        />
        <ConsoleTextField
          name="reference"
          label={t('console.proofs.reference')}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
          value={view.form.reference}
          error={view.fieldErrors.reference}
          hint={t('console.proofs.referenceHint')}
          onChange={(value) => proofs.send({ type: 'proofs.referenceChanged', value })}
        />
        <div className="c-buttons">
          <Button type="submit" busy={view.deciding} disabled={!view.canDecide}>
            {t('console.proofs.approve')}
          </Button>
        </div>
      </form>
      <form
        className="k-card k-stack"
        noValidate
        onSubmit={reject}
        aria-label={t('console.proofs.rejectForm')}
      >
        <FieldFrame
          ids={reasonIds}
          label={t('console.proofs.reason')}
          required
          hint={t('console.proofs.reasonHint')}
          error={reasonError}
        >
          <textarea
            id={reasonIds.controlId}
            name="reason"
            className="k-input"
            rows={3}
            maxLength={300}
            aria-required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={describedBy(reasonIds, t('console.proofs.reasonHint'), reasonError)}
            value={view.form.reason}
            onChange={(event) => proofs.send({ type: 'proofs.reasonChanged', value: event.target.value })}
          />
        </FieldFrame>
        <div className="c-buttons">
          <Button type="submit" variant="secondary" busy={view.deciding} disabled={!view.canDecide}>
            {t('console.proofs.reject')}
          </Button>
        </div>
      </form>
    </>
  )
}
