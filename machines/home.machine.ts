/**
 * home — the home tab: the product card, and one of spec §4's eight home states with its button
 * (the order lifecycle's `home` meta, HOME_BUTTON). The journey hands in the latest order; the machine
 * loads the product card (/loan/loan-product/index) with the repeat-loan benefit flag, the lender's notice
 * (/loanMarket/index), and for a rejected borrower the retry date (30 days after the decision) and whether to
 * recommend other products (/app/isRejectRecommendation). At the retry date the card turns back to Apply by
 * itself: the delay is the server's retryAt, counted from when the order was read. A borrower who may apply sees
 * the recent loans of the country (/loanMarket/lending-record, numbers masked); a borrower repaying sees the
 * repayment card in its tone (/loanMarket/repay-color: due soon, due today, overdue). These three are extras: when
 * one fails the home tab works without it.
 *
 * A button press ends the machine with what the journey should do next; the journey follows it.
 *
 * Input (HomeInput): { order: LatestOrder | null, now, clockOffsetMs? } (now: when the order was read, ms since the
 *        epoch; clockOffsetMs: server − device clock then, for the approved card's countdown, confirmDeadlineOf)
 * Events: home.apply, home.details, home.getMoney, home.edit, home.pay (each only in its home state: use
 *         snapshot.can), home.orderChanged {order, now}, home.retried (reload a card that failed to load)
 * Tags:   loading, and the home state: canLoan, lending, assessing, rejected, approved, failed,
 *         repaying, overdue; offersCredit where home may offer credit (the product card with its "Borrow up to",
 *         the repeat-loan benefits, the recent-loans ticker, who may borrow): only where the borrower may apply
 *         (canLoan), never beside an open order — an application under way, a loan on its way, being repaid or
 *         overdue (docs/decisions.md "No credit is offered while a loan is open")
 * Output: { next: 'toBorrow', repeat } (start an application) | { next: 'follow' } (go where the order's status
 *         says) | { next: 'editWallet' } (a pay-out failed: correct the wallet) | { next: 'sessionEnded' }
 * Actors the composition provides (services/actors/journey-actors.ts):
 *   loadOverview () → HomeIndex (/loan/loan-product/index)
 *   checkRejectRecommendation () → RejectRecommendation (/app/isRejectRecommendation)
 *   loadMarket () → MarketIndex (/loanMarket/index: the notice)
 *   loadLendingRecords () → LendingRecord[] (/loanMarket/lending-record), while canLoan
 *   loadRepayTone () → RepayColor (/loanMarket/repay-color), while repaying or overdue
 */
import { assign, enqueueActions, fromPromise, raise, setup, stateIn } from 'xstate'
import type { HomeState } from '../domain/order-status'
import type {
  LendingRecord,
  MarketIndex,
  RejectRecommendation,
  RepayColor,
} from '../domain/api-types'
import { canApply, homeStateOf, retryAtOf, type LatestOrder } from './latest-order'
import {
  escalateSessionEnded,
  failureOf,
  isSessionEnded,
  messageOf,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import type { HomeContext, HomeEvent, HomeInput, HomeOutput, HomeOverview } from './home/home-context'

/**
 * Timers hold at most 2^31 − 1 ms (about 24.8 days); a longer one fires at once. A rejection's 30 days are
 * therefore waited in parts: each part moves the machine's clock on and decides again.
 */
export const LONGEST_TIMER_MS = 2 ** 31 - 1

/** How long to wait now before deciding again: until the retry date, or the longest timer. */
function retryWaitOf(context: Pick<HomeContext, 'retryAt' | 'now'>): number {
  return context.retryAt === null ? 0 : Math.min(LONGEST_TIMER_MS, Math.max(0, context.retryAt - context.now))
}

const goTo = (state: HomeState) => ({
  guard: { type: 'homeStateIs' as const, params: { state } },
  target: state,
})

/** The repayment card's tone; without it the card keeps its plain look. */
const REPAY_TONE = {
  src: 'loadRepayTone',
  onDone: {
    actions: {
      type: 'takeRepayTone',
      params: ({ event }: { event: { output: RepayColor } }) => ({ tone: event.output }),
    },
  },
  onError: [
    {
      guard: {
        type: 'sessionEnded',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
      target: 'sessionEnded',
    },
    {},
  ],
} as const

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
    output: {} as HomeOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'loading' | 'offersCredit' | HomeState,
  },
  actors: {
    loadOverview: fromPromise<HomeOverview>(notProvided('loadOverview', 'services/actors/journey-actors.ts')),
    checkRejectRecommendation: fromPromise<RejectRecommendation>(
      notProvided('checkRejectRecommendation', 'services/actors/journey-actors.ts'),
    ),
    // The extras reject rather than throw when not provided: home works without them, as when their call fails.
    loadMarket: fromPromise<MarketIndex>(async () =>
      notProvided('loadMarket', 'services/actors/journey-actors.ts')(),
    ),
    loadLendingRecords: fromPromise<LendingRecord[]>(async () =>
      notProvided('loadLendingRecords', 'services/actors/journey-actors.ts')(),
    ),
    loadRepayTone: fromPromise<RepayColor>(async () =>
      notProvided('loadRepayTone', 'services/actors/journey-actors.ts')(),
    ),
  },
  guards: {
    homeStateIs: ({ context }, params: { state: HomeState }) =>
      homeStateOf(context.order, context.now) === params.state,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    hasOpenOrder: ({ context }) => !canApply(context.order, context.now),
    overviewMissing: ({ context }) => context.overview === null,
  },
  actions: {
    takeOrder: assign((_, params: { order: LatestOrder | null; now: number }) => ({
      order: params.order,
      now: params.now,
      retryAt: retryAtOf(params.order),
    })),
    /** The wait is over (or one longest timer of it): the clock moves on by what was waited, then decides again. */
    reachRetryDate: assign(({ context }) => ({ now: context.now + retryWaitOf(context) })),
    takeOverview: assign((_, params: { overview: HomeOverview }) => ({
      overview: params.overview,
      error: null,
    })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(failureOf(params.error)),
    })),
    takeRecommendation: assign((_, params: { recommendation: RejectRecommendation }) => ({
      recommendation: params.recommendation,
    })),
    takeNotice: assign((_, params: { market: MarketIndex }) => ({
      notice: params.market.notice?.trim() ? params.market.notice : null,
    })),
    takeLendingRecords: assign((_, params: { records: LendingRecord[] }) => ({
      lendingRecords: params.records,
    })),
    takeRepayTone: assign((_, params: { tone: RepayColor }) => ({ repayTone: params.tone })),
    decide: assign((_, params: { result: HomeOutput }) => ({ result: params.result })),
    applyNew: assign(({ context }) => ({
      result: { next: 'toBorrow', repeat: context.overview?.repeatBorrower ?? false } as HomeOutput,
    })),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
  delays: {
    /** Until the server's retry date, counted from when the order was read. */
    retryOpens: ({ context }) => retryWaitOf(context),
  },
}).createMachine({
  id: 'home',
  description: "The home tab: the product card and spec §4's home state with its one button.",
  context: ({ input }) => ({
    order: input.order,
    overview: null,
    now: input.now,
    clockOffsetMs: input.clockOffsetMs ?? 0,
    retryAt: retryAtOf(input.order),
    recommendation: null,
    notice: null,
    lendingRecords: [],
    repayTone: null,
    error: null,
    result: null,
  }),
  // The lender's notice shows above every home state; without it home simply has no notice.
  invoke: {
    src: 'loadMarket',
    onDone: { actions: { type: 'takeNotice', params: ({ event }) => ({ market: event.output }) } },
    onError: [
      {
        guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
        target: '.status.sessionEnded',
      },
      {},
    ],
  },
  // Two regions: the product card loads beside the home state, which the order alone decides — the state and its
  // button are drawn at once, never after the card's call.
  type: 'parallel',
  on: {
    'home.orderChanged': {
      target: '.status.deciding',
      actions: { type: 'takeOrder', params: ({ event }) => event },
    },
  },
  states: {
    card: {
      initial: 'loading',
      states: {
        loading: {
          description: 'Loads the product card and the repeat-loan benefit flag.',
          tags: ['loading'],
          invoke: {
            src: 'loadOverview',
            onDone: {
              target: 'shown',
              actions: { type: 'takeOverview', params: ({ event }) => ({ overview: event.output }) },
            },
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: 'closed',
                actions: raise({ type: 'home.sessionEnded' }),
              },
              // The card stays empty with a retry; the home state and its button still work.
              {
                target: 'failed',
                actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        shown: {},
        failed: { on: { 'home.retried': 'loading' } },
        // Home is done (a button was pressed, or the session ended): the card is of no more use.
        closed: { type: 'final' },
      },
      on: { 'home.finished': '.closed' },
    },
    status: {
      initial: 'deciding',
      on: { 'home.sessionEnded': '.sessionEnded' },
      states: {
        deciding: {
          description: "Picks spec §4's home state from the latest order's status.",
          always: [
            goTo('lending'),
            goTo('assessing'),
            goTo('rejected'),
            goTo('approved'),
            goTo('failed'),
            goTo('repaying'),
            goTo('overdue'),
            { target: 'canLoan' },
          ],
        },
        canLoan: {
          description:
            'Apply: starts an application, or continues the onboarding where it stopped. The one state that offers ' +
            'credit (the product card, the repeat-loan benefits); the recent loans of the country run as a ticker.',
          tags: ['canLoan', 'offersCredit'],
          invoke: {
            src: 'loadLendingRecords',
            onDone: {
              actions: { type: 'takeLendingRecords', params: ({ event }) => ({ records: event.output }) },
            },
            // Without the records there is simply no ticker.
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: 'sessionEnded',
              },
              {},
            ],
          },
          on: {
            'home.apply': [
              // A new application carries the repeat-loan flag of the card: Apply waits for the card's answer.
              { guard: stateIn({ card: 'loading' }) },
              {
                guard: 'hasOpenOrder',
                target: 'done',
                actions: { type: 'decide', params: { result: { next: 'follow' } } },
              },
              { target: 'done', actions: 'applyNew' },
            ],
          },
        },
        lending: { description: 'Confirmed; the money is on its way (no button).', tags: ['lending'] },
        assessing: {
          tags: ['assessing'],
          on: {
            'home.details': {
              target: 'done',
              actions: { type: 'decide', params: { result: { next: 'follow' } } },
            },
          },
        },
        rejected: {
          description:
            'Not approved: no button until the retry date, which the card shows; other products may be offered.',
          tags: ['rejected'],
          after: { retryOpens: { target: 'deciding', actions: 'reachRetryDate' } },
          invoke: {
            src: 'checkRejectRecommendation',
            onDone: {
              actions: {
                type: 'takeRecommendation',
                params: ({ event }) => ({ recommendation: event.output }),
              },
            },
            // Without the answer the card simply offers nothing else. (An error no transition takes would stop home,
            // and the journey with it: the empty transition takes any other failure.)
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: 'sessionEnded',
              },
              {},
            ],
          },
        },
        approved: {
          tags: ['approved'],
          on: {
            'home.getMoney': {
              target: 'done',
              actions: { type: 'decide', params: { result: { next: 'follow' } } },
            },
          },
        },
        failed: {
          description: 'The pay-out failed (10): Edit corrects the wallet account.',
          tags: ['failed'],
          on: {
            'home.edit': {
              target: 'done',
              actions: { type: 'decide', params: { result: { next: 'editWallet' } } },
            },
          },
        },
        repaying: {
          description:
            'Pay opens repay detail; the card takes the tone of the due date (due soon, due today).',
          tags: ['repaying'],
          invoke: REPAY_TONE,
          on: {
            'home.pay': {
              target: 'done',
              actions: { type: 'decide', params: { result: { next: 'follow' } } },
            },
          },
        },
        overdue: {
          tags: ['overdue'],
          invoke: REPAY_TONE,
          on: {
            'home.pay': {
              target: 'done',
              actions: { type: 'decide', params: { result: { next: 'follow' } } },
            },
          },
        },
        done: { type: 'final', entry: raise({ type: 'home.finished' }) },
        sessionEnded: {
          type: 'final',
          entry: [
            'escalateSessionEnded',
            { type: 'decide', params: { result: { next: 'sessionEnded' } } },
            raise({ type: 'home.finished' }),
          ],
        },
      },
    },
  },
  output: ({ context }) => context.result ?? { next: 'follow' },
})
