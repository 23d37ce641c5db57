/**
 * The route table as data: which screen each route of src/domain/routes.ts shows. Every screen is its own lazily
 * loaded chunk, so a borrower downloads only the screens they open.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteName } from '../domain/routes'
import type { ScreenProps } from '../../screens/screen-props'

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>

export const SCREENS: Readonly<Record<RouteName, Screen>> = {
  home: lazy(() => import('../../screens/tabs/home')),
  records: lazy(() => import('../../screens/tabs/records')),
  me: lazy(() => import('../../screens/tabs/me')),
  addBankCard: lazy(() => import('../../screens/bank-account/add-bankcard')),
  personalInfomation: lazy(() => import('../../screens/auth/personal-infomation')),
  idCardAuthentication: lazy(() => import('../../screens/auth/id-card-authentication')),
  additionalInfomation: lazy(() => import('../../screens/auth/additional-infomation')),
  loanQuestion: lazy(() => import('../../screens/auth/loan-question')),
  reviewTips: lazy(() => import('../../screens/auth/review-tips')),
  agreement: lazy(() => import('../../screens/borrow/agreement')),
  toBorrow: lazy(() => import('../../screens/borrow/to-borrow')),
  confirmBorrow: lazy(() => import('../../screens/borrow/confirm-borrow')),
  lending: lazy(() => import('../../screens/borrow/lending')),
  repayDetail: lazy(() => import('../../screens/repay/repay-detail')),
  exhibitionPeriodDetail: lazy(() => import('../../screens/repay/exhibition-period-detail')),
  cashier: lazy(() => import('../../screens/repay/cashier')),
  staticCashier: lazy(() => import('../../screens/repay/static-cashier')),
  rollover: lazy(() => import('../../screens/repay/rollover')),
  customerServices: lazy(() => import('../../screens/user-center/customer-services')),
  settings: lazy(() => import('../../screens/user-center/settings')),
  aboutUs: lazy(() => import('../../screens/user-center/about-us')),
  faq: lazy(() => import('../../screens/user-center/faq')),
  language: lazy(() => import('../../screens/user-center/language')),
  openApp: lazy(() => import('../../screens/user-center/open-app')),
  deleteAccount: lazy(() => import('../../screens/user-center/delete-account')),
  coupons: lazy(() => import('../../screens/user-center/coupons')),
  login: lazy(() => import('../../screens/user/login')),
  register: lazy(() => import('../../screens/user/register')),
  nation: lazy(() => import('../../screens/user/nation')),
  feedbackList: lazy(() => import('../../screens/feedback/feedback-list')),
  addFeedback: lazy(() => import('../../screens/feedback/add-feedback')),
  feedbackDetail: lazy(() => import('../../screens/feedback/feedback-detail')),
  feedbackFaq: lazy(() => import('../../screens/feedback/feedback-faq')),
  feedbackResult: lazy(() => import('../../screens/feedback/feedback-result')),
  pop: lazy(() => import('../../screens/standalone/permission')),
  permission: lazy(() => import('../../screens/standalone/permission')),
  privacyPolicy: lazy(() => import('../../screens/standalone/privacy')),
  privacy: lazy(() => import('../../screens/standalone/privacy')),
  termsOfService: lazy(() => import('../../screens/standalone/terms')),
  agreements: lazy(() => import('../../screens/standalone/terms')),
  yx1: lazy(() => import('../../screens/standalone/yx1')),
  yx2: lazy(() => import('../../screens/standalone/yx2')),
  yx2ConfirmBorrow: lazy(() => import('../../screens/standalone/yx2-confirm-borrow')),
  yx3: lazy(() => import('../../screens/standalone/yx3')),
  cancellationForm: lazy(() => import('../../screens/standalone/cancellation-form')),
  finishLoading: lazy(() => import('../../screens/standalone/finish-loading')),
  flows: lazy(() => import('../../screens/dev/flows')),
}
