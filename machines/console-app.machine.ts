/**
 * console-app — the root of the lender's operations console (issue 20). Every page of domain/console.ts
 * CONSOLE_ROUTES is a state whose `id` is the route's name, so the hash URL is a projection of the snapshot
 * (src/console/route-sync.tsx), and a URL typed, bookmarked or reached with the back button is the routable-state
 * event `{ type: 'xstate.route', to: '#name' }`, which a page refuses unless the signed-in member's role may open
 * it (`mayOpen`: GET /console/api/me lists the member's permissions).
 *
 * Start-up: the session kept in this tab (if any) is checked with the server; a live one opens the page the console
 * was opened at (or the overview), anything else the sign-in page, which then leads on to that page.
 *
 * The session ends on the server (30 minutes without a call, 12 hours after sign-in, signed out elsewhere, the
 * password changed elsewhere): the first call that finds it so sends `console.sessionEnded` with the form as typed.
 * The console goes back to sign-in, saying why, with the username filled in; once the same member has signed in
 * again they are back on that page with what they typed (kept in memory only, never stored; another member signing
 * in gets none of it). Signing out forgets it.
 *
 * Input: { entry?, language, timeZone }
 * Events: xstate.route {to}, console.signOutRequested, console.sessionEnded {form?, draft?}, console.languageChosen
 *         {language}, console.retried
 * Tags:   busy (starting, signing out)
 * Children (snapshot.children): signInForm (the sign-in page), staffForm (staff), auditLog (audit), inboxDesk (inbox),
 *   loansDesk (loans), productsEditor (products), booksReader (books), proofsDesk (proofs), passwordForm (password),
 *   storeLanguage (keeping the language chosen)
 * Actors the composition provides (services/console/console-actors.ts):
 *   restoreSession () → ConsoleMe | null     (the tab's session, checked with GET /console/api/me)
 *   signOut () → void                        (DELETE /console/api/session; the tab's session is forgotten)
 *   storeLanguage ({ language }) → void
 *   and the I/O actors of the form machines.
 */
import { assign, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate'
import type { Language } from '../domain/countries'
import { CONSOLE_ROUTES, mayOpen, type ConsoleMe, type ConsolePage } from '../domain/console'
import type { consoleAuditMachine } from './console-audit.machine'
import type { ConsoleDrafts, ConsoleSessionEndedEvent } from './console-calls'
import { failureMessage, failureTo } from './console-calls'
import { consolePasswordMachine } from './console-password.machine'
import type { consoleProductsMachine } from './console-products.machine'
import type { consoleBooksMachine } from './console-books.machine'
import type { consoleProofsMachine } from './console-proofs.machine'
import type { consoleLoansMachine } from './console-loans.machine'
import type { consoleInboxMachine } from './console-inbox.machine'
import { consoleSignInMachine } from './console-sign-in.machine'
import type { consoleStaffMachine } from './console-staff.machine'
import { notProvided, providedLater } from './kit/not-provided'
import { errorParams } from './kit/params'
import type { ConsoleAppContext, ConsoleAppEvent, ConsoleAppInput } from './console-app/console-app-context'

const PAGES: readonly ConsolePage[] = [
  'overview',
  'staff',
  'audit',
  'inbox',
  'loans',
  'products',
  'books',
  'proofs',
  'password',
]
const pageOf = (to: string): ConsolePage | null => {
  const name = to.replace(/^#/, '')
  return (PAGES as readonly string[]).includes(name) ? (name as ConsolePage) : null
}

/** A page of the console: its id is the route's name, its guard `mayOpen`, and entering it records the route. */
function page<const N extends ConsolePage>(name: N) {
  return {
    id: name,
    route: { guard: { type: 'mayOpen', params: { route: name } } },
    entry: { type: 'arrive', params: { route: name } },
    meta: { route: name },
  } as const
}

/** The pages whose machine (and screen) load when the page is first opened, not with the console. */
export type LazyPage = Exclude<ConsolePage, 'overview' | 'password'>

/**
 * A page's first step: its machine's module is fetched (`loadPage`); once in, `ready` runs the machine. A module
 * that does not arrive (the line dropped) leaves the page saying so, until Retry fetches it again.
 */
const pageLoading = (page: LazyPage) =>
  ({
    tags: ['busy'],
    invoke: {
      src: 'loadPage',
      input: { page },
      onDone: 'ready',
      onError: { target: 'unloaded', actions: { type: 'showStartFailure', params: errorParams } },
    },
  }) as const
const PAGE_UNLOADED = {
  tags: ['pageUnloaded'],
  on: { 'console.retried': { target: 'loading', actions: 'clearError' } },
} as const

const allowed = (c: Pick<ConsoleAppContext, 'member' | 'permissions'>, route: ConsolePage) =>
  c.member !== null && mayOpen(route, c.permissions)

export const consoleAppMachine = setup({
  types: {
    context: {} as ConsoleAppContext,
    events: {} as ConsoleAppEvent,
    input: {} as ConsoleAppInput,
    tags: {} as 'busy' | 'pageUnloaded',
    children: {} as {
      signInForm: 'signInForm'
      staffForm: 'staffForm'
      auditLog: 'auditLog'
      loansDesk: 'loansDesk'
      inboxDesk: 'inboxDesk'
      productsEditor: 'productsEditor'
      booksReader: 'booksReader'
      proofsDesk: 'proofsDesk'
      passwordForm: 'passwordForm'
      storeLanguage: 'storeLanguage'
    },
  },
  actors: {
    restoreSession: fromPromise<ConsoleMe | null>(notProvided('restoreSession', 'services/console')),
    signOut: fromPromise<void>(notProvided('signOut', 'services/console')),
    storeLanguage: fromPromise<void, { language: Language }>(
      notProvided('storeLanguage', 'services/console'),
    ),
    signInForm: consoleSignInMachine,
    /** Fetches a page's machine (its own chunk, with the page's screen): src/console/compose.ts. */
    loadPage: fromPromise<void, { page: LazyPage }>(notProvided('loadPage', 'src/console/compose.ts')),
    // The pages' machines load with their pages (loadPage); the composition provides each by its name.
    staffForm: providedLater<typeof consoleStaffMachine>('staffForm', 'src/console/compose.ts'),
    auditLog: providedLater<typeof consoleAuditMachine>('auditLog', 'src/console/compose.ts'),
    loansDesk: providedLater<typeof consoleLoansMachine>('loansDesk', 'src/console/compose.ts'),
    inboxDesk: providedLater<typeof consoleInboxMachine>('inboxDesk', 'src/console/compose.ts'),
    productsEditor: providedLater<typeof consoleProductsMachine>('productsEditor', 'src/console/compose.ts'),
    booksReader: providedLater<typeof consoleBooksMachine>('booksReader', 'src/console/compose.ts'),
    proofsDesk: providedLater<typeof consoleProofsMachine>('proofsDesk', 'src/console/compose.ts'),
    passwordForm: consolePasswordMachine,
  },
  guards: {
    mayOpen: ({ context }, params: { route: ConsolePage }) => allowed(context, params.route),
    hasSession: (_, params: { me: ConsoleMe | null }) => params.me !== null,
    /** Where signing in leads: the page recorded, when the member may open it. */
    goesTo: ({ context }, params: { route: ConsolePage }) => context.route === params.route,
  },
  actions: {
    arrive: assign((_, params: { route: ConsolePage }) => ({ route: params.route, returnTo: null })),
    /** A page asked for before start-up or sign-in finished: where they lead. */
    rememberRoute: assign(({ context }, params: { to: string }) => {
      const wanted = pageOf(params.to)
      return wanted ? { route: wanted, returnTo: wanted } : { route: context.route }
    }),
    /** The member signed in (or their session was found live): what they may do, and where they go. */
    takeSession: assign(({ context }, params: { me: ConsoleMe }) => {
      const sameMember = context.draftsOf === params.me.staff.id
      const session = { member: params.me.staff, permissions: params.me.permissions }
      const wanted = context.returnTo ?? context.route
      return {
        ...session,
        route: allowed(session, wanted) ? wanted : ('overview' as const),
        returnTo: null,
        drafts: sameMember ? context.drafts : {},
        draftsOf: params.me.staff.id,
        notice: null,
        lastUsername: params.me.staff.username,
        error: null,
      }
    }),
    /** The server ended the session: back to sign-in, keeping the page and the form as typed. */
    endSession: assign(({ context }, params: { event: ConsoleSessionEndedEvent }) => ({
      member: null,
      permissions: [],
      notice: 'sessionEnded' as const,
      returnTo: context.route,
      drafts:
        params.event.form && params.event.draft
          ? { ...context.drafts, [params.event.form]: params.event.draft }
          : context.drafts,
    })),
    /** Signed out: nothing of the session is kept, not even what was typed. */
    forgetSession: assign({
      member: null,
      permissions: [],
      notice: 'signedOut' as const,
      returnTo: null,
      route: 'overview' as const,
      drafts: {},
      draftsOf: null,
    }),
    /** A form that was given back its draft starts from it once; later visits start empty. */
    dropDraft: assign(({ context }, params: { form: keyof ConsoleDrafts }) => ({
      drafts: { ...context.drafts, [params.form]: undefined },
    })),
    chooseLanguage: assign((_, params: { language: Language }) => ({ language: params.language })),
    storeLanguage: spawnChild('storeLanguage', {
      id: 'storeLanguage',
      input: ({ context }) => ({ language: context.language }),
    }),
    showStartFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'console',
  description: 'The lender’s operations console: sign-in, then the pages the member’s role may open.',
  context: ({ input }) => {
    const entry = input.entry && input.entry !== 'signIn' ? input.entry : null
    return {
      member: null,
      permissions: [],
      route: entry ?? 'overview',
      returnTo: entry,
      drafts: {},
      draftsOf: null,
      notice: null,
      lastUsername: '',
      language: input.language,
      timeZone: input.timeZone,
      error: null,
    }
  },
  on: {
    'console.languageChosen': {
      actions: [{ type: 'chooseLanguage', params: ({ event }) => event }, 'storeLanguage'],
    },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Checks the session kept in this tab with the server.',
      tags: ['busy'],
      on: { 'xstate.route': { actions: { type: 'rememberRoute', params: ({ event }) => event } } },
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ me: event.output }) },
            target: 'signedIn',
            actions: { type: 'takeSession', params: ({ event }) => ({ me: event.output! }) },
          },
          { target: 'signIn' },
        ],
        onError: failureTo('unreachable', 'showStartFailure'),
      },
    },
    unreachable: {
      description: 'The server did not answer at start-up; the member tries again.',
      on: {
        'console.retried': 'starting',
        'xstate.route': { actions: { type: 'rememberRoute', params: ({ event }) => event } },
      },
    },
    signIn: {
      id: 'signIn',
      description:
        'The sign-in page; once signed in, on to the page asked for, or back to the one the session ended on.',
      meta: { route: 'signIn' },
      on: { 'xstate.route': { actions: { type: 'rememberRoute', params: ({ event }) => event } } },
      invoke: {
        id: 'signInForm',
        src: 'signInForm',
        input: ({ context }) => ({ username: context.lastUsername, notice: context.notice }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'takeSession', params: ({ event }) => ({ me: event.output }) },
        },
      },
    },
    signedIn: {
      description:
        'The pages the member’s role may open; a call that finds the session ended leads back to sign-in.',
      on: {
        'console.signOutRequested': '.signingOut',
        'console.sessionEnded': {
          target: 'signIn',
          actions: { type: 'endSession', params: ({ event }) => ({ event }) },
        },
      },
      initial: 'entering',
      states: {
        entering: {
          description:
            'Opens the page start-up or sign-in leads to, when the member may open it (else the overview).',
          always: [
            { guard: { type: 'goesTo', params: { route: 'staff' } }, target: 'staff' },
            { guard: { type: 'goesTo', params: { route: 'audit' } }, target: 'audit' },
            { guard: { type: 'goesTo', params: { route: 'inbox' } }, target: 'inbox' },
            { guard: { type: 'goesTo', params: { route: 'loans' } }, target: 'loans' },
            { guard: { type: 'goesTo', params: { route: 'products' } }, target: 'products' },
            { guard: { type: 'goesTo', params: { route: 'books' } }, target: 'books' },
            { guard: { type: 'goesTo', params: { route: 'proofs' } }, target: 'proofs' },
            { guard: { type: 'goesTo', params: { route: 'password' } }, target: 'password' },
            { target: 'overview' },
          ],
        },
        overview: page('overview'),
        staff: {
          ...page('staff'),
          initial: 'loading',
          states: {
            loading: pageLoading('staff'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'staffForm',
                  src: 'staffForm',
                  input: ({ context }) => ({ draft: context.drafts.staff ?? null }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'staff' } },
        },
        audit: {
          ...page('audit'),
          initial: 'loading',
          states: {
            loading: pageLoading('audit'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'auditLog',
                  src: 'auditLog',
                  input: ({ context }) => ({
                    timeZone: context.timeZone,
                    me: context.member!,
                    canExport: context.permissions.includes('audit.export'),
                    draft: context.drafts.audit ?? null,
                  }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'audit' } },
        },
        inbox: {
          ...page('inbox'),
          initial: 'loading',
          states: {
            loading: pageLoading('inbox'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'inboxDesk',
                  src: 'inboxDesk',
                  input: ({ context }) => ({ draft: context.drafts.inbox ?? null, timeZone: context.timeZone }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'inbox' } },
        },
        loans: {
          ...page('loans'),
          initial: 'loading',
          states: {
            loading: pageLoading('loans'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'loansDesk',
                  src: 'loansDesk',
                  input: ({ context }) => ({ draft: context.drafts.loans ?? null, timeZone: context.timeZone }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'loans' } },
        },
        products: {
          ...page('products'),
          initial: 'loading',
          states: {
            loading: pageLoading('products'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'productsEditor',
                  src: 'productsEditor',
                  input: ({ context }) => ({ draft: context.drafts.products ?? null, timeZone: context.timeZone }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'products' } },
        },
        books: {
          ...page('books'),
          initial: 'loading',
          states: {
            loading: pageLoading('books'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'booksReader',
                  src: 'booksReader',
                  input: ({ context }) => ({
                    draft: context.drafts.books ?? null,
                    mayResolve: context.permissions.includes('money.adjust'),
                  }),
                },
            },
          },
          exit: { type: 'dropDraft', params: { form: 'books' } },
        },
        proofs: {
          ...page('proofs'),
          initial: 'loading',
          states: {
            loading: pageLoading('proofs'),
            unloaded: PAGE_UNLOADED,
            ready: {
              invoke: {
                  id: 'proofsDesk',
                  src: 'proofsDesk',
                  input: ({ context }) => ({ timeZone: context.timeZone }),
                },
            },
          },
        },
        password: {
          ...page('password'),
          invoke: {
            id: 'passwordForm',
            src: 'passwordForm',
            input: ({ context }) => ({ draft: context.drafts.password ?? null }),
          },
          exit: { type: 'dropDraft', params: { form: 'password' } },
        },
        signingOut: {
          tags: ['busy'],
          // Signing out is not cancelled by a page asked for meanwhile.
          on: { 'xstate.route': {} },
          invoke: {
            src: 'signOut',
            // Signed out here whatever the server answered: the tab forgets the session either way.
            onDone: { target: '#signIn', actions: 'forgetSession' },
            onError: { target: '#signIn', actions: 'forgetSession' },
          },
        },
      },
    },
  },
})

/** The pages behind sign-in, in the navigation's order. */
const NAV_PAGES = CONSOLE_ROUTES.filter((r) => r.name !== 'signIn').map((r) => r.name as ConsolePage)

/** What the console's frame shows: who is signed in, the pages their role may open, the page shown. */
export function consoleAppView(s: SnapshotFrom<typeof consoleAppMachine>) {
  const c = s.context
  return {
    member: c.member,
    permissions: c.permissions,
    /** The navigation: only the pages the member's role may open. */
    pages: c.member ? NAV_PAGES.filter((page) => mayOpen(page, c.permissions)) : [],
    route: c.route,
    language: c.language,
    error: c.error,
    busy: s.hasTag('busy'),
    starting: s.matches('starting'),
    unreachable: s.matches('unreachable'),
    /** The page's module did not arrive: Retry fetches it again. */
    pageUnloaded: s.hasTag('pageUnloaded'),
  }
}
