/**
 * journey — the app's root machine. Every route of domain/routes.ts is a state whose `id` is the route's
 * name, so the hash URL is a pure projection of the snapshot (src/routing/state-to-path.ts) and a URL typed,
 * bookmarked or reached with the back button is the routable-state event `{ type: 'xstate.route', to: '#name' }`
 * that each state's route guard may refuse (`mayEnter`).
 *
 * Start-up: the session child restores the token from storage; a signed-in borrower's latest order is read;
 * then the route the app was opened at is entered (or home). A protected route without a session goes to login
 * first and, once signed in, on to where the borrower was going (spec §2).
 *
 * The order drives the flow (spec §4, decisions.md "Onboarding order and statuses"): after each step's submit
 * the journey reads the latest order again (`following`) and opens the screen its status names (the order
 * lifecycle's `step` meta: 6 personal info → 12 ID → 11 additional info → 5 wallet → 17 questionnaire in Mexico →
 * 19 finish loading → 1 review tips; 14/18 confirm borrow; 7 lending; 2/3/10 repay detail). Other codes do
 * nothing: the borrower stays where they are, or goes home when that screen no longer applies.
 *
 * Before login the borrower's country is the one chosen on this device (/user/nation, 'user.countryChosen', kept
 * on the device by the `storeCountry` actor and handed back as input `country` at the next start); a visitor who
 * never chose one is taken to the country of their connection (`detectCountry`, /cou/country/meta/ip, asked beside
 * the first screen, never holding it, and dropped when later than COUNTRY_LOOKUP_MS), still changeable on /user/nation; after login, the
 * account's. A landing page (/yx3) hands the number it took to register
 * ('user.mobileEntered'), which opens with it filled in; login and register hand a number to each other the same
 * way ('user.accountSwitched') when the server says it has no account, or has one.
 *
 * Review before submitting (issue 13; docs/decisions.md "Review before submitting"): the wallet form is checked,
 * not sent (`walletForm` runs with reviewFirst while the order can take 'wallet.added'); its 'form.ready' opens
 * #reviewApplication, which shows the order's amount and term, the profile the server has (the session re-reads
 * it on entry) and the wallet as typed. 'review.edited' {step} opens that step's form (allowed at 5 while
 * `reviewing`); once it is saved the reading of the order comes back to the review. 'application.submitted' sends
 * the wallet (the call that submits the application: 5 → 19, or 17 in Mexico); a draft that no longer passes
 * ('form.refused') opens the wallet form with its errors. Both screens share the one `walletForm` child.
 *
 * Outcome screens (docs/decisions.md "Outcome screens"): a repayment, a rollover or a cancellation its child
 * reports goes through `concluding` (the order read again), and a reading that finds the money sent (14/18/7 → 2)
 * opens it at once: `#outcome` shows `context.outcome` (machines/loan-outcome.ts); 'outcome.dismissed' opens what
 * the status names (home when nothing is owed). Its rule refuses it once left, so a reload or the back button
 * goes home.
 *
 * A confirmed order's signed contract ('contract.opened' {loanOrderId, status}: from repay detail or a records
 * statement; refused unless the status is one of a signed contract) opens on the agreement screen.
 *
 * Tags: busy (start-up, reading the order; the global loading overlay follows it).
 * Children (snapshot.children): session and appRating always (the rating prompt hears of every order read);
 * per screen: home, identity, uploadGate, confirmBorrow, lending (when the money should arrive), orderWatch
 * (review tips, finish loading, lending and home: reads the order with a back-off and, when its status changed,
 * the journey takes the reading and `followStatus` opens the screen it names; docs/decisions.md "Live order
 * status"),
 * cancellation, repayment, rollover, feedbackTicket, records, agreement, loanOffer (to_borrow's amounts, tenures
 * and pricing terms, beside its application form), salaryBands (what the order's product's salary bands mean in
 * its currency, beside the additional-info form: `context.salaryBands`), and the forms personalInfoForm,
 * additionalInfoForm, walletForm, questionnaireForm, application, loginForm (login and register: its token signs
 * the session in), permission (/pop, /permission), legalDocument (privacy policy and terms of service),
 * helpContent (the FAQ, the questions before a ticket, the download address of open_app), coupons (the coupon
 * centre), accountDeletion (delete_account: once deleted the borrower is signed out and taken home). `language` runs for the whole visit:
 * 'language.chosen' keeps the borrower's choice, and the composition switches i18n on its `context.language`.
 */
import { assign, enqueueActions, fromPromise, raise, sendTo, setup, type SnapshotFrom } from 'xstate'
import type { LatestOrder } from '../domain/api-types'
import { DEFAULT_COUNTRY, type CountryCode } from '../domain/countries'
import { BACK_TO, isProtectedRoute, type RouteName } from '../domain/routes'
import type { OrderStatusCode, StatusStep } from '../domain/order-status'
import type { SalaryBandTerms } from '../domain/salary-bands'
import type { agreementMachine } from './agreement.machine'
import type { accountDeletionMachine, AccountDeletionOutput } from './account-deletion.machine'
import type { appRatingMachine } from './app-rating.machine'
import type { cancellationMachine, CancellationOutput } from './cancellation.machine'
import type { confirmBorrowMachine, ConfirmBorrowInput, ConfirmBorrowOutput } from './confirm-borrow.machine'
import type { couponsMachine } from './coupons.machine'
import type { feedbackTicketMachine } from './feedback-ticket.machine'
import type { helpContentMachine } from './help-content.machine'
import type { homeMachine, HomeOutput } from './home.machine'
import type { languageMachine, LanguageEvent } from './language.machine'
import type { lendingMachine } from './lending.machine'
import { isMoneySent, outcomeOf, type LoanOutcome, type OutcomeNews } from './loan-outcome'
import type { orderWatchMachine, OrderWatchOutput } from './order-watch.machine'
import type { identityMachine } from './identity.machine'
import type { legalDocumentMachine, LegalDocumentName } from './legal-document.machine'
import type { loginMachine, LoginOutput } from './login.machine'
import type { permissionMachine } from './permission.machine'
import { canApply, lifecycleOf, stepOf } from './latest-order'
import { hasSignedContract, isOpenStatus } from './order-lifecycle.machine'
import type { loanOfferMachine } from './loan-offer.machine'
import type { recordsMachine } from './records.machine'
import type { repaymentMachine, RepaymentOutput } from './repayment.machine'
import type { rolloverMachine, RolloverOutput } from './rollover.machine'
import { sessionMachine, needsLogin, type SessionEvent, type SessionUser } from './session.machine'
import { eventParams, type Forward } from './kit/params'
import { errorOf, failureOf, isSessionEnded, messageOf, type Message } from './kit/call-failure'
import { submitMachine, type FormReviewEvent, type FormValues, type SubmitOutput } from './submit.machine'
import type { uploadGateMachine, UploadGateOutput } from './upload-gate.machine'
import { notProvided } from './kit/not-provided'
// The forms' schemas are given, not imported: they load with the first form (machines/kit/form-schemas.ts).
import { formSchemas } from './kit/form-schemas'
import { disclosureFirst, type DisclosureState } from './disclosure-gate'

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

/** What the journey keeps of the session child (mirrored from its snapshot, so guards can read it). */
export interface SessionView {
  status: 'pending' | 'signedIn' | 'signedOut'
  token: string | null
  user: SessionUser | null
  /** i18n key of the toast after the server ended the session (errors.code.<code>). */
  toastKey: string | null
}

/** One reading of /loan/loan-order/latest, with the server's time when it arrived (the composition's clock). */
export interface OrderReading {
  order: LatestOrder | null
  readAt: number
  /** The device's time at that moment, when known: readAt − receivedAt is the server clock's offset. */
  receivedAt?: number
}

export interface JourneyInput {
  /** The route the app was opened at (a deep link or a refresh); null or absent: home. */
  entry?: RouteName | null
  /** Development build: the #/__flows page may open. */
  devRoutes?: boolean
  /**
   * The country chosen on this device before login (stored by the `storeCountry` actor); absent: the country of
   * the connection, else the default country.
   */
  country?: CountryCode
  /**
   * The permission disclosure is due before the first collecting screen (machines/disclosure-gate.ts): it was never
   * accepted on this device (storage permissionsAccepted). Absent: false.
   */
  askDisclosure?: boolean
}

/** `DisclosureState`: the permission disclosure before the first collecting screen (machines/disclosure-gate.ts). */
export interface JourneyContext extends DisclosureState {
  session: SessionView
  /** Start-up is over; until then every route is refused. */
  booted: boolean
  order: LatestOrder | null
  /** When the order was read (server time as the app knows it, ms since the epoch). */
  orderReadAt: number
  /** Server clock − device clock when the order was read (absent or 0 until known): home's countdown runs on it. */
  orderClockOffsetMs?: number
  /** The route the borrower is on (and stays on while the order is read). */
  route: RouteName
  /** Where the borrower was going when login was asked for. */
  returnTo: RouteName | null
  /**
   * The routes the borrower came through to this one, the latest last (at most TRAIL_LENGTH): where 'nav.back'
   * goes. Absent: none (the app was opened here).
   */
  trail?: RouteName[]
  /** Apply with apply-market-again (a repeat borrower) rather than apply-market. */
  repeatBorrower: boolean
  /** A failure of the journey's own calls, shown once as a toast. */
  error: Message | null
  devRoutes: boolean
  /** The country chosen before login (/user/nation); once signed in the account's country counts. */
  country: CountryCode
  /** The country was chosen on this device (input or /user/nation): the connection's is not asked for. */
  countryChosen: boolean
  /** A number a landing page (/yx3) took, to fill in on register; '' when none. */
  prefillMobile: string
  /** The confirmed order whose signed contract the agreement screen shows ('contract.opened'); null: the agreement. */
  contractOrderId: string | null
  /**
   * What the salary bands of additional info mean in the order's product (its step-amount reply), once read while
   * that screen is open; null until then (the screen shows the country's defaults).
   */
  salaryBands: SalaryBandTerms | null
  /**
   * What a money event did, for the outcome screen (docs/decisions.md "Outcome screens"): set when the journey
   * opens it, cleared when the borrower leaves it. Absent or null: no outcome to show (a reload goes home).
   */
  outcome?: LoanOutcome | null
  /** What a child reported, while the order is read again to complete the outcome's figures. */
  outcomeNews?: OutcomeNews | null
  /**
   * The borrower has reached the review (docs/decisions.md "Review before submitting"): earlier steps may be edited
   * at 5 and, once saved, the order's reading comes back to the review. Absent: false.
   */
  reviewing?: boolean
  /** The wallet as checked for the review ('form.ready'), handed to the wallet form whenever it opens again. */
  reviewWallet?: FormValues | null
  /**
   * Tickets with a support reply the borrower has not read (/feedback/red-dot-marker), read each time home or me
   * opens while signed in: the Me tab and Me's feedback row show a dot. Absent: 0 (not read yet, or signed out).
   */
  unreadReplies?: number
  /** A route asked for while the app was starting (a link, a typed URL): start-up opens it if it may. */
  startRequest?: RouteName | null
}

/** The onboarding steps the review can send the borrower back to ('review.edited'). */
export type ReviewEditStep = 'personalInfo' | 'additionalInfo' | 'addWallet'

type RouteEvent = { type: 'xstate.route'; to: `#${RouteName}` }

export type JourneyEvent =
  | SessionEvent
  | RouteEvent
  /** Read the latest order and open the screen its status names (pull to refresh, "Details"). */
  | { type: 'order.follow' }
  | { type: 'finishLoading.retried' }
  | { type: 'journey.errorSeen' }
  /** Internal: the connection's country came too late to be taken (COUNTRY_LOOKUP_MS). */
  | { type: 'journey.countryLookupLapsed' }
  /** /user/nation: the country to log in or register in (before login). */
  | { type: 'user.countryChosen'; country: CountryCode }
  /** /yx3: the number typed on the landing page; register opens with it. */
  | { type: 'user.mobileEntered'; mobile: string }
  /** Login or register: the server said the number belongs on the other form; it opens with the number kept. */
  | { type: 'user.accountSwitched'; to: 'login' | 'register'; mobile: string }
  /** user_center/language: the interface language, kept on the phone by the language child. */
  | LanguageEvent
  /**
   * A screen's back arrow: the journey decides where that is — the screen the borrower came from if it still
   * applies, else the route's parent (domain/routes.ts BACK_TO), else home.
   */
  | { type: 'nav.back' }
  /** Repay detail or a records statement: read the signed contract of a confirmed order (agreement screen). */
  | { type: 'contract.opened'; loanOrderId: string; status: OrderStatusCode }
  /** The outcome screen's Continue: on to the screen the order's status names (home when none). */
  | { type: 'outcome.dismissed' }
  /** The review's Submit: the wallet is sent, which submits the application. */
  | { type: 'application.submitted' }
  /** The review's Edit of one section: that step's form opens; once saved, the review again. */
  | { type: 'review.edited'; step: ReviewEditStep }
  /** From the wallet form (reviewFirst): its values pass, or a reviewed draft no longer does. */
  | FormReviewEvent

const routeEvent = (route: RouteName): RouteEvent => ({ type: 'xstate.route', to: `#${route}` })

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
const routeOf = (to: string): RouteName => to.slice(1) as RouteName

/** Route-specific rules beyond the session: what the order lifecycle says the borrower may do now. */
const ROUTE_RULES: Partial<Record<RouteName, (c: JourneyContext) => boolean>> = {
  login: (c) => !c.session.token,
  register: (c) => !c.session.token,
  personalInfomation: (c) => lifecycleOf(c.order).can({ type: 'profile.basicSaved' }) || editingForReview(c),
  idCardAuthentication: (c) => lifecycleOf(c.order).can({ type: 'profile.identityCompleted' }),
  additionalInfomation: (c) => lifecycleOf(c.order).can({ type: 'profile.additionalSaved' }) || editingForReview(c),
  // Before the wallet is sent; a reload or a deep link reviews the wallet's kept draft with the server's profile.
  reviewApplication: (c) => lifecycleOf(c.order).can({ type: 'wallet.added' }),
  addBankCard: (c) =>
    lifecycleOf(c.order).can({ type: 'wallet.added' }) || lifecycleOf(c.order).can({ type: 'wallet.corrected' }),
  loanQuestion: (c) => lifecycleOf(c.order).can({ type: 'questionnaire.saved' }),
  finishLoading: (c) => lifecycleOf(c.order).can({ type: 'collection.finished' }),
  reviewTips: (c) => lifecycleOf(c.order).hasTag('underAssessment'),
  toBorrow: (c) => canApply(c.order, c.orderReadAt),
  confirmBorrow: (c) => lifecycleOf(c.order).hasTag('canConfirm'),
  yx2ConfirmBorrow: (c) => lifecycleOf(c.order).hasTag('canConfirm'),
  cancellationForm: (c) => lifecycleOf(c.order).hasTag('canCancel'),
  lending: (c) => lifecycleOf(c.order).hasTag('payingOut'),
  // Repay detail also explains a failed pay-out (10) and how to correct the wallet.
  repayDetail: (c) => lifecycleOf(c.order).hasTag('canRepay') || lifecycleOf(c.order).hasTag('payoutFailed'),
  cashier: (c) => lifecycleOf(c.order).hasTag('canRepay'),
  staticCashier: (c) => lifecycleOf(c.order).hasTag('canRepay'),
  exhibitionPeriodDetail: (c) => lifecycleOf(c.order).hasTag('canRollover'),
  rollover: (c) => lifecycleOf(c.order).hasTag('canRollover'),
  flows: (c) => c.devRoutes,
  // Only right after a money event: a reload, a deep link or the back button finds no outcome and goes home.
  outcome: (c) => !!c.outcome,
}

/** An earlier step opened from the review: the wallet is not sent yet (5) and the borrower has seen the review. */
function editingForReview(c: JourneyContext): boolean {
  return !!c.reviewing && lifecycleOf(c.order).can({ type: 'wallet.added' })
}

/** The screen the order's status names; at 5, the review once the borrower has reached it. */
function statusRoute(c: JourneyContext): RouteName | null {
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
export function destination(c: JourneyContext, wanted: readonly (RouteName | null)[]): { route: RouteName; returnTo: RouteName | null } {
  for (const route of wanted) {
    if (!route) continue
    if (mayEnter(route, c)) return { route, returnTo: null }
    if (needsLogin(route, c.session.token) && mayEnter('login', c)) return { route: 'login', returnTo: route }
  }
  return { route: 'home', returnTo: null }
}

function sessionViewOf(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  return {
    status: snapshot.hasTag('busy') ? 'pending' : snapshot.hasTag('signedIn') ? 'signedIn' : 'signedOut',
    token: snapshot.context.token,
    user: snapshot.context.user,
    toastKey: snapshot.context.toastKey,
  }
}

type RepaymentSnapshot = SnapshotFrom<typeof repaymentMachine>
type FeedbackSnapshot = SnapshotFrom<typeof feedbackTicketMachine>

/** The feedback screens the ticket child drives (the feedback FAQ is a page of its own). */
const FEEDBACK_TICKET_SCREENS: readonly RouteName[] = ['feedbackList', 'addFeedback', 'feedbackDetail', 'feedbackResult']

/** The feedback screen for the ticket child's step: the list, the new ticket, its result, or one ticket. */
export function feedbackScreenOf(snapshot: FeedbackSnapshot): 'feedbackList' | 'addFeedback' | 'feedbackResult' | 'feedbackDetail' {
  if (snapshot.matches('composing')) return 'addFeedback'
  if (snapshot.matches('created')) return 'feedbackResult'
  if (snapshot.matches('detail')) return 'feedbackDetail'
  return 'feedbackList'
}
type RolloverSnapshot = SnapshotFrom<typeof rolloverMachine>

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

/** Confirm borrow counts its 24 hours from the server's approval time. */
function confirmInputOf(order: LatestOrder): ConfirmBorrowInput {
  const approvedAt = order.approvedAt ? Date.parse(order.approvedAt) : Number.NaN
  return Number.isNaN(approvedAt) ? { loanOrderId: order.loanOrderId } : { loanOrderId: order.loanOrderId, approvedAt }
}

const countryOf = (c: JourneyContext): CountryCode => c.session.user?.basicInfo.country ?? c.country

/** Screens shown in the visitor's country before login: opened at start-up, they wait for the connection's. */
const COUNTRY_SCREENS: readonly RouteName[] = [
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

/**
 * A child machine the composition provides (src/compose.ts, which loads them in small steps at start-up; tests
 * and tools take them all from machines/journey-children.ts). It is typed as the machine, so the journey's
 * children are; a journey run without it fails at the invoke, saying which.
 */
function providedLater<T>(name: string): T {
  return fromPromise(async () => {
    throw new Error(`The journey's child '${name}' is provided by src/compose.ts (tests: machines/journey-children.ts)`)
  }) as unknown as T
}


/** A routable state: its id is the route's name, its guard `mayEnter`, and entering it records the route. */
function page<const N extends RouteName>(name: N) {
  return {
    id: name,
    route: { guard: { type: 'mayEnter', params: { route: name } } },
    entry: { type: 'arrive', params: { route: name } },
    meta: { route: name },
  } as const
}

/**
 * The support-reply marker (home and me): read as the tab opens; a failed read keeps the last count (it is a dot,
 * not worth an error).
 */
function redDotOf() {
  return {
    id: 'redDot',
    src: 'loadRedDot',
    input: ({ context }: { context: JourneyContext }) => ({ signedIn: context.session.status === 'signedIn' }),
    onDone: {
      actions: {
        type: 'takeUnreadReplies',
        params: ({ event }: { event: { output: { unread: number } | null } }) => ({
          unread: event.output?.unread ?? null,
        }),
      },
    },
    // A failed read (offline, a server without the call) keeps the last count: a dot is not worth an error.
    onError: {},
  } as const
}

/** The login form of /user/login and /user/register, in the borrower's country, with a landing page's number. */
function loginFormOf(purpose: 'login' | 'register') {
  return {
    id: 'loginForm',
    src: 'loginForm',
    input: ({ context }: { context: JourneyContext }) => ({
      purpose,
      country: countryOf(context),
      mobile: context.prefillMobile,
    }),
    onDone: {
      actions: {
        type: 'signInWith',
        params: ({ event }: { event: { output: LoginOutput } }) => ({ output: event.output }),
      },
    },
  } as const
}

/**
 * The permission disclosure, for the data the borrower's country requires (the server's policy, read by the
 * child); answered either way, on to the collecting screen it came before (disclosure-gate.ts), else home. The
 * /pop prompt is not shown again once accepted on this device (it ends at once); /permission always shows.
 */
function permissionOf(route: 'pop' | 'permission') {
  return {
    id: 'permission',
    src: 'permission',
    input: ({ context }: { context: JourneyContext }) => ({
      country: countryOf(context),
      skipWhenAccepted: route === 'pop',
    }),
    onDone: { actions: ['answerDisclosure', route === 'pop' ? 'leaveDisclosure' : 'goHome'] },
  } as const
}

/** A public legal text for the borrower's country (no session needed). */
function legalDocumentOf(document: LegalDocumentName) {
  return {
    id: 'legalDocument',
    src: 'legalDocument',
    input: ({ context }: { context: JourneyContext }) => ({ document, country: countryOf(context) }),
  } as const
}

/**
 * The order watch of a screen that waits on the server (docs/decisions.md "Live order status"): it reads the
 * latest order with a back-off and, when the status changed, the journey takes the reading and opens the screen
 * the status names (`followStatus`, as after any read). A session it finds ended reaches the journey as
 * 'session.ended', like every child's.
 */
const watchOutput = ({ event }: { event: { output: OrderWatchOutput } }) => ({ output: event.output })
/** The session's and the language's events, forwarded to the child that owns them (typed params, no cast). */
const toSession = { type: 'forwardToSession', params: eventParams } as const
const toLanguage = { type: 'forwardToLanguage', params: eventParams } as const
/** The journey takes the order the watch read (it saw a change). */
const takeWatchReading = {
  type: 'takeOrder',
  params: ({ event }: { event: { output: OrderWatchOutput } }) =>
    (event.output as Extract<OrderWatchOutput, { outcome: 'changed' }>).reading,
} as const

/** A reading found the money sent: the outcome screen says so (after the reading is taken). */
const SHOW_MONEY_SENT = [{ type: 'expectOutcome', params: { news: { kind: 'moneySent' } } }, 'showOutcome'] as const

/**
 * A read of the latest order failed: a session code ends the session; anything else is shown where the borrower
 * is (`forgetOutcome` first when the read was to complete an outcome).
 */
const orderReadFailed = (...first: ['forgetOutcome'] | []) =>
  [
    {
      guard: { type: 'sessionEnded', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      actions: 'endSession',
    },
    {
      actions: [
        { type: 'showError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        ...first,
        { type: 'goTo', params: ({ context }: { context: JourneyContext }) => ({ wanted: [context.route] }) },
      ],
    },
  ] as const

const orderWatchOf = () =>
  ({
    id: 'orderWatch',
    src: 'orderWatch',
    input: ({ context }: { context: JourneyContext }) => ({ order: context.order }),
    onDone: [
      {
        // The money reached the wallet (7 → 2 on lending, or on home): the outcome screen says so first.
        guard: { type: 'orderWatchSawMoneySent', params: watchOutput },
        actions: [takeWatchReading, ...SHOW_MONEY_SENT],
      },
      { guard: { type: 'orderWatchSawChange', params: watchOutput }, actions: [takeWatchReading, 'followStatus'] },
    ],
  }) as const

export const journeyMachine = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as JourneyEvent,
    input: {} as JourneyInput,
    tags: {} as 'busy',
    /** The journey's children by id, and the actor each runs: screens read them typed (issue 15 item 3). */
    children: {} as {
      session: 'session'
      appRating: 'appRating'
      language: 'language'
      home: 'home'
      orderWatch: 'orderWatch'
      records: 'records'
      loginForm: 'loginForm'
      permission: 'permission'
      legalDocument: 'legalDocument'
      helpContent: 'helpContent'
      personalInfoForm: 'personalInfoForm'
      identity: 'identity'
      uploadGate: 'uploadGate'
      additionalInfoForm: 'additionalInfoForm'
      salaryBands: 'loadSalaryBands'
      walletForm: 'walletForm'
      questionnaireForm: 'questionnaireForm'
      agreement: 'agreement'
      loanOffer: 'loanOffer'
      application: 'applicationForm' | 'repeatApplicationForm'
      confirmBorrow: 'confirmBorrow'
      cancellation: 'cancellation'
      lending: 'lending'
      repayment: 'repayment'
      rollover: 'rollover'
      accountDeletion: 'accountDeletion'
      coupons: 'coupons'
      feedbackTicket: 'feedbackTicket'
      storeCountry: 'storeCountry'
      countryLookup: 'detectCountry'
      locatingCountry: 'detectCountry'
      redDot: 'loadRedDot'
    },
  },
  actors: {
    session: sessionMachine,
    home: providedLater<typeof homeMachine>('home'),
    identity: providedLater<typeof identityMachine>('identity'),
    uploadGate: providedLater<typeof uploadGateMachine>('uploadGate'),
    confirmBorrow: providedLater<typeof confirmBorrowMachine>('confirmBorrow'),
    lending: providedLater<typeof lendingMachine>('lending'),
    orderWatch: providedLater<typeof orderWatchMachine>('orderWatch'),
    cancellation: providedLater<typeof cancellationMachine>('cancellation'),
    repayment: providedLater<typeof repaymentMachine>('repayment'),
    rollover: providedLater<typeof rolloverMachine>('rollover'),
    records: providedLater<typeof recordsMachine>('records'),
    agreement: providedLater<typeof agreementMachine>('agreement'),
    loanOffer: providedLater<typeof loanOfferMachine>('loanOffer'),
    loginForm: providedLater<typeof loginMachine>('loginForm'),
    permission: providedLater<typeof permissionMachine>('permission'),
    legalDocument: providedLater<typeof legalDocumentMachine>('legalDocument'),
    feedbackTicket: providedLater<typeof feedbackTicketMachine>('feedbackTicket'),
    helpContent: providedLater<typeof helpContentMachine>('helpContent'),
    coupons: providedLater<typeof couponsMachine>('coupons'),
    accountDeletion: providedLater<typeof accountDeletionMachine>('accountDeletion'),
    language: providedLater<typeof languageMachine>('language'),
    appRating: providedLater<typeof appRatingMachine>('appRating'),
    personalInfoForm: submitMachine,
    additionalInfoForm: submitMachine,
    walletForm: submitMachine,
    questionnaireForm: submitMachine,
    applicationForm: submitMachine,
    repeatApplicationForm: submitMachine,
    fetchLatestOrder: fromPromise<OrderReading>(notProvided('fetchLatestOrder', 'services/actors/journey-actors.ts')),
    /** /user/submit once the data collector is done: the order moves from 19 to 1. */
    submitApplication: fromPromise<void, { orderNo: string }>(notProvided('submitApplication', 'services/actors/journey-actors.ts')),
    /** /cou/country/meta/ip: the country of the connection, or null when the server cannot tell. */
    detectCountry: fromPromise<CountryCode | null>(async () => notProvided('detectCountry', 'services/actors/journey-actors.ts')()),
    /** Keeps the country chosen before login on the device. */
    storeCountry: fromPromise<void, { country: CountryCode }>(async () => notProvided('storeCountry', 'services/actors/journey-actors.ts')()),
    /**
     * /loan/product/step-amount of the order's product: what its salary bands mean in its currency; null when the
     * reply states no usable bands.
     */
    /** /feedback/red-dot-marker: how many tickets have an unread reply ({ unread: 0 } without a session, no call). */
    /** /feedback/red-dot-marker; null when the read failed (the last count stands). */
    loadRedDot: fromPromise<{ unread: number } | null, { signedIn: boolean }>(async () =>
      notProvided('loadRedDot', 'services/actors/journey-actors.ts')(),
    ),
    loadSalaryBands: fromPromise<SalaryBandTerms | null, { productId: string | null }>(async () =>
      notProvided('loadSalaryBands', 'services/actors/journey-actors.ts')(),
    ),
  },
  delays: {
    countryLookupLimit: COUNTRY_LOOKUP_MS,
  },
  guards: {
    mayEnter: ({ context }, params: { route: RouteName }) => mayEnter(params.route, context),
    /** A route event refused only for want of a session: login first, then on to it. */
    /** A route event for `route` that may open now: a state entering it in place (not from the root) takes it. */
    routeHere: ({ context, event }, params: { route: RouteName }) =>
      event.type === 'xstate.route' && routeOf(event.to) === params.route && mayEnter(params.route, context),
    routeNeedsLogin: ({ context, event }) =>
      event.type === 'xstate.route' &&
      context.booted &&
      needsLogin(routeOf(event.to), context.session.token) &&
      mayEnter('login', context),
    sessionSignedIn: ({ context }) => context.session.status === 'signedIn',
    starting: ({ context }) => !context.booted,
    sessionSignedOut: ({ context }) => context.session.status === 'signedOut',
    /** A visitor who never chose a country on this device: the connection's country is the default. */
    countryToDetect: ({ context }) => context.session.status === 'signedOut' && !context.countryChosen,
    /** …and the first screen is a form or text in the visitor's country. */
    countryHoldsEntry: ({ context }) =>
      context.session.status === 'signedOut' &&
      !context.countryChosen &&
      COUNTRY_SCREENS.includes(context.route),
    /**
     * The session child itself was refused by the server (its user read at start-up or after login) while the
     * borrower is not on login yet: the journey must follow it there, as for a screen's session code.
     */
    sessionEndedByServer: ({ context }, params: { snapshot: SnapshotFrom<typeof sessionMachine> }) =>
      params.snapshot.matches('ending') && context.route !== 'login',
    repeatBorrower: ({ context }) => context.repeatBorrower,
    /** The order was confirmed, so it has a signed contract to read. */
    signedContract: (_, params: { status: OrderStatusCode }) => hasSignedContract(params.status),
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    homeSaid: (_, params: { output: HomeOutput; next: HomeOutput['next'] }) => params.output.next === params.next,
    formSaved: (_, params: { output: SubmitOutput }) => params.output.status === 'saved',
    gatePassed: (_, params: { output: UploadGateOutput }) => params.output.code !== -1,
    confirmSettled: (_, params: { output: ConfirmBorrowOutput | CancellationOutput }) =>
      params.output.outcome !== 'sessionEnded' && params.output.outcome !== 'dismissed',
    cancellationDismissed: (_, params: { output: CancellationOutput }) => params.output.outcome === 'dismissed',
    deletionSaid: (_, params: { output: AccountDeletionOutput; outcome: AccountDeletionOutput['outcome'] }) =>
      params.output.outcome === params.outcome,
    childFinished: (_, params: { output: { outcome: string } }) => params.output.outcome !== 'sessionEnded',
    /** The order watch read a status (or an order) the journey did not know. */
    orderWatchSawChange: (_, params: { output: OrderWatchOutput }) => params.output.outcome === 'changed',
    /** …and what changed is the money sent: the order the journey knew on its way is now being repaid. */
    orderWatchSawMoneySent: ({ context }, params: { output: OrderWatchOutput }) =>
      params.output.outcome === 'changed' && isMoneySent(context.order, params.output.reading.order),
    /** A reading of the order shows the money sent (see `isMoneySent`). */
    readingShowsMoneySent: ({ context }, params: { reading: OrderReading }) =>
      isMoneySent(context.order, params.reading.order),
    /** A child ended with this outcome. */
    outcomeIs: (_, params: { output: { outcome: string }; outcome: string }) => params.output.outcome === params.outcome,
    /** The feedback screen the ticket child's step calls for, while the borrower is on a ticket screen. */
    feedbackScreenIs: ({ context }, params: { snapshot: FeedbackSnapshot; screen: RouteName }) =>
      FEEDBACK_TICKET_SCREENS.includes(context.route) &&
      feedbackScreenOf(params.snapshot) === params.screen &&
      context.route !== params.screen,
    /** The repay screen the repayment child's step calls for, when the borrower is not on it already. */
    repaymentScreenIs: ({ context }, params: { snapshot: RepaymentSnapshot; screen: RouteName }) =>
      repaymentScreenOf(params.snapshot) === params.screen && context.route !== params.screen,
    rolloverScreenIs: ({ context }, params: { snapshot: RolloverSnapshot; screen: RouteName }) =>
      (params.snapshot.hasTag('waitingPayment') ? 'rollover' : 'exhibitionPeriodDetail') === params.screen &&
      context.route !== params.screen,
  },
  actions: {
    mirrorSession: assign((_, params: { snapshot: SnapshotFrom<typeof sessionMachine> }) => {
      const session = sessionViewOf(params.snapshot)
      // Unread replies are the signed-in account's: none while signing in or out, or signed out.
      return session.status === 'signedIn' ? { session } : { session, unreadReplies: 0 }
    }),
    forwardToSession: sendTo('session', (_, { event }: Forward<SessionEvent>) => event),
    /** The session child is about to sign in: wait for its verdict rather than read the old one. */
    awaitSession: assign(({ context }) => ({ session: { ...context.session, status: 'pending' as const } })),
    takeOrder: enqueueActions(({ enqueue }, params: OrderReading) => {
      enqueue.assign({ order: params.order, orderReadAt: params.readAt })
      if (params.receivedAt !== undefined) enqueue.assign({ orderClockOffsetMs: params.readAt - params.receivedAt })
      // The rating prompt follows every order the journey reads (it asks only after a repaid loan).
      if (params.order)
        enqueue.sendTo('appRating', {
          type: 'order.seen',
          loanOrderId: params.order.loanOrderId,
          status: params.order.status,
          at: params.readAt,
        })
    }),
    forgetOrder: assign({ order: null, reviewing: false, reviewWallet: null }),
    startReview: assign({ reviewing: true }),
    keepReviewWallet: assign((_, params: { values: FormValues }) => ({ reviewWallet: params.values })),
    forgetReview: assign({ reviewing: false, reviewWallet: null }),
    /** The review shows the profile the server has: the session reads the user info again. */
    rereadUser: sendTo('session', { type: 'session.reload' }),
    /** The review's Submit: the wallet form sends the values it holds (the call that submits the application). */
    confirmWallet: sendTo('walletForm', { type: 'form.confirmed' }),
    arrive: assign(({ context }, params: { route: RouteName }) => ({
      route: params.route,
      trail: nextTrail(context.trail ?? [], context.route, params.route),
    })),
    /** 'nav.back': the latest screen of the trail that may still open, else the route's parent, else home. */
    goBack: enqueueActions(({ context, enqueue }) => {
      const trail = context.trail ?? []
      const earlier = [...trail].reverse().find((route) => route !== context.route && mayEnter(route, context))
      const { route, returnTo } = destination(context, [earlier ?? BACK_TO[context.route] ?? null])
      if (returnTo) enqueue.assign({ returnTo })
      // The screen gone back to is the trail's latest, so arriving there takes it off (nextTrail).
      const at = trail.lastIndexOf(route)
      enqueue.assign({ trail: at >= 0 ? trail.slice(0, at + 1) : [route] })
      enqueue.raise(routeEvent(route))
    }),
    /** A route asked for while starting: `entering` opens it if it may (or login first), else the entry. */
    takeStartRequest: assign(({ context, event }) => ({
      startRequest: event.type === 'xstate.route' ? routeOf(event.to) : (context.startRequest ?? null),
    })),
    rememberRoute: assign(({ context, event }) => ({
      returnTo: event.type === 'xstate.route' ? routeOf(event.to) : context.returnTo,
    })),
    /** After the session ended, come back to a protected screen once signed in again. */
    rememberCurrentRoute: assign(({ context }) => ({
      returnTo: isProtectedRoute(context.route) ? context.route : context.returnTo,
    })),
    takeRepeatFlag: assign((_, params: { output: HomeOutput }) => ({
      repeatBorrower: params.output.next === 'toBorrow' && params.output.repeat,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(failureOf(params.error)) })),
    showGateFailure: assign((_, params: { output: UploadGateOutput }) => ({
      error: params.output.msg ? { text: params.output.msg } : { key: 'errors.requestFailed' },
    })),
    clearError: assign({ error: null }),
    /** The journey's own call was answered with a session code: end the session with that code, as a screen would. */
    endSession: raise(({ event }) => {
      const failure = failureOf(errorOf(event))
      return { type: 'session.ended' as const, code: failure.kind === 'sessionEnded' ? failure.code : undefined }
    }),
    /** Enter the first of `wanted` that may open (login first when it only lacks a session), else home. */
    goTo: enqueueActions(({ context, enqueue }, params: { wanted: readonly (RouteName | null)[] }) => {
      const { route, returnTo } = destination(context, params.wanted)
      if (returnTo) enqueue.assign({ returnTo })
      enqueue.raise(routeEvent(route))
    }),
    /** Open the screen the order's status names; other codes stay on the current screen if it still applies. */
    followStatus: enqueueActions(({ context, enqueue }) => {
      const { route } = destination(context, [statusRoute(context), context.route])
      // The permission disclosure before the first screen that collects in this visit (disclosure-gate.ts).
      if (route !== context.route && disclosureFirst(route, context)) {
        enqueue.assign({ afterDisclosure: route })
        enqueue.raise(routeEvent('pop'))
        return
      }
      enqueue.raise(routeEvent(route))
    }),
    answerDisclosure: assign({ disclosureAnswered: true }),
    /** After /pop: the collecting screen it came before, if it may still open; else home. */
    leaveDisclosure: enqueueActions(({ context, enqueue }) => {
      const { route } = destination(context, [context.afterDisclosure ?? null])
      enqueue.assign({ afterDisclosure: null })
      enqueue.raise(routeEvent(route))
    }),
    finishBooting: assign({ booted: true }),
    returnAfterLogin: enqueueActions(({ context, enqueue }) => {
      const { route } = destination(context, [context.returnTo])
      enqueue.assign({ returnTo: null })
      enqueue.raise(routeEvent(route))
    }),
    goHome: raise(routeEvent('home')),
    /** A child reported a money event: kept while the order is read again (`concluding`). */
    expectOutcome: assign((_, params: { news: OutcomeNews }) => ({ outcomeNews: params.news })),
    /**
     * The outcome screen, with the event's figures and the order just read; without an order to take them from,
     * the screen the status names, as after any read.
     */
    showOutcome: enqueueActions(({ context, enqueue }) => {
      const outcome = context.outcomeNews ? outcomeOf(context.outcomeNews, context.order, context.orderReadAt) : null
      enqueue.assign({ outcome, outcomeNews: null })
      if (outcome) {
        enqueue.raise(routeEvent('outcome'))
        return
      }
      const step = stepOf(context.order)
      enqueue.raise(routeEvent(destination(context, [step ? STEP_ROUTE[step] : null, context.route]).route))
    }),
    forgetOutcome: assign({ outcome: null, outcomeNews: null }),
    /** Continue from the outcome screen: the screen the order's status names (repay detail for a loan owed), else home. */
    leaveOutcome: enqueueActions(({ context, enqueue }) => {
      const step = stepOf(context.order)
      enqueue.raise(routeEvent(destination({ ...context, outcome: null }, [step ? STEP_ROUTE[step] : null]).route))
    }),
    forwardToLanguage: sendTo('language', (_, { event }: Forward<LanguageEvent>) => event),
    startTicket: sendTo('feedbackTicket', { type: 'ticket.started' }),
    /** The account is gone: the session is cleared as for a log out, and the borrower goes home. */
    signOut: raise({ type: 'session.signOut' }),
    chooseCountry: enqueueActions(({ enqueue }, params: { country: CountryCode }) => {
      enqueue.assign({ country: params.country, countryChosen: true })
      enqueue.stopChild('storeCountry')
      enqueue.spawnChild('storeCountry', { id: 'storeCountry', input: { country: params.country } })
    }),
    takeDetectedCountry: assign(({ context }, params: { country: CountryCode | null }) => ({
      country: params.country ?? context.country,
    })),
    /** Asks for the connection's country beside the first screen; an answer later than the limit is not taken. */
    lookUpCountry: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('detectCountry', { id: 'countryLookup' })
      enqueue.raise({ type: 'journey.countryLookupLapsed' }, { delay: 'countryLookupLimit', id: 'countryLookupLimit' })
    }),
    stopCountryLookup: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('countryLookup')
      enqueue.cancel('countryLookupLimit')
    }),
    keepMobile: assign((_, params: { mobile: string }) => ({ prefillMobile: params.mobile })),
    keepContract: assign((_, params: { loanOrderId: string }) => ({ contractOrderId: params.loanOrderId })),
    forgetContract: assign({ contractOrderId: null }),
    takeSalaryBands: assign((_, params: { terms: SalaryBandTerms | null }) => ({
      salaryBands: params.terms,
    })),
    forgetSalaryBands: assign({ salaryBands: null }),
    /** A count that arrives after the session ended is not the next account's. */
    takeUnreadReplies: assign(({ context }, params: { unread: number | null }) => ({
      unreadReplies:
        context.session.status !== 'signedIn' ? 0 : (params.unread ?? context.unreadReplies ?? 0),
    })),
    /** The login form accepted the code: the session takes the token, and the journey goes on as after any login. */
    signInWith: enqueueActions(({ enqueue }, params: { output: LoginOutput }) => {
      enqueue.assign({ prefillMobile: '' })
      enqueue.raise({ type: 'session.signIn', token: params.output.token })
    }),
  },
}).createMachine({
  id: 'journey',
  description: "The borrower's way through the app: every route is a state, the order's status picks the next one.",
  context: ({ input }) => ({
    session: { status: 'pending', token: null, user: null, toastKey: null },
    booted: false,
    order: null,
    orderReadAt: 0,
    orderClockOffsetMs: 0,
    route: input.entry ?? 'home',
    returnTo: null,
    repeatBorrower: false,
    error: null,
    devRoutes: input.devRoutes ?? false,
    country: input.country ?? DEFAULT_COUNTRY,
    countryChosen: input.country !== undefined,
    prefillMobile: '',
    contractOrderId: null,
    salaryBands: null,
    disclosureAnswered: !(input.askDisclosure ?? false),
  }),
  invoke: [
    {
      id: 'session',
      src: 'session',
      onSnapshot: [
        {
          guard: { type: 'sessionEndedByServer', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: '#login',
          actions: [
            { type: 'mirrorSession', params: ({ event }) => ({ snapshot: event.snapshot }) },
            'finishBooting',
            'forgetOrder',
            'rememberCurrentRoute',
          ],
        },
        { actions: { type: 'mirrorSession', params: ({ event }) => ({ snapshot: event.snapshot }) } },
      ],
    },
    // The rating prompt runs for the whole visit; it hears of every order the journey reads.
    { id: 'appRating', src: 'appRating', input: {} },
    // The interface language the borrower chose; the composition switches i18n when it changes.
    { id: 'language', src: 'language' },
  ],
  on: {
    'shell.login': { target: '.app.returning', actions: [toSession, 'awaitSession'] },
    'session.signIn': { target: '.app.returning', actions: [toSession, 'awaitSession'] },
    'shell.logout': { target: '#home', actions: [toSession, 'forgetOrder'] },
    'session.signOut': { target: '#home', actions: [toSession, 'forgetOrder'] },
    'session.ended': { target: '#login', actions: [toSession, 'forgetOrder', 'rememberCurrentRoute'] },
    'session.toastShown': { actions: toSession },
    'journey.errorSeen': { actions: 'clearError' },
    'language.chosen': { actions: toLanguage },
    // The account's country counts once signed in; the choice only matters before.
    'user.countryChosen': { guard: 'sessionSignedOut', actions: { type: 'chooseCountry', params: ({ event }) => event } },
    // A phone that refuses the write keeps the choice for this visit only.
    'xstate.error.actor.storeCountry': {},
    // The connection's country, while the visitor is still signed out and has chosen none (else it is dropped).
    'xstate.done.actor.countryLookup': [
      {
        guard: 'countryToDetect',
        actions: [
          {
            type: 'takeDetectedCountry',
            params: ({ event }: { event: { output?: unknown } }) => ({ country: (event.output ?? null) as CountryCode | null }),
          },
          'stopCountryLookup',
        ],
      },
      { actions: 'stopCountryLookup' },
    ],
    'xstate.error.actor.countryLookup': { actions: 'stopCountryLookup' },
    'journey.countryLookupLapsed': { actions: 'stopCountryLookup' },
  },
  initial: 'booting',
  states: {
    booting: {
      description: 'Restores the session from storage, reads a signed-in borrower’s latest order, then opens the first route.',
      tags: ['busy'],
      initial: 'restoringSession',
      on: {
        // A login during start-up only reaches the session; start-up goes on with it.
        'shell.login': { actions: toSession },
        'session.signIn': { actions: toSession },
        // A link or typed URL during start-up is where start-up goes (route guard included), not a lost request.
        // (Once `entering` has finished booting, its own route event goes on to the screen.)
        'xstate.route': { guard: 'starting', actions: 'takeStartRequest' },
      },
      states: {
        restoringSession: {
          always: [
            { guard: 'sessionSignedIn', target: 'readingOrder' },
            // A form in the visitor's country (login, register, the permission disclosure, a legal text) waits a
            // moment for the connection's; any other first screen opens at once and the country follows it.
            { guard: 'countryHoldsEntry', target: 'locating' },
            { guard: 'countryToDetect', target: 'entering', actions: 'lookUpCountry' },
            { guard: 'sessionSignedOut', target: 'entering' },
          ],
        },
        locating: {
          description:
            'A visitor who never chose a country opens a screen that depends on it: the country of their ' +
            'connection, for a few seconds at most (none, or no answer: the default country).',
          invoke: {
            id: 'locatingCountry',
            src: 'detectCountry',
            onDone: {
              target: 'entering',
              actions: { type: 'takeDetectedCountry', params: ({ event }) => ({ country: event.output }) },
            },
            onError: 'entering',
          },
          after: { countryLookupLimit: 'entering' },
        },
        readingOrder: {
          invoke: {
            src: 'fetchLatestOrder',
            onDone: { target: 'entering', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
            onError: [
              // Not through `entering`: its way to the route asked for would race the way to login.
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, actions: ['finishBooting', 'endSession'] },
              { target: 'entering', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        entering: {
          entry: [
            'finishBooting',
            { type: 'goTo', params: ({ context }) => ({ wanted: [context.startRequest ?? null, context.route] }) },
            assign({ startRequest: null }),
          ],
        },
      },
    },
    app: {
      description: 'Every screen. A protected route asked for without a session opens login first (spec §2).',
      initial: 'tabs',
      on: {
        'xstate.route': { guard: 'routeNeedsLogin', target: '#login', actions: 'rememberRoute' },
        'nav.back': { actions: 'goBack' },
        'order.follow': '.following',
        'contract.opened': {
          guard: { type: 'signedContract', params: ({ event }) => ({ status: event.status }) },
          actions: [
            { type: 'keepContract', params: ({ event }) => ({ loanOrderId: event.loanOrderId }) },
            { type: 'goTo', params: { wanted: ['agreement'] } },
          ],
        },
      },
      states: {
        following: {
          description:
            'Reads the latest order and opens the screen its status names: 6 personal info, 12 ID, 11 additional info, ' +
            '5 wallet, 17 questionnaire, 19 finish loading, 1 review tips, 14/18 confirm borrow, 7 lending, ' +
            '2/3/10 repay detail; other codes stay on the current screen (home if it no longer applies).',
          tags: ['busy'],
          invoke: {
            src: 'fetchLatestOrder',
            onDone: [
              {
                // After confirming, or Refresh on lending: the money is already sent; the outcome screen says so.
                guard: { type: 'readingShowsMoneySent', params: ({ event }) => ({ reading: event.output }) },
                actions: [{ type: 'takeOrder', params: ({ event }) => event.output }, ...SHOW_MONEY_SENT],
              },
              { actions: [{ type: 'takeOrder', params: ({ event }) => event.output }, 'followStatus'] },
            ],
            onError: orderReadFailed(),
          },
        },
        concluding: {
          description:
            'A money event ended (repaid, rolled over, cancelled): reads the latest order for what is owed now and ' +
            'opens the outcome screen with the figures; a failed read keeps the borrower where they were.',
          tags: ['busy'],
          invoke: {
            src: 'fetchLatestOrder',
            onDone: { actions: [{ type: 'takeOrder', params: ({ event }) => event.output }, 'showOutcome'] },
            onError: orderReadFailed('forgetOutcome'),
          },
        },
        returning: {
          description: 'Signed in: reads the latest order, then goes where the borrower was going (or home).',
          tags: ['busy'],
          initial: 'waitingForSession',
          states: {
            waitingForSession: {
              always: [
                { guard: 'sessionSignedIn', target: 'readingOrder' },
                { guard: 'sessionSignedOut', actions: { type: 'goTo', params: { wanted: ['login'] } } },
              ],
            },
            readingOrder: {
              invoke: {
                src: 'fetchLatestOrder',
                onDone: { actions: [{ type: 'takeOrder', params: ({ event }) => event.output }, 'returnAfterLogin'] },
                onError: [
                  { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, actions: 'endSession' },
                  { actions: [{ type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'returnAfterLogin'] },
                ],
              },
            },
          },
        },

        tabs: {
          initial: 'home',
          states: {
            home: {
              ...page('home'),
              invoke: [
                {
                  id: 'home',
                  src: 'home',
                  input: ({ context }) => ({
                    order: context.order,
                    now: context.orderReadAt,
                    clockOffsetMs: context.orderClockOffsetMs ?? 0,
                  }),
                  onDone: [
                    {
                      guard: { type: 'homeSaid', params: ({ event }) => ({ output: event.output, next: 'toBorrow' }) },
                      actions: [
                        { type: 'takeRepeatFlag', params: ({ event }) => ({ output: event.output }) },
                        { type: 'goTo', params: { wanted: ['toBorrow'] } },
                      ],
                    },
                    {
                      guard: { type: 'homeSaid', params: ({ event }) => ({ output: event.output, next: 'editWallet' }) },
                      actions: { type: 'goTo', params: { wanted: ['addBankCard'] } },
                    },
                    {
                      guard: { type: 'homeSaid', params: ({ event }) => ({ output: event.output, next: 'follow' }) },
                      target: '#journey.app.following',
                    },
                  ],
                },
                // Home follows an order being assessed, on its way or awaiting confirmation (the watch idles
                // for any other status).
                orderWatchOf(),
                redDotOf(),
              ],
            },
            records: { ...page('records'), invoke: { id: 'records', src: 'records' } },
            me: { ...page('me'), invoke: redDotOf() },
          },
        },

        bankAccount: {
          description:
            'The wallet form and the review share one walletForm: a first wallet (5) is checked, reviewed, then ' +
            'sent from the review; a wallet corrected after a failed pay-out (10) is sent at once.',
          initial: 'addBankCard',
          invoke: {
            id: 'walletForm',
            src: 'walletForm',
            input: ({ context }) => ({
              formId: 'wallet',
              initialValues: { ...context.reviewWallet },
              schema: formSchemas().walletSchema(countryOf(context)),
              reviewFirst: lifecycleOf(context.order).can({ type: 'wallet.added' }),
            }),
            onDone: {
              guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
              target: '#journey.app.following',
              actions: 'forgetReview',
            },
          },
          states: {
            addBankCard: {
              ...page('addBankCard'),
              on: {
                'form.ready': {
                  actions: [
                    { type: 'keepReviewWallet', params: ({ event }) => ({ values: event.values }) },
                    { type: 'goTo', params: { wanted: ['reviewApplication'] } },
                  ],
                },
              },
            },
            reviewApplication: {
              ...page('reviewApplication'),
              description:
                "What the borrower applies for and entered: the order's amount and term, the profile the server " +
                'has (read again on entry), the wallet as typed. Edit opens a step; Submit sends the wallet.',
              entry: [
                { type: 'arrive', params: { route: 'reviewApplication' } },
                { type: 'startReview' },
                { type: 'rereadUser' },
              ],
              on: {
                'application.submitted': { actions: 'confirmWallet' },
                'form.refused': { actions: { type: 'goTo', params: { wanted: ['addBankCard'] } } },
                'review.edited': {
                  actions: {
                    type: 'goTo',
                    params: ({ event }) => ({ wanted: [STEP_ROUTE[event.step]] }),
                  },
                },
              },
            },
          },
        },

        auth: {

          initial: 'personalInfomation',
          states: {
            personalInfomation: {
              ...page('personalInfomation'),
              invoke: {
                id: 'personalInfoForm',
                src: 'personalInfoForm',
                input: ({ context }) => ({
                  formId: 'personalInfo',
                  initialValues: { ...context.session.user?.personalInfo },
                  schema: formSchemas().personalInfoSchema(countryOf(context), { today: new Date(context.orderReadAt) }),
                }),
                onDone: {
                  guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
                  target: '#journey.app.following',
                },
              },
            },
            idCardAuthentication: {
              ...page('idCardAuthentication'),
              invoke: {
                id: 'identity',
                src: 'identity',
                onDone: {
                  guard: { type: 'childFinished', params: ({ event }) => ({ output: { outcome: event.output.status } }) },
                  target: '#journey.app.following',
                },
              },
            },
            additionalInfomation: {
              ...page('additionalInfomation'),
              description:
                "The form, and beside it the order's product terms: the salary bands in its currency label the " +
                "band picker (the country's defaults until they arrive, or if they cannot be read).",
              exit: 'forgetSalaryBands',
              invoke: [
                {
                  id: 'additionalInfoForm',
                  src: 'additionalInfoForm',
                  input: ({ context }) => ({
                    formId: 'additionalInfo',
                    initialValues: { ...context.session.user?.additionalInfo },
                    schema: formSchemas().additionalInfoSchema(countryOf(context), {
                      loginMobile: context.session.user?.basicInfo.mobile ?? '',
                    }),
                  }),
                  onDone: {
                    guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
                    target: '#journey.app.following',
                  },
                },
                {
                  id: 'salaryBands',
                  src: 'loadSalaryBands',
                  input: ({ context }) => ({ productId: context.order?.productId ?? null }),
                  onDone: {
                    actions: { type: 'takeSalaryBands', params: ({ event }) => ({ terms: event.output }) },
                  },
                  onError: {
                    description:
                      "Labels only: the country's defaults stay; a session the server ended shows at the form's save.",
                  },
                },
              ],
            },
            loanQuestion: {
              ...page('loanQuestion'),
              invoke: {
                id: 'questionnaireForm',
                src: 'questionnaireForm',
                input: () => ({ formId: 'questionnaire', schema: formSchemas().questionnaireSchema() }),
                onDone: {
                  guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
                  target: '#journey.app.following',
                },
              },
            },
            reviewTips: {
              ...page('reviewTips'),
              description:
                'The application is being assessed (1): the order watch follows it; "order.follow" checks at once.',
              invoke: orderWatchOf(),
            },
          },
        },

        borrow: {

          initial: 'agreement',
          states: {
            agreement: {
              ...page('agreement'),
              description:
                "The loan agreement's full text: the open order's, else the product's; or, opened with " +
                "'contract.opened', a confirmed order's signed contract.",
              exit: 'forgetContract',
              invoke: {
                id: 'agreement',
                src: 'agreement',
                input: ({ context }) =>
                  context.contractOrderId
                    ? { loanOrderId: context.contractOrderId, kind: 'contract' as const }
                    : {
                        loanOrderId:
                          context.order && isOpenStatus(context.order.status) ? context.order.loanOrderId : null,
                      },
              },
            },
            toBorrow: {
              ...page('toBorrow'),
              description: 'Choose amount and tenure, then apply: apply-market, or apply-market-again for a repeat borrower.',
              invoke: { id: 'loanOffer', src: 'loanOffer' },
              initial: 'choosingCall',
              states: {
                choosingCall: { always: [{ guard: 'repeatBorrower', target: 'again' }, { target: 'first' }] },
                first: {
                  invoke: {
                    id: 'application',
                    src: 'applicationForm',
                    input: () => ({ formId: 'application', schema: formSchemas().applySchema() }),
                    onDone: {
                      guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
                      target: '#journey.app.following',
                    },
                  },
                },
                again: {
                  invoke: {
                    id: 'application',
                    src: 'repeatApplicationForm',
                    input: () => ({ formId: 'application', schema: formSchemas().applySchema() }),
                    onDone: {
                      guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
                      target: '#journey.app.following',
                    },
                  },
                },
              },
            },
            confirmBorrow: {
              ...page('confirmBorrow'),
              invoke: {
                id: 'confirmBorrow',
                src: 'confirmBorrow',
                input: ({ context }) => confirmInputOf(context.order!),
                onDone: [
                  {
                    guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'cancelled' }) },
                    target: '#journey.app.concluding',
                    actions: { type: 'expectOutcome', params: { news: { kind: 'cancelled' } } },
                  },
                  {
                    guard: { type: 'confirmSettled', params: ({ event }) => ({ output: event.output }) },
                    target: '#journey.app.following',
                  },
                ],
              },
            },
            lending: {
              ...page('lending'),
              description:
                'Confirmed (7): the money is on its way; the lending child reads when it should arrive, the order ' +
                'watch follows the order to repay detail.',
              invoke: [
                {
                  id: 'lending',
                  src: 'lending',
                  input: ({ context }) => ({ loanOrderId: context.order!.loanOrderId }),
                },
                orderWatchOf(),
              ],
            },
          },
        },

        repay: {

          initial: 'paying',
          states: {
            paying: {
              initial: 'repayDetail',
              description: 'The repayment child runs the detail and the cashier; the route follows its step.',
              invoke: {
                id: 'repayment',
                src: 'repayment',
                input: ({ context }) => ({ orderNo: context.order!.orderNo }),
                onSnapshot: (['staticCashier', 'cashier', 'repayDetail'] as const).map((screen) => ({
                  guard: {
                    type: 'repaymentScreenIs' as const,
                    params: ({ event }: { event: { snapshot: RepaymentSnapshot } }) => ({ snapshot: event.snapshot, screen }),
                  },
                  target: `.${screen}`,
                })),
                onDone: {
                  guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'paid' }) },
                  target: '#journey.app.concluding',
                  actions: {
                    type: 'expectOutcome',
                    params: ({ event }) => ({
                      news: { kind: 'repaid', paidMinor: (event.output as Extract<RepaymentOutput, { outcome: 'paid' }>).amountMinor },
                    }),
                  },
                },
              },
              states: {
                repayDetail: page('repayDetail'),
                cashier: page('cashier'),
                staticCashier: page('staticCashier'),
              },
            },
            extending: {
              initial: 'exhibitionPeriodDetail',
              description: 'The rollover child: the 7-day extension, its fee and its payment.',
              invoke: {
                id: 'rollover',
                src: 'rollover',
                input: ({ context }) => ({ orderNo: context.order!.orderNo }),
                onSnapshot: (['rollover', 'exhibitionPeriodDetail'] as const).map((screen) => ({
                  guard: {
                    type: 'rolloverScreenIs' as const,
                    params: ({ event }: { event: { snapshot: RolloverSnapshot } }) => ({ snapshot: event.snapshot, screen }),
                  },
                  target: `.${screen}`,
                })),
                onDone: {
                  guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'rolledOver' }) },
                  target: '#journey.app.concluding',
                  actions: {
                    type: 'expectOutcome',
                    params: ({ event }) => {
                      const output = event.output as Extract<RolloverOutput, { outcome: 'rolledOver' }>
                      return { news: { kind: 'rolledOver', feeMinor: output.feeMinor, newDueDate: output.newDueDate } }
                    },
                  },
                },
              },
              states: {
                exhibitionPeriodDetail: page('exhibitionPeriodDetail'),
                rollover: page('rollover'),
              },
            },
          },
        },

        userCenter: {

          initial: 'settings',
          states: {
            customerServices: page('customerServices'),
            settings: page('settings'),
            aboutUs: page('aboutUs'),
            faq: {
              ...page('faq'),
              invoke: { id: 'helpContent', src: 'helpContent', input: { kind: 'faq' } },
            },
            language: page('language'),
            openApp: {
              ...page('openApp'),
              description: 'The "run in the app" prompt: where to download the app (nothing inside the shell).',
              invoke: { id: 'helpContent', src: 'helpContent', input: { kind: 'downloadAddress' } },
            },
            deleteAccount: {
              ...page('deleteAccount'),
              description: 'Refused while a loan is open; one reason and an SMS code; deleted: signed out, home.',
              invoke: {
                id: 'accountDeletion',
                src: 'accountDeletion',
                input: ({ context }) => ({ latestStatus: context.order?.status ?? null }),
                onDone: [
                  {
                    guard: { type: 'deletionSaid', params: ({ event }) => ({ output: event.output, outcome: 'deleted' }) },
                    actions: 'signOut',
                  },
                  {
                    guard: { type: 'deletionSaid', params: ({ event }) => ({ output: event.output, outcome: 'dismissed' }) },
                    actions: { type: 'goTo', params: { wanted: ['settings'] } },
                  },
                ],
              },
            },
            coupons: {
              ...page('coupons'),
              invoke: { id: 'coupons', src: 'coupons', input: { mode: 'centre' } },
            },
          },
        },

        user: {

          initial: 'login',
          description: 'Login and register; once the session is signed in the borrower goes on where they were going.',
          on: {
            'user.accountSwitched': {
              actions: [
                { type: 'keepMobile', params: ({ event }) => event },
                { type: 'goTo', params: ({ event }) => ({ wanted: [event.to] }) },
              ],
            },
          },
          states: {
            login: { ...page('login'), invoke: loginFormOf('login') },
            register: { ...page('register'), invoke: loginFormOf('register') },
            nation: {
              ...page('nation'),
              // Chosen: back to the form the list was opened from.
              on: {
                'user.countryChosen': {
                  guard: 'sessionSignedOut',
                  actions: [{ type: 'chooseCountry', params: ({ event }) => event }, 'goBack'],
                },
              },
            },
          },
        },

        feedback: {

          initial: 'feedbackList',
          description: 'Feedback tickets with receipts; the ticket child runs the list, the form and the detail.',
          invoke: {
            id: 'feedbackTicket',
            src: 'feedbackTicket',
            input: ({ context }) => ({ country: countryOf(context) }),
            onSnapshot: (['feedbackList', 'addFeedback', 'feedbackResult', 'feedbackDetail'] as const).map((screen) => ({
              guard: {
                type: 'feedbackScreenIs' as const,
                params: ({ event }: { event: { snapshot: FeedbackSnapshot } }) => ({ snapshot: event.snapshot, screen }),
              },
              target: `.${screen}`,
            })),
          },
          states: {
            feedbackList: page('feedbackList'),
            addFeedback: page('addFeedback'),
            feedbackDetail: page('feedbackDetail'),
            feedbackFaq: {
              ...page('feedbackFaq'),
              description:
                'The questions that answer most problems, before a ticket is written. Writing one (the route to ' +
                'add_feedback) is entered in place, not from the root, so the ticket child keeps running and starts ' +
                'the ticket; without a session the route goes to login first, as anywhere.',
              invoke: { id: 'helpContent', src: 'helpContent', input: { kind: 'questions' } },
              on: {
                'xstate.route': {
                  guard: { type: 'routeHere', params: { route: 'addFeedback' } },
                  target: 'addFeedback',
                  actions: 'startTicket',
                },
              },
            },
            feedbackResult: page('feedbackResult'),
          },
        },

        standalone: {

          initial: 'pop',
          states: {
            pop: { ...page('pop'), invoke: permissionOf('pop') },
            permission: { ...page('permission'), invoke: permissionOf('permission') },
            privacyPolicy: { ...page('privacyPolicy'), invoke: legalDocumentOf('privacy-policy') },
            privacy: { ...page('privacy'), invoke: legalDocumentOf('privacy-policy') },
            termsOfService: { ...page('termsOfService'), invoke: legalDocumentOf('terms-of-service') },
            agreements: { ...page('agreements'), invoke: legalDocumentOf('terms-of-service') },
            yx1: page('yx1'),
            yx2: page('yx2'),
            yx2ConfirmBorrow: {
              ...page('yx2ConfirmBorrow'),
              description: 'Confirm borrow reached from a promotion (18): the same confirmation.',
              invoke: {
                id: 'confirmBorrow',
                src: 'confirmBorrow',
                input: ({ context }) => confirmInputOf(context.order!),
                onDone: [
                  {
                    guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'cancelled' }) },
                    target: '#journey.app.concluding',
                    actions: { type: 'expectOutcome', params: { news: { kind: 'cancelled' } } },
                  },
                  {
                    guard: { type: 'confirmSettled', params: ({ event }) => ({ output: event.output }) },
                    target: '#journey.app.following',
                  },
                ],
              },
            },
            yx3: {
              ...page('yx3'),
              on: {
                'user.mobileEntered': {
                  actions: [
                    { type: 'keepMobile', params: ({ event }) => event },
                    { type: 'goTo', params: { wanted: ['register'] } },
                  ],
                },
              },
            },
            cancellationForm: {
              ...page('cancellationForm'),
              description: 'Cancel an approved order with exactly one reason; kept: back to confirm borrow.',
              invoke: {
                id: 'cancellation',
                src: 'cancellation',
                input: ({ context }) => ({ loanOrderId: context.order!.loanOrderId }),
                onDone: [
                  {
                    guard: { type: 'cancellationDismissed', params: ({ event }) => ({ output: event.output }) },
                    actions: { type: 'goTo', params: { wanted: ['confirmBorrow'] } },
                  },
                  {
                    guard: { type: 'outcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'cancelled' }) },
                    target: '#journey.app.concluding',
                    actions: { type: 'expectOutcome', params: { news: { kind: 'cancelled' } } },
                  },
                ],
              },
            },
            outcome: {
              ...page('outcome'),
              description:
                'What a money event did, with the figures (money sent, repaid in full or in part, rolled over, ' +
                'cancelled) and what happens next; Continue opens the screen the status names, else home.',
              exit: 'forgetOutcome',
              on: { 'outcome.dismissed': { actions: 'leaveOutcome' } },
            },
            finishLoading: {
              ...page('finishLoading'),
              description:
                'Submitted (19): the upload check and the data collector run, then /user/submit; then 1. The order ' +
                'watch follows the order meanwhile (the server moves it on by itself after its grace period).',
              invoke: orderWatchOf(),
              initial: 'collecting',
              states: {
                collecting: {
                  invoke: {
                    id: 'uploadGate',
                    src: 'uploadGate',
                    input: ({ context }) => ({
                      orderNo: context.order!.orderNo,
                      userId: context.session.user?.basicInfo.userId ?? '',
                      step: 'finishLoading',
                      isSubmit: true,
                    }),
                    onDone: [
                      { guard: { type: 'gatePassed', params: ({ event }) => ({ output: event.output }) }, target: 'submitting' },
                      { target: 'failed', actions: { type: 'showGateFailure', params: ({ event }) => ({ output: event.output }) } },
                    ],
                  },
                },
                submitting: {
                  invoke: {
                    src: 'submitApplication',
                    input: ({ context }) => ({ orderNo: context.order!.orderNo }),
                    onDone: '#journey.app.following',
                    onError: [
                      { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, actions: 'endSession' },
                      { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                },
                failed: {
                  description: 'The check or the submit failed; the borrower retries.',
                  on: { 'finishLoading.retried': { target: 'collecting', actions: 'clearError' } },
                },
              },
            },
          },
        },

        dev: {

          initial: 'flows',
          description: 'Development only: the flows of every machine (#/__flows).',
          states: { flows: page('flows') },
        },
      },
    },
  },
})

export type JourneySnapshot = SnapshotFrom<typeof journeyMachine>
