/**
 * An in-memory fake of the Kopa back end for the model-based tests, answered through msw: every request the real
 * API client sends is decoded with the wire protocol (protocol/protocol.ts), routed by its spec path to a handler
 * of one feature (session, onboarding, loans, repayment, feedback), and answered with the `{ code, msg, data }`
 * envelope. A path it does not know is refused (code 1500), as an unknown call would be.
 *
 * One borrower (of Tanzania, or of the country given), who has not applied yet; then their orders, one at a time.
 * The order's status moves through the real order lifecycle (`decide`), so the fake accepts only what the
 * reference server would, and `taken` records each transition the machine took: what the tests drove. The back
 * office's decisions (approve — through a promotion or not —, reject), the payment provider's news (pay-out sent
 * or refused, a payment order paid: a repayment in full or in part, a rollover's fee) and the server's jobs (the
 * 24-hour expiry, the due date passing, the daily penalty) are methods the test calls between two readings of the
 * order; `seed` moves a new borrower's order to where a route tour starts.
 */
import { http, HttpResponse } from 'msw'
import { RETRY_AFTER_MS, type OrderLifecycleEvent, type OrderLifecycleSnapshot } from '../../machines/order-lifecycle.machine'
import { decide, lifecycleAt, statusOf } from '../../machines/order-lifecycle/order-policy'
import type {
  ConfirmProductInfo,
  FeedbackDetail,
  FeedbackItem,
  ImageCheckResult,
  PaymentChannel,
  LatestOrder,
  PayOrder,
  RepaymentDetail,
  RolloverOffer,
  StepAmounts,
  UserInfo,
  WalletSummary,
} from '../../domain/api-types'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { transitionTaken, type LifecycleTransition } from './lifecycle.model'
import { MPESA_CHANNEL } from '../machines/money-fixtures'
import { DEFAULT_PACKAGE_NAME } from '../../services/storage/storage'
import { decodeRequest, WireError } from '../../protocol/protocol'
import { tzStandard } from '../domain/pricing-products'
import { order, user } from '../machines/journey-fixtures'
import { confirmTerms, repaymentTerms } from '../machines/money-fixtures'

export const API_ORIGIN = 'http://kopa.test'
/** What the ticket the borrower wrote earlier says. */
export const EARLIER_TICKET = 'The app closes when I take the ID photo'
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

export interface FakeBackendOptions {
  /** The country the borrower registered in (default Tanzania). */
  country?: CountryCode
}

const DAY = 24 * HOUR
/** A pay-bill the borrower pays at from their phone's menu (the static cashier shows its number and reference). */
const AIRTEL_PAYBILL: PaymentChannel = {
  channelId: 'airtel-paybill',
  kind: 'payBill',
  provider: 'airtel',
  nameKey: 'enums.wallet.airtel',
  available: true,
}
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The example loan: what is owed once the money is sent (TZS 10,748). */
const OWED = tzs(10_748)

export function createFakeBackend({ country = 'TZ' }: FakeBackendOptions = {}) {
  const questionnaireRequired = COUNTRIES[country].questionnaireRequired
  let lifecycle: OrderLifecycleSnapshot = lifecycleAt(null, { questionnaireRequired })
  /** Every transition the real lifecycle took, in order: what the test drove. */
  const taken: LifecycleTransition[] = []
  /** What the borrower's profile holds (the server's profile progress). */
  const profile = { basic: false, identity: false, additional: false, questionnaire: false }
  const profileComplete = () =>
    profile.basic && profile.identity && profile.additional && (!questionnaireRequired || profile.questionnaire)
  let dueAt: number | null = null
  let remaining = OWED
  let penalties = 0
  let payment: (PayOrder & { newDueAt?: number }) | null = null
  let payOrders = 0
  let approvedAt: number | null = null
  let rejectedAt: number | null = null
  let wallet: WalletSummary | null = null
  /** The data collector's submit waits until the test says collection finished. */
  let releaseSubmit: (() => void) | null = null
  const calls: string[] = []
  const base = user()
  const borrower: UserInfo = {
    ...base,
    basicInfo: { ...base.basicInfo, country },
    personalInfo: null,
    additionalInfo: null,
    wallet: null,
  }

  const status = () => statusOf(lifecycle)
  const move = (event: OrderLifecycleEvent) => {
    const transition = transitionTaken(lifecycle, event)
    const verdict = decide(lifecycle, event)
    if (!verdict.allowed || !transition)
      throw new Refusal(1500, `${event.type} is not allowed at ${String(status())}`)
    lifecycle = verdict.snapshot
    taken.push(transition)
  }
  const applied = () => {
    move({ type: 'application.started', at: Date.now() })
    approvedAt = null
    rejectedAt = null
    dueAt = null
    remaining = OWED
    penalties = 0
    payment = null
    return { loanOrderId: 'L-1001', orderNo: 'KP-1001', status: status() }
  }
  const overdueDays = () => (dueAt === null ? 0 : Math.max(0, Math.floor((Date.now() - dueAt) / DAY)))
  const newPayOrder = (purpose: PayOrder['purpose'], amountMinor: number, channelId: string): PayOrder => {
    payOrders += 1
    const now = Date.now()
    payment = {
      payOrderId: `PY-${payOrders}`,
      orderNo: 'KP-1001',
      purpose,
      amountMinor,
      currency: 'TZS',
      channelId,
      status: 'pending',
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 15 * 60_000).toISOString(),
      instructions:
        channelId === AIRTEL_PAYBILL.channelId
          ? { payTo: '888999', reference: 'KP-1001', pushSent: false }
          : { payTo: null, reference: null, pushSent: true },
    }
    return payment
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
      remainingMinor: code === 2 || code === 3 ? remaining : null,
      dueDate: dueAt === null ? null : isoDate(dueAt),
      overdueDays: code === 3 ? overdueDays() : 0,
      retryAt: rejectedAt === null ? null : new Date(rejectedAt + RETRY_AFTER_MS).toISOString(),
    })
  }
  const confirmInfo = (): ConfirmProductInfo =>
    confirmTerms(
      wallet ?? { provider: 'mpesa', maskedNumber: '0754 *** 456', addedAt: new Date().toISOString() },
      new Date((approvedAt ?? Date.now()) + 24 * HOUR).toISOString(),
    )
  const repaymentDetail = (): RepaymentDetail => {
    const terms = repaymentTerms({ status: status() ?? 2 })
    const paid = OWED - remaining
    return {
      ...terms,
      balance: { ...terms.balance, penaltyMinor: penalties, totalMinor: remaining + penalties },
      breakdown: { ...terms.breakdown, paidMinor: paid, penaltyAccruedMinor: penalties, dueMinor: remaining + penalties },
      paidMinor: paid,
      dueDate: dueAt === null ? terms.dueDate : isoDate(dueAt),
      overdueDays: status() === 3 ? overdueDays() : 0,
      rollover: { available: lifecycle.hasTag('canRollover'), rolloversLeft: 3 - lifecycle.context.rolloverCount },
      channels: [MPESA_CHANNEL, AIRTEL_PAYBILL],
    }
  }
  const rolloverOffer = (): RolloverOffer => {
    const due = dueAt ?? Date.now()
    const feeMinor = tzs(500)
    return {
      orderNo: 'KP-1001',
      currency: 'TZS',
      available: lifecycle.hasTag('canRollover'),
      unavailableReason: lifecycle.hasTag('canRollover') ? null : 'status',
      quote: {
        number: lifecycle.context.rolloverCount + 1,
        days: 7,
        feeMinor,
        feeTaxMinor: 0,
        totalMinor: feeMinor,
        reducedByCapMinor: 0,
        dueDate: isoDate(due),
        newDueDate: isoDate(due + 7 * DAY),
        newBalanceMinor: remaining + penalties,
      },
      rolloversLeft: 3 - lifecycle.context.rolloverCount,
      channels: [MPESA_CHANNEL],
    }
  }

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
    '/user/saveBasicInfo-market': () => (move({ type: 'profile.basicSaved' }), (profile.basic = true), step()),
    '/user/upload/curp/front': () => image('front'),
    '/user/upload/curp/back': () => image('back'),
    '/user/saveFaceImage': () => image('face'),
    '/user/finishUploadAllImg': () => (move({ type: 'profile.identityCompleted' }), (profile.identity = true), step()),
    '/user/saveAdditionInfo-market': () => (
      move({ type: 'profile.additionalSaved' }), (profile.additional = true), step()
    ),
    '/user/save/questionnaire': () => (move({ type: 'questionnaire.saved' }), (profile.questionnaire = true), step()),
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
    '/loan/loan-order/apply-market': applied,
    '/loan/loan-order/apply-market-again': applied,
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
      repeatBorrower: profileComplete(),
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
    '/loanMarket/repay/products': () => ({
      items: lifecycle.hasTag('canRepay')
        ? [
            {
              orderNo: 'KP-1001',
              loanOrderId: 'L-1001',
              productName: 'Kopa Standard',
              status: status(),
              currency: 'TZS',
              remainingMinor: remaining + penalties,
              dueDate: dueAt === null ? null : isoDate(dueAt),
              overdueDays: overdueDays(),
            },
          ]
        : [],
    }),
    '/portal/repayment/confirm': (payload) =>
      newPayOrder('repayment', Number(payload.amountMinor), String(payload.channelId)),
    '/portal/repayment/pay-order': () => payment,
    '/repay/getExtensionData': () => rolloverOffer(),
    '/repay/confirmExtensionOrder': (payload) =>
      newPayOrder('rollover', rolloverOffer().quote!.totalMinor, String(payload.channelId)),
  }
  /** The borrower's tickets: one written earlier, and those they open. */
  const tickets: FeedbackItem[] = [
    {
      feedbackId: 'FB-1',
      type: 2,
      status: 1,
      summary: EARLIER_TICKET,
      createTime: new Date(Date.now() - DAY).toISOString(),
      updatedAt: new Date(Date.now() - DAY).toISOString(),
      unread: false,
      rating: null,
    },
  ]
  const detail = (ticket: FeedbackItem): FeedbackDetail => ({
    ...ticket,
    description: ticket.summary,
    receiverAccount: null,
    contact: '0754123456',
    contactTime: 'anytime',
    receipts: [],
    loanOrderId: null,
    messages: [],
    canRate: false,
  })
  const feedback: Record<string, Handler> = {
    '/feedback/list/feedback': () => ({ items: tickets, page: 1, pageSize: 20, total: tickets.length }),
    '/feedback/red-dot-marker': () => ({ unread: 0 }),
    '/feedback/detail': (payload) => detail(tickets.find((x) => x.feedbackId === payload.feedbackId) ?? tickets[0]!),
    '/feedback/list/leave-message': () => ({ items: [], page: 1, pageSize: 20, total: 0 }),
    '/feedback/list/question_answer': () => ({ items: [] }),
    '/feedback/create': (payload) => {
      const feedbackId = `FB-${tickets.length + 1}`
      const now = new Date(Date.now()).toISOString()
      tickets.unshift({
        feedbackId,
        type: payload.type as FeedbackItem['type'],
        status: 1,
        summary: String(payload.description),
        createTime: now,
        updatedAt: now,
        unread: false,
        rating: null,
      })
      return { feedbackId }
    },
  }
  const features = { ...session, ...onboarding, ...loans, ...repayment, ...feedback }

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
    taken,
    lifecycle: () => lifecycle,
    /**
     * The borrower's order as the back office finds it, moved by `events` from no order (each event as the server
     * takes it, now): a route tour's starting point, not a way through the app.
     */
    seed(events: readonly OrderLifecycleEvent[]) {
      for (const event of events) {
        if (event.type === 'application.started') applied()
        else if (event.type === 'assessment.approved') this.approve(event.viaPromotion === true)
        else if (event.type === 'assessment.rejected') this.reject()
        else if (event.type === 'payout.succeeded') this.payOut()
        else if (event.type === 'borrower.confirmed') move({ ...event, at: Date.now() })
        else {
          move(event)
          if (event.type === 'profile.basicSaved') profile.basic = true
          if (event.type === 'profile.identityCompleted') profile.identity = true
          if (event.type === 'profile.additionalSaved') profile.additional = true
          if (event.type === 'questionnaire.saved') profile.questionnaire = true
          if (event.type === 'wallet.added')
            wallet = { provider: 'mpesa', maskedNumber: '0765 *** 456', addedAt: new Date().toISOString() }
        }
      }
    },
    /** The data collector finished: the held /user/submit answers and the order moves from 19 to 1. */
    finishCollection() {
      if (!releaseSubmit) throw new Error('no submit is waiting for the data collector')
      releaseSubmit()
      releaseSubmit = null
    },
    /** The back office's decisions and the payment provider's news. */
    approve(viaPromotion = false) {
      approvedAt = Date.now()
      move({ type: 'assessment.approved', at: approvedAt, ...(viaPromotion ? { viaPromotion } : {}) })
    },
    reject() {
      rejectedAt = Date.now()
      move({ type: 'assessment.rejected', at: rejectedAt })
    },
    /** The server's job cancels an approval left unconfirmed for 24 hours (8). */
    expireApproval: () => move({ type: 'approval.expired', at: Date.now() }),
    /** The money reached the wallet: the loan runs, due in 91 days. */
    payOut() {
      move({ type: 'payout.succeeded' })
      dueAt = Date.now() + 91 * DAY
    },
    failPayOut: () => move({ type: 'payout.failed' }),
    /** The lender's staff cancel the approved order from the console. */
    staffCancel: () => move({ type: 'staff.cancelled' }),
    /** The lender's staff write the overdue loan off from the console. */
    writeOff: () => move({ type: 'loan.writtenOff' }),
    repayInFull: () => move({ type: 'repayment.full' }),
    /** The server's daily job: the due date is `days` behind today, and the order is overdue. */
    duePassed(days: number) {
      dueAt = Date.now() - days * DAY
      move({ type: 'due.passed' })
    },
    /** The server's daily job on an overdue loan: a day's penalty. */
    accruePenalty() {
      move({ type: 'penalty.accrued' })
      penalties += tzs(200)
    },
    /** The borrower has been overdue `days` days by now (the due date that far behind). */
    overdueBy(days: number) {
      dueAt = Date.now() - days * DAY
    },
    /**
     * The payment provider confirms the pending payment order: a repayment (in full when it covers what is owed,
     * else in part) or a rollover's fee (the due date moves 7 days on).
     */
    confirmPayment() {
      if (!payment || payment.status !== 'pending') throw new Error('no payment order is waiting')
      if (payment.purpose === 'repayment') {
        const full = payment.amountMinor >= remaining + penalties
        move({ type: full ? 'repayment.full' : 'repayment.partial' })
        remaining = full ? 0 : remaining + penalties - payment.amountMinor
        penalties = 0
      } else {
        const newDueAt = (dueAt ?? Date.now()) + 7 * DAY
        move({ type: 'rollover.confirmed', at: Date.now(), newDueAt })
        dueAt = newDueAt
      }
      payment = { ...payment, status: 'paid' }
    },
  }
}

export type FakeBackend = ReturnType<typeof createFakeBackend>
