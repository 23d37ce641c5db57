/**
 * The journal and the books check: an entry that does not balance is never posted, a key posts once, the
 * database refuses a line that is both debit and credit — and the check notices every way the books can go
 * wrong (each tampering is made inside a transaction that is then rolled back): in a live loan server's books,
 * and in books written row by row — orders, transfers, entries and the sandbox's own book — where each way money
 * can be booked wrong is made once. The settlement report and `npm run books` (scripts/books.ts, run as a child
 * process) read the same rows.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import { applyPayment, openLoan } from '../../domain/pricing'
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
  type Queryable,
  type Tx,
} from '../../server/db/client'
import { users } from '../../server/db/schema/core'
import {
  journalEntries,
  journalLines,
  loanOrders,
  loanProducts,
  paymentObservations,
  paymentTransfers,
  sandboxTransfers,
} from '../../server/db/schema/loans'
import { checkBooks, type BooksOptions } from '../../server/money/check'
import { balancedLines, LedgerError, post, transfer, type Line } from '../../server/money/ledger'
import { settlementReport } from '../../server/money/settlement'
import { describeOnEachDatabase, freshDatabase, type DatabaseTarget } from './helpers/databases'
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

// ------------------------------------------------------------------------------ books written row by row

const T0 = new Date('2026-03-02T10:00:00Z')
const minutes = (m: number) => new Date(T0.getTime() + m * 60_000)
/** The check's clock: a day after the story, so every sandbox movement is due. */
const NOW = minutes(24 * 60)
/** The borrower's wallet number: no problem line may name it. */
const WALLET = '255711223344'
const ORDER_NO = 'KP2603020001'

interface Story {
  orderId: number
  payout: number
  repayment: number
}

interface TransferInput {
  reference: string
  kind: 'payout' | 'collection'
  purpose: 'disbursal' | 'repayment' | 'rollover' | 'refund'
  state: string
  amountMinor: number
  movedMinor?: number | null
  provider?: string
  completedAt?: Date | null
  expiresAt?: Date | null
  refundOf?: number | null
}

async function addTransfer(q: Queryable, orderId: number, t: TransferInput): Promise<number> {
  const moved = t.state === 'succeeded' || t.state === 'reversed'
  const [row] = await q
    .insert(paymentTransfers)
    .values({
      reference: t.reference,
      kind: t.kind,
      purpose: t.purpose,
      provider: t.provider ?? 'sandbox',
      channel: 'mpesa',
      orderId,
      account: WALLET,
      amountMinor: t.amountMinor,
      currency: 'TZS',
      state: t.state,
      createdAt: T0,
      expiresAt: t.expiresAt ?? null,
      completedAt: t.completedAt ?? null,
      movedMinor: t.movedMinor === undefined ? (moved ? t.amountMinor : null) : t.movedMinor,
      refundOf: t.refundOf ?? null,
    })
    .returning({ id: paymentTransfers.id })
  return row!.id
}

async function addSandbox(
  q: Queryable,
  s: {
    reference: string
    kind: 'payout' | 'collection'
    amountMinor: number
    outcome: string
    completesAt: Date
  },
): Promise<void> {
  await q.insert(sandboxTransfers).values({ providerRef: `SBX-${s.reference}`, ...s })
}

/** A transfer of ours and the sandbox's own row of it (what moved there, and when). */
async function atSandbox(
  q: Queryable,
  orderId: number,
  t: TransferInput & { outcome: string; sandboxAmountMinor?: number },
): Promise<number> {
  const id = await addTransfer(q, orderId, t)
  await addSandbox(q, {
    reference: t.reference,
    kind: t.kind,
    amountMinor: t.sandboxAmountMinor ?? t.amountMinor,
    outcome: t.outcome,
    completesAt: t.completedAt ?? T0,
  })
  return id
}

/** A movement at the provider, booked as server/loans/service.ts books it: one entry, key movement:<reference>. */
async function book(
  q: Queryable,
  orderId: number,
  transferId: number,
  entry: {
    kind: 'disbursal' | 'repayment' | 'refund' | 'unapplied' | 'refundDue'
    key: string
    at: Date
    lines: Line[]
  },
): Promise<void> {
  await post(q, { orderId, currency: 'TZS', transferId, ...entry })
}

/**
 * One loan, booked right: paid out through the sandbox (88,000 after a 10,000 fee and 2,000 tax on 100,000, plus
 * 5,000 interest), repaid with 110,000 — 5,000 above its balance, owed back and refunded — one payment order that
 * expired unanswered, one still open past its window, and one provider answer nobody matched.
 */
async function writeStory(q: Queryable): Promise<Story> {
  const [user] = await q
    .insert(users)
    .values({ country: 'TZ', mobile: WALLET, lang: 'en', createdAt: T0 })
    .returning({ id: users.id })
  await q
    .insert(loanProducts)
    .values({ id: 'books-test', country: 'TZ', config: {}, names: { en: 'Books test' }, updatedAt: T0 })
  const opened = openLoan({
    principalMinor: 100_000,
    interestMinor: 5_000,
    processingFeeMinor: 10_000,
    feeTaxMinor: 2_000,
    installments: [{ dueDate: '2026-06-01', principalMinor: 100_000, interestMinor: 5_000 }],
  })
  const [order] = await q
    .insert(loanOrders)
    .values({
      orderNo: ORDER_NO,
      userId: user!.id,
      country: 'TZ',
      productId: 'books-test',
      productVersion: 1,
      status: OrderStatus.Finish,
      currency: 'TZS',
      requestedMinor: 100_000,
      termDays: 91,
      questionnaireRequired: false,
      principalMinor: 100_000,
      maxRollovers: 3,
      repaidMinor: 105_000,
      loan: applyPayment(opened, 105_000).loan,
      createdAt: T0,
      updatedAt: T0,
    })
    .returning({ id: loanOrders.id })
  const orderId = order!.id

  const payout = await atSandbox(q, orderId, {
    reference: `PO${ORDER_NO}-1`,
    kind: 'payout',
    purpose: 'disbursal',
    state: 'succeeded',
    amountMinor: 88_000,
    completedAt: minutes(1),
    outcome: 'succeeded',
  })
  await book(q, orderId, payout, {
    kind: 'disbursal',
    key: `movement:PO${ORDER_NO}-1`,
    at: minutes(1),
    lines: transfer('receivable.principal', 'clearing.sandbox.payout', 88_000),
  })
  const base = { orderId, currency: 'TZS', at: minutes(1) }
  await post(q, {
    ...base,
    kind: 'processingFee',
    key: `processingFee:${orderId}`,
    lines: transfer('receivable.principal', 'income.processingFee', 10_000),
  })
  await post(q, {
    ...base,
    kind: 'tax',
    key: `tax:${orderId}`,
    lines: transfer('receivable.principal', 'taxPayable', 2_000),
  })
  await post(q, {
    ...base,
    kind: 'interest',
    key: `interest:${orderId}`,
    lines: transfer('receivable.interest', 'income.interest', 5_000),
  })

  const repayment = await atSandbox(q, orderId, {
    reference: `RP${ORDER_NO}-1`,
    kind: 'collection',
    purpose: 'repayment',
    state: 'succeeded',
    amountMinor: 110_000,
    completedAt: minutes(120),
    outcome: 'succeeded',
  })
  await book(q, orderId, repayment, {
    kind: 'repayment',
    key: `movement:RP${ORDER_NO}-1`,
    at: minutes(120),
    lines: [
      { account: 'clearing.sandbox.collection', debitMinor: 110_000 },
      { account: 'receivable.interest', creditMinor: 5_000 },
      { account: 'receivable.principal', creditMinor: 100_000 },
      { account: 'refundDue', creditMinor: 5_000 },
    ],
  })

  const refund = await atSandbox(q, orderId, {
    reference: `RFRP${ORDER_NO}-1`,
    kind: 'payout',
    purpose: 'refund',
    state: 'succeeded',
    amountMinor: 5_000,
    completedAt: minutes(125),
    refundOf: repayment,
    outcome: 'succeeded',
  })
  await book(q, orderId, refund, {
    kind: 'refund',
    key: `movement:RFRP${ORDER_NO}-1`,
    at: minutes(125),
    lines: transfer('refundDue', 'clearing.sandbox.payout', 5_000),
  })

  await addTransfer(q, orderId, {
    reference: `RP${ORDER_NO}-2`,
    kind: 'collection',
    purpose: 'repayment',
    state: 'expired',
    amountMinor: 1_000,
    expiresAt: minutes(200),
    completedAt: minutes(200),
  })
  await addSandbox(q, {
    reference: `RP${ORDER_NO}-2`,
    kind: 'collection',
    amountMinor: 1_000,
    outcome: 'silent',
    completesAt: minutes(185),
  })
  await addTransfer(q, orderId, {
    reference: `RP${ORDER_NO}-3`,
    kind: 'collection',
    purpose: 'repayment',
    state: 'accepted',
    amountMinor: 1_000,
    expiresAt: minutes(300),
  })
  await q.insert(paymentObservations).values({
    provider: 'sandbox',
    source: 'callback',
    idempotencyKey: 'sandbox:SBX-nobody-knows',
    providerRef: 'SBX-nobody-knows',
    state: 'succeeded',
    amountMinor: 4_000,
    outcome: 'unmatched',
    at: minutes(10),
  })
  return { orderId, payout, repayment }
}

/** Runs `tamper` and the check in one transaction, then rolls it back. */
async function problemsAfter(
  db: Database['db'],
  tamper: (tx: Tx) => Promise<unknown>,
  opts: BooksOptions = { now: NOW },
): Promise<string[]> {
  let problems: string[] = []
  await expect(
    db.transaction(async (tx) => {
      await tamper(tx)
      problems = (await checkBooks(tx, opts)).problems
      throw new Rollback()
    }),
  ).rejects.toBeInstanceOf(Rollback)
  return problems
}

/** A sandbox movement no transfer of ours accounts for: the deliberately injected unbooked provider movement. */
const injectUnbooked = (q: Queryable) =>
  addSandbox(q, {
    reference: 'PX-INJECTED-1',
    kind: 'collection',
    amountMinor: 12_345,
    outcome: 'succeeded',
    completesAt: minutes(180),
  })
const UNBOOKED = /^provider movement PX-INJECTED-1 of 12345 at sandbox is not booked/

describeOnEachDatabase('The books against the provider', (target) => {
  let database: Database
  let options: DatabaseOptions
  let dispose: () => Promise<void>
  let story: Story
  beforeAll(async () => {
    ;({ database, options, dispose } = await freshDatabase(target))
    story = await database.db.transaction((tx) => writeStory(tx))
  })
  afterAll(() => dispose())

  const after = (tamper: (tx: Tx) => Promise<unknown>, opts?: BooksOptions) =>
    problemsAfter(database.db, tamper, opts)

  it('pass clean when a pay-out and a repayment with its overpayment refunded are booked right', async () => {
    const report = await checkBooks(database.db, { now: NOW })
    expect(report).toEqual({
      ok: true,
      entries: 6,
      orders: 1,
      transfers: 5,
      problems: [],
      figures: {
        suspenseMinor: {},
        refundDueMinor: {},
        observationsUnmatched: 1,
        receiptsInSuspense: 0,
        observationsError: 0,
        transfersExpired: 1,
        transfersOverdue: 1,
      },
    })
  })

  it('the books check catches a provider movement nobody booked', async () => {
    const problems = await after(injectUnbooked)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(UNBOOKED)
    expect(problems[0]).toMatch(/no transfer has this reference$/)
  })

  it('the books check gives the provider its grace before calling a movement unbooked', async () => {
    // Completed at minute 180: not yet due at minute 179, nor within a grace that reaches past it.
    expect(await after(injectUnbooked, { now: minutes(179) })).toEqual([])
    expect(await after(injectUnbooked, { now: minutes(185), providerGraceMs: 10 * 60_000 })).toEqual([])
    expect(await after(injectUnbooked, { now: minutes(195), providerGraceMs: 10 * 60_000 })).toHaveLength(1)
  })

  it('the books check catches a succeeded transfer without its movement entry', async () => {
    const problems = await after(async (tx) => {
      await atSandbox(tx, story.orderId, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        purpose: 'repayment',
        state: 'succeeded',
        amountMinor: 2_000,
        completedAt: minutes(400),
        outcome: 'succeeded',
      })
    })
    expect(problems).toEqual([
      `transfer RP${ORDER_NO}-9 succeeded but has no movement entry`,
      `provider movement RP${ORDER_NO}-9 of 2000 at sandbox is not booked: its transfer has no movement entry`,
    ])
  })

  it('the books check catches a movement entry whose clearing amount differs from what moved', async () => {
    const problems = await after(async (tx) => {
      const id = await atSandbox(tx, story.orderId, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        purpose: 'repayment',
        state: 'succeeded',
        amountMinor: 2_000,
        completedAt: minutes(400),
        outcome: 'succeeded',
      })
      await book(tx, story.orderId, id, {
        kind: 'unapplied',
        key: `movement:RP${ORDER_NO}-9`,
        at: minutes(400),
        lines: transfer('clearing.sandbox.collection', 'suspense', 1_500),
      })
    })
    expect(problems).toEqual([
      `transfer RP${ORDER_NO}-9: its movement entry moves 1500 through clearing.sandbox.collection, ` +
        'the provider confirmed 2000',
    ])
  })

  it('the books check catches money on a clearing account that no transfer moved', async () => {
    const problems = await after((tx) =>
      post(tx, {
        orderId: story.orderId,
        kind: 'unapplied',
        currency: 'TZS',
        key: 'manual:1',
        at: minutes(500),
        lines: transfer('clearing.sandbox.collection', 'suspense', 700),
      }),
    )
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^entry \\d+ \\(unapplied, order ${ORDER_NO}\\) moves money through clearing.sandbox.collection without a transfer$`,
      ),
    )
  })

  it('the books check catches a clearing line of another provider or direction than its transfer', async () => {
    const problems = await after(async (tx) => {
      const id = await addTransfer(tx, story.orderId, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        purpose: 'repayment',
        state: 'succeeded',
        amountMinor: 2_000,
        provider: 'mpesa',
        completedAt: minutes(400),
      })
      await book(tx, story.orderId, id, {
        kind: 'unapplied',
        key: `movement:RP${ORDER_NO}-9`,
        at: minutes(400),
        lines: transfer('clearing.sandbox.collection', 'suspense', 2_000),
      })
    })
    expect(problems).toContain(
      `transfer RP${ORDER_NO}-9: its movement entry moves 0 through clearing.mpesa.collection, the provider confirmed 2000`,
    )
    expect(
      problems.some((p) => p.endsWith(`but transfer RP${ORDER_NO}-9 is not of that provider and direction`)),
    ).toBe(true)
  })

  it('the books check catches an entry for a transfer that failed', async () => {
    const problems = await after(async (tx) => {
      const id = await atSandbox(tx, story.orderId, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        purpose: 'repayment',
        state: 'failed',
        amountMinor: 300,
        completedAt: minutes(400),
        outcome: 'failed',
      })
      await book(tx, story.orderId, id, {
        kind: 'unapplied',
        key: `movement:RP${ORDER_NO}-9`,
        at: minutes(400),
        lines: transfer('clearing.sandbox.collection', 'suspense', 300),
      })
    })
    expect(problems).toEqual([`transfer RP${ORDER_NO}-9 is failed but has 1 journal entry`])
  })

  it('the books check catches a loan paid out twice', async () => {
    const problems = await after(async (tx) => {
      const id = await atSandbox(tx, story.orderId, {
        reference: `PO${ORDER_NO}-2`,
        kind: 'payout',
        purpose: 'disbursal',
        state: 'succeeded',
        amountMinor: 88_000,
        completedAt: minutes(30),
        outcome: 'succeeded',
      })
      // Booked as the service books a pay-out the loan no longer waits for: into suspense.
      await book(tx, story.orderId, id, {
        kind: 'unapplied',
        key: `movement:PO${ORDER_NO}-2`,
        at: minutes(30),
        lines: transfer('suspense', 'clearing.sandbox.payout', 88_000),
      })
    })
    expect(problems).toEqual([`order ${ORDER_NO} was paid out 2 times`])
  })

  it('the books check wants a reversed transfer turned around by its own reversal entry', async () => {
    const reversed = async (tx: Tx) => {
      const id = await addTransfer(tx, story.orderId, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        purpose: 'repayment',
        state: 'reversed',
        amountMinor: 3_000,
        completedAt: minutes(600),
      })
      await addSandbox(tx, {
        reference: `RP${ORDER_NO}-9`,
        kind: 'collection',
        amountMinor: 3_000,
        outcome: 'reversed',
        completesAt: minutes(590),
      })
      await book(tx, story.orderId, id, {
        kind: 'unapplied',
        key: `movement:RP${ORDER_NO}-9`,
        at: minutes(590),
        lines: transfer('clearing.sandbox.collection', 'suspense', 3_000),
      })
      return id
    }
    expect(await after(reversed)).toEqual([`transfer RP${ORDER_NO}-9 was reversed but has no reversal entry`])
    expect(
      await after(async (tx) => {
        const id = await reversed(tx)
        await post(tx, {
          orderId: story.orderId,
          kind: 'reversal',
          currency: 'TZS',
          key: `reversal:RP${ORDER_NO}-9`,
          transferId: id,
          at: minutes(600),
          lines: transfer('suspense', 'clearing.sandbox.collection', 3_000),
        })
      }),
    ).toEqual([])
  })

  it('the books check catches a transfer the sandbox moved differently or never saw', async () => {
    const problems = await after(async (tx) => {
      await tx.execute(
        sql`UPDATE sandbox_transfers SET amount_minor = 87000 WHERE reference = ${`PO${ORDER_NO}-1`}`,
      )
      await tx.execute(sql`DELETE FROM sandbox_transfers WHERE reference = ${`RFRP${ORDER_NO}-1`}`)
    })
    expect(problems).toEqual([
      `transfer PO${ORDER_NO}-1 moved 88000 but the sandbox moved 87000`,
      `transfer RFRP${ORDER_NO}-1 succeeded at sandbox, which has no record of it`,
    ])
  })

  it('the books check names orders, transfers and entries but never the wallet number', async () => {
    const problems = await after(async (tx) => {
      await injectUnbooked(tx)
      await tx.execute(
        sql`UPDATE payment_transfers SET moved_minor = 1 WHERE reference = ${`RP${ORDER_NO}-1`}`,
      )
      await tx.execute(sql`UPDATE loan_orders SET repaid_minor = 1 WHERE id = ${story.orderId}`)
    })
    expect(problems.length).toBeGreaterThanOrEqual(3)
    for (const p of problems) expect(p).not.toContain(WALLET)
  })

  it('settlement sets each day the provider’s movements against the ledger’s, per provider and direction', async () => {
    const clean = await settlementReport(database.db, { from: minutes(-600), to: NOW })
    expect(clean.rows).toEqual([
      {
        day: '2026-03-02',
        provider: 'sandbox',
        direction: 'collection',
        currency: 'TZS',
        providerMinor: 110_000,
        providerCount: 1,
        ledgerMinor: 110_000,
        ledgerCount: 1,
        differenceMinor: 0,
      },
      {
        day: '2026-03-02',
        provider: 'sandbox',
        direction: 'payout',
        currency: 'TZS',
        providerMinor: 93_000,
        providerCount: 2,
        ledgerMinor: 93_000,
        ledgerCount: 2,
        differenceMinor: 0,
      },
    ])
    expect(clean.differences).toBe(0)

    let tampered: Awaited<ReturnType<typeof settlementReport>> | null = null
    await database.db
      .transaction(async (tx) => {
        await injectUnbooked(tx)
        // An M-Pesa repayment confirmed just before midnight and booked just after.
        const id = await addTransfer(tx, story.orderId, {
          reference: `RP${ORDER_NO}-8`,
          kind: 'collection',
          purpose: 'repayment',
          state: 'succeeded',
          amountMinor: 4_000,
          provider: 'mpesa',
          completedAt: new Date('2026-03-02T23:59:59Z'),
        })
        await book(tx, story.orderId, id, {
          kind: 'unapplied',
          key: `movement:RP${ORDER_NO}-8`,
          at: new Date('2026-03-03T00:00:01Z'),
          lines: transfer('clearing.mpesa.collection', 'suspense', 4_000),
        })
        tampered = await settlementReport(tx, { from: minutes(-600), to: NOW })
        throw new Rollback()
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err
      })
    const rows = tampered!.rows.map((r) => [r.day, r.provider, r.direction, r.currency, r.differenceMinor])
    expect(rows).toEqual([
      ['2026-03-02', 'mpesa', 'collection', 'TZS', 4_000],
      ['2026-03-02', 'sandbox', 'collection', '', 12_345],
      ['2026-03-02', 'sandbox', 'collection', 'TZS', 0],
      ['2026-03-02', 'sandbox', 'payout', 'TZS', 0],
      ['2026-03-03', 'mpesa', 'collection', 'TZS', -4_000],
    ])
    expect(tampered!.differences).toBe(3)
    // Nothing after `to`: the period ends before the pay-out.
    expect((await settlementReport(database.db, { from: minutes(-600), to: minutes(0) })).rows).toEqual([])
  })

  it('npm run books exits 1 on an injected unbooked provider movement and 0 on clean books', async () => {
    const run = await scriptRunner(target, database, options)
    try {
      const clean = await run.books()
      expect(clean.status, clean.stderr).toBe(0)
      const report = JSON.parse(clean.stdout) as { books: { ok: boolean; problems: string[] } }
      expect(report.books).toMatchObject({ ok: true, problems: [] })

      await run.change(injectUnbooked)
      const dirty = await run.books()
      expect(dirty.status, dirty.stderr).toBe(1)
      const problems = (JSON.parse(dirty.stdout) as { books: { problems: string[] } }).books.problems
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(UNBOOKED)
      expect(dirty.stdout).not.toContain(WALLET)
    } finally {
      await run.change((q) => q.execute(sql`DELETE FROM sandbox_transfers WHERE reference = 'PX-INJECTED-1'`))
      await run.dispose()
    }
  })
})

const TSX = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx')
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/books.ts')

/**
 * Runs scripts/books.ts as an operator would, against the test's database: PostgreSQL through DATABASE_URL and
 * DATABASE_SCHEMA; PGlite through KOPA_DATA_DIR, a directory holding a copy of the in-memory database (PGlite is
 * one process's: each change is made on the copy between runs).
 */
async function scriptRunner(target: DatabaseTarget, database: Database, options: DatabaseOptions) {
  let env: NodeJS.ProcessEnv
  let change: (fn: (q: Queryable) => Promise<unknown>) => Promise<void>
  let dispose = async () => undefined as void
  if (target.name === 'postgres') {
    env = { DATABASE_URL: options.url, DATABASE_SCHEMA: options.schema }
    change = async (fn) => {
      await fn(database.db)
    }
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'kopa-books-'))
    const copy = new PGlite({
      dataDir: path.join(dir, 'pglite'),
      loadDataDir: await database.pglite!.dumpDataDir('none'),
    })
    await copy.waitReady
    await copy.close()
    env = { DATABASE_URL: '', KOPA_DATA_DIR: dir }
    change = async (fn) => {
      const opened = await openDatabase({ url: '', dataDir: path.join(dir, 'pglite') })
      try {
        await fn(opened.db)
      } finally {
        await opened.close()
      }
    }
    dispose = () => rm(dir, { recursive: true, force: true })
  }
  const books = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(TSX, [SCRIPT, '--json', '--from', '2026-03-01', '--to', '2026-03-03'], {
        env: { ...process.env, KOPA_MODE: 'test', ...env },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.on('error', reject)
      child.on('close', (status) => resolve({ status, stdout, stderr }))
    })
  return { books, change, dispose }
}
