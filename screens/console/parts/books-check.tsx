/** The books check as of now: whether the books agree, each problem as the check names it, and its figures. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { BooksPage } from '../../../domain/console'
import { formatMoney } from '../../../domain/money'
import { formatDateTime } from '../../../ui/format'

export function BooksCheckCard({ page }: { page: BooksPage }): ReactElement {
  const { t, i18n } = useTranslation()
  const { check } = page
  const money = (byCurrency: Record<string, number>) =>
    Object.entries(byCurrency)
      .filter(([, minor]) => minor !== 0)
      .map(([currency, minor]) => formatMoney(minor, currency, i18n.language))
      .join(' · ') || t('console.books.none')
  const figures: [string, string | number][] = [
    ['suspense', money(check.figures.suspenseMinor)],
    ['refundDue', money(check.figures.refundDueMinor)],
    ['receiptsInSuspense', check.figures.receiptsInSuspense],
    ['observationsUnmatched', check.figures.observationsUnmatched],
    ['observationsError', check.figures.observationsError],
    ['transfersExpired', check.figures.transfersExpired],
    ['transfersOverdue', check.figures.transfersOverdue],
  ]
  return (
    <section className="k-card k-stack" aria-labelledby="books-check">
      <h2 id="books-check" className="k-section-title">
        {t('console.books.check')}
      </h2>
      <p className="k-muted k-small">
        {t('console.books.checkedAt', { at: formatDateTime(page.now, i18n.language, 'UTC') })}{' '}
        {t('console.books.checked', {
          entries: check.entries,
          orders: check.orders,
          transfers: check.transfers,
        })}
      </p>
      <p className={check.ok ? 'k-notice' : 'k-notice c-alarm'} role="status">
        {check.ok ? t('console.books.agree') : t('console.books.problems', { count: check.problems.length })}
      </p>
      {check.problems.length > 0 && (
        <ul className="c-problems">
          {check.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <dl className="c-figures">
        {figures.map(([name, value]) => (
          <div key={name}>
            <dt>{t(`console.books.figure.${name}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
