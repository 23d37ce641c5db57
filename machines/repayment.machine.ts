/**
 * repayment — the repay detail and the cashier: see what is owed, enter an amount (all of it by default), choose
 * a payment channel, create a payment order and wait for the wallet provider to confirm it.
 *
 * Amount rules are the domain's (repayment-rules.ts `checkRepaymentAmount` through schemas/repayment.ts
 * `repaymentSchema`): whole units, at least 1,000, at least the product's minimum, a multiple of its unit, or
 * exactly the remaining balance; never above it. A channel is required ("channelId cannot be empty"); one that
 * cannot take payments now says "There is no payment method, please choose another channel". A created order
 * without a payOrderId is refused ("payOrderId cannot be empty please try again"). The wait itself, with its
 * 15-minute window computed from the server's order time, is the payment-order machine, invoked here.
 *
 * It also reads the borrower's orders with something to repay (/loanMarket/repay/products). A lender whose
 * borrowers may hold more than one such loan lets the borrower switch the detail to another of them
 * ('repayment.orderChosen', before a payment starts); with one (the reference server allows one open loan) the
 * detail is simply the journey's order's. Without the list the detail works as before.
 *
 * Input (RepaymentInput): { orderNo }
 * Events: amount.changed {text}, amount.full, channel.chosen {channelId}, repayment.submitted, payment.checked,
 *         repayment.retried, detail.retried, app.foregrounded {at}, repayment.orderChosen {orderNo}
 * Tags:   busy (loading, creating), canSubmit (editing), cashier (editing, creating: the form is shown),
 *         waitingPayment, timedOut, paymentFailed, loadFailed
 * Output: { outcome: 'paid', amountMinor } | { outcome: 'sessionEnded' }
 * Actors the composition provides:
 *   loadDetail         ({ orderNo }) → RepaymentDetail & ServerTime              (GET /portal/repayment/detail)
 *   createPaymentOrder ({ orderNo, amountMinor, channelId }) → PayOrder & ServerTime (POST /portal/repayment/confirm)
 *   loadRepayables     () → RepayProduct[]                                   (GET /loanMarket/repay/products)
 *   paymentOrder       = paymentOrderMachine with its checkPayment actor provided
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate'
import { ApiCode } from '../domain/api-codes'
import type { RepaymentDetail as ApiRepaymentDetail, RepayProduct } from '../domain/api-types'
import { fieldErrors } from '../domain/schemas/field-errors'
import {
  repaymentMessageValues,
  repaymentSchema,
  type RepaymentInput as PaymentOrderRequest,
  type RepaymentLimits,
} from '../domain/schemas/repayment'
import {
  expiryOf,
  paymentOrderMachine,
  type PaymentOrder,
  type PaymentOrderOutput,
} from './payment-order.machine'
import {
  codeMessage,
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  isInvalid,
  isSessionEnded,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { loadErrors } from './kit/loadable'
import { outputParams, type Output } from './kit/params'
import { awaitingPayment, orderCreated, paymentGuards, type Forwarded } from './kit/payment-flow'
import type {
  RepaymentContext,
  RepaymentDetail,
  RepaymentEvent,
  RepaymentInput,
  RepaymentOutput,
} from './repayment/repayment-context'

/** The rules a typed amount follows, from the detail (the same ones the server checks). */
export function limitsOf(d: ApiRepaymentDetail): RepaymentLimits {
  return {
    remainingMinor: d.balance.totalMinor,
    productMinMinor: d.amountRules.minMinor,
    unitMinor: d.amountRules.unitMinor,
    minorPerUnit: d.minorPerUnit,
  }
}

/** A payment still pending from an earlier visit, with the clocks of the answer that reported it. */
const pendingOf = (d: RepaymentDetail): PaymentOrder | null =>
  d.pendingPayOrder ? { ...d.pendingPayOrder, serverNow: d.serverNow, receivedAt: d.receivedAt } : null

/**
 * The borrower's text as minor units, exactly (no floats): digits with optional thousands separators (',' or
 * spaces) and at most as many decimals as the currency has. null when it is not such a number.
 */
export function parseAmount(text: string, minorPerUnit: number): number | null {
  const m = /^(\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim())
  const decimals = Math.round(Math.log10(minorPerUnit))
  if (!m || (m[2] ?? '').length > decimals) return null
  const whole = BigInt(m[1]!.replace(/[, ]/g, ''))
  const fraction = BigInt((m[2] ?? '').padEnd(decimals, '0') || '0')
  const minor = whole * BigInt(minorPerUnit) + fraction
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null
}

/** The remaining balance as the borrower would type it: "12345.67", or "12345" when whole. */
function amountTextOf(minor: number, minorPerUnit: number): string {
  const decimals = Math.round(Math.log10(minorPerUnit))
  const whole = Math.floor(minor / minorPerUnit)
  const fraction = minor % minorPerUnit
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(decimals, '0')}`
}

/** The detail is of the journey's own order (not another one the borrower switched to). */
export function showsEntryOrder(c: Pick<RepaymentContext, 'orderNo' | 'entryOrderNo'>): boolean {
  return c.orderNo === c.entryOrderNo
}

const requestOf = (c: RepaymentContext): Partial<PaymentOrderRequest> => ({
  orderNo: c.orderNo,
  ...(c.amountMinor !== null ? { amountMinor: c.amountMinor } : {}),
  ...(c.channelId !== null ? { channelId: c.channelId } : {}),
})

/** The domain's verdict on the amount and channel, as messages with the {{min}}/{{unit}} values they show. */
function formErrors(c: RepaymentContext): RepaymentContext['fieldErrors'] {
  if (!c.detail) return {}
  const limits = limitsOf(c.detail)
  const errors = fieldErrors(repaymentSchema(limits), requestOf(c))
  const values = repaymentMessageValues(limits)
  const out: RepaymentContext['fieldErrors'] = {}
  if (c.amountText.trim() !== '' && c.amountMinor === null)
    out.amountMinor = msg('validation.repay.notInteger', values)
  else if (errors.amountMinor) out.amountMinor = msg(errors.amountMinor, values)
  if (errors.channelId) out.channelId = msg(errors.channelId)
  return out
}

export const repaymentMachine = setup({
  types: {
    context: {} as RepaymentContext,
    events: {} as RepaymentEvent,
    input: {} as RepaymentInput,
    output: {} as RepaymentOutput,
    emitted: {} as SessionEndedEvent,
    children: {} as { paymentOrder: 'paymentOrder' },
    tags: {} as
      'busy' | 'canSubmit' | 'cashier' | 'waitingPayment' | 'timedOut' | 'paymentFailed' | 'loadFailed',
  },
  actors: {
    loadDetail: fromPromise<RepaymentDetail, { orderNo: string }>(() => {
      throw new Error("The 'loadDetail' actor is provided by services/actors")
    }),
    createPaymentOrder: fromPromise<PaymentOrder, PaymentOrderRequest>(() => {
      throw new Error("The 'createPaymentOrder' actor is provided by services/actors")
    }),
    // Rejects rather than throws when not provided: the detail works without the list, as when its call fails.
    loadRepayables: fromPromise<RepayProduct[]>(async () => {
      throw new Error("The 'loadRepayables' actor is provided by services/actors/repayment-actors.ts")
    }),
    paymentOrder: paymentOrderMachine,
  },
  guards: {
    errorEndsSession: (_, params: { error: unknown }) => isSessionEnded(params.error),
    /** Another order of the list, with something to repay. */
    otherRepayable: ({ context, event }) =>
      event.type === 'repayment.orderChosen' &&
      event.orderNo !== context.orderNo &&
      context.repayables.some((r) => r.orderNo === event.orderNo),
    paymentPending: (_, { output: detail }: Output<RepaymentDetail>) => {
      const p = pendingOf(detail)
      return !!p && p.status === 'pending' && p.payOrderId.trim() !== '' && p.serverNow < expiryOf(p)
    },
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    channelAvailable: ({ context, event }) =>
      event.type === 'channel.chosen' &&
      !!context.detail?.channels.some((c) => c.channelId === event.channelId && c.available),
    payOrderIdMissing: (_, params: Output<PaymentOrder>) => paymentGuards.payOrderIdMissing(params),
    paid: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paid(params),
    paymentFailed: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentFailed(params),
    paymentTimedOut: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentTimedOut(params),
    paymentSessionEnded: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentSessionEnded(params),
    sessionEnded: ({ event }) => endsSession(event),
    invalid: ({ event }) => 'error' in event && isInvalid(event.error),
  },
  actions: {
    keepRepayables: assign((_, params: { repayables: RepayProduct[] }) => ({
      repayables: params.repayables,
    })),
    chooseOrder: assign({
      orderNo: ({ context, event }) =>
        event.type === 'repayment.orderChosen' ? event.orderNo : context.orderNo,
      detail: null,
      error: null,
      fieldErrors: {},
    }),
    keepDetail: assign((_, { output: detail }: Output<RepaymentDetail>) => {
      const { remainingMinor, minorPerUnit } = limitsOf(detail)
      return {
        detail,
        amountMinor: remainingMinor,
        amountText: amountTextOf(remainingMinor, minorPerUnit),
        channelId: detail.channels.find((c) => c.available)?.channelId ?? null,
        payment: null,
        fieldErrors: {},
        error: detail.channels.some((c) => c.available) ? null : msg('errors.noPaymentMethod'),
      }
    }),
    resumePendingPayment: assign({
      payment: (_, { output }: Output<RepaymentDetail>) => pendingOf(output),
    }),
    changeAmount: assign(({ context, event }) => {
      if (event.type !== 'amount.changed' || !context.detail) return {}
      return {
        amountText: event.text,
        amountMinor: parseAmount(event.text, context.detail.minorPerUnit),
        fieldErrors: { ...context.fieldErrors, amountMinor: undefined },
      }
    }),
    chooseFullAmount: assign(({ context }) => {
      if (!context.detail) return {}
      const { remainingMinor, minorPerUnit } = limitsOf(context.detail)
      return {
        amountMinor: remainingMinor,
        amountText: amountTextOf(remainingMinor, minorPerUnit),
        fieldErrors: { ...context.fieldErrors, amountMinor: undefined },
      }
    }),
    chooseChannel: assign({
      channelId: ({ context, event }) =>
        event.type === 'channel.chosen' ? event.channelId : context.channelId,
      fieldErrors: ({ context }) => ({ ...context.fieldErrors, channelId: undefined }),
      error: null,
    }),
    showNoPaymentMethod: assign({ error: msg('errors.noPaymentMethod') }),
    showFormErrors: assign({ fieldErrors: ({ context }) => formErrors(context) }),
    showServerFieldErrors: assign(({ event }) => {
      const failure = failureOf(errorOf(event))
      const fields = failure.kind === 'invalid' ? failure.fields : {}
      const text = (f: string): Message | undefined => (fields[f] ? { text: fields[f] } : undefined)
      return {
        fieldErrors: { amountMinor: text('amountMinor'), channelId: text('channelId') },
        error: failure.kind === 'invalid' && failure.message ? { text: failure.message } : null,
      }
    }),
    showPayOrderIdMissing: assign({ error: msg('errors.payOrderIdEmpty') }),
    keepPayment: assign({ payment: (_, { output }: Output<PaymentOrder>) => output }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    showTimedOut: assign({ error: msg('errors.orderTimedOut') }),
    showPaymentFailed: assign({ error: codeMessage(ApiCode.PaymentRequestFailed) }),
    clearError: assign({ error: null }),
    forwardToPaymentOrder: sendTo('paymentOrder', (_, { event }: Forwarded) => event),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'repayment',
  description:
    'Repay all or part of a loan through a payment channel, within the 15-minute window of the order.',
  context: ({ input }) => ({
    orderNo: input.orderNo,
    entryOrderNo: input.orderNo,
    repayables: [],
    detail: null,
    amountText: '',
    amountMinor: null,
    channelId: null,
    payment: null,
    fieldErrors: {},
    error: null,
  }),
  // Read once; without it the borrower repays the journey's order as before.
  invoke: {
    src: 'loadRepayables',
    onDone: { actions: { type: 'keepRepayables', params: ({ event }) => ({ repayables: event.output }) } },
    onError: [
      {
        guard: { type: 'errorEndsSession', params: ({ event }) => ({ error: event.error }) },
        target: '.sessionEnded',
      },
      {},
    ],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadDetail',
        input: ({ context }) => ({ orderNo: context.orderNo }),
        onDone: [
          {
            guard: { type: 'paymentPending', params: outputParams },
            target: 'awaitingPayment',
            actions: [
              { type: 'keepDetail', params: outputParams },
              { type: 'resumePendingPayment', params: outputParams },
            ],
          },
          { target: 'editing', actions: { type: 'keepDetail', params: outputParams } },
        ],
        onError: loadErrors(),
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: {
        'detail.retried': { target: 'loading', actions: 'clearError' },
        'repayment.orderChosen': { guard: 'otherRepayable', target: 'loading', actions: 'chooseOrder' },
      },
    },
    editing: {
      description:
        'The repay detail and cashier: the amount (the whole balance by default) and the channel; another order ' +
        'with something to repay may be chosen instead.',
      tags: ['canSubmit', 'cashier'],
      on: {
        'repayment.orderChosen': { guard: 'otherRepayable', target: 'loading', actions: 'chooseOrder' },
        'amount.changed': { actions: 'changeAmount' },
        'amount.full': { actions: 'chooseFullAmount' },
        'channel.chosen': [
          { guard: 'channelAvailable', actions: 'chooseChannel' },
          { actions: 'showNoPaymentMethod' },
        ],
        'repayment.submitted': [
          { guard: 'formValid', target: 'creatingOrder', actions: 'clearError' },
          { actions: 'showFormErrors' },
        ],
      },
    },
    creatingOrder: {
      tags: ['busy', 'cashier'],
      invoke: {
        src: 'createPaymentOrder',
        input: ({ context }) => requestOf(context) as PaymentOrderRequest,
        onDone: orderCreated('editing'),
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'invalid', target: 'editing', actions: 'showServerFieldErrors' },
          { target: 'editing', actions: 'showFailure' },
        ],
      },
    },
    awaitingPayment: awaitingPayment(
      'The payment order runs: the borrower approves it on the phone; the server is asked until it lands.',
      'paid',
    ),
    timedOut: {
      description: 'The 15 minutes passed without a payment: "This order has timed out, please try again".',
      tags: ['timedOut'],
      on: { 'repayment.retried': { target: 'loading', actions: 'clearError' } },
    },
    paymentFailed: {
      description: 'The provider refused the payment; the borrower may try again or choose another channel.',
      tags: ['paymentFailed'],
      on: { 'repayment.retried': { target: 'loading', actions: 'clearError' } },
    },
    paid: {
      type: 'final',
      output: ({ context }): RepaymentOutput => ({
        outcome: 'paid',
        amountMinor: context.payment!.amountMinor,
      }),
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): RepaymentOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as RepaymentOutput,
})

/**
 * What repay detail and the cashier show — their one read of this machine (screens/shared/use-view.ts): the detail
 * and its form, the loans to choose from, and what the borrower may do now (retry, pay, choose another loan). The
 * rollover is offered only while the journey's own order is shown (the rollover child extends that order).
 */
export function repaymentView(s: SnapshotFrom<typeof repaymentMachine>) {
  const { context } = s
  return {
    detail: context.detail,
    error: context.error,
    loadFailed: s.hasTag('loadFailed'),
    editing: s.hasTag('cashier'),
    busy: s.hasTag('busy'),
    canRetry: s.can({ type: 'repayment.retried' }),
    canPay: s.can({ type: 'repayment.submitted' }),
    canChooseOrder: s.hasTag('canSubmit') || s.hasTag('loadFailed'),
    entryOrder: showsEntryOrder(context),
    amountText: context.amountText,
    channelId: context.channelId,
    fieldErrors: context.fieldErrors,
    repayables: context.repayables,
    orderNo: context.orderNo,
  }
}

export type RepaymentView = ReturnType<typeof repaymentView>
