/**
 * The journey's context, input and events (machines/journey.machine.ts): what the root machine keeps and hears.
 */
import type { LatestOrder } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { RouteName } from '../../domain/routes'
import type { OrderStatusCode } from '../../domain/order-status'
import type { SalaryBandTerms } from '../../domain/salary-bands'
import type { DisclosureState } from '../disclosure-gate'
import type { LanguageEvent } from '../language.machine'
import type { LoanOutcome, OutcomeNews } from '../loan-outcome'
import type { SessionEvent, SessionUser } from '../session.machine'
import type { Message } from '../kit/call-failure'
import type { FormReviewEvent, FormValues } from '../submit.machine'

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

export type RouteEvent = { type: 'xstate.route'; to: `#${RouteName}` }

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
