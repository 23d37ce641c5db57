/**
 * Composition: the real I/O (services/) injected into the machines (machines/) with `.provide()`.
 * Machines hold stubs for every actor; this is the one place that says which service implements each.
 */
import { createActor, type AnyActorRef } from 'xstate'
import i18next from 'i18next'
import { agreementMachine } from '../machines/agreement.machine'
import { helpContentMachine } from '../machines/help-content.machine'
import { languageMachine } from '../machines/language.machine'
import { legalDocumentMachine } from '../machines/legal-document.machine'
import { lendingMachine } from '../machines/lending.machine'
import { loanOfferMachine } from '../machines/loan-offer.machine'
import { loginMachine } from '../machines/login.machine'
import { permissionMachine } from '../machines/permission.machine'
import { recordsMachine } from '../machines/records.machine'
import { createAgreementActors } from '../services/actors/agreement-actors'
import { createHelpContentActors } from '../services/actors/help-content-actors'
import { createLanguageActors } from '../services/actors/language-actors'
import { createLegalDocumentActors } from '../services/actors/legal-document-actors'
import { createLendingActors } from '../services/actors/lending-actors'
import { createLoanOfferActors } from '../services/actors/loan-offer-actors'
import { createLoginActors } from '../services/actors/login-actors'
import { createPermissionActors } from '../services/actors/permission-actors'
import { createRecordsActors } from '../services/actors/records-actors'
import { accountDeletionMachine } from '../machines/account-deletion.machine'
import { appRatingMachine } from '../machines/app-rating.machine'
import { cancellationMachine } from '../machines/cancellation.machine'
import { confirmBorrowMachine } from '../machines/confirm-borrow.machine'
import { couponsMachine } from '../machines/coupons.machine'
import { feedbackTicketMachine } from '../machines/feedback-ticket.machine'
import { homeMachine } from '../machines/home.machine'
import { identityMachine } from '../machines/identity.machine'
import { journeyMachine, type JourneyInput } from '../machines/journey.machine'
import { paymentOrderMachine } from '../machines/payment-order.machine'
import { repaymentMachine } from '../machines/repayment.machine'
import { rolloverMachine } from '../machines/rollover.machine'
import { sessionMachine } from '../machines/session.machine'
import { submitMachine } from '../machines/submit.machine'
import { uploadGateMachine } from '../machines/upload-gate.machine'
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
import { DEFAULT_COUNTRY, getCountry } from './domain/countries'
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

/** The journey with every actor implemented by services. */
export function createJourneyLogic({ storage, api, bridge }: Services) {
  const clock = createServerClock(api as never)
  // The latest order is read in server time: the dates the server sets (a rejection's retry date) are judged on
  // its clock, like every other deadline (decisions.md "Deadlines run in server time").
  const journey = createJourneyActors({ api, now: () => clock.stamp().serverNow })
  const forms = createSubmitActors({ api, storage })
  const form = (submit: ReturnType<typeof forms.submitTo>) =>
    submitMachine.provide({ actors: { submit, draftStore: forms.draftStore } })
  const paymentOrder = paymentOrderMachine.provide({ actors: createPaymentOrderActors({ api }) })
  const cancellation = cancellationMachine.provide({ actors: createCancellationActors({ api }) })
  const coupons = couponsMachine.provide({ actors: createCouponsActors({ api }) })
  const compress = (image: Blob, onProgress?: (fraction: number) => void) =>
    compressImage(image, { onProgress: onProgress ?? (() => {}) })

  return journeyMachine.provide({
    actors: {
      session: sessionMachine.provide({ actors: createSessionActors({ api, storage, bridge }) }),
      home: homeMachine.provide({
        actors: {
          loadOverview: journey.loadOverview,
          checkRejectRecommendation: journey.checkRejectRecommendation,
          loadMarket: journey.loadMarket,
          loadLendingRecords: journey.loadLendingRecords,
          loadRepayTone: journey.loadRepayTone,
        },
      }),
      identity: identityMachine.provide({ actors: createIdentityActors({ api, bridge, storage, compress }) }),
      uploadGate: uploadGateMachine.provide({ actors: createUploadGateActors({ api, bridge }) }),
      confirmBorrow: confirmBorrowMachine.provide({
        actors: { ...createConfirmBorrowActors({ api, clock }), cancellation, coupons },
      }),
      lending: lendingMachine.provide({ actors: createLendingActors({ api }) }),
      cancellation,
      coupons,
      repayment: repaymentMachine.provide({
        actors: { ...createRepaymentActors({ api, clock }), paymentOrder },
      }),
      rollover: rolloverMachine.provide({
        actors: { ...createRolloverActors({ api, clock }), paymentOrder },
      }),
      feedbackTicket: feedbackTicketMachine.provide({
        actors: {
          ...createFeedbackTicketActors({
            api,
            token: () => storage.get('token'),
            compress: (file) => compress(file),
          }),
          ticketForm: form(forms.submitTo('/feedback/create')),
        },
      }),
      appRating: appRatingMachine.provide({ actors: createAppRatingActors({ api, storage, bridge }) }),
      accountDeletion: accountDeletionMachine.provide({ actors: createAccountDeletionActors({ api }) }),
      records: recordsMachine.provide({ actors: createRecordsActors({ api }) }),
      agreement: agreementMachine.provide({ actors: createAgreementActors({ api }) }),
      loanOffer: loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) }),
      loginForm: loginMachine.provide({ actors: createLoginActors({ api }) }),
      permission: permissionMachine.provide({ actors: createPermissionActors({ bridge, storage }) }),
      legalDocument: legalDocumentMachine.provide({
        actors: createLegalDocumentActors({
          api,
          language: () =>
            isLanguage(i18next.language) ? i18next.language : getCountry(DEFAULT_COUNTRY).defaultLanguage,
        }),
      }),
      helpContent: helpContentMachine.provide({
        actors: createHelpContentActors({ api, inApp: bridge.isNative }),
      }),
      language: languageMachine.provide({ actors: createLanguageActors({ storage }) }),
      personalInfoForm: form(journey.save.personalInfo),
      additionalInfoForm: form(journey.save.additionalInfo),
      walletForm: form(journey.save.wallet),
      questionnaireForm: form(journey.save.questionnaire),
      applicationForm: form(journey.save.application),
      repeatApplicationForm: form(journey.save.repeatApplication),
      fetchLatestOrder: journey.fetchLatestOrder,
      submitApplication: journey.submitApplication,
      loadSalaryBands: journey.loadSalaryBands,
      ...createCountryActors({ api, storage }),
    },
  })
}

export function startJourney(services: Services, input: JourneyInput) {
  // The country chosen before login on this device survives a reload (storage `country`).
  const stored = services.storage.get('country')
  const actor = createActor(createJourneyLogic(services), {
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
