import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { choiceOf, loanOfferMachine, quoteOf } from '../../machines/loan-offer.machine'
import type { StepAmounts } from '../../src/domain/api-types'
import type { ApiFailure } from '../../src/domain/api-result'
import { tzStandard } from '../domain/pricing-products'

const tzs = (units: number) => units * 100

function offer(extra: Partial<StepAmounts> = {}): StepAmounts {
  return {
    productId: 'tz-standard',
    currency: 'TZS',
    minorPerUnit: 100,
    minAmountMinor: tzs(10_000),
    maxAmountMinor: tzs(300_000),
    stepMinor: tzs(1_000),
    tenureDays: [91, 120, 180],
    defaultAmountMinor: tzs(300_000),
    defaultTenureDays: 91,
    pricing: tzStandard,
    loansRepaidOnTime: 0,
    today: '2025-01-15',
    ...extra,
  }
}

describe('loan offer: what the borrower may borrow, priced on the phone', () => {
  it('loads the offer and is ready', async () => {
    const machine = loanOfferMachine.provide({ actors: { loadOffer: fromPromise(async () => offer()) } })
    const actor = createActor(machine).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snap = await waitFor(actor, (s) => s.matches('ready'))
    expect(snap.context.offer?.productId).toBe('tz-standard')
  })

  it('shows why loading failed and loads again when the borrower retries', async () => {
    const failure: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    let calls = 0
    const machine = loanOfferMachine.provide({
      actors: { loadOffer: fromPromise(async () => (++calls === 1 ? Promise.reject(failure) : offer())) },
    })
    const actor = createActor(machine).start()
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })
    actor.send({ type: 'offer.retried' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('takes the drafted amount and tenure when the offer includes them, else its defaults', () => {
    expect(choiceOf(offer(), { amountMinor: tzs(10_000), tenureDays: 120 })).toEqual({
      productId: 'tz-standard',
      amountMinor: tzs(10_000),
      tenureDays: 120,
    })
    // A draft above today's limit, off the step grid, or a tenure no longer offered.
    expect(choiceOf(offer(), { amountMinor: tzs(400_000), tenureDays: 60 })).toEqual({
      productId: 'tz-standard',
      amountMinor: tzs(300_000),
      tenureDays: 91,
    })
    expect(choiceOf(offer(), { amountMinor: tzs(10_500) }).amountMinor).toBe(tzs(300_000))
  })

  it('lets a repeat borrower keep an amount above the first-loan limit', () => {
    const repeat = offer({ loansRepaidOnTime: 1, maxAmountMinor: tzs(350_000) })
    expect(choiceOf(repeat, { amountMinor: tzs(350_000) }).amountMinor).toBe(tzs(350_000))
  })

  it('prices the spec example: 10,000 for 91 days at 30% a year is 748 interest, due 91 days after today', () => {
    const q = quoteOf(offer(), { productId: 'tz-standard', amountMinor: tzs(10_000), tenureDays: 91 })
    expect(q.interestMinor).toBe(tzs(748))
    expect(q.disbursalMinor).toBe(tzs(8_926))
    expect(q.dueDate).toBe('2025-04-16')
  })

  it('prices a repeat borrower at the lower rate of the ladder', () => {
    const q = quoteOf(offer({ loansRepaidOnTime: 1 }), {
      productId: 'tz-standard',
      amountMinor: tzs(10_000),
      tenureDays: 91,
    })
    expect(q.interestMinor).toBe(tzs(702))
  })
})
