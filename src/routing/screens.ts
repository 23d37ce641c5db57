/**
 * The route table as data: which screen each route of domain/routes.ts shows, and which translation
 * namespaces it needs beside the core ones (src/i18n.ts). Every screen is its own lazily loaded chunk, fetched
 * together with its namespaces, so a borrower downloads only the screens they open (and the rest of their
 * language once the phone is idle).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { routeByName, type RouteDef, type RouteName } from '../../domain/routes'
import { loadNamespaces } from '../i18n'
import type { ScreenProps } from '../../screens/screen-props'

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>

/** A route group's namespaces: its screens' words and those of the machines behind them. */
const GROUP_NAMESPACES: Readonly<Record<RouteDef['group'], readonly string[]>> = {
  tabs: [],
  auth: ['auth', 'identity', 'wallet'],
  bankAccount: ['wallet'],
  // server: the names of the coupons the server hands out (server.coupon.*).
  borrow: ['borrow', 'coupons', 'server'],
  repay: ['repay'],
  userCenter: ['user-center', 'coupons', 'server'],
  user: ['user'],
  feedback: ['feedback'],
  standalone: ['standalone', 'user', 'home', 'borrow', 'coupons', 'server'],
  dev: [],
}
/** The tabs differ from each other. */
const ROUTE_NAMESPACES: Partial<Record<RouteName, readonly string[]>> = {
  home: ['home'],
  records: ['records', 'repay'],
  me: ['me', 'user-center'],
  outcome: ['outcome'],
  // The review reads the labels of every onboarding form.
  reviewApplication: ['wallet', 'auth'],
}

const preloads: Partial<Record<RouteName, () => Promise<unknown>>> = {}

/** What the route's screen needs to be read, beside CORE_NAMESPACES. */
export function namespacesOf(route: RouteName): readonly string[] {
  return ROUTE_NAMESPACES[route] ?? GROUP_NAMESPACES[routeByName(route).group]
}

const screen = (route: RouteName, load: () => Promise<{ default: ComponentType<ScreenProps> }>): Screen => {
  preloads[route] = load
  return lazy(async () => (await Promise.all([load(), loadNamespaces(namespacesOf(route))]))[0])
}

export const SCREENS: Readonly<Record<RouteName, Screen>> = {
  home: screen('home', () => import('../../screens/tabs/home')),
  records: screen('records', () => import('../../screens/tabs/records')),
  me: screen('me', () => import('../../screens/tabs/me')),
  addBankCard: screen('addBankCard', () => import('../../screens/bank-account/add-bankcard')),
  reviewApplication: screen('reviewApplication', () => import('../../screens/bank-account/review-application')),
  personalInfomation: screen('personalInfomation', () => import('../../screens/auth/personal-infomation')),
  idCardAuthentication: screen('idCardAuthentication', () => import('../../screens/auth/id-card-authentication')),
  additionalInfomation: screen('additionalInfomation', () => import('../../screens/auth/additional-infomation')),
  loanQuestion: screen('loanQuestion', () => import('../../screens/auth/loan-question')),
  reviewTips: screen('reviewTips', () => import('../../screens/auth/review-tips')),
  agreement: screen('agreement', () => import('../../screens/borrow/agreement')),
  toBorrow: screen('toBorrow', () => import('../../screens/borrow/to-borrow')),
  confirmBorrow: screen('confirmBorrow', () => import('../../screens/borrow/confirm-borrow')),
  lending: screen('lending', () => import('../../screens/borrow/lending')),
  repayDetail: screen('repayDetail', () => import('../../screens/repay/repay-detail')),
  exhibitionPeriodDetail: screen('exhibitionPeriodDetail', () => import('../../screens/repay/exhibition-period-detail')),
  cashier: screen('cashier', () => import('../../screens/repay/cashier')),
  staticCashier: screen('staticCashier', () => import('../../screens/repay/static-cashier')),
  rollover: screen('rollover', () => import('../../screens/repay/rollover')),
  customerServices: screen('customerServices', () => import('../../screens/user-center/customer-services')),
  settings: screen('settings', () => import('../../screens/user-center/settings')),
  aboutUs: screen('aboutUs', () => import('../../screens/user-center/about-us')),
  faq: screen('faq', () => import('../../screens/user-center/faq')),
  language: screen('language', () => import('../../screens/user-center/language')),
  openApp: screen('openApp', () => import('../../screens/user-center/open-app')),
  deleteAccount: screen('deleteAccount', () => import('../../screens/user-center/delete-account')),
  coupons: screen('coupons', () => import('../../screens/user-center/coupons')),
  login: screen('login', () => import('../../screens/user/login')),
  register: screen('register', () => import('../../screens/user/register')),
  nation: screen('nation', () => import('../../screens/user/nation')),
  feedbackList: screen('feedbackList', () => import('../../screens/feedback/feedback-list')),
  addFeedback: screen('addFeedback', () => import('../../screens/feedback/add-feedback')),
  feedbackDetail: screen('feedbackDetail', () => import('../../screens/feedback/feedback-detail')),
  feedbackFaq: screen('feedbackFaq', () => import('../../screens/feedback/feedback-faq')),
  feedbackResult: screen('feedbackResult', () => import('../../screens/feedback/feedback-result')),
  pop: screen('pop', () => import('../../screens/standalone/permission')),
  permission: screen('permission', () => import('../../screens/standalone/permission')),
  privacyPolicy: screen('privacyPolicy', () => import('../../screens/standalone/privacy')),
  privacy: screen('privacy', () => import('../../screens/standalone/privacy')),
  termsOfService: screen('termsOfService', () => import('../../screens/standalone/terms')),
  agreements: screen('agreements', () => import('../../screens/standalone/terms')),
  yx1: screen('yx1', () => import('../../screens/standalone/yx1')),
  yx2: screen('yx2', () => import('../../screens/standalone/yx2')),
  yx2ConfirmBorrow: screen('yx2ConfirmBorrow', () => import('../../screens/standalone/yx2-confirm-borrow')),
  yx3: screen('yx3', () => import('../../screens/standalone/yx3')),
  cancellationForm: screen('cancellationForm', () => import('../../screens/standalone/cancellation-form')),
  finishLoading: screen('finishLoading', () => import('../../screens/standalone/finish-loading')),
  outcome: screen('outcome', () => import('../../screens/standalone/outcome')),
  flows: screen('flows', () => import('../../screens/dev/flows')),
}

/**
 * Fetches a route's screen and namespaces ahead of its first render (the route the app opens at, so the frame
 * index.html drew gives way straight to the screen, not to a spinner).
 */
export function preloadScreen(route: RouteName): Promise<unknown> {
  const load = preloads[route]
  return Promise.all([load ? load() : Promise.resolve(), loadNamespaces(namespacesOf(route))])
}
