/**
 * The books check: proves that our journal, our transfers and the provider's own book tell the same story.
 * Used after every lifecycle test, by `npm run books` (scripts/books.ts) and GET /dev/books; docs/operations.md
 * "Money" lists every check. Each problem is one short line naming an order number, a transfer reference or an
 * entry id — never a phone number or a name.
 *
 *   a. the journal: every entry balances and has at least two lines, the whole book sums to zero, and no line
 *      names another order than its entry;
 *   b. each order: principal, interest and penalty due on its row = its receivable accounts = its LoanState, and
 *      `repaid_minor` = what its repayment entries credited to its receivables;
 *   c. transfers ↔ journal: a succeeded transfer is booked by exactly one entry (transfer_id = it, key
 *      movement:<reference>) whose line on its clearing account (clearing.<provider>.payout credited for a
 *      pay-out, .collection debited for a collection) is exactly what the provider confirmed moved (moved_minor);
 *      a reversed one has that and exactly one reversal:<reference> entry turning it around; a transfer in any
 *      other state has no entry. Every line on a clearing.* account belongs to an entry booking a transfer of
 *      that provider and direction; an entry linked to a transfer carries that transfer's key;
 *   d. the provider's side (the sandbox's book, sandbox_transfers): every movement it made (succeeded or
 *      reversed, completed by now − providerGraceMs) is a transfer of ours, succeeded or reversed and booked; and
 *      every transfer of ours that moved money at the sandbox is in its book, with the same amount and outcome;
 *   e. a loan is paid out at most once (one succeeded or reversed disbursal).
 * Figures (not problems): suspense and refund-due balances per currency, provider answers we could not match or
 * apply, transfers that expired unresolved, and open transfers past their window.
 *
 * `walletClearing` (books written before migration 0004) counts as the clearing account of an unknown provider:
 * a movement entry may book onto it, and its lines need no transfer.
 *
 * A few set-based queries, whatever the size of the book: only the rows that show a problem come back (the
 * orders, checked against their LoanState, are the exception).
 */
import { sql } from 'drizzle-orm'
import { balanceOf, type LoanState } from '../../domain/pricing'
import type { Queryable } from '../db/client'
import { rows } from '../db/client'

export interface BooksOptions {
  /** The server's clock (tests move it far ahead of the system clock). Default: the system clock. */
  now?: Date
  /**
   * How long after the sandbox completes a movement we may still be waiting for its callback before the
   * movement counts as unbooked. Default 0.
   */
  providerGraceMs?: number
}

export interface BooksFigures {
  /** Balance of `suspense` per currency (debit positive): money that moved and waits for a person. */
  suspenseMinor: Record<string, number>
  /** What we owe payers per currency (`refundDue`, credit positive). */
  refundDueMinor: Record<string, number>
  /** Provider answers no transfer matched (yet). */
  observationsUnmatched: number
  /**
   * Receipts booked to suspense because no single payment order accounts for them (unmatched:<provider>:<receipt>,
   * server/money/ledger.ts) and not yet resolved from the console (suspense_resolutions): each waits for ops.
   */
  receiptsInSuspense: number
  /** Provider answers whose application failed. */
  observationsError: number
  /** Transfers that expired without a final word from the provider (reconciliation keeps asking). */
  transfersExpired: number
  /** Transfers still open (requested, submitted, accepted) after their window passed. */
  transfersOverdue: number
}

export interface BooksReport {
  ok: boolean
  /** Journal entries. */
  entries: number
  /** Loan orders checked. */
  orders: number
  /** Payment transfers checked. */
  transfers: number
  problems: string[]
  figures: BooksFigures
}

interface OrderRow {
  order_no: string
  principal_due_minor: string | number
  interest_due_minor: string | number
  penalty_due_minor: string | number
  repaid_minor: string | number
  loan: LoanState | null
  principal: string | null
  interest: string | null
  penalty: string | null
  repaid_journal: string | null
}

interface TransferRow {
  reference: string
  kind: 'payout' | 'collection'
  provider: string
  state: string
  moved: string
  entries: string
  movements: string
  movement_clearing: string | null
  reversals: string
  reversal_clearing: string | null
  sandbox_outcome: string | null
  sandbox_amount: string | null
}

const n = (v: string | number | null | undefined) => Number(v ?? 0)
const MOVED = new Set(['succeeded', 'reversed'])
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export async function checkBooks(q: Queryable, opts: BooksOptions = {}): Promise<BooksReport> {
  const now = opts.now ?? new Date()
  const cutoff = new Date(now.getTime() - (opts.providerGraceMs ?? 0))
  const nowSql = sql`${now.toISOString()}::timestamptz`
  const cutoffSql = sql`${cutoff.toISOString()}::timestamptz`
  const problems: string[] = []

  // ---------------------------------------------------------------------------------------- a. the journal
  const unbalanced = await rows<{ entry_id: string; debits: string; credits: string; lines: string }>(
    q,
    sql`SELECT e.id::text AS entry_id, COALESCE(SUM(l.debit_minor), 0)::text AS debits,
               COALESCE(SUM(l.credit_minor), 0)::text AS credits, COUNT(l.id)::text AS lines
        FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
        GROUP BY e.id
        HAVING COALESCE(SUM(l.debit_minor), 0) <> COALESCE(SUM(l.credit_minor), 0) OR COUNT(l.id) < 2
        ORDER BY e.id`,
  )
  for (const u of unbalanced) {
    problems.push(`entry ${u.entry_id}: debits ${u.debits}, credits ${u.credits}, ${u.lines} line(s)`)
  }

  const [totals] = await rows<{
    entries: string
    transfers: string
    total: string | null
    stray_lines: string
    unmatched: string
    in_suspense: string
    errors: string
    expired: string
    overdue: string
  }>(
    q,
    sql`SELECT (SELECT COUNT(*) FROM journal_entries)::text AS entries,
               (SELECT COUNT(*) FROM payment_transfers)::text AS transfers,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines)::text AS total,
               (SELECT COUNT(*) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                 WHERE l.order_id IS DISTINCT FROM e.order_id)::text AS stray_lines,
               (SELECT COUNT(*) FROM payment_observations WHERE outcome = 'unmatched')::text AS unmatched,
               (SELECT COUNT(*) FROM journal_entries WHERE unique_key LIKE 'unmatched:%'
                 AND id NOT IN (SELECT entry_id FROM suspense_resolutions))::text AS in_suspense,
               (SELECT COUNT(*) FROM payment_observations WHERE outcome = 'error')::text AS errors,
               (SELECT COUNT(*) FROM payment_transfers WHERE state = 'expired')::text AS expired,
               (SELECT COUNT(*) FROM payment_transfers
                 WHERE state IN ('requested', 'submitted', 'accepted') AND expires_at < ${nowSql})::text AS overdue`,
  )
  if (n(totals?.total) !== 0) problems.push(`the book does not sum to zero: ${totals?.total}`)
  if (n(totals?.stray_lines) > 0)
    problems.push(`${n(totals?.stray_lines)} journal line(s) name another order than their entry`)

  // ---------------------------------------------------------------------------------------- b. each order
  const orders = await rows<OrderRow>(
    q,
    sql`SELECT o.order_no, o.principal_due_minor, o.interest_due_minor, o.penalty_due_minor, o.repaid_minor, o.loan,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.principal')::text AS principal,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.interest')::text AS interest,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.penalty')::text AS penalty,
               (SELECT SUM(l.credit_minor) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                 WHERE e.order_id = o.id AND e.kind = 'repayment' AND l.account LIKE 'receivable.%')::text
                 AS repaid_journal
        FROM loan_orders o ORDER BY o.id`,
  )
  for (const o of orders) {
    const label = `order ${o.order_no}`
    const journal = { principal: n(o.principal), interest: n(o.interest), penalty: n(o.penalty) }
    const row = {
      principal: n(o.principal_due_minor),
      interest: n(o.interest_due_minor),
      penalty: n(o.penalty_due_minor),
    }
    for (const part of ['principal', 'interest', 'penalty'] as const) {
      if (journal[part] !== row[part]) {
        problems.push(`${label}: ${part} due ${row[part]} but the journal says ${journal[part]}`)
      }
    }
    if (o.loan) {
      const b = balanceOf(o.loan)
      const state = { principal: b.principalMinor, interest: b.interestMinor, penalty: b.penaltyMinor }
      for (const part of ['principal', 'interest', 'penalty'] as const) {
        if (state[part] !== row[part])
          problems.push(`${label}: ${part} due ${row[part]} but its loan state says ${state[part]}`)
      }
    } else if (journal.principal !== 0 || journal.interest !== 0 || journal.penalty !== 0) {
      problems.push(`${label}: has receivables in the journal but was never disbursed`)
    }
    if (n(o.repaid_journal) !== n(o.repaid_minor)) {
      problems.push(`${label}: repaid ${n(o.repaid_minor)} but the journal received ${n(o.repaid_journal)}`)
    }
  }

  // ------------------------------------------------------------------------- c, d. transfers ↔ journal ↔ sandbox
  // Per entry linked to a transfer: what it moved through that transfer's clearing account, signed so that the
  // movement itself is positive (a pay-out credits clearing.<p>.payout, a collection debits .collection).
  const transferProblems = await rows<TransferRow>(
    q,
    sql`WITH ent AS (
          SELECT e.id, e.transfer_id, e.unique_key,
                 COALESCE(SUM(CASE
                   WHEN l.account IN ('clearing.' || t.provider || '.' || t.kind, 'walletClearing') THEN
                     CASE WHEN t.kind = 'payout' THEN l.credit_minor - l.debit_minor
                          ELSE l.debit_minor - l.credit_minor END
                   ELSE 0 END), 0) AS clearing
          FROM journal_entries e
          JOIN payment_transfers t ON t.id = e.transfer_id
          LEFT JOIN journal_lines l ON l.entry_id = e.id
          GROUP BY e.id, e.transfer_id, e.unique_key
        ), x AS (
          SELECT t.id, t.reference, t.kind, t.provider, t.state,
                 COALESCE(t.moved_minor, t.amount_minor) AS moved,
                 COUNT(ent.id) AS entries,
                 COUNT(ent.id) FILTER (WHERE ent.unique_key = 'movement:' || t.reference) AS movements,
                 SUM(ent.clearing) FILTER (WHERE ent.unique_key = 'movement:' || t.reference) AS movement_clearing,
                 COUNT(ent.id) FILTER (WHERE ent.unique_key = 'reversal:' || t.reference) AS reversals,
                 SUM(ent.clearing) FILTER (WHERE ent.unique_key = 'reversal:' || t.reference) AS reversal_clearing,
                 sb.outcome AS sandbox_outcome, sb.amount_minor AS sandbox_amount, (sb.reference IS NOT NULL) AS at_sandbox
          FROM payment_transfers t
          LEFT JOIN ent ON ent.transfer_id = t.id
          LEFT JOIN sandbox_transfers sb ON sb.reference = t.reference
          GROUP BY t.id, sb.provider_ref
        )
        SELECT reference, kind, provider, state, moved::text AS moved, entries::text AS entries,
               movements::text AS movements, movement_clearing::text AS movement_clearing,
               reversals::text AS reversals, reversal_clearing::text AS reversal_clearing,
               sandbox_outcome, sandbox_amount::text AS sandbox_amount
        FROM x
        WHERE (state NOT IN ('succeeded', 'reversed') AND entries > 0)
           OR (state IN ('succeeded', 'reversed')
               AND (movements <> 1 OR movement_clearing IS DISTINCT FROM moved))
           OR (state = 'succeeded' AND reversals > 0)
           OR (state = 'reversed' AND (reversals <> 1 OR reversal_clearing IS DISTINCT FROM -moved))
           OR (provider = 'sandbox' AND state IN ('succeeded', 'reversed')
               AND (NOT at_sandbox OR sandbox_amount <> moved OR sandbox_outcome <> state))
        ORDER BY id`,
  )
  for (const t of transferProblems) {
    const label = `transfer ${t.reference}`
    const moved = n(t.moved)
    const clearing = `clearing.${t.provider}.${t.kind}`
    if (!MOVED.has(t.state)) {
      problems.push(
        `${label} is ${t.state} but has ${plural(n(t.entries), 'journal entry', 'journal entries')}`,
      )
      continue
    }
    if (n(t.movements) !== 1) {
      problems.push(
        n(t.movements) === 0
          ? `${label} ${t.state} but has no movement entry`
          : `${label} has ${n(t.movements)} movement entries`,
      )
    } else if (n(t.movement_clearing) !== moved) {
      problems.push(
        `${label}: its movement entry moves ${n(t.movement_clearing)} through ${clearing}, ` +
          `the provider confirmed ${moved}`,
      )
    }
    if (t.state === 'succeeded' && n(t.reversals) > 0) {
      problems.push(`${label} succeeded but has a reversal entry`)
    }
    if (t.state === 'reversed') {
      if (n(t.reversals) !== 1) {
        problems.push(
          n(t.reversals) === 0
            ? `${label} was reversed but has no reversal entry`
            : `${label} has ${n(t.reversals)} reversal entries`,
        )
      } else if (-n(t.reversal_clearing) !== moved) {
        problems.push(
          `${label}: its reversal entry turns back ${-n(t.reversal_clearing)} through ${clearing}, ` +
            `the provider moved ${moved}`,
        )
      }
    }
    if (t.provider === 'sandbox') {
      if (t.sandbox_outcome === null) {
        problems.push(`${label} ${t.state} at sandbox, which has no record of it`)
      } else {
        if (n(t.sandbox_amount) !== moved)
          problems.push(`${label} moved ${moved} but the sandbox moved ${n(t.sandbox_amount)}`)
        if (t.sandbox_outcome !== t.state)
          problems.push(`${label} is ${t.state} but the sandbox says ${t.sandbox_outcome}`)
      }
    }
  }

  // Entries linked to a transfer under another key, or keyed as a movement without (the right) transfer.
  const misKeyed = await rows<{
    entry_id: string
    kind: string
    unique_key: string
    reference: string | null
  }>(
    q,
    sql`SELECT e.id::text AS entry_id, e.kind, e.unique_key, t.reference
        FROM journal_entries e LEFT JOIN payment_transfers t ON t.id = e.transfer_id
        WHERE (e.transfer_id IS NOT NULL
               AND e.unique_key NOT IN ('movement:' || t.reference, 'reversal:' || t.reference))
           OR (e.transfer_id IS NULL AND (e.unique_key LIKE 'movement:%' OR e.unique_key LIKE 'reversal:%'))
        ORDER BY e.id`,
  )
  for (const e of misKeyed) {
    problems.push(
      e.reference === null
        ? `entry ${e.entry_id} (${e.kind}) has key ${e.unique_key} but books no transfer`
        : `entry ${e.entry_id} (${e.kind}) books transfer ${e.reference} under key ${e.unique_key}`,
    )
  }

  // Every clearing line is a provider movement of that provider and direction.
  const strayClearing = await rows<{
    entry_id: string
    kind: string
    order_no: string | null
    account: string
    reference: string | null
  }>(
    q,
    sql`SELECT DISTINCT e.id::text AS entry_id, e.id AS sort_id, e.kind, o.order_no, l.account, t.reference
        FROM journal_lines l
        JOIN journal_entries e ON e.id = l.entry_id
        LEFT JOIN payment_transfers t ON t.id = e.transfer_id
        LEFT JOIN loan_orders o ON o.id = e.order_id
        WHERE l.account LIKE 'clearing.%'
          AND (t.id IS NULL OR l.account <> 'clearing.' || t.provider || '.' || t.kind)
          -- Money received that no single transfer accounts for (unmatched:<provider>:<receipt>, server/money/
          -- ledger.ts): its clearing line is that provider's collections, and its other line suspense.
          AND NOT (t.id IS NULL AND e.kind = 'unapplied' AND e.order_id IS NULL
                   AND e.unique_key LIKE 'unmatched:%'
                   AND l.account = 'clearing.' || split_part(e.unique_key, ':', 2) || '.collection')
          -- Such a receipt unwound onto the transfer that turned out to be its money (resolved as matched): its
          -- clearing line turns back the receipt's, on the same account.
          AND NOT (t.id IS NULL AND e.kind = 'suspenseResolved' AND e.order_id IS NULL
                   AND EXISTS (SELECT 1 FROM suspense_resolutions r JOIN journal_entries u ON u.id = r.entry_id
                               WHERE r.resolution_entry_id = e.id AND r.outcome = 'matched'
                                 AND l.account = 'clearing.' || split_part(u.unique_key, ':', 2) || '.collection'))
        ORDER BY sort_id, l.account`,
  )
  for (const s of strayClearing) {
    const entry = `entry ${s.entry_id} (${s.kind}${s.order_no ? `, order ${s.order_no}` : ''})`
    problems.push(
      s.reference === null
        ? `${entry} moves money through ${s.account} without a transfer`
        : `${entry} moves money through ${s.account}, but transfer ${s.reference} is not of that provider and direction`,
    )
  }

  // A receipt resolved as matched is one collection's money: that transfer moved it (succeeded or reversed, so its
  // own movement entry books it), at that provider, for the amount the receipt held.
  const mismatched = await rows<{ entry_id: string; reference: string; state: string }>(
    q,
    sql`SELECT u.id::text AS entry_id, t.reference, t.state
        FROM suspense_resolutions r
        JOIN journal_entries u ON u.id = r.entry_id
        JOIN payment_transfers t ON t.id = r.transfer_id
        WHERE r.outcome = 'matched'
          AND (t.state NOT IN ('succeeded', 'reversed') OR t.kind <> 'collection'
               OR t.provider <> split_part(u.unique_key, ':', 2)
               OR COALESCE(t.moved_minor, t.amount_minor) <>
                  (SELECT SUM(l.credit_minor - l.debit_minor) FROM journal_lines l
                   WHERE l.entry_id = u.id AND l.account = 'suspense'))
        ORDER BY u.id`,
  )
  for (const m of mismatched) {
    problems.push(
      `receipt entry ${m.entry_id} was matched to transfer ${m.reference}, which did not collect that money (${m.state})`,
    )
  }

  // d. The sandbox's movements that no transfer of ours accounts for.
  const unbooked = await rows<{
    reference: string
    amount: string
    state: string | null
    provider: string | null
  }>(
    q,
    sql`SELECT sb.reference, sb.amount_minor::text AS amount, t.state, t.provider
        FROM sandbox_transfers sb LEFT JOIN payment_transfers t ON t.reference = sb.reference
        WHERE sb.outcome IN ('succeeded', 'reversed') AND sb.completes_at <= ${cutoffSql}
          AND (t.id IS NULL OR t.provider <> 'sandbox' OR t.state NOT IN ('succeeded', 'reversed')
               OR NOT EXISTS (SELECT 1 FROM journal_entries e
                               WHERE e.transfer_id = t.id AND e.unique_key = 'movement:' || t.reference))
        ORDER BY sb.completes_at, sb.reference`,
  )
  for (const u of unbooked) {
    const why =
      u.state === null
        ? 'no transfer has this reference'
        : u.provider !== 'sandbox'
          ? `its transfer is at ${u.provider}`
          : !MOVED.has(u.state)
            ? `its transfer is ${u.state}`
            : 'its transfer has no movement entry'
    problems.push(`provider movement ${u.reference} of ${n(u.amount)} at sandbox is not booked: ${why}`)
  }

  // ------------------------------------------------------------------------------- e. paid out at most once
  const paidTwice = await rows<{ order_no: string; payouts: string }>(
    q,
    sql`SELECT o.order_no, COUNT(*)::text AS payouts
        FROM payment_transfers t JOIN loan_orders o ON o.id = t.order_id
        WHERE t.purpose = 'disbursal' AND t.state IN ('succeeded', 'reversed')
        GROUP BY o.id, o.order_no HAVING COUNT(*) > 1
        ORDER BY o.id`,
  )
  for (const p of paidTwice) problems.push(`order ${p.order_no} was paid out ${n(p.payouts)} times`)

  // ------------------------------------------------------------------------------------------------ f. figures
  const held = await rows<{ account: string; currency: string; balance: string }>(
    q,
    sql`SELECT l.account, e.currency, SUM(l.debit_minor - l.credit_minor)::text AS balance
        FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE l.account IN ('suspense', 'refundDue')
        GROUP BY l.account, e.currency
        HAVING SUM(l.debit_minor - l.credit_minor) <> 0
        ORDER BY l.account, e.currency`,
  )
  const figures: BooksFigures = {
    suspenseMinor: {},
    refundDueMinor: {},
    observationsUnmatched: n(totals?.unmatched),
    receiptsInSuspense: n(totals?.in_suspense),
    observationsError: n(totals?.errors),
    transfersExpired: n(totals?.expired),
    transfersOverdue: n(totals?.overdue),
  }
  for (const h of held) {
    if (h.account === 'suspense') figures.suspenseMinor[h.currency] = n(h.balance)
    else figures.refundDueMinor[h.currency] = -n(h.balance)
  }

  return {
    ok: problems.length === 0,
    entries: n(totals?.entries),
    orders: orders.length,
    transfers: n(totals?.transfers),
    problems,
    figures,
  }
}
