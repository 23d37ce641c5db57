/**
 * An effect-free model of the borrower's money path, for `createTestModel` (xstate/graph refuses machines with
 * `invoke` or `after`, so this is not the app's journey but what a borrower sees of it). A state is a screen the
 * borrower stands on; an event is either something the borrower does on it (submit a form, tap a button) or
 * news from the back office and the payment provider (approved, rejected, paid out, repaid), which the test
 * applies to the fake back end before the borrower reads the order again through the UI.
 *
 * Time passing is an event too: 'approval.expired' is the borrower coming back more than 24 hours after the
 * approval (the phone's and the server's clocks both a day on).
 *
 * The review (issue 13) stands between the wallet form and finish loading: the wallet is sent from it.
 *
 * Outcome screens (issue 13) stand between the money events the app sees and the screen after them: the money
 * sent (Refresh on lending finds the order paid out) and the loan cancelled; Continue goes on.
 *
 * The path starts at home: a borrower signed in by the shell who has not applied yet. Each state's `meta.route` is the route (domain/routes.ts) whose hash URL the app shows.
 */
import { setup } from 'xstate'
import type { RouteName } from '../../domain/routes'

export type JourneyModelEvent =
  | { type: 'home.applied' }
  | { type: 'application.submitted' }
  | { type: 'personalInfo.submitted' }
  | { type: 'identity.completed' }
  | { type: 'additionalInfo.submitted' }
  | { type: 'wallet.submitted' }
  | { type: 'review.submitted' }
  | { type: 'collection.finished' }
  | { type: 'assessment.approved' }
  | { type: 'assessment.rejected' }
  | { type: 'borrow.confirmed' }
  | { type: 'borrow.cancelled' }
  | { type: 'approval.expired' }
  | { type: 'expiry.acknowledged' }
  | { type: 'payout.succeeded' }
  | { type: 'payout.failed' }
  | { type: 'wallet.correctionOpened' }
  | { type: 'wallet.corrected' }
  | { type: 'repayment.full' }
  | { type: 'outcome.continued' }

export interface ModelMeta {
  route: RouteName
  /** What the screen says: an i18n key whose English text must be on screen. */
  shows: string
}

const at = (route: RouteName, shows: string): { meta: ModelMeta } => ({ meta: { route, shows } })

export const journeyModel = setup({
  types: { events: {} as JourneyModelEvent },
}).createMachine({
  id: 'journeyModel',
  initial: 'home',
  states: {
    home: {
      ...at('home', 'home.button.apply'),
      on: { 'home.applied': 'toBorrow' },
    },
    toBorrow: {
      ...at('toBorrow', 'borrow.toBorrow.title'),
      on: { 'application.submitted': 'personalInfo' },
    },
    personalInfo: {
      ...at('personalInfomation', 'auth.personal.title'),
      on: { 'personalInfo.submitted': 'identity' },
    },
    identity: {
      ...at('idCardAuthentication', 'auth.identity.title'),
      on: { 'identity.completed': 'additionalInfo' },
    },
    additionalInfo: {
      ...at('additionalInfomation', 'auth.additional.title'),
      on: { 'additionalInfo.submitted': 'wallet' },
    },
    wallet: {
      ...at('addBankCard', 'wallet.intro'),
      on: { 'wallet.submitted': 'review' },
    },
    review: {
      // Issue 13: what the borrower applies for and entered; Submit application sends the wallet.
      ...at('reviewApplication', 'wallet.review.intro'),
      on: { 'review.submitted': 'finishLoading' },
    },
    finishLoading: {
      ...at('finishLoading', 'standalone.finishLoading.title'),
      on: { 'collection.finished': 'reviewTips' },
    },
    reviewTips: {
      ...at('reviewTips', 'auth.review.title'),
      on: { 'assessment.approved': 'confirmBorrow', 'assessment.rejected': 'rejected' },
    },
    confirmBorrow: {
      ...at('confirmBorrow', 'borrow.confirm.title'),
      on: { 'borrow.confirmed': 'lending', 'borrow.cancelled': 'cancelledOutcome', 'approval.expired': 'expired' },
    },
    expired: {
      ...at('confirmBorrow', 'borrow.confirm.expiredTitle'),
      on: { 'expiry.acknowledged': 'cancelled' },
    },
    cancelledOutcome: {
      ...at('outcome', 'outcome.cancelled.heading'),
      on: { 'outcome.continued': 'cancelled' },
    },
    lending: {
      ...at('lending', 'borrow.lending.heading'),
      on: { 'payout.succeeded': 'moneySent', 'payout.failed': 'payoutFailed' },
    },
    moneySent: {
      ...at('outcome', 'outcome.moneySent.heading'),
      on: { 'outcome.continued': 'repayDetail' },
    },
    payoutFailed: {
      ...at('repayDetail', 'repay.failed.title'),
      on: { 'wallet.correctionOpened': 'walletCorrection' },
    },
    walletCorrection: {
      ...at('addBankCard', 'wallet.correct.text'),
      on: { 'wallet.corrected': 'finishLoading' },
    },
    repayDetail: {
      ...at('repayDetail', 'repay.detail.title'),
      on: { 'repayment.full': 'finished' },
    },
    finished: { type: 'final', ...at('home', 'home.button.apply') },
    rejected: { type: 'final', ...at('home', 'home.rejected.retry') },
    cancelled: { type: 'final', ...at('home', 'home.button.apply') },
  },
})
