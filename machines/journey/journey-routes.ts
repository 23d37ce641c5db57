/**
 * Where the journey may go (machines/journey.machine.ts): the screen each status step opens, each route's rule
 * (what the order lifecycle says the borrower may do now), the way back, and the screens children drive.
 * Pure functions of the journey's context; the journey's guards and actions ask them.
 */
import type { SnapshotFrom } from 'xstate'
import type { CountryCode } from '../../domain/countries'
import type { RouteName } from '../../domain/routes'
import type { StatusStep } from '../../domain/order-status'
import type { feedbackTicketMachine } from '../feedback-ticket.machine'
import { canApply, lifecycleOf, stepOf } from '../latest-order'
import type { repaymentMachine } from '../repayment.machine'
import type { rolloverMachine } from '../rollover.machine'
import { needsLogin } from '../session.machine'
import type { JourneyContext, RouteEvent } from './journey-context'

/** The screen each step of spec §4's navigation by code opens. */
export const STEP_ROUTE: Readonly<Record<StatusStep, RouteName>> = {
  personalInfo: 'personalInfomation',
  identity: 'idCardAuthentication',
  additionalInfo: 'additionalInfomation',
  addWallet: 'addBankCard',
  loanQuestion: 'loanQuestion',
  finishLoading: 'finishLoading',
  reviewTips: 'reviewTips',
  confirmBorrow: 'confirmBorrow',
  lending: 'lending',
  repayDetail: 'repayDetail',
}

export const routeEvent = (route: RouteName): RouteEvent => ({ type: 'xstate.route', to: `#${route}` })

/** How many screens 'nav.back' can retrace. */
export const TRAIL_LENGTH = 12

/**
 * The trail after moving from `from` to `to`: going to the trail's latest screen is going back (it comes off);
 * going anywhere else adds the screen left. Staying on a screen changes nothing.
 */
export function nextTrail(trail: readonly RouteName[], from: RouteName, to: RouteName): RouteName[] {
  // The /pop prompt is a step on the way (disclosure-gate.ts), not a screen to go back to.
  if (from === to || from === 'pop') return [...trail]
  if (trail.at(-1) === to) return trail.slice(0, -1)
  return [...trail, from].slice(-TRAIL_LENGTH)
}
export const routeOf = (to: string): RouteName => to.slice(1) as RouteName

/** Route-specific rules beyond the session: what the order lifecycle says the borrower may do now. */
type OrderTag = Parameters<ReturnType<typeof lifecycleOf>['hasTag']>[0]
/** The order lifecycle's state has the tag. */
const tagged = (tag: OrderTag) => (c: JourneyContext) => lifecycleOf(c.order).hasTag(tag)
/** The order lifecycle would take the event now. */
const takes =
  (
    type:
      | 'profile.basicSaved'
      | 'profile.identityCompleted'
      | 'profile.additionalSaved'
      | 'wallet.added'
      | 'wallet.corrected'
      | 'questionnaire.saved'
      | 'collection.finished',
  ) =>
  (c: JourneyContext) =>
    lifecycleOf(c.order).can({ type })
const either =
  (...rules: ((c: JourneyContext) => boolean)[]) =>
  (c: JourneyContext) =>
    rules.some((rule) => rule(c))

const ROUTE_RULES: Partial<Record<RouteName, (c: JourneyContext) => boolean>> = {
  login: (c) => !c.session.token,
  register: (c) => !c.session.token,
  personalInfomation: either(takes('profile.basicSaved'), editingForReview),
  idCardAuthentication: takes('profile.identityCompleted'),
  additionalInfomation: either(takes('profile.additionalSaved'), editingForReview),
  // Before the wallet is sent; a reload or a deep link reviews the wallet's kept draft with the server's profile.
  reviewApplication: takes('wallet.added'),
  addBankCard: either(takes('wallet.added'), takes('wallet.corrected')),
  loanQuestion: takes('questionnaire.saved'),
  finishLoading: takes('collection.finished'),
  reviewTips: tagged('underAssessment'),
  toBorrow: (c) => canApply(c.order, c.orderReadAt),
  confirmBorrow: tagged('canConfirm'),
  yx2ConfirmBorrow: tagged('canConfirm'),
  cancellationForm: tagged('canCancel'),
  lending: tagged('payingOut'),
  // Repay detail also explains a failed pay-out (10) and how to correct the wallet.
  repayDetail: either(tagged('canRepay'), tagged('payoutFailed')),
  cashier: tagged('canRepay'),
  staticCashier: tagged('canRepay'),
  exhibitionPeriodDetail: tagged('canRollover'),
  rollover: tagged('canRollover'),
  flows: (c) => c.devRoutes,
  // Only right after a money event: a reload, a deep link or the back button finds no outcome and goes home.
  outcome: (c) => !!c.outcome,
}

/** An earlier step opened from the review: the wallet is not sent yet (5) and the borrower has seen the review. */
export function editingForReview(c: JourneyContext): boolean {
  return !!c.reviewing && lifecycleOf(c.order).can({ type: 'wallet.added' })
}

/** The screen the order's status names; at 5, the review once the borrower has reached it. */
export function statusRoute(c: JourneyContext): RouteName | null {
  const step = stepOf(c.order)
  if (step === 'addWallet' && editingForReview(c)) return 'reviewApplication'
  return step ? STEP_ROUTE[step] : null
}

/** The route guard of every state: start-up done, a session where spec §2 asks for one, and the route's rule. */
export function mayEnter(route: RouteName, c: JourneyContext): boolean {
  if (!c.booted) return false
  if (needsLogin(route, c.session.token)) return false
  return ROUTE_RULES[route]?.(c) ?? true
}

/**
 * Where to go for the first of `wanted` that may open now: that route; or login first, remembering the route,
 * when it only lacks a session; or home.
 */
export function destination(
  c: JourneyContext,
  wanted: readonly (RouteName | null)[],
): { route: RouteName; returnTo: RouteName | null } {
  for (const route of wanted) {
    if (!route) continue
    if (mayEnter(route, c)) return { route, returnTo: null }
    if (needsLogin(route, c.session.token) && mayEnter('login', c)) return { route: 'login', returnTo: route }
  }
  return { route: 'home', returnTo: null }
}

export type RepaymentSnapshot = SnapshotFrom<typeof repaymentMachine>
export type FeedbackSnapshot = SnapshotFrom<typeof feedbackTicketMachine>

/** The feedback screens the ticket child drives (the feedback FAQ is a page of its own). */
export const FEEDBACK_TICKET_SCREENS: readonly RouteName[] = [
  'feedbackList',
  'addFeedback',
  'feedbackDetail',
  'feedbackResult',
]

/** The feedback screen for the ticket child's step: the list, the new ticket, its result, or one ticket. */
export function feedbackScreenOf(
  snapshot: FeedbackSnapshot,
): 'feedbackList' | 'addFeedback' | 'feedbackResult' | 'feedbackDetail' {
  if (snapshot.matches('composing')) return 'addFeedback'
  if (snapshot.matches('created')) return 'feedbackResult'
  if (snapshot.matches('detail')) return 'feedbackDetail'
  return 'feedbackList'
}
export type RolloverSnapshot = SnapshotFrom<typeof rolloverMachine>

/**
 * The repay screen for the repayment child's step: the cashier while a payment waits (the static cashier for a
 * pay-bill or bank reference the borrower pays at, the cashier for a push to the phone), else the detail.
 */
export function repaymentScreenOf(snapshot: RepaymentSnapshot): 'repayDetail' | 'cashier' | 'staticCashier' {
  if (!snapshot.hasTag('waitingPayment')) return 'repayDetail'
  const { detail, channelId } = snapshot.context
  const kind = detail?.channels.find((channel) => channel.channelId === channelId)?.kind ?? 'push'
  return kind === 'push' ? 'cashier' : 'staticCashier'
}

export const countryOf = (c: JourneyContext): CountryCode => c.session.user?.basicInfo.country ?? c.country

/** Screens shown in the visitor's country before login: opened at start-up, they wait for the connection's. */
export const COUNTRY_SCREENS: readonly RouteName[] = [
  'login',
  'register',
  'pop',
  'permission',
  'privacyPolicy',
  'privacy',
  'termsOfService',
  'agreements',
]

/** How long an answer about the country of the connection is still taken (the screen never waits for it). */
export const COUNTRY_LOOKUP_MS = 5_000
