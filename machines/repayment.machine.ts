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
 * Input (RepaymentInput): { orderNo }
 * Events: amount.changed {text}, amount.full, channel.chosen {channelId}, repayment.submitted, payment.checked,
 *         repayment.retried, detail.retried, app.foregrounded {at}
 * Tags:   busy (loading, creating), canSubmit (editing), waitingPayment, timedOut, paymentFailed, loadFailed
 * Output: { outcome: 'paid', amountMinor } | { outcome: 'sessionEnded' }
 * Actors the composition provides:
 *   loadDetail         ({ orderNo }) → RepaymentDetail & ServerTime              (GET /portal/repayment/detail)
 *   createPaymentOrder ({ orderNo, amountMinor, channelId }) → PayOrder & ServerTime (POST /portal/repayment/confirm)
 *   paymentOrder       = paymentOrderMachine with its checkPayment actor provided
 */
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import { ApiCode } from '../src/domain/api-codes'
import type { RepaymentDetail as ApiRepaymentDetail } from '../src/domain/api-types'
import { fieldErrors } from '../src/domain/schemas/field-errors'
import {
  repaymentMessageValues,
  repaymentSchema,
  type RepaymentInput as PaymentOrderRequest,
  type RepaymentLimits,
} from '../src/domain/schemas/repayment'
import {
  expiryOf,
  paymentOrderMachine,
  paymentOutcomeOf,
  payOrderIdMissing,
  type PaymentOrder,
} from './payment-order.machine'
import {
  codeMessage,
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  isInvalid,
  messageOf,
  msg,
  type Message,
  type ServerTime,
  type SessionEndedEvent,
} from './submit.machine'

export interface RepaymentInput {
  orderNo: string
}

/** The repay detail as the server sends it (src/domain/api-types.ts), with the clocks of its answer. */
export type RepaymentDetail = ApiRepaymentDetail & ServerTime

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

export interface RepaymentContext {
  orderNo: string
  detail: RepaymentDetail | null
  /** What the borrower typed, and its value in minor units (null when it is not a number). */
  amountText: string
  amountMinor: number | null
  channelId: string | null
  payment: PaymentOrder | null
  fieldErrors: { amountMinor?: Message; channelId?: Message }
  error: Message | null
}

export type RepaymentEvent =
  | { type: 'amount.changed'; text: string }
  | { type: 'amount.full' }
  | { type: 'channel.chosen'; channelId: string }
  | { type: 'repayment.submitted' }
  | { type: 'payment.checked' }
  | { type: 'repayment.retried' }
  | { type: 'detail.retried' }
  | { type: 'app.foregrounded'; at: number }

export type RepaymentOutput = { outcome: 'paid'; amountMinor: number } | { outcome: 'sessionEnded' }

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
    tags: {} as 'busy' | 'canSubmit' | 'waitingPayment' | 'timedOut' | 'paymentFailed' | 'loadFailed',
  },
  actors: {
    loadDetail: fromPromise<RepaymentDetail, { orderNo: string }>(() => {
      throw new Error("The 'loadDetail' actor is provided by services/actors")
    }),
    createPaymentOrder: fromPromise<PaymentOrder, PaymentOrderRequest>(() => {
      throw new Error("The 'createPaymentOrder' actor is provided by services/actors")
    }),
    paymentOrder: paymentOrderMachine,
  },
  guards: {
    paymentPending: ({ event }) => {
      const detail = (event as { output?: RepaymentDetail }).output
      const p = detail ? pendingOf(detail) : null
      return !!p && p.status === 'pending' && p.payOrderId.trim() !== '' && p.serverNow < expiryOf(p)
    },
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    channelAvailable: ({ context, event }) =>
      event.type === 'channel.chosen' &&
      !!context.detail?.channels.some((c) => c.channelId === event.channelId && c.available),
    payOrderIdMissing: ({ event }) => payOrderIdMissing(event),
    paid: ({ event }) => paymentOutcomeOf(event) === 'paid',
    paymentFailed: ({ event }) => paymentOutcomeOf(event) === 'failed',
    paymentTimedOut: ({ event }) => paymentOutcomeOf(event) === 'timedOut',
    paymentSessionEnded: ({ event }) => paymentOutcomeOf(event) === 'sessionEnded',
    sessionEnded: ({ event }) => endsSession(event),
    invalid: ({ event }) => 'error' in event && isInvalid(event.error),
  },
  actions: {
    keepDetail: assign(({ event }) => {
      const detail = (event as unknown as { output: RepaymentDetail }).output
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
      payment: ({ event }) => pendingOf((event as unknown as { output: RepaymentDetail }).output),
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
      const failure = failureOf((event as { error?: unknown }).error)
      const fields = failure.kind === 'invalid' ? failure.fields : {}
      const text = (f: string): Message | undefined => (fields[f] ? { text: fields[f] } : undefined)
      return {
        fieldErrors: { amountMinor: text('amountMinor'), channelId: text('channelId') },
        error: failure.kind === 'invalid' && failure.message ? { text: failure.message } : null,
      }
    }),
    showPayOrderIdMissing: assign({ error: msg('errors.payOrderIdEmpty') }),
    keepPayment: assign({ payment: ({ event }) => (event as unknown as { output: PaymentOrder }).output }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    showTimedOut: assign({ error: msg('errors.orderTimedOut') }),
    showPaymentFailed: assign({ error: codeMessage(ApiCode.PaymentRequestFailed) }),
    clearError: assign({ error: null }),
    forwardToPaymentOrder: sendTo('paymentOrder', ({ event }) => event as { type: 'payment.checked' }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'repayment',
  description:
    'Repay all or part of a loan through a payment channel, within the 15-minute window of the order.',
  context: ({ input }) => ({
    orderNo: input.orderNo,
    detail: null,
    amountText: '',
    amountMinor: null,
    channelId: null,
    payment: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadDetail',
        input: ({ context }) => ({ orderNo: context.orderNo }),
        onDone: [
          {
            guard: 'paymentPending',
            target: 'awaitingPayment',
            actions: ['keepDetail', 'resumePendingPayment'],
          },
          { target: 'editing', actions: 'keepDetail' },
        ],
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { target: 'loadFailed', actions: 'showFailure' },
        ],
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'detail.retried': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      description: 'The repay detail and cashier: the amount (the whole balance by default) and the channel.',
      tags: ['canSubmit'],
      on: {
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
      tags: ['busy'],
      invoke: {
        src: 'createPaymentOrder',
        input: ({ context }) => requestOf(context) as PaymentOrderRequest,
        onDone: [
          { guard: 'payOrderIdMissing', target: 'editing', actions: 'showPayOrderIdMissing' },
          { target: 'awaitingPayment', actions: 'keepPayment' },
        ],
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'invalid', target: 'editing', actions: 'showServerFieldErrors' },
          { target: 'editing', actions: 'showFailure' },
        ],
      },
    },
    awaitingPayment: {
      description:
        'The payment order runs: the borrower approves it on the phone; the server is asked until it lands.',
      tags: ['waitingPayment'],
      invoke: {
        id: 'paymentOrder',
        src: 'paymentOrder',
        input: ({ context }) => ({ payment: context.payment! }),
        onDone: [
          { guard: 'paid', target: 'paid' },
          { guard: 'paymentFailed', target: 'paymentFailed', actions: 'showPaymentFailed' },
          { guard: 'paymentTimedOut', target: 'timedOut', actions: 'showTimedOut' },
          { guard: 'paymentSessionEnded', target: 'sessionEnded' },
        ],
      },
      on: {
        'payment.checked': { actions: 'forwardToPaymentOrder' },
        'app.foregrounded': { actions: 'forwardToPaymentOrder' },
      },
    },
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
