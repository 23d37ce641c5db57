/**
 * payment order — waiting for one payment order (a repayment, or a rollover's fee) to be paid at the wallet
 * provider. The server gives the order 15 minutes (decisions.md "Repayment"); after that it is void and the
 * borrower starts again ("This order has timed out, please try again"). Repayment and rollover invoke it.
 *
 * Time: the window's end is the named delay `paymentWindow` = the server's expiry (its `expiresAt`, else its
 * `createdAt` + 15 min) − now, where now is the device clock corrected by the server clock's offset learned when
 * the order was created. Timers stop in the background, so 'app.foregrounded' (with the device time) checks the
 * window again, and checks the payment at once. Before declaring a timeout the machine asks the server one last
 * time, so a payment completed in the last seconds is not reported as lost.
 * While the window is open the server is asked every PAYMENT_POLL_MS (named delay `pollInterval`).
 *
 * Input (PaymentOrderInput): { payment: PaymentOrder }
 * Events: payment.checked (the borrower says they paid: ask now), app.foregrounded {at}
 * Tags:   waiting (window open), busy (asking the server)
 * Output: { outcome: 'paid' | 'failed' | 'timedOut' | 'sessionEnded' }
 * Actors the composition provides: checkPayment ({ payOrderId }) → PayOrder (its status)
 *   (GET /portal/repayment/pay-order)
 */
import { assign, enqueueActions, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import type { PayOrder } from '../domain/api-types'
import {
  endsSession,
  escalateSessionEnded,
  type ServerTime,
  type SessionEndedEvent,
} from './kit/call-failure'
import { outputParams, type Output } from './kit/params'

export const PAYMENT_WINDOW_MS = 15 * 60 * 1000
export const PAYMENT_POLL_MS = 5_000

/** A payment order as the server created it (domain/api-types.ts PayOrder), with the clocks of its answer. */
export type PaymentOrder = PayOrder & ServerTime

export type PaymentState = PayOrder['status']

export interface PaymentOrderInput {
  payment: PaymentOrder
}

export interface PaymentOrderContext {
  payment: PaymentOrder
  /** Server clock − device clock. */
  clockOffsetMs: number
  /** The latest device time the machine knows of. */
  deviceNow: number
}

export type PaymentOrderEvent = { type: 'payment.checked' } | { type: 'app.foregrounded'; at: number }

export type PaymentOrderOutput = { outcome: 'paid' | 'failed' | 'timedOut' | 'sessionEnded' }

/** When the server voids the order (server clock): its `expiresAt`, else 15 minutes after its `createdAt`. */
export function expiryOf(p: Pick<PayOrder, 'createdAt' | 'expiresAt'>): number {
  const stated = Date.parse(p.expiresAt)
  return Number.isNaN(stated) ? Date.parse(p.createdAt) + PAYMENT_WINDOW_MS : stated
}

/** The payment order's status as the server read it (the params of the guards below). */
const statusIs =
  (status: PaymentState) =>
  (_: unknown, { output }: Output<Pick<PayOrder, 'status'>>) =>
    output.status === status

export const paymentOrderMachine = setup({
  types: {
    context: {} as PaymentOrderContext,
    events: {} as PaymentOrderEvent,
    input: {} as PaymentOrderInput,
    output: {} as PaymentOrderOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'waiting' | 'busy',
  },
  actors: {
    checkPayment: fromPromise<Pick<PayOrder, 'status'>, { payOrderId: string }>(() => {
      throw new Error("The 'checkPayment' actor is provided by services/actors")
    }),
  },
  delays: {
    /** The server's expiry − now (server time); 0 when it already passed. */
    paymentWindow: ({ context }) =>
      Math.max(0, expiryOf(context.payment) - (context.deviceNow + context.clockOffsetMs)),
    pollInterval: PAYMENT_POLL_MS,
  },
  guards: {
    windowPassedAtForeground: ({ context, event }) =>
      event.type === 'app.foregrounded' && event.at + context.clockOffsetMs >= expiryOf(context.payment),
    succeeded: statusIs('paid'),
    failed: statusIs('failed'),
    expired: statusIs('expired'),
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    recordForegroundTime: assign({
      deviceNow: ({ context, event }) => (event.type === 'app.foregrounded' ? event.at : context.deviceNow),
    }),
    checkNow: raise({ type: 'payment.checked' }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'paymentOrder',
  description: 'One payment order waits up to 15 minutes (server time) to be paid at the wallet provider.',
  context: ({ input }) => ({
    payment: input.payment,
    clockOffsetMs: input.payment.serverNow - input.payment.receivedAt,
    deviceNow: input.payment.receivedAt,
  }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      tags: ['waiting'],
      states: {
        window: {
          description: "Counts down to the server's expiry of the order.",
          initial: 'counting',
          states: {
            counting: {
              after: { paymentWindow: '#paymentOrder.lastCheck' },
              on: {
                'app.foregrounded': [
                  { guard: 'windowPassedAtForeground', target: '#paymentOrder.lastCheck' },
                  { target: 'counting', reenter: true, actions: ['recordForegroundTime', 'checkNow'] },
                ],
              },
            },
          },
        },
        poll: {
          description: 'Asks the server whether the provider confirmed the payment.',
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollInterval: 'checking' },
              on: { 'payment.checked': 'checking' },
            },
            checking: {
              tags: ['busy'],
              invoke: {
                src: 'checkPayment',
                input: ({ context }) => ({ payOrderId: context.payment.payOrderId }),
                onDone: [
                  { guard: { type: 'succeeded', params: outputParams }, target: '#paymentOrder.paid' },
                  { guard: { type: 'failed', params: outputParams }, target: '#paymentOrder.failed' },
                  { guard: { type: 'expired', params: outputParams }, target: '#paymentOrder.timedOut' },
                  { target: 'waiting' },
                ],
                onError: [
                  { guard: 'sessionEnded', target: '#paymentOrder.sessionEnded' },
                  // A lost answer on a slow network: keep waiting and ask again.
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
      },
    },
    lastCheck: {
      description:
        'The window has passed: one last question, in case the payment landed in its last seconds.',
      tags: ['busy'],
      invoke: {
        src: 'checkPayment',
        input: ({ context }) => ({ payOrderId: context.payment.payOrderId }),
        onDone: [
          { guard: { type: 'succeeded', params: outputParams }, target: 'paid' },
          { target: 'timedOut' },
        ],
        onError: [{ guard: 'sessionEnded', target: 'sessionEnded' }, { target: 'timedOut' }],
      },
    },
    paid: { type: 'final', output: (): PaymentOrderOutput => ({ outcome: 'paid' }) },
    failed: {
      description: 'The provider refused the payment (declined, insufficient funds, cancelled on the phone).',
      type: 'final',
      output: (): PaymentOrderOutput => ({ outcome: 'failed' }),
    },
    timedOut: { type: 'final', output: (): PaymentOrderOutput => ({ outcome: 'timedOut' }) },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): PaymentOrderOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as PaymentOrderOutput,
})

/**
 * What the payment wait shows — its one read of this machine (screens/shared/use-view.ts): the payment with its
 * window on the server's clock, and whether its status is being checked.
 */
export function paymentOrderView(s: SnapshotFrom<typeof paymentOrderMachine>) {
  return {
    payment: s.context.payment,
    offsetMs: s.context.clockOffsetMs,
    checking: s.hasTag('busy'),
  }
}
