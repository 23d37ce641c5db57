/**
 * Loan products as the server serves them: read from loan_products, each validated with validateProduct. A bad
 * product stops the start-up with every problem named (assertValidProduct), never a loan priced wrong.
 *
 * Products change without a restart (issue 20, migration 0015): every change bumps the product's version and the
 * database keeps each version. An order is applied under the product's current version and priced with that
 * version at approval (`at`), so an edit reaches new orders only; approved orders keep the terms frozen in them.
 * The catalogue every handler reads is live: `watchProducts` replaces what it holds whenever the database says a
 * product changed (NOTIFY kopa_products, on any instance or by hand), and every minute while it cannot hear that.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { CountryCode, Language } from '../../domain/countries'
import { type ProductConfig } from '../../domain/product'
import { assertValidProduct } from '../../domain/product-rules'
import type { Database, Queryable } from '../db/client'
import { loanProducts, loanProductVersions } from '../db/schema/loans'

export interface LoadedProduct {
  config: ProductConfig
  names: Partial<Record<Language, string>>
  position: number
  /** The product's current version: what a new order is applied under. */
  version: number
}

export interface ProductCatalog {
  /** Active products of a country, in display order. */
  forCountry(country: string): LoadedProduct[]
  byId(id: string): LoadedProduct | undefined
  /** The country's default product (the first); undefined when the country has none. */
  defaultFor(country: string): LoadedProduct | undefined
  all(): LoadedProduct[]
  /** The configuration of product `id` as it was at `version` (an order's own), active or not. */
  at(id: string, version: number): ProductConfig | undefined
}

/** A catalogue whose contents are replaced as the products change; every reader sees the latest. */
export interface LiveCatalog extends ProductCatalog {
  replace(next: ProductCatalog): void
}

/** Loads and validates every active product; throws ProductConfigError on the first bad one. */
export async function loadProducts(q: Queryable): Promise<ProductCatalog> {
  const found = await q
    .select()
    .from(loanProducts)
    .where(and(eq(loanProducts.active, true)))
    .orderBy(asc(loanProducts.country), asc(loanProducts.position), asc(loanProducts.id))
  const products: LoadedProduct[] = found.map((row) => {
    const config = assertValidProduct(row.config as ProductConfig)
    if (config.id !== row.id || config.country !== row.country) {
      throw new Error(
        `Product row "${row.id}" (${row.country}) holds the configuration of "${config.id}" (${config.country})`,
      )
    }
    return {
      config,
      names: (row.names ?? {}) as LoadedProduct['names'],
      position: row.position,
      version: row.version,
    }
  })
  // Every version kept, for orders applied under an earlier one (each was valid when made: the console checks
  // before it saves, and the current one was just checked).
  const versions = await q
    .select({
      id: loanProductVersions.productId,
      version: loanProductVersions.version,
      config: loanProductVersions.config,
    })
    .from(loanProductVersions)
  const configs = new Map(versions.map((v) => [versionKey(v.id, v.version), v.config as ProductConfig]))
  for (const p of products) configs.set(versionKey(p.config.id, p.version), p.config)
  return catalogOf(products, configs)
}

const versionKey = (id: string, version: number) => `${id}@${version}`

export function catalogOf(
  products: LoadedProduct[],
  versions: ReadonlyMap<string, ProductConfig> = new Map(),
): ProductCatalog {
  const byId = new Map(products.map((p) => [p.config.id, p]))
  return {
    forCountry: (country) => products.filter((p) => p.config.country === (country as CountryCode)),
    byId: (id) => byId.get(id),
    defaultFor: (country) => products.find((p) => p.config.country === (country as CountryCode)),
    all: () => [...products],
    at: (id, version) =>
      versions.get(versionKey(id, version)) ??
      (byId.get(id)?.version === version ? byId.get(id)?.config : undefined),
  }
}

export function liveCatalog(first: ProductCatalog): LiveCatalog {
  let current = first
  return {
    forCountry: (country) => current.forCountry(country),
    byId: (id) => current.byId(id),
    defaultFor: (country) => current.defaultFor(country),
    all: () => current.all(),
    at: (id, version) => current.at(id, version),
    replace(next) {
      current = next
    },
  }
}

/** How often the catalogue is read again while the database's notices cannot be heard. */
export const PRODUCTS_POLL_MS = 60_000

/**
 * Keeps `catalog` current: read again on every notice of a product change, and every PRODUCTS_POLL_MS while the
 * notices are not heard. A reading that fails (a product made invalid by hand) keeps what was served and reports
 * it; the start-up would refuse it. Returns the stop.
 */
export async function watchProducts(
  db: Database,
  catalog: LiveCatalog,
  onFailure: (err: unknown) => void,
): Promise<() => Promise<void>> {
  let reading: Promise<void> | null = null
  let again = false
  const reload = (): void => {
    if (reading) {
      again = true
      return
    }
    reading = loadProducts(db.db)
      .then((next) => catalog.replace(next))
      .catch(onFailure)
      .finally(() => {
        reading = null
        if (again) {
          again = false
          reload()
        }
      })
  }
  const watch = await db.listen('kopa_products', reload)
  const timer = setInterval(() => {
    if (!watch.live()) reload()
  }, PRODUCTS_POLL_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await watch.stop()
    await reading
  }
}

/** Reads the catalogue again now (the instance that made a change, before it answers). */
export async function refreshProducts(q: Queryable, catalog: LiveCatalog): Promise<void> {
  catalog.replace(await loadProducts(q))
}

/** The product's name in `lang`, else in its first listed language, else its id. */
export function productName(p: LoadedProduct, lang: Language): string {
  return p.names[lang] ?? Object.values(p.names)[0] ?? p.config.id
}
