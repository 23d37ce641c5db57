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
 *
 * It is the one place to ask about a status. Tags say what an order is and what may happen to it (open,
 * onboarding, underAssessment, payingOut, payoutFailed, signedContract, canApply, canConfirm, canCancel,
 * canRepay, canRollover); each state's meta names what it shows (the screen it opens, its records line, its home
 * card); the guards hold the deadlines. The policy functions at the end (open, may apply and the retry date, the
 * approval deadline and its expiry, rollovers left, repayable, signed contract, step, list and home state, the
 * next onboarding step already done) answer from those, for the server, the app's machines and the screens.
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import {
  OrderStatus,
  onboardingStepOf,
  type HomeState,
  type OrderListState,
  type OrderStatusCode,
  type StatusStep,
} from '../domain/order-status'

export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000
export const RETRY_AFTER_MS = 30 * 24 * 60 * 60 * 1000
export const DEFAULT_MAX_ROLLOVERS = 3

/** decisions.md "Cancelling": an approval (ms since the epoch) must be confirmed before this instant. */
export function confirmDeadlineAfter(approvedAt: number): number {
  return approvedAt + APPROVAL_TTL_MS
}

/** Whether an approval's 24 hours (approvedAt, ms since the epoch) have passed at `at`. */
export function approvalWindowPassedAt(approvedAt: number, at: number): boolean {
  return at >= confirmDeadlineAfter(approvedAt)
}

/** The approval behind a confirmation deadline (the wire's `confirmBy`): the inverse of confirmDeadlineAfter. */
export function approvedAtBefore(confirmBy: number): number {
  return confirmBy - APPROVAL_TTL_MS
}

/** decisions.md: a rejected borrower (rejection at ms since the epoch) may apply again from this instant. */
export function retryDateAfter(rejectedAt: number): number {
  return rejectedAt + RETRY_AFTER_MS
}

/** The rejection behind a retry date (the wire's `retryAt`): the inverse of retryDateAfter. */
export function rejectedAtBefore(retryAt: number): number {
  return retryAt - RETRY_AFTER_MS
}

/** How many more rollovers the order may take: its product's limit less those it had (never below 0). */
export function rolloversLeft(
  context: Pick<OrderLifecycleContext, 'rolloverCount' | 'maxRollovers'>,
): number {
  return Math.max(0, context.maxRollovers - context.rolloverCount)
}

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
  | { type: 'application.started'; at: number }
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
  /** The lender's staff cancel an order not yet confirmed (the console, issue 20 item 4). */
  | { type: 'staff.cancelled' }
  | { type: 'approval.expired'; at: number }
  | { type: 'payout.succeeded' }
  | { type: 'payout.failed' }
  | { type: 'wallet.corrected' }
  | { type: 'repayment.full' }
  | { type: 'repayment.partial' }
  | { type: 'due.passed' }
  | { type: 'penalty.accrued' }
  | { type: 'rollover.confirmed'; at: number; newDueAt: number }
  /** The lender gives up collecting an overdue loan: its balance is booked as a loss and the order closes. */
  | { type: 'loan.writtenOff' }

export type OrderLifecycleEventType = OrderLifecycleEvent['type']

/**
 * What each state shows the borrower (spec §4): the screen its status opens (`step`; null: "other codes do
 * nothing"), its line in the records tab (`list`; null without an order) and the home card (`home`; a rejection
 * turns back to canLoan on its retry date, homeStateOf).
 */
export interface OrderStateMeta {
  step: StatusStep | null
  list: OrderListState | null
  home: HomeState
}

/** An onboarding state's meta: its step of decisions.md's onboarding order; Apply on home continues it. */
const onboarding = (code: OrderStatusCode): OrderStateMeta => ({
  step: onboardingStepOf(code),
  list: code === OrderStatus.BindCard ? 'addingCard' : 'incomplete',
  home: 'canLoan',
})

/**
 * A borrower who never applied starts at onboarding: a profile is saved only while an order stands at its steps
 * (the states tagged `onboarding`), so they have none.
 */
const START_FIRST_APPLICATION = {
  'application.started': { target: 'basicInfo', actions: 'startNewOrder' },
} as const

/**
 * After a loan repaid (4) or an order cancelled (8) the next application starts at submission: every order that
 * reached them left onboarding with the profile complete, and nothing empties a profile afterwards.
 */
const START_NEXT_APPLICATION = {
  'application.started': { target: 'finishLoading', actions: 'startNewOrder' },
} as const

/** A rejected borrower's next application comes on or after the retry date. */
function retryDateHasCome(context: OrderLifecycleContext, event: OrderLifecycleEvent): boolean {
  return (
    event.type === 'application.started' &&
    context.rejectedAt !== null &&
    event.at >= retryDateAfter(context.rejectedAt)
  )
}

/** 14 and 18 wait for the borrower alike: confirm with the agreement within 24 hours, or cancel. */
const AWAITING_CONFIRMATION = {
  'borrower.confirmed': { guard: 'canConfirm', target: 'lending' },
  'borrower.cancelled': { guard: 'exactlyOneReason', target: 'cancel' },
  'staff.cancelled': { target: 'cancel' },
  'approval.expired': { guard: 'approvalWindowPassed', target: 'cancel' },
} as const

export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput,
    meta: {} as OrderStateMeta,
    tags: {} as
      | 'open'
      | 'onboarding'
      | 'canApply'
      | 'underAssessment'
      | 'canConfirm'
      | 'canCancel'
      | 'payingOut'
      | 'payoutFailed'
      | 'signedContract'
      | 'canRepay'
      | 'canRollover'
      /** The server moves the order on by itself (a job, the back office, the provider): waiting screens watch. */
      | 'movesOnItsOwn',
  },
  guards: {
    retryAllowed: ({ context, event }) => retryDateHasCome(context, event),
    questionnaireRequired: ({ context }) => context.questionnaireRequired,
    viaPromotion: ({ event }) => event.type === 'assessment.approved' && event.viaPromotion === true,
    canConfirm: ({ context, event }) =>
      event.type === 'borrower.confirmed' &&
      event.agreementAccepted &&
      context.approvedAt !== null &&
      !approvalWindowPassedAt(context.approvedAt, event.at),
    exactlyOneReason: ({ event }) =>
      event.type === 'borrower.cancelled' && event.reasons.length === 1 && event.reasons[0]!.trim() !== '',
    approvalWindowPassed: ({ context, event }) =>
      event.type === 'approval.expired' &&
      context.approvedAt !== null &&
      approvalWindowPassedAt(context.approvedAt, event.at),
    rolloverAllowed: ({ context }) => rolloversLeft(context) > 0,
    rolloverClearsOverdue: ({ context, event }) =>
      rolloversLeft(context) > 0 && event.type === 'rollover.confirmed' && event.newDueAt > event.at,
  },
  actions: {
    recordApproval: assign({
      approvedAt: ({ event }) => (event.type === 'assessment.approved' ? event.at : null),
    }),
    recordRejection: assign({
      rejectedAt: ({ event }) => (event.type === 'assessment.rejected' ? event.at : null),
    }),
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
      meta: { step: null, list: null, home: 'canLoan' },
      on: START_FIRST_APPLICATION,
    },
    basicInfo: {
      description: '6 BasicInfo: the application waits for personal information.',
      tags: ['open', 'onboarding'],
      meta: onboarding(OrderStatus.BasicInfo),
      on: { 'profile.basicSaved': 'identityOcr' },
    },
    identityOcr: {
      description: '12 IdentityOCR: the application waits for the ID front, back and face check.',
      tags: ['open', 'onboarding'],
      meta: onboarding(OrderStatus.IdentityOCR),
      on: { 'profile.identityCompleted': 'addition' },
    },
    addition: {
      description: '11 Addition: the application waits for work information and emergency contacts.',
      tags: ['open', 'onboarding'],
      meta: onboarding(OrderStatus.Addition),
      on: { 'profile.additionalSaved': 'bindCard' },
    },
    bindCard: {
      description: '5 BindCard: the application waits for a wallet account to pay out to.',
      tags: ['open', 'onboarding'],
      meta: onboarding(OrderStatus.BindCard),
      on: {
        'wallet.added': [{ guard: 'questionnaireRequired', target: 'question' }, { target: 'finishLoading' }],
      },
    },
    question: {
      description: '17 Question: Mexico asks the credit-history questionnaire before submitting.',
      tags: ['open', 'onboarding'],
      meta: onboarding(OrderStatus.Question),
      on: { 'questionnaire.saved': 'finishLoading' },
    },
    finishLoading: {
      description: '19 finishLoading: submitted; the data collector finishes before assessment starts.',
      tags: ['open', 'movesOnItsOwn'],
      meta: { step: 'finishLoading', list: 'assessing', home: 'assessing' },
      on: { 'collection.finished': 'applying' },
    },
    applying: {
      description: '1 Applying: the lender assesses the application.',
      tags: ['open', 'underAssessment', 'movesOnItsOwn'],
      meta: { step: 'reviewTips', list: 'assessing', home: 'assessing' },
      on: {
        'assessment.approved': [
          { guard: 'viaPromotion', target: 'getMoney', actions: 'recordApproval' },
          { target: 'confirm', actions: 'recordApproval' },
        ],
        'assessment.rejected': { target: 'reject', actions: 'recordRejection' },
      },
    },
    confirm: {
      description:
        '14 Confirm: approved; the borrower has 24 hours to accept the agreement and confirm, or cancel.',
      tags: ['open', 'canConfirm', 'canCancel', 'movesOnItsOwn'],
      meta: { step: 'confirmBorrow', list: 'incomplete', home: 'approved' },
      on: AWAITING_CONFIRMATION,
    },
    getMoney: {
      description: '18 getMoney: approved through a coupon or promotion flow; otherwise the same as 14.',
      tags: ['open', 'canConfirm', 'canCancel', 'movesOnItsOwn'],
      meta: { step: 'confirmBorrow', list: 'incomplete', home: 'approved' },
      on: AWAITING_CONFIRMATION,
    },
    lending: {
      description: '7 Lending: confirmed; the money is on its way to the wallet (10–60 minutes).',
      tags: ['open', 'payingOut', 'signedContract', 'movesOnItsOwn'],
      meta: { step: 'lending', list: 'disbursing', home: 'lending' },
      on: { 'payout.succeeded': 'repaying', 'payout.failed': 'payFail' },
    },
    payFail: {
      description:
        '10 PayFail: the wallet refused the pay-out, or it was not confirmed in time; the borrower corrects the wallet and re-applies. A pay-out the provider confirms late still opens the loan.',
      tags: ['open', 'payoutFailed', 'signedContract'],
      meta: { step: 'repayDetail', list: 'failed', home: 'failed' },
      on: { 'wallet.corrected': 'finishLoading', 'payout.succeeded': 'repaying' },
    },
    repaying: {
      description: '2 Repaying: the money was received; repayment is due on the due date.',
      tags: ['open', 'signedContract', 'canRepay', 'canRollover'],
      meta: { step: 'repayDetail', list: 'repaying', home: 'repaying' },
      on: {
        'repayment.full': 'finish',
        'repayment.partial': 'repaying',
        'due.passed': 'overdued',
        'rollover.confirmed': {
          guard: 'rolloverAllowed',
          target: 'repaying',
          reenter: true,
          actions: 'countRollover',
        },
      },
    },
    overdued: {
      description: '3 Overdued: the due date passed; a daily penalty accrues up to its cap.',
      tags: ['open', 'signedContract', 'canRepay', 'canRollover'],
      meta: { step: 'repayDetail', list: 'overdue', home: 'overdue' },
      on: {
        'repayment.full': 'finish',
        'repayment.partial': 'overdued',
        'penalty.accrued': 'overdued',
        // Only a rollover whose new due date is ahead: the server quotes none else and refunds a fee that comes
        // too late for it (server/loans/service.ts rolloverToday, 'tooLate').
        'rollover.confirmed': {
          guard: 'rolloverClearsOverdue',
          target: 'repaying',
          actions: 'countRollover',
        },
        // Spec §4 has no written-off code; the order closes as 4 (decisions.md "Actions on a loan in the console").
        'loan.writtenOff': 'finish',
      },
    },
    finish: {
      description:
        '4 Finish: repaid in full, or written off by the lender when overdue; the borrower may apply again and skips onboarding.',
      tags: ['canApply', 'signedContract'],
      meta: { step: null, list: 'finished', home: 'canLoan' },
      on: START_NEXT_APPLICATION,
    },
    cancel: {
      description: '8 Cancel: cancelled by the borrower with one reason, or not confirmed within 24 hours.',
      tags: ['canApply'],
      meta: { step: null, list: 'cancelled', home: 'canLoan' },
      on: START_NEXT_APPLICATION,
    },
    reject: {
      description:
        '9 Reject: not approved; the borrower may apply again 30 days after the decision, at submission (their profile is complete).',
      meta: { step: null, list: 'rejected', home: 'rejected' },
      on: {
        'application.started': { guard: 'retryAllowed', target: 'finishLoading', actions: 'startNewOrder' },
      },
    },
  },
})

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>
export type OrderLifecycleState = Exclude<OrderLifecycleSnapshot['value'], object>
