/**
 * The order lifecycle: spec §4's status codes as states and the domain events that move between them.
 *
 * Pure (no actors, no delays): time arrives as the `at` field of events (epoch ms, read from the one server
 * clock), so the server and the app decide identically. The server runs every status change through this
 * machine (`nextStatus`); the app asks it what the borrower may do (`snapshot.can(event)`).
 *
 * One machine models one borrower's current order. Closed states (4 Finish, 8 Cancel, 9 Reject) accept
 * `application.started`, which stands for the borrower's next order; no event can open a second order while
 * one is open.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate'
import { OrderStatus, type OrderStatusCode } from '../domain/order-status'

export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000
export const RETRY_AFTER_MS = 30 * 24 * 60 * 60 * 1000
export const DEFAULT_MAX_ROLLOVERS = 3

export interface OrderLifecycleContext {
  /** Mexico asks the credit-history questionnaire (17) before submitting. */
  questionnaireRequired: boolean
  /** When the order was approved (14/18); the 24-hour confirmation window starts here. */
  approvedAt: number | null
  /** When the order was rejected (9); the borrower may apply again 30 days later. */
  rejectedAt: number | null
  rolloverCount: number
  maxRollovers: number
}

export type OrderLifecycleInput = Partial<OrderLifecycleContext>

export type OrderLifecycleEvent =
  | { type: 'application.started'; profileComplete: boolean; at: number }
  | { type: 'profile.basicSaved' }
  | { type: 'profile.identityCompleted' }
  | { type: 'profile.additionalSaved' }
  | { type: 'wallet.added' }
  | { type: 'questionnaire.saved' }
  | { type: 'collection.finished' }
  | { type: 'assessment.approved'; at: number; viaPromotion?: boolean }
  | { type: 'assessment.rejected'; at: number }
  | { type: 'borrower.confirmed'; agreementAccepted: boolean; at: number }
  | { type: 'borrower.cancelled'; reasons: readonly string[] }
  | { type: 'approval.expired'; at: number }
  | { type: 'payout.succeeded' }
  | { type: 'payout.failed' }
  | { type: 'wallet.corrected' }
  | { type: 'repayment.full' }
  | { type: 'repayment.partial' }
  | { type: 'due.passed' }
  | { type: 'penalty.accrued' }
  | { type: 'rollover.confirmed'; at: number; newDueAt: number }

export type OrderLifecycleEventType = OrderLifecycleEvent['type']

/** No order open (never applied, 4, 8): a new one starts at onboarding, or at submission for a complete profile. */
const START_APPLICATION = {
  'application.started': [
    { guard: 'profileComplete', target: 'finishLoading', actions: 'startNewOrder' },
    { target: 'basicInfo', actions: 'startNewOrder' },
  ],
} as const

/** 14 and 18 wait for the borrower alike: confirm with the agreement within 24 hours, or cancel. */
const AWAITING_CONFIRMATION = {
  'borrower.confirmed': { guard: 'canConfirm', target: 'lending' },
  'borrower.cancelled': { guard: 'exactlyOneReason', target: 'cancel' },
  'approval.expired': { guard: 'approvalWindowPassed', target: 'cancel' },
} as const

export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput,
    tags: {} as 'open' | 'onboarding' | 'canApply' | 'canConfirm' | 'canCancel' | 'canRepay' | 'canRollover',
  },
  guards: {
    profileComplete: ({ event }) => event.type === 'application.started' && event.profileComplete,
    retryAllowed: ({ context, event }) =>
      event.type === 'application.started' &&
      context.rejectedAt !== null &&
      event.at >= context.rejectedAt + RETRY_AFTER_MS,
    questionnaireRequired: ({ context }) => context.questionnaireRequired,
    viaPromotion: ({ event }) => event.type === 'assessment.approved' && event.viaPromotion === true,
    canConfirm: ({ context, event }) =>
      event.type === 'borrower.confirmed' &&
      event.agreementAccepted &&
      context.approvedAt !== null &&
      event.at < context.approvedAt + APPROVAL_TTL_MS,
    exactlyOneReason: ({ event }) =>
      event.type === 'borrower.cancelled' && event.reasons.length === 1 && event.reasons[0]!.trim() !== '',
    approvalWindowPassed: ({ context, event }) =>
      event.type === 'approval.expired' && context.approvedAt !== null && event.at >= context.approvedAt + APPROVAL_TTL_MS,
    rolloverAllowed: ({ context }) => context.rolloverCount < context.maxRollovers,
    rolloverClearsOverdue: ({ context, event }) =>
      context.rolloverCount < context.maxRollovers && event.type === 'rollover.confirmed' && event.newDueAt > event.at,
  },
  actions: {
    recordApproval: assign({ approvedAt: ({ event }) => (event.type === 'assessment.approved' ? event.at : null) }),
    recordRejection: assign({ rejectedAt: ({ event }) => (event.type === 'assessment.rejected' ? event.at : null) }),
    countRollover: assign({ rolloverCount: ({ context }) => context.rolloverCount + 1 }),
    startNewOrder: assign({ approvedAt: null, rejectedAt: null, rolloverCount: 0 }),
  },
}).createMachine({
  id: 'orderLifecycle',
  description: "One borrower's current loan order, from application to repaid, as spec §4's status codes.",
  context: ({ input }) => ({
    questionnaireRequired: input.questionnaireRequired ?? false,
    approvedAt: input.approvedAt ?? null,
    rejectedAt: input.rejectedAt ?? null,
    rolloverCount: input.rolloverCount ?? 0,
    maxRollovers: input.maxRollovers ?? DEFAULT_MAX_ROLLOVERS,
  }),
  initial: 'none',
  states: {
    none: {
      description: 'The borrower has never applied.',
      tags: ['canApply'],
      on: START_APPLICATION,
    },
    basicInfo: {
      description: '6 BasicInfo: the application waits for personal information.',
      tags: ['open', 'onboarding'],
      on: { 'profile.basicSaved': 'identityOcr' },
    },
    identityOcr: {
      description: '12 IdentityOCR: the application waits for the ID front, back and face check.',
      tags: ['open', 'onboarding'],
      on: { 'profile.identityCompleted': 'addition' },
    },
    addition: {
      description: '11 Addition: the application waits for work information and emergency contacts.',
      tags: ['open', 'onboarding'],
      on: { 'profile.additionalSaved': 'bindCard' },
    },
    bindCard: {
      description: '5 BindCard: the application waits for a wallet account to pay out to.',
      tags: ['open', 'onboarding'],
      on: {
        'wallet.added': [{ guard: 'questionnaireRequired', target: 'question' }, { target: 'finishLoading' }],
      },
    },
    question: {
      description: '17 Question: Mexico asks the credit-history questionnaire before submitting.',
      tags: ['open', 'onboarding'],
      on: { 'questionnaire.saved': 'finishLoading' },
    },
    finishLoading: {
      description: '19 finishLoading: submitted; the data collector finishes before assessment starts.',
      tags: ['open'],
      on: { 'collection.finished': 'applying' },
    },
    applying: {
      description: '1 Applying: the lender assesses the application.',
      tags: ['open'],
      on: {
        'assessment.approved': [
          { guard: 'viaPromotion', target: 'getMoney', actions: 'recordApproval' },
          { target: 'confirm', actions: 'recordApproval' },
        ],
        'assessment.rejected': { target: 'reject', actions: 'recordRejection' },
      },
    },
    confirm: {
      description: '14 Confirm: approved; the borrower has 24 hours to accept the agreement and confirm, or cancel.',
      tags: ['open', 'canConfirm', 'canCancel'],
      on: AWAITING_CONFIRMATION,
    },
    getMoney: {
      description: '18 getMoney: approved through a coupon or promotion flow; otherwise the same as 14.',
      tags: ['open', 'canConfirm', 'canCancel'],
      on: AWAITING_CONFIRMATION,
    },
    lending: {
      description: '7 Lending: confirmed; the money is on its way to the wallet (10–60 minutes).',
      tags: ['open'],
      on: { 'payout.succeeded': 'repaying', 'payout.failed': 'payFail' },
    },
    payFail: {
      description:
        '10 PayFail: the wallet refused the pay-out, or it was not confirmed in time; the borrower corrects the wallet and re-applies. A pay-out the provider confirms late still opens the loan.',
      tags: ['open'],
      on: { 'wallet.corrected': 'finishLoading', 'payout.succeeded': 'repaying' },
    },
    repaying: {
      description: '2 Repaying: the money was received; repayment is due on the due date.',
      tags: ['open', 'canRepay', 'canRollover'],
      on: {
        'repayment.full': 'finish',
        'repayment.partial': 'repaying',
        'due.passed': 'overdued',
        'rollover.confirmed': { guard: 'rolloverAllowed', target: 'repaying', reenter: true, actions: 'countRollover' },
      },
    },
    overdued: {
      description: '3 Overdued: the due date passed; a daily penalty accrues up to its cap.',
      tags: ['open', 'canRepay', 'canRollover'],
      on: {
        'repayment.full': 'finish',
        'repayment.partial': 'overdued',
        'penalty.accrued': 'overdued',
        'rollover.confirmed': [
          { guard: 'rolloverClearsOverdue', target: 'repaying', actions: 'countRollover' },
          { guard: 'rolloverAllowed', target: 'overdued', reenter: true, actions: 'countRollover' },
        ],
      },
    },
    finish: {
      description: '4 Finish: repaid in full; the borrower may apply again and skips onboarding.',
      tags: ['canApply'],
      on: START_APPLICATION,
    },
    cancel: {
      description: '8 Cancel: cancelled by the borrower with one reason, or not confirmed within 24 hours.',
      tags: ['canApply'],
      on: START_APPLICATION,
    },
    reject: {
      description: '9 Reject: not approved; the borrower may apply again 30 days after the decision.',
      on: {
        'application.started': [
          { guard: { type: 'retryAllowed' }, target: 'finishLoading', actions: 'startNewOrder' },
        ],
      },
    },
  },
})

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>
export type OrderLifecycleState = Exclude<OrderLifecycleSnapshot['value'], object>

/** Each state's status code; `none` has none. */
export const STATUS_BY_STATE: Readonly<Record<OrderLifecycleState, OrderStatusCode | null>> = {
  none: null,
  basicInfo: OrderStatus.BasicInfo,
  identityOcr: OrderStatus.IdentityOCR,
  addition: OrderStatus.Addition,
  bindCard: OrderStatus.BindCard,
  question: OrderStatus.Question,
  finishLoading: OrderStatus.FinishLoading,
  applying: OrderStatus.Applying,
  confirm: OrderStatus.Confirm,
  getMoney: OrderStatus.GetMoney,
  lending: OrderStatus.Lending,
  payFail: OrderStatus.PayFail,
  repaying: OrderStatus.Repaying,
  overdued: OrderStatus.Overdued,
  finish: OrderStatus.Finish,
  cancel: OrderStatus.Cancel,
  reject: OrderStatus.Reject,
}

const STATE_BY_STATUS = new Map<OrderStatusCode | null, OrderLifecycleState>(
  Object.entries(STATUS_BY_STATE).map(([state, code]) => [code, state as OrderLifecycleState]),
)

/** The lifecycle snapshot of an order stored with `status` (null: no order yet) and its context. */
export function lifecycleAt(status: OrderStatusCode | null, input: OrderLifecycleInput = {}): OrderLifecycleSnapshot {
  const value = STATE_BY_STATUS.get(status)
  if (!value) throw new Error(`status ${String(status)} has no lifecycle state`)
  return orderLifecycleMachine.resolveState({
    value,
    context: {
      questionnaireRequired: input.questionnaireRequired ?? false,
      approvedAt: input.approvedAt ?? null,
      rejectedAt: input.rejectedAt ?? null,
      rolloverCount: input.rolloverCount ?? 0,
      maxRollovers: input.maxRollovers ?? DEFAULT_MAX_ROLLOVERS,
    },
  })
}

export function statusOf(snapshot: OrderLifecycleSnapshot): OrderStatusCode | null {
  return STATUS_BY_STATE[snapshot.value as OrderLifecycleState]
}

export type LifecycleDecision =
  | { allowed: true; snapshot: OrderLifecycleSnapshot; status: OrderStatusCode | null; context: OrderLifecycleContext }
  | { allowed: false }

/**
 * The server's one question: may this event happen to an order in this status, and what status follows?
 * An event the current state does not accept (or whose guard refuses it) is not allowed.
 */
export function decide(snapshot: OrderLifecycleSnapshot, event: OrderLifecycleEvent): LifecycleDecision {
  if (!snapshot.can(event)) return { allowed: false }
  const [next] = transition(orderLifecycleMachine, snapshot, event)
  return { allowed: true, snapshot: next, status: statusOf(next), context: next.context }
}
