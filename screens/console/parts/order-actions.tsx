/**
 * An order's actions (cancel, waive a penalty, write off): a button for each action its story offers — the server
 * derives them from the lifecycle machine and the member's role, so nothing else shows — and, once one is chosen,
 * its form: why (kept in the audit log) and, for a waiver, how much of the penalty due.
 */
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderAction, OrderStory } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import type { loansView } from '../../../machines/console-loans.machine'
import { NOTE_MAX_LENGTH } from '../../../machines/console-loans.machine'
import { Button } from '../../../ui/button'
import { MessageNotice } from '../../shared/message-text'
import { ConsoleTextField } from './text-field'

type View = ReturnType<typeof loansView>

export interface OrderActionsProps {
  story: OrderStory
  actions: View['actions']
  confirming: View['confirming']
  onChoose: (action: OrderAction) => void
  onNote: (note: string) => void
  onAmount: (amount: string) => void
  onConfirm: () => void
  onDismiss: () => void
}

export function OrderActions({
  story,
  actions,
  confirming,
  onChoose,
  onNote,
  onAmount,
  onConfirm,
  onDismiss,
}: OrderActionsProps): ReactElement | null {
  const { t, i18n } = useTranslation()
  if (!confirming && actions.length === 0) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm()
  }
  return (
    <section className="k-card k-stack" aria-labelledby="order-actions">
      <h2 id="order-actions" className="k-section-title">
        {t('console.loans.action.title')}
      </h2>
      {confirming ? (
        <form className="k-stack" noValidate onSubmit={submit} aria-labelledby="order-action-form">
          <h3 id="order-action-form">{t(`console.loans.action.${confirming.action}.title`)}</h3>
          <p className="k-small">
            {t(`console.loans.action.${confirming.action}.explain`, {
              penalty: formatMoney(story.due.penaltyMinor, story.currency, i18n.language),
            })}
          </p>
          {confirming.action === 'waive' && (
            <ConsoleTextField
              name="amount"
              label={t('console.loans.action.amount', { currency: story.currency })}
              hint={t('console.loans.action.amountHint', {
                penalty: formatMoney(story.due.penaltyMinor, story.currency, i18n.language),
              })}
              required
              inputMode="decimal"
              value={confirming.amount}
              error={confirming.amountError}
              onChange={onAmount}
            />
          )}
          <ConsoleTextField
            name="note"
            label={t('console.loans.action.note')}
            hint={t('console.loans.action.noteHint')}
            required
            maxLength={NOTE_MAX_LENGTH + 20}
            value={confirming.note}
            error={confirming.noteError}
            onChange={onNote}
          />
          <MessageNotice message={confirming.error} />
          <div className="c-buttons">
            <Button type="submit" busy={confirming.sending}>
              {t(`console.loans.action.${confirming.action}.confirm`)}
            </Button>
            <Button variant="secondary" onClick={onDismiss} disabled={confirming.sending}>
              {t('console.loans.action.dismiss')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="c-buttons">
          {actions.map((action) => (
            <Button key={action} variant="secondary" onClick={() => onChoose(action)}>
              {t(`console.loans.action.${action}.button`)}
            </Button>
          ))}
        </div>
      )}
    </section>
  )
}
