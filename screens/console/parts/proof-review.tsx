/**
 * One repayment proof: what the borrower wrote, their receipts' pictures, the order and what it takes today, and —
 * while it waits — approve (amount and receipt code) or reject (the reason the borrower reads); once decided, the
 * decision. The pictures are local copies read with the member's token; the proofs machine lets go of them when they
 * are replaced or closed, never the view, so a review that re-mounts still shows them.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { formatMoney } from '../../../domain/money'
import type { consoleProofsMachine, proofsView } from '../../../machines/console-proofs.machine'
import { Button } from '../../../ui/button'
import { formatDateTime } from '../../../ui/format'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { ProofDecision } from './proof-decision'

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
      {proof.state === 'waiting' && <ProofDecision proofs={proofs} view={view} money={money} />}
    </section>
  )
}
