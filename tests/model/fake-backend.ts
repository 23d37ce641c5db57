/**
 * An in-memory fake of the Kopa back end for the model-based journey test, answered through msw: every request
 * the real API client sends is decoded with the wire protocol (protocol/protocol.ts), routed by its spec
 * path to a handler of one feature (session, onboarding, loans, repayment, the rest), and answered with the
 * `{ code, msg, data }` envelope.
 *
 * One borrower, signed in, who has not applied yet; then one order. The order's status moves through the real order lifecycle (`decide`), so the fake
 * accepts only what the reference server would; the back office's decisions (approve, reject, pay out, a repaid
 * loan) are methods the test calls between two readings of the order.
 */
import { http, HttpResponse } from 'msw'
import {
  decide,
  lifecycleAt,
  RETRY_AFTER_MS,
  statusOf,
  type OrderLifecycleEvent,
  type OrderLifecycleSnapshot,
} from '../../machines/order-lifecycle.machine'
import type {
  ConfirmProductInfo,
  ImageCheckResult,
  LatestOrder,
  RepaymentDetail,
  StepAmounts,
  UserInfo,
  WalletSummary,
} from '../../domain/api-types'
import { DEFAULT_PACKAGE_NAME } from '../../services/storage/storage'
import { decodeRequest, WireError } from '../../protocol/protocol'
import { tzStandard } from '../domain/pricing-products'
import { order, user } from '../machines/journey-fixtures'
import { confirmTerms, repaymentTerms } from '../machines/money-fixtures'

export const API_ORIGIN = 'http://kopa.test'
const HOUR = 60 * 60 * 1000
const tzs = (units: number) => units * 100

type Payload = Record<string, unknown>
type Handler = (payload: Payload) => unknown
/** A refusal the handler throws: the envelope's code and message. */
class Refusal {
  constructor(
    readonly code: number,
    readonly msg = '',
  ) {}
}

export function createFakeBackend() {
  let lifecycle: OrderLifecycleSnapshot = lifecycleAt(null)
  let approvedAt: number | null = null
  let rejectedAt: number | null = null
  let wallet: WalletSummary | null = null
  /** The data collector's submit waits until the test says collection finished. */
  let releaseSubmit: (() => void) | null = null
  const calls: string[] = []
  const borrower: UserInfo = { ...user(), personalInfo: null, additionalInfo: null, wallet: null }

  const status = () => statusOf(lifecycle)
  const move = (event: OrderLifecycleEvent) => {
    const verdict = decide(lifecycle, event)
    if (!verdict.allowed) throw new Refusal(1500, `${event.type} is not allowed at ${String(status())}`)
    lifecycle = verdict.snapshot
  }
  const step = () => ({ status: status(), orderNo: 'KP-1001' })
  const image = (side: 'front' | 'back' | 'face'): ImageCheckResult => ({
    accepted: true,
    problem: null,
    front: true,
    back: side !== 'front',
    face: side === 'face',
  })
  const latest = (): LatestOrder | null => {
    const code = status()
    if (code === null) return null
    return order(code, {
      approvedAt: approvedAt === null ? null : new Date(approvedAt).toISOString(),
      confirmBy: approvedAt === null ? null : new Date(approvedAt + 24 * HOUR).toISOString(),
      amountMinor: tzs(10_000),
      remainingMinor: code === 2 || code === 3 ? tzs(10_748) : null,
      retryAt: rejectedAt === null ? null : new Date(rejectedAt + RETRY_AFTER_MS).toISOString(),
    })
  }
  const confirmInfo = (): ConfirmProductInfo =>
    confirmTerms(
      wallet ?? { provider: 'mpesa', maskedNumber: '0754 *** 456', addedAt: new Date().toISOString() },
      new Date((approvedAt ?? Date.now()) + 24 * HOUR).toISOString(),
    )
  const repaymentDetail = (): RepaymentDetail => repaymentTerms({ status: status() ?? 2 })

  /** Each feature's calls, by spec path. */
  const session: Record<string, Handler> = {
    '/security/getUserInfo': () => ({ ...borrower, wallet }),
    '/event/batch': () => ({ accepted: 1 }),
    '/app/evaluate/state': () => ({
      show: false,
      loanOrderId: null,
      popupTime: null,
      rejectState: false,
      nextAllowedAt: null,
    }),
    '/app/evaluate/record': () => ({
      show: false,
      loanOrderId: null,
      popupTime: null,
      rejectState: false,
      nextAllowedAt: null,
    }),
  }
  const onboarding: Record<string, Handler> = {
    '/user/saveBasicInfo-market': () => (move({ type: 'profile.basicSaved' }), step()),
    '/user/upload/curp/front': () => image('front'),
    '/user/upload/curp/back': () => image('back'),
    '/user/saveFaceImage': () => image('face'),
    '/user/finishUploadAllImg': () => (move({ type: 'profile.identityCompleted' }), step()),
    '/user/saveAdditionInfo-market': () => (move({ type: 'profile.additionalSaved' }), step()),
    '/user/addBankCard': (payload) => {
      move(status() === 10 ? { type: 'wallet.corrected' } : { type: 'wallet.added' })
      const number = String(payload.accountNumber ?? '')
      wallet = {
        provider: String(payload.provider ?? 'mpesa') as WalletSummary['provider'],
        maskedNumber: `${number.slice(0, 4)} *** ${number.slice(-3)}`,
        addedAt: new Date().toISOString(),
      }
      return step()
    },
    '/time/upload/uploadStatus': () => ({
      appList: true,
      sms: true,
      exif: true,
      device: true,
      contact: true,
      callLog: true,
      location: true,
    }),
    '/user/submit': () =>
      new Promise((resolve) => {
        releaseSubmit = () => {
          move({ type: 'collection.finished' })
          resolve(step())
        }
      }),
  }
  const loans: Record<string, Handler> = {
    '/loan/product/step-amount': (): StepAmounts => ({
      productId: tzStandard.id,
      currency: 'TZS',
      minorPerUnit: tzStandard.minorPerUnit,
      minAmountMinor: tzStandard.amount.minMinor,
      maxAmountMinor: tzStandard.amount.maxMinor,
      stepMinor: tzStandard.amount.stepMinor,
      tenureDays: [...tzStandard.tenureDays],
      defaultAmountMinor: tzs(10_000),
      defaultTenureDays: 91,
      pricing: tzStandard,
      loansRepaidOnTime: 0,
      today: new Date(Date.now()).toISOString().slice(0, 10),
    }),
    '/loan/loan-order/apply-market': () => {
      move({ type: 'application.started', profileComplete: false, at: Date.now() })
      return { loanOrderId: 'L-1001', orderNo: 'KP-1001', status: status() }
    },
    '/loan/loan-order/latest': () => latest(),
    '/loan/loan-product/index': () => ({
      product: {
        productId: 'tz-standard',
        name: 'Kopa Standard',
        currency: 'TZS',
        minorPerUnit: 100,
        minAmountMinor: tzs(1_000),
        maxAmountMinor: tzs(500_000),
        stepMinor: tzs(1_000),
        tenureDays: [91, 120, 180],
        dailyRatePercent: 0.09,
        annualRatePercent: 32.85,
        installments: 1,
      },
      minAmountMinor: tzs(1_000),
      maxAmountMinor: tzs(500_000),
      maxTenureDays: 180,
      currency: 'TZS',
      canApply: lifecycle.hasTag('canApply'),
      repeatBorrower: false,
    }),
    '/app/isRejectRecommendation': () => ({
      show: false,
      retryAt: rejectedAt === null ? null : new Date(rejectedAt + RETRY_AFTER_MS).toISOString(),
      apps: [],
    }),
    '/loan/confirm/product-info': () => confirmInfo(),
    '/loan/loan-order/loanAgreement': () => ({
      title: 'Kopa loan agreement',
      version: '2025-01',
      language: 'en',
      html: '<h2>1. The loan</h2><p>The lender lends the borrower the principal stated above.</p>',
    }),
    '/loan/get-money': (payload) => {
      move({ type: 'borrower.confirmed', agreementAccepted: payload.agreed === true, at: Date.now() })
      return {
        status: status(),
        expectedFrom: new Date(Date.now() + 10 * 60_000).toISOString(),
        expectedBy: new Date(Date.now() + HOUR).toISOString(),
      }
    },
    '/loan/cancel-draw-money': (payload) => {
      move({ type: 'borrower.cancelled', reasons: (payload.reasons as string[]) ?? [] })
      return { status: status() }
    },
    '/lottery-draw/is-show': () => ({ show: false }),
    '/lottery-draw/coupon/quantity': () => ({ available: 0 }),
    '/lottery-draw/coupons': () => ({ items: [], page: 1, pageSize: 20, total: 0 }),
  }
  const repayment: Record<string, Handler> = {
    '/portal/repayment/detail': () => repaymentDetail(),
  }
  const features = { ...session, ...onboarding, ...loans, ...repayment }

  const handler = http.all(`${API_ORIGIN}/api/:token`, async ({ request, params }) => {
    const url = new URL(request.url)
    const method = request.method as 'GET' | 'POST'
    let body: unknown
    let extra: string | undefined
    if (method === 'POST') {
      const type = request.headers.get('content-type') ?? ''
      if (type.includes('multipart/form-data')) extra = String((await request.formData()).get('extra'))
      else body = await request.json()
    }
    const decoded = decodeRequest({
      packageName: request.headers.get('packageName') ?? DEFAULT_PACKAGE_NAME,
      method,
      pathSegment: String(params.token),
      query: Object.fromEntries(url.searchParams),
      body,
      ...(extra !== undefined ? { extra } : {}),
      now: Date.now(),
    })
    if (decoded instanceof WireError)
      return HttpResponse.json({ code: decoded.code, msg: decoded.reason, data: null })
    calls.push(decoded.path)
    const answer = features[decoded.path]
    if (!answer)
      return HttpResponse.json({ code: 1500, msg: `the fake back end has no ${decoded.path}`, data: null })
    try {
      const data = await answer(decoded.payload)
      return HttpResponse.json(
        { code: 0, msg: '', data },
        { headers: { date: new Date(Date.now()).toUTCString() } },
      )
    } catch (error) {
      if (error instanceof Refusal) return HttpResponse.json({ code: error.code, msg: error.msg, data: null })
      throw error
    }
  })

  return {
    handler,
    calls,
    status,
    /** The data collector finished: the held /user/submit answers and the order moves from 19 to 1. */
    finishCollection() {
      if (!releaseSubmit) throw new Error('no submit is waiting for the data collector')
      releaseSubmit()
      releaseSubmit = null
    },
    /** The back office's decisions and the payment provider's news. */
    approve() {
      approvedAt = Date.now()
      move({ type: 'assessment.approved', at: approvedAt })
    },
    reject() {
      rejectedAt = Date.now()
      move({ type: 'assessment.rejected', at: rejectedAt })
    },
    /** The server's job cancels an approval left unconfirmed for 24 hours (8). */
    expireApproval: () => move({ type: 'approval.expired', at: Date.now() }),
    payOut: () => move({ type: 'payout.succeeded' }),
    failPayOut: () => move({ type: 'payout.failed' }),
    repayInFull: () => move({ type: 'repayment.full' }),
  }
}

export type FakeBackend = ReturnType<typeof createFakeBackend>
