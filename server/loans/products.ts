/**
 * Loan products as the server serves them: read from loan_products, each validated with validateProduct. A bad
 * product stops the start-up with every problem named (assertValidProduct), never a loan priced wrong.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { CountryCode, Language } from '../../domain/countries'
import { assertValidProduct, type ProductConfig } from '../../domain/product'
import type { Queryable } from '../db/client'
import { loanProducts } from '../db/schema/loans'

export interface LoadedProduct {
  config: ProductConfig
  names: Partial<Record<Language, string>>
  position: number
}

export interface ProductCatalog {
  /** Active products of a country, in display order. */
  forCountry(country: string): LoadedProduct[]
  byId(id: string): LoadedProduct | undefined
  /** The country's default product (the first); undefined when the country has none. */
  defaultFor(country: string): LoadedProduct | undefined
  all(): LoadedProduct[]
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
    return { config, names: (row.names ?? {}) as LoadedProduct['names'], position: row.position }
  })
  return catalogOf(products)
}

export function catalogOf(products: LoadedProduct[]): ProductCatalog {
  const byId = new Map(products.map((p) => [p.config.id, p]))
  return {
    forCountry: (country) => products.filter((p) => p.config.country === (country as CountryCode)),
    byId: (id) => byId.get(id),
    defaultFor: (country) => products.find((p) => p.config.country === (country as CountryCode)),
    all: () => [...products],
  }
}

/** The product's name in `lang`, else in its first listed language, else its id. */
export function productName(p: LoadedProduct, lang: Language): string {
  return p.names[lang] ?? Object.values(p.names)[0] ?? p.config.id
}
