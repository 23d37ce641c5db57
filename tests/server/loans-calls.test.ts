/**
 * The loan calls one by one: products per country and language, the agreement text from real figures in English,
 * Kiswahili and Spanish, the record and repayment views, Mexico's questionnaire step, the whole journey over real
 * HTTP, a refused start-up on a bad product — and bad input to every call answered with a clear code and message,
 * never a 500.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ApiPath } from '../../domain/api'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { defineProduct } from '../../domain/product'
import { loanProducts } from '../../server/db/schema/loans'
import { createLoansModule } from '../../server/loans/module'
import { MODULES } from '../../server/modules'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer } from './helpers/server'
import {
  DAY,
  PRODUCT,
  call,
  completeSteps,
  expectBooksBalanced,
  ok,
  paidOutBorrower,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

describeOnEachDatabase('Loan calls', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  it("lists each country's products in the request's language, with a repeat borrower's limits once logged in", async () => {
    const anonymous = await ok<{ products: T.ProductSummary[] }>(
      ls,
      null,
      '/loan/product/list-market',
      {},
      { lang: 'sw_KE' },
    )
    expect(anonymous.products).toHaveLength(1)
    expect(anonymous.products[0]).toMatchObject({
      productId: PRODUCT.TZ,
      name: 'Mkopo wa Haraka',
      currency: 'TZS',
      minAmountMinor: 50_000 * TZS,
      maxAmountMinor: 300_000 * TZS,
      tenureDays: [91, 120, 180],
    })
    expect(anonymous.products[0]!.dailyRatePercent).toBeCloseTo(0.09, 10)
    const english = await ok<T.MarketIndex>(ls, null, '/loanMarket/index', {}, { lang: 'en' })
    expect(english.products[0]!.name).toBe('Quick Loan')

    const kenyan = await register(ls.s, 'KE')
    const ke = await ok<{ products: T.ProductSummary[] }>(ls, kenyan, '/loan/product/list-market')
    expect(ke.products.map((p) => [p.productId, p.currency])).toEqual([[PRODUCT.KE, 'KES']])
    const steps = await ok<T.StepAmounts>(ls, kenyan, '/loan/product/step-amount', { productId: PRODUCT.KE })
    expect(steps).toMatchObject({
      minAmountMinor: 1_000_00,
      maxAmountMinor: 50_000_00,
      stepMinor: 500_00,
      defaultTenureDays: 91,
    })
    const wrongCountry = await call(ls, kenyan, '/loan/product/step-amount', { productId: PRODUCT.TZ })
    expect(wrongCountry.code).toBe(ApiCode.LoanNoProduct)
    const home = await ok<T.HomeIndex>(ls, kenyan, '/loan/loan-product/index')
    expect(home).toMatchObject({ canApply: true, repeatBorrower: false, maxTenureDays: 120, currency: 'KES' })
  })

  it('renders the agreement from real figures in English, Kiswahili and Spanish', async () => {
    const titles = { en: 'Loan agreement', sw_KE: 'Mkataba wa mkopo', es_MX: 'Contrato de préstamo' } as const
    for (const [lang, title] of Object.entries(titles)) {
      const doc = await ok<T.AgreementDocument>(ls, null, '/loan/loan-order/loanAgreement', {}, { lang })
      expect(doc.title).toBe(title)
      // The title is its own field; the body does not repeat it (the app shows it as the document's heading).
      expect(doc.html).not.toContain('<h1')
      expect(doc.html).not.toMatch(/\{\w+\}/)
    }

    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 150_000 * TZS,
      tenureDays: 120,
    })
    const early = await call(ls, b, '/loan/get-money/contract', { loanOrderId: applied.loanOrderId })
    expect(early.code).toBe(ApiCode.LoanActionNotAllowed)
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    const contract = await ok<T.AgreementDocument>(
      ls,
      b,
      '/loan/get-money/contract',
      { loanOrderId: applied.loanOrderId },
      { lang: 'sw_KE' },
    )
    expect(contract.language).toBe('sw')
    expect(contract.html).toContain(applied.orderNo)
    expect(contract.html).toContain('siku 120')
    const shillings = (minor: number) => new Intl.NumberFormat('sw-TZ').format(minor / TZS)
    for (const amount of [
      info.principalMinor,
      info.interestMinor,
      info.disbursalMinor,
      info.totalRepayableMinor,
    ]) {
      expect(contract.html).toContain(shillings(amount))
    }
    const byOrder = await ok<T.AgreementDocument>(ls, b, '/loan/loan-order/loanAgreement', {
      loanOrderId: applied.loanOrderId,
    })
    expect(byOrder.html).toContain(info.dueDate)
    await ok(ls, b, '/loan/cancel-draw-money', {
      loanOrderId: applied.loanOrderId,
      reasons: ['noLongerNeeded'],
    })
  })

  it('asks a Mexican borrower the questionnaire (17) after the wallet, and prices in MXN with the CAT "sin IVA"', async () => {
    const b = await register(ls.s, 'MX')
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.MX,
      amountMinor: 5_000_00,
      tenureDays: 91,
    })
    expect(applied.status).toBe(6)
    await completeSteps(ls, b, ['basicInfo', 'identity', 'additionalInfo', 'wallet'])
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(17)
    await completeSteps(ls, b, ['questionnaire'])
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(19)
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    expect(info).toMatchObject({ currency: 'MXN', aprLabel: 'CAT', feeTaxNameKey: 'enums.feeTax.iva' })
    expect(info.apr.excludesFeeTax).toBe(true)
    const contract = await ok<T.AgreementDocument>(
      ls,
      b,
      '/loan/get-money/contract',
      { loanOrderId: applied.loanOrderId },
      { lang: 'es_MX' },
    )
    expect(contract.html).toContain('Sin IVA, para fines informativos y de comparación.')
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await settle(ls)
    const time = await ok<T.MoneyTime>(ls, b, '/loan/get-money-time', { loanOrderId: applied.loanOrderId })
    expect(Date.parse(time.expectedBy) - Date.parse(time.expectedFrom)).toBe(50 * 60_000)
    expect(time.disbursedAt).not.toBeNull()

    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', {
      orderNo: applied.orderNo,
    })
    expect(detail.channels).toEqual([
      {
        channelId: 'clabe',
        kind: 'bankTransfer',
        provider: 'clabe',
        nameKey: 'enums.wallet.clabe',
        available: true,
      },
    ])
    const pay = await ok<T.PayOrder>(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 1_000_00,
      channelId: 'clabe',
    })
    expect(pay.instructions).toEqual({
      payTo: '646180000000000012',
      reference: pay.payOrderId,
      pushSent: false,
    })
    const mpesa = await call(ls, b, '/portal/repayment/confirm', {
      orderNo: applied.orderNo,
      amountMinor: 1_000_00,
      channelId: 'mpesa',
    })
    expect(mpesa.code).toBe(ApiCode.PaymentNoChannel)
    await settle(ls)
  })

  it('shows records, the repay list and the lending ticker without personal data', async () => {
    const { b, applied } = await paidOutBorrower(ls, { amountMinor: 100_000 * TZS, tenureDays: 91 })

    const incomplete = await ok<T.Page<T.OrderSummary>>(ls, b, '/loan/loan-order/list-market', {
      tab: 'incomplete',
    })
    expect(incomplete).toMatchObject({ page: 1, pageSize: 20, total: 1 })
    expect(incomplete.items[0]).toMatchObject({ orderNo: applied.orderNo, status: 2, listState: 'repaying' })
    const finished = await ok<T.Page<T.OrderSummary>>(ls, b, '/loan/loan-order/list-market', {
      tab: 'finished',
    })
    expect(finished.total).toBe(0)
    const repay = await ok<{ items: T.RepayProduct[] }>(ls, b, '/loanMarket/repay/products')
    expect(repay.items).toHaveLength(1)
    expect(repay.items[0]!.remainingMinor).toBeGreaterThan(100_000 * TZS)

    const ticker = await ok<{ records: T.LendingRecord[] }>(ls, null, '/loanMarket/lending-record')
    expect(ticker.records.length).toBeGreaterThan(0)
    for (const r of ticker.records) {
      expect(r.maskedMobile).toMatch(/^•+\d{3}$/)
      expect(r.maskedMobile).not.toContain(b.mobile.slice(1, 7))
    }
    // One loan at a time: nothing more is available while this one is open.
    const credit = await ok<T.CreditInfo>(ls, b, '/loan/get-credit-info')
    expect(credit.availableMinor).toBe(0)
  })

  it('states what reaches the wallet on the latest order, and offers no credit while a loan is open', async () => {
    const b = await register(ls.s, 'TZ')
    await completeSteps(ls, b)
    const latest = () => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    const credit = () => ok<T.CreditInfo>(ls, b, '/loan/get-credit-info')
    const free = await credit()
    expect(free.availableMinor).toBe(free.limitMinor)

    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000 * TZS,
      tenureDays: 91,
    })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    expect((await credit()).availableMinor).toBe(0)
    await settle(ls)

    // Approved: the quote's disbursal (principal less the processing fee and its tax) is on the order.
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    expect(info.disbursalMinor).toBe(info.principalMinor - info.processingFeeMinor - info.feeTaxMinor)
    expect(info.disbursalMinor).toBeLessThan(100_000 * TZS)
    expect(await latest()).toMatchObject({
      status: 14,
      amountMinor: 100_000 * TZS,
      disbursalMinor: info.disbursalMinor,
    })
    expect((await credit()).availableMinor).toBe(0)

    // Confirmed (7, the lending screen), then paid out (2): the same figure, the one the pay-out moved.
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    expect(await latest()).toMatchObject({
      status: 7,
      amountMinor: 100_000 * TZS,
      disbursalMinor: info.disbursalMinor,
    })
    expect((await credit()).availableMinor).toBe(0)
    await settle(ls)
    expect(await latest()).toMatchObject({ status: 2, disbursalMinor: info.disbursalMinor })
    const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', {
      orderNo: applied.orderNo,
    })
    expect(detail.disbursalMinor).toBe(info.disbursalMinor)
    const repaying = await credit()
    expect(repaying).toMatchObject({ availableMinor: 0, limitMinor: free.limitMinor })
  })

  it('walks the journey over real HTTP with real encrypted requests', async () => {
    const http = await startLoanServer(target, 'http')
    try {
      const { b, applied } = await paidOutBorrower(http, { amountMinor: 60_000 * TZS, tenureDays: 180 })
      const order = await ok<T.LatestOrder>(http, b, '/loan/loan-order/latest')
      expect(order.status).toBe(2)
      await ok(http, b, '/portal/repayment/confirm', {
        orderNo: applied.orderNo,
        amountMinor: order.remainingMinor,
        channelId: 'tigo',
      })
      await settle(http)
      expect((await ok<T.LatestOrder>(http, b, '/loan/loan-order/latest')).status).toBe(4)
      await expectBooksBalanced(http)
    } finally {
      await http.close()
    }
  })

  describe('bad input', () => {
    let b: Borrower
    let other: Borrower
    let orderNo: string
    let loanOrderId: string
    beforeAll(async () => {
      b = await register(ls.s, 'TZ')
      other = await register(ls.s, 'TZ')
      await completeSteps(ls, other)
      const applied = await ok<T.ApplyResult>(ls, other, '/loan/loan-order/apply-market', {
        productId: PRODUCT.TZ,
        amountMinor: 100_000 * TZS,
        tenureDays: 91,
      })
      orderNo = applied.orderNo
      loanOrderId = applied.loanOrderId
    })

    const V = ApiCode.ValidationFailed
    const NF = ApiCode.LoanOrderNotFound
    // Another borrower's order is "not found" for this one; malformed fields are ValidationFailed.
    const cases = (): [ApiPath, Record<string, unknown>, number][] => [
      ['/loan/product/step-amount', {}, V],
      ['/loan/product/step-amount', { productId: 42 }, V],
      ['/loan/product/step-amount', { productId: 'no-such-product' }, ApiCode.LoanNoProduct],
      ['/loan/loan-order/apply-market', {}, V],
      ['/loan/loan-order/apply-market', { productId: PRODUCT.TZ, amountMinor: '1000', tenureDays: 91 }, V],
      ['/loan/loan-order/apply-market', { productId: PRODUCT.TZ, amountMinor: 1.5, tenureDays: 91 }, V],
      ['/loan/loan-order/apply-market', { productId: PRODUCT.TZ, amountMinor: 10 * TZS, tenureDays: 91 }, V],
      [
        '/loan/loan-order/apply-market',
        { productId: PRODUCT.TZ, amountMinor: 55_555 * TZS, tenureDays: 91 },
        V,
      ],
      [
        '/loan/loan-order/apply-market',
        { productId: PRODUCT.TZ, amountMinor: 100_000 * TZS, tenureDays: 30 },
        V,
      ],
      [
        '/loan/loan-order/apply-market',
        { productId: PRODUCT.KE, amountMinor: 10_000_00, tenureDays: 91 },
        ApiCode.LoanNoProduct,
      ],
      [
        '/loan/loan-order/apply-market-again',
        { productId: PRODUCT.TZ, amountMinor: 100_000 * TZS, tenureDays: 91 },
        ApiCode.LoanNotRepeatBorrower,
      ],
      ['/user/submit', {}, V],
      ['/user/submit', { orderNo }, NF],
      ['/loan/loan-order/list-market', { tab: 'everything' }, V],
      ['/loan/loan-order/list-market', { tab: 'finished', page: 0 }, V],
      ['/loan/loan-order/list-market', { tab: 'finished', pageSize: 500 }, V],
      ['/loan/confirm/product-info', {}, V],
      ['/loan/confirm/product-info', { loanOrderId }, NF],
      ['/loan/confirm/product-info', { loanOrderId: 'x'.repeat(65) }, V],
      ['/loan/get-money', { loanOrderId }, V],
      ['/loan/get-money', { loanOrderId, agreed: true }, NF],
      ['/loan/get-money', { loanOrderId: '', agreed: true }, V],
      ['/loan/get-money/contract', { loanOrderId }, NF],
      ['/loan/get-money-time', { loanOrderId: '99999999' }, NF],
      ['/loan/cancel-draw-money', { loanOrderId, reasons: ['other'] }, NF],
      ['/loan/cancel-draw-money', { loanOrderId, reasons: ['becauseISaidSo'] }, V],
      ['/loan/cancel-draw-money', { loanOrderId, reasons: 'other' }, V],
      ['/loan/loan-order/loanAgreement', { loanOrderId }, NF],
      ['/loan/loan-order/loanAgreement', { productId: 'no-such-product' }, ApiCode.LoanNoProduct],
      ['/portal/repayment/detail', {}, V],
      ['/portal/repayment/detail', { orderNo }, NF],
      ['/portal/repayment/confirm', { orderNo, amountMinor: 1_000 * TZS, channelId: 'mpesa' }, NF],
      ['/portal/repayment/confirm', { orderNo: 'KP000', amountMinor: -5, channelId: '' }, V],
      ['/portal/repayment/confirm', { orderNo: 'KP000', amountMinor: 1_000 * TZS, channelId: 'mpesa' }, NF],
      ['/portal/repayment/pay-order', { payOrderId: '' }, V],
      ['/portal/repayment/pay-order', { payOrderId: 'PY-nothing' }, ApiCode.PaymentOrderNotFound],
      ['/repay/getExtensionData', { orderNo: 'KP000' }, NF],
      ['/repay/confirmExtensionOrder', { orderNo, channelId: 'mpesa' }, NF],
      ['/repay/confirmExtensionOrder', { orderNo }, V],
    ]

    it('answers every malformed, foreign or impossible request with a clear code and message, never a 500', async () => {
      for (const [path, payload, expected] of cases()) {
        for (const lang of ['en', 'sw_KE']) {
          const res = await call(ls, b, path, payload, { lang })
          const label = `${path} ${JSON.stringify(payload)} → ${res.code} ${res.msg}`
          expect(res.code, label).toBe(expected)
          expect((res as unknown as { status: number }).status, label).toBe(200)
          expect(res.msg, label).not.toBe('')
          expect(res.msg, label).not.toMatch(/^(errors|validation)\./)
        }
      }
    })

    it('answers the calls that need a session with "User not logged in" when there is none', async () => {
      const paths: ApiPath[] = [
        '/loan/loan-order/latest',
        '/loan/loan-order/apply-market',
        '/loan/get-money',
        '/loan/cancel-draw-money',
        '/portal/repayment/confirm',
        '/repay/confirmExtensionOrder',
        '/loanMarket/repay-color',
        '/loan/get-credit-info',
      ]
      for (const path of paths) {
        const res = await call(ls, null, path, {})
        expect(res.code, path).toBe(ApiCode.NotLoggedIn)
      }
    })

    it('refuses a status change the lifecycle does not allow with its own code', async () => {
      const c = await register(ls.s, 'TZ')
      const applied = await ok<T.ApplyResult>(ls, c, '/loan/loan-order/apply-market', {
        productId: PRODUCT.TZ,
        amountMinor: 100_000 * TZS,
        tenureDays: 91,
      })
      expect(applied.status).toBe(6)
      const early = await call(ls, c, '/user/submit', { orderNo: applied.orderNo })
      expect(early.code).toBe(ApiCode.LoanActionNotAllowed)
      expect(early.data).toEqual({ status: 6, event: 'collection.finished' })
      expect((await ok<T.LatestOrder>(ls, c, '/loan/loan-order/latest')).status).toBe(6)
    })
  })
})

describeOnEachDatabase('Starting with a bad loan product', (target) => {
  it('refuses to start and names the problem', async () => {
    const bad = defineProduct({
      id: 'tz-too-short',
      country: 'TZ',
      currency: 'TZS',
      minorPerUnit: TZS,
      amount: { minMinor: 10_000 * TZS, maxMinor: 50_000 * TZS, stepMinor: 1_000 * TZS },
      tenureDays: [30],
      interest: { annualBps: 3_000 },
      processingFee: { bps: 300 },
      feeTaxBps: 1_800,
      rollover: { feeBps: 200, maxCount: 1 },
    })
    const insertBad = {
      name: 'bad-product',
      async register(host: { db: import('../../server/db/client').Db }) {
        await host.db
          .insert(loanProducts)
          .values({ id: bad.id, country: 'TZ', config: bad, names: { en: 'Bad' }, updatedAt: new Date() })
      },
    }
    const modules = [...MODULES.filter((m) => m.name !== 'loans'), insertBad, createLoansModule()]
    await expect(startTestServer(target, 'inject', { overrides: { modules } })).rejects.toThrow(
      /tz-too-short[\s\S]*30 days is shorter than the app-store minimum of 91 days/,
    )
  })

  it('keeps a month-long clock move from changing an unapplied-for borrower', async () => {
    const ls = await startLoanServer(target)
    try {
      const b = await register(ls.s, 'TZ')
      await ls.s.server.ctx.clock.advance(31 * DAY)
      await settle(ls)
      const latest = await call(ls, b, '/loan/loan-order/latest')
      expect(latest).toMatchObject({ code: 0, data: null })
      expect((await ok<T.RepayColor>(ls, b, '/loanMarket/repay-color')).tone).toBe('none')
    } finally {
      await ls.close()
    }
  })
})
