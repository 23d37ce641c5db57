/**
 * The console's actions (issue 20 items 4 and 6): cancel an unconfirmed order, waive a penalty, write off an
 * overdue loan, resolve a receipt in suspense. Each is allowed by the lifecycle machine and the member's role only,
 * refuses bad input with the fields at fault (never a 5xx), does its work once per request and once under two
 * members acting together, is audited with before and after, and leaves the books balanced.
 */
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BooksPage, OrderStory } from '../../domain/console'
import { journalEntries, loanOrderEvents, loanOrders } from '../../server/db/schema/loans'
import { auditLog } from '../../server/db/schema/staff'
import { borrowerHistory } from '../../server/loans/service'
import { post } from '../../server/money/ledger'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
import { describeOnEachDatabase } from './helpers/databases'
import {
  advance,
  completeSteps,
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  PRODUCT,
  register,
  settle,
  startLoanServer,
  type LoanServer,
} from './loans-harness'

const TZS = 100
const DAY = 24 * 60 * 60 * 1000

describeOnEachDatabase('Actions on loans and suspense in the console', (target) => {
  let ls: LoanServer
  let staff: ConsoleStaff
  const orders: Record<'waive' | 'writeOff' | 'apply' | 'approved', string> = {
    waive: '',
    writeOff: '',
    apply: '',
    approved: '',
  }
  let n = 0
  const rid = () => `req-${++n}-abcdef`
  const inject = async (method: 'GET' | 'POST', url: string, as: string, payload?: unknown) => {
    const res = await ls.s.server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${staff.tokens.get(as)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
    return { status: res.statusCode, json: () => res.json() }
  }
  const story = async (orderNo: string, as = 'ada.admin') =>
    (await inject('GET', `/console/api/orders/${orderNo}`, as)).json() as OrderStory
  const act = (orderNo: string, action: string, as: string, body: Record<string, unknown>) =>
    inject('POST', `/console/api/orders/${orderNo}/${action}`, as, body)

  beforeAll(async () => {
    ls = await startLoanServer(target)
    for (const key of ['waive', 'writeOff', 'apply'] as const)
      orders[key] = (
        await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 91 })
      ).applied.orderNo
    await advance(ls, 93 * DAY)
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const applied = await ok<{ orderNo: string }>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 50_000 * TZS,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    orders.approved = applied.orderNo
    staff = await consoleStaff(ls.s, [
      ['sam.support', 'support'],
      ['fatma.finance', 'finance'],
      ['rita.risk', 'risk'],
      ['ada.admin', 'admin'],
    ])
    await staff.signIn()
  }, 120_000)
  afterAll(() => ls.close())

  it('offers each role only the actions the lifecycle machine allows from the order’s status', async () => {
    const approved = await story(orders.approved)
    expect(approved.status).toBe(14)
    expect(approved.actions).toEqual(['cancel'])
    expect((await story(orders.approved, 'sam.support')).actions).toEqual(['cancel'])
    expect((await story(orders.approved, 'fatma.finance')).actions).toEqual([])
    const overdue = await story(orders.waive)
    expect(overdue.status).toBe(3)
    expect(overdue.due.penaltyMinor).toBeGreaterThan(0)
    expect(overdue.actions).toEqual(['waive', 'write-off'])
    expect((await story(orders.waive, 'fatma.finance')).actions).toEqual(['waive', 'write-off'])
    expect((await story(orders.waive, 'sam.support')).actions).toEqual([])
    expect((await story(orders.waive, 'rita.risk')).actions).toEqual([])
  })

  it('refuses bad input with the fields at fault, other roles, and actions the machine does not allow', async () => {
    expect((await act(orders.waive, 'waive', 'fatma.finance', {})).json()).toMatchObject({
      error: 'invalidInput',
      fields: expect.arrayContaining(['requestId', 'note', 'amountMinor']),
    })
    const bad = await act(orders.waive, 'waive', 'fatma.finance', {
      requestId: rid(),
      note: 'x',
      amountMinor: 1.5,
    })
    expect(bad.status).toBe(400)
    expect(bad.json().fields).toEqual(['amountMinor'])
    expect((await act(orders.waive, 'cancel', 'fatma.finance', { requestId: rid(), note: 'x' })).status).toBe(
      403,
    )
    expect(
      (await act(orders.waive, 'write-off', 'sam.support', { requestId: rid(), note: 'x' })).status,
    ).toBe(403)
    const refused = await act(orders.waive, 'cancel', 'ada.admin', { requestId: rid(), note: 'no' })
    expect(refused.status).toBe(409)
    expect(refused.json()).toMatchObject({ error: 'notAllowed', status: 3 })
    expect(
      (await act(orders.approved, 'write-off', 'ada.admin', { requestId: rid(), note: 'no' })).status,
    ).toBe(409)
    expect(
      (await act('KP000000000000000', 'cancel', 'ada.admin', { requestId: rid(), note: 'no' })).status,
    ).toBe(404)
    expect(
      (await inject('POST', '/console/api/suspense/1/resolve', 'fatma.finance', { outcome: 'lost' })).status,
    ).toBe(400)
  })

  it('cancels an approved order once, even asked twice at once, and audits it', async () => {
    const requestId = rid()
    const body = { requestId, note: 'The borrower called: no longer needed' }
    const [a, b] = await Promise.all([
      act(orders.approved, 'cancel', 'sam.support', body),
      act(orders.approved, 'cancel', 'sam.support', body),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect((a.json() as { story: OrderStory }).story).toMatchObject({ status: 8, actions: [] })
    const again = await act(orders.approved, 'cancel', 'ada.admin', { requestId: rid(), note: 'again' })
    expect(again.status).toBe(409)
    const { db } = ls.s.server.ctx
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.orderNo, orders.approved))
    const events = await db.select().from(loanOrderEvents).where(eq(loanOrderEvents.orderId, order!.id))
    expect(events.filter((e) => e.event === 'staff.cancelled')).toHaveLength(1)
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'order.cancelled'))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ subject: `order:${orders.approved}`, before: { status: 14 } })
    expect(audit[0]!.after).toMatchObject({ status: 8, note: body.note })
    await expectBooksBalanced(ls)
  })

  it('waives part of a penalty, then the rest, never below zero, booked once per request', async () => {
    const before = await story(orders.waive)
    const penalty = before.due.penaltyMinor
    const part = Math.floor(penalty / 2)
    const body = { requestId: rid(), note: 'Goodwill: the borrower was in hospital', amountMinor: part }
    const [a, b] = await Promise.all([
      act(orders.waive, 'waive', 'fatma.finance', body),
      act(orders.waive, 'waive', 'fatma.finance', body),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const after = (a.json() as { story: OrderStory }).story
    expect(after.due.penaltyMinor).toBe(penalty - part)
    expect(after.ledger.filter((e) => e.kind === 'penaltyWaiver')).toHaveLength(1)
    expect(after.ledger.find((e) => e.kind === 'penaltyWaiver')!.lines).toEqual([
      { account: 'writeOff.waiver', debitMinor: part, creditMinor: 0 },
      { account: 'receivable.penalty', debitMinor: 0, creditMinor: part },
    ])
    const tooMuch = await act(orders.waive, 'waive', 'fatma.finance', {
      requestId: rid(),
      note: 'all',
      amountMinor: penalty,
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.json()).toMatchObject({ fields: ['amountMinor'], maxMinor: penalty - part })
    const rest = await act(orders.waive, 'waive', 'ada.admin', {
      requestId: rid(),
      note: 'the rest',
      amountMinor: penalty - part,
    })
    expect(rest.status).toBe(200)
    const cleared = (rest.json() as { story: OrderStory }).story
    expect(cleared.due.penaltyMinor).toBe(0)
    expect(cleared.actions).toEqual(['write-off'])
    expect(cleared.status).toBe(3)
    const audit = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.penaltyWaived'))
    expect(audit.map((r) => (r.after as { waivedMinor: number }).waivedMinor)).toEqual([part, penalty - part])
    await expectBooksBalanced(ls)
  })

  it('writes off an overdue loan once under two members at once: the order closes owing nothing', async () => {
    const before = await story(orders.writeOff)
    const owed = before.due.principalMinor + before.due.interestMinor + before.due.penaltyMinor
    const results = await Promise.all([
      act(orders.writeOff, 'write-off', 'fatma.finance', { requestId: rid(), note: 'Uncollectable' }),
      act(orders.writeOff, 'write-off', 'ada.admin', { requestId: rid(), note: 'Uncollectable' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const after = await story(orders.writeOff)
    expect(after).toMatchObject({
      status: 4,
      actions: [],
      due: { principalMinor: 0, interestMinor: 0, penaltyMinor: 0 },
    })
    const entries = after.ledger.filter((e) => e.kind === 'loanWriteOff')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.lines[0]).toEqual({ account: 'writeOff.loan', debitMinor: owed, creditMinor: 0 })
    expect(after.timeline.at(-1)).toMatchObject({ event: 'loan.writtenOff', from: 3, to: 4 })
    // Closed as 4, but no repaid loan: the ladder and the scorecard do not count it, its days late do.
    const { db, clock } = ls.s.server.ctx
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.orderNo, orders.writeOff))
    const history = await borrowerHistory(db, order!.userId, clock.now())
    expect(history).toMatchObject({ finished: 0, loans: [] })
    expect(history.worstOverdueDays).toBeGreaterThan(0)
    await expectBooksBalanced(ls)
  })

  it('resolves receipts in suspense once each: applied to an order, or paid back by hand', async () => {
    const { db, clock } = ls.s.server.ctx
    for (const receipt of ['QK1APPLY', 'QK2REFUND'])
      await post(db, {
        orderId: null,
        kind: 'unapplied',
        currency: 'TZS',
        key: `unmatched:mpesa:${receipt}`,
        at: clock.now(),
        lines: [
          { account: 'clearing.mpesa.collection', debitMinor: 5_000 * TZS },
          { account: 'suspense', creditMinor: 5_000 * TZS },
        ],
      })
    const found = await db
      .select({ id: journalEntries.id, key: journalEntries.uniqueKey })
      .from(journalEntries)
      .where(like(journalEntries.uniqueKey, 'unmatched:%'))
    const idOf = (receipt: string) => found.find((e) => e.key.includes(receipt))!.id
    const resolve = (id: number, as: string, body: Record<string, unknown>) =>
      inject('POST', `/console/api/suspense/${id}/resolve`, as, body)
    const day = clock.now().toISOString().slice(0, 10)
    const books = async () =>
      (await inject('GET', `/console/api/books?from=${day}&to=${day}`, 'fatma.finance')).json() as BooksPage
    expect((await books()).suspense.map((s) => s.id)).toEqual(
      expect.arrayContaining([idOf('QK1APPLY'), idOf('QK2REFUND')]),
    )

    expect((await resolve(idOf('QK1APPLY'), 'sam.support', { requestId: rid() })).status).toBe(403)
    const wrongOrder = await resolve(idOf('QK1APPLY'), 'fatma.finance', {
      requestId: rid(),
      note: 'x',
      outcome: 'applied',
      orderNo: orders.writeOff,
    })
    expect(wrongOrder.status).toBe(409)
    expect(wrongOrder.json()).toMatchObject({ error: 'notRepayable' })

    const before = await story(orders.apply)
    const body = {
      requestId: rid(),
      note: 'Paid by M-Pesa, named the order',
      outcome: 'applied',
      orderNo: orders.apply,
    }
    const [a, b] = await Promise.all([
      resolve(idOf('QK1APPLY'), 'fatma.finance', body),
      resolve(idOf('QK1APPLY'), 'fatma.finance', body),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.json()).toEqual({
      id: idOf('QK1APPLY'),
      outcome: 'applied',
      orderNo: orders.apply,
      reference: null,
    })
    const after = await story(orders.apply)
    expect(after.repaidMinor).toBe(before.repaidMinor + 5_000 * TZS)
    expect(after.ledger.filter((e) => e.key === `resolved:${idOf('QK1APPLY')}`)).toHaveLength(1)
    expect(after.timeline.at(-1)).toMatchObject({ event: 'repayment.partial', to: 3 })
    const other = await resolve(idOf('QK1APPLY'), 'ada.admin', { ...body, requestId: rid() })
    expect(other.status).toBe(409)
    expect(other.json()).toMatchObject({ error: 'alreadyResolved', outcome: 'applied' })

    const refunded = await Promise.all([
      resolve(idOf('QK2REFUND'), 'fatma.finance', {
        requestId: rid(),
        note: 'Sent back from the M-Pesa portal',
        outcome: 'refunded',
        reference: 'MPESA-RFD-0001',
      }),
      resolve(idOf('QK2REFUND'), 'ada.admin', {
        requestId: rid(),
        note: 'Sent back from the M-Pesa portal',
        outcome: 'refunded',
        reference: 'MPESA-RFD-0001',
      }),
    ])
    expect(refunded.map((r) => r.status).sort()).toEqual([200, 409])
    const page = await books()
    expect(page.suspense.map((s) => s.id)).not.toContain(idOf('QK1APPLY'))
    expect(page.suspense.map((s) => s.id)).not.toContain(idOf('QK2REFUND'))
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'suspense.resolved'))
    expect(audit).toHaveLength(2)
    expect(audit[1]!.after).toMatchObject({ outcome: 'refunded', reference: 'MPESA-RFD-0001' })
    await expectBooksBalanced(ls)
  })
})
