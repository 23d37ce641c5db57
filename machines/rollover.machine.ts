/**
 * rollover — the 7-day extension (exhibition_period_detail): see the fee, the new due date and how many
 * rollovers are left, choose a channel and pay the fee; the due date moves once the fee is paid (decisions.md
 * "Pricing": principal and interest stay due; at most a configured number per loan). Refused, with the server's
 * reason as a message (none left, paid off, not repaying, too late, charges cap reached), when none is offered.
 * Too late (2119) or the charges cap reached (2120) — whether the offer says so or confirming is refused with
 * that code — withdraws the offer for good: the loan must be repaid instead (tag mustRepay).
 * The fee's payment order waits in the payment-order machine (15-minute window from the server's order time).
 *
 * Input (RolloverInput): { orderNo }
 * Events: channel.chosen {channelId}, rollover.confirmed, payment.checked, rollover.retried, detail.retried,
 *         app.foregrounded {at}
 * Tags:   busy, canConfirm, noRolloversLeft, mustRepay, waitingPayment, timedOut, paymentFailed, loadFailed
 * Output: { outcome: 'rolledOver', newDueDate, feeMinor } | { outcome: 'sessionEnded' } (feeMinor: the paid fee's
 *         payment order amount, as the server created it)
 * Actors the composition provides:
 *   loadExtension    ({ orderNo }) → RolloverOffer                        (GET /repay/getExtensionData)
 *   confirmExtension ({ orderNo, channelId }) → PayOrder & ServerTime      (GET /repay/confirmExtensionOrder)
 *   paymentOrder     = paymentOrderMachine with its checkPayment actor provided
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate'
import { ApiCode } from '../domain/api-codes'
import type { RolloverOffer } from '../domain/api-types'
import type { IsoDate } from '../domain/pricing'
import { fieldErrors } from '../domain/schemas/field-errors'
import { rolloverConfirmSchema } from '../domain/schemas/repayment'
import { paymentOrderMachine, type PaymentOrder, type PaymentOrderOutput } from './payment-order.machine'
import {
  codeMessage,
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { loadErrors, loadFailedState } from './kit/loadable'
import { outputParams, type Output } from './kit/params'
import { awaitingPayment, orderCreated, paymentGuards, type Forwarded } from './kit/payment-flow'

export interface RolloverInput {
  orderNo: string
}

/** The rollover offer as the server sends it (domain/api-types.ts RolloverOffer). */
export type ExtensionData = RolloverOffer

/** Why the server offers no rollover, as the message shown. */
const UNAVAILABLE_CODE: Record<NonNullable<RolloverOffer['unavailableReason']>, number> = {
  limit: ApiCode.LoanRolloverLimit,
  paidOff: ApiCode.LoanNothingToRepay,
  status: ApiCode.LoanActionNotAllowed,
  tooLate: ApiCode.LoanRolloverTooLate,
  capReached: ApiCode.LoanRolloverCapReached,
}

/** The refusals that withdraw the offer for good: the loan can only be repaid now. */
const MUST_REPAY: Partial<Record<number, NonNullable<RolloverOffer['unavailableReason']>>> = {
  [ApiCode.LoanRolloverTooLate]: 'tooLate',
  [ApiCode.LoanRolloverCapReached]: 'capReached',
}

/** The reason a refused confirmation withdraws the offer for, or undefined (any other failure). */
const withdrawnFor = (event: unknown) => {
  const failure = failureOf(errorOf(event))
  return failure.kind === 'rejected' ? MUST_REPAY[failure.code] : undefined
}

export interface RolloverContext {
  orderNo: string
  extension: ExtensionData | null
  channelId: string | null
  payment: PaymentOrder | null
  fieldErrors: { channelId?: Message }
  error: Message | null
}

export type RolloverEvent =
  | { type: 'channel.chosen'; channelId: string }
  | { type: 'rollover.confirmed' }
  | { type: 'payment.checked' }
  | { type: 'rollover.retried' }
  | { type: 'detail.retried' }
  | { type: 'app.foregrounded'; at: number }

export type RolloverOutput =
  { outcome: 'rolledOver'; newDueDate: IsoDate; feeMinor: number } | { outcome: 'sessionEnded' }

const channelProblem = (c: RolloverContext) =>
  fieldErrors(rolloverConfirmSchema(), {
    orderNo: c.orderNo,
    ...(c.channelId ? { channelId: c.channelId } : {}),
  }).channelId ?? null

export const rolloverMachine = setup({
  types: {
    context: {} as RolloverContext,
    events: {} as RolloverEvent,
    input: {} as RolloverInput,
    output: {} as RolloverOutput,
    emitted: {} as SessionEndedEvent,
    children: {} as { paymentOrder: 'paymentOrder' },
    tags: {} as
      | 'busy'
      | 'canConfirm'
      | 'noRolloversLeft'
      | 'mustRepay'
      | 'waitingPayment'
      | 'timedOut'
      | 'paymentFailed'
      | 'loadFailed',
  },
  actors: {
    loadExtension: fromPromise<ExtensionData, { orderNo: string }>(() => {
      throw new Error("The 'loadExtension' actor is provided by services/actors")
    }),
    confirmExtension: fromPromise<PaymentOrder, { orderNo: string; channelId: string }>(() => {
      throw new Error("The 'confirmExtension' actor is provided by services/actors")
    }),
    paymentOrder: paymentOrderMachine,
  },
  guards: {
    noneLeft: (_, { output: data }: Output<ExtensionData>) => {
      return !data.available || data.rolloversLeft <= 0 || data.quote === null
    },
    mustRepay: (_, { output: data }: Output<ExtensionData>) => {
      return (
        !data.available && (data.unavailableReason === 'tooLate' || data.unavailableReason === 'capReached')
      )
    },
    offerWithdrawn: ({ event }) => withdrawnFor(event) !== undefined,
    rolloverAllowed: ({ context }) =>
      (context.extension?.rolloversLeft ?? 0) > 0 && context.extension?.quote !== null,
    channelGiven: ({ context }) => channelProblem(context) === null,
    channelAvailable: ({ context, event }) =>
      event.type === 'channel.chosen' &&
      !!context.extension?.channels.some((c) => c.channelId === event.channelId && c.available),
    payOrderIdMissing: (_, params: Output<PaymentOrder>) => paymentGuards.payOrderIdMissing(params),
    paid: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paid(params),
    paymentFailed: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentFailed(params),
    paymentTimedOut: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentTimedOut(params),
    paymentSessionEnded: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paymentSessionEnded(params),
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    keepExtension: assign((_, { output: extension }: Output<ExtensionData>) => {
      const available = extension.channels.find((c) => c.available)
      return {
        extension,
        channelId: available?.channelId ?? null,
        payment: null,
        fieldErrors: {},
        error: available ? null : msg('errors.noPaymentMethod'),
      }
    }),
    chooseChannel: assign({
      channelId: ({ context, event }) =>
        event.type === 'channel.chosen' ? event.channelId : context.channelId,
      fieldErrors: {},
      error: null,
    }),
    showNoPaymentMethod: assign({ error: msg('errors.noPaymentMethod') }),
    showChannelRequired: assign({
      fieldErrors: ({ context }) => ({ channelId: msg(channelProblem(context)!) }),
    }),
    showUnavailable: assign({
      error: ({ context }) => codeMessage(UNAVAILABLE_CODE[context.extension?.unavailableReason ?? 'limit']),
    }),
    withdrawOffer: assign({
      extension: ({ context, event }) =>
        context.extension && {
          ...context.extension,
          available: false,
          unavailableReason: withdrawnFor(event) ?? null,
          quote: null,
        },
      fieldErrors: {},
      error: ({ event }) => messageOf(failureOf(errorOf(event))),
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
  id: 'rollover',
  description: 'Move the due date by 7 days for a fee, paid through a channel, while rollovers are left.',
  context: ({ input }) => ({
    orderNo: input.orderNo,
    extension: null,
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
        src: 'loadExtension',
        input: ({ context }) => ({ orderNo: context.orderNo }),
        onDone: [
          {
            guard: { type: 'mustRepay', params: outputParams },
            target: 'mustRepay',
            actions: [{ type: 'keepExtension', params: outputParams }, 'showUnavailable'],
          },
          {
            guard: { type: 'noneLeft', params: outputParams },
            target: 'refused',
            actions: [{ type: 'keepExtension', params: outputParams }, 'showUnavailable'],
          },
          { target: 'ready', actions: { type: 'keepExtension', params: outputParams } },
        ],
        onError: loadErrors(),
      },
    },
    loadFailed: loadFailedState('detail.retried'),
    refused: {
      description:
        'No rollover is offered: every one allowed was taken, nothing is left or the loan is not repaying.',
      tags: ['noRolloversLeft'],
    },
    mustRepay: {
      description:
        'The rollover is withdrawn for good: too late (the new due date is past, 2119) or the charges cap reached (2120), as offered or as confirming was refused; the loan must be repaid instead.',
      tags: ['noRolloversLeft', 'mustRepay'],
    },
    ready: {
      description:
        'The fee, the new due date and the rollovers left are shown; the borrower picks a channel.',
      tags: ['canConfirm'],
      on: {
        'channel.chosen': [
          { guard: 'channelAvailable', actions: 'chooseChannel' },
          { actions: 'showNoPaymentMethod' },
        ],
        'rollover.confirmed': [
          { guard: 'channelGiven', target: 'creatingOrder', actions: 'clearError' },
          { actions: 'showChannelRequired' },
        ],
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        src: 'confirmExtension',
        input: ({ context }) => ({ orderNo: context.orderNo, channelId: context.channelId! }),
        onDone: orderCreated('ready'),
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'offerWithdrawn', target: 'mustRepay', actions: 'withdrawOffer' },
          { target: 'ready', actions: 'showFailure' },
        ],
      },
    },
    awaitingPayment: awaitingPayment(
      'The fee is being paid; the due date moves when the server confirms it.',
      'rolledOver',
    ),
    timedOut: {
      tags: ['timedOut'],
      on: { 'rollover.retried': { target: 'loading', actions: 'clearError' } },
    },
    paymentFailed: {
      tags: ['paymentFailed'],
      on: { 'rollover.retried': { target: 'loading', actions: 'clearError' } },
    },
    rolledOver: {
      type: 'final',
      output: ({ context }): RolloverOutput => ({
        outcome: 'rolledOver',
        newDueDate: context.extension!.quote!.newDueDate,
        feeMinor: context.payment!.amountMinor,
      }),
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): RolloverOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as RolloverOutput,
})

/**
 * What the rollover screen shows — its one read of this machine (screens/shared/use-view.ts): the extension on
 * offer with its channels, the chosen channel and messages, why it may not be taken (none left, must repay),
 * and which of confirm and retry may be pressed now; the payment-order child once a payment is under way.
 */
export function rolloverView(s: SnapshotFrom<typeof rolloverMachine>) {
  return {
    paymentOrder: s.children.paymentOrder,
    extension: s.context.extension,
    channelId: s.context.channelId,
    fieldErrors: s.context.fieldErrors,
    error: s.context.error,
    loadFailed: s.hasTag('loadFailed'),
    refused: s.hasTag('noRolloversLeft'),
    mustRepay: s.hasTag('mustRepay'),
    busy: s.hasTag('busy'),
    canConfirm: s.can({ type: 'rollover.confirmed' }),
    canRetry: s.can({ type: 'rollover.retried' }),
  }
}
