/**
 * Products in the console (issue 20): read every product with its versions, and change one. A change is checked
 * with the rules the server starts with (domain/product.ts `editedProductProblems`), made only on the version the
 * editor started from (else `changedMeanwhile`: someone saved first), and committed with its audit row and the
 * version the database keeps (migration 0015, which records the staff member and note set here). It reaches new
 * orders only: an order is priced with the version it was applied under (server/loans/products.ts).
 */
import { asc, desc, eq, sql } from 'drizzle-orm'
import type { ConsoleProduct, ConsoleProductVersion } from '../../domain/console'
import type { CountryCode, Language } from '../../domain/countries'
import { COUNTRIES } from '../../domain/countries'
import { type ProductConfig } from '../../domain/product'
import { editedProductProblems, type ProductProblem } from '../../domain/product-rules'
import type { Db, Queryable } from '../db/client'
import { loanProducts, loanProductVersions } from '../db/schema/loans'
import { staff } from '../db/schema/staff'
import { appendAudit } from './audit'
import type { StaffMember } from './staff'

type ProductRow = typeof loanProducts.$inferSelect

const shown = (row: ProductRow): ConsoleProduct => ({
  id: row.id,
  country: row.country as CountryCode,
  version: row.version,
  active: row.active,
  position: row.position,
  names: row.names as ConsoleProduct['names'],
  config: row.config as ProductConfig,
  updatedAt: row.updatedAt.toISOString(),
})

/** Every product, active or not, by country and display order. */
export async function listProducts(q: Queryable): Promise<ConsoleProduct[]> {
  const rows = await q
    .select()
    .from(loanProducts)
    .orderBy(asc(loanProducts.country), asc(loanProducts.position), asc(loanProducts.id))
  return rows.map(shown)
}

/** A product's versions, newest first; null when there is no such product. */
export async function productVersions(q: Queryable, id: string): Promise<ConsoleProductVersion[] | null> {
  const rows = await q
    .select({ v: loanProductVersions, username: staff.username })
    .from(loanProductVersions)
    .leftJoin(staff, eq(staff.id, loanProductVersions.staffId))
    .where(eq(loanProductVersions.productId, id))
    .orderBy(desc(loanProductVersions.version))
  if (rows.length === 0) return null
  return rows.map(({ v, username }) => ({
    version: v.version,
    active: v.active,
    names: v.names as ConsoleProductVersion['names'],
    config: v.config as ProductConfig,
    staff: username,
    note: v.note,
    createdAt: v.createdAt.toISOString(),
  }))
}

export interface ProductEdit {
  /** The version the editor started from. */
  baseVersion: number
  config: unknown
  names: Partial<Record<Language, string>>
  active: boolean
  /** Why (kept with the version and in the audit log). */
  note: string
}

export type ProductEditResult =
  | { ok: true; product: ConsoleProduct; changed: boolean }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'changedMeanwhile'; version: number }
  | { ok: false; reason: 'invalid'; problems: ProductProblem[] }

/** Saves `edit` as the product's next version, in one transaction with its audit row. */
export async function editProduct(
  db: Db,
  now: Date,
  member: StaffMember,
  id: string,
  edit: ProductEdit,
): Promise<ProductEditResult> {
  return db.transaction(async (tx): Promise<ProductEditResult> => {
    const [row] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update')
    if (!row) return { ok: false, reason: 'notFound' }
    if (row.version !== edit.baseVersion)
      return { ok: false, reason: 'changedMeanwhile', version: row.version }
    const country = row.country as CountryCode
    const problems = editedProductProblems(edit.config, {
      id,
      country,
      currency: COUNTRIES[country].currency,
    })
    if (problems.length > 0) return { ok: false, reason: 'invalid', problems }
    // The version the database keeps names who saved it and why (migration 0015), for this transaction only.
    await tx.execute(
      sql`SELECT set_config('kopa.staff_id', ${String(member.id)}, true), set_config('kopa.change_note', ${edit.note}, true)`,
    )
    const [saved] = await tx
      .update(loanProducts)
      .set({ config: edit.config, names: edit.names, active: edit.active, updatedAt: now })
      .where(eq(loanProducts.id, id))
      .returning()
    const after = shown(saved!)
    const changed = after.version !== row.version
    if (changed) {
      const before = shown(row)
      await appendAudit(tx, now, {
        staffId: member.id,
        action: 'product.changed',
        subject: `product:${id}`,
        before: {
          version: before.version,
          active: before.active,
          names: before.names,
          config: before.config,
        },
        after: {
          version: after.version,
          active: after.active,
          names: after.names,
          config: after.config,
          note: edit.note,
        },
      })
    }
    return { ok: true, product: after, changed }
  })
}
