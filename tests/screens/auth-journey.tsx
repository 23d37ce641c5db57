/**
 * The onboarding screens' tests render a screen over a real journey actor started at its route, with every I/O
 * actor stubbed: a fake server keeps the borrower's order in the real order lifecycle (so a save moves the status as
 * the reference server would), form drafts live in a map that outlives the journey (a reload or an app kill), and
 * the identity child's uploads report progress and succeed unless told otherwise. The order's product terms
 * (/loan/product/step-amount, read by the services' own `loadSalaryBands`) are the country's demo product's unless
 * a test answers them itself.
 */
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import i18next from 'i18next'
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate'
import { identityMachine } from '../../machines/identity.machine'
import type { LivenessResult, UploadImageInput } from '../../machines/identity/identity-context'
import { journeyMachine } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { type OrderLifecycleEvent, type OrderLifecycleSnapshot } from '../../machines/order-lifecycle.machine'
import { decide, lifecycleAt, statusOf } from '../../machines/order-lifecycle/order-policy'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import {
  submitMachine,
  type DraftStoreEvent,
  type FormValues,
  type DraftStoreReply,
} from '../../machines/submit.machine'
import { createJourneyActors } from '../../services/actors/journey-actors'
import type { ApiResult } from '../../domain/api-result'
import type { UserInfo } from '../../domain/api-types'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'
import type { OrderStatusCode } from '../../domain/order-status'
import type { RouteName } from '../../domain/routes'
import { T0, order, user } from '../machines/journey-fixtures'
import { renderOnRoute, settledOn } from './render-on-route'

export type FormName = 'personalInfo' | 'additionalInfo' | 'wallet' | 'questionnaire'

/** What the fake server answers a form's save with: nothing (saved) or a failure value the API client would give. */
export type SaveAnswer = (values: FormValues) => Promise<void>

export interface JourneyOptions {
  status: OrderStatusCode
  entry: RouteName
  country?: CountryCode
  /** Drafts kept by the "device"; pass the same map to a second journey to reload the app. */
  drafts?: Map<string, FormValues>
  /** Deliver a kept draft after the form opened (storage that answers late). */
  lateDrafts?: boolean
  save?: Partial<Record<FormName, SaveAnswer>>
  featureMode?: { live: number; ocr: number; frontPermission?: number }
  /** The phone's answer to the camera permission (featureMode.frontPermission 1; default: granted). */
  camera?: 'granted' | 'denied'
  userExtra?: Partial<UserInfo>
  /**
   * The server's answer to /loan/product/step-amount for the order's product (only what the app reads of it is
   * needed); default: the country's demo product, with the country's scorecard.
   */
  stepAmount?: (productId: string) => Promise<ApiResult<unknown>>
  /** Photo uploads finish only when the test says (`releaseUploads`), not 200 ms later: a test that looks at one
   * in flight must not race the timer on a loaded machine. */
  holdUploads?: boolean
}

/** The order's product in each country (the demo products of server/seed/demo-products.ts). */
export const PRODUCT_OF: Readonly<Record<CountryCode, string>> = {
  TZ: 'tz-haraka',
  KE: 'ke-flex',
  MX: 'mx-kopa',
}

/** What /loan/product/step-amount says of a country's demo product, as far as the app's salary bands go. */
export function stepAmountOf(country: CountryCode, scorecard = COUNTRY_SCORECARDS[country]) {
  const currency = COUNTRIES[country].currency
  return { productId: PRODUCT_OF[country], currency, minorPerUnit: 100, pricing: { currency, scorecard } }
}

const REFUSED = { ok: false, kind: 'rejected', code: 1500, message: '', messageKey: 'errors.requestFailed' }

export const NETWORK_DOWN = { ok: false, kind: 'network', message: 'errors.network' }

export function startJourney(opts: JourneyOptions) {
  const country = opts.country ?? 'TZ'
  let lifecycle: OrderLifecycleSnapshot = lifecycleAt(opts.status, {
    questionnaireRequired: country === 'MX',
  })
  const drafts = opts.drafts ?? new Map<string, FormValues>()
  const sent: Partial<Record<FormName, FormValues>> = {}
  let reads = 0
  const uploads: UploadImageInput[] = []
  const heldUploads: (() => void)[] = []
  const scans: string[] = []
  const productTermsAsked: string[] = []
  const base = user()
  const borrower: UserInfo = {
    ...base,
    basicInfo: { ...base.basicInfo, country, language: country === 'MX' ? 'es' : base.basicInfo.language },
    ...opts.userExtra,
  }
  const move = (event: OrderLifecycleEvent) => {
    const verdict = decide(lifecycle, event)
    if (!verdict.allowed) throw REFUSED
    lifecycle = verdict.snapshot
  }
  const form = (name: FormName, event: OrderLifecycleEvent) =>
    submitMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: FormValues }>(async ({ input }) => {
          sent[name] = input.values
          await opts.save?.[name]?.(input.values)
          move(event)
        }),
        draftStore: fromCallback<DraftStoreEvent, { formId: string }, DraftStoreReply>(
          ({ input, receive, sendBack }) => {
            const kept = drafts.get(input.formId)
            const restore = () => kept && sendBack({ type: 'draft.restored', values: kept })
            if (opts.lateDrafts) setTimeout(restore, 20)
            else restore()
            receive((event) => {
              if (event.type === 'draft.save') drafts.set(input.formId, event.values)
              else drafts.delete(input.formId)
            })
          },
        ),
      },
    })
  const stepAmount =
    opts.stepAmount ?? (async (): Promise<ApiResult<unknown>> => ({ ok: true, data: stepAmountOf(country) }))
  const { loadSalaryBands } = createJourneyActors({
    api: {
      request: (async (path: string, input: { productId: string }) => {
        if (path !== '/loan/product/step-amount') throw new Error(`No fake for ${path}`)
        productTermsAsked.push(input.productId)
        return stepAmount(input.productId)
      }) as never,
    },
  })
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      loadSalaryBands,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async (): Promise<StoredSession> => ({
            token: 'tok-1',
            user: borrower,
          })),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => borrower),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => {
        reads += 1
        const status = statusOf(lifecycle)
        const product = { productId: PRODUCT_OF[country], currency: COUNTRIES[country].currency }
        return { order: status === null ? null : order(status, product), readAt: T0 }
      }),
      personalInfoForm: form('personalInfo', { type: 'profile.basicSaved' }),
      additionalInfoForm: form('additionalInfo', { type: 'profile.additionalSaved' }),
      walletForm: form(
        'wallet',
        statusOf(lifecycle) === 10 ? { type: 'wallet.corrected' } : { type: 'wallet.added' },
      ),
      questionnaireForm: form('questionnaire', { type: 'questionnaire.saved' }),
      identity: identityMachine.provide({
        actors: {
          readFeatureMode: fromPromise(async () => opts.featureMode ?? { live: -1, ocr: -1 }),
          uploadImage: fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
            uploads.push(input)
            setTimeout(() => sendBack({ type: 'identity.uploadProgressed', fraction: 0.5 }), 5)
            const done = () => sendBack({ type: 'identity.uploadSucceeded' })
            if (opts.holdUploads) heldUploads.push(done)
            else setTimeout(done, 200)
          }),
          runLiveness: fromPromise(async (): Promise<LivenessResult> => ({
            sdk: 'test-sdk',
            sessionId: 'live-1',
            score: 0.98,
            image: new Blob(['face'], { type: 'image/jpeg' }),
          })),
          saveLiveness: fromPromise(async () => {}),
          finishUploads: fromPromise(async () => move({ type: 'profile.identityCompleted' })),
          // The shell's card scanner: records the side and hands back a photo of it.
          scanCard: fromPromise(async ({ input }: { input: { side: 'front' | 'back' } }) => {
            scans.push(input.side)
            return new Blob([`scanned ${input.side}`], { type: 'image/jpeg' })
          }),
          recognise: fromPromise(async () => {}),
          askCamera: fromPromise(
            async (): Promise<'granted' | 'denied' | 'prompt' | 'unavailable'> => opts.camera ?? 'granted',
          ),
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { entry: opts.entry } })
  actor.start()
  return {
    actor,
    drafts,
    sent,
    uploads,
    scans,
    /** Finishes every upload held so far (`holdUploads`). */
    releaseUploads: () => heldUploads.splice(0).forEach((done) => done()),
    /** The products whose terms (/loan/product/step-amount) were asked for. */
    productTermsAsked,
    status: () => statusOf(lifecycle),
    /** How often the order was read. */
    reads: () => reads,
    /** The back office moves the order (e.g. approves it) between two readings. */
    advance: move,
  }
}

export type Journey = ReturnType<typeof startJourney>['actor']

export { settledOn }

/** Renders a screen over the journey, in a language, once the journey stands on the screen's route. */
export const renderScreen = renderOnRoute

/** A translation in the language the last screen was rendered in. */
export const t = (key: string, values?: Record<string, unknown>): string => i18next.t(key, values)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A picker field's button, by the start of its label. */
export const pickerButton = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^${escape(label)}`) })

/** Opens a picker field by its label and chooses an option. */
export async function pick(user: UserEvent, label: string, option: string): Promise<void> {
  await user.click(pickerButton(label))
  const sheet = await screen.findByRole('dialog')
  await user.click(within(sheet).getByRole('option', { name: option }))
}

/** A text field by the start of its label. */
export const textField = (label: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${escape(label)}`) })
