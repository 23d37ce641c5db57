/**
 * The `data` of every reply in the API table (domain/api.ts): the shapes a borrower's screen needs and a
 * lender's back end can fill. Money is integer minor units with its currency; instants are ISO 8601 UTC
 * strings (`IsoDateTime`); calendar days are 'YYYY-MM-DD' (`IsoDate`). Personal data appears only in replies to
 * its owner's session.
 */
import type { CountryCode, CurrencyCode, Language, WalletProviderCode } from './countries'
import type { FeedbackStatusCode, FeedbackTypeCode } from './enums'
import type { OrderListState, OrderStatusCode } from './order-status'
import type { Balance, IsoDate, Quote, RolloverQuote } from './pricing'
import type { ProductConfig } from './product'
import type { AdditionalInfo } from './schemas/additional-info'
import type { CouponStatus } from './schemas/coupon'
import type { FeedbackContactTime } from './schemas/feedback'
import type { PersonalInfo } from './schemas/personal-info'

export type { IsoDate } from './pricing'

/** An instant in UTC, ISO 8601 with 'Z', e.g. '2025-03-01T09:30:00.000Z'. */
export type IsoDateTime = string

/** A reply with nothing to say beyond "done" (code 0). */
export type Empty = Record<string, never>

/** One page of a list. */
export interface Page<T> {
  items: T[]
  page: number
  pageSize: number
  total: number
}

// ------------------------------------------------------------------------------------------------ account

export interface LoginResult {
  token: string
  userId: string
  /** True when this call created the account (register, or a first login that registers). */
  newUser: boolean
}

export interface VerifyCodeSent {
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: number
  /** Seconds the code stays valid. */
  expiresInSeconds: number
}

export interface ExistsResult {
  exists: boolean
}

export interface WalletSummary {
  provider: WalletProviderCode
  /** The account with its middle hidden, e.g. '0712 *** 678' or '0021 **** **** 3456 7'. */
  maskedNumber: string
  addedAt: IsoDateTime
}

/** Which onboarding steps the borrower has completed. */
export interface ProfileProgress {
  basicInfo: boolean
  identity: boolean
  additionalInfo: boolean
  wallet: boolean
  /** Always true where the country asks no questionnaire. */
  questionnaire: boolean
}

/** GET /security/getUserInfo — stored locally as `userInfo` after login (spec §3). */
export interface UserInfo {
  basicInfo: {
    userId: string
    country: CountryCode
    /** The login number as its national significant number (no dial code, no 0). */
    mobile: string
    language: Language
    firstName: string | null
    lastName: string | null
    registeredAt: IsoDateTime
  }
  profile: ProfileProgress
  /** What the borrower saved, to fill the forms again (e.g. after a failed pay-out: "Edit"). */
  personalInfo: PersonalInfo | null
  additionalInfo: AdditionalInfo | null
  wallet: WalletSummary | null
  credit: CreditInfo
}

// ------------------------------------------------------------------------------------------------ onboarding

/** Replies of the onboarding saves: the status the order is in now; the app opens the screen it names. */
export interface StepResult {
  status: OrderStatusCode
  /** The order the onboarding belongs to (null before the first application). */
  orderNo: string | null
}

/** Why an ID or face image was not accepted; each has its message in the ID screen (spec §8 "ID messages"). */
export type IdCheckProblem = 'notRecognised' | 'frontFirst' | 'backFirst' | 'faceMismatch' | 'livenessFailed'

export interface ImageCheckResult {
  accepted: boolean
  problem: IdCheckProblem | null
  /** Steps done so far: after all three, /user/finishUploadAllImg completes the identity step. */
  front: boolean
  back: boolean
  face: boolean
}

/** POST /user/curp/ocr — what could be read from the uploaded ID front (Mexico), to prefill personal info. */
export interface IdOcrResult {
  curp: string | null
  firstName: string | null
  middleName: string | null
  lastName: string | null
  birthday: IsoDate | null
  gender: 'male' | 'female' | null
  /** CURP state code of birth, e.g. 'DF'. */
  birthState: string | null
}

/**
 * GET /user/device/packageList — the installed apps the shell's collector may report: an allowlist of package
 * names. Empty where the country's policy requires no app list (decisions.md: the default everywhere).
 */
export interface PackageListPolicy {
  packageNames: string[]
}

// ------------------------------------------------------------------------------------------------ loans

/** GET /loan/loan-order/latest — the borrower's latest order, or null before any. Drives home and routing. */
export interface LatestOrder {
  orderNo: string
  loanOrderId: string
  status: OrderStatusCode
  productId: string
  productName: string
  currency: CurrencyCode
  amountMinor: number
  /**
   * What reaches the wallet: the principal less the processing fee and its tax (the order's quote), once the order
   * is approved; null before. The lending screen shows this, not the principal.
   */
  disbursalMinor: number | null
  tenureDays: number
  createdAt: IsoDateTime
  /** Set once approved (14/18). */
  approvedAt: IsoDateTime | null
  /** approvedAt + 24 h: confirm (or cancel) before this, or the order is cancelled. */
  confirmBy: IsoDateTime | null
  disbursedAt: IsoDateTime | null
  /** Next unpaid due date while repaying. */
  dueDate: IsoDate | null
  /** What is still owed (penalties included) while repaying. */
  remainingMinor: number | null
  overdueDays: number
  /**
   * The loan's charges cap (in duplum) is reached: no more penalty is added and no rollover is offered (the same
   * figure as RepaymentDetail `chargesCap.reached`); false before pay-out.
   */
  chargesCapReached: boolean
  /** After a rejection: when the borrower may apply again (decisions.md: 30 days). */
  retryAt: IsoDateTime | null
  /** While 19: whether the shell's data collector must still run (see /time/upload/uploadStatus). */
  collectionPending: boolean
}

/** One line of the records tab. */
export interface OrderSummary {
  orderNo: string
  loanOrderId: string
  status: OrderStatusCode
  listState: OrderListState
  productName: string
  currency: CurrencyCode
  amountMinor: number
  tenureDays: number
  createdAt: IsoDateTime
  dueDate: IsoDate | null
  remainingMinor: number | null
}

export interface ProductSummary {
  productId: string
  name: string
  currency: CurrencyCode
  minorPerUnit: number
  minAmountMinor: number
  /** The highest amount for this borrower (raised for repeat borrowers); the product's own maximum before login. */
  maxAmountMinor: number
  stepMinor: number
  tenureDays: number[]
  /** For display only: the interest rate per day and per year, in percent. */
  dailyRatePercent: number
  annualRatePercent: number
  installments: number
}

/** GET /loan/product/step-amount — the amount slider and tenure choice of one product for this borrower. */
export interface StepAmounts {
  productId: string
  currency: CurrencyCode
  minorPerUnit: number
  minAmountMinor: number
  maxAmountMinor: number
  stepMinor: number
  tenureDays: number[]
  defaultAmountMinor: number
  defaultTenureDays: number
  /**
   * The product's pricing terms, so the app prices every amount and tenure the borrower tries with the same
   * engine as the server (pricing.ts quote), without a call per change on a slow, costly connection.
   */
  pricing: ProductConfig
  /**
   * The borrower's step on the repeat-borrower ladder (domain/ladder.ts): loans repaid on time, less a step for
   * each one repaid late (0 again after one more than `pricing.repeatLadder.resetAfterDaysLate` days late). The
   * quote's `loansRepaidOnTime`; named as the spec names it.
   */
  loansRepaidOnTime: number
  /** Today in the country's time zone by the server's clock: the quote's day 0 (the money goes out today). */
  today: IsoDate
}

/** GET /loan/loan-product/index — home: the range to show ("minAmount to maxAmount") and whether Apply works. */
export interface HomeIndex {
  product: ProductSummary | null
  minAmountMinor: number
  maxAmountMinor: number
  maxTenureDays: number
  currency: CurrencyCode
  /** False while an order is open or a rejection's retry date has not come. */
  canApply: boolean
  /** Whether the borrower qualifies as a repeat borrower (raised amounts, lower rate). */
  repeatBorrower: boolean
}

/**
 * GET /loan/confirm/product-info — everything shown before confirming (decisions.md): the full pricing quote
 * (interest, processing fee, its tax, disbursal, total repayable, due date, installments, APR/CAT, penalty rule,
 * rollover fee) for the approved order, where the money goes, and until when it can be confirmed.
 */
export interface ConfirmProductInfo extends Quote {
  loanOrderId: string
  orderNo: string
  productName: string
  /** 'CAT' in Mexico, shown "sin IVA, para fines informativos y de comparación". */
  aprLabel: 'APR' | 'CAT'
  /** Label key of the fee tax (VAT, excise duty, IVA). */
  feeTaxNameKey: string
  wallet: WalletSummary
  confirmBy: IsoDateTime
  /** The coupon applied to this order, if any, and what it takes off the total repayable. */
  coupon: { couponId: string; discountMinor: number } | null
  /** What is repaid on time after the coupon. */
  payableAfterCouponMinor: number
  /** Coupons the borrower could still apply to this order. */
  usableCoupons: number
}

/** An agreement or contract text, with the order's figures filled in. */
export interface AgreementDocument {
  title: string
  version: string
  language: Language
  /** Sanitised HTML (headings, paragraphs, lists, tables). */
  html: string
}

export interface ApplyResult {
  loanOrderId: string
  orderNo: string
  /** 6 when onboarding is still to do, 19 when the profile is complete. */
  status: OrderStatusCode
}

/** GET /loan/get-money — the order after confirming (7 Lending). */
export interface ConfirmResult {
  status: OrderStatusCode
  /** When the money is expected (decisions.md: 10–60 minutes). */
  expectedFrom: IsoDateTime
  expectedBy: IsoDateTime
}

export interface CancelResult {
  status: OrderStatusCode
}

/** GET /loan/get-money-time — when the money should reach the wallet. */
export interface MoneyTime {
  expectedFrom: IsoDateTime
  expectedBy: IsoDateTime
  disbursedAt: IsoDateTime | null
}

/** GET /loan/get-credit-info — the borrower's limit and terms. */
export interface CreditInfo {
  currency: CurrencyCode
  limitMinor: number
  /** What may be borrowed now: the limit, or 0 while an order is open (one loan at a time). */
  availableMinor: number
  dailyRatePercent: number
  /** The borrower's step on the repeat-borrower ladder (as StepAmounts.loansRepaidOnTime). */
  loansRepaidOnTime: number
  /** The limit after the next loan repaid on time (null when the ladder is at its top). */
  nextLimitMinor: number | null
}

// ------------------------------------------------------------------------------------------------ loan market

/** GET /loanMarket/index — the product list of the market home. */
export interface MarketIndex {
  products: ProductSummary[]
  /** A notice the lender shows on top (already translated), or null. */
  notice: string | null
}

/** GET /loanMarket/lending-record — recent loans for the home ticker, with numbers masked. */
export interface LendingRecord {
  maskedMobile: string
  amountMinor: number
  currency: CurrencyCode
  at: IsoDateTime
}

/** GET /loanMarket/repay-color — the tone of the repayment card: a due date near or passed shows warmer. */
export interface RepayColor {
  tone: 'none' | 'normal' | 'dueSoon' | 'dueToday' | 'overdue'
  /** Days until the due date (negative when overdue), null without an open loan. */
  daysToDue: number | null
}

/** GET /loanMarket/repay/products — the orders with something to repay. */
export interface RepayProduct {
  orderNo: string
  loanOrderId: string
  productName: string
  status: OrderStatusCode
  currency: CurrencyCode
  remainingMinor: number
  dueDate: IsoDate | null
  overdueDays: number
}

// ------------------------------------------------------------------------------------------------ data collection

/** GET /time/upload/enable — whether the shell's timeSDK runs (spec §7: data.enableTimeSdk). */
export interface UploadEnable {
  enableTimeSdk: boolean
}

/**
 * GET /time/upload/policy — which upload flags a country's data policy requires (public: the permission disclosure
 * shows it before login). A flag not listed is never required there.
 */
export interface CollectionPolicyReply {
  country: CountryCode
  requiredFlags: (keyof UploadStatusFlags)[]
}

/** GET /time/upload/uploadStatus — spec §4's seven flags; flags the country's policy does not require read true. */
export interface UploadStatusFlags {
  appList: boolean
  sms: boolean
  exif: boolean
  device: boolean
  contact: boolean
  callLog: boolean
  location: boolean
}

// ------------------------------------------------------------------------------------------------ repayment

export interface PaymentChannel {
  channelId: string
  /** A mobile-money push to the borrower's phone, a pay-bill/reference to pay at, or a bank transfer (SPEI). */
  kind: 'push' | 'payBill' | 'bankTransfer'
  provider: WalletProviderCode | null
  /** Label key of the channel's name. */
  nameKey: string
  available: boolean
}

/** A payment the borrower has started (repayment or rollover fee); it expires after 15 minutes. */
export interface PayOrder {
  payOrderId: string
  orderNo: string
  purpose: 'repayment' | 'rollover'
  amountMinor: number
  currency: CurrencyCode
  channelId: string
  status: 'pending' | 'paid' | 'expired' | 'failed'
  createdAt: IsoDateTime
  expiresAt: IsoDateTime
  /** How to pay: wait for the prompt on the phone, or pay to this number with this reference. */
  instructions: { payTo: string | null; reference: string | null; pushSent: boolean }
}

export interface InstallmentState {
  number: number
  dueDate: IsoDate
  principalMinor: number
  interestMinor: number
  totalMinor: number
  paidMinor: number
  state: 'paid' | 'due' | 'overdue' | 'upcoming'
}

/** GET /portal/repayment/detail — the repay screen. */
export interface RepaymentDetail {
  orderNo: string
  loanOrderId: string
  status: OrderStatusCode
  currency: CurrencyCode
  minorPerUnit: number
  principalMinor: number
  interestMinor: number
  processingFeeMinor: number
  feeTaxMinor: number
  disbursalMinor: number
  disbursedAt: IsoDateTime | null
  /**
   * What repays the loan in full today (the country's date), by kind and in total: interest to today only, the
   * interest not earned yet left out (`breakdown`). `balance.totalMinor` is what /portal/repayment/confirm takes as
   * the whole balance.
   */
  balance: Balance
  /** Repayments applied to the loan so far (rollover fees not included: they are paid apart). */
  paidMinor: number
  /** Penalties written off under the charges cap (the spec's "reduction"). */
  reductionMinor: number
  /**
   * How `balance.totalMinor` is reached, line by line (docs/api.md):
   * principalMinor + interestToDateMinor + penaltyAccruedMinor − penaltyWrittenOffMinor − paidMinor = dueMinor.
   */
  breakdown: RepaymentBreakdown
  /** The charges cap (in duplum) of this loan and how much of it is used. */
  chargesCap: ChargesCapState
  dueDate: IsoDate | null
  overdueDays: number
  /** The penalty one more overdue day would add. */
  penaltyPerDayMinor: number
  installments: InstallmentState[]
  /** The rules a partial amount follows (the same ones RepaymentLimits carries). */
  amountRules: { minMinor: number; unitMinor: number; floorMinor: number }
  rollover: { available: boolean; rolloversLeft: number }
  channels: PaymentChannel[]
  /** A payment still pending, to return to the cashier. */
  pendingPayOrder: PayOrder | null
}

/** The repay detail's figures, line by line; every amount ≥ 0 and the lines add up to `dueMinor`. */
export interface RepaymentBreakdown {
  /** The amount borrowed. */
  principalMinor: number
  /**
   * Interest owed up to today: the contractual interest spread over the tenure's days, at least one day; the whole
   * contractual interest from the due date on. For a loan repaid in full, what it finally cost.
   */
  interestToDateMinor: number
  /** Days of interest counted in interestToDateMinor (null for a loan opened before interest to the day). */
  interestDays: number | null
  /** The contractual interest not earned by today: not owed if the loan is repaid in full today. */
  interestNotYetEarnedMinor: number
  /** Penalties as accrued at the daily rate. */
  penaltyAccruedMinor: number
  /** The part of them above the charges cap: never owed (the same figure as `reductionMinor`). */
  penaltyWrittenOffMinor: number
  /** Repayments applied so far (the same figure as `paidMinor`). */
  paidMinor: number
  /** principal + interest to date + penalties accrued − written off − paid: equals `balance.totalMinor`. */
  dueMinor: number
}

/** A loan's charges cap (in duplum): interest, fees, tax, rollover fees and penalties never add up to more. */
export interface ChargesCapState {
  /** The cap (the principal by default); null when the product has none. */
  capMinor: number | null
  /** Charged so far: interest (to today if repaid today), processing fee, its tax, rollover fees, penalties. */
  chargedMinor: number
  /** What may still be charged; null without a cap. */
  leftMinor: number | null
  /** The cap is reached: no more penalty is charged and no rollover is offered. */
  reached: boolean
}

/** GET /repay/getExtensionData — the rollover offer: its fee, the new due date and the new total. */
export interface RolloverOffer {
  orderNo: string
  currency: CurrencyCode
  available: boolean
  /**
   * Why it is not available: the limit was reached, nothing is left to roll over, the order is not being repaid,
   * it is too late (the new due date, 7 days after the old one, is already past — a rollover would leave the loan
   * overdue), or the charges cap leaves no room for its fee.
   */
  unavailableReason: 'limit' | 'paidOff' | 'status' | 'tooLate' | 'capReached' | null
  /**
   * The offer (null when not available): the fee and its tax (lowered when the charges cap is near:
   * `reducedByCapMinor`), what is paid now (`totalMinor`), the current and the new due date, and `newBalanceMinor`,
   * what repays the loan in full on the new due date.
   */
  quote: RolloverQuote | null
  rolloversLeft: number
  channels: PaymentChannel[]
}

// ------------------------------------------------------------------------------------------------ app, coupons

/** GET /app/isRejectRecommendation — after a rejection: the retry date, and other services the lender suggests. */
export interface RejectRecommendation {
  show: boolean
  retryAt: IsoDateTime | null
  apps: { name: string; packageName: string; url: string }[]
}

export interface DownloadAddress {
  url: string
  version: string | null
}

export interface Coupon {
  couponId: string
  /** Label key of the coupon's title. */
  titleKey: string
  currency: CurrencyCode
  /** What it takes off the total repayable. */
  discountMinor: number
  /** The quota condition: the smallest loan it applies to. */
  minLoanMinor: number
  expiresAt: IsoDateTime
  status: CouponStatus
  usedAt: IsoDateTime | null
  loanOrderId: string | null
}

export interface LotteryVisibility {
  show: boolean
}

export interface CouponQuantity {
  available: number
}

export interface LotteryDraw {
  /** The coupon won, or null when the draw gave nothing. */
  coupon: Coupon | null
}

export interface CouponApplied {
  loanOrderId: string
  couponId: string
  discountMinor: number
  payableAfterCouponMinor: number
}

// ------------------------------------------------------------------------------------------------ country

export interface CountryMeta {
  country: CountryCode
  dialCode: string
  currency: CurrencyCode
  languages: Language[]
  defaultLanguage: Language
}

/** POST /country/meta/ip — the country of the caller's address, or null where Kopa does not serve it. */
export interface CountryByIp {
  detected: CountryMeta | null
}

// ------------------------------------------------------------------------------------------------ feedback

export interface UploadedFile {
  fileId: string
  /** Served only to the owner's session. */
  url: string
  contentType: string
  size: number
}

export interface FeedbackItem {
  feedbackId: string
  type: FeedbackTypeCode
  status: FeedbackStatusCode
  /** The start of the description. */
  summary: string
  createTime: IsoDateTime
  updatedAt: IsoDateTime
  /** Support replied since the borrower last opened it. */
  unread: boolean
  rating: number | null
}

export interface FeedbackMessage {
  messageId: string
  from: 'borrower' | 'support'
  content: string
  attachments: UploadedFile[]
  createTime: IsoDateTime
}

export interface FeedbackDetail extends FeedbackItem {
  description: string
  receiverAccount: string | null
  contact: string
  contactTime: FeedbackContactTime
  receipts: UploadedFile[]
  loanOrderId: string | null
  messages: FeedbackMessage[]
  /** Rating is offered once the ticket is done (4) and not yet rated. */
  canRate: boolean
}

export interface RedDot {
  /** Tickets with a reply the borrower has not read. */
  unread: number
}

export interface FaqItem {
  id: string
  question: string
  answer: string
}

export interface FaqSection {
  id: string
  title: string
  items: FaqItem[]
}

/** FAQ content in the request's language. */
export interface FaqContent {
  language: Language
  sections: FaqSection[]
}

export interface FeedbackCreated {
  feedbackId: string
}

export interface MessageCreated {
  messageId: string
}

// ------------------------------------------------------------------------------------------------ additions

/** The app-rating prompt's state, kept locally as `popEvaluateTime` (spec §3). */
export interface RatingPromptState {
  /** Whether to show the prompt now (after a repaid loan, never after a rejection, at most every 30 days). */
  show: boolean
  /** The repaid order the prompt is about. */
  loanOrderId: string | null
  /** When it was last shown. */
  popupTime: IsoDateTime | null
  /** True after a rejection: no prompt. */
  rejectState: boolean
  /** The earliest time it may show again. */
  nextAllowedAt: IsoDateTime | null
}

export interface EventsAccepted {
  accepted: number
}

export interface AccountDeleted {
  deletedAt: IsoDateTime
}
