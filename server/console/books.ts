/**
 * The books in the console (issue 20 item 6), for finance and admins: the books check (server/money/check.ts, as
 * `npm run books` runs it) with its problems and figures, the settlement report per provider, day and direction
 * (server/money/settlement.ts), the journal's daily totals per account, and the receipts waiting in suspense — money
 * a provider moved that no single payment order accounts for, for a person to resolve. Days are UTC days, as the
 * providers' statements; amounts are minor units with their currency. Nothing here names a borrower: orders by
 * number, transfers by reference, receipts by the provider's receipt.
 */
import { sql } from 'drizzle-orm'
import {
  BOOKS_MAX_DAYS,
  type BooksPage,
  type BooksReportName,
  type DailyTotal,
  type SuspenseReceipt,
} from '../../domain/console'
import type { Queryable } from '../db/client'
import { rows } from '../db/client'
import { checkBooks } from '../money/check'
import { csvField } from './audit'
import { UNMATCHED_RECEIPT_KEY } from '../money/ledger'
import { settlementReport } from '../money/settlement'

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC days `from`..`to` (both included, YYYY-MM-DD) as instants: from (inclusive) to (exclusive). */
export function booksPeriod(from: string, to: string): { from: Date; to: Date } | null {
  const start = Date.parse(`${from}T00:00:00Z`)
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null
  if ((end - start) / DAY_MS > BOOKS_MAX_DAYS) return null
  return { from: new Date(start), to: new Date(end) }
}

/** What each account moved each UTC day of the period, per currency. */
export async function dailyTotals(q: Queryable, period: { from: Date; to: Date }): Promise<DailyTotal[]> {
  const found = await rows<{
    day: string
    account: string
    currency: string
    debit: string
    credit: string
    entries: string
  }>(
    q,
    sql`SELECT to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, l.account, e.currency,
               SUM(l.debit_minor)::text AS debit, SUM(l.credit_minor)::text AS credit,
               COUNT(DISTINCT e.id)::text AS entries
          FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
         WHERE e.at >= ${period.from.toISOString()}::timestamptz AND e.at < ${period.to.toISOString()}::timestamptz
         GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3`,
  )
  return found.map((r) => ({
    day: r.day,
    account: r.account,
    currency: r.currency,
    debitMinor: Number(r.debit),
    creditMinor: Number(r.credit),
    entries: Number(r.entries),
  }))
}

/** Every receipt booked to suspense because no single payment order accounts for it and not yet resolved, oldest first. */
export async function suspenseReceipts(q: Queryable): Promise<SuspenseReceipt[]> {
  const found = await rows<{ id: string; key: string; at: Date | string; currency: string; amount: string }>(
    q,
    sql`SELECT e.id::text AS id, e.unique_key AS key, e.at, e.currency,
               SUM(l.credit_minor - l.debit_minor)::text AS amount
          FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id AND l.account = 'suspense'
         WHERE e.unique_key LIKE ${`${UNMATCHED_RECEIPT_KEY}%`}
           AND NOT EXISTS (SELECT 1 FROM suspense_resolutions r WHERE r.entry_id = e.id)
         GROUP BY e.id, e.unique_key, e.at, e.currency
         ORDER BY e.at, e.id`,
  )
  return found.map((r) => {
    const [, provider = '', ...receipt] = r.key.split(':')
    return {
      id: Number(r.id),
      provider,
      receipt: receipt.join(':'),
      at: new Date(r.at).toISOString(),
      currency: r.currency,
      amountMinor: Number(r.amount),
    }
  })
}

/** The books page: the check as of `now`, and the period's settlement and daily totals. */
export async function booksPage(
  q: Queryable,
  now: Date,
  period: { from: Date; to: Date },
): Promise<BooksPage> {
  const [check, settlement, totals, suspense] = [
    await checkBooks(q, { now }),
    await settlementReport(q, period),
    await dailyTotals(q, period),
    await suspenseReceipts(q),
  ]
  return { now: now.toISOString(), check, settlement, totals, suspense }
}

/** A number as it is (a negative difference stays a number); text guarded as the audit export guards it. */
const cell = (value: string | number): string => (typeof value === 'number' ? String(value) : csvField(value))
const csv = (header: readonly string[], lines: readonly (string | number)[][]) =>
  [header.join(','), ...lines.map((line) => line.map(cell).join(','))].join('\r\n') + '\r\n'

/** One report of the page as CSV: the settlement rows, or the daily totals per account. */
export function booksCsv(page: BooksPage, report: BooksReportName): string {
  if (report === 'settlement')
    return csv(
      [
        'day',
        'provider',
        'direction',
        'currency',
        'provider_minor',
        'provider_count',
        'ledger_minor',
        'ledger_count',
        'difference_minor',
      ],
      page.settlement.rows.map((r) => [
        r.day,
        r.provider,
        r.direction,
        r.currency,
        r.providerMinor,
        r.providerCount,
        r.ledgerMinor,
        r.ledgerCount,
        r.differenceMinor,
      ]),
    )
  return csv(
    ['day', 'account', 'currency', 'debit_minor', 'credit_minor', 'entries'],
    page.totals.map((r) => [r.day, r.account, r.currency, r.debitMinor, r.creditMinor, r.entries]),
  )
}
