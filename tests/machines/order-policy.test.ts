/**
 * The order lifecycle answers every status question (machines/order-lifecycle.machine.ts, "policy"): open, may
 * apply and when, the approval deadline, rollovers left, repayable, signed contract, and what each status shows
 * (step, home card, records line). The spec's own tables are written out here once, so the lifecycle's tags and
 * meta are held to them.
 */
import { describe, expect, it } from 'vitest'
import { APPROVAL_TTL_MS, RETRY_AFTER_MS, rolloversLeft } from '../../machines/order-lifecycle.machine'
import { CLOSED_STATUSES, OPEN_STATUSES, SELF_MOVING_STATUSES, REPAYABLE_STATUSES, approvalExpired, confirmDeadlineOf, decide, hasSignedContract, homeStateOf, isOpenStatus, isRepayable, lifecycleAt, listStateOf, mayApply, nextCompletedStep, recordsTabOf, retryDateOf, statusOf, stepOfStatus, type OnboardingEventType } from '../../machines/order-lifecycle/order-policy'
import {
  canApply,
  confirmDeadlineOf as latestDeadline,
  homeStateOf as latestHomeState,
  retryAtOf,
} from '../../machines/latest-order'
import { listStateOfOrder, mayContinue } from '../../machines/records.machine'
import { isMoneySent } from '../../machines/loan-outcome'
import { ORDER_STATUS_CODES, type OrderStatusCode } from '../../domain/order-status'
import { DAY, T0, iso, order } from './journey-fixtures'

const sorted = (codes: readonly number[]) => [...codes].sort((a, b) => a - b)

describe('the order lifecycle as the one place to ask about a status', () => {
  it('counts as open exactly the statuses decisions.md names: 1, 2, 3, 5–7, 10–12, 14, 17–19', () => {
    expect(sorted(OPEN_STATUSES)).toEqual([1, 2, 3, 5, 6, 7, 10, 11, 12, 14, 17, 18, 19])
    expect(sorted(CLOSED_STATUSES)).toEqual([4, 8, 9])
    for (const code of ORDER_STATUS_CODES) expect(isOpenStatus(code)).toBe(lifecycleAt(code).hasTag('open'))
    for (const code of ORDER_STATUS_CODES)
      expect(recordsTabOf(code)).toBe(isOpenStatus(code) ? 'incomplete' : 'finished')
  })

  it('has waiting screens follow exactly the statuses the server moves on by itself: 19, 1, 14, 18 and 7', () => {
    expect(sorted(SELF_MOVING_STATUSES)).toEqual([1, 7, 14, 18, 19])
  })

  it('lets a borrower apply with no order, after a repaid or cancelled one, and never while one is open', () => {
    expect(mayApply(lifecycleAt(null), T0)).toBe(true)
    expect(mayApply(lifecycleAt(4), T0)).toBe(true)
    expect(mayApply(lifecycleAt(8), T0)).toBe(true)
    for (const code of OPEN_STATUSES) expect(mayApply(lifecycleAt(code), T0), `status ${code}`).toBe(false)
  })

  it('gives a rejected borrower a retry date 30 days after the decision, and lets them apply from that instant', () => {
    const rejected = lifecycleAt(9, { rejectedAt: T0 })
    expect(retryDateOf(rejected)).toBe(T0 + 30 * DAY)
    expect(RETRY_AFTER_MS).toBe(30 * DAY)
    expect(mayApply(rejected, T0 + 30 * DAY - 1)).toBe(false)
    expect(mayApply(rejected, T0 + 30 * DAY)).toBe(true)
    expect(retryDateOf(lifecycleAt(8, { rejectedAt: T0 }))).toBeNull()
    expect(mayApply(lifecycleAt(9), T0 + 365 * DAY)).toBe(false)
  })

  it('starts a first order at personal information and every later one at submission, after a rejection too', () => {
    expect(statusOf(decideOk(lifecycleAt(null)))).toBe(6)
    for (const before of [4, 8] as const) expect(statusOf(decideOk(lifecycleAt(before, { rejectedAt: null })))).toBe(19)
    expect(statusOf(decideOk(lifecycleAt(9, { rejectedAt: T0 }), T0 + RETRY_AFTER_MS))).toBe(19)
  })

  it('sets the approval deadline 24 hours after approval, and only while the order waits for confirmation', () => {
    expect(APPROVAL_TTL_MS).toBe(DAY)
    expect(confirmDeadlineOf(lifecycleAt(14, { approvedAt: T0 }))).toBe(T0 + DAY)
    expect(confirmDeadlineOf(lifecycleAt(18, { approvedAt: T0 }))).toBe(T0 + DAY)
    expect(confirmDeadlineOf(lifecycleAt(14))).toBeNull()
    for (const code of [1, 7, 2, 8] as const)
      expect(confirmDeadlineOf(lifecycleAt(code, { approvedAt: T0 }))).toBeNull()
  })

  it('calls an approval expired from its deadline on, not a millisecond before, and never once confirmed', () => {
    const approved = lifecycleAt(14, { approvedAt: T0 })
    expect(approvalExpired(approved, T0 + DAY - 1)).toBe(false)
    expect(approvalExpired(approved, T0 + DAY)).toBe(true)
    expect(approvalExpired(lifecycleAt(7, { approvedAt: T0 }), T0 + 2 * DAY)).toBe(false)
  })

  it('counts rollovers left from the product limit, never below zero, and refuses a rollover when none are left', () => {
    expect(rolloversLeft({ rolloverCount: 0, maxRollovers: 3 })).toBe(3)
    expect(rolloversLeft({ rolloverCount: 2, maxRollovers: 3 })).toBe(1)
    expect(rolloversLeft({ rolloverCount: 4, maxRollovers: 3 })).toBe(0)
    const roll = { type: 'rollover.confirmed', at: T0, newDueAt: T0 + 7 * DAY } as const
    expect(decide(lifecycleAt(2, { rolloverCount: 2, maxRollovers: 3 }), roll).allowed).toBe(true)
    expect(decide(lifecycleAt(2, { rolloverCount: 3, maxRollovers: 3 }), roll).allowed).toBe(false)
  })

  it('repays only a loan being repaid or overdue', () => {
    expect(sorted(REPAYABLE_STATUSES)).toEqual([2, 3])
    for (const code of ORDER_STATUS_CODES) expect(isRepayable(code)).toBe(code === 2 || code === 3)
  })

  it('has a signed contract from the borrower’s confirmation on: on its way, failed pay-out, repaying, overdue, repaid', () => {
    expect(sorted(ORDER_STATUS_CODES.filter(hasSignedContract))).toEqual([2, 3, 4, 7, 10])
  })

  it('opens the screen spec §4 names for each status, and nothing for closed ones', () => {
    const spec: Record<OrderStatusCode, string | null> = {
      1: 'reviewTips',
      2: 'repayDetail',
      3: 'repayDetail',
      4: null,
      5: 'addWallet',
      6: 'personalInfo',
      7: 'lending',
      8: null,
      9: null,
      10: 'repayDetail',
      11: 'additionalInfo',
      12: 'identity',
      14: 'confirmBorrow',
      17: 'loanQuestion',
      18: 'confirmBorrow',
      19: 'finishLoading',
    }
    for (const code of ORDER_STATUS_CODES) expect(stepOfStatus(code), `status ${code}`).toBe(spec[code])
  })

  it('shows each status in the records list as spec §4 names it', () => {
    const spec: Record<OrderStatusCode, string> = {
      1: 'assessing',
      2: 'repaying',
      3: 'overdue',
      4: 'finished',
      5: 'addingCard',
      6: 'incomplete',
      7: 'disbursing',
      8: 'cancelled',
      9: 'rejected',
      10: 'failed',
      11: 'incomplete',
      12: 'incomplete',
      14: 'incomplete',
      17: 'incomplete',
      18: 'incomplete',
      19: 'assessing',
    }
    for (const code of ORDER_STATUS_CODES) {
      expect(listStateOf(code), `status ${code}`).toBe(spec[code])
      expect(listStateOfOrder({ status: code })).toBe(spec[code])
    }
  })

  it('shows the home card spec §4 names, and turns a rejection back to Apply on its retry date', () => {
    const spec: Record<OrderStatusCode, string> = {
      1: 'assessing',
      2: 'repaying',
      3: 'overdue',
      4: 'canLoan',
      5: 'canLoan',
      6: 'canLoan',
      7: 'lending',
      8: 'canLoan',
      9: 'rejected',
      10: 'failed',
      11: 'canLoan',
      12: 'canLoan',
      14: 'approved',
      17: 'canLoan',
      18: 'approved',
      19: 'assessing',
    }
    for (const code of ORDER_STATUS_CODES) {
      expect(homeStateOf(lifecycleAt(code, { rejectedAt: T0 }), T0), `status ${code}`).toBe(spec[code])
    }
    expect(homeStateOf(lifecycleAt(null), T0)).toBe('canLoan')
    expect(homeStateOf(lifecycleAt(9, { rejectedAt: T0 }), T0 + RETRY_AFTER_MS)).toBe('canLoan')
  })

  it('moves an onboarding order past each step already done, and stops at the first one not done', () => {
    const done = (...types: OnboardingEventType[]) =>
      Object.fromEntries(
        (
          [
            'profile.basicSaved',
            'profile.identityCompleted',
            'profile.additionalSaved',
            'wallet.added',
            'questionnaire.saved',
          ] as const
        ).map((t) => [t, types.includes(t)]),
      ) as Record<OnboardingEventType, boolean>
    const walk = (snap: ReturnType<typeof lifecycleAt>, steps: Record<OnboardingEventType, boolean>) => {
      for (;;) {
        const event = nextCompletedStep(snap, steps)
        if (!event) return statusOf(snap)
        const d = decide(snap, event)
        if (!d.allowed) throw new Error(`refused ${event.type}`)
        snap = d.snapshot
      }
    }
    expect(walk(lifecycleAt(6), done())).toBe(6)
    expect(walk(lifecycleAt(6), done('profile.basicSaved', 'profile.additionalSaved'))).toBe(12)
    expect(
      walk(
        lifecycleAt(6),
        done('profile.basicSaved', 'profile.identityCompleted', 'profile.additionalSaved', 'wallet.added'),
      ),
    ).toBe(19)
    const mexico = lifecycleAt(6, { questionnaireRequired: true })
    expect(
      walk(
        mexico,
        done('profile.basicSaved', 'profile.identityCompleted', 'profile.additionalSaved', 'wallet.added'),
      ),
    ).toBe(17)
    expect(nextCompletedStep(lifecycleAt(19), done('wallet.added', 'questionnaire.saved'))).toBeNull()
  })
})

describe('the app asks the lifecycle about its latest order', () => {
  it('takes the server’s confirmBy and retryAt as the lifecycle’s deadlines', () => {
    expect(latestDeadline(order(14, { approvedAt: iso(T0), confirmBy: iso(T0 + DAY - 60_000) }))).toBe(
      T0 + DAY - 60_000,
    )
    expect(latestDeadline(order(18, { approvedAt: iso(T0) }))).toBe(T0 + DAY)
    const rejected = order(9, { retryAt: iso(T0 + 30 * DAY) })
    expect(retryAtOf(rejected)).toBe(T0 + 30 * DAY)
    expect(canApply(rejected, T0 + 30 * DAY - 1)).toBe(false)
    expect(canApply(rejected, T0 + 30 * DAY)).toBe(true)
    expect(latestHomeState(rejected, T0)).toBe('rejected')
    expect(latestHomeState(rejected, T0 + 30 * DAY)).toBe('canLoan')
    expect(canApply(order(9), T0 + 365 * DAY)).toBe(false)
  })

  it('offers to continue an order from the records only when it is open and the borrower’s current one', () => {
    expect(mayContinue({ status: 2, orderNo: 'KP-1' }, 'KP-1')).toBe(true)
    expect(mayContinue({ status: 2, orderNo: 'KP-1' }, 'KP-2')).toBe(false)
    expect(mayContinue({ status: 4, orderNo: 'KP-1' }, 'KP-1')).toBe(false)
    expect(mayContinue({ status: 6, orderNo: 'KP-1' }, undefined)).toBe(false)
  })

  it('calls the money sent only when an order approved or on its way is now being repaid', () => {
    for (const known of [14, 18, 7] as const) expect(isMoneySent(order(known), order(2))).toBe(true)
    for (const known of [1, 19, 10, 2] as const) expect(isMoneySent(order(known), order(2))).toBe(false)
    expect(isMoneySent(order(7), order(10))).toBe(false)
    expect(isMoneySent(order(7), order(2, { loanOrderId: 'L-2' }))).toBe(false)
  })
})

function decideOk(snap: ReturnType<typeof lifecycleAt>, at = T0) {
  const d = decide(snap, { type: 'application.started', at })
  if (!d.allowed) throw new Error('refused application.started')
  return d.snapshot
}
