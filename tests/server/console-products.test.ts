/**
 * Products in the console (issue 20): a risk officer or an admin changes a product without a restart; the change
 * is checked with the rules the server starts with, made on the version the editor read, kept as a version with
 * who made it and why, audited, and reaches new orders only — an order applied before keeps its version's price,
 * an approved one its frozen terms.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import type { ProductConfig } from '../../domain/product'
import { auditLog } from '../../server/db/schema/staff'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
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

const TZS = 100

describeOnEachDatabase('Products changed from the console', (target) => {
  let ls: LoanServer
  let staff: ConsoleStaff

  const request = async (method: 'GET' | 'PUT', url: string, opts: { as?: string; body?: unknown } = {}) => {
    const res = await ls.s.server.app.inject({
      method,
      url,
      headers: {
        ...(opts.as ? { authorization: `Bearer ${staff.tokens.get(opts.as)}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const product = async (as = 'rita.risk') => {
    const res = await request('GET', '/console/api/products', { as })
    const p = (
      res.body.products as { id: string; version: number; config: ProductConfig; names: object }[]
    ).find((x) => x.id === PRODUCT.TZ)!
    return p
  }
  const save = (
    base: { version: number; config: ProductConfig; names: object },
    change: Partial<ProductConfig>,
    opts: { as?: string; note?: string; active?: boolean } = {},
  ) =>
    request('PUT', `/console/api/products/${PRODUCT.TZ}`, {
      as: opts.as ?? 'rita.risk',
      body: {
        baseVersion: base.version,
        config: { ...base.config, ...change },
        names: base.names,
        active: opts.active ?? true,
        note: opts.note ?? 'rate review',
      },
    })

  const applyTz = (b: Borrower) =>
    ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 200_000 * TZS,
      tenureDays: 91,
    })
  const confirmInfo = async (b: Borrower) => {
    const order = await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    expect(order.status).toBe(14)
    return ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', { loanOrderId: order.loanOrderId })
  }
  /** Registered, every profile step done, applied: waiting at 19 to submit. */
  const applied = async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const order = await applyTz(b)
    expect(order.status).toBe(19)
    return { b, orderNo: order.orderNo }
  }
  const submitted = async (a: { b: Borrower; orderNo: string }) => {
    await ok(ls, a.b, '/user/submit', { orderNo: a.orderNo })
    await settle(ls)
    return a.b
  }

  beforeAll(async () => {
    ls = await startLoanServer(target)
    staff = await consoleStaff(ls.s, [
      ['rita.risk', 'risk'],
      ['ana.admin', 'admin'],
      ['sam.support', 'support'],
    ])
    await staff.signIn()
  })
  afterAll(() => ls.close())

  it('prices orders applied after a rate change at the new rate, and earlier ones at the rate they applied under', async () => {
    // Approved before the change: its terms are frozen. Applied before, assessed after: its version's price.
    const approvedBefore = await submitted(await applied())
    const appliedBefore = await applied()
    const frozen = await confirmInfo(approvedBefore)
    expect(frozen.interestMinor).toBe(16_380 * TZS) // 0.09% a day × 91 days × 200,000

    const before = await product()
    const res = await save(before, { interest: { dailyPpm: 800 } }, { note: 'lower rate from December' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ changed: true, product: { version: before.version + 1 } })

    const after = await submitted(await applied())
    expect((await confirmInfo(after)).interestMinor).toBe(14_560 * TZS) // 0.08% a day
    expect((await confirmInfo(await submitted(appliedBefore))).interestMinor).toBe(16_380 * TZS)
    expect((await confirmInfo(approvedBefore)).interestMinor).toBe(16_380 * TZS)

    // What borrowers are offered changed at once, without a restart.
    const visitor = await register(ls.s, 'TZ')
    const index = await ok<T.HomeIndex>(ls, visitor, '/loan/loan-product/index')
    expect(index.product?.dailyRatePercent).toBe(0.08)

    // Kept as a version with who and why, and in the audit log with before and after.
    const versions = await request('GET', `/console/api/products/${PRODUCT.TZ}/versions`, { as: 'ana.admin' })
    expect(versions.body.versions[0]).toMatchObject({
      version: before.version + 1,
      staff: 'rita.risk',
      note: 'lower rate from December',
      config: { interest: { dailyPpm: 800 } },
    })
    expect(versions.body.versions[1]).toMatchObject({
      version: before.version,
      config: { interest: { dailyPpm: 900 } },
    })
    const [audit] = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `product:${PRODUCT.TZ}`))
    expect(audit).toMatchObject({
      action: 'product.changed',
      before: { version: before.version, config: { interest: { dailyPpm: 900 } } },
      after: {
        version: before.version + 1,
        note: 'lower rate from December',
        config: { interest: { dailyPpm: 800 } },
      },
    })
  })

  it('refuses a configuration the server would not start with, naming each problem, and saves nothing', async () => {
    const base = await product()
    const tooDear = await save(base, { interest: { dailyPpm: 1_000 }, tenureDays: [30] })
    expect(tooDear.status).toBe(422)
    expect(tooDear.body.error).toBe('invalidProduct')
    expect(tooDear.body.problems.map((p: { field: string }) => p.field)).toEqual(
      expect.arrayContaining(['interest', 'tenureDays[0]']),
    )
    const moved = await save(base, { country: 'KE', currency: 'KES' } as Partial<ProductConfig>)
    expect(moved.body.problems.map((p: { field: string }) => p.field)).toEqual(['country', 'currency'])
    const broken = await save(base, { amount: 'lots' } as unknown as Partial<ProductConfig>)
    expect(broken.status).toBe(422)
    expect(broken.body.problems).toEqual([{ field: 'amount', message: 'must be an object' }])
    expect((await product()).version).toBe(base.version)
  })

  it('saves only on the version the editor read: the second of two editors is told someone saved first', async () => {
    const base = await product()
    const first = await save(base, { rollover: { ...base.config.rollover, feeBps: 150 } })
    expect(first.status).toBe(200)
    const second = await save(
      base,
      { rollover: { ...base.config.rollover, feeBps: 250 } },
      { as: 'ana.admin' },
    )
    expect(second.status).toBe(409)
    expect(second.body).toEqual({ error: 'changedMeanwhile', version: base.version + 1 })
    expect((await product()).config.rollover.feeBps).toBe(150)
    // Saving what is already there is no new version.
    const latest = await product()
    const same = await save(latest, {})
    expect(same.body).toMatchObject({ changed: false, product: { version: latest.version } })
  })

  it('lets only risk and admin read or change products, and answers bad input with the fields at fault', async () => {
    expect((await request('GET', '/console/api/products', { as: 'sam.support' })).status).toBe(403)
    expect((await request('GET', '/console/api/products')).status).toBe(401)
    const base = await product()
    expect((await save(base, {}, { as: 'sam.support' })).status).toBe(403)
    const noNote = await save(base, {}, { note: '  ' })
    expect(noNote).toEqual({ status: 400, body: { error: 'invalidInput', fields: ['note'] } })
    const bad = await request('PUT', `/console/api/products/${PRODUCT.TZ}`, {
      as: 'rita.risk',
      body: { baseVersion: 'one', config: base.config, names: { en: '' }, active: 'yes', note: 'x' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toEqual(expect.arrayContaining(['baseVersion', 'names.en', 'active']))
    expect(
      (
        await request('PUT', '/console/api/products/no-such', {
          as: 'rita.risk',
          body: { baseVersion: 1, config: base.config, names: {}, active: true, note: 'x' },
        })
      ).status,
    ).toBe(404)
    expect((await request('GET', '/console/api/products/no-such/versions', { as: 'rita.risk' })).status).toBe(
      404,
    )
  })

  it('serves a change made elsewhere — another instance or SQL by hand — without a restart, and keeps it as a version', async () => {
    const { db } = ls.s.server.ctx
    const base = await product()
    const config = { ...base.config, repayment: { ...base.config.repayment, minMinor: 2_000 * TZS } }
    await db.execute(
      sql`UPDATE loan_products SET config = ${JSON.stringify(config)}::jsonb WHERE id = ${PRODUCT.TZ}`,
    )
    await expect
      .poll(() => ls.rt.products.byId(PRODUCT.TZ)?.version, { timeout: 5_000 })
      .toBe(base.version + 1)
    expect(ls.rt.products.byId(PRODUCT.TZ)?.config.repayment.minMinor).toBe(2_000 * TZS)
    const versions = await request('GET', `/console/api/products/${PRODUCT.TZ}/versions`, { as: 'rita.risk' })
    expect(versions.body.versions[0]).toMatchObject({ version: base.version + 1, staff: null, note: null })
  })
})
