/**
 * The Drizzle schema (server/db/schema/*.ts) and the SQL migrations must describe the same database: after the
 * migrations run, every table, column (type and nullability), index and check constraint of the TypeScript schema
 * exists, and the database has nothing the schema does not know.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isUniqueViolation, rows, type Database } from '../../server/db/client'
import { users } from '../../server/db/schema/core'
import { safeError } from '../../server/log'
import { describeOnEachDatabase, freshDatabase } from './helpers/databases'

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../server/db/schema')
const SERIAL: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' }

async function schemaTables(): Promise<PgTable[]> {
  const tables: PgTable[] = []
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(path.join(SCHEMA_DIR, file))) as Record<string, unknown>
    for (const value of Object.values(mod)) if (is(value, PgTable)) tables.push(value)
  }
  return tables
}

describeOnEachDatabase('The database schema', (target) => {
  let database: Database
  let dispose: () => Promise<void>
  beforeAll(async () => {
    ;({ database, dispose } = await freshDatabase(target))
  })
  afterAll(() => dispose())

  it('has exactly the tables, columns, indexes and checks of the TypeScript schema after migrating', async () => {
    const db = database.db
    const tables = await schemaTables()
    const expected = tables.map((t) => getTableConfig(t).name).sort()
    const actualTables = await rows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'`,
    )
    expect(actualTables.map((r) => r.table_name).sort()).toEqual(expected)

    for (const table of tables) {
      const config = getTableConfig(table)
      const columns = await rows<{ name: string; type: string; not_null: boolean }>(
        db,
        sql`SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relname = ${config.name} AND c.relnamespace = current_schema()::regnamespace
              AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attname`,
      )
      const want = config.columns
        .map((c) => ({
          name: c.name,
          type: SERIAL[c.getSQLType()] ?? c.getSQLType(),
          not_null: c.notNull || c.primary || config.primaryKeys.some((pk) => pk.columns.includes(c)),
        }))
        .sort((a, b) => a.name.localeCompare(b.name))
      expect(columns, `columns of ${config.name}`).toEqual(want)

      const indexes = await rows<{ indexname: string }>(
        db,
        sql`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${config.name}
            AND indexname NOT LIKE '%\_pkey'`,
      )
      expect(indexes.map((r) => r.indexname).sort(), `indexes of ${config.name}`).toEqual(
        config.indexes.map((i) => i.config.name).sort(),
      )

      const checks = await rows<{ conname: string }>(
        db,
        sql`SELECT conname FROM pg_constraint WHERE contype = 'c'
            AND conrelid = (quote_ident(current_schema()) || '.' || quote_ident(${config.name}))::regclass`,
      )
      expect(checks.map((r) => r.conname).sort(), `checks of ${config.name}`).toEqual(
        config.checks.map((c) => c.name).sort(),
      )
    }
  })

  it('keeps one borrower per mobile number and country, whoever inserts', async () => {
    const now = new Date()
    await database.db.insert(users).values({ country: 'TZ', mobile: '712000999', lang: 'sw', createdAt: now })
    const duplicate = await database.db
      .insert(users)
      .values({ country: 'TZ', mobile: '712000999', lang: 'en', createdAt: now })
      .then(
        () => null,
        (err: unknown) => err,
      )
    expect(isUniqueViolation(duplicate, 'users_country_mobile_key')).toBe(true)
    // What the logs may say about it names the index, never the number.
    const logged = JSON.stringify(safeError(duplicate))
    expect(logged).toContain('users_country_mobile_key')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('712000999')
    await database.db.insert(users).values({ country: 'KE', mobile: '712000999', lang: 'en', createdAt: now })
  })
})
