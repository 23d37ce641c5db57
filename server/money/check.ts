/**
 * The books check: proves that every journal entry balances, that the whole book sums to zero, and that each
 * loan's outstanding amounts, as the order row and its LoanState say, equal what its journal says. Used after
 * every lifecycle test and available to operators (docs/operations.md "Money").
 */
import { sql } from 'drizzle-orm'
import { balanceOf, type LoanState } from '../../src/domain/pricing'
import type { Queryable } from '../db/client'
import { rows } from '../db/client'

export interface BooksReport {
  ok: boolean
  entries: number
  orders: number
  problems: string[]
}

interface OrderRow {
  id: string | number
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
  repaid_transfers: string | null
  disbursed_journal: string | null
  payout_succeeded: string | null
}

const n = (v: string | number | null | undefined) => Number(v ?? 0)

export async function checkBooks(q: Queryable): Promise<BooksReport> {
  const problems: string[] = []

  const unbalanced = await rows<{ entry_id: string; debits: string; credits: string; lines: string }>(
    q,
    sql`SELECT e.id AS entry_id, COALESCE(SUM(l.debit_minor), 0)::text AS debits,
               COALESCE(SUM(l.credit_minor), 0)::text AS credits, COUNT(l.id)::text AS lines
        FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
        GROUP BY e.id
        HAVING COALESCE(SUM(l.debit_minor), 0) <> COALESCE(SUM(l.credit_minor), 0) OR COUNT(l.id) < 2`,
  )
  for (const u of unbalanced) {
    problems.push(`entry ${u.entry_id}: debits ${u.debits}, credits ${u.credits}, ${u.lines} line(s)`)
  }

  const [totals] = await rows<{ entries: string; total: string | null }>(
    q,
    sql`SELECT (SELECT COUNT(*) FROM journal_entries)::text AS entries,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines)::text AS total`,
  )
  if (n(totals?.total) !== 0) problems.push(`the book does not sum to zero: ${totals?.total}`)
  const strayLines = await rows<{ id: string }>(
    q,
    sql`SELECT l.id::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE l.order_id IS DISTINCT FROM e.order_id`,
  )
  if (strayLines.length > 0)
    problems.push(`${strayLines.length} journal line(s) name another order than their entry`)

  const orders = await rows<OrderRow>(
    q,
    sql`SELECT o.id, o.order_no, o.principal_due_minor, o.interest_due_minor, o.penalty_due_minor, o.repaid_minor,
               o.loan,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.principal')::text AS principal,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.interest')::text AS interest,
               (SELECT SUM(debit_minor - credit_minor) FROM journal_lines l
                 WHERE l.order_id = o.id AND l.account = 'receivable.penalty')::text AS penalty,
               (SELECT SUM(l.debit_minor) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                 WHERE e.order_id = o.id AND e.kind = 'repayment' AND l.account = 'walletClearing')::text
                 AS repaid_journal,
               (SELECT SUM(amount_minor) FROM payment_transfers t
                 WHERE t.order_id = o.id AND t.purpose = 'repayment' AND t.state = 'succeeded')::text
                 AS repaid_transfers,
               (SELECT SUM(l.credit_minor) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                 WHERE e.order_id = o.id AND e.kind = 'disbursal' AND l.account = 'walletClearing')::text
                 AS disbursed_journal,
               (SELECT SUM(amount_minor) FROM payment_transfers t
                 WHERE t.order_id = o.id AND t.purpose = 'disbursal' AND t.state = 'succeeded')::text
                 AS payout_succeeded
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
    if (n(o.repaid_transfers) !== n(o.repaid_minor)) {
      problems.push(
        `${label}: repaid ${n(o.repaid_minor)} but succeeded payment orders add up to ${n(o.repaid_transfers)}`,
      )
    }
    if (n(o.disbursed_journal) !== n(o.payout_succeeded)) {
      problems.push(
        `${label}: paid out ${n(o.payout_succeeded)} but the journal disbursed ${n(o.disbursed_journal)}`,
      )
    }
  }

  return { ok: problems.length === 0, entries: n(totals?.entries), orders: orders.length, problems }
}
