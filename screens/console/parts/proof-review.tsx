/**
 * One repayment proof: what the borrower wrote, their receipts' pictures, the order and what it takes today, and —
 * while it waits — approve (amount and receipt code) or reject (the reason the borrower reads); once decided, the
 * decision.
 */
import { useEffect, useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { formatMoney } from '../../../domain/money'
import type { consoleProofsMachine, proofsView } from '../../../machines/console-proofs.machine'
import { Button } from '../../../ui/button'
import { describedBy, FieldFrame, fieldIds } from '../../../ui/field-frame'
import { formatDateTime } from '../../../ui/format'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { ConsoleTextField } from './text-field'

export function ProofReview({
  proofs,
  view,
  timeZone,
}: {
  proofs: ActorRefFrom<typeof consoleProofsMachine>
  view: ReturnType<typeof proofsView>
  timeZone: string
}): ReactElement {
  const { t, i18n } = useTranslation()
  const text = useMessageText()
  const proof = view.proof!
  const money = (minor: number | null) =>
    minor === null || proof.currency === null ? '—' : formatMoney(minor, proof.currency, i18n.language)
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone)
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
  // The pictures are local copies read with the member's token: let them go once they are no longer shown.
  const pictures = view.pictures
  useEffect(
    () => () => {
      for (const src of pictures) if (src.startsWith('blob:')) URL.revokeObjectURL(src)
    },
    [pictures],
  )
  return (
    <section className="k-stack" aria-labelledby="proof-title">
      <div className="k-card k-stack">
        <h2 id="proof-title" className="k-section-title">
          {t('console.proofs.proof', { id: proof.ticketId })}
        </h2>
        <dl className="c-figures">
          <dt>{t('console.proofs.column.order')}</dt>
          <dd>{proof.orderNo ?? t('console.proofs.noOrder')}</dd>
          <dt>{t('console.proofs.state.label')}</dt>
          <dd>{t(`console.proofs.state.${proof.state}`)}</dd>
          {proof.state === 'waiting' && (
            <>
              <dt>{t('console.proofs.column.due')}</dt>
              <dd>{money(proof.dueNowMinor)}</dd>
            </>
          )}
          <dt>{t('console.proofs.column.uploaded')}</dt>
          <dd>{when(proof.uploadedAt)}</dd>
          <dt>{t('console.proofs.column.reviewBy')}</dt>
          <dd>
            {proof.overdue ? (
              <strong>{t('console.proofs.overdue', { at: when(proof.reviewBy) })}</strong>
            ) : (
              when(proof.reviewBy)
            )}
          </dd>
          {proof.state === 'approved' && (
            <>
              <dt>{t('console.proofs.amount')}</dt>
              <dd>{money(proof.amountMinor)}</dd>
              <dt>{t('console.proofs.reference')}</dt>
              <dd>{proof.receipt}</dd>
            </>
          )}
          {proof.state === 'rejected' && (
            <>
              <dt>{t('console.proofs.reason')}</dt>
              <dd>{proof.reason}</dd>
            </>
          )}
        </dl>
        <h3 className="k-small">{t('console.proofs.described')}</h3>
        <p className="c-prewrap">{proof.description}</p>
        <h3 className="k-small">{t('console.proofs.receipts', { count: proof.receiptsList.length })}</h3>
        <div className="c-receipts">
          {view.pictures.map((src, i) =>
            src ? (
              <img
                key={src}
                src={src}
                alt={t('console.proofs.receiptAlt', { n: i + 1 })}
                className="c-receipt"
              />
            ) : null,
          )}
        </div>
        {view.notice && (
          <p className="k-notice" role="status">
            {text(view.notice)}
          </p>
        )}
        <MessageNotice message={view.error} />
        <div className="c-buttons">
          <Button variant="secondary" onClick={() => proofs.send({ type: 'proofs.closed' })}>
            {t('console.proofs.back')}
          </Button>
        </div>
      </div>
      {proof.state === 'waiting' && (
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
      )}
    </section>
  )
}
