import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { APPROVAL_TTL_MS, RETRY_AFTER_MS, type OrderLifecycleEvent, type OrderLifecycleSnapshot } from '../../machines/order-lifecycle.machine'
import { decide, isOpenStatus, lifecycleAt, statusOf } from '../../machines/order-lifecycle/order-policy'
import { ORDER_STATUS_CODES, type OrderStatusCode } from '../../domain/order-status'

const T0 = Date.UTC(2026, 10, 1, 8, 0, 0)
const HOUR = 60 * 60 * 1000

/** Applies events in order; throws with the event's name when one is refused. */
function run(snapshot: OrderLifecycleSnapshot, ...events: OrderLifecycleEvent[]): OrderLifecycleSnapshot {
  return events.reduce((snap, event) => {
    const d = decide(snap, event)
    if (!d.allowed) throw new Error(`refused ${event.type} in ${String(snap.value)}`)
    return d.snapshot
  }, snapshot)
}

const onboardingTZ: OrderLifecycleEvent[] = [
  { type: 'application.started', at: T0 },
  { type: 'profile.basicSaved' },
  { type: 'profile.identityCompleted' },
  { type: 'profile.additionalSaved' },
  { type: 'wallet.added' },
]

describe('order lifecycle', () => {
  it('walks a new Tanzanian borrower through 6, 12, 11, 5 and 19 to 1', () => {
    const seen: (OrderStatusCode | null)[] = []
    let snap = lifecycleAt(null)
    for (const event of [...onboardingTZ, { type: 'collection.finished' } as const]) {
      snap = run(snap, event)
      seen.push(statusOf(snap))
    }
    expect(seen).toEqual([6, 12, 11, 5, 19, 1])
  })

  it('asks a Mexican borrower the questionnaire (17) after the wallet', () => {
    const snap = run(lifecycleAt(null, { questionnaireRequired: true }), ...onboardingTZ)
    expect(statusOf(snap)).toBe(17)
    expect(statusOf(run(snap, { type: 'questionnaire.saved' }))).toBe(19)
  })

  it('lets a repeat borrower skip onboarding straight to submission', () => {
    const snap = run(lifecycleAt(4), { type: 'application.started', at: T0 })
    expect(statusOf(snap)).toBe(19)
  })

  it('approves into 14, or 18 when a promotion produced the approval', () => {
    expect(statusOf(run(lifecycleAt(1), { type: 'assessment.approved', at: T0 }))).toBe(14)
    expect(statusOf(run(lifecycleAt(1), { type: 'assessment.approved', at: T0, viaPromotion: true }))).toBe(
      18,
    )
  })

  it('refuses a confirmation without the agreement tick', () => {
    const approved = run(lifecycleAt(1), { type: 'assessment.approved', at: T0 })
    expect(
      decide(approved, { type: 'borrower.confirmed', agreementAccepted: false, at: T0 + HOUR }).allowed,
    ).toBe(false)
    expect(
      statusOf(run(approved, { type: 'borrower.confirmed', agreementAccepted: true, at: T0 + HOUR })),
    ).toBe(7)
  })

  it('expires an approval only once 24 hours have passed, and then refuses a late confirmation', () => {
    const approved = run(lifecycleAt(1), { type: 'assessment.approved', at: T0 })
    expect(decide(approved, { type: 'approval.expired', at: T0 + APPROVAL_TTL_MS - 1 }).allowed).toBe(false)
    expect(statusOf(run(approved, { type: 'approval.expired', at: T0 + APPROVAL_TTL_MS }))).toBe(8)
    const late = { type: 'borrower.confirmed', agreementAccepted: true, at: T0 + APPROVAL_TTL_MS } as const
    expect(decide(approved, late).allowed).toBe(false)
  })

  it('cancels an approved order with exactly one reason, and never a lending one', () => {
    const approved = lifecycleAt(14, { approvedAt: T0 })
    expect(decide(approved, { type: 'borrower.cancelled', reasons: [] }).allowed).toBe(false)
    expect(decide(approved, { type: 'borrower.cancelled', reasons: ['a', 'b'] }).allowed).toBe(false)
    expect(statusOf(run(approved, { type: 'borrower.cancelled', reasons: ['rateTooHigh'] }))).toBe(8)
    expect(decide(lifecycleAt(7), { type: 'borrower.cancelled', reasons: ['rateTooHigh'] }).allowed).toBe(
      false,
    )
  })

  it('sends a failed pay-out back through collection and assessment once the wallet is corrected', () => {
    const failed = run(lifecycleAt(7), { type: 'payout.failed' })
    expect(statusOf(failed)).toBe(10)
    expect(statusOf(run(failed, { type: 'wallet.corrected' }))).toBe(19)
  })

  it('stays repaying after a partial payment and finishes after the full one', () => {
    const snap = run(lifecycleAt(7), { type: 'payout.succeeded' }, { type: 'repayment.partial' })
    expect(statusOf(snap)).toBe(2)
    expect(statusOf(run(snap, { type: 'repayment.full' }))).toBe(4)
  })

  it('turns overdue when the due date passes and accrues penalties there', () => {
    const overdue = run(lifecycleAt(2), { type: 'due.passed' }, { type: 'penalty.accrued' })
    expect(statusOf(overdue)).toBe(3)
  })

  it('allows rollovers up to the configured count', () => {
    const at = T0
    const roll = { type: 'rollover.confirmed', at, newDueAt: at + 7 * 24 * HOUR } as const
    const twice = run(lifecycleAt(2, { maxRollovers: 2 }), roll, roll)
    expect(twice.context.rolloverCount).toBe(2)
    expect(decide(twice, roll).allowed).toBe(false)
  })

  it('brings an overdue loan back to repaying only when the rollover moves the due date into the future', () => {
    const overdue = lifecycleAt(3)
    expect(statusOf(run(overdue, { type: 'rollover.confirmed', at: T0, newDueAt: T0 + HOUR }))).toBe(2)
    // A rollover that would leave the loan overdue is none: the server quotes none and refunds a late fee.
    expect(decide(overdue, { type: 'rollover.confirmed', at: T0, newDueAt: T0 - HOUR }).allowed).toBe(false)
  })

  it('lets a rejected borrower apply again only 30 days after the decision', () => {
    const rejected = run(lifecycleAt(1), { type: 'assessment.rejected', at: T0 })
    expect(statusOf(rejected)).toBe(9)
    const early = { type: 'application.started', at: T0 + RETRY_AFTER_MS - 1 } as const
    expect(decide(rejected, early).allowed).toBe(false)
    expect(statusOf(run(rejected, { ...early, at: T0 + RETRY_AFTER_MS }))).toBe(19)
  })

  it('never starts a second application while one is open', () => {
    for (const code of ORDER_STATUS_CODES.filter(isOpenStatus)) {
      const start = { type: 'application.started', at: T0 } as const
      expect(decide(lifecycleAt(code), start).allowed, `status ${code}`).toBe(false)
    }
  })
})

describe('order lifecycle under random event sequences', () => {
  const eventArb: fc.Arbitrary<OrderLifecycleEvent> = fc.oneof(
    fc.record({
      type: fc.constant('application.started' as const),
      at: fc.integer({ min: 0, max: 100 * 24 }).map((h) => T0 + h * HOUR),
    }),
    fc.constantFrom<OrderLifecycleEvent>(
      { type: 'profile.basicSaved' },
      { type: 'profile.identityCompleted' },
      { type: 'profile.additionalSaved' },
      { type: 'wallet.added' },
      { type: 'questionnaire.saved' },
      { type: 'collection.finished' },
      { type: 'payout.succeeded' },
      { type: 'payout.failed' },
      { type: 'wallet.corrected' },
      { type: 'repayment.full' },
      { type: 'repayment.partial' },
      { type: 'due.passed' },
      { type: 'penalty.accrued' },
      { type: 'staff.cancelled' },
      { type: 'loan.writtenOff' },
    ),
    fc.record({
      type: fc.constantFrom(
        'assessment.approved' as const,
        'assessment.rejected' as const,
        'approval.expired' as const,
      ),
      at: fc.integer({ min: 0, max: 100 * 24 }).map((h) => T0 + h * HOUR),
    }),
    fc.record({
      type: fc.constant('borrower.confirmed' as const),
      agreementAccepted: fc.boolean(),
      at: fc.integer({ min: 0, max: 100 * 24 }).map((h) => T0 + h * HOUR),
    }),
    fc.record({
      type: fc.constant('borrower.cancelled' as const),
      reasons: fc.array(fc.constantFrom('rateTooHigh', 'noLongerNeeded'), { maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant('rollover.confirmed' as const),
      at: fc.constant(T0),
      newDueAt: fc.integer({ min: -10, max: 10 }).map((d) => T0 + d * 24 * HOUR),
    }),
  )

  it('never reaches a status the specification does not define, and never opens a second loan', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(eventArb, { maxLength: 60 }), (questionnaireRequired, events) => {
        let snap = lifecycleAt(null, { questionnaireRequired })
        for (const event of events) {
          const before = statusOf(snap)
          const d = decide(snap, event)
          if (!d.allowed) continue
          if (d.status !== null) expect(ORDER_STATUS_CODES).toContain(d.status)
          if (event.type === 'application.started')
            expect(before === null || !isOpenStatus(before)).toBe(true)
          if (before !== null && isOpenStatus(before) && d.status !== null && !isOpenStatus(d.status)) {
            expect([4, 8, 9]).toContain(d.status)
          }
          expect(d.context.rolloverCount).toBeLessThanOrEqual(d.context.maxRollovers)
          snap = d.snapshot
        }
      }),
      { numRuns: 300 },
    )
  })

  describe("the lender's staff (the console)", () => {
    it('cancel only an approved order not yet confirmed (14, 18), to 8', () => {
      const allowedFrom = ORDER_STATUS_CODES.filter(
        (code) => decide(lifecycleAt(code), { type: 'staff.cancelled' }).allowed,
      )
      expect([...allowedFrom].sort((a, b) => a - b)).toEqual([14, 18])
      expect(statusOf(run(lifecycleAt(14, { approvedAt: T0 }), { type: 'staff.cancelled' }))).toBe(8)
      expect(statusOf(run(lifecycleAt(18, { approvedAt: T0 }), { type: 'staff.cancelled' }))).toBe(8)
    })

    it('write off only an overdue loan (3), which closes as 4', () => {
      const allowedFrom = ORDER_STATUS_CODES.filter(
        (code) => decide(lifecycleAt(code), { type: 'loan.writtenOff' }).allowed,
      )
      expect(allowedFrom).toEqual([3])
      const closed = run(lifecycleAt(3), { type: 'loan.writtenOff' })
      expect(statusOf(closed)).toBe(4)
      expect(isOpenStatus(4)).toBe(false)
    })
  })
})
