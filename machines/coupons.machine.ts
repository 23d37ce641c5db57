/**
 * coupons — the coupon centre (me → coupon: whether the draw is offered, how many coupons are usable, the list by
 * tab, drawing a coupon) and the coupon choice of confirm borrow (pick a usable coupon and apply it to the
 * approved order; the server's answer carries its effect on what is repaid, which confirm borrow shows before the
 * borrower confirms). decisions.md: coupons are never a reward for rating the app.
 *
 * A coupon applies to a loan when it is available (not used, not expired, as the server says) and the loan is at
 * least its quota condition (spec §3 "minimum loan"); the server checks the same when it is applied.
 *
 * Input (CouponsInput): { mode: 'centre' } | { mode: 'choose', loanOrderId, principalMinor }
 * Events: coupons.tabChosen {tab}, coupons.more, coupons.refreshed, lottery.drawn, draw.acknowledged,
 *         coupon.picked {couponId}, coupon.dismissed, centre.retried
 * Tags:   busy, canPick, loadFailed, centreReady, listLoading (a tab's page is read), drawing, drawResult (the
 *         screen's contract; the draw button: snapshot.can({ type: 'lottery.drawn' }))
 * Output: { outcome: 'applied', applied: CouponApplied } | { outcome: 'dismissed' } | { outcome: 'sessionEnded' }
 *         (the centre runs until its screen closes; it ends only with the session)
 * Actors the composition provides:
 *   loadCentre  () → { show, available }                  (GET /lottery-draw/is-show and /lottery-draw/coupon/quantity)
 *   loadCoupons ({ tab, page }) → Page<Coupon>             (GET /lottery-draw/coupons; 'used': POST /lottery-draw/coupon/used)
 *   drawCoupon  () → LotteryDraw                           (POST /lottery-draw/create)
 *   applyCoupon ({ couponId, loanOrderId }) → CouponApplied (POST /lottery-draw/coupon/use)
 */
import { assign, enqueueActions, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import type { Coupon, CouponApplied, LotteryDraw, Page } from '../domain/api-types'
import type { CouponStatus } from '../domain/schemas/coupon'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import { loadErrors } from './kit/loadable'
import { outputParams, type Output } from './kit/params'

export type CouponsInput =
  { mode: 'centre' } | { mode: 'choose'; loanOrderId: string; principalMinor: number }

export interface CouponCentre {
  /** Whether the coupon draw is offered. */
  show: boolean
  /** How many usable coupons the borrower has (the badge). */
  available: number
}

export interface CouponsContext {
  mode: CouponsInput['mode']
  loanOrderId: string | null
  principalMinor: number | null
  showDraw: boolean
  availableCount: number
  tab: CouponStatus
  coupons: Coupon[]
  page: number
  total: number
  /** The result of the last draw until the borrower closes it: a coupon, or null when it gave nothing. */
  drawn: LotteryDraw | null
  /** The coupon applied to the order (choose mode). */
  applied: CouponApplied | null
  error: Message | null
}

export type CouponsEvent =
  | { type: 'coupons.tabChosen'; tab: CouponStatus }
  | { type: 'coupons.more' }
  | { type: 'coupons.refreshed' }
  | { type: 'lottery.drawn' }
  | { type: 'draw.acknowledged' }
  | { type: 'coupon.picked'; couponId: string }
  | { type: 'coupon.dismissed' }
  | { type: 'centre.retried' }

export type CouponsOutput =
  { outcome: 'applied'; applied: CouponApplied } | { outcome: 'dismissed' } | { outcome: 'sessionEnded' }

/** Whether a coupon can be applied to a loan of `principalMinor` (spec §3: its quota condition). */
export const appliesTo = (coupon: Coupon, principalMinor: number) =>
  coupon.status === 'available' && coupon.minLoanMinor <= principalMinor

export const couponsMachine = setup({
  types: {
    context: {} as CouponsContext,
    events: {} as CouponsEvent,
    input: {} as CouponsInput,
    output: {} as CouponsOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'canPick' | 'loadFailed' | 'centreReady' | 'listLoading' | 'drawing' | 'drawResult',
  },
  actors: {
    loadCentre: fromPromise<CouponCentre>(notProvided('loadCentre')),
    loadCoupons: fromPromise<Page<Coupon>, { tab: CouponStatus; page: number }>(notProvided('loadCoupons')),
    drawCoupon: fromPromise<LotteryDraw>(notProvided('drawCoupon')),
    applyCoupon: fromPromise<CouponApplied, { couponId: string; loanOrderId: string }>(
      notProvided('applyCoupon'),
    ),
  },
  guards: {
    choosing: ({ context }) => context.mode === 'choose',
    drawOffered: ({ context }) => context.showDraw,
    moreToLoad: ({ context }) => context.coupons.length < context.total,
    otherTab: ({ context, event }) => event.type === 'coupons.tabChosen' && event.tab !== context.tab,
    couponApplies: ({ context, event }) => {
      if (event.type !== 'coupon.picked' || context.principalMinor === null) return false
      const coupon = context.coupons.find((c) => c.couponId === event.couponId)
      return !!coupon && appliesTo(coupon, context.principalMinor)
    },
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    keepCentre: assign((_, { output: centre }: Output<CouponCentre>) => {
      return { showDraw: centre.show, availableCount: centre.available, error: null }
    }),
    chooseTab: assign({
      tab: ({ context, event }) => (event.type === 'coupons.tabChosen' ? event.tab : context.tab),
    }),
    startOver: assign({ coupons: [], page: 0, total: 0 }),
    keepPage: assign(({ context }, { output: page }: Output<Page<Coupon>>) => {
      return { coupons: [...context.coupons, ...page.items], page: page.page, total: page.total, error: null }
    }),
    keepDraw: assign(({ context }, { output: drawn }: Output<LotteryDraw>) => {
      return { drawn, availableCount: context.availableCount + (drawn.coupon ? 1 : 0), error: null }
    }),
    forgetDraw: assign({ drawn: null }),
    keepApplied: assign({ applied: (_, { output }: Output<CouponApplied>) => output }),
    refreshList: raise({ type: 'coupons.refreshed' }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'coupons',
  description: "The borrower's coupons and the coupon draw; or picking a coupon for an approved order.",
  context: ({ input }) => ({
    mode: input.mode,
    loanOrderId: input.mode === 'choose' ? input.loanOrderId : null,
    principalMinor: input.mode === 'choose' ? input.principalMinor : null,
    showDraw: false,
    availableCount: 0,
    tab: 'available',
    coupons: [],
    page: 0,
    total: 0,
    drawn: null,
    applied: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'choosing', target: 'choose' }, { target: 'centre' }],
    },
    centre: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadCentre',
            onDone: { target: 'ready', actions: { type: 'keepCentre', params: outputParams } },
            onError: loadErrors('#coupons.sessionEnded'),
          },
        },
        loadFailed: {
          tags: ['loadFailed'],
          on: { 'centre.retried': { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          tags: ['centreReady'],
          type: 'parallel',
          states: {
            list: {
              description: 'One tab of coupons (available, used, expired), a page at a time.',
              initial: 'loading',
              states: {
                loading: {
                  tags: ['busy', 'listLoading'],
                  invoke: {
                    src: 'loadCoupons',
                    input: ({ context }) => ({ tab: context.tab, page: context.page + 1 }),
                    onDone: { target: 'shown', actions: { type: 'keepPage', params: outputParams } },
                    onError: [
                      { guard: 'sessionEnded', target: '#coupons.sessionEnded' },
                      { target: 'shown', actions: 'showFailure' },
                    ],
                  },
                },
                shown: {
                  on: {
                    'coupons.tabChosen': {
                      guard: 'otherTab',
                      target: 'loading',
                      actions: ['chooseTab', 'startOver'],
                    },
                    'coupons.more': { guard: 'moreToLoad', target: 'loading' },
                    'coupons.refreshed': { target: 'loading', actions: 'startOver' },
                  },
                },
              },
            },
            draw: {
              description: 'The coupon draw, when the lender offers it.',
              initial: 'idle',
              states: {
                idle: {
                  on: { 'lottery.drawn': { guard: 'drawOffered', target: 'drawing' } },
                },
                drawing: {
                  tags: ['busy', 'drawing'],
                  invoke: {
                    src: 'drawCoupon',
                    onDone: {
                      target: 'result',
                      actions: [{ type: 'keepDraw', params: outputParams }, 'refreshList'],
                    },
                    onError: [
                      { guard: 'sessionEnded', target: '#coupons.sessionEnded' },
                      { target: 'idle', actions: 'showFailure' },
                    ],
                  },
                },
                result: {
                  tags: ['drawResult'],
                  description:
                    'What the draw gave (a coupon, or nothing this time) until the borrower closes it.',
                  on: { 'draw.acknowledged': { target: 'idle', actions: 'forgetDraw' } },
                },
              },
            },
          },
        },
      },
    },
    choose: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadCoupons',
            input: () => ({ tab: 'available' as const, page: 1 }),
            onDone: { target: 'picking', actions: { type: 'keepPage', params: outputParams } },
            onError: [
              { guard: 'sessionEnded', target: '#coupons.sessionEnded' },
              { target: 'picking', actions: 'showFailure' },
            ],
          },
        },
        picking: {
          description:
            'The usable coupons; those whose quota condition this loan does not meet are shown but refused.',
          tags: ['canPick'],
          on: {
            'coupon.picked': { guard: 'couponApplies', target: 'applying', actions: 'clearError' },
            'coupon.dismissed': '#coupons.dismissed',
          },
        },
        applying: {
          tags: ['busy'],
          invoke: {
            src: 'applyCoupon',
            input: ({ context, event }) => ({
              couponId: event.type === 'coupon.picked' ? event.couponId : '',
              loanOrderId: context.loanOrderId!,
            }),
            onDone: { target: '#coupons.applied', actions: { type: 'keepApplied', params: outputParams } },
            onError: [
              { guard: 'sessionEnded', target: '#coupons.sessionEnded' },
              { target: 'picking', actions: 'showFailure' },
            ],
          },
        },
      },
    },
    applied: {
      type: 'final',
      output: ({ context }): CouponsOutput => ({ outcome: 'applied', applied: context.applied! }),
    },
    dismissed: { type: 'final', output: (): CouponsOutput => ({ outcome: 'dismissed' }) },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): CouponsOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as CouponsOutput,
})

/**
 * What the coupon centre shows — its one read of this machine: whether it loaded, how many coupons can be used,
 * the draw (offered, drawing, its result) and the coupons of the chosen tab with whether more can be asked for.
 */
export function couponsView(s: SnapshotFrom<typeof couponsMachine>) {
  const { context } = s
  return {
    failed: s.hasTag('loadFailed'),
    busy: s.hasTag('busy'),
    ready: s.hasTag('centreReady'),
    error: context.error,
    available: context.availableCount,
    drawOffered: context.showDraw,
    canDraw: s.can({ type: 'lottery.drawn' }),
    drawing: s.hasTag('drawing'),
    showingResult: s.hasTag('drawResult'),
    drawn: context.drawn,
    tab: context.tab,
    list: context.coupons,
    listLoading: s.hasTag('listLoading'),
    canMore: s.can({ type: 'coupons.more' }),
  }
}

export type CouponsView = ReturnType<typeof couponsView>
