/** The installment schedule of a loan being repaid: each installment's date, amount, what is paid and its state. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { InstallmentState } from '../../../domain/api-types'
import { Money } from '../../../ui/display'
import { ListRow } from '../../../ui/list-row'
import { useDisplayText } from '../../shared/display-text'

const BADGE: Record<InstallmentState['state'], string> = {
  paid: 'k-badge k-badge--muted',
  due: 'k-badge k-badge--warning',
  overdue: 'k-badge k-badge--danger',
  upcoming: 'k-badge',
}

export function InstallmentList({
  installments,
}: {
  installments: readonly InstallmentState[]
}): ReactElement {
  const { t } = useTranslation()
  const { day, money } = useDisplayText()
  return (
    <section className="k-card" aria-labelledby="k-installments">
      <h2 id="k-installments" className="k-section-title">
        {t('repay.installments.title')}
      </h2>
      <ol className="k-list">
        {installments.map((i) => (
          <ListRow
            key={i.number}
            title={
              <>
                {t('repay.installments.number', { number: i.number })}{' '}
                <span className={BADGE[i.state]}>{t(`repay.installments.state.${i.state}`)}</span>
              </>
            }
            detail={t('repay.installments.detail', { date: day(i.dueDate), paid: money(i.paidMinor) })}
            value={<Money minor={i.totalMinor} />}
          />
        ))}
      </ol>
    </section>
  )
}
