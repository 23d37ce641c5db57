/**
 * Issue 18: the upload flags are an order's (spec §4: /time/upload/uploadStatus takes orderNo). What the collector
 * delivered for one loan does not count for the next one, the assessment reads the order's own report, and an
 * order number that is not the borrower's reads nothing delivered.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import { rows } from '../../server/db/client'
import { migrate, readMigrations } from '../../server/db/migrate'
import { loanOrders } from '../../server/db/schema/loans'
import { describeOnEachDatabase } from './helpers/databases'
import {
  PRODUCT,
  completeSteps,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

describeOnEachDatabase('Upload flags per order', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    const none = { requiredFlags: [], packageNames: [] }
    ls = await startLoanServer(
      target,
      'inject',
      {},
      {
        collection: { TZ: { requiredFlags: ['location', 'device'], packageNames: [] }, KE: none, MX: none },
      },
    )
  })
  afterAll(() => ls.close())

  const report = async (b: Borrower, body: { orderNo?: string; delivered: string[] }) => {
    const res = await ls.s.raw({
      method: 'POST',
      url: '/collector/report',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify(body),
    })
    return JSON.parse(res.body) as { code: number; data: T.UploadStatusFlags }
  }
  const status = (b: Borrower, orderNo: string) =>
    ok<T.UploadStatusFlags>(ls, b, '/time/upload/uploadStatus', { orderNo })
  const apply = (b: Borrower) =>
    ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 250_000_00,
      tenureDays: 120,
    })
  const statusOf = async (orderNo: string) =>
    (await ls.s.server.ctx.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)))[0]!.status

  describe('a borrower whose first loan was collected for', () => {
    it('collects again for the next loan, and each assessment reads its own order', async () => {
      const b = await register(ls.s, 'TZ')
      await completeSteps(ls, b)
      const first = await apply(b)
      expect(await status(b, first.orderNo)).toMatchObject({ location: false, device: false, sms: true })
      const answered = await report(b, { orderNo: first.orderNo, delivered: ['location', 'device'] })
      expect(answered).toMatchObject({ code: ApiCode.Ok, data: { location: true, device: true } })
      expect(await status(b, first.orderNo)).toMatchObject({ location: true, device: true })
      await ok(ls, b, '/user/submit', { orderNo: first.orderNo })
      await settle(ls)
      expect(await statusOf(first.orderNo)).toBe(14)
      await ok(ls, b, '/loan/cancel-draw-money', {
        loanOrderId: first.loanOrderId,
        reasons: ['noLongerNeeded'],
      })

      const second = await apply(b)
      expect(second.orderNo).not.toBe(first.orderNo)
      // The first loan's data does not count for the second: the collector runs again.
      expect(await status(b, second.orderNo)).toMatchObject({ location: false, device: false })
      expect(await status(b, first.orderNo)).toMatchObject({ location: true, device: true })
      // Submitted without it, the second application is refused for the missing data.
      await ok(ls, b, '/user/submit', { orderNo: second.orderNo })
      await settle(ls)
      expect(await statusOf(second.orderNo)).toBe(9)
      const [row] = await ls.s.server.ctx.db
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.orderNo, second.orderNo))
      expect((row!.assessment as { refusedBy: string[] }).refusedBy.join(',')).toContain(
        'missingData:location',
      )
    })
  })

  it('counts a report without an order number for the borrower’s latest order', async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const applied = await apply(b)
    expect((await report(b, { delivered: ['device'] })).data).toMatchObject({ device: true, location: false })
    expect(await status(b, applied.orderNo)).toMatchObject({ device: true, location: false })
  })

  it('states each country’s policy to anyone, before login, for the permission disclosure', async () => {
    const asked = await ls.s.call<T.CollectionPolicyReply>('/time/upload/policy', { code: 'TZ' })
    expect(asked).toMatchObject({ code: ApiCode.Ok, data: { country: 'TZ', requiredFlags: ['location', 'device'] } })
    expect((await ls.s.call<T.CollectionPolicyReply>('/time/upload/policy', { code: '+254' })).data).toEqual({
      country: 'KE',
      requiredFlags: [],
    })
    const unknown = await ls.s.call('/time/upload/policy', { code: 'US' })
    expect(unknown.code).toBe(ApiCode.ValidationFailed)
  })

  it('reads nothing delivered for an order number that is not the borrower’s', async () => {
    const owner = await register(ls.s, 'TZ')
    await completeSteps(ls, owner)
    const applied = await apply(owner)
    await report(owner, { orderNo: applied.orderNo, delivered: ['device', 'location'] })
    const other = await register(ls.s, 'TZ')
    expect(await status(other, applied.orderNo)).toMatchObject({ device: false, location: false })
  })
})

const PER_ORDER = '0010_upload_status_per_order.sql'

describeOnEachDatabase('Migration 0010, upload flags per order', (target) => {
  it('keeps each existing report for the borrower’s latest order, or under no order when there is none', async () => {
    const options = target.fresh()
    const database = await target.openEmpty(options)
    try {
      const all = readMigrations()
      expect(all.map((m) => m.name)).toContain(PER_ORDER)
      await migrate(
        database,
        all.filter((m) => m.name < PER_ORDER),
      )
      const db = database.db
      await db.execute(sql`INSERT INTO users (id, country, mobile, lang, created_at)
        VALUES (1, 'TZ', '712000001', 'en', now()), (2, 'TZ', '712000002', 'en', now())`)
      await db.execute(
        sql`INSERT INTO loan_products (id, country, config, names, updated_at) VALUES ('p', 'TZ', '{}', '{}', now())`,
      )
      await db.execute(sql`INSERT INTO loan_orders (order_no, user_id, country, product_id, status, currency,
          requested_minor, term_days, questionnaire_required, max_rollovers, loan, created_at, updated_at)
        VALUES ('KP1', 1, 'TZ', 'p', 4, 'TZS', 10000, 91, false, 3, NULL, now(), now()),
               ('KP2', 1, 'TZ', 'p', 19, 'TZS', 10000, 91, false, 3, NULL, now(), now())`)
      await db.execute(sql`INSERT INTO collection_reports (user_id, flags, updated_at)
        VALUES (1, '{"location": true}', now()), (2, '{"device": true}', now())`)

      expect(
        await migrate(
          database,
          all.filter((m) => m.name <= PER_ORDER),
        ),
      ).toEqual([PER_ORDER])
      const kept = await rows<{ user_id: number; order_no: string; flags: unknown }>(
        db,
        sql`SELECT user_id, order_no, flags FROM collection_reports ORDER BY user_id`,
      )
      expect(kept.map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([
        { user_id: 1, order_no: 'KP2', flags: { location: true } },
        { user_id: 2, order_no: '', flags: { device: true } },
      ])
      // One report per borrower and order.
      await db.execute(
        sql`INSERT INTO collection_reports (user_id, order_no, flags, updated_at) VALUES (1, 'KP1', '{}', now())`,
      )
      await expect(
        db.execute(
          sql`INSERT INTO collection_reports (user_id, order_no, flags, updated_at) VALUES (1, 'KP1', '{}', now())`,
        ),
      ).rejects.toThrow()
    } finally {
      await database.close()
      await target.drop(options)
    }
  })
})
