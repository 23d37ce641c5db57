/**
 * Order status codes of spec §4 and the names of what they show (steps, home and list states), with decisions.md's
 * onboarding order. Pure data: no React, no I/O. The order lifecycle machine (machines/order-lifecycle.machine.ts)
 * answers every question about a status — which code may follow which, open, may apply, deadlines, rollovers
 * left, the screen, home card and list state each one shows; this file only names them.
 */

export const OrderStatus = {
  Applying: 1,
  Repaying: 2,
  Overdued: 3,
  Finish: 4,
  BindCard: 5,
  BasicInfo: 6,
  Lending: 7,
  Cancel: 8,
  Reject: 9,
  PayFail: 10,
  Addition: 11,
  IdentityOCR: 12,
  Confirm: 14,
  Question: 17,
  GetMoney: 18,
  FinishLoading: 19,
} as const

export type OrderStatusName = keyof typeof OrderStatus
export type OrderStatusCode = (typeof OrderStatus)[OrderStatusName]

export const ORDER_STATUS_CODES = Object.values(OrderStatus) as readonly OrderStatusCode[]

export const ORDER_STATUS_NAME: Readonly<Record<OrderStatusCode, OrderStatusName>> = Object.fromEntries(
  Object.entries(OrderStatus).map(([name, code]) => [code, name]),
) as Record<OrderStatusCode, OrderStatusName>

export function isOrderStatusCode(value: unknown): value is OrderStatusCode {
  return typeof value === 'number' && (ORDER_STATUS_CODES as readonly number[]).includes(value)
}

/**
 * Spec §4 "navigation by code": the names of the screens an order's status opens (the lifecycle's `step` meta).
 * The names are journey steps, not URLs; src/routing maps steps to hash paths.
 */
export type StatusStep =
  | 'personalInfo'
  | 'additionalInfo'
  | 'identity'
  | 'addWallet'
  | 'confirmBorrow'
  | 'repayDetail'
  | 'reviewTips'
  | 'lending'
  | 'loanQuestion'
  | 'finishLoading'

/**
 * decisions.md's onboarding order, each status with the step it opens: 6 → 12 → 11 → 5, then 17 where the
 * country asks the questionnaire.
 */
const ONBOARDING: readonly { status: OrderStatusCode; step: StatusStep }[] = [
  { status: OrderStatus.BasicInfo, step: 'personalInfo' },
  { status: OrderStatus.IdentityOCR, step: 'identity' },
  { status: OrderStatus.Addition, step: 'additionalInfo' },
  { status: OrderStatus.BindCard, step: 'addWallet' },
  { status: OrderStatus.Question, step: 'loanQuestion' },
]

/** The onboarding statuses in decisions.md's order. */
export const ONBOARDING_STATUSES: readonly OrderStatusCode[] = ONBOARDING.map((o) => o.status)

/** The step an onboarding status opens; null for a status that is not onboarding. */
export function onboardingStepOf(code: OrderStatusCode): StatusStep | null {
  return ONBOARDING.find((o) => o.status === code)?.step ?? null
}

/** Spec §4 home states (the lifecycle's `home` meta; the home machine names each one's button). */
export type HomeState =
  | 'canLoan'
  | 'lending'
  | 'assessing'
  | 'rejected'
  | 'approved'
  | 'failed'
  | 'repaying'
  | 'overdue'

/** Spec §4 order-list states (records tab; the lifecycle's `list` meta). */
export type OrderListState =
  | 'assessing'
  | 'repaying'
  | 'overdue'
  | 'finished'
  | 'addingCard'
  | 'incomplete'
  | 'disbursing'
  | 'cancelled'
  | 'rejected'
  | 'failed'
