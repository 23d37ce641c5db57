/**
 * Confirm borrow's lower half (screens/borrow/parts/confirm-borrow-view.tsx): the loan agreement's tick box and
 * sheet, Confirm and Cancel with the form's failure, and the cancellation sheet.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { confirmBorrowView, type confirmBorrowMachine } from '../../../machines/confirm-borrow.machine'
import type { Message } from '../../../machines/kit/call-failure'
import { BottomSheet } from '../../../ui/bottom-sheet'
import { Button } from '../../../ui/button'
import { MessageNotice } from '../../shared/message-text'
import { useView } from '../../shared/use-view'
import { AgreementView } from './agreement-view'
import { CancellationView } from './cancellation-view'

type ConfirmRef = ActorRefFrom<typeof confirmBorrowMachine>

export function Agreement({ confirm }: { confirm: ConfirmRef }): ReactElement {
  const { t } = useTranslation()
  const { accepted, open, document } = useView(confirm, confirmBorrowView)
  return (
    <>
      <label className="k-check">
        <input
          type="checkbox"
          checked={accepted}
          onChange={() => confirm.send({ type: 'agreement.toggled' })}
        />
        <span>{t('borrow.confirm.agree')}</span>
      </label>
      <Button variant="text" onClick={() => confirm.send({ type: 'agreement.opened' })}>
        {t('borrow.confirm.readAgreement')}
      </Button>
      <BottomSheet
        open={open}
        title={t('borrow.agreement.title')}
        onClose={() => confirm.send({ type: 'agreement.closed' })}
      >
        {document ? (
          <AgreementView document={document} />
        ) : (
          <p className="k-scroll k-muted">{t('ui.loading')}</p>
        )}
      </BottomSheet>
    </>
  )
}

/**
 * Confirm is offered while the machine takes it (`can`); until the agreement is ticked it reads as unavailable
 * (aria-disabled), says why right above it (its accessible description), and a tap gets the machine's answer,
 * "Please agree to the loan agreement". A failure shows here too, beside the button, in the bar that stays in view.
 */
export function Actions({ confirm, error }: { confirm: ConfirmRef; error: Message | null }): ReactElement {
  const { t } = useTranslation()
  const whyId = useId()
  const { canConfirm, canCancel, accepted, busy } = useView(confirm, confirmBorrowView)
  const why = !accepted && !busy && !error
  return (
    <div className="k-actions k-stack">
      <MessageNotice message={error} />
      {why && (
        <p id={whyId} className="k-small k-center">
          {t('borrow.confirm.tickFirst')}
        </p>
      )}
      <button
        type="button"
        className="k-btn k-btn--primary k-btn--block"
        disabled={!canConfirm && !busy}
        aria-disabled={busy || !accepted || undefined}
        aria-describedby={why ? whyId : undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) confirm.send({ type: 'borrow.confirmed' })
        }}
      >
        {t('borrow.confirm.submit')}
      </button>
      <Button
        variant="text"
        block
        disabled={!canCancel}
        onClick={() => confirm.send({ type: 'cancel.started' })}
      >
        {t('borrow.confirm.cancel')}
      </Button>
    </div>
  )
}

export function CancelSheet({ confirm }: { confirm: ConfirmRef }): ReactElement | null {
  const { t } = useTranslation()
  const { cancellation } = useView(confirm, confirmBorrowView)
  if (!cancellation) return null
  return (
    <BottomSheet
      open
      title={t('borrow.cancel.title')}
      onClose={() => cancellation.send({ type: 'cancellation.dismissed' })}
    >
      <div className="k-scroll">
        <CancellationView cancellation={cancellation} />
      </div>
    </BottomSheet>
  )
}
