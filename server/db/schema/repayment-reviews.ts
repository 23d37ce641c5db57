/**
 * Finance's review of a manual repayment proof (issue 20 item 3; migration 0014_repayment_reviews.sql must agree
 * column by column): one row per feedback ticket of type 1, approved (the transfer it booked, the amount, the
 * receipt code read on the proof) or rejected (the reason the borrower reads).
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { feedbackTickets } from './feedback'
import { loanOrders, paymentTransfers } from './loans'
import { staff } from './staff'

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

export const repaymentReviews = pgTable(
  'repayment_reviews',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .primaryKey()
      .references(() => feedbackTickets.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => paymentTransfers.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    /** The provider's receipt code finance read on the proof (upper case). */
    receipt: text('receipt'),
    /** Why it was rejected, as the borrower reads it. */
    reason: text('reason'),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('repayment_reviews_receipt_key')
      .on(t.receipt)
      .where(sql`decision = 'approved'`),
    index('repayment_reviews_decided_idx').on(t.decision, t.decidedAt),
    check('repayment_reviews_decision_check', sql`${t.decision} IN ('approved', 'rejected')`),
    check(
      'repayment_reviews_approved_check',
      sql`(${t.decision} = 'approved') = (${t.transferId} IS NOT NULL AND ${t.amountMinor} > 0 AND ${t.receipt} IS NOT NULL)`,
    ),
    check('repayment_reviews_rejected_check', sql`(${t.decision} = 'rejected') = (${t.reason} IS NOT NULL)`),
  ],
)
