/**
 * The user-centre, feedback and coupon screens' tests render the screen the journey stands on (following it from
 * route to route) over a real journey actor, with every I/O actor of the children these screens use stubbed:
 * the help content, the coupon centre, account deletion, the feedback tickets (with a ticket form whose drafts
 * live in a map that outlives the journey) and the language kept on the "phone". As the composition does, a
 * language the borrower chooses switches i18n (src/i18n.ts changeLanguage).
 */
import { type RenderResult } from '@testing-library/react'
import i18next from 'i18next'
import type { ComponentType } from 'react'
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate'
import { accountDeletionMachine } from '../../machines/account-deletion.machine'
import { appRatingMachine, type PopEvaluateTime } from '../../machines/app-rating.machine'
import { couponsMachine, type CouponCentre } from '../../machines/coupons.machine'
import { feedbackTicketMachine } from '../../machines/feedback-ticket.machine'
import type { UploadEvent } from '../../machines/kit/upload-queue'
import { helpContentMachine } from '../../machines/help-content.machine'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { languageMachine } from '../../machines/language.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import {
  submitMachine,
  type DraftStoreEvent,
  type FormValues,
  type DraftStoreReply,
} from '../../machines/submit.machine'
import type { ScreenProps } from '../../screens/screen-props'
import type {
  AccountDeleted,
  Coupon,
  DownloadAddress,
  FaqContent,
  FaqItem,
  FeedbackDetail,
  FeedbackItem,
  FeedbackMessage,
  HomeIndex,
  LotteryDraw,
  Page,
  RejectRecommendation,
  UserInfo,
  VerifyCodeSent,
} from '../../domain/api-types'
import type { CountryCode, Language } from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import type { RouteName } from '../../domain/routes'
import type { CouponStatus } from '../../domain/schemas/coupon'
import { changeLanguage } from '../../src/i18n'
import { T0, order, user } from '../machines/journey-fixtures'
import { renderOnRoute, routesScreen, type RenderOnRouteOptions } from './render-on-route'

/** What the stubbed server answers; every answer can be replaced by a test. */
export interface UserCentreIo {
  loadFaq: () => Promise<FaqContent>
  loadQuestions: () => Promise<FaqItem[]>
  loadDownloadAddress: () => Promise<DownloadAddress | null>
  loadCentre: () => Promise<CouponCentre>
  loadCoupons: (input: { tab: CouponStatus; page: number }) => Promise<Page<Coupon>>
  drawCoupon: () => Promise<LotteryDraw>
  sendDeletionCode: () => Promise<VerifyCodeSent>
  deleteAccount: (input: { reasons: string[]; remark?: string; code: string }) => Promise<AccountDeleted>
  loadTickets: (input: { page: number }) => Promise<Page<FeedbackItem>>
  loadRedDot: () => Promise<{ unread: number }>
  loadTicket: (input: { feedbackId: string }) => Promise<FeedbackDetail>
  /** The thread, a page at a time (default: the messages of loadTicket's answer, on one page). */
  loadMessages: (input: { feedbackId: string; page: number; pageSize: number }) => Promise<Page<FeedbackMessage>>
  /** The ticket's images (default: a small PNG for each). */
  loadImages: (input: { files: { fileId: string }[] }) => Promise<Record<string, Blob>>
  leaveMessage: (input: { feedbackId: string; content: string }) => Promise<unknown>
  rateTicket: (input: { feedbackId: string; rating: number }) => Promise<unknown>
  createTicket: (values: FormValues) => Promise<unknown>
}

export interface UserCentreOptions {
  entry: RouteName
  /** The latest order's status; null: none. */
  status?: OrderStatusCode | null
  signedIn?: boolean
  country?: CountryCode
  /** The language kept on the phone (spec §3 `language`). */
  storedLanguage?: Language | null
  /** Ticket-form drafts kept by the "phone"; pass the same map to a second journey to reload the app. */
  drafts?: Map<string, FormValues>
  io?: Partial<UserCentreIo>
}

const never = <T,>() => new Promise<T>(() => {})
const page = <T,>(items: T[], n = 1): Page<T> => ({ items, page: n, pageSize: 20, total: items.length })

export function startUserCentre(opts: UserCentreOptions) {
  const calls: { name: string; input: unknown }[] = []
  const drafts = opts.drafts ?? new Map<string, FormValues>()
  let storedLanguage = opts.storedLanguage ?? null
  const country = opts.country ?? 'TZ'
  const base = user()
  const borrower: UserInfo = { ...base, basicInfo: { ...base.basicInfo, country } }
  const defaults: UserCentreIo = {
    loadFaq: async () => ({ language: 'en', sections: [] }),
    loadQuestions: async () => [],
    loadDownloadAddress: async () => ({ url: 'https://kopa.example/kopa.apk', version: '2.4.0' }),
    loadCentre: async () => ({ show: false, available: 0 }),
    loadCoupons: async ({ page: n }) => page([], n),
    drawCoupon: async () => ({ coupon: null }),
    sendDeletionCode: async () => ({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
    deleteAccount: async () => ({ deletedAt: new Date(T0).toISOString() }),
    loadTickets: async ({ page: n }) => page([], n),
    loadRedDot: async () => ({ unread: 0 }),
    loadTicket: () => never(),
    loadMessages: async ({ feedbackId, page: n }) => {
      const { messages } = await io.loadTicket({ feedbackId })
      return { ...page(n === 1 ? messages : [], n), total: messages.length }
    },
    loadImages: async ({ files }) =>
      Object.fromEntries(files.map((f) => [f.fileId, new Blob([f.fileId], { type: 'image/png' })])),
    leaveMessage: async () => ({ messageId: 'M-9' }),
    rateTicket: async () => ({}),
    createTicket: async () => ({ feedbackId: 'F-77' }),
  }
  const io = { ...defaults, ...opts.io }
  /** A stubbed actor that records its input and answers from `io` (each child types its own actors). */
  const call = (name: keyof UserCentreIo) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fromPromise<any, any>(async ({ input }) => {
      calls.push({ name, input })
      return (io[name] as (arg: unknown) => Promise<unknown>)(input)
    })
  const ticketForm = submitMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: { values: FormValues } }) => {
        calls.push({ name: 'createTicket', input: input.values })
        return io.createTicket(input.values)
      }),
      draftStore: fromCallback<DraftStoreEvent, { formId: string }, DraftStoreReply>(
        ({ input, receive, sendBack }) => {
          const kept = drafts.get(input.formId)
          if (kept) sendBack({ type: 'draft.restored', values: kept })
          receive((event) => {
            if (event.type === 'draft.save') drafts.set(input.formId, event.values)
            else drafts.delete(input.formId)
          })
        },
      ),
    },
  })
  const stored: StoredSession =
    opts.signedIn === false ? { token: null, user: null } : { token: 'tok-1', user: borrower }
  const status = opts.status ?? null
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => stored),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => borrower),
          clearStoredSession: fromPromise(async () => {
            calls.push({ name: 'clearStoredSession', input: null })
          }),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => ({
        order: status === null ? null : order(status),
        readAt: T0,
      })),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(() => never<HomeIndex>()),
          checkRejectRecommendation: fromPromise(() => never<RejectRecommendation>()),
        },
      }),
      appRating: appRatingMachine.provide({
        actors: { loadRecord: fromPromise(() => never<PopEvaluateTime | null>()) },
      }),
      language: languageMachine.provide({
        actors: {
          loadLanguage: fromPromise(async () => storedLanguage),
          saveLanguage: fromPromise(async ({ input }: { input: { language: Language } }) => {
            storedLanguage = input.language
          }),
        },
      }),
      helpContent: helpContentMachine.provide({
        actors: {
          loadFaq: call('loadFaq'),
          loadQuestions: call('loadQuestions'),
          loadDownloadAddress: call('loadDownloadAddress'),
        },
      }),
      coupons: couponsMachine.provide({
        actors: {
          loadCentre: call('loadCentre'),
          loadCoupons: call('loadCoupons'),
          drawCoupon: call('drawCoupon'),
        },
      }),
      accountDeletion: accountDeletionMachine.provide({
        actors: { sendDeletionCode: call('sendDeletionCode'), deleteAccount: call('deleteAccount') },
      }),
      feedbackTicket: feedbackTicketMachine.provide({
        actors: {
          loadTickets: call('loadTickets'),
          loadRedDot: call('loadRedDot'),
          loadTicket: call('loadTicket'),
          loadMessages: call('loadMessages'),
          loadImages: call('loadImages'),
          leaveMessage: call('leaveMessage'),
          rateTicket: call('rateTicket'),
          // The phone's compressor keeps the photo as it is; the upload reports half way, then its file id.
          compressReceipt: fromPromise(async ({ input }: { input: { file: Blob } }) => input.file),
          uploadReceipt: fromCallback<
            { type: 'upload.cancelled' },
            { localId: string; file: Blob; to: 'ticket' | 'message' }
          >(
            ({ input, sendBack }) => {
              const send = (event: UploadEvent) => sendBack(event)
              // A new ticket's receipt (/feedback/upload/credential) or a message's image (/feedback/uploadFile).
              calls.push({ name: input.to === 'message' ? 'uploadFile' : 'uploadReceipt', input: input.localId })
              const half = setTimeout(
                () => send({ type: 'receipt.progressed', localId: input.localId, fraction: 0.5 }),
                5,
              )
              const done = setTimeout(
                () =>
                  send({
                    type: 'receipt.uploaded',
                    localId: input.localId,
                    file: {
                      fileId: `file-${input.localId}`,
                      url: '/f',
                      contentType: 'image/jpeg',
                      size: input.file.size,
                    },
                  }),
                // Long enough at half way for a test on a loaded machine to see the progress bar (polled every 50 ms).
                150,
              )
              return () => {
                clearTimeout(half)
                clearTimeout(done)
              }
            },
          ),
          ticketForm,
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { entry: opts.entry } })
  // The composition's part: a language the borrower chooses switches the app's texts.
  actor.start()
  const languageChild = actor.getSnapshot().children.language as AnyActorRef | undefined
  languageChild?.subscribe((s: { context: { language: Language | null } }) => {
    const chosen = s.context.language
    if (chosen && i18next.isInitialized && chosen !== i18next.language) void changeLanguage(chosen)
  })
  return {
    actor,
    calls,
    drafts,
    storedLanguage: () => storedLanguage,
    inputsOf: (name: string) => calls.filter((c) => c.name === name).map((c) => c.input),
  }
}

export type UserCentreJourney = ReturnType<typeof startUserCentre>['actor']

/**
 * Renders whichever of `screens` the journey stands on (the user-centre and feedback screens move between routes
 * by themselves), in a language and country, once the journey stands on `route`.
 */
export function renderUserCentre(
  screens: Partial<Record<RouteName, ComponentType<ScreenProps>>>,
  actor: UserCentreJourney,
  options: RenderOnRouteOptions,
): Promise<RenderResult> {
  return renderOnRoute(routesScreen(screens), actor, options)
}

/** A translation in the language i18n shows now. */
export const t = (key: string, values?: Record<string, unknown>): string => i18next.t(key, values)

/** The route the journey stands on. */
export const routeOf = (actor: UserCentreJourney): RouteName => actor.getSnapshot().context.route
