import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createEventBatcher,
  DEFAULT_FLUSH_MS,
  type EventBatch,
  type EventBatcherOptions,
  type LogEvent,
} from '../../services/bridge/event-batcher'
import { MAX_EVENTS_PER_BATCH } from '../../domain/schemas/misc'
import { bridgeOn, fakePage, settle } from './bridge-fakes'

const event = (n: number, isUpload = false): LogEvent => ({
  time: 1_700_000_000_000 + n,
  eventType: 'view',
  pageName: `page${n}`,
  isUpload,
})
const names = (batch: EventBatch) => batch.events.map((e) => e.pageName)

function setup(options: Partial<EventBatcherOptions> & { page?: ReturnType<typeof fakePage> } = {}) {
  const page = options.page ?? fakePage()
  const batches: EventBatch[] = []
  let accept = true
  const send = vi.fn(async (batch: EventBatch) => {
    batches.push(batch)
    return accept
  })
  const batcher = createEventBatcher({ window: page.win, send, ...options })
  return {
    page,
    batcher,
    batches,
    send,
    failNext: (fail: boolean) => {
      accept = !fail
    },
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('when a batch leaves', () => {
  it('sends a full batch at once', async () => {
    const { batcher, batches } = setup({ maxBatch: 3 })
    for (let i = 0; i < 3; i++) batcher.add(event(i))
    await settle()
    expect(batches.map(names)).toEqual([['page0', 'page1', 'page2']])
  })

  it('sends what is queued once the oldest event has waited flushMs', async () => {
    const { batcher, batches } = setup()
    batcher.add(event(1))
    await settle(DEFAULT_FLUSH_MS - 1)
    batcher.add(event(2))
    expect(batches).toEqual([])
    await settle(1)
    expect(batches.map(names)).toEqual([['page1', 'page2']])
  })

  it('sends at once, with what is queued, when an event is marked isUpload', async () => {
    const { batcher, batches } = setup()
    batcher.add(event(1))
    batcher.add(event(2, true))
    await settle()
    expect(batches.map(names)).toEqual([['page1', 'page2']])
  })

  it('never sends more events in one batch than the server takes', async () => {
    const { batcher, batches } = setup({ maxBatch: 1_000 })
    for (let i = 0; i < MAX_EVENTS_PER_BATCH + 1; i++) batcher.add(event(i))
    await batcher.flush()
    expect(batches.map((b) => b.events.length)).toEqual([MAX_EVENTS_PER_BATCH, 1])
  })
})

describe('when sending fails', () => {
  it('keeps the events, in order, and tries again after flushMs', async () => {
    const { batcher, batches, failNext } = setup()
    failNext(true)
    batcher.add(event(1, true))
    await settle()
    expect(batcher.pending()).toBe(1)
    failNext(false)
    batcher.add(event(2))
    await settle(DEFAULT_FLUSH_MS)
    expect(batches.map(names)).toEqual([['page1'], ['page1', 'page2']])
    expect(batcher.pending()).toBe(0)
  })

  it('waits twice as long after each failure in a row, up to maxBackoffMs, and starts again after a delivery', async () => {
    const { batcher, send, failNext } = setup({ maxBackoffMs: 4 * DEFAULT_FLUSH_MS })
    failNext(true)
    batcher.add(event(1, true))
    await settle()
    expect(send).toHaveBeenCalledTimes(1)
    // Tries at +1×, then +2×, then +4×, then +4× again (the cap).
    for (const [wait, calls] of [
      [DEFAULT_FLUSH_MS, 2],
      [2 * DEFAULT_FLUSH_MS, 3],
      [4 * DEFAULT_FLUSH_MS, 4],
      [4 * DEFAULT_FLUSH_MS, 5],
    ] as const) {
      await settle(wait - 1)
      expect(send).toHaveBeenCalledTimes(calls - 1)
      await settle(1)
      expect(send).toHaveBeenCalledTimes(calls)
    }
    failNext(false)
    await settle(4 * DEFAULT_FLUSH_MS)
    expect(batcher.pending()).toBe(0)
    const before = send.mock.calls.length
    batcher.add(event(2))
    await settle(DEFAULT_FLUSH_MS)
    expect(send).toHaveBeenCalledTimes(before + 1)
  })

  it('counts a send that throws as a failure, not a crash', async () => {
    const page = fakePage()
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(true)
    const batcher = createEventBatcher({ window: page.win, send })
    batcher.add(event(1, true))
    await settle()
    expect(batcher.pending()).toBe(1)
    await batcher.flush()
    expect(batcher.pending()).toBe(0)
  })

  it('keeps only the newest maxQueued events while offline', async () => {
    const { batcher, failNext } = setup({ maxBatch: 2, maxQueued: 4 })
    failNext(true)
    for (let i = 0; i < 10; i++) batcher.add(event(i))
    await settle()
    expect(batcher.pending()).toBe(4)
  })

  it('tries again as soon as the device is back online', async () => {
    const { page, batcher, batches, failNext } = setup()
    failNext(true)
    batcher.add(event(1, true))
    await settle()
    failNext(false)
    page.online()
    await settle()
    expect(batches.map(names)).toEqual([['page1'], ['page1']])
    expect(batcher.pending()).toBe(0)
  })
})

describe('when the page goes away', () => {
  it('hands the queue to navigator.sendBeacon with the request the composition encoded, when the page is hidden', () => {
    const sendBeacon = vi.fn(() => true)
    const page = fakePage({ sendBeacon })
    const beacon = vi.fn((batch: EventBatch) => ({ url: '/api/xyz', body: JSON.stringify(batch) }))
    const { batcher, send } = setup({ page, beacon })
    batcher.add(event(1))
    page.setVisibility('hidden')
    expect(sendBeacon).toHaveBeenCalledWith('/api/xyz', JSON.stringify({ events: [event(1)] }))
    expect(send).not.toHaveBeenCalled()
    expect(batcher.pending()).toBe(0)
  })

  it('does the same on pagehide, in batches of maxBatch, with what earlier sends could not deliver', async () => {
    const sendBeacon = vi.fn(() => true)
    const page = fakePage({ sendBeacon })
    const { batcher, failNext } = setup({
      page,
      maxBatch: 2,
      beacon: (b) => ({ url: '/b', body: names(b).join() }),
    })
    failNext(true)
    for (let i = 1; i <= 5; i++) batcher.add(event(i))
    await settle()
    expect(batcher.pending()).toBe(5)
    page.pagehide()
    expect(sendBeacon.mock.calls).toEqual([
      ['/b', 'page1,page2'],
      ['/b', 'page3,page4'],
      ['/b', 'page5'],
    ])
    expect(batcher.pending()).toBe(0)
  })

  it('falls back to an ordinary send when there is no sendBeacon, no encoder, or the beacon is refused', async () => {
    for (const variant of ['noBeaconApi', 'noEncoder', 'refused'] as const) {
      const page = fakePage({ sendBeacon: variant === 'noBeaconApi' ? null : () => variant !== 'refused' })
      const { batcher, batches } = setup({
        page,
        ...(variant === 'noEncoder' ? {} : { beacon: () => ({ url: '/b', body: 'x' }) }),
      })
      batcher.add(event(1))
      page.setVisibility('hidden')
      await settle()
      expect(batches.map(names), variant).toEqual([['page1']])
    }
  })

  it('ignores the page becoming visible again', async () => {
    const { page, batcher, send } = setup()
    batcher.add(event(1))
    page.setVisibility('visible')
    await settle()
    expect(send).not.toHaveBeenCalled()
  })

  it('stops listening once disposed', async () => {
    const sendBeacon = vi.fn(() => true)
    const page = fakePage({ sendBeacon })
    const { batcher, send } = setup({ page, beacon: () => ({ url: '/b', body: 'x' }) })
    batcher.add(event(1))
    batcher.dispose()
    page.setVisibility('hidden')
    await settle(DEFAULT_FLUSH_MS)
    expect(sendBeacon).not.toHaveBeenCalled()
    expect(send).not.toHaveBeenCalled()
  })
})

describe('events logged in a plain browser', () => {
  it('go to the batch with the fields /event/batch takes', async () => {
    const page = fakePage()
    const { bridge, batches } = bridgeOn(page)
    expect(
      bridge.logEventByLocal({ eventType: 'click', pageName: 'home', eventOption: 'apply', orderNo: 'KP9' }),
    ).toBe(true)
    await bridge.flushEvents()
    expect(batches).toEqual([
      {
        events: [
          {
            time: 1_700_000_000_000,
            eventType: 'click',
            pageName: 'home',
            eventOption: 'apply',
            orderNo: 'KP9',
            isUpload: false,
          },
        ],
      },
    ])
  })

  it('carry an attribution event as eventType "af" on the route the journey is on, with its name and values', async () => {
    const page = fakePage()
    const { bridge, batches } = bridgeOn(page, { route: () => 'toBorrow' })
    expect(bridge.logEventByAF('af_loan_apply', { amount: 50000 })).toBe(true)
    expect(bridge.logEventByAF('af_open')).toBe(true)
    await bridge.flushEvents()
    expect(batches[0]?.events).toEqual([
      {
        time: 1_700_000_000_000,
        eventType: 'af',
        pageName: 'toBorrow',
        eventOption: 'af_loan_apply {"amount":50000}',
        isUpload: false,
      },
      {
        time: 1_700_000_000_000,
        eventType: 'af',
        pageName: 'toBorrow',
        eventOption: 'af_open',
        isUpload: false,
      },
    ])
  })

  it('refuse an attribution event whose values do not fit the event’s 500-character detail', () => {
    const { bridge } = bridgeOn(fakePage())
    expect(bridge.logEventByAF('af_big', { note: 'x'.repeat(600) })).toBe(false)
  })
})
