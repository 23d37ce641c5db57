/**
 * Outcome screens (issue 13 item 2; docs/decisions.md "Outcome screens"): after the money is sent, a repayment, a
 * rollover or a cancellation the journey reads the order again and opens the outcome screen with the event's
 * figures and the server's new ones; Continue goes where the order's status leads. A reload or the back button
 * never reopens it. The children that report the events are stand-ins that end with the output the real ones
 * give (their own tests cover how they get there).
 */
import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { isMoneySent, outcomeOf, type LoanOutcome } from '../../machines/loan-outcome'
import { DAY, T0, order } from './journey-fixtures'
import { finish, on, PAID_OUT, startOutcomeJourney as start } from './outcome-journey'

describe('journey: outcome screens', () => {
  it('says the money was sent when lending sees the pay-out, with what to repay by when; Continue opens repay detail', async () => {
    const { actor, server, pass } = start('lending', order(7, { disbursalMinor: 88_400_00 }))
    await on(actor, 'lending')
    server.order = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    await pass(2_000)
    const snap = await on(actor, 'outcome')
    expect(snap.context.outcome).toEqual<LoanOutcome>({
      kind: 'moneySent',
      orderNo: 'KP-1001',
      currency: 'TZS',
      amountMinor: 88_400_00,
      remainingMinor: 109_000_00,
      dueDate: '2027-01-31',
      canApplyAgain: false,
    })
    expect(snap.can({ type: 'outcome.dismissed' })).toBe(true)
    actor.send({ type: 'outcome.dismissed' })
    const after = await on(actor, 'repayDetail')
    expect(after.context.outcome).toBeNull()
  })

  it('says the money was sent when the pay-out was done before the order was read after confirming', async () => {
    const { actor, server } = start('confirmBorrow', order(14, { approvedAt: '2026-11-01T07:00:00.000Z' }), {
      confirmed: { outcome: 'confirmed' },
    })
    await on(actor, 'confirmBorrow')
    server.order = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    finish(actor.getSnapshot(), 'confirmBorrow')
    const snap = await on(actor, 'outcome')
    expect(snap.context.outcome?.kind).toBe('moneySent')
  })

  it('still opens lending after confirming while the money is on its way', async () => {
    const { actor, server } = start('confirmBorrow', order(14, { approvedAt: '2026-11-01T07:00:00.000Z' }), {
      confirmed: { outcome: 'confirmed' },
    })
    await on(actor, 'confirmBorrow')
    server.order = order(7, { disbursalMinor: 88_400_00 })
    finish(actor.getSnapshot(), 'confirmBorrow')
    await on(actor, 'lending')
  })

  it('says a part payment was received, with what is left and by when; Continue opens repay detail', async () => {
    const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    const { actor, server } = start('repayDetail', owing, { repaid: { outcome: 'paid', amountMinor: 40_000_00 } })
    await on(actor, 'repayDetail')
    server.order = { ...owing, remainingMinor: 69_000_00 }
    finish(actor.getSnapshot(), 'repayment')
    const snap = await on(actor, 'outcome')
    expect(snap.context.outcome).toMatchObject({
      kind: 'repaidInPart',
      amountMinor: 40_000_00,
      remainingMinor: 69_000_00,
      dueDate: '2027-01-31',
    })
    actor.send({ type: 'outcome.dismissed' })
    await on(actor, 'repayDetail')
  })

  it('says the loan is repaid in full and a new one may be applied for; Continue goes home', async () => {
    const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    const { actor, server } = start('repayDetail', owing, { repaid: { outcome: 'paid', amountMinor: 109_000_00 } })
    await on(actor, 'repayDetail')
    server.order = { ...owing, status: 4, remainingMinor: 0 }
    finish(actor.getSnapshot(), 'repayment')
    const snap = await on(actor, 'outcome')
    expect(snap.context.outcome).toMatchObject({
      kind: 'repaidInFull',
      amountMinor: 109_000_00,
      remainingMinor: null,
      dueDate: null,
      canApplyAgain: true,
    })
    actor.send({ type: 'outcome.dismissed' })
    await on(actor, 'home')
  })

  it('says the rollover is done with the fee paid and the new due date the server reads', async () => {
    const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    const { actor, server } = start('exhibitionPeriodDetail', owing, {
      rolledOver: { outcome: 'rolledOver', newDueDate: '2027-02-07', feeMinor: 2_500_00 },
    })
    await on(actor, 'exhibitionPeriodDetail')
    server.order = { ...owing, dueDate: '2027-02-07' }
    finish(actor.getSnapshot(), 'rollover')
    const snap = await on(actor, 'outcome')
    expect(snap.context.outcome).toMatchObject({
      kind: 'rolledOver',
      amountMinor: 2_500_00,
      remainingMinor: 109_000_00,
      dueDate: '2027-02-07',
    })
    actor.send({ type: 'outcome.dismissed' })
    await on(actor, 'repayDetail')
  })

  it.each(['confirmBorrow', 'cancellationForm'] as const)(
    'says the loan is cancelled from %s, and that the borrower may apply again; Continue goes home',
    async (entry) => {
      const approved = order(14, { approvedAt: '2026-11-01T07:00:00.000Z' })
      const { actor, server } = start(entry, approved, {
        confirmed: { outcome: 'cancelled' },
        cancelled: { outcome: 'cancelled' },
      })
      await on(actor, entry)
      server.order = { ...approved, status: 8 }
      finish(actor.getSnapshot(), entry === 'confirmBorrow' ? 'confirmBorrow' : 'cancellation')
      const snap = await on(actor, 'outcome')
      expect(snap.context.outcome).toMatchObject({
        kind: 'cancelled',
        amountMinor: 100_000_00,
        remainingMinor: null,
        canApplyAgain: true,
      })
      actor.send({ type: 'outcome.dismissed' })
      await on(actor, 'home')
    },
  )

  it('never reopens once left: the back button to it is refused', async () => {
    const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    const { actor, server } = start('repayDetail', owing, { repaid: { outcome: 'paid', amountMinor: 109_000_00 } })
    await on(actor, 'repayDetail')
    server.order = { ...owing, status: 4, remainingMinor: 0 }
    finish(actor.getSnapshot(), 'repayment')
    await on(actor, 'outcome')
    actor.send({ type: 'outcome.dismissed' })
    await on(actor, 'home')
    actor.send({ type: 'xstate.route', to: '#outcome' })
    expect(actor.getSnapshot().context.route).toBe('home')
  })

  it('opens home for a reload or a deep link to the outcome screen', async () => {
    const { actor } = start('outcome', order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' }))
    const snap = await on(actor, 'home')
    expect(snap.context.outcome ?? null).toBeNull()
  })

  it('stays on repay detail with the error when the order cannot be read after a payment', async () => {
    const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })
    const { actor, server } = start('repayDetail', owing, { repaid: { outcome: 'paid', amountMinor: 40_000_00 } })
    await on(actor, 'repayDetail')
    server.failing = true
    finish(actor.getSnapshot(), 'repayment')
    const snap = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.error !== null, { timeout: 2000 })
    expect(snap.context.route).toBe('repayDetail')
    expect(snap.context.outcome ?? null).toBeNull()
  })
})

describe('the outcome’s figures', () => {
  const sent = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })

  it('is news of money sent only for the same order moving from approved or on its way to repaying', () => {
    expect(isMoneySent(order(7), sent)).toBe(true)
    expect(isMoneySent(order(14), sent)).toBe(true)
    expect(isMoneySent(order(18), sent)).toBe(true)
    expect(isMoneySent(null, sent)).toBe(false)
    expect(isMoneySent(order(2), sent)).toBe(false)
    expect(isMoneySent(order(7), order(10))).toBe(false)
    expect(isMoneySent(order(7, { loanOrderId: 'L-0999' }), sent)).toBe(false)
  })

  it('takes no figures without an order', () => {
    expect(outcomeOf({ kind: 'moneySent' }, null, T0)).toBeNull()
  })

  it('shows the principal as sent when the server states no disbursal', () => {
    expect(outcomeOf({ kind: 'moneySent' }, { ...sent, disbursalMinor: null }, T0)?.amountMinor).toBe(100_000_00)
  })

  it("keeps the rollover offer's new due date when the order read names none", () => {
    const outcome = outcomeOf({ kind: 'rolledOver', feeMinor: 2_500_00, newDueDate: '2027-02-07' }, { ...sent, dueDate: null }, T0)
    expect(outcome?.dueDate).toBe('2027-02-07')
  })

  it('does not offer a new loan while a rejection still holds (the latest order is what decides)', () => {
    const rejected = order(9, { retryAt: new Date(T0 + 30 * DAY).toISOString() })
    expect(outcomeOf({ kind: 'cancelled' }, rejected, T0)?.canApplyAgain).toBe(false)
  })
})
