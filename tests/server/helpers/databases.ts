/**
 * The same server suite runs on every database: embedded PGlite always, PostgreSQL too when DATABASE_URL is set
 * (CI sets it). Each test file gets a fresh database — PGlite in memory, or on PostgreSQL a fresh schema
 * (search_path) dropped afterwards — so files run in parallel without seeing each other's rows.
 *
 * A fresh PGlite starts from a template: a database already initialised and migrated, dumped once to the system's
 * temporary directory (named by the migrations' checksums, so a changed migration makes a new one). That skips
 * PGlite's initdb, most of the cost of a fresh embedded database; the server's own migrate() then finds every
 * migration applied.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGliteOptions } from '@electric-sql/pglite'
import pg from 'pg'
import { describe } from 'vitest'
import { openDatabase, type Database, type DatabaseOptions } from '../../../server/db/client'
import { migrate, readMigrations } from '../../../server/db/migrate'

export interface DatabaseTarget {
  readonly name: 'pglite' | 'postgres'
  /** Options for a brand-new, empty database. */
  fresh(): DatabaseOptions
  /** Opens the database fresh() described (PGlite: from the migrated template). */
  open(opts: DatabaseOptions): Promise<Database>
  /** Opens it without any table, not even the migrations' (PGlite: a plain initdb). */
  openEmpty(opts: DatabaseOptions): Promise<Database>
  /** Removes what fresh() created (drops the PostgreSQL schema). */
  drop(opts: DatabaseOptions): Promise<void>
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))

let compiled: Promise<PGliteOptions> | null = null
/** PGlite's WebAssembly modules and file bundle, compiled once per test worker. */
function pgliteModules(): Promise<PGliteOptions> {
  compiled ??= (async () => {
    const file = (name: string) => readFile(path.join(pgliteDist, name))
    const [pglite, initdb, bundle] = await Promise.all([
      file('pglite.wasm'),
      file('initdb.wasm'),
      file('pglite.data'),
    ])
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite),
      initdbWasmModule: await WebAssembly.compile(initdb),
      fsBundle: new Blob([new Uint8Array(bundle)]),
    }
  })()
  return compiled
}

let template: Promise<Blob> | null = null
/** The migrated template database, from the temporary directory or made (and saved) now. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const pkg = JSON.parse(await readFile(path.join(pgliteDist, '..', 'package.json'), 'utf8')) as {
      version: string
    }
    const key = createHash('sha256')
      .update(pkg.version)
      .update(
        readMigrations()
          .map((m) => `${m.name}:${m.checksum}`)
          .join('\n'),
      )
      .digest('hex')
      .slice(0, 16)
    const file = path.join(tmpdir(), `kopa-pglite-template-${key}.tar`)
    if (existsSync(file)) return new Blob([new Uint8Array(await readFile(file))])
    const database = await openDatabase({ url: '', dataDir: ':memory:', pglite: await pgliteModules() })
    try {
      await migrate(database)
      const dump = await database.pglite!.dumpDataDir('none')
      // Written aside and renamed, so a worker never reads another's half-written template.
      const partial = `${file}.${randomBytes(4).toString('hex')}`
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
      await rename(partial, file)
      // Templates of older migration sets are of no further use (a reader that has one open keeps reading it).
      for (const other of await readdir(tmpdir())) {
        if (
          other.startsWith('kopa-pglite-template-') &&
          other.endsWith('.tar') &&
          path.join(tmpdir(), other) !== file
        ) {
          await rm(path.join(tmpdir(), other), { force: true })
        }
      }
      return dump
    } finally {
      await database.close()
    }
  })()
  return template
}

const pglite: DatabaseTarget = {
  name: 'pglite',
  fresh: () => ({ url: '', dataDir: ':memory:' }),
  open: async (opts) =>
    openDatabase({ ...opts, pglite: { ...(await pgliteModules()), loadDataDir: await pgliteTemplate() } }),
  openEmpty: async (opts) => openDatabase({ ...opts, pglite: await pgliteModules() }),
  drop: async () => undefined,
}

function postgres(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    fresh: () => ({
      url,
      dataDir: ':memory:',
      schema: `test_${randomBytes(6).toString('hex')}`,
      poolSize: 4,
    }),
    open: (opts) => openDatabase(opts),
    openEmpty: (opts) => openDatabase(opts),
    async drop(opts) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${opts.schema} CASCADE`)
      } finally {
        await client.end()
      }
    },
  }
}

export const DATABASE_TARGETS: readonly DatabaseTarget[] = process.env.DATABASE_URL
  ? [pglite, postgres(process.env.DATABASE_URL)]
  : [pglite]

/** describe() once per database target. */
export function describeOnEachDatabase(name: string, fn: (target: DatabaseTarget) => void): void {
  for (const target of DATABASE_TARGETS) describe(`${name} (${target.name})`, () => fn(target))
}

/** A fresh, migrated database and a function that closes and removes it. */
export async function freshDatabase(
  target: DatabaseTarget,
): Promise<{ database: Database; options: DatabaseOptions; dispose(): Promise<void> }> {
  const opts = target.fresh()
  const database = await target.open(opts)
  await migrate(database)
  return {
    database,
    options: opts,
    async dispose() {
      await database.close()
      await target.drop(opts)
    },
  }
}
