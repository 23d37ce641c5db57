/**
 * The journey's setup (machines/journey.machine.ts): every child, call, guard and action it names. The children
 * are stand-ins here (`providedLater`): the composition provides them (src/compose.ts); the calls are stubs the
 * app's services implement (services/actors/journey-actors.ts). The state fragments in this folder are built on
 * it (`journeySetup.createStateConfig`), so their names are checked against it.
 */
import { assign, enqueueActions, fromPromise, raise, sendTo, setup, type SnapshotFrom } from 'xstate'
import type { CountryCode } from '../../domain/countries'
import { BACK_TO, isProtectedRoute, type RouteName } from '../../domain/routes'
import type { OrderStatusCode } from '../../domain/order-status'
import type { SalaryBandTerms } from '../../domain/salary-bands'
import type { agreementMachine } from '../agreement.machine'
import type { accountDeletionMachine, AccountDeletionOutput } from '../account-deletion.machine'
import type { appRatingMachine } from '../app-rating.machine'
import type { cancellationMachine, CancellationOutput } from '../cancellation.machine'
import type { confirmBorrowMachine, ConfirmBorrowOutput } from '../confirm-borrow.machine'
import type { couponsMachine } from '../coupons.machine'
import type { feedbackTicketMachine } from '../feedback-ticket.machine'
import type { helpContentMachine } from '../help-content.machine'
import type { homeMachine } from '../home.machine'
import type { HomeOutput } from '../home/home-context'
import type { languageMachine, LanguageEvent } from '../language.machine'
import type { lendingMachine } from '../lending.machine'
import { isMoneySent, outcomeOf, type OutcomeNews } from '../loan-outcome'
import type { orderWatchMachine, OrderWatchOutput } from '../order-watch.machine'
import type { identityMachine } from '../identity.machine'
import type { legalDocumentMachine } from '../legal-document.machine'
import type { loginMachine } from '../login.machine'
import type { LoginOutput } from '../login/login-context'
import type { permissionMachine } from '../permission.machine'
import { stepOf } from '../latest-order'
import { hasSignedContract } from '../order-lifecycle/order-policy'
import type { loanOfferMachine } from '../loan-offer.machine'
import type { recordsMachine } from '../records.machine'
import type { repaymentMachine } from '../repayment.machine'
import type { rolloverMachine } from '../rollover.machine'
import { sessionMachine, needsLogin, type SessionEvent } from '../session.machine'
import type { Forward } from '../kit/params'
import { errorOf, failureOf, isSessionEnded, messageOf } from '../kit/call-failure'
import { submitMachine, type FormValues, type SubmitOutput } from '../submit.machine'
import type { uploadGateMachine, UploadGateOutput } from '../upload-gate.machine'
import { notProvided, providedLater as provideLater } from '../kit/not-provided'
import { disclosureFirst } from '../disclosure-gate'
import type { JourneyContext, JourneyEvent, JourneyInput, OrderReading, SessionView } from './journey-context'
import {
  COUNTRY_LOOKUP_MS,
  COUNTRY_SCREENS,
  destination,
  FEEDBACK_TICKET_SCREENS,
  feedbackScreenOf,
  mayEnter,
  nextTrail,
  repaymentScreenOf,
  routeEvent,
  routeOf,
  STEP_ROUTE,
  statusRoute,
  type FeedbackSnapshot,
  type RepaymentSnapshot,
  type RolloverSnapshot,
} from './journey-routes'

function sessionViewOf(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  return {
    status: snapshot.hasTag('busy') ? 'pending' : snapshot.hasTag('signedIn') ? 'signedIn' : 'signedOut',
    token: snapshot.context.token,
    user: snapshot.context.user,
    toastKey: snapshot.context.toastKey,
  }
}

/** A child machine the composition provides (src/compose.ts; tests and tools: machines/journey-children.ts). */
const providedLater = <T>(name: string): T => provideLater<T>(name, 'src/compose.ts (tests: machines/journey-children.ts)')

export const journeySetup = setup({
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
    /** The permission disclosure is not answered in this visit (machines/disclosure-gate.ts). */
    disclosureDue: ({ context }) => !context.disclosureAnswered,
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
    /** The permission disclosure first, then `route` (which collects): /pop, and back once it is answered. */
    discloseBefore: enqueueActions(({ enqueue }, params: { route: RouteName }) => {
      enqueue.assign({ afterDisclosure: params.route })
      enqueue.raise(routeEvent('pop'))
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
  },})
