/**
 * The journal and the books check: an entry that does not balance is never posted, a key posts once, the
 * database refuses a line that is both debit and credit — and the check notices every way the books can go
 * wrong (each tampering is made inside a transaction that is then rolled back).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../src/domain/api-types'
import type { Tx } from '../../server/db/client'
import { journalEntries, journalLines, loanOrders } from '../../server/db/schema/loans'
import { checkBooks } from '../../server/money/check'
import { balancedLines, LedgerError, post, transfer } from '../../server/money/ledger'
import { describeOnEachDatabase } from './helpers/databases'
import {
  PRODUCT,
  completeSteps,
  ok,
  register,
  settle,
  startLoanServer,
  type LoanServer,
} from './loans-harness'

describe('A journal entry', () => {
  it('must balance, with whole non-negative amounts on one side of each line', () => {
    expect(() => balancedLines([{ account: 'walletClearing', debitMinor: 100 }])).toThrow(LedgerError)
    expect(() =>
      balancedLines([
        { account: 'walletClearing', debitMinor: 100 },
        { account: 'receivable.principal', creditMinor: 99 },
      ]),
    ).toThrow(/debits 100 ≠ credits 99/)
    expect(() => balancedLines(transfer('walletClearing', 'receivable.principal', -5))).toThrow(LedgerError)
    expect(() => balancedLines(transfer('walletClearing', 'receivable.principal', 0.5))).toThrow(LedgerError)
    expect(() => balancedLines([{ account: 'walletClearing', debitMinor: 5, creditMinor: 5 }])).toThrow(
      /not both/,
    )
    expect(balancedLines(transfer('walletClearing', 'income.penalty', 0))).toEqual([])
    expect(balancedLines(transfer('receivable.penalty', 'income.penalty', 700))).toHaveLength(2)
  })
})

class Rollback extends Error {}

describeOnEachDatabase('The books', (target) => {
  let ls: LoanServer
  let orderId: number
  beforeAll(async () => {
    ls = await startLoanServer(target)
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000_00,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await settle(ls)
    orderId = Number(applied.loanOrderId)
  })
  afterAll(() => ls.close())

  /** Runs `tamper`, checks the books inside the same transaction, and rolls everything back. */
  async function checkAfter(tamper: (tx: Tx) => Promise<unknown>) {
    let problems: string[] = []
    await expect(
      ls.s.server.ctx.db.transaction(async (tx) => {
        await tamper(tx)
        problems = (await checkBooks(tx)).problems
        throw new Rollback()
      }),
    ).rejects.toBeInstanceOf(Rollback)
    return problems
  }

  it('balance after a loan was paid out: disbursal, fee, tax and interest are all in the journal', async () => {
    const report = await checkBooks(ls.s.server.ctx.db)
    expect(report).toMatchObject({ ok: true, problems: [] })
    const kinds = await ls.s.server.ctx.db
      .select({ kind: journalEntries.kind })
      .from(journalEntries)
      .where(eq(journalEntries.orderId, orderId))
    expect(kinds.map((k) => k.kind).sort()).toEqual(['disbursal', 'interest', 'processingFee', 'tax'])
  })

  it('post an entry once per key', async () => {
    await ls.s.server.ctx.db
      .transaction(async (tx) => {
        const entry = {
          orderId,
          kind: 'penalty' as const,
          currency: 'TZS',
          key: `test-once:${orderId}`,
          at: new Date(),
          lines: transfer('receivable.penalty', 'income.penalty', 100),
        }
        expect(await post(tx, entry)).toBe(true)
        expect(await post(tx, entry)).toBe(false)
        const rows = await tx.select().from(journalEntries).where(eq(journalEntries.uniqueKey, entry.key))
        expect(rows).toHaveLength(1)
        throw new Rollback()
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err
      })
  })

  it('are refused a line that is both a debit and a credit by the database itself', async () => {
    const [entry] = await ls.s.server.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orderId, orderId))
    await expect(
      ls.s.server.ctx.db
        .insert(journalLines)
        .values({ entryId: entry!.id, orderId, account: 'walletClearing', debitMinor: 5, creditMinor: 5 }),
    ).rejects.toThrow()
  })

  it('check notices an entry that no longer balances', async () => {
    const problems = await checkAfter((tx) =>
      tx.execute(sql`UPDATE journal_lines SET debit_minor = debit_minor + 1
        WHERE id = (SELECT MIN(id) FROM journal_lines WHERE order_id = ${orderId} AND debit_minor > 0)`),
    )
    expect(problems.some((p) => /^entry \d+: debits/.test(p))).toBe(true)
    expect(problems.some((p) => p.startsWith('the book does not sum to zero'))).toBe(true)
  })

  it('check notices a loan whose balance differs from its journal', async () => {
    const problems = await checkAfter((tx) =>
      tx
        .update(loanOrders)
        .set({ principalDueMinor: sql`${loanOrders.principalDueMinor} - 100` })
        .where(eq(loanOrders.id, orderId)),
    )
    expect(problems.some((p) => /principal due \d+ but the journal says \d+/.test(p))).toBe(true)
  })

  it('check notices money received that the loan does not show', async () => {
    const problems = await checkAfter((tx) =>
      post(tx, {
        orderId,
        kind: 'repayment',
        currency: 'TZS',
        key: `tamper:${orderId}`,
        at: new Date(),
        lines: transfer('walletClearing', 'receivable.interest', 1_000),
      }),
    )
    expect(problems.some((p) => /interest due \d+ but the journal says/.test(p))).toBe(true)
    expect(problems.some((p) => /repaid 0 but the journal received 1000/.test(p))).toBe(true)
  })
})
