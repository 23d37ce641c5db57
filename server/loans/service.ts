/**
 * The loan lifecycle of the reference back end: apply, onboarding steps, submission, assessment, approval,
 * confirmation or cancellation, 24-hour expiry, pay-out (and its failure), repayment, overdue penalties and
 * rollover. Every status change goes through the order lifecycle machine (lifecycle.ts `moveOrder`); every movement
 * of money is a balanced journal entry (server/money/ledger.ts) in the same transaction as the change it records.
 * Time is always the one clock's (`now` arrives from the caller: a request or a job).
 */
import { randomInt } from 'node:crypto'
import { and, count, desc, eq, inArray, lte, or, sql, type Placeholder } from 'drizzle-orm'
import { confirmDeadlineAfter, retryDateAfter, rolloversLeft } from '../../machines/order-lifecycle.machine'
import {
  approvalExpired,
  decide,
  isOpenStatus,
  isRepayable,
  nextCompletedStep,
  OPEN_STATUSES,
  REPAYABLE_STATUSES,
  retryDateOf,
} from '../../machines/order-lifecycle/order-policy'
import { isOpenTransfer, OPEN_TRANSFER_STATES, type TransferState } from '../../machines/transfer.machine'
import { ApiCode } from '../../domain/api-codes'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { ageOn } from '../../domain/enums'
import { daysLateOf, ladderStep, type RepaidLoan } from '../../domain/ladder'
import { OrderStatus, type OrderStatusCode } from '../../domain/order-status'
import {
  addDays,
  applyRollover,
  balanceOf,
  chargePenalty,
  checkLoanRequest,
  daysBetween,
  nextDueDate,
  openLoan,
  overdueDays,
  overduePrincipal,
  penaltyAfter,
  quote,
  PricingError,
  rolloverQuote,
  type Balance,
  type IsoDate,
  type LoanState,
  type Quote,
  type RolloverQuote,
} from '../../domain/pricing'
import type { ProductConfig } from '../../domain/product'
import { repaymentBooking } from './repayment-booking'
import { checkRepaymentAmount } from '../../domain/repayment-rules'
import type { ProfileStep, ProfileStepContext } from '../context'
import { cachedOn } from '../cache'
import { isUniqueViolation, preparedOn, type Db, type Queryable, type Tx } from '../db/client'
import { users } from '../db/schema/core'
import { clearingAccount, loanOrderEvents, loanOrders, paymentTransfers } from '../db/schema/loans'
import { collectionReports, profiles, walletAccounts } from '../db/schema/profile'
import { ApiFailure, fail, fieldFailure } from '../envelope'
import type { JobRunner } from '../jobs'
import type { Log } from '../log'
import { post, transfer } from '../money/ledger'
import type { Payments, TransferRow } from '../payments/service'
import { endOfLocalDay, localDate } from './dates'
import { couponEffect } from '../coupons/effect'
import { redeemCoupon } from '../coupons/coupons'
import { personKeysOf, refuseSamePerson, refuseSharedKey } from '../profile/person-keys'
import {
  allows,
  LifecycleRefused,
  lifecycleOf,
  moveOrder,
  recordCreation,
  rolloverLeadsTo,
  type OrderChanges,
  type OrderRow,
} from './lifecycle'
import { latestKycCheck } from '../kyc/checks'
import type { ProductCatalog } from './products'
import { score, type ScoreFacts } from './scorecard'
import type { LoanSettings } from './settings'

export const LOAN_JOBS = {
  collectionGrace: 'loans.collection-grace',
  assess: 'loans.assess',
  expireApproval: 'loans.expire-approval',
  disburse: 'loans.disburse',
  overdueSweep: 'loans.overdue-sweep',
} as const

/** How long a confirm call waits for the worker's send of its payment order: 30 × 100 ms. */
const SEND_WAIT_STEPS = 30
const SEND_WAIT_STEP_MS = 100

/** What an order keeps from its approval: the product as it was, and the quote. */
export interface Terms {
  product: ProductConfig
  quote: Quote
  /** The coupon used at confirmation: what it takes off the interest (server/coupons/effect.ts). */
  coupon?: { couponId: string; discountMinor: number }
}

/**
 * The order's price if it were paid out on `now`'s local date (the quote frozen at approval has the approval's
 * dates), with the coupon used at confirmation taken off the interest.
 */
export function quoteOn(order: OrderRow, now: Date, opts: { coupon: boolean } = { coupon: true }): Quote {
  const terms = termsOf(order)
  if (!terms || order.principalMinor === null) throw new Error(`Order ${order.orderNo} has no terms`)
  const q = quote(terms.product, {
    amountMinor: order.principalMinor,
    tenureDays: order.termDays,
    loansRepaidOnTime: order.repeatIndex,
    disbursedOn: localDate(now, timeZoneOf(order.country)),
  })
  return terms.coupon && opts.coupon ? withCoupon(q, terms.coupon.discountMinor) : q
}

/**
 * What repays the order's loan in full today (the country's local date): the payoff, interest to the day only
 * (pricing.ts balanceOf with a date). Home, the repay detail, the amount checks and the payment order all use it.
 * null before pay-out.
 */
export function balanceToday(order: OrderRow, now: Date): Balance | null {
  const loan = loanOf(order)
  return loan ? balanceOf(loan, localDate(now, timeZoneOf(order.country))) : null
}

/** What the loan takes today when it takes a repayment at all (a repayable status), else null (the console's proofs). */
export function repayableToday(order: OrderRow, now: Date): number | null {
  if (!isRepayable(order.status as OrderStatusCode)) return null
  return balanceToday(order, now)?.totalMinor ?? null
}

/** Why the next rollover of an order is not offered today, as the pricing engine says; null when it is. */
export type RolloverRefusal = 'limit' | 'paidOff' | 'tooLate' | 'capReached' | 'status'

/** The answer to a rollover that is not offered (/repay/confirmExtensionOrder). */
export const ROLLOVER_REFUSAL_CODE: Record<RolloverRefusal, number> = {
  limit: ApiCode.LoanRolloverLimit,
  paidOff: ApiCode.LoanNothingToRepay,
  tooLate: ApiCode.LoanRolloverTooLate,
  capReached: ApiCode.LoanRolloverCapReached,
  status: ApiCode.LoanActionNotAllowed,
}

/**
 * The order's next rollover as of today (pricing.ts rolloverQuote: from the old due date, never leaving the loan
 * overdue, its fee within the charges cap), or why there is none. The lifecycle must agree that paying it brings
 * the loan back to repaying (2): a fee is never asked for a rollover that would leave it overdue.
 */
export function rolloverToday(
  order: OrderRow,
  now: Date,
): { quote: RolloverQuote; newDueAt: Date; refusal: null } | { quote: null; refusal: RolloverRefusal } {
  const loan = loanOf(order)
  const terms = termsOf(order)
  if (!loan || !terms || !isRepayable(order.status as OrderStatusCode))
    return { quote: null, refusal: 'status' }
  if (rolloversLeft(lifecycleOf(order).context) === 0) return { quote: null, refusal: 'limit' }
  const tz = timeZoneOf(order.country)
  let rq: RolloverQuote
  try {
    rq = rolloverQuote(terms.product, loan, localDate(now, tz))
  } catch (err) {
    if (!(err instanceof PricingError)) throw err
    const code = err.code.replace('pricing.rollover.', '')
    if (code === 'limit' || code === 'paidOff' || code === 'tooLate' || code === 'capReached')
      return { quote: null, refusal: code }
    throw err
  }
  const newDueAt = endOfLocalDay(rq.newDueDate, tz)
  if (rolloverLeadsTo(order, now.getTime(), newDueAt.getTime()) !== OrderStatus.Repaying)
    return { quote: null, refusal: 'tooLate' }
  return { quote: rq, newDueAt, refusal: null }
}

/** A quote with a coupon's discount taken off its interest, exactly as the coupon module computes it. */
export function withCoupon(q: Quote, discountMinor: number): Quote {
  const effect = couponEffect({ discountMinor, minLoanMinor: 0, currency: q.currency }, q)
  const off = effect.discountMinor
  return {
    ...q,
    interestMinor: effect.interestMinor,
    totalRepayableMinor: effect.totalRepayableMinor,
    installments: effect.installments,
    // Less interest leaves more room under the charges cap, and less to repay after a rollover.
    penalty: {
      ...q.penalty,
      maxPenaltyMinor: q.penalty.maxPenaltyMinor === null ? null : q.penalty.maxPenaltyMinor + off,
    },
    rollover: q.rollover ? { ...q.rollover, newBalanceMinor: q.rollover.newBalanceMinor - off } : null,
  }
}

export interface PaymentChannel {
  /** The channelId the app sends. */
  id: string
  /** The provider that serves it (server/payments). */
  provider: string
  kind: 'mobileMoney' | 'bankTransfer'
}

export interface LoanDeps {
  db: Db
  jobs: JobRunner
  log: Log
  products: () => ProductCatalog
  payments: Payments
  settings: LoanSettings
  /**
   * The data-collector flags a country requires before approval: the server configuration's `collection`, the
   * same policy the upload status and the FAQ read (decisions.md: none by default).
   */
  requiredFlags(country: CountryCode): readonly string[]
  /** Provider name for a country's wallet provider or channel ('sandbox' unless configured otherwise). */
  route(country: string, walletProvider: string): string
}

export interface BorrowerHistory {
  /** Loans repaid in full. */
  finished: number
  /** Of those, repaid on time (by the due date, a rolled-over due date counting) or late. */
  repaidOnTime: number
  repaidLate: number
  /** The most days any loan of the borrower, repaid or still open, was overdue. */
  worstOverdueDays: number
  /** Each loan repaid in full, oldest first: what the ladder and the scorecard read. */
  loans: RepaidLoan[]
}

export interface ProfileProgress {
  basicInfo: boolean
  identity: boolean
  additionalInfo: boolean
  wallet: boolean
  questionnaire: boolean
}

export const timeZoneOf = (country: string) => COUNTRIES[country as CountryCode]?.timeZone ?? 'UTC'

export function termsOf(order: OrderRow): Terms | null {
  return (order.terms as Terms | null) ?? null
}

export function loanOf(order: OrderRow): LoanState | null {
  return (order.loan as LoanState | null) ?? null
}

/** Payment channels of a country: its mobile-money wallets (a payment prompt), or a bank transfer in Mexico. */
export function channelsFor(country: string, route: LoanDeps['route']): PaymentChannel[] {
  const profile = COUNTRIES[country as CountryCode]
  if (!profile) return []
  return profile.walletProviders.map((id) => ({
    id,
    provider: route(country, id),
    kind: id === 'clabe' ? 'bankTransfer' : 'mobileMoney',
  }))
}

function newOrderNo(now: Date): string {
  const stamp = now.toISOString().slice(2, 10).replace(/-/g, '')
  return `KP${stamp}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`
}

// ------------------------------------------------------------------------------------------------ reading

/** The tables the cached reads below read (server/cache.ts forgets a value when one of them changes). */
const ORDERS = [loanOrders]
const ORDERS_AND_EVENTS = [loanOrders, loanOrderEvents]
const TRANSFERS = [paymentTransfers]

export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

export async function latestOrderOf(q: Queryable, userId: number, lock = false): Promise<OrderRow | null> {
  const prepared = lock
    ? null
    : preparedOn(q, 'kopa_latest_order', (db) =>
        db
          .select()
          .from(loanOrders)
          .where(eq(loanOrders.userId, sql.placeholder('userId')))
          .orderBy(desc(loanOrders.id))
          .limit(1)
          .prepare('kopa_latest_order'),
      )
  // Outside a transaction: kept in the server's read cache until an order changes (issue 17, server/cache.ts).
  if (prepared)
    return cachedOn(
      q,
      `latestOrder:${userId}`,
      ORDERS,
      async () => (await prepared.execute({ userId }))[0] ?? null,
    )
  const query = q
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.userId, userId))
    .orderBy(desc(loanOrders.id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function openOrderOf(q: Queryable, userId: number, lock = false): Promise<OrderRow | null> {
  const prepared = lock
    ? null
    : preparedOn(q, 'kopa_open_order', (db) =>
        db
          .select()
          .from(loanOrders)
          .where(
            and(
              eq(loanOrders.userId, sql.placeholder('userId')),
              inArray(loanOrders.status, [...OPEN_STATUSES]),
            ),
          )
          .prepare('kopa_open_order'),
      )
  if (prepared)
    return cachedOn(
      q,
      `openOrder:${userId}`,
      ORDERS,
      async () => (await prepared.execute({ userId }))[0] ?? null,
    )
  const query = q
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), inArray(loanOrders.status, [...OPEN_STATUSES])))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The borrower's order by loanOrderId (its id) or orderNo; LoanOrderNotFound otherwise. */
export async function orderOfUser(
  q: Queryable,
  userId: number,
  ref: string,
  lock = false,
): Promise<OrderRow> {
  const numeric = /^\d{1,15}$/.test(ref)
  const prepared = lock
    ? null
    : numeric
      ? preparedOn(q, 'kopa_order_of_user_by_id', (db) =>
          db
            .select()
            .from(loanOrders)
            .where(
              and(
                eq(loanOrders.userId, sql.placeholder('userId')),
                eq(loanOrders.id, sql.placeholder('ref')),
              ),
            )
            .prepare('kopa_order_of_user_by_id'),
        )
      : preparedOn(q, 'kopa_order_of_user_by_no', (db) =>
          db
            .select()
            .from(loanOrders)
            .where(
              and(
                eq(loanOrders.userId, sql.placeholder('userId')),
                eq(loanOrders.orderNo, sql.placeholder('ref')),
              ),
            )
            .prepare('kopa_order_of_user_by_no'),
        )
  if (prepared) {
    const found = await cachedOn(
      q,
      `orderOfUser:${userId}:${numeric ? 'id' : 'no'}:${ref}`,
      ORDERS,
      async () => (await prepared.execute({ userId, ref: numeric ? Number(ref) : ref }))[0] ?? null,
    )
    if (!found) fail(ApiCode.LoanOrderNotFound)
    return found
  }
  const byId = numeric ? eq(loanOrders.id, Number(ref)) : eq(loanOrders.orderNo, ref)
  const query = q
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), byId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) fail(ApiCode.LoanOrderNotFound)
  return row
}

async function orderById(q: Queryable, id: number): Promise<OrderRow | null> {
  const [row] = await q.select().from(loanOrders).where(eq(loanOrders.id, id)).for('update')
  return row ?? null
}

/** Every onboarding step done: whether an order could take any of them at all. */
const EVERY_STEP_DONE = {
  'profile.basicSaved': true,
  'profile.identityCompleted': true,
  'profile.additionalSaved': true,
  'wallet.added': true,
  'questionnaire.saved': true,
} as const

export async function profileProgress(q: Queryable, userId: number): Promise<ProfileProgress> {
  const [p] = await q.select().from(profiles).where(eq(profiles.userId, userId))
  const [w] = await q.select({ n: count() }).from(walletAccounts).where(eq(walletAccounts.userId, userId))
  return {
    basicInfo: Boolean(p?.basicInfoAt),
    identity: Boolean(p?.identityAt),
    additionalInfo: Boolean(p?.additionInfoAt),
    wallet: (w?.n ?? 0) > 0,
    questionnaire: Boolean(p?.questionnaireAt),
  }
}

/** The events of these orders into or out of overdue (status 3), oldest first. */
async function overdueEventsOf(q: Queryable, orders: readonly { id: number }[]) {
  if (orders.length === 0) return []
  return q
    .select({
      orderId: loanOrderEvents.orderId,
      event: loanOrderEvents.event,
      fromStatus: loanOrderEvents.fromStatus,
      toStatus: loanOrderEvents.toStatus,
      at: loanOrderEvents.at,
    })
    .from(loanOrderEvents)
    .where(
      and(
        inArray(
          loanOrderEvents.orderId,
          orders.map((o) => o.id),
        ),
        or(
          eq(loanOrderEvents.toStatus, OrderStatus.Overdued),
          eq(loanOrderEvents.fromStatus, OrderStatus.Overdued),
        ),
      ),
    )
    .orderBy(loanOrderEvents.at, loanOrderEvents.id)
}

/**
 * Earlier loans of the borrower: each loan repaid in full (oldest first) with its days late (ladder.ts
 * `daysLateOf`: the stretches in status 3 from the order's events, and a repayment after the due date) and its
 * rollovers; the counts; and the most days any loan, repaid or still open, was overdue.
 */
/** The rollovers an order took, as its loan counts them (the one counter; 0 before pay-out), read in SQL. */
const rolloversDoneSql = sql<number>`coalesce((${loanOrders.loan} ->> 'rolloversDone')::integer, 0)`.mapWith(
  Number,
)

export async function borrowerHistory(q: Queryable, userId: number, now: Date): Promise<BorrowerHistory> {
  const build = (db: Queryable, user: number | Placeholder) =>
    db
      .select({
        id: loanOrders.id,
        status: loanOrders.status,
        dueAt: loanOrders.dueAt,
        finishedAt: loanOrders.finishedAt,
        rollovers: rolloversDoneSql,
      })
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.userId, user),
          inArray(loanOrders.status, [OrderStatus.Finish, OrderStatus.Overdued]),
        ),
      )
      .orderBy(loanOrders.finishedAt, loanOrders.id)
  const prepared = preparedOn(q, 'kopa_borrower_history', (db) =>
    build(db, sql.placeholder('userId')).prepare('kopa_borrower_history'),
  )
  // The orders and their overdue events are kept in the server's read cache (outside a transaction) until an order
  // or an event changes; the days late are counted from them on every call, to the clock's day.
  const { orders, events } = await cachedOn(q, `history:${userId}`, ORDERS_AND_EVENTS, async () => {
    const orders = prepared ? await prepared.execute({ userId }) : await build(q, userId)
    return { orders, events: await overdueEventsOf(q, orders) }
  })
  const loans: RepaidLoan[] = []
  let worst = 0
  for (const o of orders) {
    const overdue: { from: number; to: number | null }[] = []
    for (const e of events.filter((ev) => ev.orderId === o.id)) {
      const open = overdue.at(-1)
      if (e.toStatus === OrderStatus.Overdued && e.fromStatus !== OrderStatus.Overdued)
        overdue.push({ from: e.at.getTime(), to: null })
      else if (
        e.fromStatus === OrderStatus.Overdued &&
        e.toStatus !== OrderStatus.Overdued &&
        open &&
        open.to === null
      )
        open.to = e.at.getTime()
    }
    const daysLate = daysLateOf(
      { dueAt: o.dueAt?.getTime() ?? null, finishedAt: o.finishedAt?.getTime() ?? null, overdue },
      now.getTime(),
    )
    worst = Math.max(worst, daysLate)
    // A loan the lender wrote off (the console: overdue → 4 by `loan.writtenOff`) was not repaid: its days late
    // count, but it is no rung of the ladder.
    const writtenOff = events.some((ev) => ev.orderId === o.id && ev.event === 'loan.writtenOff')
    if (o.status === OrderStatus.Finish && !writtenOff) loans.push({ daysLate, rollovers: o.rollovers })
  }
  const repaidLate = loans.filter((l) => l.daysLate > 0).length
  return {
    finished: loans.length,
    repaidOnTime: loans.length - repaidLate,
    repaidLate,
    worstOverdueDays: worst,
    loans,
  }
}

/** The borrower's step on a product's repeat-borrower ladder (ladder.ts): what prices their next loan on it. */
export function ladderStepOf(history: BorrowerHistory, product: ProductConfig): number {
  return ladderStep(history.loans, product)
}

export async function latestWallet(q: Queryable, userId: number) {
  const [w] = await q
    .select()
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId))
    .orderBy(desc(walletAccounts.createdAt), desc(walletAccounts.id))
    .limit(1)
  return w ?? null
}

// ------------------------------------------------------------------------------------------------ service

export type LoanService = ReturnType<typeof createLoanService>

export function createLoanService(deps: LoanDeps) {
  const { db, jobs, log, payments, settings } = deps

  /** The product as the order was applied under it (its version): an edit since reaches new orders only. */
  function product(order: Pick<OrderRow, 'productId' | 'productVersion'>): ProductConfig {
    const config = deps.products().at(order.productId, order.productVersion)
    if (!config) throw new Error(`Product ${order.productId} v${order.productVersion} is not loaded`)
    return config
  }

  /**
   * Schedules what a status needs once reached, as the lifecycle says what the order waits for: the data
   * collector's grace (19), the assessment (1), the approval's deadline (14, 18), the pay-out (7).
   */
  async function arrive(q: Queryable, order: OrderRow, now: Date): Promise<void> {
    const t = now.getTime()
    const lifecycle = lifecycleOf(order)
    if (lifecycle.can({ type: 'collection.finished' }))
      await jobs.enqueue(
        LOAN_JOBS.collectionGrace,
        { orderId: order.id },
        {
          q,
          runAt: new Date(t + settings.collectionGraceMs),
          key: `grace:${order.id}:${t}`,
        },
      )
    else if (lifecycle.hasTag('underAssessment'))
      await jobs.enqueue(
        LOAN_JOBS.assess,
        { orderId: order.id },
        {
          q,
          runAt: new Date(t + settings.assessmentDelayMs),
          key: `assess:${order.id}:${t}`,
        },
      )
    else if (lifecycle.hasTag('canConfirm'))
      await jobs.enqueue(
        LOAN_JOBS.expireApproval,
        { orderId: order.id },
        {
          q,
          runAt: new Date(confirmDeadlineAfter((order.approvedAt ?? now).getTime())),
          key: `expire:${order.id}:${t}`,
        },
      )
    else if (lifecycle.hasTag('payingOut'))
      await jobs.enqueue(LOAN_JOBS.disburse, { orderId: order.id }, { q, key: `disburse:${order.id}:${t}` })
  }

  async function move(
    q: Queryable,
    order: OrderRow,
    event: Parameters<typeof moveOrder>[2],
    now: Date,
    changes: OrderChanges = {},
  ): Promise<OrderRow> {
    const next = await moveOrder(q, order, event, now, changes)
    await arrive(q, next, now)
    return next
  }

  /** Moves an onboarding order past every step the borrower has already completed. */
  async function fastForward(q: Queryable, order: OrderRow, now: Date): Promise<OrderRow> {
    // An order that takes no onboarding step even with every step done (a loan being repaid, say) has nothing to
    // move: the profile is not read (issue 17: two statements of every profile save of a borrower with a loan).
    if (!nextCompletedStep(lifecycleOf(order), EVERY_STEP_DONE)) return order
    const progress = await profileProgress(q, order.userId)
    const done = {
      'profile.basicSaved': progress.basicInfo,
      'profile.identityCompleted': progress.identity,
      'profile.additionalSaved': progress.additionalInfo,
      'wallet.added': progress.wallet,
      'questionnaire.saved': progress.questionnaire,
    }
    let current = order
    for (;;) {
      const event = nextCompletedStep(lifecycleOf(current), done)
      if (!event) break
      current = await moveOrder(q, current, event, now)
    }
    if (current !== order) await arrive(q, current, now)
    return current
  }

  // -------------------------------------------------------------------------------------------- apply

  interface ApplyInput {
    productId: string
    amountMinor: number
    tenureDays: number
  }

  async function apply(
    session: { userId: number; country: CountryCode },
    input: ApplyInput,
    opts: { again: boolean },
    now: Date,
  ): Promise<OrderRow> {
    const loaded = deps.products().byId(input.productId)
    if (!loaded || loaded.config.country !== session.country) fail(ApiCode.LoanNoProduct)
    const config = loaded.config
    return db.transaction(async (tx) => {
      await lockUser(tx, session.userId)
      const latest = await latestOrderOf(tx, session.userId, true)
      if (latest && isOpenStatus(latest.status as OrderStatusCode)) {
        fail(ApiCode.LoanOpenExists, undefined, { loanOrderId: String(latest.id), status: latest.status })
      }
      const history = await borrowerHistory(tx, session.userId, now)
      if (opts.again && history.finished === 0) fail(ApiCode.LoanNotRepeatBorrower)
      const step = ladderStepOf(history, config)
      const problem = checkLoanRequest(config, {
        amountMinor: input.amountMinor,
        tenureDays: input.tenureDays,
        loansRepaidOnTime: step,
      })
      if (problem)
        fieldFailure({ [problem === 'validation.loan.tenure' ? 'tenureDays' : 'amountMinor']: problem })

      const questionnaireRequired = COUNTRIES[session.country].questionnaireRequired
      const started = { type: 'application.started', at: now.getTime() } as const
      // The lifecycle decides whether the borrower may apply and where the new order starts: at the first
      // onboarding step (6) for a first application, at submission (19) after a loan, a cancellation or a rejection.
      const snapshot = lifecycleOf(latest)
      const decision = decide(snapshot, started)
      if (!decision.allowed || decision.status === null) {
        if (latest?.status === OrderStatus.Reject) {
          const retryAt = latest.retryAt ?? new Date(retryDateOf(snapshot) ?? retryDateAfter(now.getTime()))
          fail(ApiCode.LoanRetryLater, undefined, { retryAt: retryAt.toISOString() })
        }
        fail(ApiCode.LoanActionNotAllowed)
      }
      // One loan at a time per person: no other account's order under this ID number or wallet (2116–2118).
      const keys = await personKeysOf(tx, session.userId)
      await refuseSamePerson(tx, session.userId, keys, now)
      const status = decision.status
      let order: OrderRow
      try {
        const [row] = await tx
          .insert(loanOrders)
          .values({
            orderNo: newOrderNo(now),
            userId: session.userId,
            country: session.country,
            productId: config.id,
            productVersion: loaded.version,
            status,
            currency: config.currency,
            requestedMinor: input.amountMinor,
            termDays: input.tenureDays,
            questionnaireRequired,
            repeatIndex: step,
            maxRollovers: config.rollover.maxCount,
            personKey: keys.idNumber,
            walletKey: keys.wallet,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        order = row!
      } catch (err) {
        refuseSharedKey(err)
        if (isUniqueViolation(err)) fail(ApiCode.LoanOpenExists)
        throw err
      }
      await recordCreation(tx, order, now)
      if (decision.snapshot.hasTag('onboarding')) return fastForward(tx, order, now)
      await arrive(tx, order, now)
      return order
    })
  }

  /** The open order's status and number, as a profile step answers it; null once the order is not open. */
  const openStateOf = (order: OrderRow) =>
    isOpenStatus(order.status as OrderStatusCode)
      ? { status: order.status as OrderStatusCode, orderNo: order.orderNo }
      : null

  /**
   * server/context.ts ProfileStepListener: a saved profile step moves the borrower's open order on (the one the step
   * locked, when it says so); answers the open order after it.
   */
  async function onProfileStep(
    userId: number,
    step: ProfileStep,
    ctx: ProfileStepContext,
  ): Promise<{ status: OrderStatusCode; orderNo: string } | null> {
    const order = ctx.openOrder !== undefined ? ctx.openOrder : await openOrderOf(ctx.q, userId, true)
    if (!order) return null
    if (lifecycleOf(order).hasTag('payoutFailed')) {
      if (step !== 'wallet') return openStateOf(order)
      return openStateOf(
        await move(ctx.q, order, { type: 'wallet.corrected' }, ctx.now, { walletAccountId: null }),
      )
    }
    return openStateOf(await fastForward(ctx.q, order, ctx.now))
  }

  /** /user/submit: the data collector is done; the application goes to assessment (19 → 1). */
  async function submit(userId: number, now: Date): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const order = await openOrderOf(tx, userId, true)
      if (!order) fail(ApiCode.LoanOrderNotFound)
      if (lifecycleOf(order).hasTag('underAssessment')) return order
      return move(tx, order, { type: 'collection.finished' }, now, { submittedAt: now })
    })
  }

  // -------------------------------------------------------------------------------------------- assessment

  async function scoreFacts(q: Queryable, order: OrderRow, now: Date): Promise<ScoreFacts> {
    const [p] = await q.select().from(profiles).where(eq(profiles.userId, order.userId))
    const basic = (p?.basicInfo ?? {}) as Record<string, unknown>
    const addition = (p?.additionInfo ?? {}) as Record<string, unknown>
    // What the collector delivered for this order (a later loan collects again: issue 18).
    const [report] = await q
      .select()
      .from(collectionReports)
      .where(and(eq(collectionReports.userId, order.userId), eq(collectionReports.orderNo, order.orderNo)))
    const flags = (report?.flags ?? {}) as Record<string, unknown>
    const required = deps.requiredFlags(order.country as CountryCode)
    const history = await borrowerHistory(q, order.userId, now)
    const birthday = typeof basic.birthday === 'string' ? basic.birthday : null
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    const salary = addition.monthlySalary
    return {
      employmentType: text(addition.employmentType),
      jobExperience: text(addition.jobExperience),
      workThereTime: text(addition.workThereTime),
      monthlySalary: typeof salary === 'number' || typeof salary === 'string' ? salary : null,
      ageYears: birthday ? ageOn(birthday, now) : null,
      repaidLoans: history.loans,
      worstOverdueDays: history.worstOverdueDays,
      missingRequiredFlags: required.filter((f) => !flags[f]),
      identity: await latestKycCheck(q, order.userId),
    }
  }

  async function assess(tx: Tx, orderId: number, now: Date): Promise<void> {
    const order = await orderById(tx, orderId)
    if (!order || !lifecycleOf(order).hasTag('underAssessment')) return
    const config = product(order)
    const card = score(await scoreFacts(tx, order, now), config)
    if (card.decision === 'reject') {
      await move(tx, order, { type: 'assessment.rejected', at: now.getTime() }, now, {
        rejectedAt: now,
        retryAt: new Date(retryDateAfter(now.getTime())),
        closedAt: now,
        assessment: card,
      })
      return
    }
    const principal = Math.min(order.requestedMinor, card.limitMinor)
    // The decision's ladder step prices the loan (the same as at apply unless the history changed since).
    const q = quote(config, {
      amountMinor: principal,
      tenureDays: order.termDays,
      loansRepaidOnTime: card.ladder.step,
      disbursedOn: localDate(now, timeZoneOf(order.country)),
    })
    const terms: Terms = { product: config, quote: q }
    await move(
      tx,
      order,
      { type: 'assessment.approved', at: now.getTime(), viaPromotion: order.viaPromotion },
      now,
      {
        approvedAt: now,
        limitMinor: card.limitMinor,
        principalMinor: principal,
        repeatIndex: card.ladder.step,
        terms,
        assessment: card,
      },
    )
  }

  // -------------------------------------------------------------------------------------------- confirm, cancel, expiry

  async function expireApproval(q: Queryable, orderId: number, now: Date): Promise<boolean> {
    const order = await orderById(q, orderId)
    if (!order || !allows(order, { type: 'approval.expired', at: now.getTime() })) return false
    await move(q, order, { type: 'approval.expired', at: now.getTime() }, now, { closedAt: now })
    return true
  }

  /** /loan/get-money: the borrower accepts the agreement and confirms; the pay-out starts. */
  async function confirm(
    userId: number,
    input: { loanOrderId: string; agreed: boolean; couponId?: string | undefined },
    now: Date,
  ): Promise<OrderRow> {
    const outcome = await db.transaction(async (tx) => {
      const order = await orderOfUser(tx, userId, input.loanOrderId, true)
      if (approvalExpired(lifecycleOf(order), now.getTime())) return { expired: true as const, id: order.id }
      const wallet = await latestWallet(tx, userId)
      if (!wallet) fail(ApiCode.LoanWalletMissing)
      const event = {
        type: 'borrower.confirmed',
        agreementAccepted: input.agreed,
        at: now.getTime(),
      } as const
      if (!allows(order, event)) throw new LifecycleRefused(order.status, event.type)
      const terms = termsOf(order)!
      // The coupon module checks the coupon and marks it used in this transaction; the loan is priced with it.
      const base = quoteOn(order, now, { coupon: false })
      const used = await redeemCoupon(tx, { userId, orderId: order.id }, input.couponId, base, now)
      const next = await move(tx, order, event, now, {
        confirmedAt: now,
        walletAccountId: wallet.id,
        terms: {
          product: terms.product,
          quote: terms.quote,
          ...(used ? { coupon: { couponId: used.couponId, discountMinor: used.discountMinor } } : {}),
        } satisfies Terms,
      })
      return { expired: false as const, order: next }
    })
    if (!outcome.expired) return outcome.order
    await db.transaction((tx) => expireApproval(tx, outcome.id, now))
    fail(ApiCode.LoanApprovalExpired)
  }

  /** /loan/cancel-draw-money: an approved order, with exactly one reason. */
  async function cancel(
    userId: number,
    loanOrderId: string,
    reasons: readonly string[],
    now: Date,
  ): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const order = await orderOfUser(tx, userId, loanOrderId, true)
      return move(tx, order, { type: 'borrower.cancelled', reasons }, now, {
        cancelReason: reasons[0] ?? null,
        closedAt: now,
      })
    })
  }

  // -------------------------------------------------------------------------------------------- pay-out

  /**
   * Requests the loan's pay-out (on arrival at 7): a transfer and its outbox row, in this transaction; the worker
   * sends it after commit. Never a second pay-out while an earlier one may still move money (the database holds
   * at most one unresolved disbursal per order) or after one succeeded.
   */
  async function disburse(tx: Tx, orderId: number, now: Date): Promise<void> {
    const order = await orderById(tx, orderId)
    if (!order || !lifecycleOf(order).hasTag('payingOut')) return
    const terms = termsOf(order)
    if (!terms || order.walletAccountId === null)
      throw new Error(`Order ${order.id} is lending without terms or wallet`)
    const earlier = await tx
      .select({ state: paymentTransfers.state })
      .from(paymentTransfers)
      .where(and(eq(paymentTransfers.orderId, order.id), eq(paymentTransfers.purpose, 'disbursal')))
    if (earlier.some((t) => t.state !== 'failed')) {
      // An earlier pay-out is not settled as failed: its result decides (reconciliation keeps asking).
      log.warn({ order: order.orderNo }, 'pay-out deferred: an earlier pay-out of this loan is unresolved')
      return
    }
    const [wallet] = await tx
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.id, order.walletAccountId))
    if (!wallet) throw new Error(`Order ${order.id}: wallet ${order.walletAccountId} is gone`)
    await payments.request(tx, now, {
      orderId: order.id,
      reference: `PO${order.orderNo}-${earlier.length + 1}`,
      kind: 'payout',
      purpose: 'disbursal',
      provider: deps.route(order.country, wallet.provider),
      channel: wallet.provider,
      account: wallet.account,
      amountMinor: quoteOn(order, now).disbursalMinor,
      currency: order.currency,
      expiresAt: new Date(now.getTime() + settings.payoutWindowMs),
    })
  }

  async function payoutFailed(q: Queryable, order: OrderRow, now: Date): Promise<void> {
    await move(q, order, { type: 'payout.failed' }, now, { payoutFailures: order.payoutFailures + 1 })
  }

  /** The pay-out reached the wallet: the loan opens on the price of its day, booked as it moved. */
  async function payoutSucceeded(tx: Tx, order: OrderRow, paid: TransferRow, now: Date): Promise<void> {
    const terms = termsOf(order)!
    const tz = timeZoneOf(order.country)
    const q = quoteOn(order, now)
    const moved = paid.movedMinor ?? paid.amountMinor
    if (moved !== q.disbursalMinor)
      throw new Error(`Order ${order.orderNo}: paid out ${moved}, its quote says ${q.disbursalMinor}`)
    const loan = openLoan({ ...q, installments: q.installments })
    const base = { orderId: order.id, currency: order.currency, at: now }
    await post(tx, {
      ...base,
      kind: 'disbursal',
      key: movementKey(paid),
      transferId: paid.id,
      lines: transfer('receivable.principal', clearingOf(paid), moved),
    })
    await post(tx, {
      ...base,
      kind: 'processingFee',
      key: `processingFee:${order.id}`,
      lines: transfer('receivable.principal', 'income.processingFee', q.processingFeeMinor),
    })
    await post(tx, {
      ...base,
      kind: 'tax',
      key: `tax:${order.id}`,
      lines: transfer('receivable.principal', 'taxPayable', q.feeTaxMinor),
    })
    await post(tx, {
      ...base,
      kind: 'interest',
      key: `interest:${order.id}`,
      lines: transfer('receivable.interest', 'income.interest', q.interestMinor),
    })
    const b = balanceOf(loan)
    await move(tx, order, { type: 'payout.succeeded' }, now, {
      disbursedAt: now,
      dueAt: endOfLocalDay(q.dueDate, tz),
      terms: { ...terms, quote: q } satisfies Terms,
      loan,
      principalDueMinor: b.principalMinor,
      interestDueMinor: b.interestMinor,
      penaltyDueMinor: b.penaltyMinor,
    })
  }

  // -------------------------------------------------------------------------------------------- money that moved

  const movementKey = (t: TransferRow) => `movement:${t.reference}`
  const clearingOf = (t: TransferRow) =>
    clearingAccount(t.provider, t.kind === 'payout' ? 'payout' : 'collection')

  /**
   * Money moved that the loan cannot take (a pay-out for a loan that no longer waits for one, another amount than
   * asked): booked against suspense, for a person to decide. Never dropped.
   */
  async function unapplied(tx: Tx, order: OrderRow, t: TransferRow, now: Date, why: string): Promise<void> {
    const moved = t.movedMinor ?? t.amountMinor
    await post(tx, {
      orderId: order.id,
      kind: 'unapplied',
      currency: t.currency,
      key: movementKey(t),
      transferId: t.id,
      at: now,
      lines:
        t.kind === 'payout'
          ? transfer('suspense', clearingOf(t), moved)
          : transfer(clearingOf(t), 'suspense', moved),
    })
    log.warn(
      { order: order.orderNo, transfer: t.reference, why },
      'money moved that cannot be applied: suspense',
    )
  }

  /** Pays back what a payer paid that cannot be applied, through the channel it came from. */
  async function refund(
    tx: Tx,
    order: OrderRow,
    paid: TransferRow,
    amountMinor: number,
    now: Date,
  ): Promise<void> {
    if (amountMinor <= 0) return
    await payments.request(tx, now, {
      orderId: order.id,
      reference: `RF${paid.reference}`,
      kind: 'payout',
      purpose: 'refund',
      provider: paid.provider,
      channel: paid.channel,
      account: paid.account,
      amountMinor,
      currency: paid.currency,
      expiresAt: new Date(now.getTime() + settings.payoutWindowMs),
      refundOf: paid.id,
    })
    log.warn(
      { order: order.orderNo, transfer: paid.reference },
      'payment above what the loan takes: refunding',
    )
  }

  /** A payment the loan can no longer take: owed back to the payer, and refunded. */
  async function refundAll(tx: Tx, order: OrderRow, paid: TransferRow, now: Date): Promise<void> {
    const moved = paid.movedMinor ?? paid.amountMinor
    await post(tx, {
      orderId: order.id,
      kind: 'refundDue',
      currency: paid.currency,
      key: movementKey(paid),
      transferId: paid.id,
      at: now,
      lines: transfer(clearingOf(paid), 'refundDue', moved),
    })
    await refund(tx, order, paid, moved, now)
  }

  // -------------------------------------------------------------------------------------------- repayment

  async function repaymentReceived(tx: Tx, order: OrderRow, paid: TransferRow, now: Date): Promise<void> {
    const loan = loanOf(order)
    const moved = paid.movedMinor ?? paid.amountMinor
    if (!loan || !isRepayable(order.status as OrderStatusCode)) {
      await refundAll(tx, order, paid, now)
      return
    }
    // Interest to the day: the payoff of the day the payment order was made (or of today, if earlier — never a
    // later day than the borrower was shown), so a prompt paid after midnight still repays the loan in full.
    const tz = timeZoneOf(order.country)
    const today = localDate(now, tz)
    const asked = localDate(paid.createdAt, tz)
    const asOf: IsoDate = asked < today ? asked : today
    const owed = balanceOf(loan, asOf).totalMinor
    const amount = Math.min(moved, owed)
    const excess = moved - amount
    // Repaid in full early, the interest not earned by that day is taken back off the receivables first.
    const booking = repaymentBooking({
      order,
      loan,
      amountMinor: amount,
      receivedMinor: moved,
      asOf,
      at: now,
      key: movementKey(paid),
      transferId: paid.id,
      from: clearingOf(paid),
    })
    await post(tx, booking.rebate)
    await post(tx, booking.repayment)
    await refund(tx, order, paid, excess, now)
    if (booking.full)
      await move(tx, order, { type: 'repayment.full' }, now, {
        ...booking.changes,
        finishedAt: now,
        closedAt: now,
      })
    else await move(tx, order, { type: 'repayment.partial' }, now, booking.changes)
  }

  async function rolloverPaid(tx: Tx, order: OrderRow, paid: TransferRow, now: Date): Promise<void> {
    const loan = loanOf(order)
    const moved = paid.movedMinor ?? paid.amountMinor
    // Checked again as the fee arrives: the rollover is what was paid for only if the loan can still take it
    // today — within its limit and the charges cap, and bringing it back to date (else the fee is refunded) — at
    // the price that was asked.
    const offer = rolloverToday(order, now)
    if (!loan || offer.refusal !== null || offer.quote.totalMinor !== moved) {
      await refundAll(tx, order, paid, now)
      return
    }
    const { quote: rq, newDueAt } = offer
    const event = { type: 'rollover.confirmed', at: now.getTime(), newDueAt: newDueAt.getTime() } as const
    await post(tx, {
      orderId: order.id,
      kind: 'rolloverFee',
      currency: order.currency,
      key: movementKey(paid),
      transferId: paid.id,
      at: now,
      lines: [
        { account: clearingOf(paid), debitMinor: moved },
        { account: 'income.rolloverFee', creditMinor: rq.feeMinor },
        { account: 'taxPayable', creditMinor: rq.feeTaxMinor },
      ],
    })
    await move(tx, order, event, now, { loan: applyRollover(loan, rq), dueAt: newDueAt })
  }

  /**
   * server/payments TransferListener: what a transfer's new state means for its loan, in the transaction that
   * changed it. Every state a provider's money reaches is booked here exactly once (the movement's entry key is
   * its reference).
   */
  async function transferChanged(tx: Tx, before: TransferRow, t: TransferRow, now: Date): Promise<void> {
    const order = await orderById(tx, t.orderId)
    if (!order) throw new Error(`Transfer ${t.reference} names no order`)
    if (t.state === 'reversed') {
      const moved = t.movedMinor ?? t.amountMinor
      await post(tx, {
        orderId: order.id,
        kind: 'reversal',
        currency: t.currency,
        key: `reversal:${t.reference}`,
        transferId: t.id,
        at: now,
        lines:
          t.kind === 'payout'
            ? transfer(clearingOf(t), 'suspense', moved)
            : transfer('suspense', clearingOf(t), moved),
      })
      log.warn({ order: order.orderNo, transfer: t.reference }, 'the provider reversed a transfer: suspense')
      return
    }
    const moved = t.movedMinor ?? t.amountMinor
    if (t.purpose === 'disbursal') {
      if (t.state === 'succeeded') {
        const waiting = allows(order, { type: 'payout.succeeded' }) && !loanOf(order)
        if (waiting && moved === t.amountMinor) await payoutSucceeded(tx, order, t, now)
        else await unapplied(tx, order, t, now, waiting ? 'another amount than asked' : 'loan not waiting')
      } else if (
        (t.state === 'failed' || t.state === 'expired') &&
        allows(order, { type: 'payout.failed' })
      ) {
        if (before.state !== 'expired') await payoutFailed(tx, order, now)
      }
      return
    }
    if (t.purpose === 'refund') {
      if (t.state === 'succeeded') {
        await post(tx, {
          orderId: order.id,
          kind: 'refund',
          currency: t.currency,
          key: movementKey(t),
          transferId: t.id,
          at: now,
          lines: transfer('refundDue', clearingOf(t), moved),
        })
      } else if (t.state === 'failed') {
        log.error({ order: order.orderNo, transfer: t.reference }, 'refund failed; still owed (refundDue)')
      }
      return
    }
    if (t.state !== 'succeeded') return
    if (moved !== t.amountMinor) await unapplied(tx, order, t, now, 'another amount than asked')
    else if (t.purpose === 'repayment') await repaymentReceived(tx, order, t, now)
    else await rolloverPaid(tx, order, t, now)
  }

  /**
   * Starts a payment order (repayment or rollover fee) through a channel; 15 minutes to complete. One at a time per
   * loan (the database holds it too): asked again for the same purpose and amount, it is the same payment order
   * — the same payOrderId, the same prompt on the phone — so a double tap or a retried request charges once.
   */
  async function startPayment(
    tx: Tx,
    order: OrderRow,
    p: { purpose: 'repayment' | 'rollover'; amountMinor: number; channelId: string; payer: string },
    now: Date,
  ): Promise<TransferRow> {
    const channel = channelsFor(order.country, deps.route).find((c) => c.id === p.channelId)
    if (!channel) fail(ApiCode.PaymentNoChannel)
    const [open] = await tx
      .select()
      .from(paymentTransfers)
      .where(
        and(
          eq(paymentTransfers.orderId, order.id),
          eq(paymentTransfers.kind, 'collection'),
          inArray(paymentTransfers.state, [...OPEN_TRANSFER_STATES]),
        ),
      )
    if (open) {
      // Past its window but not yet looked up (the confirm call looks it up first; this is when the provider did
      // not answer): it may still have been paid, so no second one is asked for until reconciliation knows.
      if (
        !paymentTimedOut(open, now) &&
        open.purpose === p.purpose &&
        open.amountMinor === p.amountMinor &&
        open.channel === channel.id
      )
        return open
      fail(ApiCode.PaymentInProgress, undefined, { payOrderId: open.reference })
    }
    const [n] = await tx
      .select({ n: count() })
      .from(paymentTransfers)
      .where(and(eq(paymentTransfers.orderId, order.id), eq(paymentTransfers.kind, 'collection')))
    return payments.request(tx, now, {
      orderId: order.id,
      reference: `PY${order.orderNo}-${(n?.n ?? 0) + 1}`,
      kind: 'collection',
      purpose: p.purpose,
      provider: channel.provider,
      channel: channel.id,
      account: p.payer,
      amountMinor: p.amountMinor,
      currency: order.currency,
      expiresAt: new Date(now.getTime() + settings.paymentWindowMs),
    })
  }

  /** After the payment order committed: sends it now (the prompt reaches the phone), then reads it again. */
  async function sendPayment(payment: TransferRow): Promise<TransferRow> {
    if (payment.state === 'requested') await payments.send(payment.id)
    const read = async () =>
      (await db.select().from(paymentTransfers).where(eq(paymentTransfers.id, payment.id)))[0] ?? payment
    let fresh = await read()
    // The worker may be sending it right now (it claimed the job first): wait a moment for the provider's answer,
    // so the reply says whether the prompt went out. Bounded: a provider that does not answer is the worker's.
    for (
      let i = 0;
      i < SEND_WAIT_STEPS && (fresh.state === 'requested' || fresh.state === 'submitted');
      i += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, SEND_WAIT_STEP_MS))
      fresh = await read()
    }
    if (fresh.state === 'failed' && fresh.failureReason !== null && payment.state === 'requested')
      fail(ApiCode.PaymentRequestFailed)
    return fresh
  }

  function requireRepaying(order: OrderRow): LoanState {
    const loan = loanOf(order)
    if (order.status === OrderStatus.Finish) fail(ApiCode.LoanNothingToRepay)
    if (!loan || !isRepayable(order.status as OrderStatusCode)) {
      fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
    }
    return loan
  }

  /**
   * Before a new payment order: a loan's payment order whose window is over but which reconciliation has not looked
   * up yet is looked up now at its provider — outside any transaction — so a payment made in its last minutes (its
   * callback lost) is applied instead of the borrower being asked to pay again.
   */
  async function settleLapsedPayment(userId: number, orderNo: string, now: Date): Promise<void> {
    const [open] = await db
      .select({
        id: paymentTransfers.id,
        expiresAt: paymentTransfers.expiresAt,
        state: paymentTransfers.state,
      })
      .from(paymentTransfers)
      .innerJoin(loanOrders, eq(loanOrders.id, paymentTransfers.orderId))
      .where(
        and(
          eq(loanOrders.userId, userId),
          eq(loanOrders.orderNo, orderNo),
          eq(paymentTransfers.kind, 'collection'),
          inArray(paymentTransfers.state, [...OPEN_TRANSFER_STATES]),
        ),
      )
    if (!open || !open.expiresAt || open.expiresAt > now) return
    await payments.lookUp(open.id).catch((err: unknown) => {
      log.warn(
        { err: err instanceof Error ? err.name : 'unknown' },
        'looking up a lapsed payment order failed',
      )
    })
  }

  /** /portal/repayment/confirm: pay all or part of the balance (checkRepaymentAmount). */
  async function confirmRepayment(
    session: { userId: number; mobile: string },
    input: { orderNo: string; amountMinor: number; channelId: string },
    now: Date,
  ): Promise<{ order: OrderRow; payment: TransferRow }> {
    await settleLapsedPayment(session.userId, input.orderNo, now)
    const started = await db.transaction(async (tx) => {
      const order = await orderOfUser(tx, session.userId, input.orderNo, true)
      const loan = requireRepaying(order)
      const config = termsOf(order)!.product
      const remaining = balanceOf(loan, localDate(now, timeZoneOf(order.country))).totalMinor
      if (remaining === 0) fail(ApiCode.LoanNothingToRepay)
      const problem = checkRepaymentAmount({
        amountMinor: input.amountMinor,
        remainingMinor: remaining,
        productMinMinor: config.repayment.minMinor,
        unitMinor: config.repayment.unitMinor,
        minorPerUnit: config.minorPerUnit,
      })
      if (problem) fieldFailure({ amountMinor: problem })
      const payment = await startPayment(
        tx,
        order,
        {
          purpose: 'repayment',
          amountMinor: input.amountMinor,
          channelId: input.channelId,
          payer: session.mobile,
        },
        now,
      )
      return { order, payment }
    })
    return { order: started.order, payment: await sendPayment(started.payment) }
  }

  /**
   * /repay/confirmExtensionOrder: pay the rollover fee; the due date moves once it is paid. BEFORE the fee is
   * asked for, the pricing engine and the lifecycle say whether the loan may still be rolled over today: within its
   * limit (2114), back to date once rolled over (2119: never a fee for a rollover that leaves it overdue), and
   * within the charges cap (2120).
   */
  async function confirmRollover(
    session: { userId: number; mobile: string },
    input: { orderNo: string; channelId: string },
    now: Date,
  ): Promise<{ order: OrderRow; payment: TransferRow }> {
    await settleLapsedPayment(session.userId, input.orderNo, now)
    const started = await db.transaction(async (tx) => {
      const order = await orderOfUser(tx, session.userId, input.orderNo, true)
      requireRepaying(order)
      const offer = rolloverToday(order, now)
      if (offer.refusal !== null) fail(ROLLOVER_REFUSAL_CODE[offer.refusal])
      const rq = offer.quote
      const payment = await startPayment(
        tx,
        order,
        {
          purpose: 'rollover',
          amountMinor: rq.totalMinor,
          channelId: input.channelId,
          payer: session.mobile,
        },
        now,
      )
      return { order, payment }
    })
    return { order: started.order, payment: await sendPayment(started.payment) }
  }

  // -------------------------------------------------------------------------------------------- overdue

  /** Marks a loan overdue once its due date has passed and charges each overdue day's penalty, up to the cap. */
  async function chargeOverdue(tx: Tx, order: OrderRow, now: Date): Promise<void> {
    const loan0 = loanOf(order)
    const terms = termsOf(order)
    if (!loan0 || !terms) return
    const today = localDate(now, timeZoneOf(order.country))
    if (overdueDays(loan0, today) <= 0) return
    let current = order
    if (allows(current, { type: 'due.passed' }))
      current = await moveOrder(tx, current, { type: 'due.passed' }, now)
    const due = nextDueDate(loan0)!
    const from =
      current.penaltyThrough && daysBetween(due, current.penaltyThrough) > 0 ? current.penaltyThrough : due
    const days = daysBetween(from, today)
    if (days <= 0) return
    let loan = loan0
    let writtenOff = 0
    for (let d = 1; d <= days; d++) {
      const date = addDays(from, d)
      const pen = penaltyAfter(terms.product, loan, 1, overduePrincipal(loan, date))
      const base = { orderId: order.id, currency: order.currency, at: now }
      await post(tx, {
        ...base,
        kind: 'penalty',
        key: `penalty:${order.id}:${date}`,
        lines: transfer('receivable.penalty', 'income.penalty', pen.accruedMinor),
      })
      await post(tx, {
        ...base,
        kind: 'penaltyWriteOff',
        key: `penaltyWriteOff:${order.id}:${date}`,
        lines: transfer('writeOff.penalty', 'receivable.penalty', pen.writtenOffMinor),
      })
      loan = chargePenalty(loan, pen)
      writtenOff += pen.writtenOffMinor
    }
    const b = balanceOf(loan)
    await moveOrder(tx, current, { type: 'penalty.accrued' }, now, {
      loan,
      penaltyDueMinor: b.penaltyMinor,
      penaltyChargedMinor: loan.penaltyChargedMinor,
      penaltyWrittenOffMinor: current.penaltyWrittenOffMinor + writtenOff,
      penaltyThrough: today,
    })
  }

  async function overdueSweep(tx: Tx, now: Date): Promise<number> {
    const due = await tx
      .select()
      .from(loanOrders)
      .where(and(inArray(loanOrders.status, [...REPAYABLE_STATUSES]), lte(loanOrders.dueAt, now)))
      .orderBy(loanOrders.id)
      // Waits for an order another transaction holds (a payment callback, say) instead of skipping it: a skipped
      // order kept yesterday's penalty until the next sweep while its days overdue already counted today. Only one
      // sweep runs at a time (its job row is claimed), and each other writer holds one order, so no deadlock.
      .for('update')
    for (const order of due) await chargeOverdue(tx, order, now)
    return due.length
  }

  // -------------------------------------------------------------------------------------------- jobs

  function defineJobs(): void {
    const byOrder =
      (fn: (tx: Tx, orderId: number, now: Date) => Promise<unknown>) =>
      async (payload: Record<string, unknown>, ctx: { tx: Tx; now: Date }) => {
        await fn(ctx.tx, Number(payload.orderId), ctx.now)
      }
    jobs.define(
      LOAN_JOBS.collectionGrace,
      byOrder(async (tx, orderId, now) => {
        const order = await orderById(tx, orderId)
        if (order && allows(order, { type: 'collection.finished' })) {
          await move(tx, order, { type: 'collection.finished' }, now, { submittedAt: now })
        }
      }),
    )
    jobs.define(LOAN_JOBS.assess, byOrder(assess))
    jobs.define(LOAN_JOBS.expireApproval, byOrder(expireApproval))
    jobs.define(LOAN_JOBS.disburse, byOrder(disburse))
    jobs.every(LOAN_JOBS.overdueSweep, settings.overdueSweepMs, async (_payload, ctx) => {
      await overdueSweep(ctx.tx, ctx.now)
    })
    payments.setListener({ changed: transferChanged })
  }

  /** A payment order past its window (read paths treat it as expired before reconciliation runs). */
  function paymentTimedOut(p: TransferRow, now: Date): boolean {
    return (
      p.state === 'expired' ||
      (isOpenTransfer(p.state as TransferState) && p.expiresAt !== null && p.expiresAt <= now)
    )
  }

  async function paymentOf(q: Queryable, userId: number, payOrderId: string): Promise<TransferRow> {
    const [row] = await q
      .select({ t: paymentTransfers })
      .from(paymentTransfers)
      .innerJoin(loanOrders, eq(loanOrders.id, paymentTransfers.orderId))
      .where(
        and(
          eq(paymentTransfers.reference, payOrderId),
          eq(paymentTransfers.kind, 'collection'),
          eq(loanOrders.userId, userId),
        ),
      )
    if (!row) fail(ApiCode.PaymentOrderNotFound)
    return row.t
  }

  /** The loan's payment order still open, if any (the newest). */
  async function pendingPayment(q: Queryable, orderId: number): Promise<TransferRow | null> {
    const prepared = preparedOn(q, 'kopa_pending_collection', (db) =>
      db
        .select()
        .from(paymentTransfers)
        .where(
          and(
            eq(paymentTransfers.orderId, sql.placeholder('orderId')),
            eq(paymentTransfers.kind, 'collection'),
            inArray(paymentTransfers.state, [...OPEN_TRANSFER_STATES]),
          ),
        )
        .orderBy(desc(paymentTransfers.id))
        .limit(1)
        .prepare('kopa_pending_collection'),
    )
    if (prepared)
      return cachedOn(
        q,
        `pendingPayment:${orderId}`,
        TRANSFERS,
        async () => (await prepared.execute({ orderId }))[0] ?? null,
      )
    const [row] = await q
      .select()
      .from(paymentTransfers)
      .where(
        and(
          eq(paymentTransfers.orderId, orderId),
          eq(paymentTransfers.kind, 'collection'),
          inArray(paymentTransfers.state, [...OPEN_TRANSFER_STATES]),
        ),
      )
      .orderBy(desc(paymentTransfers.id))
      .limit(1)
    return row ?? null
  }

  return {
    apply,
    onProfileStep,
    submit,
    confirm,
    cancel,
    confirmRepayment,
    confirmRollover,
    defineJobs,
    paymentTimedOut,
    paymentOf,
    pendingPayment,
    product,
    /** For tests and operators: run one overdue sweep now. */
    overdueSweep: (now: Date) => db.transaction((tx) => overdueSweep(tx, now)),
  }
}

export { ApiFailure }
