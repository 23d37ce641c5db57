/**
 * A read cache kept only while the database can say that what it holds changed (issue 17). Whatever changes the
 * cached tables — a handler on this instance or another, a job, SQL by hand — makes the database announce which
 * table changed (a statement trigger's NOTIFY with the schema and the table as payload: migrations 0011 and 0018),
 * and every listening instance forgets what it kept of that table. On this instance, a write is forgotten the moment
 * it commits (Database.onWrite names the tables its statements wrote); a write that must be seen by the very next
 * request on any instance runs through `write()`: once committed, everything is forgotten at once, and the answer
 * waits until this instance heard its own notice (Watch.heardAll) and a moment more, so the other instances, sent
 * theirs at the same commit, have read them too.
 *
 * Each value names the tables its statement read (`cachedOn(q, key, [sessions, users], load)`), and is forgotten
 * when any of them changes, or a table whose rows a change there reaches by a foreign key's action (`ON DELETE
 * CASCADE`, `SET NULL`…: read from the database's catalog at the start, so deleting a borrower forgets their
 * sessions). A statement whose table cannot be told, a notice without a table, a lost connection: everything.
 *
 * What makes a value current:
 * - nothing is kept while the notices cannot be heard (no watch, or its connection lost): every `get` reads;
 * - a read that began before a change to one of its tables (or a `write()` ended) does not keep what it read: it
 *   may be the old value;
 * - every entry is also forgotten after `ttlMs` and the oldest go beyond `maxEntries`.
 *
 * Nothing but a foreign key's action may change a cached table's rows as a side effect of a statement on another
 * table (no trigger writes them): the write would name only the other table.
 *
 * Values are shared between requests: they must not be changed by whoever receives them.
 */
import { getTableName, is, sql, type Table } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Queryable, Watch, WriteListener } from './db/client'

/**
 * The tables the server's read cache keeps rows of (what the hot reads read): each has the statement trigger of
 * migration 0011, and a write to one forgets the values read from it.
 */
export const CACHED_TABLES: readonly string[] = [
  'users',
  'sessions',
  'profiles',
  'wallet_accounts',
  'loan_orders',
  'loan_order_events',
  'payment_transfers',
]

export interface NoticeCache {
  /**
   * The value of `key`, read from `tables` (all of them among the cached tables): kept, or read with `load` (and
   * kept if none of them changed meanwhile).
   */
  get<V>(key: string, tables: readonly string[], load: () => Promise<V>): Promise<V>
  /** Forgets every value now. */
  invalidate(): void
  /**
   * Runs a write the next request must see, on any instance: once it returns (committed), forgets every value, then
   * waits for the database's notice of it (which the other instances were sent at the same commit) and a moment
   * more. A write that throws committed nothing the caller relies on: everything is forgotten, nothing awaited.
   */
  write<T>(fn: () => Promise<T>): Promise<T>
  /** Starts hearing the notices (without it nothing is kept). */
  start(): Promise<void>
  stop(): Promise<void>
  /** Values kept now (tests, ops). */
  size(): number
  /** Notices heard since the start (tests: a change made elsewhere has reached this instance). */
  notices(): number
  /** Times something was forgotten since the start: notices and this instance's own writes (the benchmark). */
  forgets(): number
  /** Writes of this instance to the cached tables committed since the start (whether a request wrote). */
  localWrites(): number
  /**
   * Waits until the other instances have heard every change this instance committed so far: its own notices heard,
   * and a moment more (what `write()` does after its write). A request that wrote answers only after it, so the
   * client's next call, on whichever instance, reads what it wrote.
   */
  settle(): Promise<void>
}

export interface NoticeCacheOptions {
  /** How the cache hears that its tables changed (Database.listen on its channel): the table, or null for any. */
  watch?: (onChanged: (table: string | null) => void) => Promise<Watch>
  /**
   * How the cache hears that this instance wrote (Database.onWrite): forgets at once what was read from the tables
   * written (or everything, for tables it could not tell). Returns the unsubscribe.
   */
  local?: (onWrite: WriteListener) => () => void
  /**
   * The foreign keys whose action changes a table's rows when another's change, as [parent, child] (cascadesOf):
   * read when the cache starts. Without it a change forgets only its own table's values.
   */
  cascades?: () => Promise<Iterable<readonly [string, string]>>
  /** The tables whose rows are kept (default CACHED_TABLES). */
  tables?: readonly string[]
  /** At most this many values (default 10,000); the oldest go first. */
  maxEntries?: number
  /** A value is read again after this long at the latest (default 60 s): a bound on anything missed. */
  ttlMs?: number
  /** Monotonic milliseconds (tests). */
  nowMs?: () => number
}

/** How long write() waits after its own notice before answering (as the clock's advance). */
const NOTICE_GRACE_MS = 10

export function createNoticeCache(opts: NoticeCacheOptions = {}): NoticeCache {
  const maxEntries = opts.maxEntries ?? 10_000
  const ttlMs = opts.ttlMs ?? 60_000
  const now = opts.nowMs ?? (() => performance.now())
  const kept = new Map<string, { value: unknown; at: number; tables: readonly string[] }>()
  /** The keys kept of each table. */
  const byTable = new Map<string, Set<string>>()
  const tables = new Set(opts.tables ?? CACHED_TABLES)
  /** The cached tables a change to a table reaches (itself and its foreign keys' actions, transitively). */
  let reach = (table: string): readonly string[] => (tables.has(table) ? [table] : [])
  // Generations: of everything, and of each table; a read keeps its value only if the sum over its tables is the
  // same when it ends as when it began (they only grow, so an equal sum means none moved).
  let everything = 0
  const generation = new Map<string, number>()
  let changes = 0
  let notices = 0
  let localWrites = 0
  let watch: Watch | null = null

  const stamp = (of: readonly string[]) => {
    let sum = everything
    for (const t of of) sum += generation.get(t) ?? 0
    return sum
  }
  const remove = (key: string) => {
    const entry = kept.get(key)
    if (!entry) return
    kept.delete(key)
    for (const t of entry.tables) byTable.get(t)?.delete(key)
  }
  const forgetAll = () => {
    changes += 1
    everything += 1
    kept.clear()
    byTable.clear()
  }
  /** Forgets what was read from the tables a change to `written` reaches; whether any was. */
  const forgetTables = (written: Iterable<string>): boolean => {
    const reached = new Set<string>()
    for (const w of written) for (const t of reach(w)) reached.add(t)
    if (reached.size === 0) return false
    changes += 1
    for (const t of reached) {
      generation.set(t, (generation.get(t) ?? 0) + 1)
      const keys = byTable.get(t)
      if (keys) for (const key of [...keys]) remove(key)
    }
    return true
  }
  const onChanged = (table: string | null) => {
    notices += 1
    if (table === null) forgetAll()
    else forgetTables([table])
  }

  let unsubscribe: (() => void) | null = null
  const settle = async () => {
    if (!watch?.live()) return
    await watch.heardAll()
    await new Promise<void>((resolve) => setTimeout(resolve, NOTICE_GRACE_MS))
  }

  return {
    async get<V>(key: string, of: readonly string[], load: () => Promise<V>): Promise<V> {
      for (const t of of) if (!tables.has(t)) throw new Error(`The read cache hears no changes of table ${t}`)
      if (!watch?.live()) return load()
      const entry = kept.get(key)
      if (entry && now() - entry.at < ttlMs) return entry.value as V
      const began = stamp(of)
      const value = await load()
      if (stamp(of) === began && watch?.live()) {
        remove(key)
        if (kept.size >= maxEntries) {
          const oldest = kept.keys().next()
          if (!oldest.done) remove(oldest.value)
        }
        kept.set(key, { value, at: now(), tables: of })
        for (const t of of) {
          let keys = byTable.get(t)
          if (!keys) byTable.set(t, (keys = new Set()))
          keys.add(key)
        }
      }
      return value
    },
    invalidate: forgetAll,
    async write(fn) {
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await fn()
      } finally {
        forgetAll()
      }
      // Answer once this instance heard the write's notice, and a moment later: the other instances, listening to the
      // same database, were sent theirs at the same commit.
      await settle()
      return result
    },
    async start() {
      if (!opts.watch || watch) return
      if (opts.cascades) reach = reachOf(tables, await opts.cascades())
      unsubscribe =
        opts.local?.((written) => {
          if (written === null) {
            localWrites += 1
            forgetAll()
          } else if (forgetTables(written)) localWrites += 1
        }) ?? null
      watch = await opts.watch(onChanged)
    },
    async stop() {
      const w = watch
      watch = null
      unsubscribe?.()
      unsubscribe = null
      forgetAll()
      await w?.stop()
    },
    size: () => kept.size,
    notices: () => notices,
    forgets: () => changes,
    localWrites: () => localWrites,
    settle,
  }
}

/** For each table, the cached tables a change to it reaches: itself, and by foreign keys' actions, transitively. */
export function reachOf(
  cached: ReadonlySet<string>,
  cascades: Iterable<readonly [string, string]>,
): (table: string) => readonly string[] {
  const children = new Map<string, string[]>()
  for (const [parent, child] of cascades) children.set(parent, [...(children.get(parent) ?? []), child])
  const known = new Map<string, readonly string[]>()
  return (table) => {
    let found = known.get(table)
    if (found) return found
    const seen = new Set([table])
    const queue = [table]
    while (queue.length) {
      for (const child of children.get(queue.shift()!) ?? []) {
        if (seen.has(child)) continue
        seen.add(child)
        queue.push(child)
      }
    }
    found = [...seen].filter((t) => cached.has(t))
    known.set(table, found)
    return found
  }
}

/**
 * The foreign keys of the current schema whose action changes the referencing rows when the referenced ones change
 * (`CASCADE`, `SET NULL`, `SET DEFAULT` on delete or update), as [referenced table, referencing table].
 */
export async function cascadesOf(q: Queryable): Promise<[string, string][]> {
  const result = await q.execute<{ parent: string; child: string }>(sql`
    SELECT parent.relname AS parent, child.relname AS child
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    WHERE c.contype = 'f'
      AND child.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
      AND (c.confdeltype IN ('c', 'n', 'd') OR c.confupdtype IN ('c', 'n', 'd'))`)
  return (result as unknown as { rows: { parent: string; child: string }[] }).rows.map((r) => [
    r.parent,
    r.child,
  ])
}

const caches = new WeakMap<object, NoticeCache>()

/** Makes `cache` the read cache of the database handle `db` (the server's; cachedOn reads through it). */
export function attachCache(db: Queryable, cache: NoticeCache): void {
  // A transaction always reads the database (cachedOn): it is never given a cache.
  if (is(db, PgTransaction)) throw new Error('A transaction cannot have a read cache')
  caches.set(db, cache)
}

/** The names of tables, kept per list (a call site passes the same array each time). */
const tableNames = new WeakMap<readonly Table[], readonly string[]>()

/**
 * A read through the cache of the handle `q`, or straight from the database: inside a transaction (whoever reads
 * there decides or writes, and must see its own writes and hold its locks), or on a handle without a cache.
 * `key` names the statement and its arguments, `tables` every table the statement reads (its value is forgotten
 * when one changes); the value must not be changed by its readers (it is frozen).
 */
export function cachedOn<V>(
  q: Queryable,
  key: string,
  tables: readonly Table[],
  load: () => Promise<V>,
): Promise<V> {
  // Only a database handle has a cache (attachCache refuses a transaction), so a transaction always reads.
  const cache = caches.get(q)
  if (!cache) return load()
  let names = tableNames.get(tables)
  if (!names) tableNames.set(tables, (names = tables.map((t) => getTableName(t))))
  return cache.get(key, names, async () => freeze(await load()))
}

/** Freezes a value read from the database (arrays and plain objects, one level down; Dates are left as they are). */
function freeze<V>(value: V): V {
  if (Array.isArray(value)) {
    for (const item of value) freeze(item)
    return Object.freeze(value)
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.values(value)) {
      if (inner && typeof inner === 'object' && !(inner instanceof Date) && !Object.isFrozen(inner))
        Object.freeze(inner)
    }
    return Object.freeze(value)
  }
  return value
}
