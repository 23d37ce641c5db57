/**
 * confirm borrow — an approved order (14/18) waits for the borrower: read the figures and the agreement, tick
 * it, optionally apply a coupon, then confirm (money goes out) or cancel with one reason. The approval lapses
 * 24 hours after the server approved it (the order lifecycle's confirmDeadlineAfter, decisions.md "Cancelling").
 *
 * Time: the expiry is the named delay `approvalExpiry` = approvedAt + 24 h − now, where approvedAt is the
 * server's approval time (input) and now is the device's clock corrected by the server clock's offset (learned
 * from the offer's `serverNow`/`receivedAt`), so a phone whose clock is wrong still counts down to the server's
 * moment. Timers stop while the app is in the background, so 'app.foregrounded' (carrying the device time)
 * checks again and restarts the countdown from that time.
 *
 * Input (ConfirmBorrowInput): { loanOrderId, approvedAt? }
 * Events: agreement.toggled, agreement.opened, agreement.closed, coupon.choose, borrow.confirmed, cancel.started,
 *         offer.retried, expiry.acknowledged, app.foregrounded {at}
 * Tags:   busy (loading, agreement loading, confirming), canConfirm, canCancel, expired, loadFailed,
 *         agreementOpen, confirming
 * Output: { outcome: 'confirmed' | 'cancelled' | 'expired' | 'sessionEnded' }
 * Actors the composition provides:
 *   loadOffer     ({ loanOrderId }) → ConfirmProductInfo & ServerTime     (GET /loan/confirm/product-info)
 *   loadAgreement ({ loanOrderId }) → AgreementDocument                   (GET /loan/loan-order/loanAgreement)
 *   confirmLoan   ({ loanOrderId, agreed: true, couponId? }) → unknown    (GET /loan/get-money)
 *   cancellation  = cancellationMachine with its cancelOrder actor provided
 *   coupons       = couponsMachine with its actors provided (choose mode applies the coupon)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AgreementDocument, ConfirmProductInfo } from '../domain/api-types'
import { REQUIRED } from '../domain/schemas/common'
import { fieldErrors } from '../domain/schemas/field-errors'
import { confirmBorrowSchema, type ConfirmBorrowInput as GetMoneyRequest } from '../domain/schemas/loan'
import { approvalWindowPassedAt, approvedAtBefore, confirmDeadlineAfter } from './order-lifecycle.machine'
import { cancellationMachine, type CancellationOutput } from './cancellation.machine'
import { couponsMachine, type CouponsOutput } from './coupons.machine'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type Message,
  type ServerTime,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import { loadErrors, loadFailedState } from './kit/loadable'
import { outputParams, type Output } from './kit/params'

export interface ConfirmBorrowInput {
  loanOrderId: string
  /**
   * When the server approved the order (LatestOrder.approvedAt, ms since the epoch): the window starts here.
   * Without it, the offer's `confirmBy` (the server's approvedAt + 24 h) says when the server approved it.
   */
  approvedAt?: number
}

/**
 * Everything shown before confirming (domain/api-types.ts ConfirmProductInfo: the full quote, the wallet,
 * the coupon applied and what is repaid after it), with the clocks of the answer.
 */
export type ConfirmOffer = ConfirmProductInfo & ServerTime

export interface ConfirmBorrowContext {
  loanOrderId: string
  /** The server's approval time; null until known (from the input, or the offer). */
  approvedAt: number | null
  /** Server clock − device clock. */
  clockOffsetMs: number
  /** The latest device time the machine knows of (an answer's arrival, or the app coming to the foreground). */
  deviceNow: number
  offer: ConfirmProductInfo | null
  agreementAccepted: boolean
  agreement: AgreementDocument | null
  error: Message | null
}

export type ConfirmBorrowEvent =
  | { type: 'agreement.toggled' }
  | { type: 'agreement.opened' }
  | { type: 'agreement.closed' }
  | { type: 'coupon.choose' }
  | { type: 'borrow.confirmed' }
  | { type: 'cancel.started' }
  | { type: 'offer.retried' }
  | { type: 'expiry.acknowledged' }
  | { type: 'app.foregrounded'; at: number }

export type ConfirmBorrowOutput = { outcome: 'confirmed' | 'cancelled' | 'expired' | 'sessionEnded' }

/** What GET /loan/get-money sends, and what the domain schema finds wrong with it (the tick, spec §5). */
const getMoneyRequest = (c: ConfirmBorrowContext): GetMoneyRequest => ({
  loanOrderId: c.loanOrderId,
  agreed: c.agreementAccepted as true,
  ...(c.offer?.coupon ? { couponId: c.offer.coupon.couponId } : {}),
})
function agreementProblem(c: ConfirmBorrowContext): string | null {
  const errors = fieldErrors(confirmBorrowSchema(), getMoneyRequest(c))
  return errors.agreed ?? Object.values(errors)[0] ?? null
}

/** The server's approval time: as the journey passed it, else the offer's deadline less the 24 hours. */
const approvedAtOf = (
  c: Pick<ConfirmBorrowContext, 'approvedAt'>,
  offer: Pick<ConfirmProductInfo, 'confirmBy'>,
) => c.approvedAt ?? approvedAtBefore(Date.parse(offer.confirmBy))

/** When the order must be confirmed by (the order lifecycle's deadline, server time); null before it is known. */
export function confirmDeadlineOf(c: Pick<ConfirmBorrowContext, 'approvedAt'>): number | null {
  return c.approvedAt === null ? null : confirmDeadlineAfter(c.approvedAt)
}

/** The server's moment now, by the device clock corrected with the offset. */
const serverNow = (c: Pick<ConfirmBorrowContext, 'deviceNow' | 'clockOffsetMs'>) =>
  c.deviceNow + c.clockOffsetMs

export const confirmBorrowMachine = setup({
  types: {
    context: {} as ConfirmBorrowContext,
    events: {} as ConfirmBorrowEvent,
    input: {} as ConfirmBorrowInput,
    output: {} as ConfirmBorrowOutput,
    emitted: {} as SessionEndedEvent,
    children: {} as { cancellation: 'cancellation'; coupons: 'coupons' },
    tags: {} as
      'busy' | 'canConfirm' | 'canCancel' | 'expired' | 'loadFailed' | 'agreementOpen' | 'confirming',
  },
  actors: {
    loadOffer: fromPromise<ConfirmOffer, { loanOrderId: string }>(notProvided('loadOffer')),
    loadAgreement: fromPromise<AgreementDocument, { loanOrderId: string }>(notProvided('loadAgreement')),
    confirmLoan: fromPromise<unknown, GetMoneyRequest>(notProvided('confirmLoan')),
    cancellation: cancellationMachine,
    coupons: couponsMachine,
  },
  delays: {
    /** approvedAt + 24 h − now (server time); 0 when it already passed. */
    approvalExpiry: ({ context }) =>
      Math.max(0, confirmDeadlineAfter(context.approvedAt ?? 0) - serverNow(context)),
  },
  guards: {
    offerAlreadyExpired: ({ context }, { output: offer }: Output<ConfirmOffer>) =>
      approvalWindowPassedAt(approvedAtOf(context, offer), offer.serverNow),
    windowPassedAtForeground: ({ context, event }) =>
      event.type === 'app.foregrounded' &&
      approvalWindowPassedAt(context.approvedAt ?? 0, event.at + context.clockOffsetMs),
    agreementAccepted: ({ context }) => agreementProblem(context) === null,
    agreementLoaded: ({ context }) => context.agreement !== null,
    couponsUsable: ({ context }) => (context.offer?.usableCoupons ?? 0) > 0,
    couponApplied: (_, { output }: Output<CouponsOutput>) => output.outcome === 'applied',
    couponsSessionEnded: (_, { output }: Output<CouponsOutput>) => output.outcome === 'sessionEnded',
    sessionEnded: ({ event }) => endsSession(event),
    cancelled: (_, { output }: Output<CancellationOutput>) => output.outcome === 'cancelled',
    cancelSessionEnded: (_, { output }: Output<CancellationOutput>) => output.outcome === 'sessionEnded',
  },
  actions: {
    keepOffer: assign(({ context }, { output: offer }: Output<ConfirmOffer>) => {
      const { serverNow, receivedAt, ...info } = offer
      return {
        approvedAt: approvedAtOf(context, offer),
        clockOffsetMs: serverNow - receivedAt,
        deviceNow: receivedAt,
        offer: info,
        error: null,
      }
    }),
    showCouponEffect: assign({
      offer: ({ context }, { output: result }: Output<CouponsOutput>) => {
        if (!context.offer || result.outcome !== 'applied') return context.offer
        const { couponId, discountMinor, payableAfterCouponMinor } = result.applied
        return {
          ...context.offer,
          coupon: { couponId, discountMinor },
          payableAfterCouponMinor,
          usableCoupons: Math.max(0, context.offer.usableCoupons - (context.offer.coupon ? 0 : 1)),
        }
      },
    }),
    recordForegroundTime: assign({
      deviceNow: ({ context, event }) => (event.type === 'app.foregrounded' ? event.at : context.deviceNow),
    }),
    toggleAgreement: assign({ agreementAccepted: ({ context }) => !context.agreementAccepted, error: null }),
    keepAgreement: assign({
      agreement: (_, { output }: Output<AgreementDocument>) => output,
    }),
    showAgreementRequired: assign({ error: ({ context }) => msg(agreementProblem(context) ?? REQUIRED) }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'confirmBorrow',
  description: 'An approved loan waits 24 hours for the borrower to confirm it (or cancel it).',
  context: ({ input }) => ({
    loanOrderId: input.loanOrderId,
    approvedAt: input.approvedAt ?? null,
    clockOffsetMs: 0,
    deviceNow: 0,
    offer: null,
    agreementAccepted: false,
    agreement: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOffer',
        input: ({ context }) => ({ loanOrderId: context.loanOrderId }),
        onDone: [
          {
            guard: { type: 'offerAlreadyExpired', params: outputParams },
            target: 'expired',
            actions: { type: 'keepOffer', params: outputParams },
          },
          { target: 'ready', actions: { type: 'keepOffer', params: outputParams } },
        ],
        onError: loadErrors(),
      },
    },
    loadFailed: loadFailedState(
      'offer.retried',
      'The offer could not be loaded (network); the borrower can try again.',
    ),
    ready: {
      type: 'parallel',
      states: {
        window: {
          description: 'Counts down to approvedAt + 24 h by the server clock.',
          initial: 'counting',
          states: {
            counting: {
              after: { approvalExpiry: '#confirmBorrow.expired' },
              on: {
                'app.foregrounded': [
                  { guard: 'windowPassedAtForeground', target: '#confirmBorrow.expired' },
                  { target: 'counting', reenter: true, actions: 'recordForegroundTime' },
                ],
              },
            },
          },
        },
        form: {
          initial: 'idle',
          states: {
            idle: {
              tags: ['canConfirm', 'canCancel'],
              on: {
                'agreement.toggled': { actions: 'toggleAgreement' },
                'agreement.opened': [
                  { guard: 'agreementLoaded', target: 'agreement.shown' },
                  { target: 'agreement.loading' },
                ],
                'coupon.choose': { guard: 'couponsUsable', target: 'choosingCoupon' },
                'borrow.confirmed': [
                  { guard: 'agreementAccepted', target: 'confirming' },
                  { actions: 'showAgreementRequired' },
                ],
                'cancel.started': 'cancelling',
              },
            },
            agreement: {
              tags: ['agreementOpen'],
              description: 'The loan agreement is open; it is downloaded the first time only.',
              initial: 'loading',
              on: { 'agreement.closed': 'idle', 'agreement.toggled': { actions: 'toggleAgreement' } },
              states: {
                loading: {
                  tags: ['busy'],
                  invoke: {
                    src: 'loadAgreement',
                    input: ({ context }) => ({ loanOrderId: context.loanOrderId }),
                    onDone: { target: 'shown', actions: { type: 'keepAgreement', params: outputParams } },
                    onError: [
                      { guard: 'sessionEnded', target: '#confirmBorrow.sessionEnded' },
                      { target: '#confirmBorrow.ready.form.idle', actions: 'showFailure' },
                    ],
                  },
                },
                shown: {},
              },
            },
            choosingCoupon: {
              description:
                "The borrower picks a coupon (coupons machine); the server's answer shows its effect on what is repaid.",
              invoke: {
                id: 'coupons',
                src: 'coupons',
                input: ({ context }) => ({
                  mode: 'choose' as const,
                  loanOrderId: context.loanOrderId,
                  principalMinor: context.offer?.principalMinor ?? 0,
                }),
                onDone: [
                  {
                    guard: { type: 'couponApplied', params: outputParams },
                    target: 'idle',
                    actions: { type: 'showCouponEffect', params: outputParams },
                  },
                  {
                    guard: { type: 'couponsSessionEnded', params: outputParams },
                    target: '#confirmBorrow.sessionEnded',
                  },
                  { target: 'idle' },
                ],
              },
            },
            confirming: {
              tags: ['busy', 'confirming'],
              entry: 'clearError',
              invoke: {
                src: 'confirmLoan',
                input: ({ context }) => getMoneyRequest(context),
                onDone: '#confirmBorrow.confirmed',
                onError: [
                  { guard: 'sessionEnded', target: '#confirmBorrow.sessionEnded' },
                  { target: 'idle', actions: 'showFailure' },
                ],
              },
            },
            cancelling: {
              description: 'The cancellation form (exactly one reason) runs as a child machine.',
              invoke: {
                id: 'cancellation',
                src: 'cancellation',
                input: ({ context }) => ({ loanOrderId: context.loanOrderId }),
                onDone: [
                  { guard: { type: 'cancelled', params: outputParams }, target: '#confirmBorrow.cancelled' },
                  {
                    guard: { type: 'cancelSessionEnded', params: outputParams },
                    target: '#confirmBorrow.sessionEnded',
                  },
                  { target: 'idle' },
                ],
              },
            },
          },
        },
      },
    },
    expired: {
      description:
        'More than 24 hours since approval: the order can no longer be confirmed (the server cancels it).',
      tags: ['expired'],
      on: { 'expiry.acknowledged': 'closedExpired' },
    },
    closedExpired: { type: 'final', output: (): ConfirmBorrowOutput => ({ outcome: 'expired' }) },
    confirmed: { type: 'final', output: (): ConfirmBorrowOutput => ({ outcome: 'confirmed' }) },
    cancelled: { type: 'final', output: (): ConfirmBorrowOutput => ({ outcome: 'cancelled' }) },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): ConfirmBorrowOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as ConfirmBorrowOutput,
})

/**
 * What confirm borrow shows — its screen's one read of this machine (screens/shared/use-view.ts): the offer, its
 * load and the 24 hours (expired, the deadline on the server's clock), the coupon and cancellation children, the
 * agreement and whether it is accepted, and which of confirm and cancel may be pressed now.
 */
export function confirmBorrowView(s: SnapshotFrom<typeof confirmBorrowMachine>) {
  return {
    offer: s.context.offer,
    error: s.context.error,
    loadFailed: s.hasTag('loadFailed'),
    expired: s.hasTag('expired'),
    deadline: confirmDeadlineOf(s.context),
    offsetMs: s.context.clockOffsetMs,
    canChoose: s.can({ type: 'coupon.choose' }),
    coupons: s.children.coupons,
    accepted: s.context.agreementAccepted,
    open: s.hasTag('agreementOpen'),
    document: s.context.agreement,
    canConfirm: s.can({ type: 'borrow.confirmed' }),
    canCancel: s.can({ type: 'cancel.started' }),
    busy: s.hasTag('confirming'),
    cancellation: s.children.cancellation,
  }
}
