/**
 * The product editor's draft in the console (machines/console-products.machine.ts): what is edited, kept across a
 * new sign-in, checked live with the server's own product rules, and sent.
 */
import type { ConsoleProduct, ConsoleProductVersion, ProductEditRequest } from '../../domain/console'
import { COUNTRIES, type Language } from '../../domain/countries'
import { editedProductProblems, type ProductProblem } from '../../domain/product-rules'
import { msg, type Message } from '../console-calls'

export const PRODUCT_NAME_LANGUAGES = ['en', 'sw', 'es'] as const satisfies readonly Language[]
export type ProductNameLanguage = (typeof PRODUCT_NAME_LANGUAGES)[number]
/** The longest name and note the server takes. */
export const PRODUCT_NAME_MAX = 60
export const PRODUCT_NOTE_MAX = 200

/** The editor: what is typed, and the version it started from. */
export interface ProductDraft {
  id: string
  baseVersion: number
  /** The configuration as JSON text. */
  text: string
  names: Record<ProductNameLanguage, string>
  active: boolean
  note: string
}

export interface ProductsInput {
  draft?: Record<string, string> | null
  /** The member's time zone: when each version was made is shown in it. */
  timeZone: string
}

export interface ProductsContext {
  products: ConsoleProduct[]
  draft: ProductDraft | null
  /** What is wrong with the configuration typed, as the server would say at start-up (live). */
  problems: ProductProblem[]
  /** The text is not JSON at all. */
  notJson: boolean
  fieldErrors: { note?: Message; names?: Message }
  versions: ConsoleProductVersion[] | null
  error: Message | null
  /** The version just saved (shown on the list). */
  saved: { id: string; version: number; changed: boolean } | null
  /** Someone saved this version since the editor opened. */
  staleVersion: number | null
  /** Reopen this product once the list is read again (after "Start again"), or the draft to restore. */
  reopen: string | null
  restore: ProductDraft | null
  timeZone: string
}

export type ProductsEvent =
  | { type: 'product.opened'; id: string }
  | { type: 'product.textChanged'; text: string }
  | { type: 'product.nameChanged'; language: ProductNameLanguage; name: string }
  | { type: 'product.activeChanged'; active: boolean }
  | { type: 'product.noteChanged'; note: string }
  | { type: 'product.saved' }
  | { type: 'product.closed' }
  | { type: 'product.reopened' }
  | { type: 'products.retried' }

export const draftOf = (p: ConsoleProduct): ProductDraft => ({
  id: p.id,
  baseVersion: p.version,
  text: JSON.stringify(p.config, null, 2),
  names: { en: p.names.en ?? '', sw: p.names.sw ?? '', es: p.names.es ?? '' },
  active: p.active,
  note: '',
})

/** The editor as the console keeps it across a new sign-in (strings only), and back. */
export const draftRecord = (d: ProductDraft): Record<string, string> => ({
  id: d.id,
  baseVersion: String(d.baseVersion),
  text: d.text,
  en: d.names.en,
  sw: d.names.sw,
  es: d.names.es,
  active: String(d.active),
  note: d.note,
})
export const draftFromRecord = (r: Record<string, string> | null | undefined): ProductDraft | null => {
  if (!r?.id || !Number.isInteger(Number(r.baseVersion))) return null
  return {
    id: r.id,
    baseVersion: Number(r.baseVersion),
    text: r.text ?? '',
    names: { en: r.en ?? '', sw: r.sw ?? '', es: r.es ?? '' },
    active: r.active !== 'false',
    note: r.note ?? '',
  }
}

/** The live check of the draft's configuration against its product. */
export function checked(products: readonly ConsoleProduct[], draft: ProductDraft) {
  const product = products.find((p) => p.id === draft.id)
  let value: unknown
  try {
    value = JSON.parse(draft.text)
  } catch {
    return { problems: [], notJson: true }
  }
  if (!product) return { problems: [], notJson: false }
  const { country } = product
  return {
    problems: editedProductProblems(value, { id: draft.id, country, currency: COUNTRIES[country].currency }),
    notJson: false,
  }
}

export function draftErrors(d: ProductDraft): ProductsContext['fieldErrors'] {
  const errors: ProductsContext['fieldErrors'] = {}
  const note = d.note.trim()
  if (note.length === 0) errors.note = msg('console.products.noteRequired')
  else if (note.length > PRODUCT_NOTE_MAX)
    errors.note = msg('console.products.noteLong', { max: PRODUCT_NOTE_MAX })
  if (PRODUCT_NAME_LANGUAGES.some((l) => d.names[l].trim().length > PRODUCT_NAME_MAX))
    errors.names = msg('console.products.nameLong', { max: PRODUCT_NAME_MAX })
  else if (PRODUCT_NAME_LANGUAGES.every((l) => d.names[l].trim() === ''))
    errors.names = msg('console.products.nameRequired')
  return errors
}

/** What is sent: the names typed (an empty one is left out), the configuration as parsed. */
export function editRequest(d: ProductDraft): ProductEditRequest {
  const names: ProductEditRequest['names'] = {}
  for (const l of PRODUCT_NAME_LANGUAGES) if (d.names[l].trim()) names[l] = d.names[l].trim()
  return {
    baseVersion: d.baseVersion,
    config: JSON.parse(d.text),
    names,
    active: d.active,
    note: d.note.trim(),
  }
}
