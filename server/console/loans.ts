/**
 * Borrowers and loans in the console (issue 20 item 4): staff find a borrower by phone number, national ID number
 * or order number, and read an order's whole story — every status change, every transfer and its state, the
 * schedule, the journal's lines, and (for risk and admins) the assessment's decision with its explanation. What a
 * member sees of a person is masked by role (roles.ts `shownTo`); each search and each order read is in the audit
 * log, without the number searched for (the audit names the borrowers found, never the query).
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'
import type { BorrowerHit, DecisionView, OrderStory } from '../../domain/console'
import { COUNTRY_CODES, type CountryCode } from '../../domain/countries'
import { normalizeMobile } from '../../domain/phone'
import type { Quote } from '../../domain/pricing'
import type { Queryable } from '../db/client'
import { users } from '../db/schema/core'
import {
  journalEntries,
  journalLines,
  loanOrderEvents,
  loanOrders,
  paymentTransfers,
} from '../db/schema/loans'
import { profiles } from '../db/schema/profile'
import type { StaffRole } from '../db/schema/staff'
import type { Scorecard } from '../loans/scorecard'
import { idNumberKey } from '../profile/person-keys'
import { orderActions } from './actions'
import { shownTo } from './roles'

/** The most borrowers one search answers. */
export const SEARCH_MAX = 20
const ORDERS_PER_BORROWER = 10
const ORDER_NO = /^KP\d{6}\d{9}$/

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

export function nameOf(basicInfo: unknown): string | null {
  const b = basicInfo as { firstName?: unknown; lastName?: unknown } | null
  const parts = [b?.firstName, b?.lastName].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  )
  return parts.length ? parts.join(' ') : null
}

/** Borrowers whose phone, ID number or order number is `query` (exactly, in any country's writing of it). */
export async function searchBorrowers(
  q: Queryable,
  opts: { role: StaffRole; personKeySecret: string },
  query: string,
): Promise<BorrowerHit[]> {
  const text = query.trim()
  const found = new Map<number, BorrowerHit['matchedBy']>()
  if (ORDER_NO.test(text.toUpperCase())) {
    const [order] = await q
      .select({ userId: loanOrders.userId })
      .from(loanOrders)
      .where(eq(loanOrders.orderNo, text.toUpperCase()))
    if (order) found.set(order.userId, 'orderNo')
  }
  const byMobile = COUNTRY_CODES.flatMap((country) => {
    const national = normalizeMobile(country, text)
    return national ? [and(eq(users.country, country), eq(users.mobile, national))!] : []
  })
  if (byMobile.length) {
    for (const u of await q
      .select({ id: users.id })
      .from(users)
      .where(or(...byMobile))
      .limit(SEARCH_MAX))
      if (!found.has(u.id)) found.set(u.id, 'mobile')
  }
  const keys = COUNTRY_CODES.map((c: CountryCode) => idNumberKey(opts.personKeySecret, c, text)).filter(
    (k): k is string => k !== null,
  )
  if (keys.length) {
    for (const p of await q
      .select({ id: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.personKey, keys))
      .limit(SEARCH_MAX))
      if (!found.has(p.id)) found.set(p.id, 'nationalId')
  }
  const ids = [...found.keys()].slice(0, SEARCH_MAX)
  if (ids.length === 0) return []
  const people = await q
    .select({ id: users.id, country: users.country, mobile: users.mobile, basicInfo: profiles.basicInfo })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids))
  const orders = await q
    .select({
      userId: loanOrders.userId,
      orderNo: loanOrders.orderNo,
      status: loanOrders.status,
      currency: loanOrders.currency,
      requestedMinor: loanOrders.requestedMinor,
      createdAt: loanOrders.createdAt,
    })
    .from(loanOrders)
    .where(inArray(loanOrders.userId, ids))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id))
  return ids.flatMap((id) => {
    const person = people.find((p) => p.id === id)
    if (!person) return []
    const name = nameOf(person.basicInfo)
    return [
      {
        userId: id,
        country: person.country as CountryCode,
        name: name === null ? null : shownTo(opts.role, 'name', name),
        mobile: shownTo(opts.role, 'mobile', person.mobile),
        matchedBy: found.get(id)!,
        orders: orders
          .filter((o) => o.userId === id)
          .slice(0, ORDERS_PER_BORROWER)
          .map((o) => ({
            orderNo: o.orderNo,
            status: o.status,
            currency: o.currency,
            requestedMinor: o.requestedMinor,
            createdAt: o.createdAt.toISOString(),
          })),
      },
    ]
  })
}

function decisionOf(assessment: unknown): DecisionView | null {
  const card = assessment as Scorecard | null
  if (!card || (card.decision !== 'approve' && card.decision !== 'reject')) return null
  return {
    decision: card.decision,
    points: card.points,
    approveAt: card.approveAt,
    lines: card.lines ?? [],
    refusals: card.refusals ?? [],
    outcome: card.outcome ?? '',
    limitMinor: card.limitMinor ?? 0,
    identity: card.identity
      ? {
          vendor: card.identity.vendor,
          result: card.identity.result,
          score: card.identity.score,
          reason: card.identity.reason,
        }
      : null,
  }
}

/** An order's whole story, as `role` may see it; null when there is no such order. */
export async function orderStory(
  q: Queryable,
  opts: { role: StaffRole; mayReadDecision: boolean },
  orderNo: string,
): Promise<OrderStory | null> {
  const [order] = await q.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo))
  if (!order) return null
  const [person] = await q
    .select({ mobile: users.mobile, basicInfo: profiles.basicInfo })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, order.userId))
  const events = await q
    .select()
    .from(loanOrderEvents)
    .where(eq(loanOrderEvents.orderId, order.id))
    .orderBy(asc(loanOrderEvents.at), asc(loanOrderEvents.id))
  const transfers = await q
    .select()
    .from(paymentTransfers)
    .where(eq(paymentTransfers.orderId, order.id))
    .orderBy(asc(paymentTransfers.createdAt), asc(paymentTransfers.id))
  const lines = await q
    .select({ entry: journalEntries, line: journalLines })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(eq(journalEntries.orderId, order.id))
    .orderBy(asc(journalEntries.at), asc(journalEntries.id), asc(journalLines.id))
  const ledger: OrderStory['ledger'] = []
  for (const { entry, line } of lines) {
    let view = ledger.at(-1)
    if (!view || view.id !== entry.id) {
      view = { id: entry.id, kind: entry.kind, key: entry.uniqueKey, at: entry.at.toISOString(), lines: [] }
      ledger.push(view)
    }
    view.lines.push({ account: line.account, debitMinor: line.debitMinor, creditMinor: line.creditMinor })
  }
  const quote = (order.terms as { quote?: Quote } | null)?.quote
  const name = nameOf(person?.basicInfo)
  const dates: OrderStory['dates'] = {}
  for (const [key, value] of [
    ['created', order.createdAt],
    ['submitted', order.submittedAt],
    ['approved', order.approvedAt],
    ['rejected', order.rejectedAt],
    ['confirmed', order.confirmedAt],
    ['disbursed', order.disbursedAt],
    ['due', order.dueAt],
    ['finished', order.finishedAt],
  ] as const)
    if (value) dates[key] = value.toISOString()
  return {
    orderNo: order.orderNo,
    status: order.status,
    country: order.country as CountryCode,
    currency: order.currency,
    productId: order.productId,
    productVersion: order.productVersion,
    requestedMinor: order.requestedMinor,
    principalMinor: order.principalMinor,
    termDays: order.termDays,
    due: {
      principalMinor: order.principalDueMinor,
      interestMinor: order.interestDueMinor,
      penaltyMinor: order.penaltyDueMinor,
    },
    repaidMinor: order.repaidMinor,
    dates,
    borrower: {
      userId: order.userId,
      name: name === null ? null : shownTo(opts.role, 'name', name),
      mobile: person ? shownTo(opts.role, 'mobile', person.mobile) : '',
    },
    timeline: events.map((e) => ({
      event: e.event,
      from: e.fromStatus,
      to: e.toStatus,
      at: e.at.toISOString(),
    })),
    transfers: transfers.map((t) => ({
      reference: t.reference,
      kind: t.kind,
      purpose: t.purpose,
      provider: t.provider,
      state: t.state,
      amountMinor: t.amountMinor,
      movedMinor: t.movedMinor,
      createdAt: t.createdAt.toISOString(),
      completedAt: iso(t.completedAt),
      failureReason: t.failureReason,
    })),
    schedule: (quote?.installments ?? []).map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      principalMinor: i.principalMinor,
      interestMinor: i.interestMinor,
      totalMinor: i.totalMinor,
    })),
    ledger,
    decision: opts.mayReadDecision ? decisionOf(order.assessment) : null,
    actions: orderActions(order, opts.role),
  }
}
