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
   * Calls `onNotice` for every NOTIFY on `channel` whose payload names this database's schema (PGlite: every one):
   * with what follows the schema and a dot (`<schema>.<table>`: the table), or null for a payload of the schema
   * alone; and with null whenever the watch comes back after its connection was lost (notices may have been
   * missed). While `live()` is false nothing is heard: whoever relies on the notices must read for themselves.
   */
  listen(channel: string, onNotice: (detail: string | null) => void): Promise<Watch>
  /**
   * Calls `onWrite` each time statements that may have changed data finished on this instance — a transaction's
   * COMMIT, or a statement other than SELECT outside one — before whoever sent it goes on (issue 17: the read
   * caches forget what they kept at once, without waiting for the database's notice), with the tables written, or
   * null when a statement's table could not be told (then assume any). Returns the unsubscribe.
   */
  onWrite(onWrite: WriteListener): () => void
  /** Runs fn in one transaction on one connection, with raw SQL. */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A LISTEN of Database.listen. */
export interface Watch {
  /** Whether notices are being heard now. */
  live(): boolean
  /**
   * Resolves once every notice of what this process committed so far has been heard: PostgreSQL sends a listening
   * connection its pending notices before it answers a statement there, so a round trip on it is the fence; PGlite
   * hears a notice before the statement that caused it returns.
   */
  heardAll(): Promise<void>
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

/** Told the tables a write of this instance changed (null: any). */
export type WriteListener = (tables: ReadonlySet<string> | null) => void

/** The listeners of Database.onWrite. */
function writeListeners() {
  const listeners = new Set<WriteListener>()
  return {
    fire(tables: ReadonlySet<string> | null) {
      for (const listener of listeners) listener(tables)
    },
    add(listener: WriteListener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

const PLAIN_SELECT = /^\s*select\b/i
const MORE_STATEMENTS = /;\s*\S/
const WRITE_TO =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/i

/**
 * What a statement may write: nothing (undefined: a SELECT, locking or not — locks change no data), the one table
 * of an INSERT, UPDATE or DELETE, or anything (null: a CTE, a function call, DDL, a TRUNCATE — it may name several
 * tables, and its CASCADE empties every table that refers to them whatever their foreign keys' actions —, several
 * statements in one text, anything else).
 */
export function writtenBy(text: string): string | null | undefined {
  // More than one statement (a script sent as one text): its first says nothing of the others.
  if (MORE_STATEMENTS.test(text)) return null
  if (PLAIN_SELECT.test(text)) return undefined
  const write = WRITE_TO.exec(text)
  if (write) return write[1]!.toLowerCase()
  return null
}

/** The tables a transaction (or a statement outside one) wrote, collected statement by statement. */
function writeSet() {
  let tables: Set<string> | null = new Set()
  return {
    /** A statement's text ('' for one whose text is not known: it may write anything). */
    add(text: string) {
      const table = text === '' ? null : writtenBy(text)
      if (table === undefined || tables === null) return
      if (table === null) tables = null
      else tables.add(table)
    },
    /** What was written (null: anything), or undefined when nothing was; then starts again. */
    take(): ReadonlySet<string> | null | undefined {
      const taken = tables
      tables = new Set()
      return taken === null ? null : taken.size ? taken : undefined
    },
  }
}

const WATCHED = Symbol('kopa.watchedWrites')

/**
 * Makes a node-postgres connection tell `fire` what it wrote once it is committed: at COMMIT the tables its
 * transaction wrote, outside a transaction the table of each writing statement (after it answered, failed or not).
 * Both the promise and the callback forms of `query` (node-postgres's pool uses the callback).
 */
function watchWrites(client: pg.PoolClient, fire: WriteListener): void {
  const marked = client as pg.PoolClient & { [WATCHED]?: true }
  if (marked[WATCHED]) return
  marked[WATCHED] = true
  let inTransaction = false
  const written = writeSet()
  const query = client.query as (...args: unknown[]) => unknown
  ;(client as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const first = args[0]
    const text =
      typeof first === 'string' ? first : ((first as { text?: unknown } | null)?.text as string | undefined)
    let after = false
    if (typeof text !== 'string') {
      written.add('')
      after = !inTransaction
    } else if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
      inTransaction = true
      written.take()
    } else if (/^\s*(commit|end)\b/i.test(text)) {
      inTransaction = false
      after = true
    } else if (/^\s*rollback\b/i.test(text) && !/^\s*rollback\s+to\b/i.test(text)) {
      inTransaction = false
      written.take()
    } else {
      written.add(text)
      after = !inTransaction
    }
    const tables = after ? written.take() : undefined
    if (tables === undefined) return query.apply(this, args)
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        fire(tables)
        ;(callback as (e: unknown, r: unknown) => void)(err, res)
      }
      return query.apply(this, args)
    }
    const result = query.apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (res) => {
          fire(tables)
          return res
        },
        (err: unknown) => {
          fire(tables)
          throw err
        },
      )
    }
    return result
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts) : openPglite(opts)
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const { dataDir } = opts
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({ ...opts.pglite, ...(dataDir === ':memory:' ? {} : { dataDir }) })
  await client.waitReady
  const writes = writeListeners()
  // The embedded database's writes: each writing statement outside a transaction, and what a transaction wrote once
  // it committed (Drizzle runs its transactions through client.transaction, their statements through tx.query).
  const query = client.query.bind(client) as (text: string, ...rest: unknown[]) => Promise<unknown>
  const transaction = client.transaction.bind(client)
  client.query = (async (text: string, ...rest: unknown[]) => {
    const written = writeSet()
    written.add(text)
    const tables = written.take()
    if (tables === undefined) return query(text, ...rest)
    try {
      return await query(text, ...rest)
    } finally {
      writes.fire(tables)
    }
  }) as typeof client.query
  client.transaction = (async (fn: Parameters<typeof client.transaction>[0]) => {
    const written = writeSet()
    let committed = false
    try {
      const result = await transaction(async (tx) => {
        const txQuery = tx.query.bind(tx) as (text: string, ...rest: unknown[]) => Promise<unknown>
        const txExec = tx.exec.bind(tx) as (text: string, ...rest: unknown[]) => Promise<unknown>
        tx.query = ((text: string, ...rest: unknown[]) => {
          written.add(text)
          return txQuery(text, ...rest)
        }) as typeof tx.query
        tx.exec = ((text: string, ...rest: unknown[]) => {
          written.add(text)
          return txExec(text, ...rest)
        }) as typeof tx.exec
        return fn(tx)
      })
      committed = true
      return result
    } finally {
      const tables = written.take()
      if (committed && tables !== undefined) writes.fire(tables)
    }
  }) as typeof client.transaction
  const queries = counter(opts.countQueries)
  const db = drizzlePglite({ client, ...(queries.logger ? { logger: queries.logger } : {}) }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite: client,
    queryCount: queries.count,
    onWrite: writes.add,
    async listen(channel, onNotice) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel "${channel}"`)
      // One embedded database, one process: every notice is this database's, delivered as the statement returns.
      const unlisten = await client.listen(channel, (payload) => {
        const dot = payload.indexOf('.')
        onNotice(dot < 0 ? null : payload.slice(dot + 1))
      })
      let on = true
      return {
        live: () => on,
        heardAll: async () => undefined,
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
  const writes = writeListeners()
  pool.on('connect', (client) => watchWrites(client, writes.fire))
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
    onWrite: writes.add,
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
  onNotice: (detail: string | null) => void,
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
      onNotice(null)
      c.end().catch(() => undefined)
      retryLater()
    }
    c.on('error', lost)
    c.on('end', lost)
    c.on('notification', (msg) => {
      if (msg.channel !== channel || msg.payload === undefined) return
      if (msg.payload === mine) onNotice(null)
      else if (msg.payload.startsWith(`${mine}.`)) onNotice(msg.payload.slice(mine.length + 1))
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
    onNotice(null)
  }
  await connect()
  // Concurrent writers share their round trips (issue 17: fifty connections saving at once sent fifty).
  const fence = sharedRoundTrip(async () => {
    await client?.query('SELECT 1').catch(() => undefined)
  })
  return {
    live: () => client !== null,
    heardAll: fence,
    async stop() {
      stopped = true
      clearTimeout(timer)
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
  }
}

/**
 * A round trip whoever waits at the same time shares: each caller is answered once a round trip begun after it
 * asked has come back (so it was sent after whatever the caller committed before asking). A caller who asks while
 * one is under way — begun perhaps before its commit — waits for the next, which begins when that one ends and
 * serves everyone who asked meanwhile: at most two round trips are under way or waiting, however many ask.
 */
export function sharedRoundTrip(roundTrip: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const start = (): Promise<void> => {
    const trip: Promise<void> = roundTrip()
      .catch(() => undefined)
      .finally(() => {
        if (running === trip) running = null
      })
    running = trip
    return trip
  }
  return () => {
    if (!running) return start()
    next ??= running.then(() => {
      next = null
      return start()
    })
    return next
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
  // A handle with statements prepared is not a transaction (none is ever kept for one): drizzle's `is`, which walks
  // the prototype chain, runs once per handle rather than on every call (issue 17).
  let mine = preparedStatements.get(q)
  if (!mine) {
    if (is(q, PgTransaction)) return null
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

/** What a drizzle handle and its prepared statements carry (drizzle 0.45's fields, checked before use). */
interface SessionParts {
  client?: unknown
  logger?: unknown
  dialect?: object
}

/** Statements built once per database (its dialect: the handle and its transactions share it), by name. */
const transactionTemplates = new WeakMap<object, Map<string, unknown>>()

/**
 * A prepared statement that also serves transactions (issue 17: the profile save's statements run in one, and
 * drizzle building their SQL — the open order's fifty columns above all — was a large part of the save's CPU).
 * On the database handle it is `preparedOn`. In a transaction the statement is built once per database, on the
 * first transaction that asks, and each later transaction runs that statement on its own connection and counts it
 * with its own logger: the same SQL text, parameters and row mapping as building it anew, without the building
 * (and, on PostgreSQL, named, so each connection parses and plans it once). When the handle is not shaped as drizzle
 * 0.45 shapes it (a transaction without a session and its client), the statement is built for this transaction
 * alone, as drizzle would. `name` must be unique per statement; `build` must not depend on the handle beyond it.
 */
export function preparedIn<T extends object>(q: Queryable, name: string, build: (q: Queryable) => T): T {
  const direct = preparedOn(q, name, build as (db: Db) => T)
  if (direct) return direct
  const session = (q as unknown as { session?: SessionParts }).session
  const dialect = session?.dialect
  if (!session || session.client === undefined || !dialect) return build(q)
  let templates = transactionTemplates.get(dialect)
  if (!templates) {
    templates = new Map()
    transactionTemplates.set(dialect, templates)
  }
  const template = templates.get(name) as (T & SessionParts) | undefined
  if (!template) {
    const statement = build(q) as T & SessionParts
    // Only a statement that holds its connection as drizzle 0.45's prepared queries do can be lent to another.
    if (statement.client === session.client) templates.set(name, statement)
    return statement
  }
  if (template.client === session.client) return template
  return Object.create(template, {
    client: { value: session.client },
    logger: { value: session.logger },
  }) as T
}
