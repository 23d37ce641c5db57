/**
 * `npm run books`: the books check and the settlement report, for an operator, against the database the server
 * uses (DATABASE_URL and DATABASE_SCHEMA for PostgreSQL, else the PGlite directory under KOPA_DATA_DIR, default
 * ./data — docs/operations.md "Configuration"). Read-only: it never migrates nor writes.
 *
 *   npm run books                                    problems, figures, then the last 7 days' settlement
 *   npm run books -- --from 2026-03-01 --to 2026-03-07   the settlement of those UTC days (both included)
 *   npm run books -- --json                          the whole report as JSON
 *
 * "Now" is the server's clock: the system clock, plus the shared offset (clock_state) outside production.
 * Exit status: 0 the books agree, 1 the check found problems, 2 it could not run (bad arguments, no database,
 * migrations not applied). The output names orders, transfers and entries only: no phone number, no name.
 */
import { pathToFileURL } from 'node:url'
import { createClock } from '../server/clock'
import type { Database } from '../server/db/client'
import { checkBooks, type BooksReport } from '../server/money/check'
import { settlementReport, type SettlementReport } from '../server/money/settlement'
import { expectMigrated, openConfigured } from './operator-db'

const DAY_MS = 24 * 60 * 60 * 1000
const DATE = /^\d{4}-\d{2}-\d{2}$/

export interface BooksArgs {
  json: boolean
  /** First UTC day of the settlement report, YYYY-MM-DD. */
  from?: string
  /** Last UTC day of the settlement report (included), YYYY-MM-DD. */
  to?: string
}

export interface BooksOutput {
  /** The server's clock when the check ran. */
  now: string
  database: 'pglite' | 'postgres'
  books: BooksReport
  settlement: SettlementReport
}

class UsageError extends Error {}
/** The database cannot be checked as it is (missing, in memory, not migrated). */

const USAGE = 'usage: npm run books -- [--json] [--from YYYY-MM-DD] [--to YYYY-MM-DD]'

export function parseArgs(argv: readonly string[]): BooksArgs {
  const args: BooksArgs = { json: false }
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split('=', 2) : [arg, undefined]
    if (name === '--json') args.json = true
    else if (name === '--from' || name === '--to') {
      const value = inline ?? argv[(i += 1)]
      if (!value || !DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        throw new UsageError(`${name} needs a date YYYY-MM-DD`)
      args[name === '--from' ? 'from' : 'to'] = value
    } else throw new UsageError(`unknown argument ${arg}`)
  }
  if (args.from && args.to && args.from > args.to) throw new UsageError('--from is after --to')
  return args
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`)
const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The settlement period: the UTC days asked for, both included, by default the last 7 (today and the 6 before),
 * never past `now` (the sandbox books movements that complete later).
 */
export function periodOf(args: BooksArgs, now: Date): { from: Date; to: Date } {
  const lastDay = args.to ?? dayOf(now)
  const firstDay = args.from ?? dayOf(new Date(startOfDay(lastDay).getTime() - 6 * DAY_MS))
  const end = new Date(startOfDay(lastDay).getTime() + DAY_MS)
  return { from: startOfDay(firstDay), to: end < now ? end : now }
}

/** Runs both reports on an open database at the server's clock. */
export async function runBooks(database: Database, args: BooksArgs, now: Date): Promise<BooksOutput> {
  const books = await checkBooks(database.db, { now })
  const settlement = await settlementReport(database.db, periodOf(args, now))
  return { now: now.toISOString(), database: database.kind, books, settlement }
}

const amounts = (byCurrency: Record<string, number>) => {
  const parts = Object.entries(byCurrency).map(([currency, minor]) => `${currency} ${minor}`)
  return parts.length ? parts.join(', ') : '0'
}

function table(header: string[], body: string[][], right: ReadonlySet<number>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)]
}

/** The human-readable report: problems first, then figures, then the settlement table. */
export function formatBooks(out: BooksOutput): string {
  const { books, settlement } = out
  const lines: string[] = [
    `Kopa books (${out.database}) at ${out.now}, server clock`,
    `${books.entries} journal entries, ${books.orders} orders, ${books.transfers} transfers`,
    '',
  ]
  if (books.problems.length === 0) lines.push('Problems: none, the books agree.')
  else {
    lines.push(`Problems (${books.problems.length}):`)
    for (const p of books.problems) lines.push(`  - ${p}`)
  }
  const f = books.figures
  lines.push(
    '',
    'Figures (amounts in minor units):',
    `  suspense (moved, not applied)         ${amounts(f.suspenseMinor)}`,
    `  refund due (owed back to payers)      ${amounts(f.refundDueMinor)}`,
    `  provider answers unmatched            ${f.observationsUnmatched}`,
    `  receipts in suspense (no one order)   ${f.receiptsInSuspense}`,
    `  provider answers that failed to apply ${f.observationsError}`,
    `  transfers expired, unresolved         ${f.transfersExpired}`,
    `  open transfers past their window      ${f.transfersOverdue}`,
    '',
    `Settlement ${settlement.from} to ${settlement.to} (UTC days, minor units):`,
  )
  if (settlement.rows.length === 0) lines.push('  no movements')
  else {
    const body = settlement.rows.map((r) => [
      r.day,
      r.provider,
      r.direction,
      r.currency || '?',
      `${r.providerMinor} (${r.providerCount})`,
      `${r.ledgerMinor} (${r.ledgerCount})`,
      String(r.differenceMinor),
    ])
    const header = ['day', 'provider', 'direction', 'currency', 'provider (n)', 'ledger (n)', 'difference']
    for (const l of table(header, body, new Set([4, 5, 6]))) lines.push(`  ${l}`)
    if (settlement.differences > 0)
      lines.push(
        `  ${settlement.differences} row(s) differ: a movement near midnight is booked the next day; ` +
          'any other difference is in the problems above',
      )
  }
  return lines.join('\n')
}

/** The command: returns the exit status (0 agree, 1 problems, 2 could not run). */
export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  print: (text: string) => void = (text) => console.log(text),
  printError: (text: string) => void = (text) => console.error(text),
): Promise<number> {
  let database: Database | null = null
  try {
    const args = parseArgs(argv)
    const opened = await openConfigured(env)
    database = opened.database
    await expectMigrated(database)
    const clock = createClock(database.db, { adjustable: !opened.production })
    await clock.sync()
    const out = await runBooks(database, args, clock.now())
    print(args.json ? JSON.stringify(out, null, 2) : formatBooks(out))
    return out.books.ok ? 0 : 1
  } catch (err) {
    if (err instanceof UsageError) printError(`books: ${err.message}\n${USAGE}`)
    else printError(`books: ${err instanceof Error ? err.message : String(err)}`)
    return 2
  } finally {
    await database?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
