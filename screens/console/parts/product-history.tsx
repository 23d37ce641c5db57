/** A product's versions, newest first: who saved each (or that it came from outside the console), when and why. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { productsView } from '../../../machines/console-products.machine'
import { formatDateTime } from '../../../ui/format'

export function ProductHistory({ view }: { view: ReturnType<typeof productsView> }): ReactElement {
  const { t, i18n } = useTranslation()
  return (
    <section className="k-stack" aria-labelledby="product-history">
      <h3 id="product-history" className="k-section-title">
        {t('console.products.history')}
      </h3>
      {view.historyUnavailable ? (
        <p className="k-muted">{t('console.products.historyUnavailable')}</p>
      ) : !view.versions ? (
        <p className="k-muted">{t('ui.loading')}</p>
      ) : (
        <ol className="c-log">
          {view.versions.map((v) => (
            <li key={v.version} className="c-log__row">
              <p className="c-log__when">
                <time dateTime={v.createdAt}>
                  {formatDateTime(v.createdAt, i18n.language, view.timeZone)}
                </time>
              </p>
              <p className="c-log__who">{v.staff ?? t('console.products.outsideConsole')}</p>
              <p className="c-log__what">
                <strong>{t('console.products.version', { version: v.version })}</strong>{' '}
                {v.note && <span className="k-muted">{v.note}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
