/**
 * Manual repayments in the console (issue 20 item 3): a borrower's repayment proof (a feedback ticket of type 1
 * with receipts) waits in finance's queue with its 48-hour promise; an approval books the repayment through the
 * same ledger path as a provider's callback — once, however often or however concurrently it is asked — never
 * above what the loan takes, closes the loan when it is fully repaid, and answers the ticket; a rejection gives
 * the borrower the reason. The books balance throughout, on every database.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { ProofItem } from '../../domain/console'
import { OrderStatus } from '../../domain/order-status'
import { journalEntries, paymentTransfers } from '../../server/db/schema/loans'
import { auditLog } from '../../server/db/schema/staff'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
import { describeOnEachDatabase } from './helpers/databases'
import { photo } from './helpers/images'
import {
  DAY,
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

describeOnEachDatabase('Manual repayments in the console', (target) => {
  let ls: LoanServer
  let staff: ConsoleStaff
  const request = async (method: 'GET' | 'POST', url: string, as: string, payload?: unknown) => {
    const res = await ls.s.server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${staff.tokens.get(as)}` },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    })
    return { status: res.statusCode, headers: res.headers, body: res.body, json: () => res.json() }
  }
  const queue = async (state = 'waiting') =>
    (await request('GET', `/console/api/repayment-proofs?state=${state}`, 'fatma.finance')).json()
      .proofs as ProofItem[]
  const approve = (ticketId: string, body: unknown, as = 'fatma.finance') =>
    request('POST', `/console/api/repayment-proofs/${ticketId}/approve`, as, body)

  beforeAll(async () => {
    ls = await startLoanServer(target)
    staff = await consoleStaff(ls.s, [
      ['fatma.finance', 'finance'],
      ['frank.finance', 'finance'],
      ['sam.support', 'support'],
    ])
  })
  afterAll(() => ls.close())

  /** A paid-out borrower who uploads a receipt and opens a "repaid, bill not updated" ticket for the loan. */
  async function borrowerWithProof(): Promise<{ b: Borrower; orderNo: string; ticketId: string }> {
    const { b, applied } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 91 })
    const shot = await ls.s.upload<T.UploadedFile>(
      '/feedback/upload/credential',
      photo(),
      {},
      { token: b.token },
    )
    expect(shot.code).toBe(ApiCode.Ok)
    const created = await ok<T.FeedbackCreated>(ls, b, '/feedback/create', {
      type: 1,
      description: 'I paid by M-Pesa yesterday but the loan still shows as unpaid.',
      receiverAccount: '0754 123 456',
      receipts: [shot.data.fileId],
      contact: '0754123456',
      contactTime: 'morning',
      loanOrderId: applied.loanOrderId,
    })
    await staff.signIn()
    return { b, orderNo: applied.orderNo, ticketId: created.feedbackId }
  }

  it('queues a proof with its order, what is due today and the 48-hour promise, and shows finance its receipt', async () => {
    const { ticketId, orderNo } = await borrowerWithProof()
    const waiting = await queue()
    const item = waiting.find((p) => p.ticketId === ticketId)!
    expect(item).toMatchObject({ state: 'waiting', orderNo, currency: 'TZS', overdue: false, receipts: 1 })
    expect(item.dueNowMinor).toBeGreaterThan(100_000 * TZS)
    expect(Date.parse(item.reviewBy) - Date.parse(item.uploadedAt)).toBe(2 * DAY)
    const detail = (await request('GET', `/console/api/repayment-proofs/${ticketId}`, 'fatma.finance')).json()
    expect(detail.receiptsList).toHaveLength(1)
    const image = await request('GET', detail.receiptsList[0].url, 'fatma.finance')
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toContain('image/')
    expect(image.headers['cache-control']).toBe('private, no-store')
    // Support may not review repayments; nobody signed out reads a receipt.
    expect((await request('GET', detail.receiptsList[0].url, 'sam.support')).status).toBe(403)
    expect((await request('GET', '/console/api/repayment-proofs', 'sam.support')).status).toBe(403)
    const anonymous = await ls.s.server.app.inject({ method: 'GET', url: detail.receiptsList[0].url })
    expect(anonymous.statusCode).toBe(401)
    // Two days later it is overdue.
    await ls.s.server.ctx.clock.advance(2 * DAY + 1_000)
    await staff.signIn()
    expect((await queue()).find((p) => p.ticketId === ticketId)!.overdue).toBe(true)
  })

  it('refuses bad input with the fields at fault, and an amount above what the loan takes', async () => {
    const { ticketId } = await borrowerWithProof()
    const bad = await approve(ticketId, { amountMinor: -5, reference: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.json()).toEqual({ error: 'invalidInput', fields: ['amountMinor', 'reference'] })
    expect((await approve(ticketId, {})).json()).toEqual({
      error: 'invalidInput',
      fields: ['amountMinor', 'reference'],
    })
    expect((await approve(ticketId, { amountMinor: 1.5, reference: 'QK81XYZ' })).status).toBe(400)
    expect((await approve('abc', { amountMinor: 1, reference: 'QK81XYZ' })).status).toBe(404)
    expect((await approve('999999', { amountMinor: 1, reference: 'QK81XYZ' })).status).toBe(404)
    expect((await request('GET', '/console/api/repayment-proofs?state=lost', 'fatma.finance')).status).toBe(
      400,
    )
    const rejectBad = await request(
      'POST',
      `/console/api/repayment-proofs/${ticketId}/reject`,
      'fatma.finance',
      {
        reason: ' ',
      },
    )
    expect(rejectBad.json()).toEqual({ error: 'invalidInput', fields: ['reason'] })

    const due = (await queue()).find((p) => p.ticketId === ticketId)!.dueNowMinor!
    const above = await approve(ticketId, { amountMinor: due + 1, reference: 'QK81ABOVE' })
    expect(above.status).toBe(409)
    expect(above.json()).toEqual({ error: 'aboveBalance', dueNowMinor: due })
    // Nothing was booked; the proof still waits.
    const booked = await ls.s.server.ctx.db
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.reference, `MR${ticketId}`))
    expect(booked).toEqual([])
    expect((await queue()).some((p) => p.ticketId === ticketId)).toBe(true)
    await expectBooksBalanced(ls)
  })

  it('books a partial repayment once however often it is approved, and answers the borrower', async () => {
    const { b, ticketId, orderNo } = await borrowerWithProof()
    const due = (await queue()).find((p) => p.ticketId === ticketId)!.dueNowMinor!
    const part = 20_000 * TZS
    const first = await approve(ticketId, { amountMinor: part, reference: ' qk81part ' })
    expect(first.status).toBe(200)
    expect(first.json()).toMatchObject({
      decidedNow: true,
      proof: { state: 'approved', amountMinor: part, receipt: 'QK81PART', orderNo },
    })
    const again = await approve(ticketId, { amountMinor: part + 1, reference: 'OTHER123' }, 'frank.finance')
    expect(again.status).toBe(200)
    expect(again.json()).toMatchObject({
      decidedNow: false,
      proof: { amountMinor: part, receipt: 'QK81PART' },
    })

    const db = ls.s.server.ctx.db
    const moves = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, `movement:MR${ticketId}`))
    expect(moves).toHaveLength(1)
    const story = (await request('GET', `/console/api/orders/${orderNo}`, 'fatma.finance')).json()
    expect(story.status).not.toBe(OrderStatus.Finish)
    const after = (await queue('approved')).find((p) => p.ticketId === ticketId)!
    expect(after).toMatchObject({ state: 'approved', amountMinor: part, dueNowMinor: null })
    // The same receipt code is not approved twice, on another ticket.
    const other = await borrowerWithProof()
    const reused = await approve(other.ticketId, { amountMinor: 1_000 * TZS, reference: 'QK81PART' })
    expect(reused.status).toBe(409)
    expect(reused.json()).toEqual({ error: 'receiptUsed' })

    // The borrower reads finance's answer in the ticket, and the red dot is lit.
    const detail = await ok<T.FeedbackDetail>(ls, b, '/feedback/detail', { feedbackId: ticketId })
    expect(detail.status).toBe(4)
    expect(detail.messages.at(-1)).toMatchObject({ from: 'support' })
    expect(detail.messages.at(-1)!.content).toContain('QK81PART')
    expect(due).toBeGreaterThan(part)

    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'repayment.approved'))
    const mine = audited.filter((a) => a.subject === `ticket:${ticketId}`)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.after).toMatchObject({ amountMinor: part, transfer: `MR${ticketId}`, currency: 'TZS' })
    expect(JSON.stringify(mine[0])).not.toMatch(/Asha|0754|M-Pesa/)
    await expectBooksBalanced(ls)
  })

  it('books the full balance once when two finance staff approve at the same moment, and the loan closes', async () => {
    const closedBy = await borrowerWithProof()
    const { ticketId, orderNo } = closedBy
    const due = (await queue()).find((p) => p.ticketId === ticketId)!.dueNowMinor!
    const [a, b2] = await Promise.all([
      approve(ticketId, { amountMinor: due, reference: 'QK81FULL' }),
      approve(ticketId, { amountMinor: due, reference: 'QK81FULL' }, 'frank.finance'),
    ])
    expect([a.status, b2.status]).toEqual([200, 200])
    expect([a.json().decidedNow, b2.json().decidedNow].sort()).toEqual([false, true])
    const db = ls.s.server.ctx.db
    const transfers = await db
      .select()
      .from(paymentTransfers)
      .where(eq(paymentTransfers.reference, `MR${ticketId}`))
    expect(transfers).toHaveLength(1)
    expect(transfers[0]).toMatchObject({
      state: 'succeeded',
      provider: 'manual',
      movedMinor: due,
      receipt: 'QK81FULL',
    })
    const moves = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, `movement:MR${ticketId}`))
    expect(moves).toHaveLength(1)
    const story = (await request('GET', `/console/api/orders/${orderNo}`, 'fatma.finance')).json()
    expect(story.status).toBe(OrderStatus.Finish)
    const audited = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ticket:${ticketId}`))
    expect(audited.map((r) => r.action)).toEqual(['repayment.approved'])
    // Finance's books page settles the manual collections against what was confirmed: no difference.
    const day = ls.s.server.ctx.clock.now().toISOString().slice(0, 10)
    const books = (await request('GET', `/console/api/books?from=${day}&to=${day}`, 'fatma.finance')).json()
    expect(books.check).toMatchObject({ ok: true, problems: [] })
    const manual = books.settlement.rows.find(
      (r: { provider: string; direction: string }) => r.provider === 'manual' && r.direction === 'collection',
    )
    expect(manual).toMatchObject({ differenceMinor: 0 })
    expect(manual.ledgerMinor).toBeGreaterThanOrEqual(due)
    // A finished loan takes nothing more: the borrower's next proof shows nothing due and cannot be approved.
    const shot = await ls.s.upload<T.UploadedFile>(
      '/feedback/upload/credential',
      photo(),
      {},
      { token: closedBy.b.token },
    )
    const next = await ok<T.FeedbackCreated>(ls, closedBy.b, '/feedback/create', {
      type: 1,
      description: 'I paid again by mistake.',
      receiverAccount: '0754 123 456',
      receipts: [shot.data.fileId],
      contact: '0754123456',
      contactTime: 'morning',
    })
    expect((await queue()).find((p) => p.ticketId === next.feedbackId)).toMatchObject({
      orderNo,
      dueNowMinor: null,
    })
    const late = await approve(next.feedbackId, { amountMinor: 100, reference: 'QK81AGAIN' })
    expect(late.status).toBe(409)
    expect(late.json()).toEqual({ error: 'notRepayable', orderStatus: OrderStatus.Finish })
    await expectBooksBalanced(ls)
  })

  it('books one of two proofs of the same loan approved at once for its whole balance, never both', async () => {
    const first = await borrowerWithProof()
    const shot = await ls.s.upload<T.UploadedFile>(
      '/feedback/upload/credential',
      photo(),
      {},
      { token: first.b.token },
    )
    const second = await ok<T.FeedbackCreated>(ls, first.b, '/feedback/create', {
      type: 1,
      description: 'The same payment, sent twice.',
      receiverAccount: '0754 123 456',
      receipts: [shot.data.fileId],
      contact: '0754123456',
      contactTime: 'morning',
    })
    await staff.signIn()
    const due = (await queue()).find((p) => p.ticketId === first.ticketId)!.dueNowMinor!
    const answers = await Promise.all([
      approve(first.ticketId, { amountMinor: due, reference: 'QK81TWICE1' }),
      approve(second.feedbackId, { amountMinor: due, reference: 'QK81TWICE2' }, 'frank.finance'),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const refusedOne = answers.find((a) => a.status === 409)!.json()
    expect(refusedOne).toMatchObject({ error: 'notRepayable', orderStatus: OrderStatus.Finish })
    const db = ls.s.server.ctx.db
    const booked = await db.select().from(paymentTransfers).where(eq(paymentTransfers.provider, 'manual'))
    const mine = booked.filter((t) => [`MR${first.ticketId}`, `MR${second.feedbackId}`].includes(t.reference))
    expect(mine).toHaveLength(1)
    await expectBooksBalanced(ls)
  })

  it('rejects a proof with the reason the borrower reads, and refuses to approve it afterwards', async () => {
    const { b, ticketId } = await borrowerWithProof()
    const reason = 'The receipt is for another number; please upload the M-Pesa message for this loan.'
    const res = await request('POST', `/console/api/repayment-proofs/${ticketId}/reject`, 'fatma.finance', {
      reason,
    })
    expect(res.status).toBe(200)
    expect(res.json()).toMatchObject({ decidedNow: true, proof: { state: 'rejected', reason } })
    const detail = await ok<T.FeedbackDetail>(ls, b, '/feedback/detail', { feedbackId: ticketId })
    expect(detail.messages.at(-1)!.content).toContain(reason)
    expect((await queue('rejected')).some((p) => p.ticketId === ticketId)).toBe(true)
    const late = await approve(ticketId, { amountMinor: 1_000, reference: 'QK81LATE' })
    expect(late.status).toBe(409)
    expect(late.json()).toEqual({ error: 'alreadyDecided', state: 'rejected' })
    const audited = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ticket:${ticketId}`))
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({ action: 'repayment.rejected', after: { reasonLength: reason.length } })
    expect(JSON.stringify(audited[0])).not.toContain('M-Pesa')
  })
})
