/**
 * The settlement report: per provider, UTC day, currency and direction, what the provider says moved against
 * what our ledger booked through that provider's clearing account — the figures to hold against a provider's
 * statement (docs/operations.md "Money").
 *
 *   provider side  for the sandbox, its own book (sandbox_transfers: outcome succeeded or reversed, by
 *                  completes_at, its amount); for any other provider, the transfers it confirmed (succeeded or
 *                  reversed, by completed_at, moved_minor);
 *   ledger side    the movement entries (linked to a transfer, key movement:<reference>), by the entry's `at`:
 *                  credits to clearing.<p>.payout for pay-outs, debits to clearing.<p>.collection for
 *                  collections (a legacy walletClearing line counts for its transfer's provider and direction).
 *
 * Reversals are not netted: a reversed transfer counts once, as the movement it was, on both sides. A movement
 * the provider made just before midnight and we booked just after shows as a difference on both days; a lasting
 * difference is what checkBooks names transfer by transfer. A sandbox movement with no transfer of ours has no
 * currency we know of ('').
 */
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rows } from '../db/client'

export type SettlementDirection = 'payout' | 'collection'

export interface SettlementRow {
  /** UTC day, YYYY-MM-DD. */
  day: string
  provider: string
  direction: SettlementDirection
  currency: string
  /** What the provider moved, minor units. */
  providerMinor: number
  providerCount: number
  /** What the ledger booked through the provider's clearing account, minor units. */
  ledgerMinor: number
  ledgerCount: number
  /** providerMinor − ledgerMinor. */
  differenceMinor: number
}

export interface SettlementReport {
  /** The period, from (inclusive) to (exclusive), as ISO timestamps. */
  from: string
  to: string
  rows: SettlementRow[]
  /** Rows whose difference is not zero. */
  differences: number
}

interface Sum {
  day: string
  provider: string
  direction: SettlementDirection
  currency: string | null
  amount: string
  count: string
}

/** Movements from `from` (inclusive) to `to` (exclusive), sorted by day, provider, direction and currency. */
export async function settlementReport(
  q: Queryable,
  period: { from: Date; to: Date },
): Promise<SettlementReport> {
  const from = sql`${period.from.toISOString()}::timestamptz`
  const to = sql`${period.to.toISOString()}::timestamptz`
  const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`)

  const sandbox = await rows<Sum>(
    q,
    sql`SELECT ${day('sb.completes_at')} AS day, 'sandbox' AS provider, sb.kind AS direction,
               t.currency, SUM(sb.amount_minor)::text AS amount, COUNT(*)::text AS count
        FROM sandbox_transfers sb LEFT JOIN payment_transfers t ON t.reference = sb.reference
        WHERE sb.outcome IN ('succeeded', 'reversed') AND sb.completes_at >= ${from} AND sb.completes_at < ${to}
        GROUP BY 1, 3, 4`,
  )
  const confirmed = await rows<Sum>(
    q,
    sql`SELECT ${day('t.completed_at')} AS day, t.provider, t.kind AS direction, t.currency,
               SUM(COALESCE(t.moved_minor, t.amount_minor))::text AS amount, COUNT(*)::text AS count
        FROM payment_transfers t
        WHERE t.provider <> 'sandbox' AND t.state IN ('succeeded', 'reversed')
          AND t.completed_at >= ${from} AND t.completed_at < ${to}
        GROUP BY 1, 2, 3, 4`,
  )
  const ledger = await rows<Sum>(
    q,
    sql`SELECT day, provider, direction, currency,
               SUM(CASE WHEN direction = 'payout' THEN credit_minor - debit_minor
                        ELSE debit_minor - credit_minor END)::text AS amount,
               COUNT(DISTINCT entry_id)::text AS count
        FROM (
          SELECT ${day('e.at')} AS day, e.id AS entry_id, e.currency, l.debit_minor, l.credit_minor,
                 CASE WHEN l.account LIKE 'clearing.%' THEN split_part(l.account, '.', 2) ELSE t.provider END
                   AS provider,
                 CASE WHEN l.account LIKE 'clearing.%' THEN split_part(l.account, '.', 3) ELSE t.kind END
                   AS direction
          FROM journal_entries e
          JOIN payment_transfers t ON t.id = e.transfer_id
          JOIN journal_lines l ON l.entry_id = e.id
          WHERE e.unique_key LIKE 'movement:%' AND (l.account LIKE 'clearing.%' OR l.account = 'walletClearing')
            AND e.at >= ${from} AND e.at < ${to}
        ) m
        GROUP BY day, provider, direction, currency`,
  )

  const byKey = new Map<string, SettlementRow>()
  const rowOf = (s: Sum): SettlementRow => {
    const currency = s.currency ?? ''
    const key = [s.day, s.provider, s.direction, currency].join('\u0000')
    let row = byKey.get(key)
    if (!row) {
      row = {
        day: s.day,
        provider: s.provider,
        direction: s.direction,
        currency,
        providerMinor: 0,
        providerCount: 0,
        ledgerMinor: 0,
        ledgerCount: 0,
        differenceMinor: 0,
      }
      byKey.set(key, row)
    }
    return row
  }
  for (const s of [...sandbox, ...confirmed]) {
    const row = rowOf(s)
    row.providerMinor += Number(s.amount)
    row.providerCount += Number(s.count)
  }
  for (const s of ledger) {
    const row = rowOf(s)
    row.ledgerMinor += Number(s.amount)
    row.ledgerCount += Number(s.count)
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const result = [...byKey.values()]
    .map((r) => ({ ...r, differenceMinor: r.providerMinor - r.ledgerMinor }))
    .sort(
      (a, b) =>
        order(a.day, b.day) ||
        order(a.provider, b.provider) ||
        order(a.direction, b.direction) ||
        order(a.currency, b.currency),
    )
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    rows: result,
    differences: result.filter((r) => r.differenceMinor !== 0).length,
  }
}
