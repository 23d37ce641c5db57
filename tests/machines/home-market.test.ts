/**
 * Home's extras: the lender's notice (/loanMarket/index), the recent loans ticker (/loanMarket/lending-record)
 * for a borrower who may apply, and the repayment card's tone (/loanMarket/repay-color). Each is read where it
 * is shown, and home works without any of them.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import type { LatestOrder } from '../../machines/latest-order'
import type { ApiFailure } from '../../domain/api-result'
import type { LendingRecord, MarketIndex, RejectRecommendation, RepayColor } from '../../domain/api-types'
import { DAY, NO_PRODUCT_OVERVIEW, T0, iso, order } from './journey-fixtures'

const OVERVIEW = NO_PRODUCT_OVERVIEW
const RECORDS: LendingRecord[] = [
  { maskedMobile: '•••••••678', amountMinor: 50_000_00, currency: 'TZS', at: iso(T0 - 600_000) },
  { maskedMobile: '•••••••123', amountMinor: 20_000_00, currency: 'TZS', at: iso(T0 - 3_600_000) },
]
const DUE_SOON: RepayColor = { tone: 'dueSoon', daysToDue: 2 }
const FAILED: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
const ENDED: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }

interface Answers {
  market?: () => Promise<MarketIndex>
  records?: () => Promise<LendingRecord[]>
  tone?: () => Promise<RepayColor>
  recommendation?: () => Promise<RejectRecommendation>
}

function start(latest: LatestOrder | null, answers: Answers = {}) {
  const calls = {
    market: vi.fn(answers.market ?? (async () => ({ products: [], notice: 'Offices closed on 9 December.' }))),
    records: vi.fn(answers.records ?? (async () => RECORDS)),
    tone: vi.fn(answers.tone ?? (async () => DUE_SOON)),
  }
  const actor = createActor(
    homeMachine.provide({
      actors: {
        loadOverview: fromPromise(async () => OVERVIEW),
        checkRejectRecommendation: fromPromise(
          answers.recommendation ?? (async () => ({ show: false, retryAt: null, apps: [] })),
        ),
        loadMarket: fromPromise(() => calls.market()),
        loadLendingRecords: fromPromise(() => calls.records()),
        loadRepayTone: fromPromise(() => calls.tone()),
      },
    }),
    { input: { order: latest, now: T0 } },
  ).start()
  return { actor, calls }
}

describe('home: the lender’s notice, the recent loans and the repayment card’s tone', () => {
  it('shows the lender’s notice whatever the home state', async () => {
    for (const latest of [null, order(2), order(1)]) {
      const { actor } = start(latest)
      const snap = await waitFor(actor, (s) => s.context.notice !== null)
      expect(snap.context.notice).toBe('Offices closed on 9 December.')
    }
  })

  it('shows no notice when the lender configured none (null or blank)', async () => {
    for (const notice of [null, '  ']) {
      const { actor, calls } = start(null, { market: async () => ({ products: [], notice }) })
      await waitFor(actor, () => calls.market.mock.settledResults.length > 0)
      await waitFor(actor, (s) => s.hasTag('canLoan'))
      expect(actor.getSnapshot().context.notice).toBeNull()
    }
  })

  it('lists the recent loans for a borrower who may apply, and reads no tone', async () => {
    const { actor, calls } = start(null)
    const snap = await waitFor(actor, (s) => s.context.lendingRecords.length > 0)
    expect(snap.hasTag('canLoan')).toBe(true)
    expect(snap.context.lendingRecords).toEqual(RECORDS)
    expect(calls.tone).not.toHaveBeenCalled()
  })

  it('reads the tone of a loan being repaid or overdue, and no ticker', async () => {
    for (const [latest, tone] of [
      [order(2), DUE_SOON],
      [order(3, { overdueDays: 4 }), { tone: 'overdue', daysToDue: -4 }],
    ] as const) {
      const { actor, calls } = start(latest, { tone: async () => tone })
      const snap = await waitFor(actor, (s) => s.context.repayTone !== null)
      expect(snap.context.repayTone).toEqual(tone)
      expect(calls.records).not.toHaveBeenCalled()
    }
  })

  it('reads neither the ticker nor the tone while an application is assessed', async () => {
    const { actor, calls } = start(order(1))
    await waitFor(actor, (s) => s.hasTag('assessing') && s.context.notice !== null)
    expect(calls.records).not.toHaveBeenCalled()
    expect(calls.tone).not.toHaveBeenCalled()
  })

  it('keeps working, state and button, when the notice, the ticker, the tone or the recommendation fail', async () => {
    const failing = async () => Promise.reject(FAILED)
    const cases: [LatestOrder | null, string, 'home.apply' | 'home.pay' | null][] = [
      [null, 'canLoan', 'home.apply'],
      [order(2), 'repaying', 'home.pay'],
      [order(9, { retryAt: iso(T0 + 10 * DAY) }), 'rejected', null],
    ]
    for (const [latest, tag, button] of cases) {
      const { actor, calls } = start(latest, {
        market: failing,
        records: failing,
        tone: failing,
        recommendation: failing,
      })
      await waitFor(actor, (s) => s.hasTag(tag as never) && calls.market.mock.settledResults.length > 0)
      // Let the state's own call fail too.
      await new Promise((resolve) => setTimeout(resolve, 0))
      const snap = actor.getSnapshot()
      expect(snap.status).toBe('active')
      expect(snap.hasTag(tag as never)).toBe(true)
      if (button) expect(snap.can({ type: button })).toBe(true)
      expect(snap.context.notice).toBeNull()
    }
  })

  it('ends with the session when one of these calls says the session ended', async () => {
    for (const answers of [
      { market: async () => Promise.reject(ENDED) },
      { records: async () => Promise.reject(ENDED) },
    ] satisfies Answers[]) {
      const { actor } = start(null, answers)
      await waitFor(actor, (s) => s.status === 'done')
      expect(actor.getSnapshot().output).toEqual({ next: 'sessionEnded' })
    }
    const { actor } = start(order(2), { tone: async () => Promise.reject(ENDED) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ next: 'sessionEnded' })
  })
})
