/**
 * A read cache kept only while the database can say that what it holds changed (issue 17). Whatever changes the
 * cached tables — a handler on this instance or another, a job, SQL by hand — makes the database announce it
 * (a statement trigger's NOTIFY with the schema as payload, as for the clock: migrations 0007 and 0011), and every
 * listening instance forgets everything it kept. On this instance, a write that must be seen by the very next
 * request runs through `write()`: once committed, everything is forgotten at once, and the answer waits until
 * this instance heard its own notice (Watch.heardAll) and a moment more, so the other instances, sent theirs at the
 * same commit, have read them too.
 *
 * What makes a value current:
 * - nothing is kept while the notices cannot be heard (no watch, or its connection lost): every `get` reads;
 * - a read that began before a notice (or a `write()` ended) does not keep what it read: it may be the old value;
 * - every entry is also forgotten after `ttlMs` and the oldest go beyond `maxEntries`.
 *
 * Values are shared between requests: they must not be changed by whoever receives them.
 */
import { is } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Queryable, Watch, WriteListener } from './db/client'

/**
 * The tables the server's read cache keeps rows of (what the hot reads read): each has the statement trigger of
 * migration 0011, and a write of this instance to any of them forgets everything.
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
  /** The value of `key`: kept, or read with `load` (and kept if nothing changed meanwhile). */
  get<V>(key: string, load: () => Promise<V>): Promise<V>
  /** Forgets every value now (a write of this instance committed). */
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
  /** Times everything was forgotten since the start: notices and this instance's own writes (the benchmark). */
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
  /** How the cache hears that its tables changed (Database.listen on its channel). */
  watch?: (onChanged: () => void) => Promise<Watch>
  /**
   * How the cache hears that this instance wrote (Database.onWrite): forgets at once when the write touched one of
   * `tables` (or tables it could not tell). Returns the unsubscribe.
   */
  local?: (onWrite: WriteListener) => () => void
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
  const kept = new Map<string, { value: unknown; at: number }>()
  const tables = new Set(opts.tables ?? CACHED_TABLES)
  let changes = 0
  let notices = 0
  let localWrites = 0
  let watch: Watch | null = null

  const forget = () => {
    changes += 1
    kept.clear()
  }
  const onChanged = () => {
    notices += 1
    forget()
  }

  let unsubscribe: (() => void) | null = null
  const settle = async () => {
    if (!watch?.live()) return
    await watch.heardAll()
    await new Promise<void>((resolve) => setTimeout(resolve, NOTICE_GRACE_MS))
  }
  const forgetLocal = () => {
    localWrites += 1
    forget()
  }

  return {
    async get<V>(key: string, load: () => Promise<V>): Promise<V> {
      if (!watch?.live()) return load()
      const entry = kept.get(key)
      if (entry && now() - entry.at < ttlMs) return entry.value as V
      const began = changes
      const value = await load()
      if (changes === began && watch?.live()) {
        kept.delete(key)
        if (kept.size >= maxEntries) {
          const oldest = kept.keys().next()
          if (!oldest.done) kept.delete(oldest.value)
        }
        kept.set(key, { value, at: now() })
      }
      return value
    },
    invalidate: forget,
    async write(fn) {
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await fn()
      } finally {
        forget()
      }
      // Answer once this instance heard the write's notice, and a moment later: the other instances, listening to the
      // same database, were sent theirs at the same commit.
      await settle()
      return result
    },
    async start() {
      if (!opts.watch || watch) return
      unsubscribe =
        opts.local?.((written) => {
          if (written === null) return forgetLocal()
          for (const table of written) if (tables.has(table)) return forgetLocal()
        }) ?? null
      watch = await opts.watch(onChanged)
    },
    async stop() {
      const w = watch
      watch = null
      unsubscribe?.()
      unsubscribe = null
      forget()
      await w?.stop()
    },
    size: () => kept.size,
    notices: () => notices,
    forgets: () => changes,
    localWrites: () => localWrites,
    settle,
  }
}

const caches = new WeakMap<object, NoticeCache>()

/** Makes `cache` the read cache of the database handle `db` (the server's; cachedOn reads through it). */
export function attachCache(db: Queryable, cache: NoticeCache): void {
  // A transaction always reads the database (cachedOn): it is never given a cache.
  if (is(db, PgTransaction)) throw new Error('A transaction cannot have a read cache')
  caches.set(db, cache)
}

/**
 * A read through the cache of the handle `q`, or straight from the database: inside a transaction (whoever reads
 * there decides or writes, and must see its own writes and hold its locks), or on a handle without a cache.
 * `key` names the statement and its arguments; the value must not be changed by its readers (it is frozen).
 */
export function cachedOn<V>(q: Queryable, key: string, load: () => Promise<V>): Promise<V> {
  // Only a database handle has a cache (attachCache refuses a transaction), so a transaction always reads.
  const cache = caches.get(q)
  if (!cache) return load()
  return cache.get(key, async () => freeze(await load()))
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
