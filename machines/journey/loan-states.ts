/**
 * The journey's loan (machines/journey.machine.ts): the agreement, applying (to_borrow), confirming within the
 * 24 hours (14/18), the money on its way (7), then repaying and rolling over — each screen a child's step.
 */
import { formSchemas } from '../kit/form-schemas'
import { isOpenStatus } from '../order-lifecycle/order-policy'
import type { RepaymentOutput } from '../repayment/repayment-context'
import type { RolloverOutput } from '../rollover.machine'
import { confirmBorrowOf, formStepOf, orderWatchOf, page } from './journey-invokes'
import type { RepaymentSnapshot, RolloverSnapshot } from './journey-routes'
import { journeySetup } from './journey-setup'

/** The application form, first or again (a repeat borrower's call). */
const applicationInput = () => ({ formId: 'application', schema: formSchemas().applySchema() })

export const borrowStates = journeySetup.createStateConfig({
  initial: 'agreement',
  states: {
    agreement: {
      ...page('agreement'),
      description:
        "The loan agreement's full text: the open order's, else the product's; or, opened with " +
        "'contract.opened', a confirmed order's signed contract.",
      exit: 'forgetContract',
      invoke: {
        id: 'agreement',
        src: 'agreement',
        input: ({ context }) =>
          context.contractOrderId
            ? { loanOrderId: context.contractOrderId, kind: 'contract' as const }
            : {
                loanOrderId:
                  context.order && isOpenStatus(context.order.status) ? context.order.loanOrderId : null,
              },
      },
    },
    toBorrow: {
      ...page('toBorrow'),
      description: 'Choose amount and tenure, then apply: apply-market, or apply-market-again for a repeat borrower.',
      invoke: { id: 'loanOffer', src: 'loanOffer' },
      initial: 'choosingCall',
      states: {
        choosingCall: { always: [{ guard: 'repeatBorrower', target: 'again' }, { target: 'first' }] },
        first: { invoke: formStepOf('application', 'applicationForm', applicationInput) },
        again: { invoke: formStepOf('application', 'repeatApplicationForm', applicationInput) },
      },
    },
    confirmBorrow: {
      ...page('confirmBorrow'),
      invoke: confirmBorrowOf(),
    },
    lending: {
      ...page('lending'),
      description:
        'Confirmed (7): the money is on its way; the lending child reads when it should arrive, the order ' +
        'watch follows the order to repay detail.',
      invoke: [
        {
          id: 'lending',
          src: 'lending',
          input: ({ context }) => ({ loanOrderId: context.order!.loanOrderId }),
        },
        orderWatchOf(),
      ],
    },
  },
})

export const repayStates = journeySetup.createStateConfig({
  initial: 'paying',
  states: {
    paying: {
      initial: 'repayDetail',
      description: 'The repayment child runs the detail and the cashier; the route follows its step.',
      invoke: {
        id: 'repayment',
        src: 'repayment',
        input: ({ context }) => ({ orderNo: context.order!.orderNo }),
        onSnapshot: (['staticCashier', 'cashier', 'repayDetail'] as const).map((screen) => ({
          guard: {
            type: 'repaymentScreenIs' as const,
            params: ({ event }: { event: { snapshot: RepaymentSnapshot } }) => ({ snapshot: event.snapshot, screen }),
          },
          target: `.${screen}`,
        })),
        onDone: {
          guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'paid' }) },
          target: '#journey.app.concluding',
          actions: {
            type: 'expectOutcome',
            params: ({ event }) => ({
              news: { kind: 'repaid', paidMinor: (event.output as Extract<RepaymentOutput, { outcome: 'paid' }>).amountMinor },
            }),
          },
        },
      },
      states: {
        repayDetail: page('repayDetail'),
        cashier: page('cashier'),
        staticCashier: page('staticCashier'),
      },
    },
    extending: {
      initial: 'exhibitionPeriodDetail',
      description: 'The rollover child: the 7-day extension, its fee and its payment.',
      invoke: {
        id: 'rollover',
        src: 'rollover',
        input: ({ context }) => ({ orderNo: context.order!.orderNo }),
        onSnapshot: (['rollover', 'exhibitionPeriodDetail'] as const).map((screen) => ({
          guard: {
            type: 'rolloverScreenIs' as const,
            params: ({ event }: { event: { snapshot: RolloverSnapshot } }) => ({ snapshot: event.snapshot, screen }),
          },
          target: `.${screen}`,
        })),
        onDone: {
          guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'rolledOver' }) },
          target: '#journey.app.concluding',
          actions: {
            type: 'expectOutcome',
            params: ({ event }) => {
              const output = event.output as Extract<RolloverOutput, { outcome: 'rolledOver' }>
              return { news: { kind: 'rolledOver', feeMinor: output.feeMinor, newDueDate: output.newDueDate } }
            },
          },
        },
      },
      states: {
        exhibitionPeriodDetail: page('exhibitionPeriodDetail'),
        rollover: page('rollover'),
      },
    },
  },
})
