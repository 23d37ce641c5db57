/**
 * Coupon tables (migration 0003_borrower_services.sql must agree column by column): coupons and the draws that
 * gave them.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './core'
import { loanOrders } from './loans'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const minor = (name: string) => bigint(name, { mode: 'number' })

export const COUPON_SOURCES = ['draw', 'grant'] as const
export type CouponSource = (typeof COUPON_SOURCES)[number]

/**
 * A coupon: `discount_minor` off the interest of a loan of at least `min_loan_minor` (spec §3's quota condition),
 * until `expires_at`. Applied to an approved order it keeps `order_id`; confirming that loan uses it.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    titleKey: text('title_key').notNull(),
    discountMinor: minor('discount_minor').notNull(),
    minLoanMinor: minor('min_loan_minor').notNull(),
    source: text('source').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id, { onDelete: 'set null' }),
    appliedAt: at('applied_at'),
    usedAt: at('used_at'),
    /** What it took off that loan's interest (at most discount_minor). */
    usedDiscountMinor: minor('used_discount_minor'),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.expiresAt),
    uniqueIndex('coupons_order_key').on(t.orderId),
    check('coupons_amounts_check', sql`${t.discountMinor} > 0 AND ${t.minLoanMinor} >= 0`),
    check('coupons_source_check', sql`${t.source} IN ('draw', 'grant')`),
    check(
      'coupons_used_check',
      sql`${t.usedAt} IS NULL OR (${t.orderId} IS NOT NULL AND ${t.usedDiscountMinor} IS NOT NULL)`,
    ),
  ],
)

/** One row per draw taken; each entitlement ('welcome', 'repaid:<order id>') is spent once. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entitlement: text('entitlement').notNull(),
    couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id, { onDelete: 'set null' }),
    drawnAt: at('drawn_at').notNull(),
  },
  (t) => [uniqueIndex('lottery_draws_user_entitlement_key').on(t.userId, t.entitlement)],
)
