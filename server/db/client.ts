/**
 * The database handle: Drizzle over embedded PGlite (default, a directory or in memory) or over PostgreSQL
 * through node-postgres when a postgres:// URL is configured. Both speak the same SQL, so every query, migration
 * and test runs unchanged on either.
 */
import { mkdirSync } from 'node:fs'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import pg from 'pg'
import { is, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'

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
  /**
   * Statements sent through Drizzle since the database was opened, when counting was asked for (the benchmark's
   * queries per call, `countQueries`); null otherwise.
   */
  queryCount(): number | null
  /**
   * Calls `onNotice` for every NOTIFY on `channel` whose payload names this database's schema (PGlite: every one),
   * and again whenever the watch comes back after its connection was lost (notices may have been missed). While
   * `live()` is false nothing is heard: whoever relies on the notices must read for themselves.
   */
  listen(channel: string, onNotice: () => void): Promise<Watch>
  /** Runs fn in one transaction on one connection, with raw SQL. */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A LISTEN of Database.listen. */
export interface Watch {
  /** Whether notices are being heard now. */
  live(): boolean
  stop(): Promise<void>
}

const CHANNEL = /^[a-z_]{1,63}$/

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
  /** Count the statements Drizzle sends (benchmark only: a hook that costs one increment a statement). */
  countQueries?: boolean
}

/** The statement counter of one database: a Drizzle logger that only counts, or nothing at all. */
function counter(on: boolean | undefined) {
  if (!on) return { logger: undefined, count: () => null }
  let n = 0
  return {
    logger: {
      logQuery: () => {
        n += 1
      },
    },
    count: () => n,
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts) : openPglite(opts)
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const { dataDir } = opts
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({ ...opts.pglite, ...(dataDir === ':memory:' ? {} : { dataDir }) })
  await client.waitReady
  const queries = counter(opts.countQueries)
  const db = drizzlePglite({ client, ...(queries.logger ? { logger: queries.logger } : {}) }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite: client,
    queryCount: queries.count,
    async listen(channel, onNotice) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel "${channel}"`)
      // One embedded database, one process: every notice is this database's, delivered as the statement returns.
      const unlisten = await client.listen(channel, () => onNotice())
      let on = true
      return {
        live: () => on,
        async stop() {
          if (!on) return
          on = false
          await unlisten().catch(() => undefined)
        },
      }
    },
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
  const queries = counter(opts.countQueries)
  const db = drizzlePg({
    client: pool,
    ...(queries.logger ? { logger: queries.logger } : {}),
  }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    queryCount: queries.count,
    listen: (channel, onNotice) => listenPostgres(opts.url, schema, channel, onNotice),
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

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection is noticed
 * (`onNotice`, live false) and made again every second until it is back, then noticed once more.
 */
async function listenPostgres(
  url: string,
  schema: string,
  channel: string,
  onNotice: () => void,
): Promise<Watch> {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel "${channel}"`)
  let client: pg.Client | null = null
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const retryLater = () => {
    if (stopped) return
    timer = setTimeout(() => void connect(), 1000)
    timer.unref()
  }
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    let mine = ''
    const lost = () => {
      if (client !== c) return
      client = null
      onNotice()
      c.end().catch(() => undefined)
      retryLater()
    }
    c.on('error', lost)
    c.on('end', lost)
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload === mine) onNotice()
    })
    try {
      await c.connect()
      const found = await c.query<{ s: string }>('SELECT current_schema() AS s')
      mine = found.rows[0]?.s ?? ''
      await c.query(`LISTEN ${channel}`)
    } catch {
      c.end().catch(() => undefined)
      retryLater()
      return
    }
    if (stopped) {
      await c.end().catch(() => undefined)
      return
    }
    client = c
    // Heard from now on; whatever moved before is read again.
    onNotice()
  }
  await connect()
  return {
    live: () => client !== null,
    async stop() {
      stopped = true
      clearTimeout(timer)
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
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

const preparedStatements = new WeakMap<object, Map<string, unknown>>()

/**
 * A prepared statement of the database handle `q` (issue 17: the hot reads skip building their SQL, and PostgreSQL
 * its parsing and planning, after the first time on each connection), or null inside a transaction, where the
 * caller builds the query as usual. `name` must be unique per statement.
 */
export function preparedOn<T>(q: Queryable, name: string, build: (db: Db) => T): T | null {
  if (is(q, PgTransaction)) return null
  let mine = preparedStatements.get(q)
  if (!mine) {
    mine = new Map()
    preparedStatements.set(q, mine)
  }
  let statement = mine.get(name) as T | undefined
  if (statement === undefined) {
    statement = build(q as Db)
    mine.set(name, statement)
  }
  return statement
}
