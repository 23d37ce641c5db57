/**
 * The double-entry journal. Every movement of money is one entry whose lines balance (debits = credits), in
 * integer minor units. An entry has a unique key, so a job or a callback that runs twice cannot post twice.
 *
 * Chart of accounts (server/db/schema/loans.ts ACCOUNTS):
 *   receivable.principal / .interest / .penalty   what borrowers owe us (assets)
 *   clearing.<provider>.payout / .collection       money in transit through one wallet provider, one direction
 *   suspense                                       money that moved but cannot be applied: a person decides
 *   refundDue                                      money we owe back to a payer (liability); a refund pays it
 *   walletClearing                                 the single clearing account of books before migration 0004
 *   income.processingFee / .interest / .penalty / .rolloverFee
 *   taxPayable                                     tax on fees, owed to the revenue authority (liability)
 *   writeOff.penalty                               penalties above the charges cap, never owed (contra-income)
 *
 * Every movement at a provider is exactly ONE entry, linked to its transfer (transfer_id, key movement:<reference>;
 * a reversal is a second one, reversal:<reference>). The postings (docs/operations.md "Money"), with <p> the
 * transfer's provider:
 *   disbursal       Dr receivable.principal  Cr clearing.<p>.payout   (what reached the wallet)
 *   processingFee   Dr receivable.principal  Cr income.processingFee  (deducted from the disbursal)
 *   tax             Dr receivable.principal  Cr taxPayable            (tax on the fee, deducted too)
 *   interest        Dr receivable.interest   Cr income.interest       (contractual, at disbursal)
 *   interestRebate  Dr income.interest       Cr receivable.interest   (repaid in full early: the interest not
 *                                            Cr receivable.principal   earned by that day; the principal line for
 *                                                                      interest a part-payment paid ahead of its days)
 *   penalty         Dr receivable.penalty    Cr income.penalty        (each overdue day, as accrued)
 *   penaltyWriteOff Dr writeOff.penalty      Cr receivable.penalty    (the part above the cap)
 *   repayment       Dr clearing.<p>.collection  Cr receivable.penalty, .interest, .principal (allocation order),
 *                                               Cr refundDue (what was paid above the balance)
 *   rolloverFee     Dr clearing.<p>.collection  Cr income.rolloverFee, Cr taxPayable
 *   refundDue       Dr clearing.<p>.collection  Cr refundDue       (a payment that can no longer be applied)
 *   refund          Dr refundDue             Cr clearing.<p>.payout (the refund reached the payer)
 *   unapplied       Dr clearing.<p>.collection  Cr suspense         (another amount than asked moved)
 *                   Dr suspense              Cr clearing.<p>.payout (a pay-out the loan can no longer take)
 *   reversal        the movement's clearing line turned around, against suspense
 *   unapplied       Dr clearing.<p>.collection  Cr suspense, no order and no transfer, key
 *                   unmatched:<p>:<receipt> (money received that the provider's callback cannot tie to exactly one
 *                   payment order, e.g. Daraja's push whose answer was lost among several of that payer and amount)
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { journalEntries, journalLines, type Account, type JournalKind } from '../db/schema/loans'

/** Key prefix of money received that no single transfer of ours accounts for: unmatched:<provider>:<receipt>. */
export const UNMATCHED_RECEIPT_KEY = 'unmatched:'

export interface Line {
  account: Account
  debitMinor?: number
  creditMinor?: number
}

export interface EntryInput {
  orderId: number | null
  kind: JournalKind
  currency: string
  /** At most one entry per key, ever. */
  key: string
  /** The provider movement this entry books. */
  transferId?: number | null
  at: Date
  lines: Line[]
}

export class LedgerError extends Error {
  override readonly name = 'LedgerError'
}

/** Drops zero lines; throws unless every amount is a non-negative safe integer and the entry balances. */
export function balancedLines(lines: readonly Line[]): Line[] {
  const kept: Line[] = []
  let debits = 0
  let credits = 0
  for (const line of lines) {
    const d = line.debitMinor ?? 0
    const c = line.creditMinor ?? 0
    for (const v of [d, c]) {
      if (!Number.isSafeInteger(v) || v < 0)
        throw new LedgerError(`A line amount must be a whole number ≥ 0, got ${v}`)
    }
    if (d > 0 && c > 0) throw new LedgerError(`A line is a debit or a credit, not both (${line.account})`)
    if (d === 0 && c === 0) continue
    debits += d
    credits += c
    kept.push(line)
  }
  if (debits !== credits) throw new LedgerError(`Unbalanced entry: debits ${debits} ≠ credits ${credits}`)
  return kept
}

/** A two-line entry: `amount` from `credit` to `debit`. */
export function transfer(debit: Account, credit: Account, amountMinor: number): Line[] {
  return [
    { account: debit, debitMinor: amountMinor },
    { account: credit, creditMinor: amountMinor },
  ]
}

/**
 * Posts an entry; returns false (and writes nothing) when an entry with this key exists already, or when every
 * line is zero. Call it inside the transaction that makes the business change, so both commit or neither.
 */
export async function post(q: Queryable, entry: EntryInput): Promise<boolean> {
  const lines = balancedLines(entry.lines)
  if (lines.length === 0) return false
  const [row] = await q
    .insert(journalEntries)
    .values({
      orderId: entry.orderId,
      kind: entry.kind,
      currency: entry.currency,
      uniqueKey: entry.key,
      transferId: entry.transferId ?? null,
      at: entry.at,
    })
    .onConflictDoNothing({ target: journalEntries.uniqueKey })
    .returning({ id: journalEntries.id })
  if (!row) return false
  await q.insert(journalLines).values(
    lines.map((l) => ({
      entryId: row.id,
      orderId: entry.orderId,
      account: l.account,
      debitMinor: l.debitMinor ?? 0,
      creditMinor: l.creditMinor ?? 0,
    })),
  )
  return true
}

/** What a receipt's entry (unmatched:<p>:<receipt>) holds in suspense: its suspense credits less debits. */
export async function heldInSuspense(q: Queryable, entryId: number): Promise<number> {
  const [held] = await q
    .select({ amount: sql<string>`SUM(${journalLines.creditMinor} - ${journalLines.debitMinor})::text` })
    .from(journalLines)
    .where(and(eq(journalLines.entryId, entryId), eq(journalLines.account, 'suspense')))
  return Number(held?.amount ?? 0)
}

/** Balance (debits − credits) of each account, for one order or for the whole book. */
export async function accountBalances(
  q: Queryable,
  orderId?: number,
): Promise<Partial<Record<Account, number>>> {
  const where = orderId === undefined ? sql`` : sql`WHERE order_id = ${orderId}`
  const result = (await q.execute(
    sql`SELECT account, SUM(debit_minor - credit_minor)::text AS balance FROM journal_lines ${where} GROUP BY account`,
  )) as unknown as { rows: { account: Account; balance: string }[] }
  return Object.fromEntries(result.rows.map((r) => [r.account, Number(r.balance)]))
}
