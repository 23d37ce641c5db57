/**
 * The route table of spec §2 as data: every route's name, hash path, group and whether it needs a token.
 * Screens never read paths; src/routing projects machine state onto these paths and back.
 */

export interface RouteDef {
  /** Stable name used by machines, the router and the guard. */
  readonly name: string
  /** Hash path, without the leading '#'. */
  readonly path: string
  /** Route group of spec §2 (the folder under screens/). */
  readonly group:
    | 'tabs'
    | 'bankAccount'
    | 'auth'
    | 'borrow'
    | 'repay'
    | 'userCenter'
    | 'user'
    | 'feedback'
    | 'standalone'
    | 'dev'
  /** Needs a stored token; without one the borrower is sent to login (spec §2 route guard). */
  readonly protected: boolean
}

const r = <const N extends string>(name: N, path: string, group: RouteDef['group'], protectedRoute: boolean) => ({
  name,
  path,
  group,
  protected: protectedRoute,
})

/**
 * Spec §2 names the guarded routes settings, aboutUs, customerServices, faq, toBorrow, personalInfomation,
 * bankAccount, addBankCard, idCardAuthentication, reviewTips, repayInfo (repay_detail), loanHistory (records),
 * msgDetail and msgList (feedback) and FinishLoading. Every other route that shows or changes a borrower's own
 * data is guarded too (docs/decisions.md): a borrower expects no screen of theirs to open without a session.
 * Four of spec §2's are open instead (issue 13, docs/decisions.md "Guarded routes"): settings, aboutUs,
 * customerServices and faq hold nothing of the borrower's, and a visitor must see who lends and how to complain,
 * and choose a language, before handing over a phone number.
 */
export const ROUTES = [
  r('home', '/', 'tabs', false),
  r('records', '/records', 'tabs', true),
  r('me', '/me', 'tabs', false),

  r('addBankCard', '/bank_account/add_bankcard', 'bankAccount', true),
  // Issue 13: what the borrower applies for and entered, before the wallet save sends the application.
  r('reviewApplication', '/bank_account/review_application', 'bankAccount', true),

  r('personalInfomation', '/auth/personal_infomation', 'auth', true),
  r('idCardAuthentication', '/auth/id_card_authentication', 'auth', true),
  r('additionalInfomation', '/auth/additionalInfomation', 'auth', true),
  r('loanQuestion', '/auth/loan_question', 'auth', true),
  r('reviewTips', '/auth/review_tips', 'auth', true),

  r('agreement', '/borrow/agreement', 'borrow', false),
  r('toBorrow', '/borrow/to_borrow', 'borrow', true),
  r('confirmBorrow', '/borrow/confirm_borrow', 'borrow', true),
  r('lending', '/borrow/lending', 'borrow', true),

  r('repayDetail', '/repay/repay_detail', 'repay', true),
  r('exhibitionPeriodDetail', '/repay/exhibition_period_detail', 'repay', true),
  r('cashier', '/repay/cashier', 'repay', true),
  r('staticCashier', '/repay/static_cashier', 'repay', true),
  r('rollover', '/repay/rollover', 'repay', true),

  r('customerServices', '/user_center/customer_services', 'userCenter', false),
  r('settings', '/user_center/settings', 'userCenter', false),
  r('aboutUs', '/user_center/about_us', 'userCenter', false),
  r('faq', '/user_center/faq', 'userCenter', false),
  r('language', '/user_center/language', 'userCenter', false),
  r('openApp', '/user_center/open_app', 'userCenter', false),
  r('deleteAccount', '/user_center/delete_account', 'userCenter', true),
  r('coupons', '/user_center/coupons', 'userCenter', true),

  r('login', '/user/login', 'user', false),
  r('register', '/user/register', 'user', false),
  r('nation', '/user/nation', 'user', false),

  r('feedbackList', '/feedback/feedback_list', 'feedback', true),
  r('addFeedback', '/feedback/add_feedback', 'feedback', true),
  r('feedbackDetail', '/feedback/feedbackDetail', 'feedback', true),
  r('feedbackFaq', '/feedback/feedback_faq', 'feedback', false),
  r('feedbackResult', '/feedback/feedback_result', 'feedback', true),

  r('pop', '/pop', 'standalone', false),
  r('permission', '/permission', 'standalone', false),
  r('privacyPolicy', '/privacy_policy', 'standalone', false),
  r('privacy', '/privacy', 'standalone', false),
  r('termsOfService', '/terms_of_service', 'standalone', false),
  r('agreements', '/agreements', 'standalone', false),
  r('yx1', '/yx1', 'standalone', false),
  r('yx2', '/yx2', 'standalone', false),
  r('yx2ConfirmBorrow', '/yx2ConfirmBorrow', 'standalone', true),
  r('yx3', '/yx3', 'standalone', false),
  r('cancellationForm', '/cancellation_form', 'standalone', true),
  r('finishLoading', '/finish_loading', 'standalone', true),
  // Issue 13: what a pay-out, a repayment, a rollover or a cancellation did (docs/decisions.md "Outcome screens").
  r('outcome', '/outcome', 'standalone', true),

  r('flows', '/__flows', 'dev', false),
] as const satisfies readonly RouteDef[]

export type RouteName = (typeof ROUTES)[number]['name']

/**
 * Where a screen's back arrow goes when the borrower did not come from a screen that still applies (the app was
 * opened there, by a deep link or a reload): the screen it is opened from in the app. Any other route: home.
 */
export const BACK_TO: Readonly<Partial<Record<RouteName, RouteName>>> = {
  nation: 'login',
  agreement: 'toBorrow',
  privacyPolicy: 'aboutUs',
  termsOfService: 'aboutUs',
}

/** Spec §2 group paths and where each redirects. */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = {
  '/bank_account': '/bank_account/add_bankcard',
  '/auth': '/auth/personal_infomation',
  '/borrow': '/',
  '/repay': '/',
  '/user_center': '/user_center/settings',
  '/user': '/',
  '/feedback': '/feedback/feedback_list',
}

const byName = new Map<string, RouteDef>(ROUTES.map((route) => [route.name, route]))
const byPath = new Map<string, RouteDef>(ROUTES.map((route) => [route.path, route]))

export function routeByName(name: RouteName): RouteDef {
  const route = byName.get(name)
  if (!route) throw new Error(`unknown route ${name}`)
  return route
}

/** The route for a hash path (query removed, group redirects applied), or undefined for an unknown path. */
export function routeByPath(path: string): RouteDef | undefined {
  const bare = path.split('?')[0] || '/'
  const normalised = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare
  return byPath.get(ROUTE_REDIRECTS[normalised] ?? normalised)
}

export function isProtectedRoute(name: RouteName): boolean {
  return routeByName(name).protected
}
