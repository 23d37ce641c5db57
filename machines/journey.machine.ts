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
import { assign, type SnapshotFrom } from 'xstate'
import { DEFAULT_COUNTRY, type CountryCode } from '../domain/countries'
import {
  END_IF_SESSION_ENDED,
  orderReadFailed,
  orderWatchOf,
  page,
  redDotOf,
  SHOW_ERROR,
  SHOW_MONEY_SENT,
  TAKE_READING,
  toLanguage,
  toSession,
} from './journey/journey-invokes'
import { journeySetup } from './journey/journey-setup'
import { authStates, bankAccountStates } from './journey/onboarding-states'
import { borrowStates, repayStates } from './journey/loan-states'
import { feedbackStates, userCenterStates, userStates } from './journey/account-states'
import { standaloneStates } from './journey/standalone-states'

export const journeyMachine = journeySetup.createMachine({
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
            onDone: { target: 'entering', actions: TAKE_READING },
            onError: [
              // Not through `entering`: its way to the route asked for would race the way to login.
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, actions: ['finishBooting', 'endSession'] },
              { target: 'entering', actions: SHOW_ERROR },
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
                actions: [TAKE_READING, ...SHOW_MONEY_SENT],
              },
              { actions: [TAKE_READING, 'followStatus'] },
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
            onDone: { actions: [TAKE_READING, 'showOutcome'] },
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
                onDone: { actions: [TAKE_READING, 'returnAfterLogin'] },
                onError: [
                  END_IF_SESSION_ENDED,
                  { actions: [SHOW_ERROR, 'returnAfterLogin'] },
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

        bankAccount: bankAccountStates,
        auth: authStates,
        borrow: borrowStates,
        repay: repayStates,
        userCenter: userCenterStates,
        user: userStates,
        feedback: feedbackStates,
        standalone: standaloneStates,
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
