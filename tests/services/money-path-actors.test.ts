import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { agreementMachine } from '../../machines/agreement.machine'
import { loanOfferMachine } from '../../machines/loan-offer.machine'
import { homeMachine } from '../../machines/home.machine'
import { lendingMachine } from '../../machines/lending.machine'
import { recordsMachine } from '../../machines/records.machine'
import type { ApiResult } from '../../domain/api-result'
import type { ApiClient } from '../../services/api/client'
import { createAgreementActors } from '../../services/actors/agreement-actors'
import { createJourneyActors } from '../../services/actors/journey-actors'
import { createLendingActors } from '../../services/actors/lending-actors'
import { createRepaymentActors } from '../../services/actors/repayment-actors'
import { createLoanOfferActors } from '../../services/actors/loan-offer-actors'
import { createRecordsActors } from '../../services/actors/records-actors'

/** An API client whose answers come from `handler`; every call is recorded. */
function fakeApi(handler: (path: string, payload: unknown) => ApiResult<unknown>) {
  const calls: { path: string; payload: unknown }[] = []
  const request = vi.fn(async (path: string, payload: unknown) => {
    calls.push({ path, payload })
    return handler(path, payload)
  })
  return { api: { request } as unknown as Pick<ApiClient, 'request'>, calls }
}
const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data })

describe('money-path actors', () => {
  it("loads to_borrow's offer for the product the country offers, with the product list and the credit line", async () => {
    const products = [{ productId: 'tz-standard' }, { productId: 'tz-haraka' }]
    const credit = { currency: 'TZS', limitMinor: 500_000_00, availableMinor: 500_000_00, nextLimitMinor: null }
    const { api, calls } = fakeApi((path) =>
      path === '/loan/loan-product/index'
        ? ok({ product: { productId: 'tz-standard' } })
        : path === '/loan/product/list-market'
          ? ok({ products })
          : path === '/loan/get-credit-info'
            ? ok(credit)
            : ok({ productId: 'tz-standard' }),
    )
    const actor = createActor(loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })).start()
    const ready = await waitFor(actor, (s) => s.matches('ready') && s.context.credit !== null && s.context.products.length > 0)
    expect(calls.filter((c) => c.path.includes('product/'))).toEqual([
      { path: '/loan/product/list-market', payload: {} },
      { path: '/loan/loan-product/index', payload: {} },
      { path: '/loan/product/step-amount', payload: { productId: 'tz-standard' } },
    ])
    expect(calls).toContainEqual({ path: '/loan/get-credit-info', payload: {} })
    expect(ready.context.products).toEqual(products)
    expect(ready.context.credit).toEqual(credit)
  })

  it('loads the amounts of the product the borrower picked straight from step-amount', async () => {
    const { api, calls } = fakeApi((path, payload) =>
      path === '/loan/product/list-market'
        ? ok({ products: [{ productId: 'tz-standard' }, { productId: 'tz-haraka' }] })
        : path === '/loan/loan-product/index'
          ? ok({ product: { productId: 'tz-standard' } })
          : ok({ productId: (payload as { productId?: string }).productId }),
    )
    const actor = createActor(loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })).start()
    await waitFor(actor, (s) => s.matches('ready') && s.context.products.length === 2)
    calls.length = 0
    actor.send({ type: 'offer.productChosen', productId: 'tz-haraka' })
    const ready = await waitFor(actor, (s) => s.matches('ready') && s.context.offer?.productId === 'tz-haraka')
    expect(ready.context.productId).toBe('tz-haraka')
    expect(calls).toEqual([
      { path: '/loan/loan-order/latest', payload: {} },
      { path: '/loan/product/step-amount', payload: { productId: 'tz-haraka' } },
    ])
  })

  // Issue 13: to_borrow started at the maximum; a repeat borrower starts at the last repaid loan's amount.
  it("gives the offer the last repaid loan's amount, and none when the latest order is not repaid or unreadable", async () => {
    const offerWith = async (latest: ApiResult<unknown>) => {
      const { api } = fakeApi((path) =>
        path === '/loan/loan-order/latest'
          ? latest
          : path === '/loan/loan-product/index'
            ? ok({ product: { productId: 'tz-standard' } })
            : ok({ productId: 'tz-standard' }),
      )
      const actor = createActor(loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })).start()
      return (await waitFor(actor, (s) => s.matches('ready'))).context.offer
    }
    expect((await offerWith(ok({ status: 4, amountMinor: 120_000_00 })))?.previousAmountMinor).toBe(120_000_00)
    expect((await offerWith(ok({ status: 9, amountMinor: 120_000_00 })))?.previousAmountMinor).toBeNull()
    expect((await offerWith(ok(null)))?.previousAmountMinor).toBeNull()
    expect(
      (await offerWith({ ok: false, kind: 'network', message: 'errors.network' }))?.previousAmountMinor,
    ).toBeNull()
  })

  it('says "No loan product is available right now" when the country offers none', async () => {
    const { api } = fakeApi(() => ok({ product: null }))
    const actor = createActor(loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })).start()
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.code.2101' })
  })

  it('asks for a page of the chosen records tab', async () => {
    const { api, calls } = fakeApi(() => ok({ items: [], page: 1, pageSize: 20, total: 0 }))
    const actor = createActor(recordsMachine.provide({ actors: createRecordsActors({ api }) })).start()
    await waitFor(actor, (s) => s.matches('shown'))
    expect(calls).toEqual([
      { path: '/loan/loan-order/list-market', payload: { tab: 'incomplete', page: 1, pageSize: 20 } },
    ])
  })

  it("reads the order's agreement, or the product's without an order", async () => {
    const doc = { title: 'Loan agreement', version: '1', language: 'en', html: '<p>x</p>' }
    const { api, calls } = fakeApi(() => ok(doc))
    const actors = createAgreementActors({ api })
    for (const loanOrderId of ['L-1', null]) {
      const actor = createActor(agreementMachine.provide({ actors }), { input: { loanOrderId } }).start()
      await waitFor(actor, (s) => s.matches('shown'))
    }
    expect(calls.map((c) => c.payload)).toEqual([{ loanOrderId: 'L-1' }, {}])
  })

  it("reads a confirmed order's signed contract through /loan/get-money/contract", async () => {
    const doc = { title: 'Loan contract', version: '1', language: 'en', html: '<p>x</p>' }
    const { api, calls } = fakeApi(() => ok(doc))
    const actor = createActor(agreementMachine.provide({ actors: createAgreementActors({ api }) }), {
      input: { loanOrderId: 'L-7', kind: 'contract' },
    }).start()
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(calls).toEqual([{ path: '/loan/get-money/contract', payload: { loanOrderId: 'L-7' } }])
    expect(shown.context.document).toEqual(doc)
  })

  it("reads when the confirmed order's money should arrive through /loan/get-money-time", async () => {
    const time = { expectedFrom: '2026-11-01T08:10:00.000Z', expectedBy: '2026-11-01T09:00:00.000Z', disbursedAt: null }
    const { api, calls } = fakeApi(() => ok(time))
    const actor = createActor(lendingMachine.provide({ actors: createLendingActors({ api }) }), {
      input: { loanOrderId: 'L-7' },
    }).start()
    const shown = await waitFor(actor, (s) => s.matches('expected'))
    expect(calls).toEqual([{ path: '/loan/get-money-time', payload: { loanOrderId: 'L-7' } }])
    expect(shown.context.moneyTime).toEqual(time)
  })

  it('a failed call reaches the lending child as it came (a retry is offered)', async () => {
    const { api } = fakeApi(() => ({ ok: false, kind: 'network', message: 'errors.network' }))
    const actor = createActor(lendingMachine.provide({ actors: createLendingActors({ api }) }), {
      input: { loanOrderId: 'L-7' },
    }).start()
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })
  })

  it('reads the orders with something to repay through /loanMarket/repay/products', async () => {
    const items = [{ orderNo: 'KP-1' }, { orderNo: 'KP-2' }]
    const { api, calls } = fakeApi((path) => (path === '/loanMarket/repay/products' ? ok({ items }) : ok({})))
    const { loadRepayables } = createRepaymentActors({ api, clock: { stamp: () => ({ serverNow: 0, receivedAt: 0 }) } })
    const actor = createActor(loadRepayables).start()
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual(items)
    expect(calls).toEqual([{ path: '/loanMarket/repay/products', payload: {} }])
  })

  it("reads home's notice, ticker and repayment tone through the loan-market calls", async () => {
    const answers: Record<string, unknown> = {
      '/loan/loan-product/index': { product: null, canApply: true, repeatBorrower: false },
      '/loanMarket/index': { products: [], notice: 'Closed on Sunday' },
      '/loanMarket/lending-record': { records: [{ maskedMobile: '•••••••678', amountMinor: 1, currency: 'TZS', at: 'x' }] },
      '/loanMarket/repay-color': { tone: 'dueToday', daysToDue: 0 },
    }
    const { api, calls } = fakeApi((path) => ok(answers[path]))
    const journey = createJourneyActors({ api })
    const actors = {
      loadOverview: journey.loadOverview,
      checkRejectRecommendation: journey.checkRejectRecommendation,
      loadMarket: journey.loadMarket,
      loadLendingRecords: journey.loadLendingRecords,
      loadRepayTone: journey.loadRepayTone,
    }
    const before = createActor(homeMachine.provide({ actors }), { input: { order: null, now: 0 } }).start()
    const canLoan = await waitFor(before, (s) => s.context.notice !== null && s.context.lendingRecords.length > 0)
    expect(canLoan.context.notice).toBe('Closed on Sunday')
    expect(canLoan.context.lendingRecords[0]!.maskedMobile).toBe('•••••••678')

    const repaying = { orderNo: 'KP-1', loanOrderId: 'L-1', status: 2, retryAt: null } as never
    const after = createActor(homeMachine.provide({ actors }), { input: { order: repaying, now: 0 } }).start()
    const toned = await waitFor(after, (s) => s.context.repayTone !== null)
    expect(toned.context.repayTone).toEqual({ tone: 'dueToday', daysToDue: 0 })
    for (const path of ['/loanMarket/index', '/loanMarket/lending-record', '/loanMarket/repay-color'])
      expect(calls).toContainEqual({ path, payload: {} })
  })
})
