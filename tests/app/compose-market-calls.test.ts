/**
 * The composition wires the loan-market and money-time calls into the machines that show them: each call below
 * reaches the wire from the child the journey runs on its screen (encrypted, as the real client sends it).
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyActorRef } from 'xstate'
import { createJourneyLogic, createServices, loadJourneyChildren } from '../../src/compose'
import type { RouteName } from '../../domain/routes'
import type { LatestOrder } from '../../domain/api-types'
import { WireError } from '../../protocol/protocol'
import { decodeAppCall } from './wire-backend'
import { order, user } from '../machines/journey-fixtures'

/** Every child machine and its actors, loaded as an open at any other route than home loads them. */
const ALL_CHILDREN = await loadJourneyChildren()

const ORIGIN = 'http://kopa.test'

function backend(answers: Record<string, (payload: unknown) => unknown>, asked: { path: string; payload: unknown }[]) {
  return http.all(`${ORIGIN}/api/:token`, async ({ request, params }) => {
    const decoded = await decodeAppCall(request, params.token)
    if (decoded instanceof WireError) return HttpResponse.json({ code: 1500, msg: 'bad wire', data: null })
    asked.push({ path: decoded.path, payload: decoded.payload })
    const answer = answers[decoded.path]
    if (!answer) return HttpResponse.json({ code: 1500, msg: 'not in this test', data: null })
    return HttpResponse.json({ code: 0, msg: '', data: answer(decoded.payload) })
  })
}

const PRODUCT = {
  productId: 'tz-haraka',
  name: 'Haraka',
  currency: 'TZS',
  minorPerUnit: 100,
  minAmountMinor: 5_000_00,
  maxAmountMinor: 500_000_00,
  stepMinor: 1_000_00,
  tenureDays: [91],
  dailyRatePercent: 0.08,
  annualRatePercent: 30,
  installments: 1,
}
const DOC = { title: 'Loan contract', version: '1', language: 'en', html: '<p>Signed</p>' }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

async function onRoute(latest: LatestOrder | null, entry: RouteName) {
  const asked: { path: string; payload: unknown }[] = []
  server.resetHandlers(
    backend(
      {
        '/security/getUserInfo': () => user(),
        '/loan/loan-order/latest': () => latest,
        '/loan/loan-product/index': () => ({ product: PRODUCT, canApply: true, repeatBorrower: false }),
        '/loanMarket/index': () => ({ products: [PRODUCT], notice: 'Offices closed on Sunday' }),
        '/loanMarket/lending-record': () => ({
          records: [{ maskedMobile: '•••••••678', amountMinor: 50_000_00, currency: 'TZS', at: new Date().toISOString() }],
        }),
        '/loanMarket/repay-color': () => ({ tone: 'dueSoon', daysToDue: 2 }),
        '/loan/product/list-market': () => ({ products: [PRODUCT, { ...PRODUCT, productId: 'tz-standard' }] }),
        '/loan/get-credit-info': () => ({
          currency: 'TZS',
          limitMinor: 500_000_00,
          availableMinor: 500_000_00,
          dailyRatePercent: 0.08,
          loansRepaidOnTime: 0,
          nextLimitMinor: 600_000_00,
        }),
        '/loan/get-money-time': () => ({
          expectedFrom: '2026-11-01T08:10:00.000Z',
          expectedBy: '2026-11-01T09:00:00.000Z',
          disbursedAt: null,
        }),
        '/loan/get-money/contract': () => DOC,
        '/loanMarket/repay/products': () => ({ items: [] }),
      },
      asked,
    ),
  )
  const services = createServices(window, ORIGIN)
  services.storage.set('token', 'tok-market')
  const journey = createActor(createJourneyLogic(services, ALL_CHILDREN), { input: { entry } }).start()
  await waitFor(journey, (s) => !s.hasTag('busy') && s.context.route === entry, { timeout: 5000 })
  return { journey, asked }
}

const child = (journey: AnyActorRef, id: string) => journey.getSnapshot().children[id] as AnyActorRef

describe('the composed journey and the loan-market calls', () => {
  it("home reads the lender's notice and the recent loans", async () => {
    const { journey, asked } = await onRoute(null, 'home')
    try {
      const home = await waitFor(
        child(journey, 'home'),
        (s) => s.context.notice !== null && s.context.lendingRecords.length > 0,
        { timeout: 5000 },
      )
      expect(home.context.notice).toBe('Offices closed on Sunday')
      expect(asked.map((a) => a.path)).toEqual(
        expect.arrayContaining(['/loanMarket/index', '/loanMarket/lending-record']),
      )
    } finally {
      journey.stop()
    }
  })

  it("home reads the repayment card's tone of a loan being repaid", async () => {
    const { journey } = await onRoute(order(2, { remainingMinor: 1, dueDate: '2026-11-03' }), 'home')
    try {
      const home = await waitFor(child(journey, 'home'), (s) => s.context.repayTone !== null, { timeout: 5000 })
      expect(home.context.repayTone).toEqual({ tone: 'dueSoon', daysToDue: 2 })
    } finally {
      journey.stop()
    }
  })

  it('lending reads the money time of the confirmed order', async () => {
    const { journey, asked } = await onRoute(order(7), 'lending')
    try {
      const lending = await waitFor(child(journey, 'lending'), (s) => s.matches('expected'), { timeout: 5000 })
      expect(lending.context.moneyTime.expectedBy).toBe('2026-11-01T09:00:00.000Z')
      expect(asked).toContainEqual({ path: '/loan/get-money-time', payload: { loanOrderId: 'L-1001' } })
    } finally {
      journey.stop()
    }
  })

  it('to_borrow reads the product list and the credit line', async () => {
    const { journey } = await onRoute(null, 'toBorrow')
    try {
      const offer = await waitFor(
        child(journey, 'loanOffer'),
        (s) => s.context.products.length === 2 && s.context.credit !== null,
        { timeout: 5000 },
      )
      expect(offer.context.credit.nextLimitMinor).toBe(600_000_00)
    } finally {
      journey.stop()
    }
  })

  it("repay detail reads the loans to repay, and opens the loan's signed contract", async () => {
    const { journey, asked } = await onRoute(order(2, { remainingMinor: 1 }), 'repayDetail')
    try {
      await waitFor(journey, () => asked.some((a) => a.path === '/loanMarket/repay/products'), { timeout: 5000 })
      journey.send({ type: 'contract.opened', loanOrderId: 'L-1001', status: 2 })
      await waitFor(journey, (s) => s.context.route === 'agreement', { timeout: 5000 })
      const agreement = await waitFor(child(journey, 'agreement'), (s) => s.matches('shown'), { timeout: 5000 })
      expect(agreement.context.document).toEqual(DOC)
      expect(asked).toContainEqual({ path: '/loan/get-money/contract', payload: { loanOrderId: 'L-1001' } })
    } finally {
      journey.stop()
    }
  })
})
