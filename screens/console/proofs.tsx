/**
 * Manual repayments (finance and admins): the proofs borrowers uploaded, by state — waiting ones oldest first with
 * the 48-hour promise and what the loan takes today — and one proof with its receipts, to approve (the amount
 * received and the receipt code) or reject (the reason the borrower reads). Orders by number; no borrower named.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { PROOF_STATES } from '../../domain/console'
import { formatMoney } from '../../domain/money'
import { proofsView, type consoleProofsMachine } from '../../machines/console-proofs.machine'
import { Button } from '../../ui/button'
import { formatDateTime } from '../../ui/format'
import { ErrorState } from '../../ui/states'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { DataTable } from './parts/data-table'
import { ProofReview } from './parts/proof-review'

type ProofsRef = ActorRefFrom<typeof consoleProofsMachine>

function Queue({
  proofs,
  view,
  timeZone,
}: {
  proofs: ProofsRef
  view: ReturnType<typeof proofsView>
  timeZone: string
}): ReactElement {
  const { t, i18n } = useTranslation()
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone)
  const money = (minor: number | null, currency: string | null) =>
    minor === null || currency === null ? '—' : formatMoney(minor, currency, i18n.language)
  return (
    <DataTable
      id="proofs-queue"
      title={t(`console.proofs.queue.${view.state}`, { count: view.proofs.length })}
      empty={t('console.proofs.empty')}
      head={['order', 'due', 'uploaded', 'reviewBy', 'receipts', 'open'].map((h) =>
        t(`console.proofs.column.${h}`),
      )}
      rows={view.proofs.map((p) => [
        p.orderNo ?? t('console.proofs.noOrder'),
        view.state === 'waiting' ? money(p.dueNowMinor, p.currency) : money(p.amountMinor, p.currency),
        when(p.uploadedAt),
        p.overdue ? (
          <strong>{t('console.proofs.overdue', { at: when(p.reviewBy) })}</strong>
        ) : (
          when(p.reviewBy)
        ),
        String(p.receipts),
        <Button
          key="open"
          variant="secondary"
          onClick={() => proofs.send({ type: 'proofs.opened', ticketId: p.ticketId })}
        >
          {t('console.proofs.open', { id: p.ticketId })}
        </Button>,
      ])}
    />
  )
}

function Proofs({ proofs }: { proofs: ProofsRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(proofs, proofsView)
  const timeZone = view.timeZone
  return (
    <>
      <div className="c-buttons" role="group" aria-label={t('console.proofs.states')}>
        {PROOF_STATES.map((state) => (
          <Button
            key={state}
            variant={view.state === state ? 'primary' : 'secondary'}
            aria-pressed={view.state === state}
            disabled={!view.canFilter}
            onClick={() => proofs.send({ type: 'proofs.filtered', state })}
          >
            {t(`console.proofs.state.${state}`)}
          </Button>
        ))}
      </div>
      {view.failed ? (
        <ErrorState
          text={view.error ? text(view.error) : undefined}
          onRetry={() => proofs.send({ type: 'proofs.retried' })}
        />
      ) : view.proof ? (
        <ProofReview proofs={proofs} view={view} timeZone={timeZone} />
      ) : (
        <div aria-busy={view.loading || undefined}>
          <MessageNotice message={view.error} />
          <Queue proofs={proofs} view={view} timeZone={timeZone} />
        </div>
      )}
    </>
  )
}

export default function ProofsScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const proofs = useSelector(app, (s) => s.children.proofsDesk)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.proofs.title')}</h1>
      <p className="k-muted">{t('console.proofs.intro')}</p>
      {proofs ? <Proofs proofs={proofs} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
