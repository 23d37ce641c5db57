/**
 * The migration runner: applies server/db/migrations/NNNN_name.sql in order, once each, recording them in
 * `schema_migrations`. One transaction under an advisory lock, so several instances starting together apply each
 * migration exactly once; a failed migration leaves nothing half-applied. An applied file must never change:
 * its checksum is stored and a changed file stops the start-up (write a new migration instead).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Database } from './client'

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations')
const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/

export interface Migration {
  name: string
  sql: string
  checksum: string
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const names = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort()
  const seen = new Map<string, string>()
  for (const name of names) {
    const number = FILE.exec(name)![1]!
    const other = seen.get(number)
    if (other) throw new Error(`Two migrations share the number ${number}: ${other} and ${name}`)
    seen.set(number, name)
  }
  return names.map((name) => {
    const sql = readFileSync(path.join(dir, name), 'utf8')
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
  })
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.rawTransaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('kopa.migrations.' || current_schema()))`)
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const applied = new Map(
      (
        await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')
      ).map((r) => [r.name, r.checksum]),
    )
    const now: string[] = []
    for (const m of migrations) {
      const known = applied.get(m.name)
      if (known !== undefined) {
        if (known !== m.checksum) {
          throw new Error(`Migration ${m.name} changed after it was applied; add a new migration instead`)
        }
        continue
      }
      await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum])
      now.push(m.name)
    }
    return now
  })
}
