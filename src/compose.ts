/**
 * Composition: the real I/O (services/) injected into the machines (machines/) with `.provide()`.
 * Machines hold stubs for every actor; this is the one place that says which service implements each.
 */
import { createActor, type AnyActorRef } from 'xstate'
import i18next from 'i18next'
import { createAgreementActors } from '../services/actors/agreement-actors'
import { createHelpContentActors } from '../services/actors/help-content-actors'
import { createLanguageActors } from '../services/actors/language-actors'
import { createLegalDocumentActors } from '../services/actors/legal-document-actors'
import { createLendingActors } from '../services/actors/lending-actors'
import { createLoanOfferActors } from '../services/actors/loan-offer-actors'
import { createLoginActors } from '../services/actors/login-actors'
import { createPermissionActors } from '../services/actors/permission-actors'
import { createRecordsActors } from '../services/actors/records-actors'
import type { JourneyChildren } from '../machines/journey-children'
import { journeyMachine, type JourneyInput } from '../machines/journey.machine'
import type { paymentOrderMachine as PaymentOrderMachine } from '../machines/payment-order.machine'
import { sessionMachine } from '../machines/session.machine'
import { submitMachine } from '../machines/submit.machine'
import { createApiClient, clientContextFromStorage, type ApiClient } from '../services/api/client'
import { createAccountDeletionActors } from '../services/actors/account-deletion-actors'
import { createAppRatingActors } from '../services/actors/app-rating-actors'
import { createCancellationActors } from '../services/actors/cancellation-actors'
import { createConfirmBorrowActors } from '../services/actors/confirm-borrow-actors'
import { createCouponsActors } from '../services/actors/coupons-actors'
import { createFeedbackTicketActors } from '../services/actors/feedback-ticket-actors'
import { createIdentityActors } from '../services/actors/identity-actors'
import { createJourneyActors } from '../services/actors/journey-actors'
import { createPaymentOrderActors } from '../services/actors/payment-order-actors'
import { createRepaymentActors } from '../services/actors/repayment-actors'
import { createRolloverActors } from '../services/actors/rollover-actors'
import { createServerClock } from '../services/actors/server-clock'
import { createSessionActors } from '../services/actors/session-actors'
import { createSubmitActors } from '../services/actors/submit-actors'
import { createUploadGateActors } from '../services/actors/upload-gate-actors'
import { createCountryActors } from '../services/actors/country-actors'
import { createBridge, type Bridge } from '../services/bridge/native-bridge'
import { createStorage, type KopaStorage } from '../services/storage/storage'
import { compressImage } from '../services/uploads/compress'
import { createCollectorReporter } from '../services/collector/report'
import { DEFAULT_COUNTRY, getCountry } from '../domain/countries'
import { changeLanguage, isLanguage } from './i18n'

export interface Services {
  storage: KopaStorage
  api: ApiClient
  bridge: Bridge
}

/** The device's services: local storage, the API client on this page's origin, the native bridge. */
export function createServices(win: Window & typeof globalThis = window, baseURL = ''): Services {
  const storage = createStorage()
  // No language picked in settings: the calls speak the interface's (the country's default, decisions.md).
  const defaultLanguage = () =>
    isLanguage(i18next.language)
      ? i18next.language
      : getCountry(storage.get('country') ?? DEFAULT_COUNTRY).defaultLanguage
  const api = createApiClient({ baseURL, context: clientContextFromStorage(storage, defaultLanguage) })
  const bridge = createBridge({
    window: win as never,
    send: async (batch) => (await api.request('/event/batch', batch as never)).ok,
    // A browser reports what it can (docs/native-bridge.md); the server records which kinds arrived.
    report: createCollectorReporter(baseURL, () => storage.get('token')),
  })
  return { storage, api, bridge }
}

/** The journey's children and the machine some of them run inside (a payment order). */
export type LoadedChildren = JourneyChildren & { paymentOrder: typeof PaymentOrderMachine }

/**
 * The machine modules, each evaluated (its machines' state trees built) in a task of its own, so start-up never
 * holds the phone for all of them at once. They are fetched in parallel beforehand (index.html preloads them).
 */
const CHILD_MODULES: readonly (() => Promise<Partial<LoadedChildren>>)[] = [
  async () => ({ home: (await import('../machines/home.machine')).homeMachine }),
  async () => ({ language: (await import('../machines/language.machine')).languageMachine }),
  async () => ({ appRating: (await import('../machines/app-rating.machine')).appRatingMachine }),
  async () => ({ loginForm: (await import('../machines/login.machine')).loginMachine }),
  async () => ({ permission: (await import('../machines/permission.machine')).permissionMachine }),
  async () => ({ legalDocument: (await import('../machines/legal-document.machine')).legalDocumentMachine }),
  async () => ({ helpContent: (await import('../machines/help-content.machine')).helpContentMachine }),
  async () => ({ identity: (await import('../machines/identity.machine')).identityMachine }),
  async () => ({ uploadGate: (await import('../machines/upload-gate.machine')).uploadGateMachine }),
  async () => ({ loanOffer: (await import('../machines/loan-offer.machine')).loanOfferMachine }),
  async () => ({ agreement: (await import('../machines/agreement.machine')).agreementMachine }),
  async () => ({ cancellation: (await import('../machines/cancellation.machine')).cancellationMachine }),
  async () => ({ coupons: (await import('../machines/coupons.machine')).couponsMachine }),
  async () => ({ confirmBorrow: (await import('../machines/confirm-borrow.machine')).confirmBorrowMachine }),
  async () => ({ lending: (await import('../machines/lending.machine')).lendingMachine }),
  async () => ({ orderWatch: (await import('../machines/order-watch.machine')).orderWatchMachine }),
  async () => ({ paymentOrder: (await import('../machines/payment-order.machine')).paymentOrderMachine }),
  async () => ({ repayment: (await import('../machines/repayment.machine')).repaymentMachine }),
  async () => ({ rollover: (await import('../machines/rollover.machine')).rolloverMachine }),
  async () => ({ records: (await import('../machines/records.machine')).recordsMachine }),
  async () => ({
    feedbackTicket: (await import('../machines/feedback-ticket.machine')).feedbackTicketMachine,
  }),
  async () => ({
    accountDeletion: (await import('../machines/account-deletion.machine')).accountDeletionMachine,
  }),
]

/** Every child machine of the journey, loaded in small steps (one task each; the phone answers in between). */
export async function loadJourneyChildren(): Promise<LoadedChildren> {
  const children: Partial<LoadedChildren> = {}
  for (const load of CHILD_MODULES) {
    Object.assign(children, await load())
    await new Promise((resolve) => setTimeout(resolve))
  }
  return children as LoadedChildren
}

/** The journey with every actor implemented by services. */
export function createJourneyLogic({ storage, api, bridge }: Services, children: LoadedChildren) {
  const c = children
  const clock = createServerClock(api as never)
  // The latest order is read in server time: the dates the server sets (a rejection's retry date) are judged on
  // its clock, like every other deadline (decisions.md "Deadlines run in server time").
  const journey = createJourneyActors({ api, now: () => clock.stamp().serverNow, deviceNow: Date.now })
  const forms = createSubmitActors({ api, storage })
  const form = (submit: ReturnType<typeof forms.submitTo>) =>
    submitMachine.provide({ actors: { submit, draftStore: forms.draftStore } })
  // Built once, when first needed (both the journey's children below and the children inside them).
  const paymentOrder = once(() => c.paymentOrder.provide({ actors: createPaymentOrderActors({ api }) }))
  const cancellation = once(() => c.cancellation.provide({ actors: createCancellationActors({ api }) }))
  const coupons = once(() => c.coupons.provide({ actors: createCouponsActors({ api }) }))
  const compress = (image: Blob, onProgress?: (fraction: number) => void) =>
    compressImage(image, { onProgress: onProgress ?? (() => {}) })

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
        c.identity.provide({ actors: createIdentityActors({ api, bridge, storage, compress }) }),
      uploadGate: () => c.uploadGate.provide({ actors: createUploadGateActors({ api, bridge }) }),
      confirmBorrow: () =>
        c.confirmBorrow.provide({
          actors: {
            ...createConfirmBorrowActors({ api, clock }),
            cancellation: cancellation(),
            coupons: coupons(),
          },
        }),
      lending: () => c.lending.provide({ actors: createLendingActors({ api }) }),
      // The waiting screens' watch reads the order as the journey does (docs/decisions.md "Live order status").
      orderWatch: () => c.orderWatch.provide({ actors: { fetchLatestOrder: journey.fetchLatestOrder } }),
      cancellation,
      coupons,
      repayment: () =>
        c.repayment.provide({
          actors: { ...createRepaymentActors({ api, clock }), paymentOrder: paymentOrder() },
        }),
      rollover: () =>
        c.rollover.provide({
          actors: { ...createRolloverActors({ api, clock }), paymentOrder: paymentOrder() },
        }),
      feedbackTicket: () =>
        c.feedbackTicket.provide({
          actors: {
            ...createFeedbackTicketActors({
              api,
              token: () => storage.get('token'),
              compress: (file) => compress(file),
            }),
            ticketForm: form(forms.submitTo('/feedback/create')),
          },
        }),
      appRating: () => c.appRating.provide({ actors: createAppRatingActors({ api, storage, bridge }) }),
      accountDeletion: () => c.accountDeletion.provide({ actors: createAccountDeletionActors({ api }) }),
      records: () => c.records.provide({ actors: createRecordsActors({ api }) }),
      agreement: () => c.agreement.provide({ actors: createAgreementActors({ api }) }),
      loanOffer: () => c.loanOffer.provide({ actors: createLoanOfferActors({ api }) }),
      loginForm: () => c.loginForm.provide({ actors: createLoginActors({ api }) }),
      permission: () => c.permission.provide({ actors: createPermissionActors({ bridge, storage }) }),
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
      ...createCountryActors({ api, storage }),
    },
  )
}

/** A value made on first use. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

type JourneyActors = NonNullable<Parameters<typeof journeyMachine.provide>[0]['actors']>

/**
 * The journey with its actors. Child machines are provided (their state trees built) the first time the journey
 * invokes them, not all at start-up: XState looks a child's logic up by name in the machine's implementations
 * when it invokes it, so each is a getter that builds it once.
 */
function provideLazily(
  machine: typeof journeyMachine,
  children: { [K in keyof JourneyActors]?: () => JourneyActors[K] },
  actors: JourneyActors,
): typeof journeyMachine {
  const provided = machine.provide({ actors })
  const table = provided.implementations.actors as Record<string, unknown>
  for (const [name, make] of Object.entries(children)) {
    Object.defineProperty(table, name, {
      enumerable: true,
      configurable: true,
      get: once(make as () => unknown),
    })
  }
  return provided
}

export function startJourney(services: Services, input: JourneyInput, children: LoadedChildren) {
  // The country chosen before login on this device survives a reload (storage `country`).
  const stored = services.storage.get('country')
  const actor = createActor(createJourneyLogic(services, children), {
    input: { ...(stored ? { country: stored } : {}), ...input },
  })
  // The native shell's login and logout reach the session through the journey (spec: the shell handles them).
  services.bridge.on('login', (payload) => {
    const token = (payload as { token?: unknown } | undefined)?.token
    if (typeof token === 'string' && token) actor.send({ type: 'shell.login', token })
  })
  services.bridge.on('logout', () => actor.send({ type: 'shell.logout' }))
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
