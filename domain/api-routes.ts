/**
 * How each call of the API table (domain/api.ts) travels — method, body kind, whether it needs a token, and its
 * base — without its schemas or its summary. The app's client (services/api/client.ts) needs only this to send a
 * call, and importing the table itself would bring every request schema of the app (and the table's prose) into the
 * first screen's scripts (docs/performance.md). The keys must be the table's (the type below); the values must be
 * the table's (tests/domain/api-routes.test.ts).
 */
import type { API, ApiBase, BodyKind, HttpMethod } from './api'

/** A call's method, body kind, `auth` and, when it is not '/api', its base. */
export type ApiRoute = readonly [method: HttpMethod, body: BodyKind, auth: boolean, base?: ApiBase]

const GET = 'GET' as const
const POST = 'POST' as const

export const API_ROUTES = {
  '/security/login': [POST, 'json', false],
  '/security/getVerifyCode': [POST, 'json', false],
  '/security/register': [POST, 'json', false],
  '/security/existsByMobile': [GET, 'json', false],
  '/security/getUserInfo': [GET, 'json', true],
  '/user/addBankCard': [POST, 'json', true],
  '/user/finishUploadAllImg': [POST, 'json', true],
  '/user/saveBasicInfo-market': [POST, 'json', true],
  '/user/saveAdditionInfo-market': [POST, 'json', true],
  '/user/submit': [POST, 'json', true],
  '/user/save/questionnaire': [POST, 'json', true],
  '/user/curp/ocr': [POST, 'json', true],
  '/user/upload/curp/front': [POST, 'form', true],
  '/user/upload/curp/back': [POST, 'form', true],
  '/user/saveFaceImage': [POST, 'form', true],
  '/portal/liveness/detection/result/save': [POST, 'form', true],
  '/user/device/packageList': [GET, 'json', true],
  '/loan/loan-order/latest': [GET, 'json', true],
  '/loan/loan-order/loanAgreement': [GET, 'json', false],
  '/loan/loan-order/list-market': [GET, 'json', true],
  '/loan/product/list-market': [GET, 'json', false],
  '/loan/product/step-amount': [GET, 'json', true],
  '/loan/loan-product/index': [GET, 'json', false],
  '/loan/confirm/product-info': [GET, 'json', true],
  '/loan/get-money': [GET, 'json', true],
  '/loan/get-money/contract': [GET, 'json', true],
  '/loan/get-money-time': [GET, 'json', true],
  '/loan/get-credit-info': [GET, 'json', true],
  '/loan/loan-order/apply-market': [POST, 'json', true],
  '/loan/loan-order/apply-market-again': [POST, 'json', true],
  '/loan/cancel-draw-money': [POST, 'json', true],
  '/loanMarket/index': [GET, 'json', false],
  '/loanMarket/lending-record': [GET, 'json', false],
  '/loanMarket/repay-color': [GET, 'json', true],
  '/loanMarket/repay/products': [GET, 'json', true],
  '/time/upload/enable': [GET, 'json', true],
  '/time/upload/uploadStatus': [GET, 'json', true],
  '/time/upload/policy': [GET, 'json', false],
  '/repay/getExtensionData': [GET, 'json', true],
  '/repay/confirmExtensionOrder': [GET, 'json', true],
  '/portal/repayment/detail': [GET, 'json', true],
  '/portal/repayment/confirm': [POST, 'json', true],
  '/app/isRejectRecommendation': [GET, 'json', true],
  '/app-download/getAddress': [GET, 'json', false],
  '/lottery-draw/is-show': [GET, 'json', true],
  '/lottery-draw/coupon/quantity': [GET, 'json', true],
  '/lottery-draw/coupons': [GET, 'json', true],
  '/lottery-draw/create': [POST, 'json', true],
  '/lottery-draw/coupon/use': [POST, 'json', true],
  '/lottery-draw/coupon/used': [POST, 'json', true],
  '/country/meta/ip': [POST, 'json', false, '/cou'],
  '/country/meta/code': [POST, 'json', false, '/cou'],
  '/feedback/red-dot-marker': [GET, 'json', true],
  '/feedback/detail': [GET, 'json', true],
  '/feedback/list/question_answer': [GET, 'json', false],
  '/feedback/list/feedback': [POST, 'json', true],
  '/feedback/create': [POST, 'json', true],
  '/feedback/add/leaveMsg': [POST, 'json', true],
  '/feedback/list/leave-message': [POST, 'json', true],
  '/feedback/submit-rating': [POST, 'json', true],
  '/feedback/upload/credential': [POST, 'form', true],
  '/feedback/uploadFile': [POST, 'form', true],
  '/security/logout': [POST, 'json', true],
  '/user/account/delete/code': [POST, 'json', true],
  '/user/account/delete': [POST, 'json', true],
  '/portal/repayment/pay-order': [GET, 'json', true],
  '/event/batch': [POST, 'json', false],
  '/app/evaluate/state': [GET, 'json', true],
  '/app/evaluate/record': [POST, 'json', true],
  '/app/faq': [GET, 'json', false],
} as const satisfies { readonly [P in keyof typeof API]: ApiRoute }

/** What the client reads of a call: as the table's definition names it. */
export interface CallRoute {
  readonly method: HttpMethod
  readonly base: ApiBase
  readonly body: BodyKind
  readonly auth: boolean
}

/** The route of `path`, or undefined when it is no call of the table. */
export function routeOf(path: string): CallRoute | undefined {
  const route = Object.prototype.hasOwnProperty.call(API_ROUTES, path)
    ? (API_ROUTES as Readonly<Record<string, ApiRoute>>)[path]
    : undefined
  return route && { method: route[0], body: route[1], auth: route[2], base: route[3] ?? '/api' }
}
