/**
 * The books in the console (issue 20 item 6): finance and admins read the books check, the settlement per provider
 * and day, the journal's daily totals per account and the receipts in suspense, and export the reports as CSV —
 * each export in the audit log, no borrower named.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BooksPage } from '../../domain/console'
import { auditLog } from '../../server/db/schema/staff'
import { post } from '../../server/money/ledger'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
import { describeOnEachDatabase } from './helpers/databases'
import { paidOutBorrower, startLoanServer, type LoanServer } from './loans-harness'

const TZS = 100

describeOnEachDatabase('The books in the console', (target) => {
  let ls: LoanServer
  let staff: ConsoleStaff
  const get = async (url: string, as?: string) => {
    const res = await ls.s.server.app.inject({
      method: 'GET',
      url,
      headers: as ? { authorization: `Bearer ${staff.tokens.get(as)}` } : {},
    })
    return { status: res.statusCode, headers: res.headers, body: res.body, json: () => res.json() }
  }
  const today = () => ls.s.server.ctx.clock.now().toISOString().slice(0, 10)

  beforeAll(async () => {
    ls = await startLoanServer(target)
    staff = await consoleStaff(ls.s, [
      ['fatma.finance', 'finance'],
      ['sam.support', 'support'],
    ])
    await staff.signIn()
  })
  afterAll(() => ls.close())

  it('shows finance books that agree: the pay-out settled against the provider and booked to each account', async () => {
    const { applied } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 91 })
    const res = await get(`/console/api/books?from=${today()}&to=${today()}`, 'fatma.finance')
    expect(res.status).toBe(200)
    const page = res.json() as BooksPage
    expect(page.check).toMatchObject({ ok: true, problems: [] })
    const payout = page.settlement.rows.find((r) => r.direction === 'payout')!
    expect(payout).toMatchObject({
      provider: 'sandbox',
      currency: 'TZS',
      providerCount: 1,
      ledgerCount: 1,
      differenceMinor: 0,
    })
    expect(payout.providerMinor).toBe(payout.ledgerMinor)
    const principal = page.totals.find((t) => t.account === 'receivable.principal')!
    expect(principal).toMatchObject({
      day: today(),
      currency: 'TZS',
      debitMinor: 100_000 * TZS,
      creditMinor: 0,
    })
    // Every day's lines balance: what was debited was credited.
    const debits = page.totals.reduce((sum, t) => sum + t.debitMinor, 0)
    expect(page.totals.reduce((sum, t) => sum + t.creditMinor, 0)).toBe(debits)
    expect(page.suspense).toEqual([])
    // Orders by number, never a borrower's name (the harness's borrowers are all Asha Juma).
    expect(JSON.stringify(page)).not.toContain('Asha')
    expect(applied.orderNo).toBeTruthy()
  })

  it('lists a receipt waiting in suspense with its provider, receipt and amount', async () => {
    const { db, clock } = ls.s.server.ctx
    const at = clock.now()
    await post(db, {
      orderId: null,
      kind: 'unapplied',
      currency: 'TZS',
      key: 'unmatched:mpesa:QK81XYZ',
      at,
      lines: [
        { account: 'clearing.mpesa.collection', debitMinor: 5_000 * TZS },
        { account: 'suspense', creditMinor: 5_000 * TZS },
      ],
    })
    const page = (
      await get(`/console/api/books?from=${today()}&to=${today()}`, 'fatma.finance')
    ).json() as BooksPage
    expect(page.suspense).toEqual([
      {
        id: expect.any(Number),
        provider: 'mpesa',
        receipt: 'QK81XYZ',
        at: at.toISOString(),
        currency: 'TZS',
        amountMinor: 5_000 * TZS,
      },
    ])
    expect(page.check.figures.receiptsInSuspense).toBe(1)
  })

  it('exports the settlement and the daily totals as CSV, and writes each export in the audit log', async () => {
    const settlement = await get(
      `/console/api/books.csv?from=${today()}&to=${today()}&report=settlement`,
      'fatma.finance',
    )
    expect(settlement.status).toBe(200)
    expect(settlement.headers['content-disposition']).toBe(
      `attachment; filename="kopa-settlement-${today()}-${today()}.csv"`,
    )
    const lines = settlement.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'day,provider,direction,currency,provider_minor,provider_count,ledger_minor,ledger_count,difference_minor',
    )
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${today()},sandbox,payout,TZS,\\d+,1,\\d+,1,0$`)),
    )
    const accounts = await get(
      `/console/api/books.csv?from=${today()}&to=${today()}&report=accounts`,
      'fatma.finance',
    )
    expect(accounts.body.split('\r\n')[0]).toBe('day,account,currency,debit_minor,credit_minor,entries')
    expect(accounts.body).toContain(`${today()},receivable.principal,TZS,${100_000 * TZS},0,`)
    const exported = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'books.exported'))
    expect(exported.map((r) => (r.after as { report: string }).report)).toEqual(['settlement', 'accounts'])
  })

  it('lets only finance and admins read the books, and names a bad period instead of reading it', async () => {
    expect((await get(`/console/api/books?from=${today()}&to=${today()}`, 'sam.support')).status).toBe(403)
    expect((await get(`/console/api/books?from=${today()}&to=${today()}`)).status).toBe(401)
    const backwards = await get('/console/api/books?from=2026-03-10&to=2026-03-01', 'fatma.finance')
    expect(backwards.status).toBe(400)
    expect(backwards.json()).toEqual({ error: 'invalidInput', fields: ['to'], maxDays: 92 })
    const tooLong = await get('/console/api/books?from=2026-01-01&to=2026-06-30', 'fatma.finance')
    expect(tooLong.json().fields).toEqual(['to'])
    const junk = await get(
      '/console/api/books?from=yesterday&to=2026-03-01&report=everything',
      'fatma.finance',
    )
    expect(junk.json().fields).toEqual(expect.arrayContaining(['from', 'report']))
  })
})
