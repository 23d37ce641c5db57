/**
 * Resolving a receipt in suspense (finance, admins): apply it to an order by its number, or record it paid back by
 * hand with that payment's reference; a note says why (kept in the audit log).
 */
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { SuspenseReceipt } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { RESOLVE_OUTCOMES, type booksView, type ResolveField } from '../../../machines/console-books.machine'
import { Button } from '../../../ui/button'
import { FieldFrame, fieldIds } from '../../../ui/field-frame'
import { MessageNotice } from '../../shared/message-text'
import { ConsoleTextField } from './text-field'

type Resolving = NonNullable<ReturnType<typeof booksView>['resolving']>

export function SuspenseResolveForm({
  receipt,
  form,
  onChange,
  onConfirm,
  onDismiss,
}: {
  receipt: SuspenseReceipt | undefined
  form: Resolving
  onChange: (field: ResolveField, value: string) => void
  onConfirm: () => void
  onDismiss: () => void
}): ReactElement {
  const { t, i18n } = useTranslation()
  const ids = fieldIds(useId())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm()
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={submit} aria-labelledby="resolve-title">
      <h2 id="resolve-title" className="k-section-title">
        {t('console.books.resolve.title', {
          receipt: receipt ? `${receipt.provider} ${receipt.receipt}` : '',
          amount: receipt ? formatMoney(receipt.amountMinor, receipt.currency, i18n.language) : '',
        })}
      </h2>
      <FieldFrame ids={ids} label={t('console.books.resolve.outcome')} required group>
        <div className="k-radios" role="radiogroup" aria-labelledby={ids.labelId} aria-required>
          {RESOLVE_OUTCOMES.map((outcome, index) => (
            <label key={outcome} className="k-radio">
              <input
                type="radio"
                id={index === 0 ? ids.controlId : undefined}
                name="outcome"
                value={outcome}
                checked={form.outcome === outcome}
                onChange={() => onChange('outcome', outcome)}
              />
              <span>{t(`console.books.resolve.${outcome}`)}</span>
            </label>
          ))}
        </div>
      </FieldFrame>
      {form.outcome === 'applied' ? (
        <ConsoleTextField
          name="orderNo"
          label={t('console.books.resolve.orderNo')}
          hint={t('console.books.resolve.orderNoHint')}
          required
          maxLength={60}
          autoCapitalize="characters"
          value={form.orderNo}
          error={form.errors.orderNo}
          onChange={(value) => onChange('orderNo', value)}
        />
      ) : (
        <ConsoleTextField
          name="reference"
          label={t('console.books.resolve.reference')}
          hint={t('console.books.resolve.referenceHint')}
          required
          maxLength={100}
          value={form.reference}
          error={form.errors.reference}
          onChange={(value) => onChange('reference', value)}
        />
      )}
      <ConsoleTextField
        name="note"
        label={t('console.books.resolve.note')}
        required
        maxLength={220}
        value={form.note}
        error={form.errors.note}
        onChange={(value) => onChange('note', value)}
      />
      <MessageNotice message={form.error} />
      <div className="c-buttons">
        <Button type="submit" busy={form.sending}>
          {t('console.books.resolve.confirm')}
        </Button>
        <Button variant="secondary" onClick={onDismiss} disabled={form.sending}>
          {t('console.books.resolve.dismiss')}
        </Button>
      </div>
    </form>
  )
}
