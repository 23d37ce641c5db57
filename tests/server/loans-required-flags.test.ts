/**
 * One collection policy: the flags a country requires come from the server configuration's `collection`, which
 * the upload status shows the app and the assessment applies. A lender who requires a data set there gets
 * applications without it rejected, and others approved as before.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { loanOrders } from '../../server/db/schema/loans'
import { describeOnEachDatabase } from './helpers/databases'
import { PRODUCT, completeSteps, ok, register, settle, startLoanServer, type LoanServer } from './loans-harness'

describeOnEachDatabase('Required collector flags from the configuration', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    const none = { requiredFlags: [], packageNames: [] }
    ls = await startLoanServer(target, 'inject', {}, {
      collection: { TZ: { requiredFlags: ['location'], packageNames: [] }, KE: none, MX: none },
    })
  })
  afterAll(() => ls.close())

  it('rejects a Tanzanian application whose collector did not deliver the location the configuration requires', async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 250_000_00,
      tenureDays: 120,
    })
    // What the app is told to collect is what the assessment will check.
    const flags = await ok<T.UploadStatusFlags>(ls, b, '/time/upload/uploadStatus', { orderNo: applied.orderNo })
    expect(flags).toMatchObject({ location: false, sms: true })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(9)
    const [row] = await ls.s.server.ctx.db.select().from(loanOrders).where(eq(loanOrders.orderNo, applied.orderNo))
    expect((row!.assessment as { refusedBy: string[] }).refusedBy).toContain('missingData:location')
  })

  it('approves a Kenyan application, whose country requires nothing', async () => {
    const b = await register(ls.s, 'KE')
    await completeSteps(ls, b)
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.KE,
      amountMinor: 10_000_00,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(14)
  })
})
