import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { choiceOf, loanOfferMachine, quoteOf, type LoanOffer } from '../../machines/loan-offer.machine'
import type { CreditInfo, ProductSummary } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'
import { tzStandard } from '../domain/pricing-products'

const tzs = (units: number) => units * 100

function offer(extra: Partial<LoanOffer> = {}): LoanOffer {
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
    // A draft above today's limit, off the step grid, or a tenure no longer offered: the suggested amount (the
    // server's default here is the maximum, which is never where the amount starts: the middle of the range).
    expect(choiceOf(offer(), { amountMinor: tzs(400_000), tenureDays: 60 })).toEqual({
      productId: 'tz-standard',
      amountMinor: tzs(155_000),
      tenureDays: 91,
    })
    expect(choiceOf(offer(), { amountMinor: tzs(10_500) }).amountMinor).toBe(tzs(155_000))
  })

  // Issue 13: the amount started at the maximum.
  it("starts a new borrower in the middle of the range, a repeat borrower at the last repaid loan's amount", () => {
    expect(choiceOf(offer(), {}).amountMinor).toBe(tzs(155_000))
    expect(choiceOf(offer({ previousAmountMinor: tzs(120_000) }), {}).amountMinor).toBe(tzs(120_000))
    // Above today's limit (a lower limit after a late repayment) or off the grid: the nearest amount offered below.
    expect(choiceOf(offer({ previousAmountMinor: tzs(400_000) }), {}).amountMinor).toBe(tzs(300_000))
    expect(choiceOf(offer({ previousAmountMinor: tzs(120_500) }), {}).amountMinor).toBe(tzs(120_000))
    // A lender's own default below the maximum is kept.
    expect(choiceOf(offer({ defaultAmountMinor: tzs(50_000) }), {}).amountMinor).toBe(tzs(50_000))
    // What the borrower chose is never replaced.
    expect(choiceOf(offer({ previousAmountMinor: tzs(120_000) }), { amountMinor: tzs(300_000) }).amountMinor).toBe(
      tzs(300_000),
    )
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

function product(productId: string, name: string): ProductSummary {
  return {
    productId,
    name,
    currency: 'TZS',
    minorPerUnit: 100,
    minAmountMinor: tzs(10_000),
    maxAmountMinor: tzs(300_000),
    stepMinor: tzs(1_000),
    tenureDays: [91, 120, 180],
    dailyRatePercent: 0.08,
    annualRatePercent: 30,
    installments: 1,
  }
}

const CREDIT: CreditInfo = {
  currency: 'TZS',
  limitMinor: tzs(300_000),
  availableMinor: tzs(300_000),
  dailyRatePercent: 0.08,
  loansRepaidOnTime: 0,
  nextLimitMinor: tzs(350_000),
}

describe('loan offer: the products to pick from and the borrower’s credit line', () => {
  function open(opts: { products?: () => Promise<ProductSummary[]>; credit?: () => Promise<CreditInfo> } = {}) {
    const asked: (string | null)[] = []
    const machine = loanOfferMachine.provide({
      actors: {
        loadOffer: fromPromise(async ({ input }: { input: { productId: string | null } }) => {
          asked.push(input.productId)
          return offer({ productId: input.productId ?? 'tz-standard' })
        }),
        loadProducts: fromPromise(
          opts.products ?? (async () => [product('tz-standard', 'Kopa Standard'), product('tz-haraka', 'Haraka')]),
        ),
        loadCredit: fromPromise(opts.credit ?? (async () => CREDIT)),
      },
    })
    return { actor: createActor(machine).start(), asked }
  }

  it("offers the country's default product first, with the product list and the credit line beside it", async () => {
    const { actor, asked } = open()
    const snap = await waitFor(actor, (s) => s.matches('ready') && s.context.products.length === 2 && !!s.context.credit)
    expect(asked).toEqual([null])
    expect(snap.context.offer?.productId).toBe('tz-standard')
    expect(snap.context.credit).toEqual(CREDIT)
  })

  it('loads the amounts and terms of the product the borrower picks', async () => {
    const { actor, asked } = open()
    await waitFor(actor, (s) => s.matches('ready') && s.context.products.length === 2)
    actor.send({ type: 'offer.productChosen', productId: 'tz-haraka' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snap = await waitFor(actor, (s) => s.matches('ready'))
    expect(asked).toEqual([null, 'tz-haraka'])
    expect(snap.context.offer?.productId).toBe('tz-haraka')
  })

  it('ignores a product that is not listed, or the one already offered', async () => {
    const { actor } = open()
    await waitFor(actor, (s) => s.matches('ready') && s.context.products.length === 2)
    expect(actor.getSnapshot().can({ type: 'offer.productChosen', productId: 'ke-flex' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'offer.productChosen', productId: 'tz-standard' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'offer.productChosen', productId: 'tz-haraka' })).toBe(true)
  })

  it('still offers the default product when the list or the credit line cannot be read', async () => {
    const failure = { ok: false, kind: 'network', message: 'errors.network' }
    const { actor } = open({ products: async () => Promise.reject(failure), credit: async () => Promise.reject(failure) })
    const snap = await waitFor(actor, (s) => s.matches('ready'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().status).toBe('active')
    expect(snap.context.offer?.productId).toBe('tz-standard')
    expect(actor.getSnapshot().context.products).toEqual([])
    expect(actor.getSnapshot().context.credit).toBeNull()
  })

  it('ends with the session when the credit line says the session ended', async () => {
    const ended = { ok: false, kind: 'sessionEnded', code: 10010303 }
    const { actor } = open({ credit: async () => Promise.reject(ended) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
  })
})
