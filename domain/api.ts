/**
 * Every call of spec §7 as a typed table: method, base, body kind, whether it needs a token, the valibot schema
 * of its request and the TypeScript type of its response `data`. The app's client (services/api) and the
 * reference server (server/) are both built from this table, so neither can drift from the other.
 *
 * - `request` is the call's schema. GET query parameters are part of the (encrypted) payload, so a GET's schema
 *   describes them the same way. Calls made before login carry `country` in the body (a variant on it).
 * - Where the rules depend on the borrower — country, today, login number, or limits the server loads — the call
 *   has `forContext(ctx)`; validate with `requestSchemaFor(def, ctx)`.
 * - `body: 'form'` calls are multipart uploads: the image is the part `file` (checked by the server: an image,
 *   at most MAX_UPLOAD_BYTES); `request` describes the other fields, sent in the encrypted extra.
 * - `auth: true` needs `Authorization: Bearer <token>`; other calls accept one and may use it (e.g. the home
 *   index shows a repeat borrower's raised limit).
 * - `source: 'spec'` calls are the spec's own list; `source: 'kopa'` calls are the product's additions
 *   (docs/decisions.md "API additions").
 */
import * as v from 'valibot'
import type * as T from './api-types'
import type { CountryCode } from './countries'
import {
  deleteAccountSchema,
  existsByMobileSchema,
  loginSchema,
  registerSchema,
  verifyCodeSchema,
  withCountry,
} from './schemas/account'
import { additionalInfoSchema } from './schemas/additional-info'
import { emptyRequest } from './schemas/common'
import { couponHistoryQuery, couponListQuery, couponUseSchema } from './schemas/coupon'
import {
  feedbackDetailQuery,
  feedbackListQuery,
  feedbackSchema,
  leaveMessageListQuery,
  leaveMessageSchema,
  ratingSchema,
  receiptUploadSchema,
} from './schemas/feedback'
import { imageUploadSchema, livenessResultSchema } from './schemas/identity'
import {
  applySchema,
  cancelLoanSchema,
  confirmBorrowSchema,
  loanAgreementQuery,
  loanOrderQuery,
  orderListQuery,
  orderNoQuery,
  productQuery,
  type ApplyLimits,
} from './schemas/loan'
import { countryByCodeSchema, eventBatchSchema, ratingPromptSchema } from './schemas/misc'
import { personalInfoSchema } from './schemas/personal-info'
import { questionnaireSchema } from './schemas/questionnaire'
import { payOrderQuery, repaymentSchema, rolloverConfirmSchema, type RepaymentLimits } from './schemas/repayment'
import { walletSchema } from './schemas/wallet'

export type HttpMethod = 'GET' | 'POST'
export type BodyKind = 'json' | 'form'
export type ApiBase = '/api' | '/cou'

/** What a request's rules may depend on. The server fills it from the session and its clock; the app from its stores. */
export interface RequestContext {
  readonly country: CountryCode
  /** Today (the server's clock): the birthday range. */
  readonly today: Date
  /** The number the borrower logs in with ('' before login): emergency contacts must differ from it. */
  readonly loginMobile: string
  /** The chosen product and the borrower's record, once the server has loaded them (apply). */
  readonly apply?: ApplyLimits
  /** The order's balance and the product's rules, once loaded (repayment). */
  readonly repayment?: RepaymentLimits
  /** The lender's receipt cap when it differs from MAX_RECEIPTS. */
  readonly maxReceipts?: number
}

export interface CallDef<Req extends v.GenericSchema = v.GenericSchema, Res = unknown> {
  readonly method: HttpMethod
  /** Base path: '/api' for every call but the country look-up ('/cou'). */
  readonly base: ApiBase
  /** 'form' calls are multipart uploads: the image in the part `file`, the request's fields in the encrypted extra. */
  readonly body: BodyKind
  /** Needs `Authorization: Bearer <token>`. */
  readonly auth: boolean
  /** Listed by the specification, or added by Kopa (docs/decisions.md "API additions"). */
  readonly source: 'spec' | 'kopa'
  /** One line on what the call does, for the protocol document and the lender's engineers. */
  readonly summary: string
  /**
   * The request's schema: its TypeScript types, and its validation when the call has no `forContext`.
   * (Calls whose rules depend on the borrower refuse to be validated without a context: see requestSchemaFor.)
   */
  readonly request: Req
  /** Calls whose rules depend on the borrower (country, today, login number, loaded limits): the full schema. */
  readonly forContext?: (ctx: RequestContext) => v.GenericSchema
  /** Phantom field carrying the response type; never read at run time. */
  readonly response?: Res
}

/** The schema that validates a call's request for a borrower: `forContext(ctx)` where the rules need one. */
export function requestSchemaFor(def: CallDef, ctx: RequestContext): v.GenericSchema {
  return def.forContext ? def.forContext(ctx) : def.request
}

interface Common {
  readonly method: HttpMethod
  readonly base?: ApiBase
  readonly body: BodyKind
  readonly auth: boolean
  readonly source?: 'spec' | 'kopa'
  readonly summary: string
}

/** A call whose request schema stands alone (`forContext` may add the limits the server loads). */
export function call<Res>() {
  return <Req extends v.GenericSchema>(
    def: Common & { readonly request: Req; readonly forContext?: (ctx: RequestContext) => v.GenericSchema },
  ): CallDef<Req, Res> => ({ base: '/api', source: 'spec', ...def })
}

/** Stands in for `request` where a context is needed; only its types are used. */
const TYPE_CONTEXT: RequestContext = { country: 'TZ', today: new Date(0), loginMobile: '' }

/**
 * A call whose rules need the borrower's context. Its `request` has the right types but throws when used to
 * validate, so a server that forgot the context fails loudly instead of checking a Kenyan form by Tanzania's rules.
 */
export function contextual<Res>() {
  return <Req extends v.GenericSchema>(
    def: Common & { readonly forContext: (ctx: RequestContext) => Req },
  ): CallDef<v.SchemaWithPipe<readonly [Req, v.RawCheckAction<v.InferOutput<Req>>]>, Res> => ({
    base: '/api',
    source: 'spec',
    ...def,
    request: v.pipe(
      def.forContext(TYPE_CONTEXT),
      v.rawCheck<v.InferOutput<Req>>(() => {
        throw new Error(`${def.summary} — this call's rules need a RequestContext: use requestSchemaFor(def, ctx)`)
      }),
    ),
  })
}

const none = emptyRequest
const GET = 'GET' as const
const POST = 'POST' as const

/** The table. Keys are the paths without their base. */
export const API = {
  // ------------------------------------------------------------------------------------------ security
  '/security/login': call<T.LoginResult>()({
    method: POST,
    body: 'json',
    auth: false,
    summary: 'Log in with a mobile number and the SMS code; the reply carries the token.',
    request: withCountry(loginSchema),
  }),
  '/security/getVerifyCode': call<T.VerifyCodeSent>()({
    method: POST,
    body: 'json',
    auth: false,
    summary: 'Send a 6-digit SMS code for logging in or registering.',
    request: withCountry(verifyCodeSchema),
  }),
  '/security/register': call<T.LoginResult>()({
    method: POST,
    body: 'json',
    auth: false,
    summary: 'Register a new number with the SMS code; the reply carries the token.',
    request: withCountry(registerSchema),
  }),
  '/security/existsByMobile': call<T.ExistsResult>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'Whether a number is already registered (login or register).',
    request: withCountry(existsByMobileSchema),
  }),
  '/security/getUserInfo': call<T.UserInfo>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The borrower, their onboarding progress, saved forms, wallet and credit; called after login.',
    request: none(),
  }),

  // ------------------------------------------------------------------------------------------ user
  '/user/addBankCard': contextual<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Save the wallet (or CLABE) the loan is paid out to.',
    forContext: (ctx) => walletSchema(ctx.country),
  }),
  '/user/finishUploadAllImg': call<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Complete the identity step once front, back and face are accepted.',
    request: none(),
  }),
  '/user/saveBasicInfo-market': contextual<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Save personal info (basic info and residence).',
    forContext: (ctx) => personalInfoSchema(ctx.country, { today: ctx.today }),
  }),
  '/user/saveAdditionInfo-market': contextual<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Save work info and the two emergency contacts.',
    forContext: (ctx) => additionalInfoSchema(ctx.country, { loginMobile: ctx.loginMobile }),
  }),
  '/user/submit': call<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Report that the data collector finished for this order, so assessment starts (19 → 1).',
    request: orderNoQuery(),
  }),
  '/user/save/questionnaire': call<T.StepResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Save the 11 answers of the credit-history questionnaire (Mexico).',
    request: questionnaireSchema(),
  }),
  '/user/curp/ocr': call<T.IdOcrResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Read the CURP, names and birth date from the uploaded ID front, to prefill personal info.',
    request: none(),
  }),
  '/user/upload/curp/front': call<T.ImageCheckResult>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: 'Upload the ID front (every country; the path keeps its "curp" name).',
    request: imageUploadSchema(),
  }),
  '/user/upload/curp/back': call<T.ImageCheckResult>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: 'Upload the ID back; refused before the front is accepted.',
    request: imageUploadSchema(),
  }),
  '/user/saveFaceImage': call<T.ImageCheckResult>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: 'Upload the face image, compared with the ID.',
    request: imageUploadSchema(),
  }),
  '/portal/liveness/detection/result/save': call<T.ImageCheckResult>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: "Save the face SDK's liveness result with its best frame.",
    request: livenessResultSchema(),
  }),
  '/user/device/packageList': call<T.PackageListPolicy>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: "The package names the shell's collector may report (empty unless the country requires it).",
    request: none(),
  }),

  // ------------------------------------------------------------------------------------------ loan
  '/loan/loan-order/latest': call<T.LatestOrder | null>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: "The borrower's latest order (null before any): home state and routing by status.",
    request: none(),
  }),
  '/loan/loan-order/loanAgreement': call<T.AgreementDocument>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: "The loan agreement: an order's, with its figures, or a product's before applying.",
    request: loanAgreementQuery(),
  }),
  '/loan/loan-order/list-market': call<T.Page<T.OrderSummary>>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Records: the Incomplete or Finished orders, a page at a time.',
    request: orderListQuery(),
  }),
  '/loan/product/list-market': call<{ products: T.ProductSummary[] }>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'The products offered in the country (with this borrower’s limits when logged in).',
    request: none(),
  }),
  '/loan/product/step-amount': call<T.StepAmounts>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The amount slider and tenure choices of a product for this borrower.',
    request: productQuery(),
  }),
  '/loan/loan-product/index': call<T.HomeIndex>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'Home: the amount range, longest tenure and whether Apply is possible.',
    request: none(),
  }),
  '/loan/confirm/product-info': call<T.ConfirmProductInfo>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Confirm borrow: the full price of the approved order, the wallet and the deadline.',
    request: loanOrderQuery(),
  }),
  '/loan/get-money': call<T.ConfirmResult>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Confirm borrow with the agreement ticked (and a coupon): the order goes to 7 Lending.',
    request: confirmBorrowSchema(),
  }),
  '/loan/get-money/contract': call<T.AgreementDocument>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The contract of an approved or running order.',
    request: loanOrderQuery(),
  }),
  '/loan/get-money-time': call<T.MoneyTime>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'When the money should reach the wallet (lending screen).',
    request: loanOrderQuery(),
  }),
  '/loan/get-credit-info': call<T.CreditInfo>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: "The borrower's limit, available amount and rate.",
    request: none(),
  }),
  '/loan/loan-order/apply-market': call<T.ApplyResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Apply: creates the order (6 when onboarding is due, else 19).',
    request: applySchema(),
    forContext: (ctx) => applySchema(ctx.apply),
  }),
  '/loan/loan-order/apply-market-again': call<T.ApplyResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Apply again as a repeat borrower, skipping onboarding.',
    request: applySchema(),
    forContext: (ctx) => applySchema(ctx.apply),
  }),
  '/loan/cancel-draw-money': call<T.CancelResult>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Cancel an approved order before confirming, with exactly one reason.',
    request: cancelLoanSchema(),
  }),

  // ------------------------------------------------------------------------------------------ loan market
  '/loanMarket/index': call<T.MarketIndex>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'The market home: products and a notice.',
    request: none(),
  }),
  '/loanMarket/lending-record': call<{ records: T.LendingRecord[] }>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'Recent loans for the home ticker, numbers masked.',
    request: none(),
  }),
  '/loanMarket/repay-color': call<T.RepayColor>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The tone of the repayment card (due soon, due today, overdue).',
    request: none(),
  }),
  '/loanMarket/repay/products': call<{ items: T.RepayProduct[] }>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The orders with something to repay.',
    request: none(),
  }),

  // ------------------------------------------------------------------------------------------ data collection
  '/time/upload/enable': call<T.UploadEnable>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: "Whether the shell's timeSDK runs.",
    request: none(),
  }),
  '/time/upload/uploadStatus': call<T.UploadStatusFlags>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The seven upload flags of an order.',
    request: orderNoQuery(),
  }),

  // ------------------------------------------------------------------------------------------ repayment
  '/repay/getExtensionData': call<T.RolloverOffer>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The rollover offer: fee and new due date.',
    request: orderNoQuery(),
  }),
  '/repay/confirmExtensionOrder': call<T.PayOrder>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Take the rollover: starts a pay order for its fee.',
    request: rolloverConfirmSchema(),
  }),
  '/portal/repayment/detail': call<T.RepaymentDetail>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'The repay screen: balance, dates, installments, channels.',
    request: orderNoQuery(),
  }),
  '/portal/repayment/confirm': call<T.PayOrder>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Repay an amount through a channel: starts a pay order (expires in 15 minutes).',
    request: repaymentSchema(),
    forContext: (ctx) => repaymentSchema(ctx.repayment),
  }),

  // ------------------------------------------------------------------------------------------ app
  '/app/isRejectRecommendation': call<T.RejectRecommendation>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'After a rejection: the retry date and suggested services.',
    request: none(),
  }),
  '/app-download/getAddress': call<T.DownloadAddress>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'Where to download the app ("run in the app").',
    request: none(),
  }),

  // ------------------------------------------------------------------------------------------ coupons
  '/lottery-draw/is-show': call<T.LotteryVisibility>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Whether the coupon draw is offered.',
    request: none(),
  }),
  '/lottery-draw/coupon/quantity': call<T.CouponQuantity>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'How many usable coupons the borrower has.',
    request: none(),
  }),
  '/lottery-draw/coupons': call<T.Page<T.Coupon>>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: "The borrower's coupons, by status.",
    request: couponListQuery(),
  }),
  '/lottery-draw/create': call<T.LotteryDraw>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Draw a coupon.',
    request: none(),
  }),
  '/lottery-draw/coupon/use': call<T.CouponApplied>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Apply a coupon to an order awaiting confirmation.',
    request: couponUseSchema(),
  }),
  '/lottery-draw/coupon/used': call<T.Page<T.Coupon>>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'The coupons already used.',
    request: couponHistoryQuery(),
  }),

  // ------------------------------------------------------------------------------------------ country
  '/country/meta/ip': call<T.CountryByIp>()({
    method: POST,
    base: '/cou',
    body: 'json',
    auth: false,
    summary: "The country of the caller's address.",
    request: none(),
  }),
  '/country/meta/code': call<T.CountryMeta>()({
    method: POST,
    base: '/cou',
    body: 'json',
    auth: false,
    summary: 'A country by ISO code or dial code.',
    request: countryByCodeSchema(),
  }),

  // ------------------------------------------------------------------------------------------ feedback
  '/feedback/red-dot-marker': call<T.RedDot>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'How many tickets have an unread reply.',
    request: none(),
  }),
  '/feedback/detail': call<T.FeedbackDetail>()({
    method: GET,
    body: 'json',
    auth: true,
    summary: 'One ticket with its messages (marks it read).',
    request: feedbackDetailQuery(),
  }),
  '/feedback/list/question_answer': call<{ items: T.FaqItem[] }>()({
    method: GET,
    body: 'json',
    auth: false,
    summary: 'Questions and answers shown before writing a ticket.',
    request: none(),
  }),
  '/feedback/list/feedback': call<T.Page<T.FeedbackItem>>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: "The borrower's tickets.",
    request: feedbackListQuery(),
  }),
  '/feedback/create': contextual<T.FeedbackCreated>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Open a ticket (receipts uploaded first).',
    forContext: (ctx) => feedbackSchema(ctx.country, { maxReceipts: ctx.maxReceipts }),
  }),
  '/feedback/add/leaveMsg': call<T.MessageCreated>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Add a message to a ticket.',
    request: leaveMessageSchema(),
    forContext: (ctx) => leaveMessageSchema({ maxReceipts: ctx.maxReceipts }),
  }),
  '/feedback/list/leave-message': call<T.Page<T.FeedbackMessage>>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: "A ticket's messages.",
    request: leaveMessageListQuery(),
  }),
  '/feedback/submit-rating': call<T.Empty>()({
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Rate the answer to a ticket, 1 to 5.',
    request: ratingSchema(),
  }),
  '/feedback/upload/credential': call<T.UploadedFile>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: 'Upload a receipt image for a new ticket.',
    request: receiptUploadSchema(),
  }),
  '/feedback/uploadFile': call<T.UploadedFile>()({
    method: POST,
    body: 'form',
    auth: true,
    summary: 'Upload an image for a message on a ticket.',
    request: receiptUploadSchema(),
  }),

  // ------------------------------------------------------------------------------------------ Kopa's additions
  '/time/upload/policy': call<T.CollectionPolicyReply>()({
    source: 'kopa',
    method: GET,
    body: 'json',
    auth: false,
    summary: "The upload flags a country's data policy requires (the permission disclosure's, before login).",
    request: countryByCodeSchema(),
  }),
  '/security/logout': call<T.Empty>()({
    source: 'kopa',
    method: POST,
    body: 'json',
    auth: true,
    summary: 'End the session on the server too (settings → log out).',
    request: none(),
  }),
  '/user/account/delete/code': call<T.VerifyCodeSent>()({
    source: 'kopa',
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Send the SMS code that confirms an account deletion to the login number.',
    request: none(),
  }),
  '/user/account/delete': call<T.AccountDeleted>()({
    source: 'kopa',
    method: POST,
    body: 'json',
    auth: true,
    summary: 'Delete the account: one reason and the SMS code; refused while a loan is open.',
    request: deleteAccountSchema(),
  }),
  '/portal/repayment/pay-order': call<T.PayOrder>()({
    source: 'kopa',
    method: GET,
    body: 'json',
    auth: true,
    summary: 'A pay order the cashier shows and polls until paid or expired.',
    request: payOrderQuery(),
  }),
  '/event/batch': call<T.EventsAccepted>()({
    source: 'kopa',
    method: POST,
    body: 'json',
    auth: false,
    summary: 'Events the browser logged outside the native shell (logEventByLocal fields).',
    request: eventBatchSchema(),
  }),
  '/app/evaluate/state': call<T.RatingPromptState>()({
    source: 'kopa',
    method: GET,
    body: 'json',
    auth: true,
    summary: 'Whether to show the app-rating prompt now (popEvaluateTime).',
    request: none(),
  }),
  '/app/evaluate/record': call<T.RatingPromptState>()({
    source: 'kopa',
    method: POST,
    body: 'json',
    auth: true,
    summary: 'What became of the app-rating prompt: shown, rated or declined.',
    request: ratingPromptSchema(),
  }),
  '/app/faq': call<T.FaqContent>()({
    source: 'kopa',
    method: GET,
    body: 'json',
    auth: false,
    summary: 'The FAQ in the request language.',
    request: none(),
  }),
} satisfies Record<string, CallDef>

export type ApiTable = typeof API
export type ApiPath = keyof ApiTable
export type ApiCall<P extends ApiPath> = ApiTable[P]
/** What the app sends (before valibot's defaults are filled). */
export type ApiRequest<P extends ApiPath> = v.InferInput<ApiTable[P]['request']>
/** What the server works with after validation (defaults filled). */
export type ApiValidRequest<P extends ApiPath> = v.InferOutput<ApiTable[P]['request']>
/** The reply's `data` (null only where the type says so, e.g. no order yet). */
export type ApiResponse<P extends ApiPath> = Exclude<ApiTable[P]['response'], undefined>

export const API_PATHS = Object.keys(API) as ApiPath[]

export function isApiPath(path: string): path is ApiPath {
  return Object.prototype.hasOwnProperty.call(API, path)
}

/** The full URL path of a call, e.g. '/api/security/login' or '/cou/country/meta/ip'. */
export function fullPath<P extends ApiPath>(path: P): `${ApiBase}${P}` {
  return `${API[path].base}${path}` as `${ApiBase}${P}`
}

/** The call a full path names ('/api/…' or '/cou/…'), or null. */
export function callByFullPath(full: string): ApiPath | null {
  for (const base of ['/api', '/cou'] as const) {
    if (!full.startsWith(`${base}/`)) continue
    const path = full.slice(base.length)
    if (isApiPath(path) && API[path].base === base) return path
  }
  return null
}
