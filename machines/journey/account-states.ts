/**
 * The journey's account screens (machines/journey.machine.ts): the user centre (settings, help, language, coupons,
 * deleting the account), login and register with the country list, and the feedback tickets.
 */
import { loginFormOf, page } from './journey-invokes'
import { countryOf, type FeedbackSnapshot } from './journey-routes'
import { journeySetup } from './journey-setup'

export const userCenterStates = journeySetup.createStateConfig({
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
})

export const userStates = journeySetup.createStateConfig({
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
})

export const feedbackStates = journeySetup.createStateConfig({
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
})
