/**
 * The price of a loan as the pricing engine quoted it (domain/pricing.ts `Quote`): every fee, what reaches
 * the wallet, what is repaid and when, the installments, the APR (Mexico: CAT "sin IVA"), that repaying early
 * pays interest to the day only, the late-penalty rule and the rollover fee (decisions.md "Pricing": all of it before confirming). to_borrow shows the app's own quote
 * of the borrower's choice; confirm_borrow the server's quote of the approved order, with the coupon's effect.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { subMinor } from '../../../domain/money'
import type { Quote } from '../../../domain/pricing'
import { Money } from '../../../ui/display'
import { KvLine } from '../../../ui/kv-line'
import { ListRow } from '../../../ui/list-row'
import { DayText, useDisplayText } from '../../shared/display-text'

export interface BreakdownProps {
  quote: Quote
  aprLabel: 'APR' | 'CAT'
  /** Label key of the fee tax (VAT, excise duty, IVA). */
  feeTaxNameKey: string
  /** The coupon applied and what is repaid after it (confirm borrow). */
  coupon?: { discountMinor: number; payableAfterCouponMinor: number } | null
}

/**
 * The three figures a borrower decides on — what reaches the wallet, what is repaid, by when — first, large, so they
 * are above the fold on a 360×740 phone (issue 13); then every line that makes them up.
 */
export function Breakdown({ quote, aprLabel, feeTaxNameKey, coupon }: BreakdownProps): ReactElement {
  const { t } = useTranslation()
  const { money, percent, day } = useDisplayText()
  const { penalty, rollover } = quote
  const titleId = useId()
  const tax = t(feeTaxNameKey)
  return (
    <section className="k-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="k-section-title">
        {t('borrow.breakdown.title')}
      </h2>
      <dl className="k-figures">
        <KvLine label={t('borrow.breakdown.disbursal')}>
          <Money minor={quote.disbursalMinor} />
        </KvLine>
        {coupon ? (
          <KvLine label={t('borrow.breakdown.afterCoupon')}>
            <Money minor={coupon.payableAfterCouponMinor} />
          </KvLine>
        ) : (
          <KvLine label={t('borrow.breakdown.totalRepayable')}>
            <Money minor={quote.totalRepayableMinor} />
          </KvLine>
        )}
        <KvLine label={t('borrow.breakdown.dueDate')}>
          <DayText day={quote.dueDate} />
        </KvLine>
      </dl>
      <dl className="k-kv">
        <KvLine label={t('borrow.breakdown.amount')}>
          <Money minor={quote.principalMinor} />
        </KvLine>
        <KvLine label={t('borrow.breakdown.tenure')}>
          {t('ui.tenure.days', { count: quote.tenureDays })}
        </KvLine>
        <KvLine
          label={t('borrow.breakdown.interest', {
            daily: percent(quote.interestRate.dailyPercent / 100),
            annual: percent(quote.interestRate.annualPercent / 100),
          })}
        >
          <Money minor={quote.interestMinor} />
        </KvLine>
        {/*
          One fee, taken from the loan before it is sent: the processing fee and the tax on it, shown as its two
          parts under it (issue 13: three lines read as three fees). Every figure is the quote's own.
        */}
        <KvLine label={t('borrow.breakdown.upFront', { tax })}>
          <Money minor={subMinor(quote.principalMinor, quote.disbursalMinor)} />
        </KvLine>
        <KvLine label={t('borrow.breakdown.processingFee')} sub>
          <Money minor={quote.processingFeeMinor} />
        </KvLine>
        <KvLine label={t('borrow.breakdown.feeTax', { tax, rate: percent(quote.feeTaxBps / 10_000) })} sub>
          <Money minor={quote.feeTaxMinor} />
        </KvLine>
        {coupon && (
          <>
            <KvLine label={t('borrow.breakdown.totalRepayable')}>
              <Money minor={quote.totalRepayableMinor} />
            </KvLine>
            <KvLine label={t('borrow.breakdown.coupon')}>
              <Money minor={-coupon.discountMinor} />
            </KvLine>
          </>
        )}
        <KvLine label={t(`borrow.breakdown.apr.${aprLabel}`)}>
          {percent(quote.apr.basisPoints / 10_000)}
        </KvLine>
      </dl>
      {aprLabel === 'CAT' && <p className="k-small k-muted">{t('borrow.breakdown.catNote')}</p>}
      {quote.installments.length > 1 && (
        <>
          <h3 className="k-section-title">{t('borrow.breakdown.installments')}</h3>
          <ol className="k-list">
            {quote.installments.map((i) => (
              <ListRow
                key={i.number}
                title={t('borrow.breakdown.installment', { number: i.number })}
                detail={day(i.dueDate)}
                value={<Money minor={i.totalMinor} />}
              />
            ))}
          </ol>
        </>
      )}
      <p className="k-small">{t('borrow.breakdown.early')}</p>
      <p className="k-small">
        {t('borrow.breakdown.penalty', {
          rate: percent(penalty.dailyBps / 10_000),
          perDay: money(penalty.perDayMinor),
        })}
        {penalty.chargesCapMinor !== null &&
          ` ${t('borrow.breakdown.penaltyCap', { cap: money(penalty.chargesCapMinor) })}`}
      </p>
      {rollover && (
        <p className="k-small">
          {t('borrow.breakdown.rollover', {
            days: rollover.days,
            fee: money(rollover.totalMinor),
            count: rollover.maxCount,
          })}
        </p>
      )}
    </section>
  )
}
