/**
 * Composition: the real I/O (services/) injected into the machines (machines/) with `.provide()`.
 * Machines hold stubs for every actor; this is the one place that says which service implements each.
 */
import {
  createActor,
  createMachine,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate'
import i18next from 'i18next'
import { trackJourney } from '../services/analytics/page-events'
import { createHelpContentActors } from '../services/actors/help-content-actors'
import { createLanguageActors } from '../services/actors/language-actors'
import { createLegalDocumentActors } from '../services/actors/legal-document-actors'
import { createLoginActors } from '../services/actors/login-actors'
import { createPermissionActors } from '../services/actors/permission-actors'
import type { JourneyChildren } from '../machines/journey-children'
import { journeyMachine } from '../machines/journey.machine'
import { type JourneyInput } from '../machines/journey/journey-context'
import type { paymentOrderMachine as PaymentOrderMachine } from '../machines/payment-order.machine'
import { sessionMachine } from '../machines/session.machine'
import { submitMachine } from '../machines/submit.machine'
import { provideFormSchemas, type FormSchemas } from '../machines/kit/form-schemas'
import { createApiClient, clientContextFromStorage, type ApiClient } from '../services/api/client'
import { createAppRatingActors } from '../services/actors/app-rating-actors'
import { createJourneyActors } from '../services/actors/journey-actors'
import { createServerClock } from '../services/actors/server-clock'
import { createSessionActors } from '../services/actors/session-actors'
import { createSubmitActors } from '../services/actors/submit-actors'
import { createCountryActors } from '../services/actors/country-actors'
import { adoptDeviceInfo } from '../services/bridge/device-identity'
import { createBridge, type Bridge } from '../services/bridge/native-bridge'
import { createStorage, type KopaStorage } from '../services/storage/storage'
import { createCollectorReporter } from '../services/collector/report'
import { DEFAULT_COUNTRY, getCountry } from '../domain/countries'
import { changeLanguage, isLanguage } from './i18n'

export interface Services {
  storage: KopaStorage
  api: ApiClient
  bridge: Bridge
  /** The route the journey is on, as the bridge logs it (set by startJourney; 'unknown' before). */
  page: { route: string }
}

/** The device's services: local storage, the API client on this page's origin, the native bridge. */
export function createServices(win: Window & typeof globalThis = window, baseURL = ''): Services {
  const storage = createStorage()
  const page = { route: 'unknown' }
  // No language picked in settings: the calls speak the interface's (the country's default, decisions.md).
  const defaultLanguage = () =>
    isLanguage(i18next.language)
      ? i18next.language
      : getCountry(storage.get('country') ?? DEFAULT_COUNTRY).defaultLanguage
  // Every call waits until the shell has said who is calling (its package name keys the wire); set just below.
  let identified: Promise<void> = Promise.resolve()
  const api = createApiClient({
    baseURL,
    context: clientContextFromStorage(storage, defaultLanguage),
    ready: () => identified,
  })
  const bridge = createBridge({
    window: win as never,
    send: async (batch) => (await api.request('/event/batch', batch as never)).ok,
    // A browser reports what it can (docs/native-bridge.md); the server records which kinds arrived.
    report: createCollectorReporter(baseURL, () => storage.get('token')),
    route: () => page.route,
  })
  identified = adoptDeviceInfo(bridge, storage)
  return { storage, api, bridge, page }
}

/**
 * The journey's children, the machine some of them run inside (a payment order), and its forms' schemas (given
 * to it when they arrive: machines/kit/form-schemas.ts).
 */
export type LoadedChildren = JourneyChildren & { paymentOrder: typeof PaymentOrderMachine; formSchemas: FormSchemas }

type ChildName = keyof LoadedChildren

/** Each child machine's module, by the name the journey invokes it with (vite.config.ts groups them in chunks). */
const CHILD_MODULES: { readonly [K in ChildName]: () => Promise<LoadedChildren[K]> } = {
  home: async () => (await import('../machines/home.machine')).homeMachine,
  language: async () => (await import('../machines/language.machine')).languageMachine,
  appRating: async () => (await import('../machines/app-rating.machine')).appRatingMachine,
  loginForm: async () => (await import('../machines/login.machine')).loginMachine,
  orderWatch: async () => (await import('../machines/order-watch.machine')).orderWatchMachine,
  permission: async () => (await import('../machines/permission.machine')).permissionMachine,
  legalDocument: async () => (await import('../machines/legal-document.machine')).legalDocumentMachine,
  helpContent: async () => (await import('../machines/help-content.machine')).helpContentMachine,
  identity: async () => (await import('../machines/identity.machine')).identityMachine,
  uploadGate: async () => (await import('../machines/upload-gate.machine')).uploadGateMachine,
  loanOffer: async () => (await import('../machines/loan-offer.machine')).loanOfferMachine,
  agreement: async () => (await import('../machines/agreement.machine')).agreementMachine,
  cancellation: async () => (await import('../machines/cancellation.machine')).cancellationMachine,
  coupons: async () => (await import('../machines/coupons.machine')).couponsMachine,
  confirmBorrow: async () => (await import('../machines/confirm-borrow.machine')).confirmBorrowMachine,
  lending: async () => (await import('../machines/lending.machine')).lendingMachine,
  paymentOrder: async () => (await import('../machines/payment-order.machine')).paymentOrderMachine,
  repayment: async () => (await import('../machines/repayment.machine')).repaymentMachine,
  rollover: async () => (await import('../machines/rollover.machine')).rolloverMachine,
  records: async () => (await import('../machines/records.machine')).recordsMachine,
  feedbackTicket: async () => (await import('../machines/feedback-ticket.machine')).feedbackTicketMachine,
  accountDeletion: async () => (await import('../machines/account-deletion.machine')).accountDeletionMachine,
  formSchemas: async () => {
    const schemas = await import('../domain/schemas/journey-forms')
    provideFormSchemas(schemas)
    return schemas
  },
}

export const CHILD_NAMES = Object.keys(CHILD_MODULES) as readonly ChildName[]

/**
 * The actor factories of the children that load with their routes, loaded beside their machines: the services
 * only those machines use are no part of the first screen's scripts either (those of START_CHILDREN are imported
 * above).
 */
const CHILD_ACTORS = {
  identity: async () => (await import('../services/actors/identity-actors')).createIdentityActors,
  uploadGate: async () => (await import('../services/actors/upload-gate-actors')).createUploadGateActors,
  loanOffer: async () => (await import('../services/actors/loan-offer-actors')).createLoanOfferActors,
  agreement: async () => (await import('../services/actors/agreement-actors')).createAgreementActors,
  cancellation: async () => (await import('../services/actors/cancellation-actors')).createCancellationActors,
  coupons: async () => (await import('../services/actors/coupons-actors')).createCouponsActors,
  confirmBorrow: async () => (await import('../services/actors/confirm-borrow-actors')).createConfirmBorrowActors,
  lending: async () => (await import('../services/actors/lending-actors')).createLendingActors,
  paymentOrder: async () => (await import('../services/actors/payment-order-actors')).createPaymentOrderActors,
  repayment: async () => (await import('../services/actors/repayment-actors')).createRepaymentActors,
  rollover: async () => (await import('../services/actors/rollover-actors')).createRolloverActors,
  records: async () => (await import('../services/actors/records-actors')).createRecordsActors,
  feedbackTicket: async () => (await import('../services/actors/feedback-ticket-actors')).createFeedbackTicketActors,
  accountDeletion: async () =>
    (await import('../services/actors/account-deletion-actors')).createAccountDeletionActors,
} satisfies Partial<Record<ChildName, () => Promise<unknown>>>

/** The factories of CHILD_ACTORS, once loaded. */
export type ChildActors = { [K in keyof typeof CHILD_ACTORS]: Awaited<ReturnType<(typeof CHILD_ACTORS)[K]>> }

const hasActors = (name: ChildName): name is keyof ChildActors => Object.prototype.hasOwnProperty.call(CHILD_ACTORS, name)

/**
 * The children an open at home, login or register may invoke before the borrower does anything: home and its
 * order watch, the visit-long ones (language, rating), login, and the small standalone ones (permission
 * disclosure, legal texts, help). The others — the application, borrowing, repaying, records, feedback, account
 * deletion — load with their routes (`holdUntilLoaded`).
 */
export const START_CHILDREN: readonly ChildName[] = [
  'home',
  'language',
  'appRating',
  'loginForm',
  'orderWatch',
  'permission',
  'legalDocument',
  'helpContent',
]

/** A child and the machines its own provision runs inside it (createJourneyLogic). */
const RUNS_INSIDE: Partial<Record<ChildName, readonly ChildName[]>> = {
  confirmBorrow: ['cancellation', 'coupons'],
  repayment: ['paymentOrder'],
  rollover: ['paymentOrder'],
}

/** The journey's forms: each opens with a schema built from `formSchemas` (machines/journey.machine.ts). */
const FORMS = new Set([
  'personalInfoForm',
  'additionalInfoForm',
  'walletForm',
  'questionnaireForm',
  'applicationForm',
  'repeatApplicationForm',
])

const isChildName = (name: string): name is ChildName => Object.prototype.hasOwnProperty.call(CHILD_MODULES, name)

/** What must be loaded before the journey invokes `actor` (nothing for actors that are neither a child nor a form). */
export function childrenNeededBy(actor: string): ChildName[] {
  if (FORMS.has(actor)) return ['formSchemas']
  return isChildName(actor) ? [actor, ...(RUNS_INSIDE[actor] ?? [])] : []
}

/**
 * Child machines, loaded as they are needed: `children` fills in as their modules arrive. The journey reads it
 * only when it invokes a child (provideLazily), and `holdUntilLoaded` makes sure that is never before.
 */
export class ChildLoader {
  readonly children: Partial<LoadedChildren> = {}
  readonly actors: Partial<ChildActors> = {}
  private readonly pending = new Map<ChildName, Promise<void>>()

  has(name: ChildName): boolean {
    return this.children[name] !== undefined
  }

  /** Those of `names` not loaded yet. */
  missing(names: readonly ChildName[]): ChildName[] {
    return names.filter((name) => !this.has(name))
  }

  complete(): boolean {
    return this.missing(CHILD_NAMES).length === 0
  }

  /** Loads the modules of `names`, in parallel. A failed download is asked again at the next call. */
  async load(names: readonly ChildName[]): Promise<void> {
    await Promise.all(
      this.missing(names).map((name) => {
        let loading = this.pending.get(name)
        if (!loading) {
          // The machine and its actor factory together: `has` is true once both are in.
          loading = Promise.all([CHILD_MODULES[name](), hasActors(name) ? CHILD_ACTORS[name]() : null]).then(
            ([machine, actors]) => {
              if (hasActors(name)) (this.actors as Record<ChildName, unknown>)[name] = actors
              ;(this.children as Record<ChildName, unknown>)[name] = machine
            },
          )
          loading.catch(() => this.pending.delete(name))
          this.pending.set(name, loading)
        }
        return loading
      }),
    )
  }
}

/** The child machines `names` (by default every one), loaded before the journey starts. */
export async function loadJourneyChildren(names: readonly ChildName[] = CHILD_NAMES): Promise<ChildLoader> {
  const loader = new ChildLoader()
  await loader.load(names)
  return loader
}

/**
 * The journey with every actor implemented by services. `loader` has the child machines an open starts with (or
 * all: loadJourneyChildren()); the others load before the journey invokes them (holdUntilLoaded).
 */
export function createJourneyLogic({ storage, api, bridge }: Services, loader: ChildLoader) {
  // Read when a child is first invoked: by then its module and its actors' are in (holdUntilLoaded).
  const c = loader.children as LoadedChildren
  const a = loader.actors as ChildActors
  const clock = createServerClock(api as never)
  // The latest order is read in server time: the dates the server sets (a rejection's retry date) are judged on
  // its clock, like every other deadline (decisions.md "Deadlines run in server time").
  const journey = createJourneyActors({ api, now: () => clock.stamp().serverNow, deviceNow: Date.now })
  const forms = createSubmitActors({ api, storage })
  const form = (submit: ReturnType<typeof forms.submitTo>) =>
    submitMachine.provide({ actors: { submit, draftStore: forms.draftStore } })
  // Built once, when first needed (both the journey's children below and the children inside them).
  const paymentOrder = once(() => c.paymentOrder.provide({ actors: a.paymentOrder({ api }) }))
  const cancellation = once(() => c.cancellation.provide({ actors: a.cancellation({ api }) }))
  const coupons = once(() => c.coupons.provide({ actors: a.coupons({ api }) }))
  // Photos are made smaller on the phone only in the identity step and feedback: loaded with the first one.
  const compress = async (image: Blob, onProgress?: (fraction: number) => void) =>
    (await import('../services/uploads/compress')).compressImage(image, { onProgress: onProgress ?? (() => {}) })

  return provideLazily(
    journeyMachine,
    {
      session: () => sessionMachine.provide({ actors: createSessionActors({ api, storage, bridge }) }),
      home: () =>
        c.home.provide({
          actors: {
            loadOverview: journey.loadOverview,
            checkRejectRecommendation: journey.checkRejectRecommendation,
            loadMarket: journey.loadMarket,
            loadLendingRecords: journey.loadLendingRecords,
            loadRepayTone: journey.loadRepayTone,
          },
        }),
      identity: () =>
        c.identity.provide({ actors: a.identity({ api, bridge, storage, compress }) }),
      uploadGate: () => c.uploadGate.provide({ actors: a.uploadGate({ api, bridge }) }),
      confirmBorrow: () =>
        c.confirmBorrow.provide({
          actors: {
            ...a.confirmBorrow({ api, clock }),
            cancellation: cancellation(),
            coupons: coupons(),
          },
        }),
      lending: () => c.lending.provide({ actors: a.lending({ api }) }),
      // The waiting screens' watch reads the order as the journey does (docs/decisions.md "Live order status").
      orderWatch: () => c.orderWatch.provide({ actors: { fetchLatestOrder: journey.fetchLatestOrder } }),
      cancellation,
      coupons,
      repayment: () =>
        c.repayment.provide({
          actors: { ...a.repayment({ api, clock }), paymentOrder: paymentOrder() },
        }),
      rollover: () =>
        c.rollover.provide({
          actors: { ...a.rollover({ api, clock }), paymentOrder: paymentOrder() },
        }),
      feedbackTicket: () =>
        c.feedbackTicket.provide({
          actors: {
            ...a.feedbackTicket({
              api,
              token: () => storage.get('token'),
              compress: (file) => compress(file),
            }),
            ticketForm: form(forms.submitTo('/feedback/create')),
          },
        }),
      appRating: () => c.appRating.provide({ actors: createAppRatingActors({ api, storage, bridge }) }),
      accountDeletion: () => c.accountDeletion.provide({ actors: a.accountDeletion({ api }) }),
      records: () => c.records.provide({ actors: a.records({ api }) }),
      agreement: () => c.agreement.provide({ actors: a.agreement({ api }) }),
      loanOffer: () => c.loanOffer.provide({ actors: a.loanOffer({ api }) }),
      loginForm: () => c.loginForm.provide({ actors: createLoginActors({ api }) }),
      permission: () => c.permission.provide({ actors: createPermissionActors({ api, bridge, storage }) }),
      legalDocument: () =>
        c.legalDocument.provide({
          actors: createLegalDocumentActors({
            api,
            language: () =>
              isLanguage(i18next.language) ? i18next.language : getCountry(DEFAULT_COUNTRY).defaultLanguage,
          }),
        }),
      helpContent: () =>
        c.helpContent.provide({ actors: createHelpContentActors({ api, inApp: bridge.isNative }) }),
      language: () => c.language.provide({ actors: createLanguageActors({ storage }) }),
      personalInfoForm: () => form(journey.save.personalInfo),
      additionalInfoForm: () => form(journey.save.additionalInfo),
      walletForm: () => form(journey.save.wallet),
      questionnaireForm: () => form(journey.save.questionnaire),
      applicationForm: () => form(journey.save.application),
      repeatApplicationForm: () => form(journey.save.repeatApplication),
    },
    {
      fetchLatestOrder: journey.fetchLatestOrder,
      submitApplication: journey.submitApplication,
      loadSalaryBands: journey.loadSalaryBands,
      loadRedDot: journey.loadRedDot,
      ...createCountryActors({ api, storage }),
    },
    loader,
  )
}

/** A value made on first use. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

type JourneyActors = NonNullable<Parameters<typeof journeyMachine.provide>[0]['actors']>

/** Set while `childrenMissingFor` dry-runs an event: the children the journey would invoke that are not loaded. */
let probing: Set<string> | null = null
/** What a dry run sees in place of a child not loaded yet (it is never started). */
const NOT_LOADED = createMachine({})

/**
 * The journey with its actors. Child machines are provided (their state trees built) the first time the journey
 * invokes them, not all at start-up: XState looks a child's logic up by name in the machine's implementations
 * when it invokes it, so each is a getter that builds it once. A child whose module (or actors') is not in
 * yet is only seen by a dry run (`childrenMissingFor`), which notes it: the journey never invokes it so
 * (`holdUntilLoaded`).
 */
function provideLazily(
  machine: typeof journeyMachine,
  children: { [K in keyof JourneyActors]?: () => JourneyActors[K] },
  actors: JourneyActors,
  loader: ChildLoader,
): typeof journeyMachine {
  const provided = machine.provide({ actors })
  const table = provided.implementations.actors as Record<string, unknown>
  for (const [name, make] of Object.entries(children)) {
    const build = once(make as () => unknown)
    const needs = childrenNeededBy(name)
    Object.defineProperty(table, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        if (needs.length === 0 || loader.missing(needs).length === 0) return build()
        probing?.add(name)
        return probing ? NOT_LOADED : undefined
      },
    })
  }
  return provided
}

/**
 * The scope a dry run takes the journey's step in: it executes nothing, defers nothing, stops nothing (what
 * XState's pure `transition` uses, made once: `transition` would build a whole inert journey, its first state and
 * its children, for every event — hundreds of milliseconds on a slow phone). Children the dry run creates are
 * never started, so nothing of them runs or stays registered.
 */
let inertScope: AnyActorScope | null = null
function dryRunScope(): AnyActorScope {
  if (!inertScope) {
    const self = createActor(NOT_LOADED)
    inertScope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      logger: () => {},
      defer: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: () => {},
    }
  }
  return inertScope
}

/**
 * The child machines the journey would invoke, and that are not loaded, if `event` were delivered now: a dry run
 * of the event (the journey's own step, in a scope that executes nothing) over its snapshot, following every route
 * it raises on the way.
 */
export function childrenMissingFor(snapshot: AnyMachineSnapshot, event: EventObject, loader: ChildLoader): ChildName[] {
  const seen = new Set<string>()
  probing = seen
  try {
    snapshot.machine.transition(snapshot, event, dryRunScope())
  } catch {
    // An event the journey cannot take: delivering it says so as it always did.
  } finally {
    probing = null
  }
  return loader.missing([...new Set([...seen].flatMap(childrenNeededBy))])
}

/**
 * Holds each event sent to the journey (by the screens, by its children, by its timers) until the child machines
 * it would start are loaded, then delivers it; events keep their order. A download that fails is tried again
 * every `retryMs` (no connection and no service worker: the tap waits for the line).
 */
export function holdUntilLoaded(actor: AnyActorRef, loader: ChildLoader, retryMs = 3_000): void {
  const journey = actor as AnyActorRef & { _send(event: EventObject): void }
  const deliver = journey._send.bind(journey)
  const held: EventObject[] = []
  let busy = false
  const release = () => {
    while (held.length > 0 && !busy) {
      const event = held[0]!
      const missing = loader.complete() ? [] : childrenMissingFor(journey.getSnapshot() as AnyMachineSnapshot, event, loader)
      if (missing.length > 0) {
        busy = true
        const load = () =>
          loader.load(missing).then(
            () => {
              busy = false
              release()
            },
            (error: unknown) => {
              // No personal data here: the machines' names and the browser's reason.
              console.warn(`Kopa: the ${missing.join(', ')} machine did not load; trying again`, String(error))
              setTimeout(load, retryMs)
            },
          )
        void load()
        return
      }
      held.shift()
      // An event the journey sends itself while taking this one waits its turn, as in XState's own mailbox.
      busy = true
      try {
        deliver(event)
      } finally {
        busy = false
      }
    }
  }
  journey._send = (event: EventObject) => {
    held.push(event)
    release()
  }
}

export function startJourney(services: Services, input: JourneyInput, children: ChildLoader) {
  // The country chosen before login on this device survives a reload (storage `country`).
  const stored = services.storage.get('country')
  const actor = createActor(createJourneyLogic(services, children), {
    // The permission disclosure comes before the first collection unless it was accepted on this phone (issue 18).
    input: {
      ...(stored ? { country: stored } : {}),
      askDisclosure: services.storage.get('permissionsAccepted') === null,
      ...input,
    },
  })
  // Children not loaded yet load with the first event that would start them.
  if (!children.complete()) holdUntilLoaded(actor, children)
  // The native shell's login and logout reach the session through the journey (spec: the shell handles them).
  services.bridge.on('login', (payload) => {
    const token = (payload as { token?: unknown } | undefined)?.token
    if (typeof token === 'string' && token) actor.send({ type: 'shell.login', token })
  })
  services.bridge.on('logout', () => actor.send({ type: 'shell.logout' }))
  // Attribution events are logged on the journey's route, never read from the URL (docs/decisions.md).
  actor.subscribe((snapshot) => {
    services.page.route = snapshot.context.route
  })
  // Page views and key actions, to the shell and /event/batch (services/analytics/page-events.ts).
  trackJourney(actor, services.bridge)
  // Timers stop while the app is in the background: deadlines (the 24-hour approval, the payment window) are
  // re-checked by whichever screen machine is running when the borrower comes back.
  services.bridge.on('appForegrounded', () => {
    for (const child of Object.values(actor.getSnapshot().children)) {
      ;(child as AnyActorRef | undefined)?.send({ type: 'app.foregrounded', at: Date.now() })
    }
  })
  // In the background a waiting screen's order watch stops reading (it reads at once on the way back).
  services.bridge.on('appBackgrounded', () => {
    for (const child of Object.values(actor.getSnapshot().children)) {
      ;(child as AnyActorRef | undefined)?.send({ type: 'app.backgrounded' })
    }
  })
  actor.start()
  // The language child keeps the borrower's choice; the interface follows it.
  const languageChild = actor.getSnapshot().children.language as
    { subscribe: (fn: (s: { context: { language: unknown } }) => void) => unknown } | undefined
  languageChild?.subscribe((snapshot) => {
    const chosen = snapshot.context.language
    if (isLanguage(chosen) && chosen !== i18next.language) void changeLanguage(chosen)
  })
  // Before login, unless the borrower picked a language in settings, the app speaks the default language of the
  // country chosen on /user/nation or detected from the connection (decisions.md "Login, register, country choice").
  let country = actor.getSnapshot().context.country
  actor.subscribe((snapshot) => {
    if (snapshot.context.country === country) return
    country = snapshot.context.country
    if (snapshot.context.session.status === 'signedIn' || services.storage.get('language') !== null) return
    const language = getCountry(country).defaultLanguage
    if (language !== i18next.language) void changeLanguage(language)
  })
  return actor
}
