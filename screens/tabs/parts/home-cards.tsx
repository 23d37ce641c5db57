/**
 * Home's cards for a borrower who may apply (the home child's `offersCredit` tag): the product card, the recent
 * loans of the country (numbers masked), the repeat-loan benefits and who may borrow.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { HomeView } from '../../../machines/home/home-view'
import { DateText, Money, useDisplay } from '../../../ui/display'
import { useDisplayText } from '../../shared/display-text'

const ELIGIBILITY = ['age', 'income', 'resident'] as const
const BENEFITS = ['amount', 'rate', 'speed'] as const
/** How many recent loans the ticker lists. */
const TICKER_ROWS = 5

/** The amount range, its steps and the tenures the product offers (the borrower's own limit once signed in). */
export function ProductCard({ overview }: { overview: NonNullable<HomeView['overview']> }): ReactElement {
  const { t } = useTranslation()
  const { locale } = useDisplay()
  const { percent } = useDisplayText()
  const product = overview.product
  const tenures = product?.tenureDays ?? []
  return (
    <section className="k-card k-card--brand k-boot__card--brand k-stack" aria-labelledby="home-product">
      <h2 id="home-product" className="k-section-title">
        {product?.name ?? t('home.card.title')}
      </h2>
      <p className="k-muted">{t('home.card.upTo')}</p>
      <p className="k-amount">
        <Money minor={overview.maxAmountMinor} className="k-money" />
      </p>
      <dl className="k-kv">
        <div>
          <dt>{t('home.card.range')}</dt>
          <dd>
            <Money minor={overview.minAmountMinor} /> – <Money minor={overview.maxAmountMinor} />
          </dd>
        </div>
        {product && (
          <div>
            <dt>{t('home.card.step')}</dt>
            <dd>
              <Money minor={product.stepMinor} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('home.card.tenure')}</dt>
          <dd>
            {tenures.length > 0
              ? t('home.card.tenures', {
                  list: new Intl.ListFormat(locale, { type: 'disjunction' }).format(tenures.map(String)),
                  count: tenures[tenures.length - 1],
                })
              : t('home.card.maxTenure', { count: overview.maxTenureDays })}
          </dd>
        </div>
        {product && (
          <div>
            <dt>{t('home.card.rate')}</dt>
            <dd>{t('home.card.perDay', { rate: percent(product.dailyRatePercent / 100) })}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/** Recent loans in the country (numbers masked), for a borrower who may apply. */
export function LendingTicker({ records }: { records: HomeView['lendingRecords'] }): ReactElement | null {
  const { t } = useTranslation()
  const { money } = useDisplayText()
  if (records.length === 0) return null
  return (
    <section className="k-card k-stack" aria-labelledby="home-ticker">
      <h2 id="home-ticker" className="k-section-title">
        {t('home.ticker.title')}
      </h2>
      <ul className="k-ticker">
        {records.slice(0, TICKER_ROWS).map((record) => (
          <li key={`${record.maskedMobile}-${record.at}`}>
            <span>
              {t('home.ticker.row', { mobile: record.maskedMobile, amount: money(record.amountMinor) })}
            </span>
            <span className="k-muted k-small">
              <DateText at={record.at} withTime />
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What a repeat borrower gains: more, cheaper, faster. */
export function Benefits(): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby="home-benefit">
      <h2 id="home-benefit" className="k-section-title">
        {t('home.benefit.title')}
      </h2>
      <ul className="k-stack">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{t(`home.benefit.${benefit}`)}</li>
        ))}
      </ul>
    </section>
  )
}

/** Spec §1 eligibility copy: over 18, a monthly income, resident of the country. */
export function Eligibility(): ReactElement {
  const { t } = useTranslation()
  const { country } = useDisplay()
  return (
    <section className="k-card k-stack" aria-labelledby="home-eligibility">
      <h2 id="home-eligibility" className="k-section-title">
        {t('home.eligibility.title')}
      </h2>
      <ul className="k-stack">
        {ELIGIBILITY.map((rule) => (
          <li key={rule}>{t(`home.eligibility.${rule}`, { country: t(`enums.country.${country}`) })}</li>
        ))}
      </ul>
    </section>
  )
}
