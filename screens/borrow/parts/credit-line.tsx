/**
 * The borrower's credit line (/loan/get-credit-info through the loanOffer child): the limit, what of it is
 * available now, the daily rate, and the limit the repeat-borrower ladder gives after this loan is repaid on time.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreditInfo } from '../../../domain/api-types'
import { Money } from '../../../ui/display'
import { useDisplayText } from '../../shared/display-text'

export function CreditLine({ credit }: { credit: CreditInfo }): ReactElement {
  const { t } = useTranslation()
  const { money, percent } = useDisplayText()
  return (
    <section className="k-card k-stack" aria-labelledby="k-credit-line">
      <h2 id="k-credit-line" className="k-section-title">
        {t('borrow.credit.title')}
      </h2>
      <dl className="k-kv">
        <div>
          <dt>{t('borrow.credit.limit')}</dt>
          <dd>
            <Money minor={credit.limitMinor} />
          </dd>
        </div>
        <div>
          <dt>{t('borrow.credit.available')}</dt>
          <dd>
            <Money minor={credit.availableMinor} />
          </dd>
        </div>
        <div>
          <dt>{t('borrow.credit.rate')}</dt>
          <dd>{t('borrow.credit.perDay', { rate: percent(credit.dailyRatePercent / 100) })}</dd>
        </div>
      </dl>
      {credit.nextLimitMinor !== null && (
        <p className="k-muted k-small">{t('borrow.credit.next', { limit: money(credit.nextLimitMinor) })}</p>
      )}
    </section>
  )
}
