import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef, type EventObject } from 'xstate'
import { appRatingMachine } from '../../machines/app-rating.machine'
import { feedbackTicketMachine } from '../../machines/feedback-ticket.machine'
import { homeMachine } from '../../machines/home.machine'
import { type HomeOverview } from '../../machines/home/home-context'
import { identityMachine } from '../../machines/identity.machine'
import type { UploadImageInput } from '../../machines/identity/identity-context'
import { journeyMachine, type JourneySnapshot } from '../../machines/journey.machine'
import { type JourneyInput, type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { type OrderLifecycleEvent, type OrderLifecycleSnapshot } from '../../machines/order-lifecycle.machine'
import { decide, lifecycleAt, statusOf } from '../../machines/order-lifecycle/order-policy'
import { permissionMachine } from '../../machines/permission.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import type { DisclosedPermission, PermissionStates, UploadFlag } from '../../domain/permissions'
import { submitMachine, type DraftStoreEvent, type DraftStoreReply } from '../../machines/submit.machine'
import { uploadGateMachine, type UploadFlags } from '../../machines/upload-gate.machine'
import type {
  FeedbackItem,
  LatestOrder,
  Page,
  RatingPromptState,
  RejectRecommendation,
} from '../../domain/api-types'
import type { PopEvaluateTime } from '../../services/storage/storage'
import type { OrderStatusCode } from '../../domain/order-status'
import type { RouteName } from '../../domain/routes'
import { personalInfoDraft, walletDraft, workInfo } from '../domain/onboarding-bodies'
import { NO_PRODUCT_OVERVIEW, T0, iso, order, user } from './journey-fixtures'

// Valid form values for a Tanzanian borrower (the journey checks each form against the country's schema).
const PERSONAL = personalInfoDraft
const ADDITIONAL = workInfo
const WALLET = walletDraft
const APPLICATION = { productId: 'tz-standard', amountMinor: 100_000_00, tenureDays: 91 }
const ALL_FLAGS: UploadFlags = {
  appList: true,
  sms: true,
  exif: true,
  device: true,
  contact: true,
  callLog: true,
  location: true,
}

const REFUSED = { ok: false, kind: 'rejected', code: 1500, message: '', messageKey: 'errors.requestFailed' }

interface Options extends JourneyInput {
  /** Extra actors for the screen children a test walks into. */
  actors?: Parameters<typeof journeyMachine.provide>[0]['actors']
  stored?: StoredSession
  status?: OrderStatusCode | null
  questionnaireRequired?: boolean
  repeatBorrower?: boolean
  orderExtra?: Partial<LatestOrder>
  gate?: () => Promise<UploadFlags>
}

/**
 * The journey with every I/O stubbed. The fake server keeps the borrower's order in the real order lifecycle,
 * so each save moves the status exactly as the reference server would.
 */
function start(opts: Options = {}) {
  let lifecycle: OrderLifecycleSnapshot = lifecycleAt(opts.status ?? null, {
    questionnaireRequired: opts.questionnaireRequired ?? false,
  })
  const calls: string[] = []
  const serve = (name: string, event: OrderLifecycleEvent) => {
    calls.push(name)
    const verdict = decide(lifecycle, event)
    if (!verdict.allowed) throw REFUSED
    lifecycle = verdict.snapshot
  }
  const latest = (): OrderReading => {
    const status = statusOf(lifecycle)
    return { order: status === null ? null : order(status, opts.orderExtra), readAt: T0 }
  }
  const form = (name: string, event: OrderLifecycleEvent) =>
    submitMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () => serve(name, event)),
        draftStore: fromCallback(() => {}),
      },
    })
  const overview: HomeOverview = { ...NO_PRODUCT_OVERVIEW, repeatBorrower: opts.repeatBorrower ?? false }

  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => opts.stored ?? { token: null, user: null }),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => user()),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async () => {
        calls.push('latest')
        return latest()
      }),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => overview),
          checkRejectRecommendation: fromPromise(async (): Promise<RejectRecommendation> => ({
            show: false,
            retryAt: null,
            apps: [],
          })),
        },
      }),
      personalInfoForm: form('saveBasicInfo', { type: 'profile.basicSaved' }),
      additionalInfoForm: form('saveAdditionInfo', { type: 'profile.additionalSaved' }),
      walletForm: form('addBankCard', { type: 'wallet.added' }),
      questionnaireForm: form('saveQuestionnaire', { type: 'questionnaire.saved' }),
      applicationForm: form('apply-market', { type: 'application.started', at: T0 }),
      repeatApplicationForm: form('apply-market-again', { type: 'application.started', at: T0 }),
      identity: identityMachine.provide({
        actors: {
          readFeatureMode: fromPromise(async () => ({ live: -1, ocr: -1 })),
          uploadImage: fromCallback<EventObject, UploadImageInput>(({ sendBack }) => {
            queueMicrotask(() => sendBack({ type: 'identity.uploadSucceeded' }))
          }),
          finishUploads: fromPromise(async () =>
            serve('finishUploadAllImg', { type: 'profile.identityCompleted' }),
          ),
        },
      }),
      uploadGate: uploadGateMachine.provide({
        actors: {
          fetchUploadStatus: fromPromise(opts.gate ?? (async () => ALL_FLAGS)),
          startCollector: fromPromise(async () => {}),
        },
      }),
      submitApplication: fromPromise(async () => serve('submit', { type: 'collection.finished' })),
      ...opts.actors,
    },
  })
  const actor = createActor(machine, {
    input: { entry: opts.entry ?? null, devRoutes: opts.devRoutes ?? false, askDisclosure: opts.askDisclosure },
  })
  actor.start()
  return { actor, calls, status: () => statusOf(lifecycle) }
}

type Journey = ReturnType<typeof start>['actor']

/** The screen the borrower sees once nothing is loading. */
const settledOn = (actor: Journey, route: RouteName) =>
  waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 2000 })

const settled = (actor: Journey) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 })

const child = (snapshot: JourneySnapshot, id: string) => snapshot.children[id] as AnyActorRef

const SIGNED_IN: StoredSession = { token: 'tok-1', user: user() }

describe('journey: start-up and the route guard', () => {
  it('is busy while it starts and then opens home for a borrower without a session', async () => {
    const { actor, calls } = start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snap = await settledOn(actor, 'home')
    expect(snap.context.session.status).toBe('signedOut')
    expect(calls).not.toContain('latest')
  })

  it('reads a signed-in borrower’s latest order at start-up', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN, status: 2 })
    const snap = await settledOn(actor, 'home')
    expect(calls).toEqual(['latest'])
    expect(snap.context.order?.status).toBe(2)
    expect(child(snap, 'home').getSnapshot().hasTag('repaying')).toBe(true)
  })

  it('opens a deep link to a protected screen at login first, and goes on there once the shell logs in', async () => {
    const { actor } = start({ entry: 'records' })
    let snap = await settledOn(actor, 'login')
    expect(snap.context.returnTo).toBe('records')
    actor.send({ type: 'shell.login', token: 'tok-new' })
    snap = await settledOn(actor, 'records')
    expect(snap.context.session.token).toBe('tok-new')
    expect(snap.context.returnTo).toBeNull()
  })

  it('opens a screen asked for while the shell’s login is still being read, once it is', async () => {
    const { actor } = start()
    await settledOn(actor, 'home')
    actor.send({ type: 'shell.login', token: 'tok-new' })
    // The deep link arrives while the journey is still signing the borrower in (reading the latest order).
    actor.send({ type: 'xstate.route', to: '#coupons' })
    const snap = await settledOn(actor, 'coupons')
    expect(snap.context.session.token).toBe('tok-new')
    expect(snap.context.returnTo).toBeNull()
  })

  it('sends a borrower who types a protected URL without a session to login, remembering where they were going', async () => {
    const { actor } = start()
    await settledOn(actor, 'home')
    actor.send({ type: 'xstate.route', to: '#coupons' })
    const snap = await settledOn(actor, 'login')
    expect(snap.context.returnTo).toBe('coupons')
  })

  it('opens public screens without a session', async () => {
    const { actor } = start()
    await settledOn(actor, 'home')
    const open = ['me', 'privacyPolicy', 'termsOfService', 'permission', 'language'] as const
    // Nothing of the borrower's, and what a visitor must see before giving a number (issue 13).
    const trust = ['settings', 'aboutUs', 'customerServices', 'faq'] as const
    for (const route of [...open, ...trust]) {
      actor.send({ type: 'xstate.route', to: `#${route}` })
      expect(actor.getSnapshot().context.route).toBe(route)
    }
  })

  it('refuses the development flows page unless the build allows it', async () => {
    const prod = start()
    await settledOn(prod.actor, 'home')
    prod.actor.send({ type: 'xstate.route', to: '#flows' })
    expect(prod.actor.getSnapshot().context.route).toBe('home')

    const dev = start({ devRoutes: true })
    await settledOn(dev.actor, 'home')
    dev.actor.send({ type: 'xstate.route', to: '#flows' })
    expect(dev.actor.getSnapshot().context.route).toBe('flows')
  })

  it('refuses the back button into an onboarding step the borrower has already finished', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 12, entry: 'idCardAuthentication' })
    await settledOn(actor, 'idCardAuthentication')
    const before = actor.getSnapshot()
    expect(before.can({ type: 'xstate.route', to: '#personalInfomation' })).toBe(false)
    actor.send({ type: 'xstate.route', to: '#personalInfomation' })
    expect(actor.getSnapshot().context.route).toBe('idCardAuthentication')
  })

  it('does not let a signed-in borrower open login or register', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 4 })
    const snap = await settledOn(actor, 'home')
    expect(snap.can({ type: 'xstate.route', to: '#login' })).toBe(false)
    expect(snap.can({ type: 'xstate.route', to: '#register' })).toBe(false)
  })
})

describe('journey: the order status decides the next screen', () => {
  it.each<[OrderStatusCode, RouteName]>([
    [6, 'personalInfomation'],
    [12, 'idCardAuthentication'],
    [11, 'additionalInfomation'],
    [5, 'addBankCard'],
    [17, 'loanQuestion'],
    [19, 'finishLoading'],
    [1, 'reviewTips'],
    [14, 'confirmBorrow'],
    [18, 'confirmBorrow'],
    [7, 'lending'],
    [2, 'repayDetail'],
    [3, 'repayDetail'],
    [10, 'repayDetail'],
  ])('opens the screen of status %s (%s) when the borrower follows the order', async (status, route) => {
    const { actor } = start({
      stored: SIGNED_IN,
      status,
      entry: 'me',
      questionnaireRequired: status === 17,
      orderExtra: status === 14 || status === 18 ? { approvedAt: iso(T0) } : {},
    })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snap = await waitFor(actor, (s) => s.context.route !== 'me', { timeout: 2000 })
    expect(snap.context.route).toBe(route)
  })

  it.each<OrderStatusCode>([4, 8, 9])(
    'keeps the borrower where they are for status %s, which opens nothing',
    async (status) => {
      const { actor } = start({ stored: SIGNED_IN, status, entry: 'faq' })
      await settledOn(actor, 'faq')
      actor.send({ type: 'order.follow' })
      await waitFor(actor, (s) => s.hasTag('busy'))
      const snap = await settled(actor)
      expect(snap.context.route).toBe('faq')
    },
  )

  it('walks a new borrower from Apply through 6, 12, 11, 5 and 19 to review tips, reading the order after each step', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN })
    let snap = await settledOn(actor, 'home')

    child(snap, 'home').send({ type: 'home.apply' })
    snap = await settledOn(actor, 'toBorrow')
    child(snap, 'application').send({ type: 'form.submitted', extra: APPLICATION })

    snap = await settledOn(actor, 'personalInfomation')
    child(snap, 'personalInfoForm').send({ type: 'form.submitted', extra: PERSONAL })

    snap = await settledOn(actor, 'idCardAuthentication')
    const identity = child(snap, 'identity')
    await waitFor(identity, (s) => s.hasTag('awaitingFront'))
    for (const side of ['front', 'back', 'face'] as const) {
      identity.send({ type: 'identity.photoTaken', side, image: new Blob([side]) })
      await waitFor(identity, (s) => !s.hasTag('busy'))
    }
    identity.send({ type: 'identity.submitted' })

    snap = await settledOn(actor, 'additionalInfomation')
    child(snap, 'additionalInfoForm').send({ type: 'form.submitted', extra: ADDITIONAL })

    snap = await settledOn(actor, 'addBankCard')
    child(snap, 'walletForm').send({ type: 'form.submitted', extra: WALLET })

    // The wallet is checked, not sent: the review comes first; its Submit sends the wallet (5 → 19).
    await settledOn(actor, 'reviewApplication')
    expect(calls).not.toContain('addBankCard')
    actor.send({ type: 'application.submitted' })

    // 19: the upload check passes and /user/submit moves the order to 1.
    snap = await settledOn(actor, 'reviewTips')
    expect(snap.context.order?.status).toBe(1)
    expect(calls.filter((c) => c !== 'latest')).toEqual([
      'apply-market',
      'saveBasicInfo',
      'finishUploadAllImg',
      'saveAdditionInfo',
      'addBankCard',
      'submit',
    ])
    expect(calls.filter((c) => c === 'latest').length).toBeGreaterThanOrEqual(7)
  })

  it('asks a Mexican borrower the questionnaire after the wallet', async () => {
    const { actor } = start({
      stored: SIGNED_IN,
      status: 5,
      questionnaireRequired: true,
      entry: 'addBankCard',
    })
    let snap = await settledOn(actor, 'addBankCard')
    child(snap, 'walletForm').send({ type: 'form.submitted', extra: WALLET })
    await settledOn(actor, 'reviewApplication')
    actor.send({ type: 'application.submitted' })
    snap = await settledOn(actor, 'loanQuestion')
    expect(snap.context.order?.status).toBe(17)
  })

  it('lets a repeat borrower skip onboarding with apply-market-again', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN, status: 4, repeatBorrower: true })
    let snap = await settledOn(actor, 'home')
    child(snap, 'home').send({ type: 'home.apply' })
    snap = await settledOn(actor, 'toBorrow')
    child(snap, 'application').send({ type: 'form.submitted', extra: APPLICATION })
    snap = await settledOn(actor, 'reviewTips')
    expect(snap.context.order?.status).toBe(1)
    expect(calls).toContain('apply-market-again')
    expect(calls).not.toContain('apply-market')
    expect(calls).not.toContain('saveBasicInfo')
  })

  it('stays on finish loading with the collector’s message when the upload check fails, and retries', async () => {
    let attempt = 0
    const { actor } = start({
      stored: SIGNED_IN,
      status: 19,
      entry: 'finishLoading',
      // The check-only pass, then the collecting pass, are refused; the retry's check finds everything.
      gate: async () => {
        attempt += 1
        if (attempt <= 2) throw { ...REFUSED, message: 'Location is off' }
        return ALL_FLAGS
      },
    })
    let snap = await waitFor(actor, (s) => s.context.error !== null)
    expect(snap.context.route).toBe('finishLoading')
    expect(snap.context.error).toEqual({ text: 'Location is off' })
    actor.send({ type: 'finishLoading.retried' })
    snap = await settledOn(actor, 'reviewTips')
    expect(snap.context.error).toBeNull()
  })

  it('saves a wallet corrected after a failed pay-out at once, with no review', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN, status: 10, entry: 'addBankCard' })
    const snap = await settledOn(actor, 'addBankCard')
    child(snap, 'walletForm').send({ type: 'form.submitted', extra: WALLET })
    await waitFor(actor, () => calls.includes('addBankCard'), { timeout: 2000 })
    expect(actor.getSnapshot().context.route).not.toBe('reviewApplication')
  })

  it('sends a borrower whose pay-out failed from Edit on home to the wallet form', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 10 })
    const snap = await settledOn(actor, 'home')
    child(snap, 'home').send({ type: 'home.edit' })
    await settledOn(actor, 'addBankCard')
  })
})

describe('journey: the session ends', () => {
  it('clears the session when a screen reports a session code, opens login with the toast, and returns after login', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 2, entry: 'records' })
    await settledOn(actor, 'records')
    actor.send({ type: 'session.ended', code: 10010304 })
    let snap = await settledOn(actor, 'login')
    expect(snap.context.session).toMatchObject({ token: null, toastKey: 'errors.code.10010304' })
    expect(snap.context.order).toBeNull()
    expect(snap.context.returnTo).toBe('records')

    actor.send({ type: 'session.toastShown' })
    actor.send({ type: 'session.signIn', token: 'tok-2' })
    snap = await settledOn(actor, 'records')
    expect(snap.context.session.toastKey).toBeNull()
    expect(snap.context.order?.status).toBe(2)
  })

  // Start-up with a stored token the server no longer accepts: the session child's user read and the journey's
  // order read are both refused, in either order. The borrower must end on login with the server's reason.
  const EXPIRED = { ok: false, kind: 'sessionEnded', code: 10010303 }
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const refusedAtStartUp = (userAfterMs: number, orderAfterMs: number) =>
    start({
      stored: SIGNED_IN,
      status: 2,
      entry: 'coupons',
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredSession: fromPromise(async () => SIGNED_IN),
            storeToken: fromPromise(async () => {}),
            loadUser: fromPromise(async (): Promise<ReturnType<typeof user>> => {
              await later(userAfterMs)
              throw EXPIRED
            }),
            clearStoredSession: fromPromise(async () => {}),
          },
        }),
        fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => {
          await later(orderAfterMs)
          throw EXPIRED
        }),
      },
    })

  it.each([
    ['the user read is refused first', 0, 20],
    ['the order read is refused first', 20, 0],
    ['both are refused at once', 5, 5],
  ])('opens login with "token expired" when a stored token expired and %s', async (_, userMs, orderMs) => {
    const { actor } = refusedAtStartUp(userMs, orderMs)
    const snap = await waitFor(
      actor,
      (s) => !s.hasTag('busy') && s.context.session.status === 'signedOut' && s.context.route === 'login',
      { timeout: 2000 },
    )
    await later(50)
    const after = actor.getSnapshot()
    expect(after.context.route).toBe('login')
    expect(after.context.session).toMatchObject({ token: null, toastKey: 'errors.code.10010303' })
    expect(snap.context.returnTo).toBe('coupons')
  })

  it('goes home and forgets the order when the native shell logs out', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 2, entry: 'records' })
    await settledOn(actor, 'records')
    actor.send({ type: 'shell.logout' })
    const snap = await waitFor(actor, (s) => s.context.session.status === 'signedOut')
    expect(snap.context.route).toBe('home')
    expect(snap.context.order).toBeNull()
  })
})

describe('journey: the screens of other machines', () => {
  it('tells the rating prompt about the order it reads, so a repaid loan can be rated', async () => {
    const asked: string[] = []
    const { actor } = start({
      stored: SIGNED_IN,
      status: 4,
      actors: {
        appRating: appRatingMachine.provide({
          actors: {
            loadRecord: fromPromise(async (): Promise<PopEvaluateTime | null> => null),
            askServer: fromPromise(({ input }: { input: { loanOrderId: string } }) => {
              asked.push(input.loanOrderId)
              return new Promise<RatingPromptState>(() => {})
            }),
          },
        }),
      },
    })
    await settledOn(actor, 'home')
    await waitFor(actor, () => asked.length > 0, { timeout: 2000 })
    expect(asked).toEqual(['L-1001'])
  })

  it('follows the feedback ticket child from the list to a new ticket', async () => {
    const { actor } = start({
      stored: SIGNED_IN,
      status: 4,
      entry: 'feedbackList',
      actors: {
        feedbackTicket: feedbackTicketMachine.provide({
          actors: {
            loadTickets: fromPromise(async (): Promise<Page<FeedbackItem>> => ({
              items: [],
              page: 1,
              pageSize: 20,
              total: 0,
            })),
            loadRedDot: fromPromise(async () => ({ unread: 0 })),
            ticketForm: submitMachine.provide({
              actors: {
                draftStore: fromCallback(() => {}),
                submit: fromPromise(() => new Promise<unknown>(() => {})),
              },
            }),
          },
        }),
      },
    })
    const snap = await settledOn(actor, 'feedbackList')
    child(snap, 'feedbackTicket').send({ type: 'ticket.started' })
    await settledOn(actor, 'addFeedback')
    child(actor.getSnapshot(), 'feedbackTicket').send({ type: 'composing.cancelled' })
    await settledOn(actor, 'feedbackList')
  })
})

describe('journey: the review before the application is sent (issue 13)', () => {
  /** A profile save the server takes at any status (it moves the order only when the step is the order's). */
  const profileSave = (calls: string[], name: string) =>
    submitMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () => {
          calls.push(name)
        }),
        draftStore: fromCallback(() => {}),
      },
    })

  it('reads the profile the server has again when the review opens, and sends nothing until Submit', async () => {
    let userReads = 0
    const { actor, calls } = start({
      stored: SIGNED_IN,
      status: 5,
      entry: 'addBankCard',
      actors: {
        session: sessionMachine.provide({
          actors: {
            readStoredSession: fromPromise(async () => SIGNED_IN),
            storeToken: fromPromise(async () => {}),
            loadUser: fromPromise(async () => {
              userReads += 1
              return user()
            }),
            clearStoredSession: fromPromise(async () => {}),
          },
        }),
      },
    })
    let snap = await settledOn(actor, 'addBankCard')
    const readsBefore = userReads
    child(snap, 'walletForm').send({ type: 'form.submitted', extra: WALLET })
    snap = await settledOn(actor, 'reviewApplication')
    await waitFor(actor, () => userReads > readsBefore, { timeout: 2000 })
    expect(snap.context.reviewing).toBe(true)
    expect(snap.can({ type: 'application.submitted' })).toBe(true)
    expect(calls).not.toContain('addBankCard')
    // The same wallet child runs on the review: what was typed is what is sent.
    expect(child(snap, 'walletForm').getSnapshot().context.values).toMatchObject(WALLET)
  })

  it('opens a step from Edit and, once it is saved, comes back to the review with the wallet kept', async () => {
    const calls: string[] = []
    const drafts = new Map<string, Record<string, unknown>>()
    const walletWithDraft = submitMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () => {
          calls.push('addBankCard')
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
    const { actor } = start({
      stored: SIGNED_IN,
      status: 5,
      entry: 'addBankCard',
      actors: {
        personalInfoForm: profileSave(calls, 'saveBasicInfo'),
        additionalInfoForm: profileSave(calls, 'saveAdditionInfo'),
        walletForm: walletWithDraft,
      },
    })
    let snap = await settledOn(actor, 'addBankCard')
    child(snap, 'walletForm').send({ type: 'form.changed', values: WALLET })
    child(snap, 'walletForm').send({ type: 'form.submitted' })
    await settledOn(actor, 'reviewApplication')

    // Before the review, an earlier step is not open at 5; from the review it is.
    actor.send({ type: 'review.edited', step: 'personalInfo' })
    snap = await settledOn(actor, 'personalInfomation')
    child(snap, 'personalInfoForm').send({ type: 'form.submitted', extra: PERSONAL })
    snap = await settledOn(actor, 'reviewApplication')
    expect(calls).toEqual(['saveBasicInfo'])
    await waitFor(child(snap, 'walletForm'), (s) => s.context.values.accountNumber === WALLET.accountNumber)

    actor.send({ type: 'review.edited', step: 'additionalInfo' })
    snap = await settledOn(actor, 'additionalInfomation')
    child(snap, 'additionalInfoForm').send({ type: 'form.submitted', extra: ADDITIONAL })
    await settledOn(actor, 'reviewApplication')

    actor.send({ type: 'review.edited', step: 'addWallet' })
    snap = await settledOn(actor, 'addBankCard')
    child(snap, 'walletForm').send({ type: 'form.submitted' })
    await settledOn(actor, 'reviewApplication')

    actor.send({ type: 'application.submitted' })
    await waitFor(actor, () => calls.includes('addBankCard'), { timeout: 2000 })
    expect(calls).toEqual(['saveBasicInfo', 'saveAdditionInfo', 'addBankCard'])
    snap = await waitFor(actor, (s) => s.context.reviewing === false, { timeout: 2000 })
    expect(snap.context.reviewing).toBe(false)
  })

  it('keeps earlier steps closed at 5 before the borrower has reached the review', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 5, entry: 'personalInfomation' })
    const snap = await settled(actor)
    expect(snap.context.route).not.toBe('personalInfomation')
  })

  it('opens on a reload or a deep link while the wallet is not sent, and takes a blank wallet back to its form', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN, status: 5, entry: 'reviewApplication' })
    await settledOn(actor, 'reviewApplication')
    actor.send({ type: 'application.submitted' })
    const snap = await settledOn(actor, 'addBankCard')
    expect(calls).not.toContain('addBankCard')
    expect(snap.context.reviewing).toBe(true)
  })

  it.each<OrderStatusCode>([6, 19, 1])('is refused at %s: the wallet is not the step, or it was sent', async (status) => {
    const { actor } = start({ stored: SIGNED_IN, status, entry: 'reviewApplication' })
    const snap = await settled(actor)
    expect(snap.context.route).not.toBe('reviewApplication')
  })
})

describe('journey: the permission disclosure before the first collection (issue 18)', () => {
  /** The phone of a borrower who never accepted the disclosure; the lender's policy requires the location. */
  function disclosure() {
    const asked: (readonly DisclosedPermission[])[] = []
    const permission = permissionMachine.provide({
      actors: {
        readPolicy: fromPromise(async (): Promise<UploadFlag[]> => ['location']),
        recallAcceptance: fromPromise(async (): Promise<{ at: number } | null> => null),
        rememberAcceptance: fromPromise(async () => ({ at: T0 })),
        queryPermissions: fromPromise(async (): Promise<PermissionStates> => ({})),
        requestPermissions: fromPromise(
          async ({ input }: { input: { names: readonly DisclosedPermission[] } }): Promise<PermissionStates> => {
            asked.push(input.names)
            return { camera: 'granted', location: 'granted' }
          },
        ),
      },
    })
    return { asked, actors: { permission } }
  }

  /** …whose order still lacks the location until the data collector has run. */
  function collectingPhone() {
    let collected = false
    const uploadGate = uploadGateMachine.provide({
      delays: { pollInterval: 10 },
      actors: {
        fetchCollectionPolicy: fromPromise(async () => ({ enableTimeSdk: true as boolean })),
        fetchUploadStatus: fromPromise(async () => ({ ...ALL_FLAGS, location: collected })),
        startCollector: fromPromise(async () => {
          collected = true
        }),
      },
    })
    return { collected: () => collected, actors: { ...disclosure().actors, uploadGate } }
  }

  it('opens the disclosure before the ID photos, and the ID screen once the borrower accepts', async () => {
    const phone = disclosure()
    const { actor } = start({ stored: SIGNED_IN, status: 6, entry: 'personalInfomation', askDisclosure: true, actors: phone.actors })
    let snap = await settledOn(actor, 'personalInfomation')
    child(snap, 'personalInfoForm').send({ type: 'form.submitted', extra: PERSONAL })
    snap = await settledOn(actor, 'pop')
    expect(snap.context.afterDisclosure).toBe('idCardAuthentication')
    const permission = child(snap, 'permission')
    await waitFor(permission, (s) => s.matches('shown'))
    expect(permission.getSnapshot().context.requiredFlags).toEqual(['location'])
    permission.send({ type: 'permissions.accepted' })
    snap = await settledOn(actor, 'idCardAuthentication')
    expect(phone.asked).toEqual([['camera', 'location', 'phone', 'storage']])
    // The prompt was a step on the way: back from the ID screen does not open it again.
    expect(snap.context.trail).not.toContain('pop')
  })

  it('goes on to the ID screen after "not now", and does not ask again in this visit', async () => {
    const phone = disclosure()
    const { actor } = start({ stored: SIGNED_IN, status: 12, entry: 'me', askDisclosure: true, actors: phone.actors })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    const snap = await settledOn(actor, 'pop')
    const permission = child(snap, 'permission')
    await waitFor(permission, (s) => s.matches('shown'))
    permission.send({ type: 'permissions.declined' })
    await settledOn(actor, 'idCardAuthentication')
    expect(phone.asked).toEqual([])
    actor.send({ type: 'xstate.route', to: '#me' })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    const routes: RouteName[] = []
    actor.subscribe((s) => routes.push(s.context.route))
    await settledOn(actor, 'idCardAuthentication')
    expect(routes).not.toContain('pop')
  })

  it('opens the disclosure before the data collector too, when the ID step was done in an earlier visit', async () => {
    const phone = collectingPhone()
    const { actor } = start({ stored: SIGNED_IN, status: 19, entry: 'me', askDisclosure: true, actors: phone.actors })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    const snap = await settledOn(actor, 'pop')
    expect(snap.context.afterDisclosure).toBe('finishLoading')
    // Nothing was collected before the borrower answered.
    expect(phone.collected()).toBe(false)
    const permission = child(snap, 'permission')
    await waitFor(permission, (s) => s.matches('shown'))
    permission.send({ type: 'permissions.accepted' })
    await settledOn(actor, 'reviewTips')
    expect(phone.collected()).toBe(true)
  })

  it('asks nothing before finish loading when the check-only pass finds nothing left to collect, and submits', async () => {
    const { actor, calls } = start({ stored: SIGNED_IN, status: 19, entry: 'me', askDisclosure: true })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    const routes: RouteName[] = []
    actor.subscribe((s) => routes.push(s.context.route))
    await settledOn(actor, 'reviewTips')
    expect(routes).not.toContain('pop')
    expect(calls).toContain('submit')
  })

  it('asks first on a reload of finish loading too, before anything is collected', async () => {
    const phone = collectingPhone()
    const { actor } = start({ stored: SIGNED_IN, status: 19, entry: 'finishLoading', askDisclosure: true, actors: phone.actors })
    const snap = await settledOn(actor, 'pop')
    expect(snap.context.afterDisclosure).toBe('finishLoading')
    expect(phone.collected()).toBe(false)
  })

  it('never opens it for a borrower who accepted it on this phone before', async () => {
    const { actor } = start({ stored: SIGNED_IN, status: 12, entry: 'me', askDisclosure: false })
    await settledOn(actor, 'me')
    actor.send({ type: 'order.follow' })
    const routes: RouteName[] = []
    actor.subscribe((s) => routes.push(s.context.route))
    await settledOn(actor, 'idCardAuthentication')
    expect(routes).not.toContain('pop')
  })
})

