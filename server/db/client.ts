/**
 * The database handle: Drizzle over embedded PGlite (default, a directory or in memory) or over PostgreSQL
 * through node-postgres when a postgres:// URL is configured. Both speak the same SQL, so every query, migration
 * and test runs unchanged on either.
 */
import { mkdirSync } from 'node:fs'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import pg from 'pg'
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'

/** The Drizzle handle every module queries with (same type for both drivers). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>
/** A transaction handle; has every query method of Db. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>
/** Anything that runs queries: the handle or an open transaction. */
export type Queryable = Db | Tx

/** A raw connection for multi-statement SQL (migrations) inside one transaction. */
export interface RawTx {
  exec(sql: string): Promise<void>
  query<T>(sql: string, params?: unknown[]): Promise<T[]>
}

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /** The embedded client (PGlite only), e.g. to dump a template database for tests. */
  readonly pglite?: PGlite
  /** Runs fn in one transaction on one connection, with raw SQL. */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… ; empty for PGlite. */
  url: string
  /** PGlite directory, or ':memory:'. */
  dataDir: string
  /** PostgreSQL schema (search_path); created when missing. */
  schema?: string
  /** Connections per PostgreSQL pool. */
  poolSize?: number
  /** Extra PGlite options (tests: start from a dumped template, reuse compiled modules). */
  pglite?: PGliteOptions
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts) : openPglite(opts.dataDir, opts.pglite ?? {})
}

async function openPglite(dataDir: string, extra: PGliteOptions): Promise<Database> {
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({ ...extra, ...(dataDir === ':memory:' ? {} : { dataDir }) })
  await client.waitReady
  const db = drizzlePglite({ client }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite: client,
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (sql) => {
            await tx.exec(sql)
          },
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
        }),
      ),
    close: () => client.close(),
  }
}

async function openPostgres(opts: DatabaseOptions): Promise<Database> {
  const schema = opts.schema ?? ''
  if (schema && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid database schema name "${schema}"`)
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch(ignoreConcurrentCreate)
  const db = drizzlePg({ client: pool }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    rawTransaction: async (fn) => {
      const conn = await pool.connect()
      try {
        await conn.query('BEGIN')
        const result = await fn({
          exec: async (sql) => {
            await conn.query(sql)
          },
          query: async <T>(sql: string, params: unknown[] = []) =>
            (await conn.query(sql, params)).rows as T[],
        })
        await conn.query('COMMIT')
        return result
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        conn.release()
      }
    },
    close: () => pool.end(),
  }
}

/** Two instances creating the same schema at once: the loser sees a unique violation; the schema exists. */
function ignoreConcurrentCreate(err: unknown): void {
  if ((err as { code?: string }).code !== '23505') throw err
}

/** Rows of a raw query, whichever driver returned them. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** SQLSTATE and constraint of a database error, whether thrown by the driver or wrapped by Drizzle (`cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) }
    }
    e = cause
  }
  return {}
}

/** A unique-index violation (23505), optionally of one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err)
  return pg.code === '23505' && (constraint === undefined || pg.constraint === constraint)
}
