/**
 * Response codes of the `{ code, msg, data }` envelope (decisions.md "Envelope and protocol").
 * Each code's message is the i18n key `errors.code.<code>` in locales/<lang>/errors.json; the server sends it
 * translated in the request's `lang`, the app may translate it itself.
 */
export const ApiCode = {
  Ok: 0,
  /** Spec §8 session codes: each clears the session and sends the borrower to login. */
  NotLoggedIn: 10010301,
  TokenExpired: 10010303,
  LoggedInElsewhere: 10010304,
  TokenInvalid: 100103,
  /** Request body failed its schema; `data.fields` maps each field to its translated message. */
  ValidationFailed: 1001,
  /** Wire protocol: the payload or the path could not be decrypted. */
  Undecryptable: 1002,
  /** Wire protocol: `t` is outside the replay window. */
  ReplayWindow: 1003,
  /** No such call. */
  UnknownCall: 1004,
  /** Too many requests from this number or address. */
  RateLimited: 1005,
  /** Upload refused: not an image, or over the size cap. */
  BadUpload: 1006,
  /** The request is valid but the server failed; logged without personal data. */
  ServerError: 1500,
  /** Loans (server/loans): no product is offered in the borrower's country, or the product id is unknown. */
  LoanNoProduct: 2101,
  /** Only one loan at a time: the borrower has an open order. */
  LoanOpenExists: 2102,
  /** Rejected: the borrower may apply again from `data.retryAt`. */
  LoanRetryLater: 2103,
  /** No such order of this borrower. */
  LoanOrderNotFound: 2104,
  /** The order's status does not allow this (the lifecycle machine refused the event). */
  LoanActionNotAllowed: 2105,
  /** The approval was not confirmed within 24 hours. */
  LoanApprovalExpired: 2106,
  /** No wallet account to pay out to. */
  LoanWalletMissing: 2107,
  /** apply-market-again is for borrowers who repaid a loan. */
  LoanNotRepeatBorrower: 2108,
  /** Nothing is owed on this order. */
  LoanNothingToRepay: 2109,
  /** The payment order's 15 minutes are over. */
  PaymentTimedOut: 2110,
  /** The chosen payment channel does not exist for this loan. */
  PaymentNoChannel: 2111,
  /** The wallet provider refused the payment request. */
  PaymentRequestFailed: 2112,
  /** No such payment order of this borrower. */
  PaymentOrderNotFound: 2113,
  /** The loan already had its last allowed rollover. */
  LoanRolloverLimit: 2114,
  /**
   * Another payment order of this loan is still waiting to be paid (one at a time: a second confirm for the same
   * purpose and amount returns that one instead).
   */
  PaymentInProgress: 2115,
  /**
   * One loan at a time per person (domain/one-loan-per-person.ts): the ID number of this profile already has
   * an application or loan in progress on another account.
   */
  LoanIdNumberInUse: 2116,
  /** The payout wallet (or CLABE) already has an application or loan in progress on another account. */
  LoanWalletInUse: 2117,
  /**
   * An application under this ID number or wallet was rejected on another account less than 30 days ago: apply
   * again from `data.retryAt`.
   */
  LoanPersonRetryLater: 2118,
  /**
   * A rollover now would not bring the loan back to date (its new due date, 7 days after the old one, is already
   * past): no fee is asked; the loan must be repaid.
   */
  LoanRolloverTooLate: 2119,
  /** The charges cap (in duplum) leaves no room for a rollover fee on this loan. */
  LoanRolloverCapReached: 2120,
  /** Feedback (server/feedback): no such ticket of this borrower. */
  FeedbackNotFound: 2201,
  /** The ticket is resolved (4) and takes no more messages: open a new one. */
  FeedbackClosed: 2202,
  /** An image the ticket or message lists is not an unattached upload of this borrower (upload it again). */
  FeedbackFileUnknown: 2203,
  /** Too many uploaded images wait to be attached to a ticket. */
  FeedbackUploadLimit: 2204,
  /** Only a resolved ticket (4) can be rated, and only once. */
  FeedbackNotRateable: 2205,
  /** Coupons (server/coupons): no such coupon of this borrower. */
  CouponNotFound: 2301,
  /** The coupon's expiry has passed. */
  CouponExpired: 2302,
  /** The coupon was already used on a loan. */
  CouponUsed: 2303,
  /** The loan is below the coupon's quota condition (`data.minLoanMinor`, `data.currency`). */
  CouponBelowMinimum: 2304,
  /** No coupon draw is available to this borrower now. */
  LotteryNoDraw: 2305,
  /** Account deletion (server/account-deletion): refused while a loan is open. */
  AccountLoanOpen: 2401,
} as const

export type ApiCodeName = keyof typeof ApiCode

export const SESSION_CODES: readonly number[] = [
  ApiCode.NotLoggedIn,
  ApiCode.TokenExpired,
  ApiCode.LoggedInElsewhere,
  ApiCode.TokenInvalid,
]

export function isSessionCode(code: number): boolean {
  return SESSION_CODES.includes(code)
}

/** The envelope every response carries. */
export interface ApiEnvelope<T> {
  code: number
  msg: string
  data: T
}

/** `data` of a ValidationFailed response. */
export interface ValidationFailure {
  fields: Record<string, string>
}
