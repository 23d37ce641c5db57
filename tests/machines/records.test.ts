import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { listStateOfOrder, recordsMachine, type RecordsTab } from '../../machines/records.machine'
import type { OrderSummary, Page } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'
import type { OrderStatusCode } from '../../domain/order-status'

function summary(orderNo: string, status: OrderStatusCode): OrderSummary {
  return {
    orderNo,
    loanOrderId: `L-${orderNo}`,
    status,
    listState: listStateOfOrder({ status }),
    productName: 'Kopa Standard',
    currency: 'TZS',
    amountMinor: 100_000_00,
    tenureDays: 91,
    createdAt: '2026-10-01T08:00:00.000Z',
    dueDate: null,
    remainingMinor: null,
  }
}

function open(pages: (input: { tab: RecordsTab; page: number }) => Promise<Page<OrderSummary>>) {
  const loadOrders = vi.fn(async ({ input }: { input: { tab: RecordsTab; page: number } }) => pages(input))
  const actor = createActor(
    recordsMachine.provide({ actors: { loadOrders: fromPromise(loadOrders) } }),
  ).start()
  return { actor, loadOrders }
}

const page = (items: OrderSummary[], n: number, total: number): Page<OrderSummary> => ({
  items,
  page: n,
  pageSize: 1,
  total,
})

describe('records', () => {
  it('opens on the Incomplete tab and loads its first page', async () => {
    const { actor, loadOrders } = open(async () => page([summary('A', 2)], 1, 1))
    await waitFor(actor, (s) => s.matches('shown'))
    expect(loadOrders.mock.calls[0]![0].input).toEqual({ tab: 'incomplete', page: 1 })
    expect(actor.getSnapshot().context.orders.map((o) => o.orderNo)).toEqual(['A'])
  })

  it('loads the Finished tab from its first page when the borrower switches tabs', async () => {
    const { actor, loadOrders } = open(async ({ tab }) =>
      page([summary(tab === 'incomplete' ? 'A' : 'F', tab === 'incomplete' ? 2 : 4)], 1, 1),
    )
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'records.tabChosen', tab: 'finished' })
    await waitFor(actor, (s) => s.matches('shown') && s.context.tab === 'finished')
    expect(loadOrders.mock.calls[1]![0].input).toEqual({ tab: 'finished', page: 1 })
    expect(actor.getSnapshot().context.orders.map((o) => o.orderNo)).toEqual(['F'])
  })

  it('loads the next page only while more are left', async () => {
    const { actor, loadOrders } = open(async ({ page: n }) => page([summary(`P${n}`, 4)], n, 2))
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().can({ type: 'records.more' })).toBe(true)
    actor.send({ type: 'records.more' })
    await waitFor(actor, (s) => s.matches('shown') && s.context.orders.length === 2)
    expect(actor.getSnapshot().can({ type: 'records.more' })).toBe(false)
    expect(loadOrders).toHaveBeenCalledTimes(2)
  })

  it('shows a failed first page with a retry', async () => {
    const failure: ApiFailure = { ok: false, kind: 'timeout', message: 'errors.timeout' }
    let calls = 0
    const { actor } = open(async () => (++calls === 1 ? Promise.reject(failure) : page([], 1, 0)))
    await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'errors.timeout' })
    actor.send({ type: 'records.retried' })
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('opens the statement of a listed order and closes it', async () => {
    const { actor } = open(async () => page([summary('A', 4)], 1, 1))
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'statement.opened', orderNo: 'missing' })
    expect(actor.getSnapshot().context.statement).toBeNull()
    actor.send({ type: 'statement.opened', orderNo: 'A' })
    expect(actor.getSnapshot().context.statement?.orderNo).toBe('A')
    actor.send({ type: 'statement.closed' })
    expect(actor.getSnapshot().context.statement).toBeNull()
  })

  it('ends and tells its parent when the server ended the session', async () => {
    const ended: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }
    const { actor } = open(async () => Promise.reject(ended))
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
  })
})
