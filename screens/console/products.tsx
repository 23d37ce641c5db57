/**
 * Products (risk officers and admins): each loan product with its version, whether borrowers are offered it and
 * when it last changed; opening one gives the editor (screens/console/parts/product-editor.tsx). A product saved
 * is said on the list: its new version reaches new orders only.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { ConsoleProduct } from '../../domain/console'
import { productsView, type consoleProductsMachine } from '../../machines/console-products.machine'
import { Button } from '../../ui/button'
import { formatDateTime } from '../../ui/format'
import { regionName } from './parts/region-name'
import { ErrorState } from '../../ui/states'
import { useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { ProductEditor } from './parts/product-editor'

type ProductsRef = ActorRefFrom<typeof consoleProductsMachine>

function ProductRow({
  product,
  timeZone,
  onOpen,
}: {
  product: ConsoleProduct
  timeZone: string
  onOpen: () => void
}) {
  const { t, i18n } = useTranslation()
  const name = product.names[i18n.language as 'en'] ?? Object.values(product.names)[0] ?? product.id
  return (
    <li className="c-log__row c-product">
      <p className="c-log__what">
        <strong>{name}</strong> <span className="k-muted">{product.id}</span>
      </p>
      <p className="k-small">
        {t('console.products.summary', {
          country: regionName(product.country, i18n.language),
          version: product.version,
        })}{' '}
        {product.active ? t('console.products.offered') : t('console.products.notOffered')}
      </p>
      <p className="k-muted k-small">
        {t('console.products.updated', { at: formatDateTime(product.updatedAt, i18n.language, timeZone) })}
      </p>
      <Button variant="secondary" onClick={onOpen} aria-label={t('console.products.openNamed', { name })}>
        {t('console.products.open')}
      </Button>
    </li>
  )
}

function Products({ products }: { products: ProductsRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(products, productsView)
  if (view.failed)
    return (
      <ErrorState
        text={view.error ? text(view.error) : undefined}
        onRetry={() => products.send({ type: 'products.retried' })}
      />
    )
  if (view.draft) return <ProductEditor products={products} view={view} />
  return (
    <section className="k-stack" aria-labelledby="products-list" aria-busy={view.loading || undefined}>
      <h2 id="products-list" className="k-section-title">
        {view.loading ? t('ui.loading') : t('console.products.count', { count: view.products.length })}
      </h2>
      {view.saved && (
        <p className="k-notice" role="status">
          {view.saved.changed
            ? t('console.products.saved', { id: view.saved.id, version: view.saved.version })
            : t('console.products.unchanged', { id: view.saved.id })}
        </p>
      )}
      <ul className="c-log">
        {view.products.map((p) => (
          <ProductRow
            key={p.id}
            product={p}
            timeZone={view.timeZone}
            onOpen={() => products.send({ type: 'product.opened', id: p.id })}
          />
        ))}
      </ul>
    </section>
  )
}

export default function ProductsScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const products = useSelector(app, (s) => s.children.productsEditor)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.products.title')}</h1>
      <p className="k-muted">{t('console.products.intro')}</p>
      {products ? <Products products={products} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
