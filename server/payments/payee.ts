/**
 * Whom a pay-out pays, as the outbox needs to know it (server/payments/service.ts `payee`): the borrower's name
 * from the profile (given, middle and family names as entered), and whether the wallet's holder is still to be
 * confirmed — true for a loan's pay-out (`disbursal`) to a wallet this borrower has never been paid to
 * successfully. A refund goes back to the wallet that paid, so it is never checked.
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { loanOrders, paymentTransfers } from '../db/schema/loans'
import { profiles } from '../db/schema/profile'

export interface Payee {
  /** The borrower's full name ('' when the profile has none: the lookup then refuses). */
  name: string
  /** Whether the wallet's registered name must be compared with `name` before this pay-out. */
  confirmWallet: boolean
}

/** The transfer fields the answer depends on. */
export type PayeeTransfer = Pick<
  typeof paymentTransfers.$inferSelect,
  'id' | 'kind' | 'purpose' | 'orderId' | 'channel' | 'account'
>

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

export async function payeeOf(q: Queryable, t: PayeeTransfer): Promise<Payee | null> {
  if (t.kind !== 'payout') return null
  const [order] = await q
    .select({ userId: loanOrders.userId })
    .from(loanOrders)
    .where(eq(loanOrders.id, t.orderId))
  if (!order) return null
  const [profile] = await q
    .select({ basicInfo: profiles.basicInfo })
    .from(profiles)
    .where(eq(profiles.userId, order.userId))
  const basic = (profile?.basicInfo ?? {}) as Record<string, unknown>
  const name = [text(basic.firstName), text(basic.middleName), text(basic.lastName)].filter(Boolean).join(' ')
  if (t.purpose !== 'disbursal') return { name, confirmWallet: false }
  const [paidBefore] = await q
    .select({ id: paymentTransfers.id })
    .from(paymentTransfers)
    .innerJoin(loanOrders, eq(loanOrders.id, paymentTransfers.orderId))
    .where(
      and(
        eq(loanOrders.userId, order.userId),
        eq(paymentTransfers.kind, 'payout'),
        eq(paymentTransfers.purpose, 'disbursal'),
        eq(paymentTransfers.state, 'succeeded'),
        eq(paymentTransfers.channel, t.channel),
        eq(paymentTransfers.account, t.account),
        ne(paymentTransfers.id, t.id),
      ),
    )
    .limit(1)
  return { name, confirmWallet: !paidBefore }
}
