/**
 * Order status codes of spec §4, and the tables the app and the server derive from them.
 * Pure data: no React, no I/O. The order lifecycle machine (machines/order-lifecycle.machine.ts)
 * decides which code may follow which; this file only names them.
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

/** decisions.md: statuses that count as an open loan; the database allows one per borrower. */
export const OPEN_STATUSES: readonly OrderStatusCode[] = [1, 2, 3, 5, 6, 7, 10, 11, 12, 14, 17, 18, 19]
export const CLOSED_STATUSES: readonly OrderStatusCode[] = [4, 8, 9]

export function isOpenStatus(code: OrderStatusCode): boolean {
  return OPEN_STATUSES.includes(code)
}

/**
 * Statuses of an order the borrower has confirmed — signed its agreement (/loan/get-money): on its way (7),
 * repaying (2), overdue (3), repaid (4), or a failed pay-out (10). Its signed contract can be read
 * (/loan/get-money/contract); before confirming, the agreement to sign is /loan/loan-order/loanAgreement.
 */
export const SIGNED_CONTRACT_STATUSES: readonly OrderStatusCode[] = [7, 2, 3, 4, 10]

export function hasSignedContract(code: OrderStatusCode): boolean {
  return SIGNED_CONTRACT_STATUSES.includes(code)
}

/**
 * Spec §4 "navigation by code": the screen an order in this status opens.
 * `null` means "other codes do nothing" (the app stays where it is).
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

export const STEP_BY_STATUS: Readonly<Record<OrderStatusCode, StatusStep | null>> = {
  1: 'reviewTips',
  2: 'repayDetail',
  3: 'repayDetail',
  4: null,
  5: 'addWallet',
  6: 'personalInfo',
  7: 'lending',
  8: null,
  9: null,
  10: 'repayDetail',
  11: 'additionalInfo',
  12: 'identity',
  14: 'confirmBorrow',
  17: 'loanQuestion',
  18: 'confirmBorrow',
  19: 'finishLoading',
}

/** The onboarding order of decisions.md; the questionnaire (17) only where the country asks for it. */
export const ONBOARDING_STATUSES: readonly OrderStatusCode[] = [6, 12, 11, 5, 17]

/** Spec §4 home states, with the button each shows (an i18n key under `home.button.*`, or none). */
export type HomeState =
  | 'canLoan'
  | 'lending'
  | 'assessing'
  | 'rejected'
  | 'approved'
  | 'failed'
  | 'repaying'
  | 'overdue'

export const HOME_BUTTON: Readonly<Record<HomeState, 'apply' | 'details' | 'getMoney' | 'edit' | 'pay' | null>> =
  {
    canLoan: 'apply',
    lending: null,
    assessing: 'details',
    rejected: null,
    approved: 'getMoney',
    failed: 'edit',
    repaying: 'pay',
    overdue: 'pay',
  }

/**
 * The home state for the latest order. `rejected` holds only until the retry date
 * (decisions.md: 30 days after the decision); after it the borrower can apply again.
 * Onboarding statuses show the Apply button, which continues the onboarding where it stopped.
 */
export function homeStateFor(
  code: OrderStatusCode | null,
  opts: { retryAllowed?: boolean } = {},
): HomeState {
  if (code === null) return 'canLoan'
  switch (code) {
    case 1:
    case 19:
      return 'assessing'
    case 2:
      return 'repaying'
    case 3:
      return 'overdue'
    case 7:
      return 'lending'
    case 9:
      return opts.retryAllowed ? 'canLoan' : 'rejected'
    case 10:
      return 'failed'
    case 14:
    case 18:
      return 'approved'
    case 4:
    case 5:
    case 6:
    case 8:
    case 11:
    case 12:
    case 17:
      return 'canLoan'
  }
}

/** Spec §4 order-list states (records tab). */
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

export const LIST_STATE_BY_STATUS: Readonly<Record<OrderStatusCode, OrderListState>> = {
  1: 'assessing',
  2: 'repaying',
  3: 'overdue',
  4: 'finished',
  5: 'addingCard',
  6: 'incomplete',
  7: 'disbursing',
  8: 'cancelled',
  9: 'rejected',
  10: 'failed',
  11: 'incomplete',
  12: 'incomplete',
  14: 'incomplete',
  17: 'incomplete',
  18: 'incomplete',
  19: 'assessing',
}

/** Records has two tabs: Incomplete (open orders) and Finished (closed ones). */
export function recordsTabFor(code: OrderStatusCode): 'incomplete' | 'finished' {
  return isOpenStatus(code) ? 'incomplete' : 'finished'
}
