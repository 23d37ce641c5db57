/**
 * payment-flow — the payment skeleton repayment and rollover share: create a payment order (its pay order id must
 * come back), wait on it with the payment-order child (machines/payment-order.machine.ts) while the borrower pays
 * at the wallet provider, and end paid, failed, timed out or with the session. A machine that pays names these
 * guards in its setup(), keeps its own actions (its context decides what "back" means), and builds its
 * `creatingOrder` done transitions and its `awaitingPayment` state from the fragments below.
 *
 * What the fragments name in the machine's setup():
 *   guards   payOrderIdMissing, paid, paymentFailed, paymentTimedOut, paymentSessionEnded (over paymentGuards)
 *   actions  keepPayment (params Output<PaymentOrder>), showPayOrderIdMissing, showPaymentFailed, showTimedOut,
 *            forwardToPaymentOrder (params Forwarded)
 *   actors   paymentOrder (the payment-order machine), invoked with id 'paymentOrder'
 *   states   sessionEnded, timedOut, paymentFailed and the paid state the machine names
 */
import type { PaymentOrder, PaymentOrderEvent, PaymentOrderOutput } from '../payment-order.machine'
import { outputParams, type Output } from './params'

type Outcome = PaymentOrderOutput['outcome']
const endedWith = (outcome: Outcome) => ({ output }: Output<PaymentOrderOutput>) => output.outcome === outcome

/**
 * The predicates of the guards a paying machine names in its setup() (each over the done event's output, passed
 * as typed params): `paid: (_, params: Output<PaymentOrderOutput>) => paymentGuards.paid(params)`.
 */
export const paymentGuards = {
  /** A created payment order came back without the pay order id the borrower pays against. */
  payOrderIdMissing: ({ output }: Output<PaymentOrder>) => !output.payOrderId?.trim(),
  paid: endedWith('paid'),
  paymentFailed: endedWith('failed'),
  paymentTimedOut: endedWith('timedOut'),
  paymentSessionEnded: endedWith('sessionEnded'),
}

/** The params of `forwardToPaymentOrder`: the borrower's event the payment order acts on. */
export interface Forwarded {
  event: PaymentOrderEvent
}
const forwarded = ({ event }: Forwarded): Forwarded => ({ event })

/** The done transitions of the state that creates the payment order: back to `back` without a pay order id. */
export const orderCreated = <const Back extends string>(back: Back) =>
  [
    { guard: { type: 'payOrderIdMissing', params: outputParams }, target: back, actions: 'showPayOrderIdMissing' },
    { target: 'awaitingPayment', actions: { type: 'keepPayment', params: outputParams } },
  ] as const

/** The state that waits on the payment order; a paid order goes to `paid`. */
export const awaitingPayment = <const Paid extends string>(description: string, paid: Paid) =>
  ({
    description,
    tags: ['waitingPayment'],
    invoke: {
      id: 'paymentOrder',
      src: 'paymentOrder',
      input: ({ context }: { context: { payment: PaymentOrder | null } }) => ({ payment: context.payment! }),
      onDone: [
        { guard: { type: 'paid', params: outputParams }, target: paid },
        {
          guard: { type: 'paymentFailed', params: outputParams },
          target: 'paymentFailed',
          actions: 'showPaymentFailed',
        },
        { guard: { type: 'paymentTimedOut', params: outputParams }, target: 'timedOut', actions: 'showTimedOut' },
        { guard: { type: 'paymentSessionEnded', params: outputParams }, target: 'sessionEnded' },
      ],
    },
    on: {
      'payment.checked': { actions: { type: 'forwardToPaymentOrder', params: forwarded } },
      'app.foregrounded': { actions: { type: 'forwardToPaymentOrder', params: forwarded } },
    },
  }) as const
