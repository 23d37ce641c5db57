import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { accountDeletionMachine } from '../../machines/account-deletion.machine'
import { couponsMachine, type CouponCentre } from '../../machines/coupons.machine'
import { feedbackTicketMachine } from '../../machines/feedback-ticket.machine'
import { helpContentMachine, type HelpContentKind } from '../../machines/help-content.machine'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { languageMachine } from '../../machines/language.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import { submitMachine } from '../../machines/submit.machine'
import type {
  Coupon,
  DownloadAddress,
  FaqContent,
  FaqItem,
  FeedbackItem,
  HomeIndex,
  Page,
  RejectRecommendation,
} from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import type { ApiFailure } from '../../domain/api-result'
import type { Language } from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import type { RouteName } from '../../domain/routes'
import { T0, order, user } from './journey-fixtures'

const never = <T>() => new Promise<T>(() => {})
const NOT_LOGGED_IN: ApiFailure = { ok: false, kind: 'sessionEnded', code: ApiCode.NotLoggedIn }

/** A signed-in borrower whose latest order has `status`; the user-centre children answer like the server. */
function start(entry: RouteName, status: OrderStatusCode | null = null, signedIn = true) {
  const loaded: HelpContentKind[] = []
  const saved: Language[] = []
  let cleared = 0
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async (): Promise<StoredSession> =>
            signedIn ? { token: 'tok-1', user: user() } : { token: null, user: null },
          ),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => user()),
          clearStoredSession: fromPromise(async () => {
            cleared += 1
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
      helpContent: helpContentMachine.provide({
        actors: {
          loadFaq: fromPromise(async (): Promise<FaqContent> => {
            loaded.push('faq')
            return { language: 'en', sections: [] }
          }),
          loadQuestions: fromPromise(async (): Promise<FaqItem[]> => {
            loaded.push('questions')
            return []
          }),
          loadDownloadAddress: fromPromise(async (): Promise<DownloadAddress | null> => {
            loaded.push('downloadAddress')
            return null
          }),
        },
      }),
      coupons: couponsMachine.provide({
        actors: {
          loadCentre: fromPromise(async (): Promise<CouponCentre> => ({ show: false, available: 0 })),
          loadCoupons: fromPromise(async (): Promise<Page<Coupon>> => ({
            items: [],
            page: 1,
            pageSize: 20,
            total: 0,
          })),
        },
      }),
      feedbackTicket: feedbackTicketMachine.provide({
        actors: {
          // Like the API client: a call that needs a session, made without a token, fails as "session ended".
          loadTickets: fromPromise(async (): Promise<Page<FeedbackItem>> => {
            if (!signedIn) throw NOT_LOGGED_IN
            return { items: [], page: 1, pageSize: 20, total: 0 }
          }),
          loadRedDot: fromPromise(async () => {
            if (!signedIn) throw NOT_LOGGED_IN
            return { unread: 0 }
          }),
          ticketForm: submitMachine.provide({ actors: { draftStore: fromCallback(() => {}) } }),
        },
      }),
      accountDeletion: accountDeletionMachine.provide({
        actors: { deleteAccount: fromPromise(async () => ({ deletedAt: new Date(T0).toISOString() })) },
      }),
      language: languageMachine.provide({
        actors: {
          loadLanguage: fromPromise(async (): Promise<Language | null> => 'en'),
          saveLanguage: fromPromise(async ({ input }: { input: { language: Language } }) => {
            saved.push(input.language)
          }),
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { entry } }).start()
  return { actor, loaded, saved, cleared: () => cleared }
}

type Journey = ReturnType<typeof start>['actor']
const on = (actor: Journey, route: RouteName) =>
  waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 2000 })
const child = (actor: Journey, id: string) => actor.getSnapshot().children[id] as AnyActorRef | undefined
/** The ticket child has tried to load the list (and, without a session, failed), or the journey left meanwhile. */
const ticketsRefused = (actor: Journey) =>
  waitFor(
    actor,
    (s) =>
      s.context.route !== 'feedbackFaq' ||
      (s.children as Record<string, AnyActorRef | undefined>).feedbackTicket?.getSnapshot().hasTag('busy') !==
        true,
    { timeout: 2000 },
  )

describe('journey: user centre', () => {
  it.each([
    ['faq', 'faq'],
    ['openApp', 'downloadAddress'],
    ['feedbackFaq', 'questions'],
  ] as [RouteName, HelpContentKind][])('reads the help content %s shows (%s)', async (route, kind) => {
    const { actor, loaded } = start(route)
    await on(actor, route)
    await waitFor(child(actor, 'helpContent')!, (s) => s.matches('shown'))
    expect(loaded).toEqual([kind])
  })

  it('runs the coupon centre on the coupons screen', async () => {
    const { actor } = start('coupons')
    await on(actor, 'coupons')
    const coupons = child(actor, 'coupons')!
    expect(coupons.getSnapshot().context.mode).toBe('centre')
    await waitFor(coupons, (s) => s.matches({ centre: 'ready' }))
  })

  it('keeps the language the borrower chooses, on any screen', async () => {
    const { actor, saved } = start('settings')
    await on(actor, 'settings')
    const language = child(actor, 'language')!
    await waitFor(language, (s) => s.matches('ready'))
    actor.send({ type: 'language.chosen', language: 'es' })
    await waitFor(language, (s) => s.matches('ready') && s.context.language === 'es')
    expect(saved).toEqual(['es'])
  })

  it('tells account deletion the latest order, so an open loan refuses it', async () => {
    const { actor } = start('deleteAccount', 2)
    await on(actor, 'deleteAccount')
    expect(child(actor, 'accountDeletion')!.getSnapshot().hasTag('refused')).toBe(true)
  })

  it('signs the borrower out and goes home once the account is deleted', async () => {
    const { actor, cleared } = start('deleteAccount', 4)
    await on(actor, 'deleteAccount')
    const deletion = child(actor, 'accountDeletion')!
    deletion.send({ type: 'reason.toggled', reason: 'noLongerNeeded' })
    deletion.send({ type: 'code.changed', code: '123456' })
    deletion.send({ type: 'deletion.submitted' })
    await on(actor, 'home')
    await waitFor(actor, (s) => s.context.session.status === 'signedOut')
    expect(actor.getSnapshot().context.order).toBeNull()
    expect(cleared()).toBe(1)
  })

  it('goes back to settings when the borrower keeps the account', async () => {
    const { actor } = start('deleteAccount')
    await on(actor, 'deleteAccount')
    child(actor, 'accountDeletion')!.send({ type: 'deletion.dismissed' })
    await on(actor, 'settings')
  })

  it('opens a new ticket from the questions before one, in the same ticket child', async () => {
    const { actor } = start('feedbackFaq')
    await on(actor, 'feedbackFaq')
    const tickets = child(actor, 'feedbackTicket')!
    await waitFor(tickets, (s) => s.matches({ list: 'shown' }))
    actor.send({ type: 'xstate.route', to: '#addFeedback' })
    await on(actor, 'addFeedback')
    expect(child(actor, 'feedbackTicket')).toBe(tickets)
    expect(tickets.getSnapshot().matches('composing')).toBe(true)
  })

  it('keeps a signed-out borrower on the questions before a ticket, open to anyone', async () => {
    const { actor } = start('feedbackFaq', null, false)
    await on(actor, 'feedbackFaq')
    // The ticket list cannot load without a session; that is no reason to leave a public page.
    await ticketsRefused(actor)
    expect(actor.getSnapshot().context.route).toBe('feedbackFaq')
    await waitFor(child(actor, 'helpContent')!, (s) => s.matches('shown'))
  })

  it('asks a signed-out borrower to log in before writing a ticket', async () => {
    const { actor } = start('feedbackFaq', null, false)
    await on(actor, 'feedbackFaq')
    await ticketsRefused(actor)
    actor.send({ type: 'xstate.route', to: '#addFeedback' })
    await on(actor, 'login')
    expect(actor.getSnapshot().context.returnTo).toBe('addFeedback')
  })
})
