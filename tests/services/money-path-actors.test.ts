import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { agreementMachine } from '../../machines/agreement.machine'
import { loanOfferMachine } from '../../machines/loan-offer.machine'
import { recordsMachine } from '../../machines/records.machine'
import type { ApiResult } from '../../src/domain/api-result'
import type { ApiClient } from '../../services/api/client'
import { createAgreementActors } from '../../services/actors/agreement-actors'
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
  it("loads to_borrow's offer for the product the country offers", async () => {
    const { api, calls } = fakeApi((path) =>
      path === '/loan/loan-product/index'
        ? ok({ product: { productId: 'tz-standard' } })
        : ok({ productId: 'tz-standard' }),
    )
    const actor = createActor(loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls).toEqual([
      { path: '/loan/loan-product/index', payload: {} },
      { path: '/loan/product/step-amount', payload: { productId: 'tz-standard' } },
    ])
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
})
