/**
 * Stored orders, products and payments as the API table's reply shapes (domain/api-types.ts).
 */
import { isOpenTransfer, type TransferState } from '../../machines/transfer.machine'
import { confirmDeadlineAfter, rolloversLeft } from '../../machines/order-lifecycle.machine'
import { isRepayable, listStateOf } from '../../machines/order-lifecycle/order-policy'
import type * as T from '../../domain/api-types'
import {
  COUNTRIES,
  type CountryCode,
  type CurrencyCode,
  type Language,
  type WalletProviderCode,
} from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import {
  balanceOf,
  chargedSoFar,
  chargesCap,
  daysBetween,
  interestDaysOn,
  nextDueDate,
  overdueDays,
  overduePrincipal,
  penaltyAfter,
  repeatBorrowerTerms,
  roomUnderCap,
  type IsoDate,
} from '../../domain/pricing'
import { ratioToNumber } from '../../domain/money'
import { REPAYMENT_FLOOR_UNITS, type ProductConfig } from '../../domain/product'
import type { walletAccounts } from '../db/schema/profile'
import { maskAccount } from '../profile/store'
import { localDate } from './dates'
import { lifecycleOf, type OrderRow } from './lifecycle'
import { productName, type LoadedProduct, type ProductCatalog } from './products'
import { balanceToday, loanOf, rolloverToday, termsOf, timeZoneOf, type PaymentChannel } from './service'
import type { TransferRow } from '../payments/service'

type WalletRow = typeof walletAccounts.$inferSelect

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

/**
 * The wallet the money goes to, masked as the profile shows it (server/profile/store.ts `maskAccount`: the
 * country's national format, '0754 *** 456'), so confirm borrow and the wallet form name one account alike.
 */
export function walletSummary(w: WalletRow, country: CountryCode): T.WalletSummary {
  return {
    provider: w.provider as WalletProviderCode,
    maskedNumber: maskAccount(country, w.provider, w.account),
    addedAt: w.createdAt.toISOString(),
  }
}

export function productSummary(
  p: LoadedProduct,
  lang: Language,
  loansRepaidOnTime: number | null,
): T.ProductSummary {
  const c = p.config
  const terms = repeatBorrowerTerms(c, loansRepaidOnTime ?? 0)
  const daily = ratioToNumber(terms.dailyRate)
  return {
    productId: c.id,
    name: productName(p, lang),
    currency: c.currency as CurrencyCode,
    minorPerUnit: c.minorPerUnit,
    minAmountMinor: c.amount.minMinor,
    maxAmountMinor: loansRepaidOnTime === null ? c.amount.maxMinor : terms.maxAmountMinor,
    stepMinor: c.amount.stepMinor,
    tenureDays: [...c.tenureDays],
    dailyRatePercent: daily * 100,
    annualRatePercent: daily * 365 * 100,
    installments: c.installments,
  }
}

export function today(order: OrderRow, now: Date): IsoDate {
  return localDate(now, timeZoneOf(order.country))
}

/**
 * What an order owes now — the payoff today, interest to the day only (service.ts balanceToday) — its next due date
 * and days overdue (all zero/null before disbursal).
 */
export function standing(order: OrderRow, now: Date) {
  const loan = loanOf(order)
  if (!loan) return { remainingMinor: null, dueDate: null, overdueDays: 0 }
  const open = isRepayable(order.status as OrderStatusCode)
  return {
    remainingMinor: balanceToday(order, now)?.totalMinor ?? 0,
    dueDate: open ? nextDueDate(loan) : null,
    overdueDays: open ? overdueDays(loan, today(order, now)) : 0,
  }
}

function nameOf(catalog: ProductCatalog, order: OrderRow, lang: Language): string {
  const p = catalog.byId(order.productId)
  return p ? productName(p, lang) : order.productId
}

/**
 * Whether the loan's charges cap (in duplum) is reached: no room is left under it (pricing.ts `roomUnderCap`), so no
 * more penalty is charged and no rollover is offered. False before pay-out or for a product without a cap. Home
 * (latest order) and the repay detail say the same.
 */
export function chargesCapReached(order: OrderRow): boolean {
  const loan = loanOf(order)
  const config = termsOf(order)?.product ?? null
  return loan !== null && config !== null && roomUnderCap(config, loan) === 0
}

export function amountOf(order: OrderRow): number {
  return order.principalMinor ?? order.requestedMinor
}

export function latestOrderView(
  order: OrderRow,
  catalog: ProductCatalog,
  lang: Language,
  now: Date,
): T.LatestOrder {
  const s = standing(order, now)
  return {
    orderNo: order.orderNo,
    loanOrderId: String(order.id),
    status: order.status as OrderStatusCode,
    productId: order.productId,
    productName: nameOf(catalog, order, lang),
    currency: order.currency as CurrencyCode,
    amountMinor: amountOf(order),
    // What reaches the wallet, as the repay detail states it: the quote frozen at approval.
    disbursalMinor: termsOf(order)?.quote.disbursalMinor ?? null,
    tenureDays: order.termDays,
    createdAt: order.createdAt.toISOString(),
    approvedAt: iso(order.approvedAt),
    confirmBy: order.approvedAt
      ? new Date(confirmDeadlineAfter(order.approvedAt.getTime())).toISOString()
      : null,
    disbursedAt: iso(order.disbursedAt),
    dueDate: s.dueDate,
    remainingMinor: s.remainingMinor,
    overdueDays: s.overdueDays,
    chargesCapReached: chargesCapReached(order),
    retryAt: iso(order.retryAt),
    collectionPending: lifecycleOf(order).can({ type: 'collection.finished' }),
  }
}

export function orderSummary(
  order: OrderRow,
  catalog: ProductCatalog,
  lang: Language,
  now: Date,
): T.OrderSummary {
  const s = standing(order, now)
  const status = order.status as OrderStatusCode
  return {
    orderNo: order.orderNo,
    loanOrderId: String(order.id),
    status,
    listState: listStateOf(status),
    productName: nameOf(catalog, order, lang),
    currency: order.currency as CurrencyCode,
    amountMinor: amountOf(order),
    tenureDays: order.termDays,
    createdAt: order.createdAt.toISOString(),
    dueDate: s.dueDate,
    remainingMinor: s.remainingMinor,
  }
}

export function repayProduct(
  order: OrderRow,
  catalog: ProductCatalog,
  lang: Language,
  now: Date,
): T.RepayProduct {
  const s = standing(order, now)
  return {
    orderNo: order.orderNo,
    loanOrderId: String(order.id),
    productName: nameOf(catalog, order, lang),
    status: order.status as OrderStatusCode,
    currency: order.currency as CurrencyCode,
    remainingMinor: s.remainingMinor ?? 0,
    dueDate: s.dueDate,
    overdueDays: s.overdueDays,
  }
}

export function repayColor(order: OrderRow | null, now: Date): T.RepayColor {
  const repaying = order && isRepayable(order.status as OrderStatusCode)
  const s = repaying ? standing(order, now) : null
  if (!order || !s || s.dueDate === null) return { tone: 'none', daysToDue: null }
  const days = daysBetween(today(order, now), s.dueDate)
  const tone = days < 0 ? 'overdue' : days === 0 ? 'dueToday' : days <= 3 ? 'dueSoon' : 'normal'
  return { tone, daysToDue: days }
}

export function channelView(c: PaymentChannel): T.PaymentChannel {
  return {
    channelId: c.id,
    kind: c.kind === 'bankTransfer' ? 'bankTransfer' : 'push',
    provider: c.id as WalletProviderCode,
    nameKey: `enums.wallet.${c.id}`,
    available: true,
  }
}

export function payOrderView(
  p: TransferRow,
  orderNo: string,
  channel: PaymentChannel | undefined,
  now: Date,
  payTo: string | null = null,
): T.PayOrder {
  const timedOut =
    p.state === 'expired' ||
    (isOpenTransfer(p.state as TransferState) && p.expiresAt !== null && p.expiresAt <= now)
  const status: T.PayOrder['status'] = timedOut
    ? 'expired'
    : p.state === 'succeeded'
      ? 'paid'
      : p.state === 'failed' || p.state === 'reversed'
        ? 'failed'
        : 'pending'
  const bank = channel?.kind === 'bankTransfer'
  return {
    payOrderId: p.reference,
    orderNo,
    purpose: p.purpose === 'rollover' ? 'rollover' : 'repayment',
    amountMinor: p.amountMinor,
    currency: p.currency as CurrencyCode,
    channelId: p.channel,
    status,
    createdAt: p.createdAt.toISOString(),
    expiresAt: (p.expiresAt ?? p.createdAt).toISOString(),
    instructions: {
      payTo: bank ? payTo : null,
      reference: bank ? p.reference : null,
      pushSent: !bank && p.providerRef !== null,
    },
  }
}

export function repaymentDetail(
  order: OrderRow,
  channels: PaymentChannel[],
  pending: T.PayOrder | null,
  now: Date,
): T.RepaymentDetail {
  const terms = termsOf(order)
  const loan = loanOf(order)
  const config: ProductConfig | null = terms?.product ?? null
  const q = terms?.quote ?? null
  const asOf = today(order, now)
  const nothing = { penaltyMinor: 0, interestMinor: 0, principalMinor: 0, totalMinor: 0 }
  // What repays the loan today, and what the books hold (the contractual interest in full).
  const balance = loan ? balanceOf(loan, asOf) : nothing
  const booked = loan ? balanceOf(loan) : nothing
  const open = isRepayable(order.status as OrderStatusCode)
  const notYetEarned = booked.totalMinor - balance.totalMinor
  const breakdown: T.RepaymentBreakdown = {
    principalMinor: loan?.principalMinor ?? 0,
    interestToDateMinor: loan ? loan.interestMinor - (loan.interestRebatedMinor ?? 0) - notYetEarned : 0,
    interestDays: loan && open ? interestDaysOn(loan, asOf) : null,
    interestNotYetEarnedMinor: notYetEarned,
    penaltyAccruedMinor: loan ? loan.penaltyChargedMinor + order.penaltyWrittenOffMinor : 0,
    penaltyWrittenOffMinor: loan ? order.penaltyWrittenOffMinor : 0,
    paidMinor: loan ? order.repaidMinor : 0,
    dueMinor: balance.totalMinor,
  }
  const capMinor = loan && config ? chargesCap(config, loan.principalMinor) : null
  const chargesCapState: T.ChargesCapState = {
    capMinor,
    chargedMinor: loan ? chargedSoFar(loan) : 0,
    leftMinor: loan && config ? roomUnderCap(config, loan) : null,
    reached: chargesCapReached(order),
  }
  const installments: T.InstallmentState[] = (q?.installments ?? []).map((inst, i) => {
    const left = loan?.installments[i]
    const owed = left ? left.principalMinor + left.interestMinor : inst.totalMinor
    const paidMinor = inst.totalMinor - owed
    const dueDate = left?.dueDate ?? inst.dueDate
    const state: T.InstallmentState['state'] =
      owed === 0
        ? 'paid'
        : daysBetween(dueDate, asOf) > 0
          ? 'overdue'
          : daysBetween(asOf, dueDate) === 0
            ? 'due'
            : 'upcoming'
    return {
      number: inst.number,
      dueDate,
      principalMinor: inst.principalMinor,
      interestMinor: inst.interestMinor,
      totalMinor: inst.totalMinor,
      paidMinor,
      state,
    }
  })
  const perDay =
    loan && config && open
      ? penaltyAfter(config, loan, 1, overduePrincipal(loan, asOf) || balance.principalMinor).chargedMinor
      : 0
  return {
    orderNo: order.orderNo,
    loanOrderId: String(order.id),
    status: order.status as OrderStatusCode,
    currency: order.currency as CurrencyCode,
    minorPerUnit: config?.minorPerUnit ?? COUNTRIES[order.country as CountryCode]?.minorUnits ?? 100,
    principalMinor: q?.principalMinor ?? amountOf(order),
    interestMinor: q?.interestMinor ?? 0,
    processingFeeMinor: q?.processingFeeMinor ?? 0,
    feeTaxMinor: q?.feeTaxMinor ?? 0,
    disbursalMinor: q?.disbursalMinor ?? 0,
    disbursedAt: iso(order.disbursedAt),
    balance,
    paidMinor: order.repaidMinor,
    reductionMinor: order.penaltyWrittenOffMinor,
    breakdown,
    chargesCap: chargesCapState,
    dueDate: loan && open ? nextDueDate(loan) : null,
    overdueDays: loan && open ? overdueDays(loan, asOf) : 0,
    penaltyPerDayMinor: perDay,
    installments,
    amountRules: {
      minMinor: config?.repayment.minMinor ?? 0,
      unitMinor: config?.repayment.unitMinor ?? 0,
      floorMinor: REPAYMENT_FLOOR_UNITS * (config?.minorPerUnit ?? 100),
    },
    rollover: {
      available: rolloverToday(order, now).refusal === null,
      rolloversLeft: rolloversLeft(lifecycleOf(order).context),
    },
    channels: channels.map(channelView),
    pendingPayOrder: pending,
  }
}

/**
 * GET /repay/getExtensionData: the next rollover as the server would sell it today (service.ts rolloverToday) —
 * its fee and tax (within the charges cap), what is paid now, the current and new due date and what repays the
 * loan on the new date — or why there is none ('tooLate' when it would leave the loan overdue).
 */
export function rolloverOffer(order: OrderRow, channels: PaymentChannel[], now: Date): T.RolloverOffer {
  const offer = rolloverToday(order, now)
  return {
    orderNo: order.orderNo,
    currency: order.currency as CurrencyCode,
    available: offer.refusal === null,
    unavailableReason: offer.refusal,
    quote: offer.quote,
    rolloversLeft: rolloversLeft(lifecycleOf(order).context),
    channels: channels.map(channelView),
  }
}
