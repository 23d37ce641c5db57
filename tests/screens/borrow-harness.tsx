/**
 * The money-path screens' tests (borrow, repay, records, cancellation) render a screen over a real journey actor
 * started at its route for a signed-in borrower whose latest order has a given status. Every I/O actor of the
 * children these screens use is stubbed with answers built by the real pricing engine (the example products of
 * docs/pricing.md), and each call is recorded with its input.
 */
import { type RenderResult } from '@testing-library/react'
import i18next from 'i18next'
import type { ComponentType } from 'react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { agreementMachine } from '../../machines/agreement.machine'
import { cancellationMachine } from '../../machines/cancellation.machine'
import { confirmBorrowMachine, type ConfirmOffer } from '../../machines/confirm-borrow.machine'
import { couponsMachine } from '../../machines/coupons.machine'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { lendingMachine } from '../../machines/lending.machine'
import { loanOfferMachine } from '../../machines/loan-offer.machine'
import { paymentOrderMachine, type PaymentOrder } from '../../machines/payment-order.machine'
import { recordsMachine, type RecordsTab } from '../../machines/records.machine'
import { repaymentMachine } from '../../machines/repayment.machine'
import { type RepaymentDetail } from '../../machines/repayment/repayment-context'
import { rolloverMachine } from '../../machines/rollover.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import { submitMachine, type FormValues } from '../../machines/submit.machine'
import type { ScreenProps } from '../../screens/screen-props'
import type {
  AgreementDocument,
  Coupon,
  CouponApplied,
  CreditInfo,
  HomeIndex,
  LatestOrder,
  MoneyTime,
  OrderSummary,
  Page,
  PayOrder,
  ProductSummary,
  RejectRecommendation,
  RepayProduct,
  RolloverOffer,
  StepAmounts,
} from '../../domain/api-types'
import type { OrderStatusCode } from '../../domain/order-status'
import type { ProductConfig } from '../../domain/product'
import type { RouteName } from '../../domain/routes'
import type { CancelLoanInput, ConfirmBorrowInput } from '../../domain/schemas/loan'
import { T0, order, user } from '../machines/journey-fixtures'
import { renderOnRoute, routesScreen, type RenderOnRouteOptions } from './render-on-route'
import { confirmTerms, MPESA_CHANNEL, repaymentTerms } from '../machines/money-fixtures'
import { tzStandard } from '../domain/pricing-products'

export const HOUR = 60 * 60 * 1000
const tzs = (units: number) => units * 100

/** What to_borrow is offered: the product's range for this borrower and its pricing terms. */
export function stepAmounts(
  product: ProductConfig = tzStandard,
  extra: Partial<StepAmounts> = {},
): StepAmounts {
  return {
    productId: product.id,
    currency: product.currency as StepAmounts['currency'],
    minorPerUnit: product.minorPerUnit,
    minAmountMinor: product.amount.minMinor,
    maxAmountMinor: product.amount.maxMinor,
    stepMinor: product.amount.stepMinor,
    tenureDays: [...product.tenureDays],
    defaultAmountMinor: product.amount.minMinor,
    defaultTenureDays: product.tenureDays[0]!,
    pricing: product,
    loansRepaidOnTime: 0,
    today: '2025-01-15',
    ...extra,
  }
}

/** The approved order's price as the server quotes it: TZS 10,000 for 91 days (the spec's example). */
export function confirmOffer(approvedAt: number, extra: Partial<ConfirmOffer> = {}): ConfirmOffer {
  const now = Date.now()
  return {
    ...confirmTerms(
      { provider: 'mpesa', maskedNumber: '0754 *** 456', addedAt: new Date(T0).toISOString() },
      new Date(approvedAt + 24 * HOUR).toISOString(),
    ),
    serverNow: now,
    receivedAt: now,
    ...extra,
  }
}

/** The repay detail of that loan: TZS 10,748 owed, due 2025-04-16, with an M-Pesa push and a pay-bill channel. */
export function repaymentDetail(extra: Partial<RepaymentDetail> = {}): RepaymentDetail {
  const now = Date.now()
  return {
    ...repaymentTerms({
      channels: [
        MPESA_CHANNEL,
        {
          channelId: 'paybill',
          kind: 'payBill',
          provider: null,
          nameKey: 'enums.wallet.airtel',
          available: true,
        },
      ],
    }),
    serverNow: now,
    receivedAt: now,
    ...extra,
  }
}

/** A payment order the server created just now (15-minute window). */
export function payOrder(extra: Partial<PayOrder> = {}): PaymentOrder {
  const now = Date.now()
  return {
    payOrderId: 'PO-1',
    orderNo: 'KP-1001',
    purpose: 'repayment',
    amountMinor: tzs(10_748),
    currency: 'TZS',
    channelId: 'mpesa',
    status: 'pending',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 15 * 60 * 1000).toISOString(),
    instructions: { payTo: null, reference: null, pushSent: true },
    serverNow: now,
    receivedAt: now,
    ...extra,
  }
}

export function rolloverOffer(extra: Partial<RolloverOffer> = {}): RolloverOffer {
  return {
    orderNo: 'KP-1001',
    currency: 'TZS',
    available: true,
    unavailableReason: null,
    quote: {
      number: 1,
      days: 7,
      feeMinor: tzs(500),
      feeTaxMinor: tzs(90),
      totalMinor: tzs(590),
      reducedByCapMinor: 0,
      dueDate: '2025-04-16',
      newDueDate: '2025-04-23',
      newBalanceMinor: tzs(10_748),
    },
    rolloversLeft: 2,
    channels: repaymentDetail().channels,
    ...extra,
  }
}

export function orderSummary(
  orderNo: string,
  status: OrderStatusCode,
  extra: Partial<OrderSummary> = {},
): OrderSummary {
  return {
    orderNo,
    loanOrderId: `L-${orderNo}`,
    status,
    listState: 'finished',
    productName: 'Kopa Standard',
    currency: 'TZS',
    amountMinor: tzs(100_000),
    tenureDays: 91,
    createdAt: '2025-01-15T09:00:00.000Z',
    dueDate: null,
    remainingMinor: null,
    ...extra,
  }
}

/** The I/O the money-path children do; every answer can be replaced by a test. */
export interface MoneyPathIo {
  loadOffer: (input: { productId: string | null }) => Promise<StepAmounts>
  /** /loan/product/list-market (default: the one product of the offer). */
  loadProducts: () => Promise<ProductSummary[]>
  /** /loan/get-credit-info (default: never answers, so no credit line shows). */
  loadCredit: () => Promise<CreditInfo>
  /** /loan/get-money-time (default: the 10–60 minute window after an hour-old confirmation). */
  loadMoneyTime: (input: { loanOrderId: string }) => Promise<MoneyTime>
  /** /loan/get-money/contract (default: a contract titled after the order). */
  loadContract: (input: { loanOrderId: string }) => Promise<AgreementDocument>
  /** /loanMarket/repay/products (default: none listed, so the detail is the journey's order's). */
  loadRepayables: () => Promise<RepayProduct[]>
  apply: (values: FormValues) => Promise<unknown>
  loadConfirm: () => Promise<ConfirmOffer>
  loadAgreement: (input: { loanOrderId?: string }) => Promise<AgreementDocument>
  confirmLoan: (input: ConfirmBorrowInput) => Promise<unknown>
  cancelOrder: (input: CancelLoanInput) => Promise<void>
  loadCoupons: () => Promise<Page<Coupon>>
  applyCoupon: (input: { couponId: string; loanOrderId: string }) => Promise<CouponApplied>
  loadDetail: () => Promise<RepaymentDetail>
  createPaymentOrder: (input: { amountMinor: number; channelId: string }) => Promise<PaymentOrder>
  checkPayment: () => Promise<Pick<PayOrder, 'status'>>
  loadExtension: () => Promise<RolloverOffer>
  confirmExtension: (input: { channelId: string }) => Promise<PaymentOrder>
  loadOrders: (input: { tab: RecordsTab; page: number }) => Promise<Page<OrderSummary>>
}

export interface MoneyPathOptions {
  entry: RouteName
  status: OrderStatusCode | null
  orderExtra?: Partial<LatestOrder>
  io?: Partial<MoneyPathIo>
}

const never = <T,>() => new Promise<T>(() => {})
const AGREEMENT: AgreementDocument = {
  title: 'Kopa loan agreement',
  version: '2025-01',
  language: 'en',
  html: '<h2>1. The loan</h2><p>The lender lends the borrower the principal stated above.</p>',
}

export function startMoneyPath(opts: MoneyPathOptions) {
  const calls: { name: keyof MoneyPathIo; input: unknown }[] = []
  /** The order's status as the server has it now (a test may move it, as the server would). */
  let status = opts.status
  const approvedAt = opts.orderExtra?.approvedAt ? Date.parse(opts.orderExtra.approvedAt) : Date.now() - HOUR
  const defaults: MoneyPathIo = {
    loadOffer: async () => stepAmounts(),
    loadProducts: async () => [],
    loadCredit: () => never(),
    loadMoneyTime: async () => ({
      expectedFrom: new Date(T0 + 10 * 60_000).toISOString(),
      expectedBy: new Date(T0 + 60 * 60_000).toISOString(),
      disbursedAt: null,
    }),
    loadContract: async ({ loanOrderId }) => ({ ...AGREEMENT, title: `Loan contract ${loanOrderId}` }),
    loadRepayables: async () => [],
    apply: async () => ({}),
    loadConfirm: async () => confirmOffer(approvedAt),
    loadAgreement: async () => AGREEMENT,
    confirmLoan: async () => ({}),
    cancelOrder: async () => {},
    loadCoupons: async () => ({ items: [], page: 1, pageSize: 20, total: 0 }),
    applyCoupon: () => never(),
    loadDetail: async () => repaymentDetail(),
    createPaymentOrder: async (input) =>
      payOrder({ amountMinor: input.amountMinor, channelId: input.channelId }),
    checkPayment: async () => ({ status: 'pending' }),
    loadExtension: async () => rolloverOffer(),
    confirmExtension: async (input) =>
      payOrder({ purpose: 'rollover', amountMinor: 59_000, channelId: input.channelId }),
    loadOrders: async ({ page }) => ({ items: [], page, pageSize: 20, total: 0 }),
  }
  const io = { ...defaults, ...opts.io }
  /**
   * A stubbed actor that records its input and answers from `io`. Typed loosely on purpose: each child machine
   * declares its own actor's input and output, which `io` mirrors.
   */
  const call = (name: keyof MoneyPathIo) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fromPromise<any, any>(async ({ input }) => {
      calls.push({ name, input })
      return (io[name] as (arg: unknown) => Promise<unknown>)(input)
    })
  const paymentOrder = paymentOrderMachine.provide({ actors: { checkPayment: call('checkPayment') } })
  const cancellation = cancellationMachine.provide({ actors: { cancelOrder: call('cancelOrder') } })
  // The application form (and the wallet form, which Edit opens after a failed pay-out).
  const form = submitMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: { values: FormValues } }) => {
        calls.push({ name: 'apply', input: input.values })
        return io.apply(input.values)
      }),
      draftStore: fromCallback(() => {}),
    },
  })
  const stored: StoredSession = { token: 'tok-1', user: user() }
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => stored),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => user()),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => ({
        order: status === null ? null : order(status, opts.orderExtra),
        readAt: T0,
      })),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(() => never<HomeIndex>()),
          checkRejectRecommendation: fromPromise(() => never<RejectRecommendation>()),
        },
      }),
      loanOffer: loanOfferMachine.provide({
        actors: {
          loadOffer: call('loadOffer'),
          loadProducts: call('loadProducts'),
          loadCredit: call('loadCredit'),
        },
      }),
      lending: lendingMachine.provide({ actors: { loadMoneyTime: call('loadMoneyTime') } }),
      applicationForm: form,
      walletForm: form,
      repeatApplicationForm: form,
      agreement: agreementMachine.provide({
        actors: { loadAgreement: call('loadAgreement'), loadContract: call('loadContract') },
      }),
      records: recordsMachine.provide({ actors: { loadOrders: call('loadOrders') } }),
      cancellation,
      confirmBorrow: confirmBorrowMachine.provide({
        actors: {
          loadOffer: call('loadConfirm'),
          loadAgreement: call('loadAgreement'),
          confirmLoan: call('confirmLoan'),
          cancellation,
          coupons: couponsMachine.provide({
            actors: { loadCoupons: call('loadCoupons'), applyCoupon: call('applyCoupon') },
          }),
        },
      }),
      repayment: repaymentMachine.provide({
        actors: {
          loadDetail: call('loadDetail'),
          createPaymentOrder: call('createPaymentOrder'),
          loadRepayables: call('loadRepayables'),
          paymentOrder,
        },
      }),
      rollover: rolloverMachine.provide({
        actors: {
          loadExtension: call('loadExtension'),
          confirmExtension: call('confirmExtension'),
          paymentOrder,
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { entry: opts.entry } }).start()
  return {
    actor,
    calls,
    inputsOf: (name: keyof MoneyPathIo) => calls.filter((c) => c.name === name).map((c) => c.input),
    setStatus: (next: OrderStatusCode | null) => {
      status = next
    },
  }
}

export type MoneyPathJourney = ReturnType<typeof startMoneyPath>['actor']

/** Renders a screen over the journey, in a language and country, once the journey stands on `route`. */
export const renderMoneyPath = renderOnRoute

/**
 * Renders whichever of `screens` the journey stands on, following it from route to route (the money path moves
 * between repay detail, cashier and rollover by itself), once it stands on `route`.
 */
export function renderRoutes(
  screens: Partial<Record<RouteName, ComponentType<ScreenProps>>>,
  actor: MoneyPathJourney,
  options: RenderOnRouteOptions,
): Promise<RenderResult> {
  return renderOnRoute(routesScreen(screens), actor, options)
}

/** A translation in the language the last screen was rendered in. */
export const t = (key: string, values?: Record<string, unknown>): string => i18next.t(key, values)
