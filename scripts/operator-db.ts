/**
 * The database an operator's command works on: the one the server uses (DATABASE_URL and DATABASE_SCHEMA for
 * PostgreSQL, else the PGlite directory under KOPA_DATA_DIR, default ./data — docs/operations.md "Configuration"),
 * refused unless the server has already applied this code's migrations (npm run books, npm run console:admin).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase, rows, type Database } from '../server/db/client'
import { readMigrations } from '../server/db/migrate'

/** A command that cannot run (no database, migrations missing): its message is for the operator. */
export class CannotRun extends Error {}

export async function openConfigured(
  env: NodeJS.ProcessEnv,
): Promise<{ database: Database; production: boolean }> {
  const config = loadConfig(env)
  if (config.databaseUrl) {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: ':memory:',
      schema: config.databaseSchema,
      poolSize: 2,
    })
    return { database, production: config.mode === 'production' }
  }
  if (config.dataDir === ':memory:') throw new CannotRun('an in-memory database has no books to check')
  // As server/app.ts pgliteDir: PGlite keeps its files in <data dir>/pglite.
  const dir = path.join(config.dataDir, 'pglite')
  if (!existsSync(dir)) throw new CannotRun(`no database at ${dir} (set KOPA_DATA_DIR or DATABASE_URL)`)
  return { database: await openDatabase({ url: '', dataDir: dir }), production: config.mode === 'production' }
}

/** Refuses a database whose migrations differ from this code's: the check's queries would not fit it. */
export async function expectMigrated(database: Database): Promise<void> {
  const [exists] = await rows<{ present: boolean }>(
    database.db,
    sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`,
  )
  const applied = exists?.present
    ? new Set(
        (await rows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map(
          (r) => r.name,
        ),
      )
    : new Set<string>()
  const pending = readMigrations()
    .map((m) => m.name)
    .filter((name) => !applied.has(name))
  if (pending.length)
    throw new CannotRun(
      `the database lacks migrations ${pending.join(', ')}: start the server once to apply them`,
    )
}
