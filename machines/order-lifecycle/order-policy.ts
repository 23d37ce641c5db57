/**
 * The order lifecycle's policy (machines/order-lifecycle.machine.ts): an order's lifecycle snapshot from its stored
 * status, the server's one question (`decide`), and every status question the server, the app's machines and the
 * screens ask — open, may apply and the retry date, the approval deadline and its expiry, rollovers left,
 * repayable, signed contract, the step, list and home projections, the next onboarding step already done —
 * answered from the machine's states' tags, meta and guards: nothing here lists statuses again.
 */
import { transition } from 'xstate'
import {
  ORDER_STATUS_CODES,
  OrderStatus,
  type HomeState,
  type OrderListState,
  type OrderStatusCode,
  type StatusStep,
} from '../../domain/order-status'
import {
  confirmDeadlineAfter,
  DEFAULT_MAX_ROLLOVERS,
  orderLifecycleMachine,
  retryDateAfter,
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
  type OrderLifecycleSnapshot,
  type OrderLifecycleState,
  type OrderStateMeta,
} from '../order-lifecycle.machine'

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

// ------------------------------------------------------------------------------------------------ policy
// Every status question the server, the app's machines and the screens ask, answered from the states' tags,
// meta and guards above: nothing here lists statuses again.

const stateOfStatus = (code: OrderStatusCode): OrderLifecycleState => STATE_BY_STATUS.get(code)!

/** The meta of a state: its step, list state and home card. */
function metaOfState(state: OrderLifecycleState): OrderStateMeta {
  return orderLifecycleMachine.states[state]!.meta as OrderStateMeta
}

function statusHasTag(code: OrderStatusCode, tag: Parameters<OrderLifecycleSnapshot['hasTag']>[0]): boolean {
  return orderLifecycleMachine.states[stateOfStatus(code)]!.tags.includes(tag)
}

/** The statuses of an open order (the `open` tag): at most one per borrower (loan_orders_one_open_key). */
export const OPEN_STATUSES: readonly OrderStatusCode[] = ORDER_STATUS_CODES.filter((code) =>
  statusHasTag(code, 'open'),
)
/** The statuses of a closed order: repaid, cancelled, rejected. */
export const CLOSED_STATUSES: readonly OrderStatusCode[] = ORDER_STATUS_CODES.filter(
  (code) => !statusHasTag(code, 'open'),
)

/** The statuses of a loan being repaid (the `canRepay` tag): repaying (2) and overdue (3). */
export const REPAYABLE_STATUSES: readonly OrderStatusCode[] = ORDER_STATUS_CODES.filter((code) =>
  statusHasTag(code, 'canRepay'),
)

/**
 * The statuses the server moves on by itself, which a waiting screen follows (the `movesOnItsOwn` tag): finish
 * loading (19, the collector's grace), assessing (1), approved (14, 18: the 24 hours may run out), paying out (7).
 */
export const SELF_MOVING_STATUSES: readonly OrderStatusCode[] = ORDER_STATUS_CODES.filter((code) =>
  statusHasTag(code, 'movesOnItsOwn'),
)

/** Whether an order in this status is open (the borrower cannot apply for another). */
export function isOpenStatus(code: OrderStatusCode): boolean {
  return statusHasTag(code, 'open')
}

/**
 * Whether an order in this status was confirmed by the borrower — its agreement signed (/loan/get-money): on its
 * way (7), a failed pay-out (10), repaying (2), overdue (3) or repaid (4). Its signed contract can be read
 * (/loan/get-money/contract); before confirming, the agreement to sign is /loan/loan-order/loanAgreement.
 */
export function hasSignedContract(code: OrderStatusCode): boolean {
  return statusHasTag(code, 'signedContract')
}

/** Whether an order in this status can be repaid (2, 3). */
export function isRepayable(code: OrderStatusCode): boolean {
  return statusHasTag(code, 'canRepay')
}

/** Spec §4 navigation by code: the step an order in this status opens, or null ("other codes do nothing"). */
export function stepOfStatus(code: OrderStatusCode): StatusStep | null {
  return metaOfState(stateOfStatus(code)).step
}

/** Spec §4: an order's state in the records list. */
export function listStateOf(code: OrderStatusCode): OrderListState {
  return metaOfState(stateOfStatus(code)).list!
}

/** Records has two tabs: Incomplete (open orders) and Finished (closed ones). */
export function recordsTabOf(code: OrderStatusCode): 'incomplete' | 'finished' {
  return isOpenStatus(code) ? 'incomplete' : 'finished'
}

/**
 * Whether the borrower may start a new application at `at` (ms since the epoch): no order is open, and a
 * rejection's retry date has come.
 */
export function mayApply(snapshot: OrderLifecycleSnapshot, at: number): boolean {
  return snapshot.can({ type: 'application.started', at })
}

/** When a rejected borrower may apply again (30 days after the decision); null for any other order. */
export function retryDateOf(snapshot: OrderLifecycleSnapshot): number | null {
  return snapshot.value === 'reject' && snapshot.context.rejectedAt !== null
    ? retryDateAfter(snapshot.context.rejectedAt)
    : null
}

/** When an approved order (14, 18) must be confirmed by; null for any other order or without its approval time. */
export function confirmDeadlineOf(snapshot: OrderLifecycleSnapshot): number | null {
  return snapshot.hasTag('canConfirm') && snapshot.context.approvedAt !== null
    ? confirmDeadlineAfter(snapshot.context.approvedAt)
    : null
}

/** Whether an approved order's 24 hours have passed at `at`: it can no longer be confirmed, and is cancelled. */
export function approvalExpired(snapshot: OrderLifecycleSnapshot, at: number): boolean {
  return snapshot.can({ type: 'approval.expired', at })
}

/** Spec §4's home card for the order at `at`: a rejection turns back to Apply on its retry date. */
export function homeStateOf(snapshot: OrderLifecycleSnapshot, at: number): HomeState {
  const { home } = metaOfState(snapshot.value as OrderLifecycleState)
  return home === 'rejected' && mayApply(snapshot, at) ? 'canLoan' : home
}

/** The onboarding events, in the order the statuses take them. */
export type OnboardingEventType =
  | 'profile.basicSaved'
  | 'profile.identityCompleted'
  | 'profile.additionalSaved'
  | 'wallet.added'
  | 'questionnaire.saved'

const ONBOARDING_EVENTS: readonly OnboardingEventType[] = [
  'profile.basicSaved',
  'profile.identityCompleted',
  'profile.additionalSaved',
  'wallet.added',
  'questionnaire.saved',
]

/**
 * The onboarding event that moves this order past a step the borrower has already completed (`done` says which
 * are), or null when its state waits for a step not done yet (or for none).
 */
export function nextCompletedStep(
  snapshot: OrderLifecycleSnapshot,
  done: Readonly<Record<OnboardingEventType, boolean>>,
): { type: OnboardingEventType } | null {
  const type = ONBOARDING_EVENTS.find((t) => done[t] && snapshot.can({ type: t }))
  return type ? { type } : null
}
