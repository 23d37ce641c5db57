/**
 * The home machine's input, events, output and context, and spec §4's button for each home state
 * (machines/home.machine.ts).
 */
import type { HomeState } from '../../domain/order-status'
import type { HomeIndex, LendingRecord, RejectRecommendation, RepayColor } from '../../domain/api-types'
import type { LatestOrder } from '../latest-order'
import type { Message } from '../kit/call-failure'

/** /loan/loan-product/index: the range to show, the product, and the repeat-loan benefit flag. */
export type HomeOverview = HomeIndex

export interface HomeInput {
  order: LatestOrder | null
  /** When the order was read (ms since the epoch); the retry date is counted from it. */
  now: number
  /**
   * Server clock − device clock when the order was read (default 0): the approved card's countdown to the
   * server's deadline runs on the device's clock corrected by it.
   */
  clockOffsetMs?: number
}

export type HomeEvent =
  | { type: 'home.apply' }
  | { type: 'home.details' }
  | { type: 'home.getMoney' }
  | { type: 'home.edit' }
  | { type: 'home.pay' }
  | { type: 'home.orderChanged'; order: LatestOrder | null; now: number }
  | { type: 'home.retried' }
  /** Internal: home is done (the card region closes); the session ended while the card loaded. */
  | { type: 'home.finished' }
  | { type: 'home.sessionEnded' }

export type HomeOutput =
  | { next: 'toBorrow'; repeat: boolean }
  | { next: 'follow' }
  | { next: 'editWallet' }
  | { next: 'sessionEnded' }

export interface HomeContext {
  order: LatestOrder | null
  overview: HomeOverview | null
  /** A rejected borrower may apply again from this moment (server clock, ms since the epoch). */
  retryAt: number | null
  /** The time as the machine knows it: when the order was read, or the retry date once it has passed. */
  now: number
  /** Server clock − device clock, as the journey learned it with the order. */
  clockOffsetMs: number
  /** /app/isRejectRecommendation: other services the lender suggests to a rejected borrower. */
  recommendation: RejectRecommendation | null
  /** /loanMarket/index: the lender's notice (already translated), or null when there is none. */
  notice: string | null
  /** /loanMarket/lending-record: recent loans in the country, numbers masked (the ticker before applying). */
  lendingRecords: LendingRecord[]
  /** /loanMarket/repay-color: how near the due date is, for the repayment card's tone. */
  repayTone: RepayColor | null
  error: Message | null
  result: HomeOutput | null
}

/** Spec §4: the button each home state shows (an i18n key under `home.button.*`, or none). */
export const HOME_BUTTON: Readonly<
  Record<HomeState, 'apply' | 'details' | 'getMoney' | 'edit' | 'pay' | null>
> = {
  canLoan: 'apply',
  lending: null,
  assessing: 'details',
  rejected: null,
  approved: 'getMoney',
  failed: 'edit',
  repaying: 'pay',
  overdue: 'pay',
}

/** Which home button sends which event (HOME_BUTTON names the button; null: no button). */
export const HOME_BUTTON_EVENT = {
  apply: 'home.apply',
  details: 'home.details',
  getMoney: 'home.getMoney',
  edit: 'home.edit',
  pay: 'home.pay',
} as const satisfies Record<NonNullable<(typeof HOME_BUTTON)[HomeState]>, HomeEvent['type']>
