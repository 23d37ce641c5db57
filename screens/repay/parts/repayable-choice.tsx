/**
 * The borrower's loans with something to repay (/loanMarket/repay/products through the repayment child), as radio
 * buttons at the top of repay detail — shown only when there is more than one. Each names its product and order,
 * what is owed and when it is due; choosing one switches the detail to it (before a payment starts).
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { RepaymentView } from '../../../machines/repayment.machine'
import { FieldFrame, fieldIds } from '../../../ui/field-frame'
import { useDisplayText } from '../../shared/display-text'
import type { RepaymentRef } from './repay-form'

export function RepayableChoice({
  view,
  repayment,
}: {
  view: RepaymentView
  repayment: RepaymentRef
}): ReactElement | null {
  const { t } = useTranslation()
  const { money, day } = useDisplayText()
  const ids = fieldIds(useId())
  const { repayables, orderNo: current, canChooseOrder: canChoose } = view
  if (repayables.length < 2) return null
  return (
    <section className="k-card">
      <FieldFrame ids={ids} label={t('repay.orders.label')} group>
        <div className="k-radios" role="radiogroup" aria-labelledby={ids.labelId}>
          {repayables.map((item) => (
            <label key={item.orderNo} className="k-radio">
              <input
                type="radio"
                name={ids.controlId}
                checked={item.orderNo === current}
                disabled={!canChoose}
                onChange={() => repayment.send({ type: 'repayment.orderChosen', orderNo: item.orderNo })}
              />
              <span>
                {item.productName} · {item.orderNo}
                <span className="k-muted">
                  {' · '}
                  {item.dueDate
                    ? t('repay.orders.owedBy', {
                        amount: money(item.remainingMinor),
                        date: day(item.dueDate),
                      })
                    : t('repay.orders.owed', { amount: money(item.remainingMinor) })}
                </span>
                {item.overdueDays > 0 && (
                  <span className="k-badge k-badge--danger">
                    {t('repay.orders.overdue', { count: item.overdueDays })}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      </FieldFrame>
    </section>
  )
}
