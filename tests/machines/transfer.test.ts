import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  TRANSFER_STATES,
  decideTransfer,
  isOpenTransfer,
  transferAt,
  type TransferEvent,
  type TransferKind,
  type TransferSnapshot,
  type TransferState,
} from '../../machines/transfer.machine'

const AMOUNT = 9_646_000

function at(state: TransferState, kind: TransferKind = 'payout') {
  return transferAt(state, { kind, amountMinor: AMOUNT })
}

/** Applies events in order; a refused event leaves the state as it was (the server stores it as not applied). */
function run(snapshot: TransferSnapshot, ...events: TransferEvent[]): TransferSnapshot {
  return events.reduce((snap, event) => {
    const d = decideTransfer(snap, event)
    return d.allowed ? d.snapshot : snap
  }, snapshot)
}

const sent: TransferEvent = { type: 'transfer.sent' }
const accepted: TransferEvent = { type: 'provider.accepted', providerRef: 'P-1' }
const success = (amountMinor: number | null, confirmed = false): TransferEvent => ({
  type: 'provider.succeeded',
  amountMinor,
  confirmed,
})
const failure = (confirmed = false): TransferEvent => ({
  type: 'provider.failed',
  reason: 'declined',
  confirmed,
})

describe('transfer machine', () => {
  it('moves a pay-out from requested through submitted and accepted to succeeded', () => {
    const snap = run(at('requested'), sent, accepted, success(AMOUNT))
    expect(snap.value).toBe('succeeded')
    expect(snap.hasTag('moved')).toBe(true)
    expect(snap.context.late).toBe(false)
  })

  it('never lets a provider answer reach a transfer that was not sent yet', () => {
    for (const event of [
      accepted,
      success(AMOUNT, true),
      failure(true),
      { type: 'provider.refused', reason: 'x' },
    ] as TransferEvent[]) {
      expect(decideTransfer(at('requested'), event).allowed).toBe(false)
    }
  })

  it('fails a transfer the provider refused when it was sent', () => {
    const snap = run(at('submitted'), { type: 'provider.refused', reason: 'invalid account' })
    expect(snap.value).toBe('failed')
  })

  it('does not apply a success callback naming another amount than asked, nor one naming none', () => {
    expect(decideTransfer(at('accepted'), success(AMOUNT - 1)).allowed).toBe(false)
    expect(decideTransfer(at('accepted'), success(null)).allowed).toBe(false)
  })

  it('takes a status query’s confirmed success, with or without an amount', () => {
    expect(run(at('accepted'), success(null, true)).value).toBe('succeeded')
    expect(run(at('accepted'), success(AMOUNT + 5, true)).value).toBe('succeeded')
  })

  it('does not fail a pay-out on a failure callback alone, only on a confirmed failure', () => {
    expect(decideTransfer(at('accepted'), failure(false)).allowed).toBe(false)
    expect(run(at('accepted'), failure(true)).value).toBe('failed')
  })

  it('fails a payment order on a failure callback, which a later success still overrides', () => {
    const failed = run(at('accepted', 'collection'), failure(false))
    expect(failed.value).toBe('failed')
    const late = run(failed, success(AMOUNT))
    expect(late.value).toBe('succeeded')
    expect(late.context.late).toBe(true)
  })

  it('books a late success after an expiry, and a confirmed failure ends the wait', () => {
    const expired = run(at('accepted'), { type: 'window.passed' })
    expect(expired.value).toBe('expired')
    expect(expired.hasTag('unresolved')).toBe(true)
    const late = run(expired, success(AMOUNT, true))
    expect(late.value).toBe('succeeded')
    expect(late.context.late).toBe(true)
    expect(run(expired, failure(true)).value).toBe('failed')
  })

  it('sends a transfer the provider never received again, and gives it up only when told to', () => {
    const again = run(at('submitted'), { type: 'provider.notFound' })
    expect(again.value).toBe('requested')
    expect(run(at('submitted'), { type: 'send.abandoned', reason: 'never reached' }).value).toBe('failed')
    expect(decideTransfer(at('accepted'), { type: 'send.abandoned', reason: 'x' }).allowed).toBe(false)
  })

  it('reverses only money that moved', () => {
    expect(run(at('succeeded'), { type: 'provider.reversed' }).value).toBe('reversed')
    for (const state of ['requested', 'submitted', 'accepted', 'failed', 'expired'] as const) {
      expect(decideTransfer(at(state), { type: 'provider.reversed' }).allowed).toBe(false)
    }
  })

  it('treats a duplicate answer as no change: a success after a success, a failure after a failure', () => {
    const done = run(at('accepted'), success(AMOUNT))
    expect(decideTransfer(done, success(AMOUNT)).allowed).toBe(false)
    expect(decideTransfer(done, failure(true)).allowed).toBe(false)
  })

  it('marks requested, submitted and accepted open, and nothing else', () => {
    expect(TRANSFER_STATES.filter(isOpenTransfer)).toEqual(['requested', 'submitted', 'accepted'])
  })

  it('never leaves succeeded for anything but a reversal, whatever the provider says in whatever order', () => {
    const events = fc.constantFrom<TransferEvent>(
      sent,
      accepted,
      success(AMOUNT),
      success(AMOUNT, true),
      success(AMOUNT - 1),
      success(null),
      failure(false),
      failure(true),
      { type: 'provider.refused', reason: 'x' },
      { type: 'provider.notFound' },
      { type: 'window.passed' },
      { type: 'send.abandoned', reason: 'x' },
    )
    fc.assert(
      fc.property(
        fc.constantFrom<TransferKind>('payout', 'collection'),
        fc.array(events, { maxLength: 12 }),
        (kind, list) => {
          let snap = at('requested', kind)
          let moved = false
          for (const event of list) {
            const d = decideTransfer(snap, event)
            if (!d.allowed) continue
            if (moved) expect(d.state).toBe('succeeded')
            snap = d.snapshot
            if (snap.value === 'succeeded') moved = true
          }
        },
      ),
    )
  })
})
