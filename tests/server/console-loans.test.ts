/**
 * Borrowers and loans in the console (issue 20 item 4): staff find a borrower by phone, ID number or order number,
 * see them masked by role, and read an order's story — status changes, transfers, schedule, ledger — with the
 * decision's explanation for risk and admins only. Each search and read is audited without the number typed.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BorrowerHit, OrderStory } from '../../domain/console'
import { profiles } from '../../server/db/schema/profile'
import { auditLog } from '../../server/db/schema/staff'
import { idNumberKey } from '../../server/profile/person-keys'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
import { describeOnEachDatabase } from './helpers/databases'
import { paidOutBorrower, startLoanServer, type LoanServer } from './loans-harness'

const TZS = 100
const NIDA = '19900517-12345-00002-26'

describeOnEachDatabase('Borrowers and loans in the console', (target) => {
  let ls: LoanServer
  let borrower: Awaited<ReturnType<typeof paidOutBorrower>>
  let staff: ConsoleStaff
  const get = async (url: string, as?: string) => {
    const res = await ls.s.server.app.inject({
      method: 'GET',
      url,
      headers: as ? { authorization: `Bearer ${staff.tokens.get(as)}` } : {},
    })
    return { status: res.statusCode, json: () => res.json() }
  }
  const search = async (q: string, as = 'sam.support') =>
    (await get(`/console/api/borrowers?q=${encodeURIComponent(q)}`, as)).json().borrowers as BorrowerHit[]

  beforeAll(async () => {
    ls = await startLoanServer(target)
    const { db, config } = ls.s.server.ctx
    staff = await consoleStaff(ls.s, [
      ['sam.support', 'support'],
      ['rita.risk', 'risk'],
      ['fatma.finance', 'finance'],
    ])
    await staff.signIn()
    borrower = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 91 })
    await db
      .update(profiles)
      .set({ personKey: idNumberKey(config.personKeySecret, 'TZ', NIDA) })
      .where(eq(profiles.userId, borrower.b.userId))
  })
  afterAll(() => ls.close())

  it('finds a borrower by phone however it is written, by ID number and by order number, masked for support', async () => {
    const { b, applied } = borrower
    const national = await search(b.mobile)
    expect(national).toHaveLength(1)
    expect(national[0]).toMatchObject({
      userId: b.userId,
      country: 'TZ',
      name: 'Asha Juma',
      matchedBy: 'mobile',
      mobile: expect.stringMatching(new RegExp(`^\\*{6,}${b.mobile.slice(-3)}$`)),
    })
    expect(national[0]!.orders[0]).toMatchObject({
      orderNo: applied.orderNo,
      status: 2,
      requestedMinor: 100_000 * TZS,
    })
    expect((await search(`+255 ${b.mobile.slice(1)}`))[0]?.userId).toBe(b.userId)
    expect((await search(NIDA))[0]).toMatchObject({ userId: b.userId, matchedBy: 'nationalId' })
    expect((await search(applied.orderNo.toLowerCase()))[0]).toMatchObject({
      userId: b.userId,
      matchedBy: 'orderNo',
    })
    expect(await search('0799999999')).toEqual([])
    // Finance sees the name's initial only.
    expect((await search(b.mobile, 'fatma.finance'))[0]?.name).toBe('A…')
  })

  it('tells the order’s story: each status change, the pay-out, the schedule and balanced ledger entries', async () => {
    const res = await get(`/console/api/orders/${borrower.applied.orderNo}`, 'sam.support')
    expect(res.status).toBe(200)
    const story = res.json() as OrderStory
    expect(story.timeline.map((e) => e.to)).toEqual([6, 12, 11, 5, 19, 1, 14, 7, 2])
    expect(story.transfers).toEqual([
      expect.objectContaining({
        kind: 'payout',
        purpose: 'disbursal',
        provider: 'sandbox',
        state: 'succeeded',
      }),
    ])
    expect(story.schedule).toHaveLength(1)
    expect(story.schedule[0]).toMatchObject({ principalMinor: 100_000 * TZS })
    expect(story.ledger.length).toBeGreaterThan(0)
    for (const entry of story.ledger) {
      const debits = entry.lines.reduce((s, l) => s + l.debitMinor, 0)
      expect(entry.lines.reduce((s, l) => s + l.creditMinor, 0)).toBe(debits)
    }
    expect(story.due.principalMinor).toBe(100_000 * TZS)
    // Support does not read decisions.
    expect(story.decision).toBeNull()
  })

  it('gives risk the decision with each rule’s points and reason', async () => {
    const story = (
      await get(`/console/api/orders/${borrower.applied.orderNo}`, 'rita.risk')
    ).json() as OrderStory
    expect(story.decision).toMatchObject({ decision: 'approve' })
    expect(story.decision!.points).toBeGreaterThanOrEqual(story.decision!.approveAt)
    expect(story.decision!.lines.length).toBeGreaterThan(0)
    expect(story.decision!.lines.every((l) => l.reason.length > 0)).toBe(true)
  })

  it('audits each search and read without the number typed, and refuses bad input and strangers', async () => {
    const rows = await ls.s.server.ctx.db.select().from(auditLog)
    const searches = rows.filter((r) => r.action === 'borrowers.searched')
    expect(searches.length).toBeGreaterThan(0)
    expect(JSON.stringify(searches)).not.toContain(borrower.b.mobile.slice(1))
    expect(JSON.stringify(searches)).not.toContain(NIDA)
    expect(rows.filter((r) => r.action === 'order.viewed').map((r) => r.subject)).toContain(
      `order:${borrower.applied.orderNo}`,
    )
    expect((await get('/console/api/borrowers?q=ab', 'sam.support')).status).toBe(400)
    expect((await get('/console/api/borrowers?q=0712345678')).status).toBe(401)
    expect((await get('/console/api/orders/KP000000000000000', 'sam.support')).status).toBe(404)
    expect((await get('/console/api/orders/<script>', 'sam.support')).status).toBe(404)
  })
})
